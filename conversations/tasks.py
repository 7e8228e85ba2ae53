"""Celery tasks: each takes ids, calls one function of conversations.memory, and is safe to run twice."""

from celery import shared_task

from conversations import memory


@shared_task
def turns_appended(conversation_id: int, first_seq: int | None = None, last_seq: int | None = None) -> None:
    memory.turns_appended(conversation_id=conversation_id, first_seq=first_seq, last_seq=last_seq)


@shared_task
def refresh_memory(
    conversation_id: int,
    expected_version: int,
    trigger: str,
    requested_by_id: int | None = None,
    rebuild: bool = False,
    target_upto_seq: int | None = None,
    kinds: list[str] | None = None,
) -> None:
    memory.memory_refresh(
        conversation_id=conversation_id,
        expected_version=expected_version,
        trigger=trigger,
        requested_by_id=requested_by_id,
        rebuild=rebuild,
        target_upto_seq=target_upto_seq,
        # Named kinds: a person asked for those summaries to be rewritten now.
        **({"kinds": tuple(kinds), "force": True} if kinds else {}),
    )


@shared_task
def index_conversation(conversation_id: int) -> None:
    memory.memory_reindex(conversation_id=conversation_id)
