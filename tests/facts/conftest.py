import pytest

from conversations.models import Conversation
from tests.factories import ConversationFactory, TurnFactory


@pytest.fixture
def refund_chat(db) -> Conversation:
    """Two turns: the customer asks for an amount back to their card, the agent says it is done.

    Named apart from the modules' own ``conversation`` fixtures, which each build what they test.
    """
    conversation = ConversationFactory()
    TurnFactory(conversation=conversation, seq=1, content="Please refund £147.50 to my card.")
    TurnFactory(conversation=conversation, seq=2, role="assistant", content="Done, it is on its way to you.")
    return conversation
