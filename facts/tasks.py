"""Celery tasks of staff fact changes: each takes ids, calls one function, and is safe to run twice."""

from celery import shared_task

from conversations.memory import ProviderEmbedder
from conversations.models import Conversation, Turn
from conversations.retrieval import index_turns
from memadmin.providers import get_provider


@shared_task
def index_turn(conversation_id: int, seq: int) -> None:
    """Index one turn if its entry is missing or was made by another model (a no-op otherwise)."""
    conversation = Conversation.objects.filter(pk=conversation_id).first()
    if conversation is None:
        return
    turns = Turn.objects.for_conversation(conversation).filter(seq=seq)
    index_turns(conversation=conversation, embedder=ProviderEmbedder(get_provider()), turns=turns)
