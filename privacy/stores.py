"""Stores that are tables of one conversation, and what all stores share: the target, matching, redaction."""

import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from django.contrib.postgres.search import SearchQuery
from django.db import connection
from django.db.models import Model, Q, QuerySet, TextField
from django.db.models.functions import Cast

from conversations.models import (
    ContextSnapshot,
    Conversation,
    LabelledQuery,
    MemoryState,
    RefreshRun,
    Summary,
    Turn,
    TurnIndexEntry,
)
from conversations.retrieval import TEXT_SEARCH_CONFIG
from facts.models import FactRevision, GoldFact, PinnedFact
from privacy.models import ForgetProbe
from qa.models import GoldSet, Label

REDACTED = "[forgotten]"
# Tasks whose first argument is a conversation id: dropped with the conversation.
CONVERSATION_TASKS = frozenset(
    {
        "conversations.tasks.turns_appended",
        "conversations.tasks.refresh_memory",
        "conversations.tasks.index_conversation",
        "facts.tasks.index_turn",
    }
)
# Index entries this close (L2) to a forgotten turn's embedding are that turn again.
SAME_EMBEDDING = 1e-4


@dataclass(frozen=True)
class Target:
    """What one request forgets, in ids (its ``plan``) and the values to find."""

    request_id: int
    deleted_conversations: tuple[int, ...] = ()
    # Conversations that stay, with the seqs of their turns that are deleted or redacted.
    touched: dict[int, tuple[int, ...]] = field(default_factory=dict)
    deleted_turns: tuple[int, ...] = ()
    redacted_turns: tuple[int, ...] = ()
    # Derived rows that held forgotten turns when the request started (deleted by it).
    summaries: tuple[int, ...] = ()
    snapshots: tuple[int, ...] = ()
    facts: tuple[int, ...] = ()
    # Every conversation the scan reads: the subject's, deleted or not.
    scanned: tuple[int, ...] = ()
    external_ids: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    subject_id: str = ""

    @classmethod
    def from_plan(cls, request_id: int, plan: dict, phrases: Iterable[str], subject_id: str) -> "Target":
        return cls(
            request_id=request_id,
            deleted_conversations=tuple(plan["deleted_conversations"]),
            touched={int(k): tuple(v) for k, v in plan["touched"].items()},
            deleted_turns=tuple(plan["deleted_turns"]),
            redacted_turns=tuple(plan["redacted_turns"]),
            summaries=tuple(plan["summaries"]),
            snapshots=tuple(plan["snapshots"]),
            facts=tuple(plan["facts"]),
            scanned=tuple(plan["scanned"]),
            external_ids=tuple(plan["external_ids"]),
            phrases=tuple(p for p in phrases if p),
            subject_id=subject_id,
        )

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(pk for pk in self.scanned if pk not in set(self.deleted_conversations))

    @property
    def forgotten_turns(self) -> tuple[int, ...]:
        return self.deleted_turns + self.redacted_turns

    @property
    def marker(self) -> str:
        return f"[removed by forget request #{self.request_id}]"


def phrase_pattern(phrases: Iterable[str]) -> re.Pattern | None:
    phrases = sorted({p for p in phrases if p}, key=len, reverse=True)
    if not phrases:
        return None
    return re.compile("|".join(re.escape(p) for p in phrases), re.IGNORECASE)


def redact(value: Any, pattern: re.Pattern | None) -> Any:
    """``value`` (text or JSON) with every forgotten phrase replaced, keys and strings alike."""
    if pattern is None:
        return value
    if isinstance(value, str):
        return pattern.sub(REDACTED, value)
    if isinstance(value, list):
        return [redact(item, pattern) for item in value]
    if isinstance(value, dict):
        return {redact(key, pattern): redact(item, pattern) for key, item in value.items()}
    return value


