"""Forget requests: ask, preview, approve (a second privacy officer), carry out, verify, and prove.

A request runs as a Celery task (``privacy.tasks.forget_execute``) through the
outbox, in steps: each conversation, then the audit log, the outbox, Redis,
export files, then the rebuild of summaries from what remains. Each step
commits with its figures and its name in ``steps_done``, so a worker killed
half-way leaves a request that the next run carries on from, and the
receipt is written once. The first step of a conversation that stays bumps
its memory version under the row lock: a refresh that started before the
request commits nothing (compare-and-swap), and its retry reads the record
as it is now.
"""

import hashlib
import json
import logging
import time
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.crypto import salted_hmac

from conversations import tasks as conversation_tasks
from conversations.models import (
    ContextSnapshot,
    Conversation,
    MemoryState,
    RefreshRun,
    Summary,
    Turn,
    TurnIndexEntry,
)
from facts.models import PinnedFact
from memadmin.audit import audit_reason, audit_record
from memadmin.errors import Conflict, InvalidInput, PermissionRefused
from memadmin.permissions import can_handle_forget
from memadmin.tasks import enqueue
from privacy import registry
from privacy.models import ForgetProbe, ForgetReceipt, ForgetRequest, ForgetStoreCount
from privacy.registry import ALL_STORES, FORGET_ORDER, Result, Target, text_match

logger = logging.getLogger(__name__)

MAX_PHRASES = 20
MAX_PHRASE_CHARS = 300
MIN_PHRASE_CHARS = 3
MAX_TURNS = 1000
Scope = ForgetRequest.Scope
Status = ForgetRequest.Status
# The audit action of a failed request run again (the request page reads who ran it from it).
RETRIED_ACTION = "privacy.forget.retried"


# One step for each store that is not a table of one conversation, in registry.GLOBAL_STORES's order.
GLOBAL_STEPS = ("audit", "pending", "redis", "exports", "qa-findings", "qa-runs")


class ResidueFound(Exception):
    """The scan found forgotten content after the request ran: it failed, loudly."""


def subject_pseudonym(subject_id: str) -> str:
    """A keyed hash of the subject id: the same subject gets the same pseudonym, which reveals nothing."""
    return "subj_" + salted_hmac("memadmin.privacy.subject", subject_id).hexdigest()[:20]


def phrase_digest(phrase: str) -> str:
    return salted_hmac("memadmin.privacy.phrase", phrase.casefold()).hexdigest()[:20]


def _refuse_unless_officer(actor) -> None:
    if not can_handle_forget(actor):
        raise PermissionRefused("Forget requests need the privacy role.")


# --- asking ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RequestInput:
    scope: str
    legal_basis: str
    reason: str
    deadline: date
    subject_id: str = ""
    conversation: Conversation | None = None
    turn_seqs: tuple[int, ...] = ()
    phrases: tuple[str, ...] = ()

    @classmethod
    def read(cls, fields: Mapping[str, Any]) -> "RequestInput":
        """The input from the fields a form or serializer read (a field that failed its check is absent)."""
        return cls(
            scope=fields.get("scope", ""),
            legal_basis=fields.get("legal_basis", ""),
            reason=fields.get("reason", ""),
            deadline=fields.get("deadline"),
            subject_id=fields.get("subject_id", ""),
            conversation=fields.get("conversation"),
            turn_seqs=tuple(fields.get("turn_seqs", ())),
            phrases=tuple(fields.get("phrases", ())),
        )


@dataclass(frozen=True)
class InputProblem:
    """One thing wrong with a request's input, naming the field of ``RequestInput`` it is about."""

    field: str
    code: str
    message: str


