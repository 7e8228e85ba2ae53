"""Writing the record: conversations and their turns.

Every derived layer is rebuilt from what these functions store, so they are
strict: a turn is stored exactly as sent or not at all, a retry returns what
the first attempt stored, and a seq is never reused or moved.
"""

import hashlib
import json
from dataclasses import asdict, dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from conversations import tasks
from conversations.memory import last_seq_of, memory_state
from conversations.models import Conversation, MemoryState, RefreshRun, Turn
from memadmin.audit import audit_reason, audit_record
from memadmin.errors import Conflict, PermissionRefused
from memadmin.permissions import can_refresh_memory, may_access_conversation
from memadmin.tasks import enqueue

# The largest seq a turn can have (the column is a 32-bit integer); the API refuses larger ones.
MAX_SEQ = 2_147_483_647


@dataclass(frozen=True)
class TurnInput:
    """A turn as a client sent it, before it has a place in the record."""

    role: str
    content: str
    seq: int | None = None
    tool_calls: list | dict | None = None
    created_at: datetime | None = None
    idempotency_key: str | None = None

    def body_hash(self) -> str:
        """Fingerprint of everything but the key, to tell a retry from a reused key."""
        body = asdict(self)
        body.pop("idempotency_key")
        body["created_at"] = self.created_at.isoformat() if self.created_at else None
        canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()

    def matches(self, turn: Turn) -> bool:
        """Does the stored ``turn`` say the same thing as this input?"""
        return turn.role == self.role and turn.content == self.content and turn.tool_calls == self.tool_calls


@dataclass(frozen=True)
class AppendResult:
    turns: list[Turn]
    created_count: int

    @property
    def created(self) -> bool:
        return self.created_count > 0


def conversation_get_or_create(
    *, external_id: str, subject_id: str, title: str = "", actor=None
) -> tuple[Conversation, bool]:
    """Return the conversation with ``external_id``, creating it if it is new.

    A known external id with another subject is a conflict: one conversation is
    about one person, and retrieval relies on that boundary. The ``actor``
    (an API client) is recorded as the creator; a known external id that the
    actor may not see is a conflict that shows nothing of it.
    """
    creator = actor if actor is not None and actor.is_authenticated else None
    conversation, created = Conversation.objects.get_or_create(
        external_id=external_id, defaults={"subject_id": subject_id, "title": title, "created_by": creator}
    )
    if not created and actor is not None and not may_access_conversation(actor, conversation):
        raise Conflict(
            f"Conversation {external_id!r} belongs to another API client; choose another external_id.",
            code="external_id_taken",
        )
    if not created and conversation.subject_id != subject_id:
        raise Conflict(
            f"Conversation {external_id!r} exists with another subject_id.",
            code="subject_mismatch",
            extra={
                "stored": {
                    "id": conversation.pk,
                    "external_id": external_id,
                    "subject_id": conversation.subject_id,
                }
            },
        )
    return conversation, created


def turns_append(*, conversation: Conversation, turns: list[TurnInput]) -> AppendResult:
    """Append ``turns`` to the record, all or none.

    A turn whose idempotency key is already stored is a retry: with the same
    body it returns the stored turn, with another body it is a conflict. Every
    other turn goes through ``turn_placement``, the rules import applies too.
    """
    with transaction.atomic():
        # One writer per conversation at a time: seq assignment and the
        # collision checks below read the state they are about to change.
        Conversation.objects.select_for_update().filter(pk=conversation.pk).values_list("pk").get()
        stored = Turn.objects.for_conversation(conversation)
        last_seq = last_seq_of(conversation)
        keys = [t.idempotency_key for t in turns if t.idempotency_key]
        seqs = [t.seq for t in turns if t.seq is not None]
        by_key = {t.idempotency_key: t for t in stored.filter(idempotency_key__in=keys)} if keys else {}
        by_seq = {t.seq: t for t in stored.filter(seq__in=seqs)} if seqs else {}

        result: list[Turn] = []
        new: list[Turn] = []
        now = timezone.now()
        for item in turns:
            retried = _retried_turn(item, by_key=by_key)
            at_seq = by_seq.get(item.seq) if item.seq is not None else None
            seq = None if retried else turn_placement(item, stored=at_seq, last_seq=last_seq)
            if seq is None:
                result.append(retried or at_seq)
                continue
            last_seq = seq
            turn = Turn(
                conversation=conversation,
                seq=seq,
                role=item.role,
                content=item.content,
                tool_calls=item.tool_calls,
                created_at=item.created_at or now,
                idempotency_key=item.idempotency_key,
                body_hash=item.body_hash(),
            )
            new.append(turn)
            result.append(turn)
            if item.idempotency_key:
                by_key[item.idempotency_key] = turn

        if new:
            Turn.objects.bulk_create(new)
            Conversation.objects.filter(pk=conversation.pk).update(updated_at=now)
            # The derived layers follow the record, after it is committed.
            enqueue(tasks.turns_appended, conversation.pk, new[0].seq, new[-1].seq)
    return AppendResult(turns=result, created_count=len(new))