def text_match(queryset: QuerySet, fields: Iterable[str], phrases: Iterable[str]) -> QuerySet:
    """Rows where any of ``fields`` (text, or JSON read as its text) holds any phrase, in any case."""
    phrases, fields = [p for p in phrases if p], list(fields)
    if not phrases or not fields:
        return queryset.none()
    condition = Q()
    annotations = {}
    for name in fields:
        model_field = queryset.model._meta.get_field(name)
        column = name
        if model_field.get_internal_type() != "TextField" and model_field.get_internal_type() != "CharField":
            column = f"_{name}_text"
            annotations[column] = Cast(name, TextField())
        for phrase in phrases:
            condition |= Q(**{f"{column}__icontains": phrase})
            if column != name:
                # JSON text escapes quotes and backslashes inside strings.
                escaped = json.dumps(phrase, ensure_ascii=False)[1:-1]
                if escaped != phrase:
                    condition |= Q(**{f"{column}__icontains": escaped})
    return queryset.annotate(**annotations).filter(condition)


@dataclass
class Result:
    removed: int = 0
    rewritten: int = 0


@dataclass(frozen=True)
class ModelStore:
    """A table whose rows belong to a conversation.

    ``linked`` picks rows tied to the forgotten turns (deleted with them);
    ``fields`` are read for forgotten values; ``on_match`` says whether a row
    holding one is deleted or has the value redacted in place.
    """

    label: str
    model: type[Model]
    conversation_field: str
    fields: tuple[str, ...]
    linked: Callable[[Target], Q] | None = None
    on_match: str = "delete"  # or "redact"
    describe: str = ""
    extra_models: tuple[type[Model], ...] = ()

    def _in(self, ids: Iterable[int]) -> Q:
        return Q(**{f"{self.conversation_field}__in": list(ids)})

    def rows(self, t: Target) -> QuerySet:
        return self.model.objects.filter(self._in(t.scanned))

    def _linked(self, t: Target) -> QuerySet:
        if self.linked is None or not t.touched:
            return self.model.objects.none()
        return self.model.objects.filter(self._in(t.touched)).filter(self.linked(t))

    def _matching(self, t: Target) -> QuerySet:
        return text_match(self.model.objects.filter(self._in(t.remaining)), self.fields, t.phrases)

    def affected(self, t: Target) -> int:
        ids = set(self.model.objects.filter(self._in(t.deleted_conversations)).values_list("pk", flat=True))
        ids |= set(self._linked(t).values_list("pk", flat=True))
        ids |= set(self._matching(t).values_list("pk", flat=True))
        return len(ids)

    def forget_in(self, t: Target, conversation_id: int) -> dict[str, Result]:
        """Forget in one conversation that stays (its rows go with it when the conversation goes).

        Returns what changed by model label: a delete also counts the rows that went with it.
        """
        one = replace(
            t,
            scanned=(conversation_id,),
            deleted_conversations=(),
            touched={k: v for k, v in t.touched.items() if k == conversation_id},
        )
        changed: dict[str, Result] = defaultdict(Result)
        doomed = set(self._linked(one).values_list("pk", flat=True))
        if self.on_match == "delete":
            doomed |= set(self._matching(one).values_list("pk", flat=True))
        if doomed:
            for label, count in self.model.objects.filter(pk__in=doomed).delete()[1].items():
                changed[label].removed += count
        if self.on_match == "redact":
            pattern = phrase_pattern(t.phrases)
            for row in self._matching(one):
                self.redact_row(row, pattern)
                changed[self.model._meta.label].rewritten += 1
        return changed

    def redact_row(self, row: Model, pattern: re.Pattern | None) -> None:
        for name in self.fields:
            setattr(row, name, redact(getattr(row, name), pattern))
        row.save(update_fields=list(self.fields))

    def residue(self, t: Target) -> int:
        found = set(self.model.objects.filter(self._in(t.deleted_conversations)).values_list("pk", flat=True))
        found |= set(self._residue_linked(t))
        found |= set(self._matching(t).values_list("pk", flat=True))
        return len(found)

    def _residue_linked(self, t: Target) -> Iterable[int]:
        # A redacted turn stays, and what is derived from it anew is no residue: after a value
        # request only the rows the request removed count; after a turns request, any row
        # pointing at a deleted turn does.
        scope = t if t.deleted_turns else replace(t, touched={pk: () for pk in t.touched})
        return self._linked(scope).values_list("pk", flat=True)