class RequestRefused(InvalidInput):
    """A request's input refused, with every problem at once (``problems``), each naming its field.

    The page shows each beside its field, the API answers ``{field: [messages]}``; ``code`` and
    ``message`` are the first problem's, as for any other refusal.
    """

    def __init__(self, problems: list[InputProblem]):
        super().__init__(problems[0].message, code=problems[0].code)
        self.problems = problems

    def by_field(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for problem in self.problems:
            found.setdefault(problem.field, []).append(problem.message)
        return found


def _clean_phrases(phrases, problems: list[InputProblem]) -> list[str]:
    cleaned = []
    for phrase in phrases:
        phrase = " ".join((phrase or "").split())
        if not phrase:
            continue
        if len(phrase) < MIN_PHRASE_CHARS:
            problems.append(
                InputProblem(
                    "phrases",
                    "phrase_too_short",
                    f"“{phrase}” is too short to look for: "
                    f"a value is at least {MIN_PHRASE_CHARS} characters.",
                )
            )
        elif len(phrase) > MAX_PHRASE_CHARS:
            problems.append(
                InputProblem(
                    "phrases", "phrase_too_long", f"A value is at most {MAX_PHRASE_CHARS} characters."
                )
            )
        elif phrase.casefold() not in {p.casefold() for p in cleaned}:
            cleaned.append(phrase)
    if len(cleaned) > MAX_PHRASES:
        problems.append(
            InputProblem("phrases", "too_many_phrases", f"At most {MAX_PHRASES} values in one request.")
        )
    return cleaned


@dataclass(frozen=True)
class _Checked:
    reason: str
    subject_id: str
    conversation: Conversation | None
    turn_seqs: list[int]
    phrases: list[str]


def _check_request(data: RequestInput, problems: list[InputProblem]) -> _Checked:
    """Every check of a request's input, each problem added to ``problems`` with its field."""

    def refuse(field: str, code: str, message: str) -> None:
        problems.append(InputProblem(field, code, message))

    reason = ""
    try:
        reason = audit_reason(data.reason)
    except InvalidInput as error:
        refuse("reason", error.code, error.message)
    scope = data.scope if data.scope in Scope.values else None
    if scope is None:
        refuse("scope", "scope", "Choose what to forget.")
    if data.legal_basis not in ForgetRequest.LegalBasis.values:
        refuse("legal_basis", "legal_basis", "Choose the legal basis.")
    if data.deadline is None:
        refuse("deadline", "deadline", "Give the deadline.")
    phrases = _clean_phrases(data.phrases, problems)
    # Each scope reads its own fields: a conversation given with a subject or value request
    # (or a subject id with a conversation one) is not kept.
    conversation = data.conversation if scope in (Scope.CONVERSATION, Scope.TURNS) else None
    subject_id = (data.subject_id or "").strip()
    turn_seqs: list[int] = []
    if scope in (Scope.CONVERSATION, Scope.TURNS):
        subject_id = conversation.subject_id if conversation else ""
        if conversation is None:
            refuse("conversation", "conversation", "Name the conversation.")
    if scope == Scope.TURNS:
        turn_seqs = sorted(set(data.turn_seqs))
        if not turn_seqs:
            refuse("turn_seqs", "turns", "Name the turns to forget.")
        elif len(turn_seqs) > MAX_TURNS:
            refuse("turn_seqs", "turns", f"At most {MAX_TURNS} turns in one request.")
        elif conversation is not None:
            found = set(
                Turn.objects.filter(conversation=conversation, seq__in=turn_seqs).values_list(
                    "seq", flat=True
                )
            )
            missing = [seq for seq in turn_seqs if seq not in found]
            if missing:
                refuse(
                    "turn_seqs",
                    "unknown_turns",
                    f"The conversation has no turn {', '.join(map(str, missing[:10]))}.",
                )
    if scope in (Scope.SUBJECT, Scope.VALUE):
        if not subject_id:
            refuse("subject_id", "subject", "Give the subject id.")
        elif not Conversation.objects.filter(subject_id=subject_id).exists():
            refuse("subject_id", "unknown_subject", "No conversation has that subject id.")
    if scope == Scope.VALUE and not phrases and not any(p.field == "phrases" for p in problems):
        refuse("phrases", "phrases", "Give at least one value or phrase to forget.")
    return _Checked(reason, subject_id, conversation, turn_seqs, phrases)


def forget_request_problems(*, data: RequestInput) -> list[InputProblem]:
    """What is wrong with a request's input, all of it, without storing anything.

    For a form whose own checks failed: it shows these beside its fields at the same time.
    """
    problems: list[InputProblem] = []
    _check_request(data, problems)
    return problems


def forget_request_create(*, actor, data: RequestInput) -> ForgetRequest:
    """A privacy officer asks for something to be forgotten; nothing runs until a second one approves.

    Bad input is refused with every problem at once (``RequestRefused``), each naming its field.
    """
    _refuse_unless_officer(actor)
    problems: list[InputProblem] = []
    checked = _check_request(data, problems)
    if problems:
        raise RequestRefused(problems)
    reason, subject_id, conversation = checked.reason, checked.subject_id, checked.conversation
    turn_seqs, phrases = checked.turn_seqs, checked.phrases
    with transaction.atomic():
        request = ForgetRequest.objects.create(
            scope=data.scope,
            subject_id=subject_id,
            subject_pseudonym=subject_pseudonym(subject_id),
            conversation_id=conversation.pk if conversation else None,
            conversation_label=conversation.external_id if conversation else "",
            turn_seqs=turn_seqs,
            phrases=phrases,
            legal_basis=data.legal_basis,
            reason=reason,
            deadline=data.deadline,
            requested_by=actor,
        )
        audit_record(
            actor=actor,
            action="privacy.forget.requested",
            target=request,
            after=_public(request),
            reason=reason,
        )
    return request


def _public(request: ForgetRequest) -> dict:
    """What the audit log may say about a request: no subject id, no values."""
    return {
        "scope": request.scope,
        "subject": request.subject_pseudonym,
        "conversation_id": request.conversation_id,
        "turns": len(request.turn_seqs),
        "values": len(request.phrases) or len(request.phrase_digests),
        "legal_basis": request.legal_basis,
        "deadline": request.deadline.isoformat(),
        "status": request.status,
    }


def forget_request_approve(*, request: ForgetRequest, actor, note: str = "") -> ForgetRequest:
    """A second privacy officer approves; the request is queued to run. The requester may not approve it."""
    _refuse_unless_officer(actor)
    if request.requested_by_id == actor.pk:
        raise PermissionRefused(
            "A request is approved by a second privacy officer, not by the one who made it."
        )
    return _decide(request=request, actor=actor, note=note, status=Status.APPROVED)


def forget_request_decline(*, request: ForgetRequest, actor, note: str) -> ForgetRequest:
    """Decline (or, for its requester, withdraw) a request that has not run."""
    _refuse_unless_officer(actor)
    return _decide(request=request, actor=actor, note=audit_reason(note), status=Status.DECLINED)


def forget_request_retry(*, request: ForgetRequest, actor, reason: str) -> ForgetRequest:
    """Run a failed request again, every step (each is safe to repeat), once someone has seen why it failed.

    Its plan stays: the same ids are reached again, and the scan decides again.
    """
    _refuse_unless_officer(actor)
    reason = audit_reason(reason)
    with transaction.atomic():
        retried = ForgetRequest.objects.filter(pk=request.pk, status=Status.FAILED).update(
            status=Status.APPROVED, steps_done=[], error="", finished_at=None
        )
        if retried != 1:
            request.refresh_from_db()
            raise Conflict(f"Only a failed request runs again; this one is {request.get_status_display()}.")
        request.refresh_from_db()
        audit_record(
            actor=actor,
            action=RETRIED_ACTION,
            target=request,
            before={"status": Status.FAILED},
            after={"status": Status.APPROVED},
            reason=reason,
        )
        from privacy import tasks

        enqueue(tasks.forget_execute, request.pk)
    return request


def _decide(*, request: ForgetRequest, actor, note: str, status: str) -> ForgetRequest:
    with transaction.atomic():
        decided = ForgetRequest.objects.filter(pk=request.pk, status=Status.AWAITING).update(
            status=status, decided_by=actor, decided_at=timezone.now(), decision_note=note.strip()
        )
        if decided != 1:
            request.refresh_from_db()
            raise Conflict(f"This request is already {request.get_status_display()}.", code="already_decided")
        request.refresh_from_db()
        audit_record(
            actor=actor,
            action=f"privacy.forget.{'approved' if status == Status.APPROVED else 'declined'}",
            target=request,
            before={"status": Status.AWAITING},
            after={"status": status},
            reason=note.strip(),
        )
        if status == Status.APPROVED:
            from privacy import tasks

            enqueue(tasks.forget_execute, request.pk)
    return request


# --- what it will touch --------------------------------------------------------------------------


def make_plan(request: ForgetRequest) -> dict:
    """The ids the request reaches, read now (never content): the same for a preview and for the run."""
    phrases = list(request.phrases)
    touched: dict[int, list[int]] = {}
    deleted_turns: list[int] = []
    redacted_turns: list[int] = []
    if request.scope == Scope.SUBJECT:
        scanned = list(
            Conversation.objects.filter(subject_id=request.subject_id).values_list("pk", flat=True)
        )
        deleted = scanned
    elif request.scope == Scope.CONVERSATION:
        scanned = deleted = list(
            Conversation.objects.filter(pk=request.conversation_id).values_list("pk", flat=True)
        )
    elif request.scope == Scope.TURNS:
        scanned, deleted = [request.conversation_id], []
        rows = Turn.objects.filter(conversation_id=request.conversation_id, seq__in=request.turn_seqs)
        deleted_turns = list(rows.values_list("pk", flat=True))
        touched[request.conversation_id] = sorted(rows.values_list("seq", flat=True))
    else:
        scanned = list(
            Conversation.objects.filter(subject_id=request.subject_id).values_list("pk", flat=True)
        )
        deleted = []
        matching = text_match(
            Turn.objects.filter(conversation_id__in=scanned), ("content", "tool_calls"), phrases
        )
        for pk, conversation_id, seq in matching.values_list("pk", "conversation_id", "seq"):
            redacted_turns.append(pk)
            touched.setdefault(conversation_id, []).append(seq)
    first_seq = {conversation_id: min(seqs) for conversation_id, seqs in touched.items() if seqs}
    summaries, snapshots = [], []
    for conversation_id, seq in first_seq.items():
        summaries += Summary.objects.filter(conversation_id=conversation_id, upto_seq__gte=seq).values_list(
            "pk", flat=True
        )
        snapshots += ContextSnapshot.objects.filter(
            conversation_id=conversation_id, upto_seq__gte=seq
        ).values_list("pk", flat=True)
    target = Target(request_id=request.pk or 0, touched={k: tuple(v) for k, v in touched.items()})
    facts = list(
        PinnedFact.objects.filter(conversation_id__in=list(touched))
        .filter(registry._facts_linked(target))
        .values_list("pk", flat=True)
    )
    remaining = [pk for pk in scanned if pk not in set(deleted)]
    quoted = text_match(Summary.objects.filter(conversation_id__in=remaining), ("body",), phrases)
    rebuild = sorted(set(touched) | set(quoted.values_list("conversation_id", flat=True)))
    return {
        "scanned": sorted(scanned),
        "deleted_conversations": sorted(deleted),
        "touched": {str(k): sorted(v) for k, v in touched.items()},
        "deleted_turns": sorted(deleted_turns),
        "redacted_turns": sorted(redacted_turns),
        "summaries": sorted(summaries),
        "snapshots": sorted(snapshots),
        "facts": sorted(facts),
        "external_ids": sorted(
            Conversation.objects.filter(pk__in=deleted).values_list("external_id", flat=True)
        ),
        "rebuild": rebuild,
    }


def target_of(request: ForgetRequest, plan: dict | None = None) -> Target:
    plan = plan if plan is not None else (request.plan or make_plan(request))
    subject = request.subject_id if request.scope == Scope.SUBJECT else ""
    return Target.from_plan(request.pk, plan, request.phrases, subject)


@dataclass(frozen=True)
class PreviewRow:
    store: str
    describe: str
    in_scope: int
    affected: int


def forget_preview(request: ForgetRequest) -> list[PreviewRow]:
    """A dry run: per store, the rows in scope and how many the request would remove or rewrite."""
    target = target_of(request, make_plan(request))
    return [
        PreviewRow(store.label, store.describe, _count(store.rows(target)), store.affected(target))
        for store in ALL_STORES
    ]


def _count(rows) -> int:
    return rows.count() if hasattr(rows, "count") and not isinstance(rows, list) else len(rows)


def forget_steps_total(request: ForgetRequest) -> int:
    """How many steps the request runs: one per conversation it reaches, the global stores and the
    rebuild; 0 until it has started (its plan is made when it starts)."""
    if not request.plan:
        return 0
    plan = request.plan
    return len(set(plan["deleted_conversations"]) | set(plan["touched"])) + len(GLOBAL_STEPS) + 1


# --- carrying it out -----------------------------------------------------------------------------


def forget_execute(*, request_id: int) -> ForgetRequest:
    """Carry out an approved request, or carry on with one a crash interrupted; safe to run twice.

    Raises ``ResidueFound`` (after recording it) when the scan finds anything left.
    """
    request = _start(request_id)
    if request is None:
        return ForgetRequest.objects.get(pk=request_id)
    target = target_of(request)
    pause = settings.MEMADMIN_FORGET_PAUSE_MS / 1000
    for step in _steps(target):
        if step in request.steps_done:
            continue
        _run_step(request, target, step)
        if pause:
            time.sleep(pause)
    return _verify_and_prove(request, target)


def _start(request_id: int) -> ForgetRequest | None:
    with transaction.atomic():
        request = ForgetRequest.objects.select_for_update().get(pk=request_id)
        if request.status not in (Status.APPROVED, Status.RUNNING):
            return None
        if request.plan is None:
            plan = make_plan(request)
            request.plan = plan
            request.started_at = timezone.now()
            target = target_of(request, plan)
            ForgetStoreCount.objects.bulk_create(
                [
                    ForgetStoreCount(
                        request=request, store=store.label, position=n, rows_before=_count(store.rows(target))
                    )
                    for n, store in enumerate(ALL_STORES)
                ],
                ignore_conflicts=True,
            )
            _save_probes(request, target)
            audit_record(
                actor=None, action="privacy.forget.started", target=request, after={"status": Status.RUNNING}
            )
        request.status = Status.RUNNING
        request.save(update_fields=["plan", "started_at", "status"])
    return request


def _save_probes(request: ForgetRequest, target: Target) -> None:
    """Copy the embeddings of the turns to forget, for the scan to look for (deleted with the receipt)."""
    if not target.forgotten_turns:
        return
    with connection.cursor() as cursor:
        cursor.execute(
            f"""INSERT INTO {ForgetProbe._meta.db_table}
                (request_id, conversation_id, turn_id, embedding_model, embedding)
            SELECT %s, conversation_id, turn_id, embedding_model, embedding
            FROM {TurnIndexEntry._meta.db_table} WHERE turn_id = ANY(%s)""",
            [request.pk, list(target.forgotten_turns)],
        )


def _steps(target: Target) -> list[str]:
    conversations = sorted(set(target.deleted_conversations) | set(target.touched))
    return [f"conversation:{pk}" for pk in conversations] + [*GLOBAL_STEPS, "rebuild"]


def _run_step(request: ForgetRequest, target: Target, step: str) -> None:
    with transaction.atomic():
        locked = ForgetRequest.objects.select_for_update().get(pk=request.pk)
        if step in locked.steps_done:
            request.steps_done = locked.steps_done
            return
        changed: dict[str, Result] = defaultdict(Result)
        if step.startswith("conversation:"):
            _forget_conversation(target, int(step.split(":", 1)[1]), changed)
        elif step == "rebuild":
            _queue_rebuilds(locked, target)
        else:
            store = registry.GLOBAL_STORES[GLOBAL_STEPS.index(step)]
            changed[store.label] = store.forget(target)
        for label, result in changed.items():
            _add_counts(request, label, result)
        locked.steps_done = [*locked.steps_done, step]
        locked.save(update_fields=["steps_done"])
        request.steps_done = locked.steps_done


def _add_counts(request: ForgetRequest, label: str, result: Result) -> None:
    store = registry.store_of_model(label) if "." in label else label
    if not (result.removed or result.rewritten):
        return
    counts, _ = ForgetStoreCount.objects.get_or_create(
        request=request, store=store, defaults={"position": len(ALL_STORES)}
    )
    ForgetStoreCount.objects.filter(pk=counts.pk).update(
        removed=F("removed") + result.removed, rewritten=F("rewritten") + result.rewritten
    )


def _forget_conversation(target: Target, conversation_id: int, changed: dict[str, Result]) -> None:
    if conversation_id in target.deleted_conversations:
        for label, count in Conversation.objects.filter(pk=conversation_id).delete()[1].items():
            changed[label].removed += count
        return
    # The lock and the version bump first: a refresh computing from the old record now commits nothing.
    state, _ = MemoryState.objects.select_for_update().get_or_create(conversation_id=conversation_id)
    stores = {store.label: store for store in registry.STORES_BY_CONVERSATION}
    for label in FORGET_ORDER:
        for model_label, result in stores[label].forget_in(target, conversation_id).items():
            changed[model_label].removed += result.removed
            changed[model_label].rewritten += result.rewritten
    for model_label, result in registry.CONVERSATION.forget_in(target, conversation_id).items():
        changed[model_label].rewritten += result.rewritten
    left = (
        Summary.objects.filter(conversation_id=conversation_id).aggregate(upto=Max("upto_seq"))["upto"] or 0
    )
    state.version += 1
    state.summary_upto_seq = min(state.summary_upto_seq, left)
    state.facts_upto_seq = min(state.facts_upto_seq, left)
    state.topic_mentions = None
    state.save()
    changed[MemoryState._meta.label].rewritten += 1


def _queue_rebuilds(request: ForgetRequest, target: Target) -> None:
    """Summaries of the conversations that stay are rebuilt from their remaining turns, after the request."""
    runs = []
    for conversation_id in request.plan.get("rebuild", []):
        conversation = Conversation.objects.filter(pk=conversation_id).first()
        if conversation is None or not Turn.objects.filter(conversation=conversation).exists():
            continue
        run = RefreshRun.objects.create(
            conversation=conversation,
            trigger=RefreshRun.Trigger.REBUILD,
            outcome=RefreshRun.Outcome.QUEUED,
            target_upto_seq=Turn.objects.filter(conversation=conversation).aggregate(m=Max("seq"))["m"],
        )
        enqueue(conversation_tasks.refresh_requested, run.pk)
        runs.append(run.pk)
    request.plan = {**request.plan, "rebuild_runs": runs}
    request.save(update_fields=["plan"])


# --- verifying and proving ------------------------------------------------------------------------


def residue_scan(target: Target) -> dict[str, int]:
    """Every store, read for what the request forgot: values (text), embeddings (distance ~0), ids."""
    return {store.label: store.residue(target) for store in ALL_STORES}


def _verify_and_prove(request: ForgetRequest, target: Target) -> ForgetRequest:
    found = residue_scan(target)
    for store, residue in found.items():
        ForgetStoreCount.objects.filter(request=request, store=store).update(residue=residue)
    probes = ForgetProbe.objects.filter(request=request).count()
    digests = sorted(phrase_digest(p) for p in target.phrases)
    scan = {
        "residue": found,
        "values": digests,
        "embeddings_checked": probes,
        "ids": hashlib.sha256(
            json.dumps([target.deleted_conversations, target.forgotten_turns], sort_keys=True).encode()
        ).hexdigest(),
    }
    scan_digest = hashlib.sha256(json.dumps(scan, sort_keys=True).encode()).hexdigest()
    left = {store: n for store, n in found.items() if n}
    if left:
        with transaction.atomic():
            ForgetRequest.objects.filter(pk=request.pk).update(
                status=Status.FAILED,
                finished_at=timezone.now(),
                error="Residue found after forgetting: "
                + ", ".join(f"{store} {n}" for store, n in left.items()),
            )
            audit_record(actor=None, action="privacy.forget.failed", target=request, after={"residue": left})
        logger.error("forget request %s left residue: %s", request.pk, left)
        raise ResidueFound(f"forget request {request.pk} left residue in {', '.join(left)}")
    with transaction.atomic():
        request = ForgetRequest.objects.select_for_update().get(pk=request.pk)
        if hasattr(request, "receipt"):
            return request
        finished = timezone.now()
        ForgetProbe.objects.filter(request=request).delete()
        request.phrase_digests = digests
        request.status = Status.COMPLETED
        request.finished_at = finished
        document = receipt_document(request, scan_digest=scan_digest, embeddings=probes)
        request.subject_id = ""
        request.phrases = []
        if request.scope == Scope.CONVERSATION:
            request.conversation_label = ""
        request.error = ""
        request.save()
        ForgetReceipt.objects.create(request=request, document=document, digest=document_digest(document))
        audit_record(
            actor=None,
            action="privacy.forget.completed",
            target=request,
            after={"status": Status.COMPLETED, "scan_digest": scan_digest},
        )
    return request


def _utc(moment: datetime | None) -> str | None:
    return moment.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z") if moment else None


def receipt_document(request: ForgetRequest, *, scan_digest: str, embeddings: int) -> dict:
    counts = ForgetStoreCount.objects.filter(request=request).order_by("position", "store")
    return {
        "receipt_for_request": request.pk,
        "subject": request.subject_pseudonym,
        "scope": request.scope,
        "legal_basis": request.legal_basis,
        "deadline": request.deadline.isoformat(),
        "requested_by": request.requested_by.get_username(),
        "requested_at": _utc(request.requested_at),
        "approved_by": request.decided_by.get_username() if request.decided_by else None,
        "approved_at": _utc(request.decided_at),
        "started_at": _utc(request.started_at),
        "finished_at": _utc(request.finished_at),
        "stores": [
            {
                "store": c.store,
                "rows_before": c.rows_before,
                "removed": c.removed,
                "rewritten": c.rewritten,
                "residue": c.residue or 0,
            }
            for c in counts
        ],
        "checked": {
            "values": len(request.phrase_digests),
            "value_digests": request.phrase_digests,
            "embeddings": embeddings,
            "conversations_deleted": len(request.plan["deleted_conversations"]),
            "turns_deleted": len(request.plan["deleted_turns"]),
            "turns_redacted": len(request.plan["redacted_turns"]),
        },
        "summaries_rebuilt_by_runs": request.plan.get("rebuild_runs", []),
        "scan_digest": scan_digest,
    }


def document_digest(document: dict) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def forget_give_up(*, request_id: int, error: str) -> None:
    ForgetRequest.objects.filter(pk=request_id, status=Status.RUNNING).update(
        status=Status.FAILED, error=f"gave up after retrying: {error}", finished_at=timezone.now()
    )


def forget_receipt_download(request: ForgetRequest) -> dict | None:
    """The receipt as it is handed out (page download and API alike): the document, its digest and
    what the digest is of. None until the request has completed."""
    receipt = getattr(request, "receipt", None) if request.status == Status.COMPLETED else None
    if receipt is None:
        return None
    return {
        "receipt": receipt.document,
        "digest": receipt.digest,
        "digest_of": "sha256 of receipt, canonical JSON",
    }
