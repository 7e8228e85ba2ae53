"""What the conversation page shows, read from the database in a fixed number of queries.

Every function here reads; nothing writes. Each query is scoped by the
conversation, and the transcript is read as a window by keyset on
(conversation, seq), so a 5,000-turn conversation costs the same queries as a
50-turn one.
"""

import difflib
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, date

from django.contrib.postgres.aggregates import ArrayAgg
from django.core.paginator import Page, Paginator
from django.db.models import Case, Count, IntegerField, Max, Q, Value, When
from django.utils.html import format_html
from django.utils.safestring import SafeString

from conversations import tasks
from conversations.models import (
    ContextSnapshot,
    Conversation,
    MemoryState,
    RefreshRun,
    Summary,
    SummaryKind,
    Turn,
    TurnIndexEntry,
)
from conversations.retrieval import Hit, exact_tokens, index_state, matched_words, search
from facts.models import FactRevision, PinnedFact
from memadmin.models import PendingTask
from memadmin.providers.base import ProviderError

# Turns shown when the page opens, and added by each "load earlier" / "load later".
WINDOW = 50
# Opening around a turn: this many turns before it, the rest from it on.
AROUND_BEFORE = 15


# --- the transcript ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Watermark:
    """Where a current summary stops: it was made from turns ≤ ``upto_seq``."""

    kind: str
    label: str
    version: int
    upto_seq: int


@dataclass
class TurnRow:
    turn: Turn
    # Watermark rules drawn just above this turn (the summaries stop before it).
    rules_before: list[Watermark] = field(default_factory=list)
    # The content with the marked span in <mark>, every part escaped; None when nothing is marked.
    marked: SafeString | None = None
    is_target: bool = False
    # The transcript's one Tab stop (the arrow keys move it between turns): the turn asked for, else
    # the first shown. Turns loaded beside those shown leave it where it is.
    is_stop: bool = False

    @property
    def when(self) -> tuple[str, str, str]:
        """(ISO time, exact UTC time, short form); formatted here: the page shows 50 turns at once."""
        at = self.turn.created_at.astimezone(UTC)
        return at.isoformat(), at.strftime("%Y-%m-%d %H:%M:%S UTC"), f"{at.day} {at:%b %H:%M}"

    @property
    def tool_calls(self) -> list[dict]:
        calls = self.turn.tool_calls
        if not calls:
            return []
        calls = calls if isinstance(calls, list) else [calls]
        return [call for call in calls if isinstance(call, dict)]


@dataclass
class Window:
    rows: list[TurnRow]
    has_earlier: bool
    has_later: bool
    # Rules below the last turn, drawn only when it is the conversation's last turn.
    rules_after: list[Watermark] = field(default_factory=list)
    target_seq: int | None = None
    # Watermarks that fall outside the window: (watermark, "earlier" or "later").
    outside: list[tuple[Watermark, str]] = field(default_factory=list)

    @property
    def target_missing(self) -> bool:
        return self.target_seq is not None and not any(row.is_target for row in self.rows)

    @property
    def first_seq(self) -> int | None:
        return self.rows[0].turn.seq if self.rows else None

    @property
    def last_seq(self) -> int | None:
        return self.rows[-1].turn.seq if self.rows else None


def _turns(conversation: Conversation):
    return Turn.objects.for_conversation(conversation).only(
        "conversation_id", "seq", "role", "content", "tool_calls", "created_at"
    )