def _seq_filter(
    field_name: str, overlap: bool = False, conversation_field: str = "conversation_id"
) -> Callable[[Target], Q]:
    """Rows whose ``field_name`` names a forgotten seq of their conversation."""

    def linked(t: Target) -> Q:
        condition = Q(pk__in=[])
        for conversation_id, seqs in t.touched.items():
            lookup = f"{field_name}__overlap" if overlap else f"{field_name}__in"
            condition |= Q(**{conversation_field: conversation_id, lookup: list(seqs)})
        return condition

    return linked


def _facts_linked(t: Target) -> Q:
    return (
        Q(pk__in=list(t.facts)) | _seq_filter("source_seq")(t) | _seq_filter("source_seqs", overlap=True)(t)
    )


class TurnStore(ModelStore):
    def redact_row(self, row: Model, pattern: re.Pattern | None) -> None:
        row.content = redact(row.content, pattern)
        row.tool_calls = redact(row.tool_calls, pattern)
        # A hash of the text as sent would still confirm a guess of it.
        row.body_hash = ""
        row.save(update_fields=["content", "tool_calls", "body_hash"])


class IndexStore(ModelStore):
    """The retrieval index: entries of forgotten turns go; the scan also looks for their embeddings."""

    def _residue_linked(self, t: Target) -> Iterable[int]:
        # A redacted turn may be indexed again from its redacted text: only its old vector is residue.
        found = set(
            TurnIndexEntry.objects.filter(turn_id__in=list(t.deleted_turns)).values_list("pk", flat=True)
        )
        found |= set(same_embeddings(t))
        return found

    def _matching(self, t: Target) -> QuerySet:
        condition = Q(pk__in=[])
        for phrase in t.phrases:
            condition |= Q(search_vector=SearchQuery(phrase, config=TEXT_SEARCH_CONFIG, search_type="phrase"))
        if not t.phrases:
            return TurnIndexEntry.objects.none()
        return TurnIndexEntry.objects.filter(conversation_id__in=list(t.remaining)).filter(condition)


