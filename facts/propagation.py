"""How a staff correction or retraction reaches the summaries.

A summary is made from the raw turns, so a value a person corrected or
retracted is still in the turns, and a summary made from them quotes it
again. Two things keep the model from reading it as current:

- when a person retires a value, the current summaries that quote it are
  flagged (``Summary.stale_values``): the page and the list show them as
  needing review, and offer a re-summarise;
- every summary a refresh writes has each retired value marked where it is
  quoted (``£147.50 [corrected by staff: £150.00]``, ``… [retracted by
  staff]``), so a re-summarise clears the flag by carrying the correction,
  not by hiding it. Text inside a turn never overrules a person.
"""

import re

from django.db.models import Q

from conversations.models import Summary
from facts.models import PinnedFact
from facts.services import LIVE_STATUSES

MARK_RE = r" \[(?:corrected|retracted) by staff"
WHOLE_MARK_RE = r" \[(?:corrected by staff: [^\]]*|retracted by staff)\]"


def current_summaries(conversation_id: int) -> list[Summary]:
    """The latest version of each kind of summary."""
    return list(
        Summary.objects.filter(conversation_id=conversation_id).order_by("kind", "-version").distinct("kind")
    )


def _quotes(body: str, value: str) -> bool:
    """Does ``body`` quote ``value`` without the staff mark after it?"""
    return re.search(re.escape(value) + f"(?!{MARK_RE})", body) is not None


def staff_corrections(conversation_id: int) -> dict[str, str | None]:
    """Values people retired in this conversation -> the value now current (None: retracted).

    A value also held by a live fact is not retired: two facts can share one.
    Reads only the retired facts and the chains of corrections after them, so
    a refresh costs the same however many facts the extractor has pinned.
    """
    retired = list(
        PinnedFact.objects.filter(conversation_id=conversation_id)
        .filter(
            Q(status=PinnedFact.Status.RETRACTED)
            | Q(status=PinnedFact.Status.SUPERSEDED, superseded_by__origin=PinnedFact.Origin.STAFF)
        )
        .only("value", "status", "superseded_by_id")
    )
    if not retired:
        return {}
    by_id = {fact.pk: fact for fact in retired}
    wanted = {fact.superseded_by_id for fact in retired} - by_id.keys() - {None}
    while wanted:  # the corrections after them, one query per step of the longest chain
        step = PinnedFact.objects.filter(conversation_id=conversation_id, pk__in=wanted).only(
            "value", "status", "superseded_by_id"
        )
        by_id.update((fact.pk, fact) for fact in step)
        wanted = {by_id[pk].superseded_by_id for pk in wanted if pk in by_id} - by_id.keys() - {None}
    live = set(
        PinnedFact.objects.filter(
            conversation_id=conversation_id,
            status__in=LIVE_STATUSES,
            value__in={fact.value for fact in retired},
        ).values_list("value", flat=True)
    )

    def head(fact: PinnedFact) -> PinnedFact:
        seen = {fact.pk}
        while fact.superseded_by_id in by_id and fact.superseded_by_id not in seen:
            fact = by_id[fact.superseded_by_id]
            seen.add(fact.pk)
        return fact

    corrections: dict[str, str | None] = {}
    for fact in retired:
        if fact.value in live:
            continue
        if fact.status == PinnedFact.Status.RETRACTED:
            corrections[fact.value] = None
        else:
            current = head(fact)
            corrections[fact.value] = current.value if current.status in LIVE_STATUSES else None
    return corrections


def mark_corrections(body: str, corrections: dict[str, str | None]) -> str:
    """``body`` with every unmarked quote of a retired value followed by what a person decided."""
    for old in sorted(corrections, key=len, reverse=True):  # "£147.50" before "147"
        new = corrections[old]
        mark = f" [corrected by staff: {new}]" if new else " [retracted by staff]"
        # Not inside a mark, nor inside the new value said in full ("Leeds" in "Leeds, West Yorkshire").
        kept = [WHOLE_MARK_RE] + ([re.escape(new)] if new and old in new else [])
        spans = [m.span() for m in re.finditer("|".join(kept), body)]

        def marked(m: re.Match, mark: str = mark, spans: list = spans) -> str:
            inside = any(start <= m.start() < end for start, end in spans)
            return m.group(0) if inside else m.group(0) + mark

        body = re.sub(re.escape(old) + f"(?!{MARK_RE})", marked, body)
    return body


def summaries_retire(conversation_id: int, *, retired: list[str], restored: list[str] = ()) -> list[Summary]:
    """Flag ``retired`` values on the current summaries quoting them, unflag ``restored``; return changed."""
    live = set(
        PinnedFact.objects.filter(conversation_id=conversation_id, status__in=LIVE_STATUSES).values_list(
            "value", flat=True
        )
    )
    retired = [value for value in retired if value and value not in live]
    changed = []
    for summary in current_summaries(conversation_id):
        stale = [value for value in summary.stale_values if value not in restored]
        stale += [value for value in retired if _quotes(summary.body, value) and value not in stale]
        if stale != summary.stale_values:
            summary.stale_values = stale
            summary.save(update_fields=["stale_values"])
            changed.append(summary)
    return changed