def transcript_window(
    conversation: Conversation,
    *,
    around: int | None = None,
    before: int | None = None,
    after: int | None = None,
    watermarks: list[Watermark] = (),
    mark: PinnedFact | None = None,
    size: int = WINDOW,
) -> Window:
    """A window of turns, by keyset on seq (never OFFSET): at most two queries.

    ``around``: turns around that seq (it need not exist); ``before``: the turns
    just before that seq; ``after``: the turns just after it; none of them: the
    last turns. One more turn than shown is read on each side, to know whether
    there are more, and which seq comes just before the window (for the rules).
    """
    earlier: list[Turn] = []
    later: list[Turn] = []
    later_limit = size
    if after is not None:
        later = list(_turns(conversation).filter(seq__gt=after).order_by("seq")[: size + 1])
        has_earlier, previous_seq = True, after
    else:
        if before is not None:
            earlier_qs, take = _turns(conversation).filter(seq__lt=before), size
        elif around is not None:
            earlier_qs, take = _turns(conversation).filter(seq__lt=around), AROUND_BEFORE
        else:
            earlier_qs, take = _turns(conversation), size
        earlier = list(earlier_qs.order_by("-seq")[: take + 1])
        has_earlier = len(earlier) > take
        previous_seq = earlier[take].seq if has_earlier else 0
        earlier = earlier[:take][::-1]
        if around is not None:
            # Near the start there are fewer turns before: the window fills up with later ones.
            later_limit = size - len(earlier)
            later = list(_turns(conversation).filter(seq__gte=around).order_by("seq")[: later_limit + 1])
    # A window loaded by ``before`` sits above turns already shown: there are later ones.
    has_later = len(later) > later_limit if after is not None or around is not None else before is not None
    later = later[:later_limit] if later else later
    turns = earlier + later

    rows = []
    for turn in turns:
        rules = [w for w in watermarks if previous_seq <= w.upto_seq < turn.seq and w.upto_seq > 0]
        rows.append(TurnRow(turn=turn, rules_before=rules, is_target=turn.seq == around))
        previous_seq = turn.seq
    rules_after = []
    if rows and not has_later:
        rules_after = [w for w in watermarks if w.upto_seq >= rows[-1].turn.seq]
    if mark is not None:
        said_in = set(mark.turns)
        for row in rows:
            if row.turn.seq in said_in:
                row.marked = marked_content(row.turn.content, mark, use_span=row.turn.seq == mark.source_seq)
    drawn = {rule for row in rows for rule in row.rules_before} | set(rules_after)
    outside = [
        (w, "earlier" if not rows or w.upto_seq < rows[0].turn.seq else "later")
        for w in watermarks
        if w not in drawn and w.upto_seq > 0
    ]
    if rows and before is None and after is None:
        next((row for row in rows if row.is_target), rows[0]).is_stop = True
    return Window(rows, has_earlier, has_later, rules_after, target_seq=around, outside=outside)


def marked_content(content: str, fact: PinnedFact, *, use_span: bool = True) -> SafeString | None:
    """The turn's content with the fact's words in <mark>; every part is escaped.

    The stored span (of the source turn) is used when it holds the fact's value:
    it is the exact place the extractor read it. Otherwise, and in the other
    turns that repeated it, the value's first occurrence. None when the words
    are not in the turn (a person typed the value, or the turn was redacted).
    """
    start, end = (fact.span_start, fact.span_end) if use_span else (None, None)
    valid = start is not None and end is not None and 0 <= start < end <= len(content)
    if not (valid and content[start:end] == fact.value):
        found = content.find(fact.value) if fact.value else -1
        if found < 0:
            found = content.lower().find(fact.value.lower()) if fact.value else -1
        if found >= 0:
            start, end = found, found + len(fact.value)
        elif not valid:
            return None
    return format_html("{}<mark>{}</mark>{}", content[:start], content[start:end], content[end:])


def watermarks_of(current: dict[str, Summary]) -> list[Watermark]:
    labels = {SummaryKind.STATIC: "durable summary", SummaryKind.ROLLING: "rolling summary"}
    return [
        Watermark(kind=kind, label=labels[kind], version=summary.version, upto_seq=summary.upto_seq)
        for kind, summary in sorted(current.items())
    ]


# --- the record's figures ----------------------------------------------------------------------


