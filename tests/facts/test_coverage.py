"""Telling "never discussed" from "discussed but not captured" in what reaches the model."""

import pytest

from conversations.assembly import context_assemble
from conversations.memory import turns_appended
from tests.factories import ConversationFactory, TurnFactory


def assembled_facts(*contents: str, settings) -> tuple[str, dict]:
    settings.MEMADMIN_REFRESH_EVERY = 2
    conversation = ConversationFactory()
    for seq, content in enumerate(contents, start=1):
        TurnFactory(
            conversation=conversation, seq=seq, role="user" if seq % 2 else "assistant", content=content
        )
    turns_appended(conversation_id=conversation.pk)
    snapshot = context_assemble(conversation=conversation, message="What about my refund?")
    snapshot.refresh_from_db()  # the layers as stored (JSON)
    block = next(m["content"] for m in snapshot.messages if m["content"].startswith("Pinned facts"))
    return block, snapshot.layers


@pytest.mark.django_db
class TestDiscussedButNotCaptured:
    def test_a_refund_discussed_without_an_amount_is_flagged_with_its_turns(self, settings):
        block, layers = assembled_facts(
            "I'd like a refund for the broken lamp, the sum we agreed on the phone.",
            "Understood, I'll arrange the refund.",
            settings=settings,
        )

        assert "Discussed but not captured: refund amount (turns 1, 2)" in block
        assert layers["uncaptured_topics"] == [["refund amount", [1, 2]]]

    def test_a_refund_never_discussed_is_not_flagged(self, settings):
        block, layers = assembled_facts("My lamp arrived broken.", "Sorry to hear that.", settings=settings)

        assert "Discussed but not captured" not in block
        assert layers["uncaptured_topics"] == []

    def test_a_captured_refund_amount_is_not_flagged(self, settings):
        block, _ = assembled_facts("Please refund the £24.99 for the lamp.", "Done.", settings=settings)

        assert "refund_amount (amount): £24.99" in block
        assert "Discussed but not captured" not in block
