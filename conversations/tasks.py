"""Celery tasks: each takes ids, calls one function of conversations.memory, and is safe to run twice.

They are sent through ``memadmin.tasks.enqueue`` (recorded with the change that
owes them) and retried on transient errors by ``RetryingTask``.
"""

from celery import shared_task

from conversations import memory
from memadmin.tasks import RetryingTask, on_give_up


@shared_task(base=RetryingTask)
def turns_appended(conversation_id: int, first_seq: int | None = None, last_seq: int | None = None) -> None:
    memory.turns_appended(conversation_id=conversation_id, first_seq=first_seq, last_seq=last_seq)


@shared_task(base=RetryingTask)
def refresh_requested(run_id: int, kinds: list[str] | None = None) -> None:
    memory.refresh_request_run(run_id=run_id, kinds=kinds)


@on_give_up("conversations.tasks.refresh_requested")
def _refresh_request_given_up(run_id: int, *, error: str, kinds: list[str] | None = None) -> None:
    memory.refresh_request_give_up(run_id=run_id, error=error)


@shared_task(base=RetryingTask)
def refresh_memory(
    conversation_id: int,
    expected_version: int | None,
    trigger: str,
    requested_by_id: int | None = None,
    rebuild: bool = False,
    target_upto_seq: int | None = None,
) -> None:
    """A refresh planned against ``expected_version`` (discarded if a newer state commits first)."""
    memory.memory_refresh(
        conversation_id=conversation_id,
        expected_version=expected_version,
        trigger=trigger,
        requested_by_id=requested_by_id,
        rebuild=rebuild,
        target_upto_seq=target_upto_seq,
    )


@shared_task(base=RetryingTask)
def index_conversation(conversation_id: int) -> None:
    memory.memory_reindex(conversation_id=conversation_id)
