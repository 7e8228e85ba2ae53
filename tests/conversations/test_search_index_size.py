"""Each conversation's count of index entries, which BM25 reads, stays exact whatever writes or deletes them.

The count is kept by triggers on the index table, not by the code that
writes entries, so these tests go through every writer and every way an
entry goes: indexing after an append, bulk indexing and re-embedding, an
import with indexing, turns and entries deleted, a forget request, a
conversation deleted, and an entry moved to another conversation.
"""

import dataclasses
import io
import json
import math

import pytest
from django.db import connection

from conversations.indexing import index_bulk
from conversations.models import Conversation, Turn, TurnIndexEntry, TurnIndexSize
from conversations.retrieval import TEXT_SEARCH_CONFIG, index_turns, search
from conversations.search_tuning import DEFAULT_TUNING
from conversations.transfer import conversations_import
from tests.conversations.test_retrieval_lexical import bm25_from_every_entry, forget_now
from tests.factories import ConversationFactory, TurnFactory

BAKERY_CHAT = [
    ("user", "The sourdough starter doubled overnight at last."),
    ("assistant", "Good sign. Feed it again before you bake."),
    ("user", "I bake on Saturday morning, rye and spelt."),
    ("assistant", "Rye ferments faster than spelt, keep an eye on it."),
    ("user", "My aunt Perrine sends her starter from Lyon."),
    ("assistant", "A starter with a history, lovely."),
]


def kept_sizes() -> dict[int, int]:
    """What the search reads: each conversation's kept count, a missing row read as 0."""
    return {row.conversation_id: row.entries for row in TurnIndexSize.objects.all() if row.entries}