@dataclass(frozen=True)
class RecordFigures:
    turns: int
    last_seq: int
    last_turn_at: object
    since: dict[str, int]  # turns after each current summary's watermark, by kind


def record_figures(conversation: Conversation, current: dict[str, Summary]) -> RecordFigures:
    """Turn count, last seq and time, and the turns since each watermark: one query."""
    aggregates = {"turns": Count("pk"), "last_seq": Max("seq"), "last_turn_at": Max("created_at")}
    for kind, summary in current.items():
        aggregates[f"since_{kind}"] = Count("pk", filter=Q(seq__gt=summary.upto_seq))
    row = Turn.objects.for_conversation(conversation).aggregate(**aggregates)
    return RecordFigures(
        turns=row["turns"],
        last_seq=row["last_seq"] or 0,
        last_turn_at=row["last_turn_at"],
        since={kind: row[f"since_{kind}"] for kind in current},
    )


def memory_of(conversation: Conversation) -> MemoryState | None:
    """The memory state, if a refresh ever ran (a page view creates nothing)."""
    return MemoryState.objects.filter(conversation=conversation).first()


# --- summaries ---------------------------------------------------------------------------------


@dataclass
class SummaryPanel:
    kind: str
    label: str
    current: Summary | None
    versions: list[Summary]  # newest first, without their bodies
    turns_since: int = 0
    diff: "SummaryDiff | None" = None
    diff_asked: bool = False  # the diff shown is the one a person chose

    @property
    def previous_version(self) -> int | None:
        return self.versions[1].version if len(self.versions) > 1 else None


def summary_panels(conversation: Conversation) -> tuple[list[SummaryPanel], dict[str, Summary]]:
    """Both kinds: every version (two queries, whatever their number), the current ones with bodies."""
    versions = list(
        Summary.objects.filter(conversation=conversation)
        .only("id", "kind", "version", "upto_seq", "created_at", "provider", "model")
        .order_by("kind", "-version")
    )
    newest = {}
    for summary in versions:
        newest.setdefault(summary.kind, summary.pk)
    current = {s.kind: s for s in Summary.objects.filter(pk__in=newest.values())}
    panels = [
        SummaryPanel(
            kind=kind,
            label=label,
            current=current.get(kind),
            versions=[s for s in versions if s.kind == kind],
        )
        for kind, label in ((SummaryKind.STATIC, "Durable summary"), (SummaryKind.ROLLING, "Rolling summary"))
    ]
    return panels, current


# --- pinned facts ------------------------------------------------------------------------------


@dataclass
class Change:
    field: str
    before: object
    after: object


@dataclass
class RevisionRow:
    revision: FactRevision
    value: str  # the value of the fact the revision belongs to
    changes: list[Change]

    @property
    def who(self) -> str:
        if self.revision.actor_id:
            return self.revision.actor.get_username()
        return "extractor" if self.revision.action != "corrected" else "system"


@dataclass
class FactCard:
    """One fact as the panel shows it: the current value, and every value it replaced."""

    fact: PinnedFact
    earlier: list[PinnedFact]  # the values it replaced, newest first
    history: list[RevisionRow]  # every revision of it and of those, oldest first
    today: date
    more_earlier: int = 0  # replaced values not listed (a long chain of corrections)
    more_history: int = 0  # older revisions not listed
    outcome: dict | None = None  # what an action just did to it, shown in its card

    @property
    def expired(self) -> bool:
        return (
            self.fact.status == PinnedFact.Status.TEMPORARY
            and self.fact.temporary_until is not None
            and self.fact.temporary_until < self.today
        )

    @property
    def is_live(self) -> bool:
        return (
            self.fact.status in (PinnedFact.Status.ACTIVE, PinnedFact.Status.TEMPORARY) and not self.expired
        )

    @property
    def status_word(self) -> str:
        status = self.fact.status
        if status == PinnedFact.Status.ACTIVE:
            return "current"
        if status == PinnedFact.Status.TEMPORARY:
            return "expired" if self.expired else "temporary"
        return status

    @property
    def repeated_in(self) -> list[int]:
        """The other turns that said the same value (confirmed or repeated it)."""
        return [seq for seq in self.fact.turns if seq != self.fact.source_seq]

    @property
    def staff_by(self) -> str | None:
        """Who set it, for a fact a person made (the badge says who)."""
        if self.fact.origin != PinnedFact.Origin.STAFF:
            return None
        own = [row for row in self.history if row.revision.fact_id == self.fact.pk and row.revision.actor_id]
        return own[0].who if own else "staff"


