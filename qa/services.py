"""QA's changes: labelling facts, submitting a set, adjudicating a gold set, recording imported gold
sets, and labelling the turns that answer a question.

Pages, commands and imports call these alike. Each checks the actor's role (the views check
first; this is the last word), validates what it stores, and writes the audit log.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date
from pathlib import PurePath

from django.db import IntegrityError, transaction
from django.utils import timezone

from conversations.models import Conversation, LabelledQuery, Turn, unknown_turns
from facts.models import FactType, GoldFact, PinnedFact
from memadmin.audit import audit_record
from memadmin.errors import Conflict, InvalidInput, PermissionRefused
from memadmin.permissions import can_adjudicate, can_label_gold
from qa.agreement import SetsAgreement, compare_sets
from qa.models import GoldSet, Label, LabelSet

KEY_RE = re.compile(r"^[a-z][a-z0-9_]{0,99}$")
MAX_VALUE_CHARS = 500
MAX_QUERY_CHARS = 1000
MAX_NOTE_CHARS = 2000


def _require(check, actor, doing: str) -> None:
    if actor is None or not check(actor):
        raise PermissionRefused(f"{doing} needs the qa or admin role.")


def _label_view(label: Label) -> dict:
    return {
        **label.as_record(),
        "span": [label.span_start, label.span_end],
        "suggested": label.from_suggestion,
    }


# ------------------------------------------------------------------ one annotator's labels


def label_set_for(*, conversation: Conversation, annotator) -> LabelSet:
    """The annotator's set for the conversation, started on first use."""
    label_set, _ = LabelSet.objects.get_or_create(conversation=conversation, annotator=annotator)
    return label_set


def _open_set(conversation: Conversation, actor) -> LabelSet:
    label_set = LabelSet.objects.select_for_update().get(
        pk=label_set_for(conversation=conversation, annotator=actor).pk
    )
    if label_set.submitted_at is not None:
        raise Conflict(
            "Your labels of this conversation are submitted; they can no longer change.", code="submitted"
        )
    return label_set


@transaction.atomic
def label_add(
    *,
    conversation: Conversation,
    actor,
    type: str,
    key: str,
    source_seq: int,
    span_start: int,
    span_end: int,
    value: str,
    suggestion_id: int | None = None,
) -> Label:
    """An annotator labels the words they selected in a turn as a fact.

    ``value`` must be exactly the turn's text at [span_start, span_end). With ``suggestion_id``
    the label takes an extractor suggestion (a pinned fact of this conversation) and says so;
    that is only possible once the annotator chose to see suggestions.
    """
    _require(can_label_gold, actor, "Labelling gold facts")
    label_set = _open_set(conversation, actor)
    if suggestion_id is not None:
        if label_set.suggestions_shown_at is None:
            raise Conflict(
                "Turn on the extractor's suggestions before taking one.", code="suggestions_hidden"
            )
        fact = PinnedFact.objects.for_conversation(conversation).filter(pk=suggestion_id).first()
        if fact is None or fact.span_start is None:
            raise InvalidInput("No such suggestion in this conversation.", code="unknown_suggestion")
        type, source_seq, span_start, span_end, value = (
            fact.type,
            fact.source_seq,
            fact.span_start,
            fact.span_end,
            fact.value,
        )
        key = key or fact.key
    if type not in FactType.values:
        raise InvalidInput(f"Unknown fact type {type!r}.", code="invalid_type")
    key = (key or "").strip()
    if not KEY_RE.match(key):
        raise InvalidInput(
            "A key is lower-case letters, digits and underscores, starting with a letter.", code="invalid_key"
        )
    if not value.strip() or len(value) > MAX_VALUE_CHARS:
        raise InvalidInput(
            f"Select the words of the fact (at most {MAX_VALUE_CHARS} characters).", code="bad_value"
        )
    turn = Turn.objects.for_conversation(conversation).filter(seq=source_seq).only("content").first()
    if turn is None:
        raise unknown_turns(conversation, [source_seq])
    if not 0 <= span_start < span_end <= len(turn.content) or turn.content[span_start:span_end] != value:
        raise InvalidInput(
            f"The value must be exactly the words selected in turn {source_seq}.", code="span_mismatch"
        )
    try:
        with transaction.atomic():
            label = Label.objects.create(
                label_set=label_set,
                type=type,
                key=key,
                value=value,
                source_seq=source_seq,
                span_start=span_start,
                span_end=span_end,
                from_suggestion=suggestion_id is not None,
            )
    except IntegrityError:
        raise Conflict(f"You have already labelled these words as {type}.", code="duplicate") from None
    audit_record(
        actor=actor,
        action="memadmin.qa.label.added",
        target=label,
        after=_label_view(label),
        conversation_id=conversation.pk,
    )
    return label


