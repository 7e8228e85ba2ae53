"""Refreshing the derived layers of a conversation after its turns are stored.

Appending a turn commits first; everything here runs afterwards (in Celery,
or in-process without a broker). The rules, from the design:

- every turn is indexed for retrieval as soon as it is stored;
- summaries and pinned facts refresh when the record crosses a multiple of
  ``MEMADMIN_REFRESH_EVERY`` turns (the watermark), or on demand;
- a refresh carries the version of the memory state it started from and
  commits only if that is still current (compare-and-swap): an older job
  never replaces newer state, and a watermark never moves backwards;
- at most one refresh of a conversation computes at a time (a lease on its
  ``MemoryState`` row); one that finds it taken is retried later;
- a refresh a person requests takes its version when it starts and covers at
  least the turns there were when it was asked (``refresh_request_run``);
- a failing refresh is recorded in its ``RefreshRun`` and skipped: the turns
  and the conversation stay usable.
"""

import logging
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta

import numpy as np
from django.conf import settings
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone

from conversations.models import Conversation, MemoryState, RefreshRun, Summary, SummaryKind, Turn
from conversations.retrieval import index_turns
from facts.propagation import mark_corrections, staff_corrections
from facts.services import facts_apply_extraction, known_facts, topic_mentions
from memadmin.providers import get_provider
from memadmin.providers.base import Provider, TurnText
from memadmin.tasks import TRANSIENT_ERRORS, TryLater, current_task_key
from memadmin.tokens import token_counter

logger = logging.getLogger(__name__)

# A refresh that finds a staff change committed while it computed starts again this often.
REFRESH_ATTEMPTS = 3


@dataclass(frozen=True)
class ProviderEmbedder:
    """The provider's embedding operation in the shape the retrieval index takes."""

    provider: Provider

    @property
    def model_name(self) -> str:
        return self.provider.embedding_model

    def embed(self, texts: list[str]) -> list[list[float]]:
        return self.provider.embed(texts)

    def embed_array(self, texts: list[str]):
        """One float32 array for bulk indexing; straight from the provider when it can."""
        if hasattr(self.provider, "embed_array"):
            return self.provider.embed_array(texts)
        return np.asarray(self.provider.embed(texts), dtype=np.float32)


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
        # The next boundary refresh indexes the turns of its window that have no entry.
        logger.exception("indexing the turns of conversation %s failed", conversation_id)
    state = memory_state(conversation)
    target = boundary_watermark(last_seq_of(conversation))
    if target <= state.summary_upto_seq:
        return None
    return memory_refresh(
        conversation_id=conversation_id,
        trigger=RefreshRun.Trigger.BOUNDARY,
        target_upto_seq=target,
        provider=provider,
    )


def memory_reindex(*, conversation_id: int, provider: Provider | None = None) -> int:
    """Index the turns that have no entry or one made by another model; return how many were written."""
    conversation = Conversation.objects.filter(pk=conversation_id).first()
    if conversation is None:
        return 0
    return index_turns(conversation=conversation, embedder=ProviderEmbedder(provider or get_provider()))


def memory_rebuild(
    *,
    conversation_id: int,
    provider: Provider | None = None,
    run: RefreshRun | None = None,
    trigger: str = RefreshRun.Trigger.REEXTRACT,
) -> RefreshRun:
    """Re-derive everything from the record: re-embed missing or stale index entries, re-read every turn.

    The one rebuild: ``manage.py reextract`` and a person's rebuild request (through ``run``) both call it.
    """
    provider = provider or get_provider()
    index_turns(
        conversation=Conversation.objects.get(pk=conversation_id), embedder=ProviderEmbedder(provider)
    )
    return memory_refresh(
        conversation_id=conversation_id, trigger=trigger, rebuild=True, provider=provider, run=run
    )


def refresh_request_run(
    *, run_id: int, kinds: list[str] | None = None, provider: Provider | None = None
) -> RefreshRun:
    """Carry out a refresh a person requested (``RefreshRun`` queued by ``memory_refresh_request``).

    It takes the memory version when it starts, not when it was asked for, so a
    boundary refresh committed in between does not make it stale; and it
    covers at least the turns there were when it was asked. Safe to run twice:
    a run that has already ended is left alone.
    """
    run = RefreshRun.objects.get(pk=run_id)
    if run.outcome not in (RefreshRun.Outcome.QUEUED, RefreshRun.Outcome.RUNNING):
        return run
    if run.trigger == RefreshRun.Trigger.REBUILD:
        return memory_rebuild(conversation_id=run.conversation_id, provider=provider, run=run)
    return memory_refresh(
        conversation_id=run.conversation_id,
        trigger=run.trigger,
        provider=provider,
        run=run,
        **({"kinds": tuple(kinds)} if kinds else {}),
    )


