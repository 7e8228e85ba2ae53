"""Refreshing the derived layers of a conversation after its turns are stored.

Appending a turn commits first; everything here runs afterwards (in Celery,
or in-process without a broker). The rules, from the design:

- every turn is indexed for retrieval as soon as it is stored;
- summaries and pinned facts refresh when the record crosses a multiple of
  ``MEMADMIN_REFRESH_EVERY`` turns (the watermark), or on demand;
- a refresh carries the version of the memory state it started from and
  commits only if that is still current (compare-and-swap): an older job
  never replaces newer state, and a watermark never moves backwards;
- at most one refresh of a conversation computes at a time (an advisory lock);
- a failing refresh is recorded in its ``RefreshRun`` and skipped: the turns
  and the conversation stay usable.
"""

import logging
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from conversations.models import Conversation, MemoryState, RefreshRun, Summary, SummaryKind, Turn
from conversations.retrieval import index_turns
from facts.propagation import mark_corrections, staff_corrections
from facts.services import facts_apply_extraction, known_facts
from memadmin.providers import get_provider
from memadmin.providers.base import Provider

logger = logging.getLogger(__name__)

# First key of the two-key advisory lock: "memadmin refresh". The second key
# is the conversation id folded into PostgreSQL's int4; a rare collision only
# makes one refresh wait for the next turn.
_REFRESH_LOCK_CLASS = 0x6D656D


@dataclass(frozen=True)
class ProviderEmbedder:
    """The provider's embedding operation in the shape the retrieval index takes."""

    provider: Provider

    @property
    def model_name(self) -> str:
        return self.provider.embedding_model

    def embed(self, texts: list[str]) -> list[list[float]]:
        return self.provider.embed(texts)


def memory_state(conversation: Conversation) -> MemoryState:
    state, _ = MemoryState.objects.get_or_create(conversation=conversation)
    return state


def boundary_watermark(last_seq: int, every: int | None = None) -> int:
    """The watermark a boundary refresh aims for: the last multiple of N at or before ``last_seq``."""
    every = every or settings.MEMADMIN_REFRESH_EVERY
    return last_seq // every * every


def last_seq_of(conversation: Conversation) -> int:
    return Turn.objects.for_conversation(conversation).aggregate(last=Max("seq"))["last"] or 0


def turns_appended(
    *,
    conversation_id: int,
    first_seq: int | None = None,
    last_seq: int | None = None,
    provider: Provider | None = None,
) -> RefreshRun | None:
    """After an append: index the turns stored (seqs ``first_seq`` to ``last_seq``); refresh the
    layers if a boundary was crossed. Without a range, every turn not indexed yet is indexed."""
    conversation = Conversation.objects.get(pk=conversation_id)
    provider = provider or get_provider()
    stored = None
    if first_seq is not None and last_seq is not None:
        stored = (
            Turn.objects.for_conversation(conversation).filter(seq__range=(first_seq, last_seq)).only("pk")
        )
    try:
        index_turns(conversation=conversation, embedder=ProviderEmbedder(provider), turns=stored)
    except Exception:
        # The index is rebuilt from the record by the next append or refresh.
        logger.exception("indexing the turns of conversation %s failed", conversation_id)
    state = memory_state(conversation)
    target = boundary_watermark(last_seq_of(conversation))
    if target <= state.summary_upto_seq:
        return None
    return memory_refresh(
        conversation_id=conversation_id,
        trigger=RefreshRun.Trigger.BOUNDARY,
        expected_version=state.version,
        target_upto_seq=target,
        provider=provider,
    )


def memory_reindex(*, conversation_id: int, provider: Provider | None = None) -> int:
    """Index the turns that have no entry or one made by another model; return how many were written."""
    conversation = Conversation.objects.filter(pk=conversation_id).first()
    if conversation is None:
        return 0
    return index_turns(conversation=conversation, embedder=ProviderEmbedder(provider or get_provider()))


def memory_rebuild(*, conversation_id: int, provider: Provider | None = None) -> RefreshRun:
    """Re-derive everything from the record: re-embed stale index entries, re-read every turn."""
    provider = provider or get_provider()
    index_turns(
        conversation=Conversation.objects.get(pk=conversation_id), embedder=ProviderEmbedder(provider)
    )
    return memory_refresh(
        conversation_id=conversation_id, trigger=RefreshRun.Trigger.REEXTRACT, rebuild=True, provider=provider
    )