@transaction.atomic
def label_remove(*, label: Label, actor) -> None:
    """An annotator takes back one of their labels (before submitting)."""
    _require(can_label_gold, actor, "Labelling gold facts")
    label_set = _open_set(label.label_set.conversation, actor)
    if label.label_set_id != label_set.pk:
        raise PermissionRefused("A label can only be removed by the annotator who made it.")
    before = _label_view(label)
    audit_record(
        actor=actor,
        action="memadmin.qa.label.removed",
        target=label,
        before=before,
        conversation_id=label_set.conversation_id,
    )
    label.delete()


@transaction.atomic
def label_set_show_suggestions(*, conversation: Conversation, actor) -> LabelSet:
    """The annotator chooses to see the extractor's suggestions; the set records that it was not blind."""
    _require(can_label_gold, actor, "Labelling gold facts")
    label_set = _open_set(conversation, actor)
    if label_set.suggestions_shown_at is None:
        label_set.suggestions_shown_at = timezone.now()
        label_set.save(update_fields=["suggestions_shown_at"])
        audit_record(
            actor=actor,
            action="memadmin.qa.suggestions.shown",
            target=label_set,
            after={"suggestions_shown_at": label_set.suggestions_shown_at.isoformat()},
            conversation_id=conversation.pk,
        )
    return label_set


def label_suggestions(*, label_set: LabelSet | None, labels: Sequence[Label]) -> list[PinnedFact]:
    """The extractor's facts an annotator may take, once they chose to see them (none before):
    each pinned to words of a turn, not retracted, and not already labelled by them."""
    if label_set is None or label_set.suggestions_shown_at is None:
        return []
    taken = {(label.type, label.source_seq, label.span_start) for label in labels}
    return [
        fact
        for fact in PinnedFact.objects.for_conversation(label_set.conversation_id)
        .exclude(status=PinnedFact.Status.RETRACTED)
        .filter(span_start__isnull=False)
        .order_by("source_seq", "span_start", "id")
        if (fact.type, fact.source_seq, fact.span_start) not in taken
    ]


@transaction.atomic
def label_set_submit(*, conversation: Conversation, actor) -> LabelSet:
    """The annotator is done: the set is closed and ready for adjudication."""
    _require(can_label_gold, actor, "Labelling gold facts")
    label_set = _open_set(conversation, actor)
    label_set.submitted_at = timezone.now()
    label_set.save(update_fields=["submitted_at"])
    audit_record(
        actor=actor,
        action="memadmin.qa.labels.submitted",
        target=label_set,
        after={
            "labels": label_set.labels.count(),
            "suggestions_shown": label_set.suggestions_shown_at is not None,
        },
        conversation_id=conversation.pk,
    )
    return label_set


# ------------------------------------------------------------------ adjudication


def turn_dates(conversation: Conversation) -> dict[int, date]:
    return {
        seq: at.date()
        for seq, at in Turn.objects.for_conversation(conversation).values_list("seq", "created_at")
    }


