"""Bulk writes of the retrieval index: the same entries as the per-append path,, faster."""

import io
import json
from datetime import UTC, datetime

import numpy as np
import pytest
from django.core.management import call_command
from django.db import connection

from conversations.indexing import index_bulk
from conversations.models import Conversation, RefreshRun, Turn, TurnIndexEntry
from conversations.retrieval import index_state, index_turns, search
from conversations.transfer import conversations_import
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
            # The per-append path sends text, bulk the float32 bits: both round to the same halves.
            np.testing.assert_array_equal(bulk_vector, row_vector)
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
        stored = TurnIndexEntry.objects.filter(conversation=conversation)
        assert {len(entry.embedding) for entry in stored} == {256}

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


def garden_file(tmp_path, *external_ids: str, tool_turn: bool = True) -> str:
    lines = []
    for external_id in external_ids:
        turns = [
            {"seq": seq, "role": role, "content": content, "created_at": f"2026-04-01T09:{seq:02d}:00Z"}
            for seq, (role, content) in enumerate(GARDEN_CHAT, start=1)
        ]
        if tool_turn:
            turns.append({"seq": len(turns) + 1, "role": "tool", "content": "", "tool_calls": TOOL_CALLS})
        lines.append(json.dumps({"external_id": external_id, "subject_id": "gardener", "turns": turns}))
    path = tmp_path / "garden.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def import_indexing(path: str, embedder, **kwargs):
    with open(path, "rb") as stream:
        return conversations_import(stream=stream, derive=False, index_with=embedder, **kwargs)


def assert_same_entries(stored: list[tuple], expected: list[tuple]) -> None:
    assert [row[:3] for row in stored] == [row[:3] for row in expected]
    for (_, _, _, vector), (_, _, _, expected_vector) in zip(stored, expected, strict=True):
        np.testing.assert_allclose(vector, expected_vector, atol=1e-6)


class FailingEmbedder:
    """The real embedder, except that its second call fails."""

    model_name = "fails-on-the-second-batch"

    def __init__(self, embedder):
        self.embedder, self.calls = embedder, 0

    def embed_array(self, texts):
        self.calls += 1
        if self.calls == 2:
            raise RuntimeError("the embedder fell over")
        return self.embedder.embed_array(texts)


class TestIndexingAsItImports:
    """import --index-only: each batch's turns are indexed once it commits, while the next is read."""

    @pytest.mark.django_db
    def test_it_stores_the_same_entries_as_the_per_append_path(self, tmp_path, embedder):
        report = import_indexing(garden_file(tmp_path, "in-import"), embedder)
        one_by_one = garden(external_id="one-by-one")
        index_turns(conversation=one_by_one, embedder=embedder)

        assert report.indexed.written == len(GARDEN_CHAT) + 1
        assert_same_entries(entries(Conversation.objects.get(external_id="in-import")), entries(one_by_one))

    @pytest.mark.django_db(transaction=True)
    def test_in_a_thread_of_its_own_every_batch_is_indexed_once(self, tmp_path, embedder):
        path = garden_file(tmp_path, "first", "second", "third")
        one_by_one = garden(external_id="one-by-one")
        index_turns(conversation=one_by_one, embedder=embedder)

        # A batch per conversation: three batches go through the thread.
        report = import_indexing(path, embedder, batch_turns=len(GARDEN_CHAT))

        assert report.indexed.written == 3 * (len(GARDEN_CHAT) + 1)
        for external_id in ("first", "second", "third"):
            assert_same_entries(
                entries(Conversation.objects.get(external_id=external_id)), entries(one_by_one)
            )
        assert index_bulk(embedder=embedder).written == 0
        hits = search(
            conversation=Conversation.objects.get(external_id="second"),
            query="is there frost tonight in Ghent?",
            embedder=embedder,
        )
        assert hits[0].seq == len(GARDEN_CHAT) + 1

    @pytest.mark.django_db(transaction=True)
    def test_a_failed_indexer_loses_no_turn_and_the_bulk_pass_indexes_the_rest(self, tmp_path, embedder):
        path = garden_file(tmp_path, "first", "second", "third")
        failing = FailingEmbedder(embedder)

        report = import_indexing(path, failing, batch_turns=len(GARDEN_CHAT))

        assert report.turns_stored == 3 * (len(GARDEN_CHAT) + 1)
        assert report.indexed.failed == "RuntimeError: the embedder fell over"
        assert report.indexed.written == len(GARDEN_CHAT) + 1
        first = TurnIndexEntry.objects.filter(conversation__external_id="first")
        assert first.count() == len(GARDEN_CHAT) + 1
        # Whatever the import stored and did not index, the bulk pass (reextract --index-only) writes.
        assert index_bulk(embedder=failing).written == 2 * (len(GARDEN_CHAT) + 1)
        assert TurnIndexEntry.objects.count() == Turn.objects.count()