def refresh_request_give_up(*, run_id: int, error: str) -> None:
    """A requested refresh could not run after every retry: say why on its run."""
    RefreshRun.objects.filter(
        pk=run_id, outcome__in=[RefreshRun.Outcome.QUEUED, RefreshRun.Outcome.RUNNING]
    ).update(
        outcome=RefreshRun.Outcome.FAILED,
        error=f"gave up after retrying: {error}",
        finished_at=timezone.now(),
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
    run: RefreshRun | None = None,
    kinds: tuple[str, ...] = (SummaryKind.ROLLING, SummaryKind.STATIC),
    force: bool = False,
) -> RefreshRun:
    """Recompute summaries and facts up to ``target_upto_seq``; commit only onto the version it started from.

    ``target_upto_seq`` defaults to the last turn. ``expected_version`` is for a
    refresh planned against a version read earlier: if that is no longer
    current, it is discarded (stale). Without it the version is read when the
    refresh starts, under the lock, and should a staff change commit while it
    computes, it starts again from that (up to ``REFRESH_ATTEMPTS`` times).
    ``run`` is a requested refresh: it covers at least its target and every
    turn stored since, and recomputes even when nothing is new.
    ``rebuild`` re-reads every turn for the facts too (after a schema change
    or a forget request); otherwise the extractor sees only turns it has not
    read before. ``kinds`` are the summaries to rewrite; ``force`` rewrites
    them even when no turn is new (as a requested refresh always does).

    Raises ``TryLater`` when another refresh of the conversation holds the
    lock, and re-raises transient database errors: the task retries both.
    """
    conversation = Conversation.objects.get(pk=conversation_id)
    provider = provider or get_provider()
    memory_state(conversation)  # the lock lives on this row
    lease = _acquire_lock(conversation_id)
    if lease is None:
        if run is not None:
            RefreshRun.objects.filter(pk=run.pk).update(error="waiting: another refresh of it was running")
        raise TryLater(f"another refresh of conversation {conversation_id} is running")
    try:
        return _refresh_locked(
            conversation,
            provider,
            trigger=trigger,
            expected_version=expected_version,
            target_upto_seq=target_upto_seq,
            requested_by_id=requested_by_id,
            rebuild=rebuild,
            run=run,
            kinds=kinds,
            force=force,
        )
    finally:
        _release_lock(conversation_id, lease)


def _refresh_locked(
    conversation: Conversation,
    provider: Provider,
    *,
    trigger: str,
    expected_version: int | None,
    target_upto_seq: int | None,
    requested_by_id: int | None,
    rebuild: bool,
    run: RefreshRun | None,
    kinds: tuple[str, ...],
    force: bool,
) -> RefreshRun:
    requested = run is not None
    if requested:
        # Started before it reads the turns: a request that comes in from now on
        # no longer joins it (memory_refresh_request), so it must cover them itself.
        RefreshRun.objects.filter(pk=run.pk).update(outcome=RefreshRun.Outcome.RUNNING)
    _abandon_orphans(conversation, keep=run)
    last = last_seq_of(conversation)
    if requested:
        target = max(run.target_upto_seq, last)
    else:
        target = last if target_upto_seq is None else target_upto_seq
        run = RefreshRun(
            conversation=conversation,
            trigger=trigger,
            target_upto_seq=target,
            requested_by_id=requested_by_id,
        )
    run.outcome = RefreshRun.Outcome.RUNNING
    run.started_at = timezone.now()
    run.provider = provider.name
    run.error = ""
    run.save()
    started = time.monotonic()
    attempts = 1 if expected_version is not None else REFRESH_ATTEMPTS
    for attempt in range(1, attempts + 1):
        state = MemoryState.objects.get(conversation=conversation)
        version = state.version if expected_version is None else expected_version
        run.attempts, run.started_version = attempt, version
        nothing_new = target <= state.summary_upto_seq and version == state.version
        if nothing_new and not (requested or rebuild or force):
            return _finish(
                run,
                started,
                RefreshRun.Outcome.SKIPPED,
                error=f"already covered up to turn {state.summary_upto_seq}",
            )
        if attempt == 1 and not rebuild:
            _index_missing(conversation, provider, after=state.summary_upto_seq, upto=target)
        try:
            layers = _compute_layers(conversation, state, provider, target, rebuild=rebuild, kinds=kinds)
            committed = _commit(conversation, version, target, layers, provider, rebuild=rebuild)
        except TRANSIENT_ERRORS as exc:
            # Retried by the task: a requested run waits in the queue again, any other is recorded as failed.
            outcome = RefreshRun.Outcome.QUEUED if requested else RefreshRun.Outcome.FAILED
            _finish(run, started, outcome, error=f"retrying after {type(exc).__name__}: {exc}")
            raise
        except Exception as exc:
            logger.exception("refresh of conversation %s failed", conversation.pk)
            return _finish(run, started, RefreshRun.Outcome.FAILED, error=f"{type(exc).__name__}: {exc}")
        if committed is not None:
            run.covered_upto_seq = target
            return _finish(run, started, RefreshRun.Outcome.COMMITTED, committed_version=committed)
        logger.warning(
            "refresh of conversation %s (attempt %s) discarded: version %s is no longer current",
            conversation.pk,
            attempt,
            version,
        )
    return _finish(
        run,
        started,
        RefreshRun.Outcome.STALE,
        error="a newer state was committed first" + (f", {attempts} times in a row" if attempts > 1 else ""),
    )