_SHOWN_FIELDS = ("value", "normalised", "status", "temporary_until", "source_seq", "proposed_value")


def _changes(before: dict | None, after: dict | None) -> list[Change]:
    before, after = before or {}, after or {}
    return [
        Change(name, before.get(name), after.get(name))
        for name in _SHOWN_FIELDS
        if before.get(name) != after.get(name)
    ]


FACTS_PER_PAGE = 50
# A card lists at most this many of the values its fact replaced (and their history).
EARLIER_SHOWN = 10
HISTORY_SHOWN = 20
FACT_FILTERS = ("all", "current", "review")


def _head() -> Q:
    """A fact that is not inside another's card: anything but a value superseded by a newer fact."""
    return ~Q(status=PinnedFact.Status.SUPERSEDED) | Q(superseded_by__isnull=True)


def _live(today: date) -> Q:
    return (
        Q(status=PinnedFact.Status.ACTIVE)
        | Q(status=PinnedFact.Status.TEMPORARY, temporary_until__isnull=True)
        | Q(status=PinnedFact.Status.TEMPORARY, temporary_until__gte=today)
    )


def fact_counts(conversation: Conversation, *, today: date) -> dict[str, int]:
    """How many cards each filter shows: one query."""
    return (
        PinnedFact.objects.for_conversation(conversation)
        .filter(_head())
        .aggregate(
            all=Count("pk"),
            current=Count("pk", filter=_live(today)),
            review=Count("pk", filter=Q(needs_review=True)),
        )
    )


def _gone(today: date) -> Case:
    return Case(When(_live(today), then=Value(0)), default=Value(1), output_field=IntegerField())


def fact_page_of(conversation: Conversation, fact: PinnedFact, *, today: date) -> int:
    """The page of the facts panel (every fact, in the panel's order) that holds ``fact``'s card."""
    heads = PinnedFact.objects.for_conversation(conversation).filter(_head()).annotate(gone=_gone(today))
    gone = 0 if heads.filter(pk=fact.pk, gone=0).exists() else 1
    review = fact.needs_review
    same = Q(gone=gone, needs_review=review)
    earlier = (
        Q(gone__lt=gone)
        | (Q(gone=gone, needs_review=True) if not review else Q(pk__in=[]))
        | (same & Q(source_seq__lt=fact.source_seq))
        | (same & Q(source_seq=fact.source_seq, pk__lt=fact.pk))
    )
    return heads.filter(earlier).count() // FACTS_PER_PAGE + 1


