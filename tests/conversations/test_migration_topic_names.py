"""Stored mentions of a topic follow its new name: the migration run forwards and back against the
database, on the rows an older refresh left."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from conversations.models import MemoryState
from facts.services import uncaptured_topics
from tests.factories import ConversationFactory, TurnFactory

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("conversations", "0016_turn_index_short_pending_lists")
AFTER = ("conversations", "0017_topic_mentions_shipping_address")


def migrate(target: tuple[str, str]) -> None:
    MigrationExecutor(connection).migrate([target])


def mentions(conversation) -> dict | None:
    return MemoryState.objects.get(conversation=conversation).topic_mentions


def stored(mentioned: dict | None):
    conversation = ConversationFactory()
    TurnFactory(conversation=conversation, seq=1, content="Please ship it to my sister's in Leeds.")
    TurnFactory(conversation=conversation, seq=2, content="And the refund for the broken one?")
    MemoryState.objects.create(conversation=conversation, facts_upto_seq=2, topic_mentions=mentioned)
    return conversation


def test_the_mentions_an_older_refresh_stored_move_to_the_new_name_and_back():
    try:
        migrate(BEFORE)
        older = stored({"delivery address": [1], "refund amount": [2]})
        other = stored({"refund amount": [2]})
        unread = stored(None)

        migrate(AFTER)

        assert mentions(older) == {"shipping address": [1], "refund amount": [2]}
        assert mentions(other) == {"refund amount": [2]}
        assert mentions(unread) is None
        # Found from what was stored, with no refresh in between.
        MemoryState.objects.filter(conversation=older).update(facts_upto_seq=2)
        assert uncaptured_topics(conversation=older, upto_seq=2) == [
            ("refund amount", [2]),
            ("shipping address", [1]),
        ]

        migrate(BEFORE)

        assert mentions(older) == {"delivery address": [1], "refund amount": [2]}
        assert mentions(other) == {"refund amount": [2]}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
