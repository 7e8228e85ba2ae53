"""Staff changes to pinned facts: correct, undo a correction, add, retract, mark temporary, flag.

The dashboard, the API and any command call these functions alike. Each one:
- says why: an empty reason is refused;
- checks the actor may change facts (the views check first; this is the
  last word, so a command or a new caller cannot skip it);
- refuses a form read from an older state of the fact (``seen_updated_at``):
  two people changing the same fact never silently overwrite each other;
- only changes a live fact (active, or temporary): a superseded or retracted
  fact is history, and bringing it back beside its replacement would give
  the model two values for one thing;
- snapshots the fact before changing it, and writes the change to the fact's
  history and to the audit log;
- bumps the memory version of the conversation, so a refresh that started
  from the state before the change is discarded by compare-and-swap instead
  of committing facts it read before the change;
- flags the current summaries that still quote a value the change retired
  (``Summary.stale_values``), so a person sees which summary to re-summarise.
"""

import re
from datetime import date, datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from conversations.models import Conversation, MemoryState, Turn, unknown_turns
from facts.models import FactRevision, FactType, PinnedFact
from facts.propagation import summaries_retire
from facts.services import LIVE_STATUSES, SINGLE_VALUED_KEYS, snapshot
from memadmin.audit import audit_reason, audit_record
from memadmin.errors import Conflict, InvalidInput, PermissionRefused
from memadmin.permissions import can_change_facts
from memadmin.tasks import enqueue

KEY_RE = re.compile(r"^[a-z][a-z0-9_]{0,99}$")


def _check(actor, reason: str) -> str:
    if actor is not None and not can_change_facts(actor):
        raise PermissionRefused("Changing facts needs the support or admin role.")
    return audit_reason(reason)


def _locked(fact: PinnedFact, seen_updated_at: datetime | None) -> PinnedFact:
    """The fact as stored now, locked for this transaction; Conflict if it changed since it was read."""
    current = PinnedFact.objects.select_for_update().get(pk=fact.pk)
    if seen_updated_at is not None and current.updated_at != seen_updated_at:
        raise Conflict(
            "This fact was changed by someone else since you opened it; reload to see the change.",
            code="stale",
            extra={"updated_at": current.updated_at.isoformat()},
        )
    return current


def _require_live(fact: PinnedFact, doing: str) -> None:
    if fact.status not in LIVE_STATUSES:
        raise Conflict(
            f"Only a current fact can be {doing}; this one is {fact.status}.",
            code="not_live",
            extra={"status": fact.status},
        )


def _audit_view(fact: PinnedFact) -> dict:
    return {"fact_id": fact.pk, "conversation_id": fact.conversation_id, "key": fact.key, **snapshot(fact)}


def _record(
    fact: PinnedFact,
    *,
    action: str,
    before: dict | None,
    audit_before: dict | None,
    actor,
    reason: str,
) -> FactRevision:
    """The fact's history and the audit log, from one snapshot taken before the change."""
    revision = FactRevision.objects.create(
        fact=fact, action=action, before=before, after=snapshot(fact), actor=actor, reason=reason
    )
    audit_record(
        actor=actor,
        action=f"memadmin.fact.{action}",
        target=fact,
        before=audit_before,
        after=_audit_view(fact),
        reason=reason,
    )
    return revision


def _bump_memory_version(conversation_id: int) -> None:
    # The row lock this UPDATE takes orders it against a refresh's commit,
    # which locks the same row and compares the version it started from.
    MemoryState.objects.get_or_create(conversation_id=conversation_id)
    MemoryState.objects.filter(conversation_id=conversation_id).update(version=F("version") + 1)


def _index_source_turn(fact: PinnedFact) -> None:
    from facts import tasks  # tasks import the memory pipeline, which imports this app's services

    enqueue(tasks.index_turn, fact.conversation_id, fact.source_seq)