def _abandon_orphans(conversation: Conversation, *, keep: RefreshRun | None) -> None:
    """Close the runs a lost worker left running: under the lock no other refresh of it computes."""
    orphans = RefreshRun.objects.filter(conversation=conversation, outcome=RefreshRun.Outcome.RUNNING)
    if keep is not None:
        orphans = orphans.exclude(pk=keep.pk)
    orphans.update(
        outcome=RefreshRun.Outcome.FAILED,
        error="stopped before it finished (its worker was lost); the work was run again",
        finished_at=timezone.now(),
    )


def _index_missing(conversation: Conversation, provider: Provider, *, after: int, upto: int) -> None:
    """Index the turns of this refresh's window that an append could not (the embedder was down)."""
    window = Turn.objects.for_conversation(conversation).filter(seq__gt=after, seq__lte=upto).only("pk")
    try:
        index_turns(conversation=conversation, embedder=ProviderEmbedder(provider), turns=window)
    except Exception:
        logger.exception("indexing the turns of conversation %s up to %s failed", conversation.pk, upto)


@dataclass(frozen=True)
class _Layers:
    rolling: str | None  # None: not asked for, the current version stays
    static: str | None
    facts: list
    facts_model: str
    facts_upto_seq: int
    topic_mentions: dict


def _compute_layers(
    conversation: Conversation,
    state: MemoryState,
    provider: Provider,
    upto: int,
    *,
    rebuild: bool,
    kinds: tuple[str, ...],
) -> _Layers:
    """The slow part, outside any transaction: model calls over the turns this refresh reads.

    What it reads is bounded by the refresh, not by the conversation: the
    rolling summary reads its window (the last ``MEMADMIN_ROLLING_WINDOW``
    turns); the static summary folds the turns after the previous one into
    it; the extractor reads the turns it has not read. Only a rebuild reads
    every turn, in chunks that fit the model.
    """
    turns = Turn.objects.for_conversation(conversation)
    rolling = None
    if SummaryKind.ROLLING in kinds:
        window = turns.upto(upto).order_by("-seq")[: settings.MEMADMIN_ROLLING_WINDOW]
        rolling = provider.summarise(kind="rolling", turns=[t.as_text() for t in reversed(window)]).text
    static = None
    if SummaryKind.STATIC in kinds:
        previous = None if rebuild else _current_summary(conversation, SummaryKind.STATIC)
        static = previous.body if previous else ""
        new_turns = turns.filter(seq__gt=previous.upto_seq if previous else 0, seq__lte=upto)
        for chunk in _chunks(new_turns):
            # The turns the summary so far cites come along, so that a provider that
            # recomputes from turns (the local one) keeps what it said.
            cited = [t.as_text() for t in turns.filter(seq__in=_cited_seqs(static), seq__lt=chunk[0].seq)]
            static = provider.summarise(kind="static", turns=cited + chunk, previous=static).text
    read_from = 0 if rebuild else state.facts_upto_seq
    known_mentions = None if rebuild else state.topic_mentions
    facts, facts_model = [], state.facts_model
    for chunk in _chunks(turns.filter(seq__gt=read_from, seq__lte=upto)):
        extraction = provider.extract_facts(turns=chunk, known=known_facts(conversation))
        facts += extraction.facts
        facts_model = extraction.model
    return _Layers(
        rolling=rolling,
        static=static,
        facts=facts,
        facts_model=facts_model,
        facts_upto_seq=max(upto, state.facts_upto_seq) if not rebuild else upto,
        topic_mentions=topic_mentions(
            conversation=conversation,
            after_seq=0 if known_mentions is None else read_from,
            upto_seq=upto,
            known=known_mentions,
        ),
    )