def fact_cards(
    conversation: Conversation,
    *,
    today: date,
    only: PinnedFact | None = None,
    shown: str = "all",
    page: str | int | None = 1,
    counts: dict[str, int] | None = None,
) -> tuple[list[FactCard], Page]:
    """A page of the conversation's facts as cards, each with the values it superseded: four queries.

    A superseded fact is shown inside the card of the fact that replaced it
    (following ``superseded_by`` to the newest), not as a card of its own.
    Live facts come first, needing review first among them. ``only``: just
    the card of that fact (an action re-rendering it). A conversation may hold
    thousands of facts, so cards come a page at a time and each lists its
    most recent replaced values.
    """
    heads = PinnedFact.objects.for_conversation(conversation).filter(_head())
    if only is not None:
        heads = heads.filter(pk=only.pk)
    elif shown == "current":
        heads = heads.filter(_live(today))
    elif shown == "review":
        heads = heads.filter(needs_review=True)
    heads = heads.annotate(gone=_gone(today)).order_by("gone", "-needs_review", "source_seq", "id")
    paginator = Paginator(heads, FACTS_PER_PAGE)
    if counts is not None and only is None:
        paginator.count = counts[shown]  # counted already: spares a COUNT query
    cards_page = paginator.get_page(page)
    shown_heads = list(cards_page.object_list)
    if not shown_heads:
        return [], cards_page

    # Which superseded value sits in which card: the (id, successor) pairs of the conversation,
    # small even for thousands of facts; then only the values the shown cards list.
    successor = dict(
        PinnedFact.objects.for_conversation(conversation)
        .filter(status=PinnedFact.Status.SUPERSEDED, superseded_by__isnull=False)
        .values_list("pk", "superseded_by_id")
    )
    replaced_by: dict[int, list[int]] = {}
    for pk, newer in successor.items():
        replaced_by.setdefault(newer, []).append(pk)
    chains: dict[int, list[int]] = {}
    for head in shown_heads:
        seen, todo = {head.pk}, list(replaced_by.get(head.pk, []))
        while todo:
            pk = todo.pop()
            if pk not in seen:
                seen.add(pk)
                todo += replaced_by.get(pk, [])
        # Ids grow with time: the most recent replaced values first.
        chains[head.pk] = sorted(seen - {head.pk}, reverse=True)
    listed = [pk for chain in chains.values() for pk in chain[:EARLIER_SHOWN]]
    ids = [head.pk for head in shown_heads] + listed
    facts = {f.pk: f for f in shown_heads}
    facts.update((f.pk, f) for f in PinnedFact.objects.filter(pk__in=ids).exclude(pk__in=facts))
    revisions: dict[int, list[FactRevision]] = {}
    for revision in FactRevision.objects.filter(fact_id__in=ids).select_related("actor").order_by("at", "id"):
        revisions.setdefault(revision.fact_id, []).append(revision)
    cards = []
    for head in shown_heads:
        replaced = [facts[pk] for pk in chains[head.pk][:EARLIER_SHOWN] if pk in facts]
        history = [
            RevisionRow(revision=r, value=f.value, changes=_changes(r.before, r.after))
            for f in [head, *replaced]
            for r in revisions.get(f.pk, [])
        ]
        history.sort(key=lambda row: (row.revision.at, row.revision.pk))
        card = FactCard(fact=head, earlier=replaced, history=history[-HISTORY_SHOWN:], today=today)
        card.more_earlier = len(chains[head.pk]) - len(replaced)
        card.more_history = len(history) - len(card.history)
        cards.append(card)
    return cards, cards_page


# --- summary diffs -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DiffPart:
    op: str  # "equal", "insert" or "delete"
    text: str


@dataclass
class SummaryDiff:
    kind: str
    old: Summary
    new: Summary
    parts: list[DiffPart]

    @property
    def words_added(self) -> int:
        return sum(len(p.text.split()) for p in self.parts if p.op == "insert")

    @property
    def words_removed(self) -> int:
        return sum(len(p.text.split()) for p in self.parts if p.op == "delete")


_WORDS = re.compile(r"\s+|[^\s]+")


def text_diff(old: str, new: str) -> list[DiffPart]:
    """A diff to render (difflib): by line, and by word inside a line that changed.

    Summaries are often lists, one item a line: a line added or dropped shows
    whole; a line reworded shows the words that changed. The template escapes
    every part.
    """
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    parts: list[DiffPart] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            parts.append(DiffPart("equal", "".join(a[i1:i2])))
        elif op == "replace" and i2 - i1 == j2 - j1:
            for before, after in zip(a[i1:i2], b[j1:j2], strict=True):
                parts += _word_diff(before, after)
        else:
            if i2 > i1:
                parts.append(DiffPart("delete", "".join(a[i1:i2])))
            if j2 > j1:
                parts.append(DiffPart("insert", "".join(b[j1:j2])))
    return parts