def turn_placement(item: TurnInput, *, stored: Turn | None, last_seq: int) -> int | None:
    """The rules every path that writes turns (the API's append, import) applies to each turn.

    ``stored`` is the turn already stored at ``item.seq``, if any, and
    ``last_seq`` the last seq of the conversation so far. Returns the seq the
    turn is stored at, or None when ``stored`` already says the same thing (a
    retry: nothing to store). Raises ``Conflict``:

    - ``seq_taken`` when a different turn is stored at that seq;
    - ``seq_exhausted`` when the next seq would be past ``MAX_SEQ``;
    - ``seq_out_of_order`` when the seq is not after ``last_seq``: the record
      only grows at its end, so a summary's watermark always covers a fixed
      set of turns and the extractor, which reads above its watermark, reads
      every turn.

    A turn without a seq gets the next one.
    """
    if stored is not None:
        if not item.matches(stored):
            raise Conflict(
                f"seq {item.seq} is already taken by a different turn.",
                code="seq_taken",
                extra={"stored": stored.as_record()},
            )
        return None
    seq = item.seq if item.seq is not None else last_seq + 1
    if seq > MAX_SEQ:
        raise Conflict(
            f"seq {seq} is past the last seq a conversation can have ({MAX_SEQ}): start a new conversation.",
            code="seq_exhausted",
            extra={"last_seq": last_seq},
        )
    if seq <= last_seq:
        raise Conflict(
            f"seq {seq} is out of order: the last turn of this conversation is seq {last_seq}, "
            "and turns are only appended after it.",
            code="seq_out_of_order",
            extra={"last_seq": last_seq},
        )
    return seq


def _retried_turn(item: TurnInput, *, by_key: dict[str, Turn]) -> Turn | None:
    """The stored turn with ``item``'s idempotency key, if any; raise if the key was used for another turn."""
    if not item.idempotency_key or item.idempotency_key not in by_key:
        return None
    stored = by_key[item.idempotency_key]
    if stored.body_hash != item.body_hash():
        raise Conflict(
            f"Idempotency key {item.idempotency_key!r} was used for a different turn.",
            code="idempotency_key_reused",
            extra={"stored": stored.as_record()},
        )
    return stored


def memory_refresh_request(
    *,
    conversation: Conversation,
    actor,
    reason: str,
    rebuild: bool = False,
    kinds: list[str] | None = None,
) -> RefreshRun:
    """A person asks for the derived layers to be recomputed; ``rebuild``: from the raw turns, re-indexed.

    ``kinds`` (rolling, static): only those summaries are rewritten (a
    re-summarise, as after a correction). A requested refresh rewrites them
    even if no turn is new.

    The request is a queued ``RefreshRun``, written with its audit entry and
    the task that will carry it out in one transaction, so it is never lost
    (a broker that is down only delays it). It covers at least the turns
    stored now; its run says how it ended, or why it could not.
    """
    reason = _refresh_allowed(actor, reason)
    trigger = RefreshRun.Trigger.REBUILD if rebuild else RefreshRun.Trigger.ON_DEMAND
    kinds = sorted(set(kinds)) if kinds else None
    with transaction.atomic():
        memory_state(conversation)
        # Requests for one conversation take turns here, so that concurrent ones find each other.
        state = MemoryState.objects.select_for_update().get(conversation=conversation)
        # The same request, still waiting to start, is joined rather than queued twice: it covers
        # every turn stored before it starts (memory._refresh_locked marks it started first).
        run = (
            RefreshRun.objects.select_for_update()
            .filter(conversation=conversation, trigger=trigger, outcome=RefreshRun.Outcome.QUEUED)
            .filter(**({"kinds": kinds} if kinds else {"kinds__isnull": True}))
            .order_by("id")
            .first()
        )
        joined = run is not None
        if run is None:
            run = RefreshRun.objects.create(
                conversation=conversation,
                trigger=trigger,
                outcome=RefreshRun.Outcome.QUEUED,
                target_upto_seq=last_seq_of(conversation),
                requested_by=actor if getattr(actor, "pk", None) else None,
                kinds=kinds,
            )
        # Asking changes no memory yet: the memory as it stood is on both sides (the audit page
        # calls it unchanged), beside the run that will do the work.
        memory = {"version": state.version, "summary_upto_seq": state.summary_upto_seq}
        after = {
            **memory,
            "refresh_run": run.pk,
            "upto_seq": run.target_upto_seq,
            **({"joined": True} if joined else {}),
        }
        audit_record(
            actor=actor,
            action="memadmin.memory.rebuild_requested" if rebuild else "memadmin.memory.refresh_requested",
            target=conversation,
            before=memory,
            after={**after, "kinds": kinds} if kinds else after,
            reason=reason,
        )
        if not joined:
            enqueue(tasks.refresh_requested, run.pk, kinds=kinds)
    return run


def memory_reindex_request(*, conversation: Conversation, actor, reason: str) -> None:
    """A person asks for the turns missing from the retrieval index (or stale in it) to be indexed now."""
    reason = _refresh_allowed(actor, reason)
    with transaction.atomic():
        audit_record(
            actor=actor, action="memadmin.memory.reindex_requested", target=conversation, reason=reason
        )
        enqueue(tasks.index_conversation, conversation.pk)


def _refresh_allowed(actor, reason: str) -> str:
    """The reason, checked; a person whose role may not refresh memory is refused (None: the system)."""
    if actor is not None and not can_refresh_memory(actor):
        raise PermissionRefused("Refreshing memory needs the support or admin role.")
    return audit_reason(reason)