_CITATION = re.compile(r"\[(turns? [^\]]*)\]")


def _cited_seqs(summary: str) -> list[int]:
    """The turns a summary cites: "[turn 12]", "[turn 3, said again at turns 9, 14]"."""
    return sorted({int(n) for cited in _CITATION.findall(summary) for n in re.findall(r"\d+", cited)})


def _chunks(turns) -> Iterator[list[TurnText]]:
    """``turns`` in order, in chunks of at most ``MEMADMIN_SUMMARY_CHUNK_TOKENS`` (one turn at least)."""
    count = token_counter().count
    budget = settings.MEMADMIN_SUMMARY_CHUNK_TOKENS
    chunk: list[TurnText] = []
    size = 0
    for turn in turns.chronological().iterator(chunk_size=2000):
        text = turn.as_text()
        tokens = count(text.rendered())
        if chunk and size + tokens > budget:
            yield chunk
            chunk, size = [], 0
        chunk.append(text)
        size += tokens
    if chunk:
        yield chunk


def _current_summary(conversation: Conversation, kind: str) -> Summary | None:
    return Summary.objects.filter(conversation=conversation, kind=kind).order_by("-version").first()


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
        numbers = _summary_numbers(conversation, state)
        for kind, body in ((SummaryKind.ROLLING, layers.rolling), (SummaryKind.STATIC, layers.static)):
            if body is None:
                continue
            Summary.objects.create(
                conversation=conversation,
                kind=kind,
                version=numbers[kind],
                memory_version=new_version,
                upto_seq=upto,
                body=mark_corrections(body, corrections),
                provider=provider.name,
                model=provider.summary_model,
            )
        facts_apply_extraction(conversation=conversation, extracted=layers.facts, model=layers.facts_model)
        state.version = new_version
        if layers.static is not None:
            state.static_summary_version = numbers[SummaryKind.STATIC]
        if layers.rolling is not None:
            state.rolling_summary_version = numbers[SummaryKind.ROLLING]
        state.summary_upto_seq = upto
        state.facts_upto_seq = layers.facts_upto_seq
        state.facts_model = layers.facts_model
        state.topic_mentions = layers.topic_mentions
        state.refreshed_at = timezone.now()
        state.save()
    return new_version


def _summary_numbers(conversation: Conversation, state: MemoryState) -> dict[str, int]:
    """The number the next version of each kind of summary takes: one past the last given.

    The state remembers the last numbers; the summaries' own are read too, for a state made again
    after its row was lost. Called under the state's row lock, so no two commits take one number.
    """
    highest = dict(
        Summary.objects.filter(conversation=conversation)
        .values("kind")
        .annotate(top=Max("version"))
        .values_list("kind", "top")
    )
    return {
        SummaryKind.STATIC: max(state.static_summary_version, highest.get(SummaryKind.STATIC, 0)) + 1,
        SummaryKind.ROLLING: max(state.rolling_summary_version, highest.get(SummaryKind.ROLLING, 0)) + 1,
    }


def _finish(run: RefreshRun, started: float, outcome: str, *, error: str = "", committed_version=None):
    run.outcome = outcome
    run.error = error
    run.committed_version = committed_version
    run.finished_at = None if outcome == RefreshRun.Outcome.QUEUED else timezone.now()
    run.duration_ms = int((time.monotonic() - started) * 1000)
    run.save()
    return run


def _acquire_lock(conversation_id: int):
    """Take the conversation's refresh lock (a lease on its MemoryState row); return it, or None if held.

    A conditional update rather than an advisory lock: it needs no session of
    its own, so it holds behind a transaction-pooling proxy, and a lease
    expires if its worker dies.

    A lease held by this very task (``current_task_key``: a delivery of it
    whose worker was killed mid-refresh) is taken over at once.
    """
    now = timezone.now()
    lease = now + timedelta(seconds=settings.CELERY_TASK_TIME_LIMIT + 60)
    holder = current_task_key()
    free = Q(refresh_lease_until__isnull=True) | Q(refresh_lease_until__lt=now)
    if holder:
        free |= Q(refresh_lease_holder=holder)
    taken = (
        MemoryState.objects.filter(conversation_id=conversation_id)
        .filter(free)
        .update(refresh_lease_until=lease, refresh_lease_holder=holder)
    )
    return lease if taken else None


def _release_lock(conversation_id: int, lease) -> None:
    # Only our own lease: one that expired may have been taken by another refresh since.
    MemoryState.objects.filter(conversation_id=conversation_id, refresh_lease_until=lease).update(
        refresh_lease_until=None, refresh_lease_holder=""
    )
