"""One of each object a URL can take an id of, for tests that walk the routes."""

from dataclasses import dataclass

from conversations.models import ContextSnapshot, Conversation, RefreshRun
from facts.models import FactType, PinnedFact
from tests.factories import ContextSnapshotFactory, ConversationFactory, TurnFactory


@dataclass
class Objects:
    conversation: Conversation
    snapshot: ContextSnapshot
    run: RefreshRun
    fact: PinnedFact


def objects_for(conversation: Conversation | None = None, **conversation_fields) -> Objects:
    """A conversation with a turn, a context snapshot, a refresh run and a pinned fact."""
    conversation = conversation or ConversationFactory(**conversation_fields)
    turn = TurnFactory(conversation=conversation, seq=1, content="My phone number is 0612345678.")
    snapshot = ContextSnapshotFactory(conversation=conversation)
    run = RefreshRun.objects.create(
        conversation=conversation, trigger=RefreshRun.Trigger.ON_DEMAND, target_upto_seq=1
    )
    fact = PinnedFact.objects.create(
        conversation=conversation,
        type=FactType.PHONE,
        key="phone",
        value="0612345678",
        source_seq=turn.seq,
        origin=PinnedFact.Origin.EXTRACTOR,
    )
    return Objects(conversation, snapshot, run, fact)