def same_embeddings(t: Target) -> list[int]:
    """Index entries of the subject's remaining conversations at distance ~0 from a forgotten turn."""
    if not t.remaining:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT DISTINCT e.turn_id FROM {ForgetProbe._meta.db_table} p
            JOIN {TurnIndexEntry._meta.db_table} e
              ON e.conversation_id = p.conversation_id AND e.embedding_model = p.embedding_model
             AND vector_dims(e.embedding) = vector_dims(p.embedding)
            WHERE p.request_id = %s AND e.conversation_id = ANY(%s)
              AND (e.embedding <-> p.embedding::halfvec) < %s
            """,
            [t.request_id, list(t.remaining), SAME_EMBEDDING],
        )
        return [row[0] for row in cursor.fetchall()]


def _runs_reading_forgotten(t: Target, conversation_ids: Iterable[int]) -> Q:
    """Refresh runs of these conversations that may have read a forgotten turn, whose error may so
    quote it. A boundary refresh reads the turns up to its target and no further, so one whose
    target stops before the conversation's first forgotten turn never saw it; any other run may
    have read up to the last turn when it started, so it counts."""
    wanted = set(conversation_ids)
    condition = Q(pk__in=[])
    for conversation_id, seqs in t.touched.items():
        if conversation_id in wanted and seqs:
            condition |= Q(conversation_id=conversation_id) & (
                Q(target_upto_seq__gte=min(seqs)) | ~Q(trigger=RefreshRun.Trigger.BOUNDARY)
            )
    return condition


class RunStore(ModelStore):
    """Refresh runs: a failed run's error may quote what it read. Without values to look for (a
    turns request), the errors of the runs that may have read a forgotten turn are cleared."""

    def forget_in(self, t: Target, conversation_id: int) -> dict[str, Result]:
        changed = super().forget_in(t, conversation_id)
        if conversation_id in t.touched and not t.phrases:
            changed[RefreshRun._meta.label].rewritten += (
                RefreshRun.objects.filter(_runs_reading_forgotten(t, [conversation_id]))
                .exclude(error="")
                .update(error=t.marker)
            )
        return changed

    def _linked(self, t: Target) -> QuerySet:
        return self.model.objects.none()

    def affected(self, t: Target) -> int:
        count = super().affected(t)
        if not t.phrases:
            count += (
                RefreshRun.objects.filter(_runs_reading_forgotten(t, t.touched)).filter(error__gt="").count()
            )
        return count

    def _residue_linked(self, t: Target) -> Iterable[int]:
        if t.phrases:
            return []
        return (
            RefreshRun.objects.filter(_runs_reading_forgotten(t, t.touched))
            .exclude(error="")
            .exclude(error__startswith="[removed by forget request")
            .filter(finished_at__isnull=False)
            .values_list("pk", flat=True)
        )


class MemoryStateStore(ModelStore):
    """Not content: the version and watermarks the request bumps and resets for each conversation it keeps."""

    def affected(self, t: Target) -> int:
        return MemoryState.objects.filter(conversation_id__in=[*t.deleted_conversations, *t.touched]).count()


CONVERSATION = ModelStore(
    "conversations", Conversation, "pk", ("title",), on_match="redact", describe="the conversation itself"
)
STORES_BY_CONVERSATION: tuple[ModelStore, ...] = (
    TurnStore(
        "turns",
        Turn,
        "conversation_id",
        ("content", "tool_calls"),
        linked=lambda t: Q(pk__in=list(t.deleted_turns)),
        on_match="redact",
        describe="the record: forgotten turns deleted, forgotten values redacted",
    ),
    ModelStore(
        "pinned facts",
        PinnedFact,
        "conversation_id",
        ("value", "normalised"),
        linked=_facts_linked,
        describe="facts sourced from forgotten turns, or holding a forgotten value",
    ),
    ModelStore(
        "fact history",
        FactRevision,
        "fact__conversation_id",
        ("before", "after", "reason"),
        on_match="redact",
        describe="revisions go with their fact; any other quoting a value is redacted",
    ),
    IndexStore(
        "retrieval index",
        TurnIndexEntry,
        "conversation_id",
        (),
        linked=lambda t: Q(turn_id__in=list(t.forgotten_turns)),
        describe="embedding and text vector of each forgotten turn",
    ),
    ModelStore(
        "summaries",
        Summary,
        "conversation_id",
        ("body", "stale_values"),
        linked=lambda t: Q(pk__in=list(t.summaries)),
        describe="every version whose watermark covers a forgotten turn; rebuilt from what remains",
    ),
    ModelStore(
        "context snapshots",
        ContextSnapshot,
        "conversation_id",
        ("message", "messages", "layers", "gave_way"),
        linked=lambda t: Q(pk__in=list(t.snapshots)),
        describe="arrays sent to the model that held a forgotten turn or value",
    ),
    ModelStore(
        "gold facts",
        GoldFact,
        "conversation_id",
        ("value",),
        linked=_seq_filter("source_seq"),
        describe="labels sourced from forgotten turns or holding a value",
    ),
    ModelStore(
        "labelled queries",
        LabelledQuery,
        "conversation_id",
        ("query",),
        linked=_seq_filter("evidence_seqs", overlap=True),
        describe="retrieval labels whose evidence is a forgotten turn, or quoting a value",
    ),
    RunStore(
        "refresh runs",
        RefreshRun,
        "conversation_id",
        ("error",),
        on_match="redact",
        describe="errors of refreshes, which can quote content",
    ),
    ModelStore(
        "QA labels",
        Label,
        "label_set__conversation_id",
        ("value",),
        linked=_seq_filter("source_seq", conversation_field="label_set__conversation_id"),
        describe="annotators' labels of forgotten turns, or holding a value",
    ),
    ModelStore(
        "QA gold sets",
        GoldSet,
        "conversation_id",
        ("note", "agreement"),
        on_match="redact",
        describe="adjudication notes quoting a value",
    ),
    MemoryStateStore(
        "memory state",
        MemoryState,
        "conversation_id",
        (),  # topic_mentions names topics, not what was said; reset by the request all the same
        describe="version bumped (a refresh started before the request commits nothing), watermarks reset",
    ),
)