def submitted_sets(conversation: Conversation) -> list[LabelSet]:
    """The submitted label sets, first submitted first, with their labels and annotators."""
    return list(
        LabelSet.objects.filter(conversation=conversation, submitted_at__isnull=False)
        .select_related("annotator")
        .prefetch_related("labels")
        .order_by("submitted_at", "id")
    )


def agreement_of(conversation: Conversation, sets: Sequence[LabelSet] | None = None) -> SetsAgreement | None:
    """The agreement of every submitted set, pair by pair and overall; None while fewer than two
    are submitted."""
    sets = submitted_sets(conversation) if sets is None else sets
    if len(sets) < 2:
        return None
    dates = turn_dates(conversation)
    return compare_sets(
        [list(s.labels.all()) for s in sets],
        names=[s.annotator.get_username() for s in sets],
        when=lambda seq: dates.get(seq, date.today()),
    )


OWN_LABELS = (
    "You labelled this conversation, so another adjudicator decides its gold set: "
    "no one adjudicates labels of their own."
)


def may_adjudicate(conversation: Conversation, actor) -> bool:
    """Four eyes: whoever started labelling a conversation (submitted or not, admin or not) leaves
    its gold set to someone else, so no one judges their own labels or copies another's into it."""
    return not LabelSet.objects.filter(conversation=conversation, annotator=actor).exists()


@transaction.atomic
def gold_set_adjudicate(*, conversation: Conversation, actor, keep: Iterable[int], note: str = "") -> GoldSet:
    """Turn the annotators' submitted sets into the conversation's gold set: the labels in ``keep``
    become its gold facts (one per type, key, value and turn), replacing any gold it had."""
    _require(can_adjudicate, actor, "Adjudicating gold sets")
    note = (note or "").strip()
    if len(note) > MAX_NOTE_CHARS:
        raise InvalidInput(f"A note is at most {MAX_NOTE_CHARS} characters.", code="note_too_long")
    Conversation.objects.select_for_update().filter(pk=conversation.pk).first()
    if not may_adjudicate(conversation, actor):
        raise PermissionRefused(OWN_LABELS, code="own_labels")
    sets = submitted_sets(conversation)
    if len(sets) < 2:
        raise Conflict("Two annotators must submit their labels before adjudication.", code="not_ready")
    labels = {label.pk: label for s in sets for label in s.labels.all()}
    keep = list(dict.fromkeys(keep))
    unknown = [pk for pk in keep if pk not in labels]
    if unknown:
        raise InvalidInput("Keep only labels of this conversation's submitted sets.", code="unknown_label")
    agreement = agreement_of(conversation, sets)
    previous = GoldSet.objects.filter(conversation=conversation).first()
    before = {
        "origin": previous.origin if previous else None,
        "gold_facts": GoldFact.objects.filter(conversation=conversation).count(),
    }
    GoldFact.objects.filter(conversation=conversation).delete()
    GoldFact.objects.bulk_create(
        [
            GoldFact(
                conversation=conversation,
                type=labels[pk].type,
                key=labels[pk].key,
                value=labels[pk].value,
                source_seq=labels[pk].source_seq,
                labelled_by=actor,
            )
            for pk in keep
        ],
        ignore_conflicts=True,
    )
    gold_set, _ = GoldSet.objects.update_or_create(
        conversation=conversation,
        defaults={
            "origin": GoldSet.Origin.ADJUDICATED,
            "source_file": "",
            "adjudicated_by": actor,
            "agreement": agreement.as_dict() if agreement else None,
            "note": note,
        },
    )
    gold_set.label_sets.set(sets)
    audit_record(
        actor=actor,
        action="memadmin.qa.gold.adjudicated",
        target=gold_set,
        before=before,
        after={
            "origin": gold_set.origin,
            "gold_facts": GoldFact.objects.filter(conversation=conversation).count(),
            "kept_labels": keep,
            "label_sets": [s.pk for s in sets],
            "agreement": gold_set.agreement,
        },
        reason=note,
        conversation_id=conversation.pk,
    )
    return gold_set