def _word_diff(old: str, new: str) -> list[DiffPart]:
    a, b = _WORDS.findall(old), _WORDS.findall(new)
    # (removed, added, changed); a lone space between two changes joins them, so
    # "<del>a b</del><ins>c d</ins>" rather than "<del>a</del><ins>c</ins> <del>b</del><ins>d</ins>".
    runs = [
        ("".join(a[i1:i2]), "".join(b[j1:j2]), op != "equal")
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    ]
    merged: list[tuple[str, str, bool]] = []
    for index, run in enumerate(runs):
        joins = (
            not run[2]
            and not run[0].strip()
            and merged
            and merged[-1][2]
            and index + 1 < len(runs)
            and runs[index + 1][2]
        )
        if run[2] or joins:
            if merged and merged[-1][2]:
                removed, added, _ = merged.pop()
                run = (removed + run[0], added + run[1], True)
            merged.append((run[0], run[1], True))
        else:
            merged.append(run)
    parts: list[DiffPart] = []
    for removed, added, changed in merged:
        if not changed:
            parts.append(DiffPart("equal", removed))
            continue
        if removed:
            parts.append(DiffPart("delete", removed))
        if added:
            parts.append(DiffPart("insert", added))
    return parts


def summary_diffs(conversation: Conversation, wanted: dict[str, tuple[int, int]]) -> dict[str, SummaryDiff]:
    """The diffs asked for, as {kind: (old version, new version)}: one query for all of them."""
    condition = Q(pk__in=[])
    for kind, versions in wanted.items():
        condition |= Q(kind=kind, version__in=versions)
    found = Summary.objects.filter(conversation=conversation).filter(condition)
    rows = {(s.kind, s.version): s for s in found}
    diffs = {}
    for kind, (old, new) in wanted.items():
        if (kind, old) in rows and (kind, new) in rows:
            before, after = rows[(kind, old)], rows[(kind, new)]
            diffs[kind] = SummaryDiff(kind, before, after, text_diff(before.body, after.body))
    return diffs


# --- retrieval index ---------------------------------------------------------------------------

# The tasks that write index entries, by the name the outbox records them under.
INDEXING_TASKS = (tasks.turns_appended.name, tasks.index_conversation.name)
MAX_FAILURES = 100


@dataclass(frozen=True)
class IndexFigures:
    model: str
    turns: int
    indexed: int
    pending: int
    stale: int
    last_indexed_at: object
    other_models: list[str]
    failed: int = 0  # indexing tasks that gave up after their retries
    failed_at: object = None
    failed_error: str = ""


def index_figures(conversation: Conversation, model: str) -> IndexFigures:
    """How much of the record the index covers for the configured model: two queries."""
    counts = index_state(conversation, model)
    entries = TurnIndexEntry.objects.filter(conversation=conversation).aggregate(
        last=Max("indexed_at"),
        models=ArrayAgg("embedding_model", distinct=True, default=[]),
    )
    # Indexing work that gave up stays in the outbox for a person to look at. The outbox
    # holds only work owed, so this reads a small table.
    failures = list(
        PendingTask.objects.filter(task__in=INDEXING_TASKS, args__0=conversation.pk, failed_at__isnull=False)
        .order_by("-failed_at")
        .values_list("failed_at", "last_error")[:MAX_FAILURES]
    )
    return IndexFigures(
        model=model,
        turns=counts["turns"],
        indexed=counts["indexed"],
        pending=counts["missing"],
        stale=counts["stale"],
        last_indexed_at=entries["last"],
        other_models=sorted(m for m in entries["models"] if m != model),
        failed=len(failures),
        failed_at=failures[0][0] if failures else None,
        failed_error=failures[0][1] if failures else "",
    )