def counted_sizes() -> dict[int, int]:
    """The truth: the index table's entries counted per conversation."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT conversation_id, count(*) FROM {TurnIndexEntry._meta.db_table} GROUP BY conversation_id"
        )
        return dict(cursor.fetchall())


def bakery(turns: int = len(BAKERY_CHAT), **kwargs) -> Conversation:
    conversation = ConversationFactory(**kwargs)
    for seq in range(1, turns + 1):
        role, content = BAKERY_CHAT[(seq - 1) % len(BAKERY_CHAT)]
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content)
    return conversation


@pytest.fixture
def two_bakeries(db, embedder):
    first, second = bakery(subject_id="baker-1"), bakery(9, subject_id="baker-2")
    index_turns(conversation=first, embedder=embedder)
    index_turns(conversation=second, embedder=embedder)
    return first, second


class TestTheCountStaysExact:
    def test_as_indexed_after_an_append(self, two_bakeries):
        first, second = two_bakeries
        assert kept_sizes() == counted_sizes() == {first.pk: 6, second.pk: 9}

    def test_indexing_again_writes_nothing_and_counts_nothing(self, two_bakeries, embedder):
        first, _ = two_bakeries
        assert index_turns(conversation=first, embedder=embedder) == 0
        assert kept_sizes() == counted_sizes()

    def test_after_turns_are_added(self, two_bakeries, embedder):
        first, _ = two_bakeries
        added = [TurnFactory(conversation=first, seq=seq, content="Rye again today.") for seq in (7, 8)]
        index_turns(conversation=first, embedder=embedder, turns=added)
        assert kept_sizes() == counted_sizes()
        assert kept_sizes()[first.pk] == 8

    def test_after_every_entry_is_re_embedded(self, two_bakeries, embedder):
        TurnIndexEntry.objects.update(embedding_model="previous-model")
        assert index_bulk(embedder=embedder).written == 15
        assert kept_sizes() == counted_sizes()

    def test_stale_entries_count_as_the_search_counts_them(self, two_bakeries, embedder):
        first, _ = two_bakeries
        TurnIndexEntry.objects.filter(conversation=first, seq__lte=2).update(embedding_model="previous-model")
        assert kept_sizes() == counted_sizes()
        assert kept_sizes()[first.pk] == 6

    def test_after_bulk_indexing_of_turns_never_indexed(self, db, embedder):
        conversations = [bakery(subject_id=f"baker-{n}") for n in range(3)]
        index_bulk(embedder=embedder, page=4)  # pages cut across conversations
        assert kept_sizes() == counted_sizes() == {c.pk: 6 for c in conversations}

    def test_after_an_import_with_indexing(self, db, embedder):
        lines = [
            json.dumps(
                {
                    "external_id": f"bakery-{n}",
                    "subject_id": "baker",
                    "turns": [
                        {"seq": seq, "role": role, "content": content, "created_at": "2026-05-02T08:00:00Z"}
                        for seq, (role, content) in enumerate(BAKERY_CHAT, start=1)
                    ],
                }
            )
            for n in range(2)
        ]
        conversations_import(stream=io.BytesIO("\n".join(lines).encode()), derive=False, index_with=embedder)
        assert kept_sizes() == counted_sizes()
        assert sorted(kept_sizes().values()) == [6, 6]

    def test_after_turns_and_entries_are_deleted(self, two_bakeries):
        first, second = two_bakeries
        Turn.objects.filter(conversation=first, seq__in=[1, 2]).delete()
        TurnIndexEntry.objects.filter(conversation=second, seq__gte=7).delete()
        assert kept_sizes() == counted_sizes() == {first.pk: 4, second.pk: 6}

    def test_after_a_conversation_is_deleted(self, two_bakeries):
        first, second = two_bakeries
        first.delete()
        assert kept_sizes() == counted_sizes() == {second.pk: 9}
        assert not TurnIndexSize.objects.filter(conversation_id=first.pk).exists()

    def test_after_turns_are_forgotten(self, two_bakeries):
        first, second = two_bakeries
        done = forget_now("turns", conversation=first, turn_seqs=(3, 5))
        assert done.status == done.Status.COMPLETED, done.error
        assert kept_sizes() == counted_sizes() == {first.pk: 4, second.pk: 9}

    def test_after_a_value_is_redacted_and_its_turn_indexed_again(self, two_bakeries, embedder):
        first, _ = two_bakeries
        done = forget_now("value", subject_id="baker-1", phrases=["Perrine"])
        assert done.status == done.Status.COMPLETED, done.error
        index_turns(conversation=first, embedder=embedder)
        assert kept_sizes() == counted_sizes()
        assert kept_sizes()[first.pk] == 6

    def test_after_an_entry_moves_to_another_conversation(self, two_bakeries):
        first, second = two_bakeries
        TurnIndexEntry.objects.filter(conversation=first, seq=1).update(conversation=second)
        assert kept_sizes() == counted_sizes() == {first.pk: 5, second.pk: 10}


class TestTheSearchReadsTheCount:
    def test_bm25_weighs_terms_by_the_kept_count(self, two_bakeries, embedder):
        """The kept count set apart from the entries: the scores follow it, so the search read it."""
        first, _ = two_bakeries
        query = "rye starter"
        expected_now = bm25_from_every_entry(first, query)
        TurnIndexSize.objects.filter(conversation=first).update(entries=106)

        hits = search(conversation=first, query=query, embedder=embedder, k=50, mode="lexical")
        found = {hit.seq: hit.lexical_score for hit in hits if hit.lexical_rank is not None}

        assert found.keys() == expected_now.keys()
        assert all(found[seq] > score for seq, score in expected_now.items())
        assert found == pytest.approx(_bm25_with_size(first, query, 106), rel=1e-9)

    def test_length_normalised_bm25_still_counts_the_entries(self, two_bakeries, embedder):
        first, _ = two_bakeries
        tuning = dataclasses.replace(DEFAULT_TUNING, bm25_b=0.5)

        def scores():
            hits = search(
                conversation=first, query="rye starter", embedder=embedder, mode="lexical", tuning=tuning
            )
            return [(hit.seq, hit.lexical_score) for hit in hits]

        counted = scores()
        TurnIndexSize.objects.filter(conversation=first).update(entries=106)

        assert counted and scores() == counted


def _bm25_with_size(conversation, query: str, size: int) -> dict[int, float]:
    """BM25 (b = 0) of the conversation's entries as if it had ``size`` of them."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"""SELECT e.seq, u.lexeme, cardinality(u.positions)
                FROM {TurnIndexEntry._meta.db_table} AS e,
                     unnest(e.search_vector) AS u
                WHERE e.conversation_id = %s
                  AND u.lexeme = ANY(tsvector_to_array(to_tsvector(%s::regconfig, %s)))""",
            [conversation.pk, TEXT_SEARCH_CONFIG, query],
        )
        rows = cursor.fetchall()
    df: dict[str, int] = {}
    for _, lexeme, _ in rows:
        df[lexeme] = df.get(lexeme, 0) + 1
    k1 = DEFAULT_TUNING.bm25_k1
    scores: dict[int, float] = {}
    for seq, lexeme, tf in rows:
        idf = math.log(1 + (size - df[lexeme] + 0.5) / (df[lexeme] + 0.5))
        scores[seq] = scores.get(seq, 0.0) + idf * tf * (k1 + 1) / (tf + k1)
    return scores