@transaction.atomic
def fact_correct(
    *,
    fact: PinnedFact,
    value: str,
    actor,
    reason: str,
    normalised: str = "",
    seen_updated_at: datetime | None = None,
) -> PinnedFact:
    """A person corrects a fact; return the new fact.

    The new value is a staff fact on the same turn; it supersedes the old one,
    which stays in the history. The turn is re-indexed if its entry is missing
    or stale, and current summaries quoting the old value are flagged.
    """
    reason = _check(actor, reason)
    value = value.strip()
    if not value:
        raise InvalidInput("A corrected value cannot be empty.", code="empty_value")
    fact = _locked(fact, seen_updated_at)
    _require_live(fact, "corrected")
    if value == fact.value:
        raise InvalidInput("The corrected value is the same as the current one.", code="unchanged")
    before, audit_before = snapshot(fact), _audit_view(fact)
    corrected = PinnedFact.objects.create(
        conversation_id=fact.conversation_id,
        type=fact.type,
        key=fact.key,
        value=value,
        normalised=normalised.strip()[:300],
        source_seq=fact.source_seq,
        source_seqs=fact.turns,
        origin=PinnedFact.Origin.STAFF,
        status=fact.status,
        temporary_until=fact.temporary_until,
    )
    fact.status = PinnedFact.Status.SUPERSEDED
    fact.superseded_by = corrected
    fact.save(update_fields=["status", "superseded_by", "updated_at"])
    FactRevision.objects.create(
        fact=fact, action="superseded", before=before, after=snapshot(fact), actor=actor, reason=reason
    )
    _record(
        corrected, action="corrected", before=before, audit_before=audit_before, actor=actor, reason=reason
    )
    summaries_retire(fact.conversation_id, retired=[fact.value])
    _bump_memory_version(fact.conversation_id)
    _index_source_turn(fact)
    return corrected


@transaction.atomic
def fact_correction_undo(
    *, fact: PinnedFact, actor, reason: str, seen_updated_at: datetime | None = None
) -> PinnedFact:
    """Undo the staff correction ``fact``: the value it replaced is current again; return that fact.

    The undo is itself a revision of both facts: nothing is deleted.
    """
    reason = _check(actor, reason)
    fact = _locked(fact, seen_updated_at)
    _require_live(fact, "undone")
    previous = (
        PinnedFact.objects.select_for_update()
        .filter(superseded_by=fact, status=PinnedFact.Status.SUPERSEDED)
        .order_by("-updated_at")
        .first()
    )
    if fact.origin != PinnedFact.Origin.STAFF or previous is None:
        raise Conflict("This fact is not a correction of another value.", code="not_a_correction")
    before, audit_before = snapshot(fact), _audit_view(fact)
    fact.status = PinnedFact.Status.SUPERSEDED
    fact.superseded_by = previous
    fact.save(update_fields=["status", "superseded_by", "updated_at"])
    FactRevision.objects.create(
        fact=fact,
        action="correction_undone",
        before=before,
        after=snapshot(fact),
        actor=actor,
        reason=reason,
    )
    # Back to what it was before it was superseded: active, or temporary with its end.
    previous_before = snapshot(previous)
    was = previous.revisions.filter(action="superseded").order_by("-at", "-id").first()
    status = (was.before or {}).get("status") if was else None
    previous.status = status if status in LIVE_STATUSES else PinnedFact.Status.ACTIVE
    previous.superseded_by = None
    previous.save(update_fields=["status", "superseded_by", "updated_at"])
    _record(
        previous,
        action="restored",
        before=previous_before,
        audit_before=audit_before,
        actor=actor,
        reason=reason,
    )
    summaries_retire(fact.conversation_id, retired=[fact.value], restored=[previous.value])
    _bump_memory_version(fact.conversation_id)
    return previous


@transaction.atomic
def fact_add(
    *,
    conversation: Conversation,
    source_seq: int,
    span_start: int,
    span_end: int,
    value: str,
    type: str,
    key: str,
    actor,
    reason: str,
    normalised: str = "",
) -> PinnedFact:
    """A person pins a value the extractor missed, by selecting its words in a turn.

    The selection is the fact's source span: it must lie inside that turn of
    this conversation, and ``value`` must be exactly the text at it.
    """
    reason = _check(actor, reason)
    if type not in FactType.values:
        raise InvalidInput(f"Unknown fact type {type!r}.", code="invalid_type")
    key = key.strip()
    if not KEY_RE.match(key):
        raise InvalidInput(
            "A key is lower-case letters, digits and underscores, starting with a letter.",
            code="invalid_key",
        )
    turn = Turn.objects.for_conversation(conversation).filter(seq=source_seq).only("content").first()
    if turn is None:
        raise unknown_turns(conversation, [source_seq])
    if not 0 <= span_start < span_end <= len(turn.content):
        raise InvalidInput(
            f"The selection {span_start}-{span_end} is not inside turn {source_seq} (0-{len(turn.content)}).",
            code="span_outside_turn",
        )
    if turn.content[span_start:span_end] != value or not value.strip():
        raise InvalidInput(
            f"The value must be exactly the selected words of turn {source_seq}.",
            code="span_mismatch",
            extra={"selected": turn.content[span_start:span_end]},
        )
    # One writer of a conversation's facts at a time (the extractor locks these rows too).
    live = list(
        PinnedFact.objects.for_conversation(conversation)
        .filter(status__in=LIVE_STATUSES, key=key)
        .select_for_update()
    )
    if any(f.value == value for f in live):
        raise Conflict(f"{key} = {value!r} is already pinned.", code="duplicate")
    if key in SINGLE_VALUED_KEYS and live:
        raise Conflict(
            f"{key} holds one value and {live[0].value!r} is current: correct that fact instead.",
            code="single_valued",
            extra={"fact_id": live[0].pk},
        )
    fact = PinnedFact.objects.create(
        conversation=conversation,
        type=type,
        key=key,
        value=value,
        normalised=normalised.strip()[:300],
        source_seq=source_seq,
        source_seqs=[source_seq],
        span_start=span_start,
        span_end=span_end,
        origin=PinnedFact.Origin.STAFF,
        status=PinnedFact.Status.ACTIVE,
    )
    _record(fact, action="added", before=None, audit_before=None, actor=actor, reason=reason)
    summaries_retire(conversation.pk, retired=[], restored=[value])
    _bump_memory_version(conversation.pk)
    return fact