def gold_sets_imported(*, conversation_ids: Iterable[int], source: str) -> int:
    """Record the gold facts an import file brought as adjudicated gold sets, imported from ``source``.

    A conversation that already has a gold set keeps it (and its origin). Called inside the
    import's transaction; the import's own audit entry covers it.
    """
    name = PurePath(source).name if source else ""
    rows = [
        GoldSet(conversation_id=pk, origin=GoldSet.Origin.IMPORTED, source_file=name[:500])
        for pk in set(conversation_ids)
    ]
    created = GoldSet.objects.bulk_create(rows, ignore_conflicts=True)
    return len(created)


# ------------------------------------------------------------------ retrieval labels


def _evidence(conversation: Conversation, seqs: Iterable[int]) -> list[int]:
    wanted = sorted(set(seqs))
    if not wanted:
        raise InvalidInput("Name at least one turn that answers the question.", code="no_evidence")
    found = set(
        Turn.objects.for_conversation(conversation).filter(seq__in=wanted).values_list("seq", flat=True)
    )
    missing = [seq for seq in wanted if seq not in found]
    if missing:
        raise unknown_turns(conversation, missing)
    return wanted


@transaction.atomic
def labelled_query_add(
    *, conversation: Conversation, actor, query: str, evidence_seqs: Iterable[int], category: str = ""
) -> LabelledQuery:
    """QA labels a question about this conversation with the turns that answer it, for eval_retrieval."""
    _require(can_label_gold, actor, "Labelling retrieval questions")
    query = " ".join((query or "").split())
    if not query or len(query) > MAX_QUERY_CHARS:
        raise InvalidInput(f"Write the question (at most {MAX_QUERY_CHARS} characters).", code="bad_query")
    category = (category or "").strip()[:50]
    seqs = _evidence(conversation, evidence_seqs)
    if LabelledQuery.objects.filter(conversation=conversation, query=query).exists():
        raise Conflict("This question is already labelled for this conversation.", code="duplicate")
    labelled = LabelledQuery.objects.create(
        conversation=conversation, query=query, evidence_seqs=seqs, category=category
    )
    audit_record(
        actor=actor, action="memadmin.qa.query.labelled", target=labelled, after=labelled.as_record()
    )
    return labelled


@transaction.atomic
def labelled_query_remove(*, labelled: LabelledQuery, actor) -> None:
    _require(can_label_gold, actor, "Labelling retrieval questions")
    audit_record(
        actor=actor, action="memadmin.qa.query.removed", target=labelled, before=labelled.as_record()
    )
    labelled.delete()


# ------------------------------------------------------------------ export

GOLD_CSV_COLUMNS = (
    "conversation",
    "type",
    "key",
    "value",
    "source_seq",
    "origin",
    "source_file",
    "adjudicated_by",
    "adjudicated_at",
)


def gold_export(*, out, actor=None, external_ids: Iterable[str] | None = None) -> int:
    """Write every gold fact (or those of the named conversations) as CSV, with where its set came
    from; return how many rows were written."""
    import csv

    from django.db.models import F

    rows = GoldFact.objects.order_by("conversation_id", "source_seq", "id")
    if external_ids is not None:
        rows = rows.filter(conversation__external_id__in=list(external_ids))
    rows = rows.values_list(
        "conversation__external_id",
        "type",
        "key",
        "value",
        "source_seq",
        F("conversation__gold_set__origin"),
        F("conversation__gold_set__source_file"),
        F("conversation__gold_set__adjudicated_by__username"),
        F("conversation__gold_set__updated_at"),
    )
    writer = csv.writer(out)
    writer.writerow(GOLD_CSV_COLUMNS)
    written = 0
    for row in rows.iterator(chunk_size=2000):
        *head, when = row
        writer.writerow(
            [
                *("" if v is None else v for v in head),
                when.isoformat() if when and head[5] == "adjudicated" else "",
            ]
        )
        written += 1
    audit_record(actor=actor, action="memadmin.qa.gold.exported", after={"rows": written})
    return written
