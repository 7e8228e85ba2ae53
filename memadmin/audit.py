"""The audit log: every change a person makes, with before, after and why."""

from typing import Any

from django.db import models

from memadmin.errors import InvalidInput
from memadmin.models import AuditEntry

# Field names whose values are secrets. Not plain "key": a pinned fact's key
# ("order_id") is what the log must show.
SECRET_KEYS = frozenset({"password", "token", "secret", "api_key", "secret_key", "private_key"})
MASK = "••••"
MAX_REASON = 2000


# What each namespace of action codes is about, as the audit page names it
# ("memadmin.fact.marked_temporary" reads "Fact marked temporary").
ACTION_SUBJECTS = {
    "memadmin.fact": "Fact",
    "memadmin.record": "Conversations",
    "memadmin.qa.gold": "Gold facts",
    "memadmin.qa.label": "Label",
    "memadmin.qa.labels": "Labels",
    "memadmin.qa.query": "Retrieval question",
    "memadmin.qa.run": "Evaluation run",
    "memadmin.qa.suggestions": "Suggested labels",
    "memadmin.token": "API token",
    "memadmin.api_client": "API client",
    "memadmin.user": "Account",
    "privacy.forget": "Forget request",
}
# Codes that read better in words of their own.
ACTION_LABELS = {
    "memadmin.memory.refresh_requested": "Re-summarise requested",
    "memadmin.memory.reindex_requested": "Re-index requested",
    "memadmin.memory.rebuild_requested": "Rebuild of the memory requested",
}


def action_label(code: str) -> str:
    """An action code in words ("privacy.forget.approved" -> "Forget request approved").

    A code of a namespace not listed reads as itself: the log never hides what was written.
    """
    if code in ACTION_LABELS:
        return ACTION_LABELS[code]
    namespace, _, verb = code.rpartition(".")
    subject = ACTION_SUBJECTS.get(namespace)
    if subject is None or not verb:
        return code
    return f"{subject} {verb.replace('_', ' ')}"


def audit_reason(reason: str) -> str:
    """The reason a person gave for a change, trimmed; a change made by a person always says why."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidInput("Say why: a reason is required.", code="reason_required")
    if len(reason) > MAX_REASON:
        raise InvalidInput(f"A reason is at most {MAX_REASON} characters.", code="reason_too_long")
    return reason


def audit_record(
    *,
    actor,
    action: str,
    target: models.Model | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    reason: str = "",
    conversation_id: int | None = None,
) -> AuditEntry:
    """Write one audit entry. ``action`` is a namespaced code (``memadmin.record.imported``).

    ``actor`` is a user, or None for the system itself (a command run without
    ``--actor``, a scheduled job). The conversation the change is about is
    read from ``target`` (a conversation, or a row with a ``conversation_id``)
    unless given.
    """
    return AuditEntry.objects.create(
        actor=actor if actor is not None and actor.is_authenticated else None,
        actor_label=actor.get_username() if actor is not None and actor.is_authenticated else "system",
        action=action,
        target_type=target._meta.label_lower if target is not None else "",
        target_id=str(target.pk) if target is not None else "",
        conversation_id=conversation_id or _conversation_of(target),
        before=_masked(before),
        after=_masked(after),
        reason=reason,
    )


def _conversation_of(target: models.Model | None) -> int | None:
    if target is None:
        return None
    if target._meta.label_lower == "conversations.conversation":
        return target.pk
    return getattr(target, "conversation_id", None)


def _masked(values: dict[str, Any] | None) -> dict[str, Any] | None:
    if values is None:
        return None
    return {key: MASK if key.lower() in SECRET_KEYS else value for key, value in values.items()}