@transaction.atomic
def fact_retract(
    *, fact: PinnedFact, actor, reason: str, seen_updated_at: datetime | None = None
) -> PinnedFact:
    """A person retracts a wrong fact: it stays in the history, and is never presented again."""
    reason = _check(actor, reason)
    fact = _locked(fact, seen_updated_at)
    _require_live(fact, "retracted")
    before, audit_before = snapshot(fact), _audit_view(fact)
    fact.status = PinnedFact.Status.RETRACTED
    fact.save(update_fields=["status", "updated_at"])
    _record(fact, action="retracted", before=before, audit_before=audit_before, actor=actor, reason=reason)
    summaries_retire(fact.conversation_id, retired=[fact.value])
    _bump_memory_version(fact.conversation_id)
    return fact


@transaction.atomic
def fact_mark_temporary(
    *,
    fact: PinnedFact,
    actor,
    reason: str,
    until: date | None = None,
    this_conversation_only: bool = False,
    seen_updated_at: datetime | None = None,
) -> PinnedFact:
    """A person limits a fact to a while: until a date (inclusive), or for this conversation only.

    Past its date it is no longer presented to the model; either way it never
    becomes a durable trait. Exactly one scope is given.
    """
    reason = _check(actor, reason)
    if (until is None) == (not this_conversation_only):
        raise InvalidInput(
            "Choose one scope: until a date, or this conversation only.", code="scope_required"
        )
    if until is not None and until < timezone.localdate():
        raise InvalidInput("The end date of a temporary fact cannot be in the past.", code="past_date")
    fact = _locked(fact, seen_updated_at)
    _require_live(fact, "marked temporary")
    before, audit_before = snapshot(fact), _audit_view(fact)
    fact.status = PinnedFact.Status.TEMPORARY
    fact.temporary_until = until  # None: for this conversation only
    fact.save(update_fields=["status", "temporary_until", "updated_at"])
    _record(
        fact, action="marked_temporary", before=before, audit_before=audit_before, actor=actor, reason=reason
    )
    _bump_memory_version(fact.conversation_id)
    return fact


@transaction.atomic
def fact_make_durable(
    *, fact: PinnedFact, actor, reason: str, seen_updated_at: datetime | None = None
) -> PinnedFact:
    """A person makes a temporary fact durable again (active, with no end)."""
    reason = _check(actor, reason)
    fact = _locked(fact, seen_updated_at)
    if fact.status != PinnedFact.Status.TEMPORARY:
        raise Conflict(
            f"Only a temporary fact can be made durable; this one is {fact.status}.",
            code="not_temporary",
            extra={"status": fact.status},
        )
    before, audit_before = snapshot(fact), _audit_view(fact)
    fact.status = PinnedFact.Status.ACTIVE
    fact.temporary_until = None
    fact.save(update_fields=["status", "temporary_until", "updated_at"])
    _record(fact, action="made_durable", before=before, audit_before=audit_before, actor=actor, reason=reason)
    _bump_memory_version(fact.conversation_id)
    return fact


@transaction.atomic
def fact_flag(
    *,
    fact: PinnedFact,
    actor,
    reason: str,
    needs_review: bool = True,
    seen_updated_at: datetime | None = None,
) -> PinnedFact:
    """A person flags a fact for review (the reason says what to look at), or clears the flag."""
    reason = _check(actor, reason)
    fact = _locked(fact, seen_updated_at)
    if fact.needs_review == needs_review:
        raise Conflict(
            "This fact is already flagged for review." if needs_review else "This fact is not flagged.",
            code="unchanged",
        )
    before, audit_before = snapshot(fact), _audit_view(fact)
    fact.needs_review = needs_review
    fact.review_reason = reason[:300] if needs_review else ""
    fact.save(update_fields=["needs_review", "review_reason", "updated_at"])
    _record(
        fact,
        action="flagged" if needs_review else "unflagged",
        before=before,
        audit_before=audit_before,
        actor=actor,
        reason=reason,
    )
    return fact
