"""Bulk writes of the retrieval index: the same entries as the per-append path,, faster."""

import io
import json
from datetime import UTC, datetime

import numpy as np
import pytest
from django.core.management import call_command
from django.db import connection

from conversations.indexing import index_bulk
from conversations.models import Conversation, RefreshRun, TurnIndexEntry
from conversations.retrieval import index_state, index_turns, search
from memadmin.providers.embedders import get_embedder
from tests.factories import ConversationFactory, TurnFactory

GARDEN_CHAT = [
    ("user", "The tomato seedlings finally sprouted on the windowsill."),
    ("assistant", "Lovely! Keep them warm and turn the trays every day."),
    ("user", "Should I repot them into 9 cm pots already?"),
    ("assistant", "Once they have two true leaves, yes."),
    ("user", "My neighbour Ingrid gave me some basil cuttings too."),
    ("assistant", "Basil roots well in a glass of water."),
    ("user", "What's a good feed for chillies?"),
    ("assistant", "A tomato feed high in potassium works for chillies as well."),
]
TOOL_CALLS = [{"id": "c1", "name": "weather", "arguments": {"town": "Ghent"}, "result": {"frost": "tonight"}}]


@pytest.fixture(scope="module")
def embedder():
    return get_embedder("wordllama")


def garden(**kwargs) -> Conversation:
    conversation = ConversationFactory(**kwargs)
    for seq, (role, content) in enumerate(GARDEN_CHAT, start=1):
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content)
    TurnFactory(
        conversation=conversation, seq=len(GARDEN_CHAT) + 1, role="tool", content="", tool_calls=TOOL_CALLS
    )
    return conversation


def entries(conversation: Conversation) -> list[tuple]:
    """The entries as stored: seq, model, the full-text vector as text, the embedding."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT seq, embedding_model, search_vector::text, embedding::text "
            "FROM conversations_turnindexentry WHERE conversation_id = %s ORDER BY seq",
            [conversation.pk],
        )
        return [
            (seq, model, text, np.array(json.loads(vector), dtype=np.float32))
            for seq, model, text, vector in cursor.fetchall()
        ]


@pytest.mark.django_db
class TestBulkIndexWrites:
    def test_they_store_the_same_entries_as_the_per_append_path(self, embedder):
        one_by_one, in_bulk = garden(external_id="one-by-one"), garden(external_id="in-bulk")
        index_turns(conversation=one_by_one, embedder=embedder)

        report = index_bulk(embedder=embedder, conversation_ids=[in_bulk.pk])

        expected, stored = entries(one_by_one), entries(in_bulk)
        assert report.written == len(GARDEN_CHAT) + 1
        assert [row[:3] for row in stored] == [row[:3] for row in expected]
        for (_, _, _, bulk_vector), (_, _, _, row_vector) in zip(stored, expected, strict=True):
            # The per-append path sends 7 significant digits as text, bulk sends the float32 bits.
            np.testing.assert_allclose(bulk_vector, row_vector, atol=1e-6)
        assert {e.turn.conversation_id for e in TurnIndexEntry.objects.filter(conversation=in_bulk)} == {
            in_bulk.pk
        }

    def test_a_second_run_writes_nothing(self, embedder):
        conversation = garden()
        index_bulk(embedder=embedder)

        assert index_bulk(embedder=embedder).written == 0
        assert index_state(conversation, embedder.model_name)["indexed"] == len(GARDEN_CHAT) + 1

    def test_entries_of_another_model_are_re_embedded_and_current_ones_left_alone(self, embedder):
        conversation = garden()
        index_bulk(embedder=embedder)
        TurnIndexEntry.objects.filter(conversation=conversation, seq__in=[2, 5]).update(
            embedding_model="old-model-3d", embedding=[1.0, 0.0, 0.0]
        )
        long_ago = datetime(2020, 1, 1, tzinfo=UTC)
        TurnIndexEntry.objects.filter(conversation=conversation).update(indexed_at=long_ago)

        report = index_bulk(embedder=embedder)

        assert report.written == 2
        rewritten = TurnIndexEntry.objects.filter(conversation=conversation).exclude(indexed_at=long_ago)
        assert sorted(rewritten.values_list("seq", flat=True)) == [2, 5]
        assert index_state(conversation, embedder.model_name)["stale"] == 0
        assert {len(e.embedding) for e in TurnIndexEntry.objects.filter(conversation=conversation)} == {256}

    def test_pages_smaller_than_a_conversation_and_spanning_two_write_every_turn_once(self, embedder):
        first, second = garden(external_id="first"), garden(external_id="second")
        progress = []

        report = index_bulk(embedder=embedder, page=4, on_progress=progress.append)

        assert report.written == 2 * (len(GARDEN_CHAT) + 1)
        assert sum(progress) == report.written and max(progress) == 4
        for conversation in (first, second):
            assert sorted(
                TurnIndexEntry.objects.filter(conversation=conversation).values_list("seq", flat=True)
            ) == (list(range(1, len(GARDEN_CHAT) + 2)))

    def test_naming_conversations_leaves_the_others_alone(self, embedder):
        chosen, other = garden(external_id="chosen"), garden(external_id="other")

        index_bulk(embedder=embedder, conversation_ids=[chosen.pk])

        assert TurnIndexEntry.objects.filter(conversation=other).count() == 0
        hits = search(conversation=chosen, query="basil cuttings from Ingrid", embedder=embedder)
        assert hits[0].seq == 5
        assert (
            search(conversation=other, query="basil cuttings from Ingrid", embedder=embedder, mode="lexical")
            == []
        )

    def test_search_finds_a_tool_result_written_in_bulk(self, embedder):
        conversation = garden()
        index_bulk(embedder=embedder)

        hits = search(conversation=conversation, query="is there frost tonight in Ghent?", embedder=embedder)

        assert hits[0].seq == len(GARDEN_CHAT) + 1


@pytest.mark.django_db
class TestCommands:
    def test_reextract_index_only_re_embeds_stale_entries_and_derives_nothing(self, embedder):
        conversation = garden()
        index_turns(conversation=conversation, embedder=embedder)
        TurnIndexEntry.objects.filter(conversation=conversation).update(
            embedding_model="old-model-3d", embedding=[0.0, 1.0, 0.0]
        )
        out = io.StringIO()

        call_command("reextract", "--index-only", "--no-progress", stdout=out)

        assert index_state(conversation, embedder.model_name) == {
            "turns": len(GARDEN_CHAT) + 1,
            "indexed": len(GARDEN_CHAT) + 1,
            "missing": 0,
            "stale": 0,
        }
        assert f"{len(GARDEN_CHAT) + 1} entries written" in out.getvalue()
        assert not RefreshRun.objects.exists()

    def test_import_index_only_stores_and_indexes_the_file_without_deriving(self, tmp_path, embedder):
        path = tmp_path / "garden.jsonl"
        turns = [
            {"seq": seq, "role": role, "content": content, "created_at": "2026-04-01T09:00:00Z"}
            for seq, (role, content) in enumerate(GARDEN_CHAT, start=1)
        ]
        path.write_text(
            json.dumps({"external_id": "garden-1", "subject_id": "gardener", "turns": turns}) + "\n"
        )

        call_command("import_conversations", str(path), "--index-only", "--no-progress", stdout=io.StringIO())

        conversation = Conversation.objects.get(external_id="garden-1")
        assert index_state(conversation, embedder.model_name)["indexed"] == len(GARDEN_CHAT)
        assert not RefreshRun.objects.exists()
        hits = search(conversation=conversation, query="feed for chillies", embedder=embedder)
        assert {hit.seq for hit in hits[:2]} == {7, 8}