def memory_refresh(
    *,
    conversation_id: int,
    trigger: str,
    expected_version: int | None = None,
    target_upto_seq: int | None = None,
    requested_by_id: int | None = None,
    rebuild: bool = False,
    provider: Provider | None = None,
    kinds: tuple[str, ...] = (SummaryKind.ROLLING, SummaryKind.STATIC),
    force: bool = False,
) -> RefreshRun:
    """Recompute summaries and facts up to ``target_upto_seq``; commit only onto ``expected_version``.

    ``target_upto_seq`` defaults to the last turn (an on-demand refresh).
    ``rebuild`` re-reads every turn for the facts too (after a schema change
    or a forget request); otherwise the extractor sees only turns it has not
    read before. ``kinds`` are the summaries to rewrite; ``force`` rewrites
    them even when no turn is new (a person asked for a re-summarise).
    """
    conversation = Conversation.objects.get(pk=conversation_id)
    provider = provider or get_provider()
    state = memory_state(conversation)
    if expected_version is None:
        expected_version = state.version
    if target_upto_seq is None:
        target_upto_seq = last_seq_of(conversation)
    run = RefreshRun.objects.create(
        conversation=conversation,
        trigger=trigger,
        started_version=expected_version,
        target_upto_seq=target_upto_seq,
        provider=provider.name,
        requested_by_id=requested_by_id,
    )
    started = time.monotonic()
    if not _try_lock(conversation_id):
        return _finish(run, started, RefreshRun.Outcome.SKIPPED, error="another refresh of it was running")
    try:
        nothing_new = target_upto_seq <= state.summary_upto_seq and state.version == expected_version
        if nothing_new and not (rebuild or force):
            return _finish(run, started, RefreshRun.Outcome.SKIPPED, error="nothing new to summarise")
        layers = _compute_layers(conversation, state, provider, target_upto_seq, rebuild=rebuild, kinds=kinds)
        committed = _commit(
            conversation, expected_version, target_upto_seq, layers, provider, rebuild=rebuild
        )
    except Exception as exc:
        logger.exception("refresh of conversation %s failed", conversation_id)
        return _finish(run, started, RefreshRun.Outcome.FAILED, error=f"{type(exc).__name__}: {exc}")
    finally:
        _unlock(conversation_id)
    if committed is None:
        logger.warning(
            "refresh of conversation %s discarded: it started from version %s, which is no longer current",
            conversation_id,
            expected_version,
        )
        return _finish(run, started, RefreshRun.Outcome.STALE, error="a newer state was committed first")
    return _finish(run, started, RefreshRun.Outcome.COMMITTED, committed_version=committed)


@dataclass(frozen=True)
class _Layers:
    rolling: str | None  # None: not asked for, the current version stays
    static: str | None
    facts: list
    facts_model: str
    facts_upto_seq: int


def _compute_layers(
    conversation: Conversation,
    state: MemoryState,
    provider: Provider,
    upto: int,
    *,
    rebuild: bool,
    kinds: tuple[str, ...],
) -> _Layers:
    """The slow part, outside any transaction: model calls over the raw turns."""
    turns = [t.as_text() for t in Turn.objects.for_conversation(conversation).upto(upto).chronological()]
    previous_static = "" if rebuild else _current_body(conversation, SummaryKind.STATIC)
    rolling = provider.summarise(kind="rolling", turns=turns) if SummaryKind.ROLLING in kinds else None
    static = (
        provider.summarise(kind="static", turns=turns, previous=previous_static)
        if SummaryKind.STATIC in kinds
        else None
    )
    read_from = 0 if rebuild else state.facts_upto_seq
    unread = [t for t in turns if t.seq > read_from]
    extraction = provider.extract_facts(turns=unread, known=known_facts(conversation)) if unread else None
    return _Layers(
        rolling=rolling.text if rolling else None,
        static=static.text if static else None,
        facts=extraction.facts if extraction else [],
        facts_model=extraction.model if extraction else state.facts_model,
        facts_upto_seq=max(upto, state.facts_upto_seq) if not rebuild else upto,
    )


def _current_body(conversation: Conversation, kind: str) -> str:
    summary = Summary.objects.filter(conversation=conversation, kind=kind).order_by("-version").first()
    return summary.body if summary else ""


def _commit(
    conversation: Conversation,
    expected_version: int,
    upto: int,
    layers: _Layers,
    provider: Provider,
    *,
    rebuild: bool,
) -> int | None:
    """Write the layers if the state is still at ``expected_version``; return the new version or None."""
    with transaction.atomic():
        state = MemoryState.objects.select_for_update().get(conversation=conversation)
        if state.version != expected_version:
            return None
        if upto < state.summary_upto_seq and not rebuild:
            return None  # never move a watermark backwards
        new_version = state.version + 1
        # What people corrected or retracted is marked where a summary quotes it.
        corrections = staff_corrections(conversation.pk)
        for kind, body in ((SummaryKind.ROLLING, layers.rolling), (SummaryKind.STATIC, layers.static)):
            if body is None:
                continue
            Summary.objects.create(
                conversation=conversation,
                kind=kind,
                version=new_version,
                upto_seq=upto,
                body=mark_corrections(body, corrections),
                provider=provider.name,
                model=provider.summary_model,
            )
        facts_apply_extraction(conversation=conversation, extracted=layers.facts, model=layers.facts_model)
        state.version = new_version
        state.summary_upto_seq = upto
        state.facts_upto_seq = layers.facts_upto_seq
        state.facts_model = layers.facts_model
        state.refreshed_at = timezone.now()
        state.save()
    return new_version


def _finish(run: RefreshRun, started: float, outcome: str, *, error: str = "", committed_version=None):
    run.outcome = outcome
    run.error = error
    run.committed_version = committed_version
    run.finished_at = timezone.now()
    run.duration_ms = int((time.monotonic() - started) * 1000)
    run.save(update_fields=["outcome", "error", "committed_version", "finished_at", "duration_ms"])
    return run


def _try_lock(conversation_id: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [_REFRESH_LOCK_CLASS, conversation_id % 2**31])
        return cursor.fetchone()[0]


def _unlock(conversation_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [_REFRESH_LOCK_CLASS, conversation_id % 2**31])