@dataclass
class ExplainedHit:
    hit: Hit
    turn: Turn
    words: list[str]  # query words the lexical arm matched
    exact: list[str]  # identifiers or amounts of the query found verbatim

    @property
    def reasons(self) -> list[str]:
        reasons = []
        if self.exact:
            reasons.append("holds " + ", ".join(self.exact) + " verbatim")
        if self.words:
            reasons.append("shares the words " + ", ".join(self.words))
        if self.hit.vector_rank is not None:
            distance = self.hit.vector_distance
            near = f" (cosine distance {distance:.3f})" if distance is not None else ""
            reasons.append(f"among the nearest in meaning{near}")  # ranked, however far
        if self.hit.previous_turn_score > 0:
            reasons.append(f"follows turn {self.hit.seq - 1}, which matched")
        if self.hit.speaker_score > 0:
            reasons.append(f"said by {self.hit.speaker}, whom the question names")
        if self.hit.date_score > 0:
            reasons.append("said on or just after the day the question names")
        if self.hit.time_score > 0:
            reasons.append("says when, as the question asks")
        return reasons


@dataclass
class QueryResult:
    query: str
    mode: str
    hits: list[ExplainedHit]
    error: str = ""


def explain_query(conversation: Conversation, query: str, *, embedder, k: int) -> QueryResult:
    """What retrieval returns for ``query`` in this conversation, and why each turn came back.

    Runs the same search assembly runs (hybrid; lexical if the embedder is
    down, and says so). Reads only.
    """
    mode, error = "hybrid", ""
    try:
        hits = search(conversation=conversation, query=query, embedder=embedder, k=k)
    except ProviderError as exc:
        mode, error = "lexical", f"The embedder failed ({exc}); lexical and exact arms only."
        hits = search(conversation=conversation, query=query, embedder=embedder, k=k, mode="lexical")
    seqs = [hit.seq for hit in hits]
    turns = {turn.seq: turn for turn in _turns(conversation).filter(seq__in=seqs)}
    words = matched_words(conversation=conversation, query=query, seqs=seqs)
    tokens = exact_tokens(query)
    explained = []
    for hit in hits:
        turn = turns.get(hit.seq)
        if turn is None:
            continue  # forgotten since the index was read
        haystack = (turn.content + " " + json.dumps(turn.tool_calls or "", ensure_ascii=False)).lower()
        exact = [token for token in tokens if token.lower() in haystack] if hit.exact_match else []
        explained.append(ExplainedHit(hit=hit, turn=turn, words=words.get(hit.seq, []), exact=exact))
    return QueryResult(query=query, mode=mode, hits=explained, error=error)


# --- refresh runs and snapshots ----------------------------------------------------------------

RUNS_PER_PAGE = 15
SNAPSHOTS_PER_PAGE = 15


def refresh_runs(conversation: Conversation, page: str | int | None) -> tuple[Page, dict[str, int]]:
    """A page of the conversation's refresh runs, newest first, and how many ended each way."""
    outcomes = dict(
        RefreshRun.objects.filter(conversation=conversation)
        .values_list("outcome")
        .annotate(n=Count("pk"))
        .order_by()
    )
    runs = RefreshRun.objects.filter(conversation=conversation).select_related("requested_by")
    paginator = Paginator(runs.order_by("-requested_at", "-id"), RUNS_PER_PAGE)
    paginator.count = sum(outcomes.values())  # known already: spares a COUNT query
    return paginator.get_page(page), outcomes


def snapshot_page(conversation: Conversation, page: str | int | None) -> Page:
    """A page of the context snapshots taken on this conversation, newest first (not their arrays)."""
    snapshots = (
        ContextSnapshot.objects.filter(conversation=conversation)
        .only("id", "conversation_id", "created_at", "message", "upto_seq", "token_counts", "budget")
        .order_by("-created_at", "-id")
    )
    return Paginator(snapshots, SNAPSHOTS_PER_PAGE).get_page(page)
