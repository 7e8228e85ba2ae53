"""The lexical arm reads the matching turns alone, and its BM25 stays exact as the record changes.

The arm finds the turns holding a query's words through an index keyed by
(conversation, word) and counts document frequencies over what it found. These
tests hold its scores against BM25 computed here from every entry of the
conversation, read whole, after turns are added, re-embedded, redacted and
forgotten, with another conversation saying the same words beside it.
"""

import math

import pytest
from django.db import connection

from conversations import retrieval
from conversations.indexing import index_bulk
from conversations.models import TurnIndexEntry
from conversations.retrieval import TEXT_SEARCH_CONFIG, index_turns, search
from conversations.search_tuning import DEFAULT_TUNING
from memadmin.permissions import Role
from privacy import forget
from privacy.forget import forget_request_approve
from tests.factories import ConversationFactory, TurnFactory, UserFactory
from tests.privacy.conftest import ask

GARDEN_CHAT = [
    ("user", "The tomatoes on the balcony finally turned red this week."),
    ("assistant", "Lovely! Were they the cherry tomatoes or the big ones?"),
    ("user", "Cherry ones. The basil next to them is doing well too."),
    ("assistant", "Basil and tomatoes are good neighbours, they say."),
    ("user", "My neighbour Odile gave me the basil seedlings in April."),
    ("assistant", "Kind of her. Do you water them every morning?"),
    ("user", "Every evening, the balcony gets the morning sun."),
    ("assistant", "Evening watering works if the soil drains well."),
    ("user", "I should repot the rosemary, its pot is cracked, tomatoes tomatoes tomatoes."),
    ("assistant", "A terracotta pot would suit the rosemary."),
]
QUERIES = [
    "when did the tomatoes turn red",
    "who gave me the basil seedlings",
    "which pot should the rosemary go in",
    "do I water the balcony in the morning or the evening",
]


def bm25_from_every_entry(conversation, query: str, excluded: set[int] = frozenset()) -> dict[int, float]:
    """BM25 (b = 0) of each turn of the conversation holding a query word, from all its entries read whole."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tsvector_to_array(to_tsvector(%s::regconfig, %s))", [TEXT_SEARCH_CONFIG, query]
        )
        words = set(cursor.fetchone()[0])
        cursor.execute(
            f"""SELECT e.seq, u.lexeme, cardinality(u.positions)
                FROM {TurnIndexEntry._meta.db_table} AS e, unnest(e.search_vector) AS u
                WHERE e.conversation_id = %s""",
            [conversation.pk],
        )
        rows = cursor.fetchall()
    entries = TurnIndexEntry.objects.filter(conversation=conversation).count()
    frequencies: dict[str, int] = {}
    for _, lexeme, _ in rows:
        if lexeme in words:
            frequencies[lexeme] = frequencies.get(lexeme, 0) + 1
    k1 = DEFAULT_TUNING.bm25_k1
    scores: dict[int, float] = {}
    for seq, lexeme, tf in rows:
        if lexeme in words and seq not in excluded:
            df = frequencies[lexeme]
            idf = math.log(1 + (entries - df + 0.5) / (df + 0.5))
            scores[seq] = scores.get(seq, 0.0) + idf * tf * (k1 + 1) / (tf + k1)
    return scores


def lexical_scores(conversation, embedder, query: str, excluded: set[int] = frozenset()) -> dict[int, float]:
    hits = search(
        conversation=conversation,
        query=query,
        embedder=embedder,
        k=100,
        mode="lexical",
        exclude_seqs=excluded,
    )
    return {hit.seq: hit.lexical_score for hit in hits if hit.lexical_rank is not None}


def assert_exact(conversation, embedder, excluded: set[int] = frozenset()) -> None:
    for query in QUERIES:
        expected = bm25_from_every_entry(conversation, query, excluded)
        found = lexical_scores(conversation, embedder, query, excluded)
        assert expected, query  # the case tests something
        assert found.keys() == expected.keys(), query
        for seq, score in expected.items():
            assert found[seq] == pytest.approx(score, rel=1e-9), (query, seq)


@pytest.fixture
def garden(db, embedder):
    conversation = ConversationFactory(subject_id="cust-garden")
    for seq, (role, content) in enumerate(GARDEN_CHAT, start=1):
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content)
    index_turns(conversation=conversation, embedder=embedder)
    # Another conversation saying the same words, more often: none of its turns may count.
    other = ConversationFactory(subject_id="cust-other")
    for seq in range(1, 16):
        TurnFactory(
            conversation=other, seq=seq, content="tomatoes basil rosemary balcony pot evening morning"
        )
    index_turns(conversation=other, embedder=embedder)
    return conversation


def forget_now(scope: str, **fields):
    """A forget request asked by one privacy officer, approved by another, carried out here and now."""
    first = UserFactory(username="lex-privacy-1", roles=[Role.PRIVACY])
    second = UserFactory(username="lex-privacy-2", roles=[Role.PRIVACY])
    request = ask(first, scope, **fields)
    forget_request_approve(request=request, actor=second, note="identity checked")
    return forget.forget_execute(request_id=request.pk)


class TestDocumentFrequenciesStayExact:
    def test_as_indexed(self, garden, embedder):
        assert_exact(garden, embedder)

    def test_with_turns_excluded_they_still_count_in_the_frequencies(self, garden, embedder):
        assert_exact(garden, embedder, excluded={1, 4, 9})

    def test_after_turns_are_added(self, garden, embedder):
        added = [
            TurnFactory(conversation=garden, seq=11, content="More tomatoes today, and the basil flowered."),
            TurnFactory(
                conversation=garden, seq=12, role="assistant", content="Pinch the basil flowers off."
            ),
        ]
        index_turns(conversation=garden, embedder=embedder, turns=added)

        assert_exact(garden, embedder)
        assert 11 in lexical_scores(garden, embedder, "basil flowered")

    def test_after_every_entry_is_re_embedded(self, garden, embedder):
        TurnIndexEntry.objects.filter(conversation=garden).update(embedding_model="previous-model")
        index_bulk(embedder=embedder, conversation_ids=[garden.pk])

        assert_exact(garden, embedder)

    def test_after_a_value_is_redacted(self, garden, embedder):
        done = forget_now("value", subject_id="cust-garden", phrases=["Odile"])

        assert done.status == done.Status.COMPLETED, done.error
        garden.refresh_from_db()
        assert "Odile" not in garden.turns.get(seq=5).content
        assert_exact(garden, embedder)
        assert lexical_scores(garden, embedder, "Odile") == {}

    def test_after_turns_are_forgotten(self, garden, embedder):
        done = forget_now("turns", conversation=garden, turn_seqs=(1, 9))

        assert done.status == done.Status.COMPLETED, done.error
        assert not TurnIndexEntry.objects.filter(conversation=garden, seq__in=[1, 9]).exists()
        assert_exact(garden, embedder)
        assert not {1, 9} & lexical_scores(garden, embedder, "tomatoes rosemary").keys()


class TestOneStatementASearch:
    @pytest.mark.parametrize("mode", ["hybrid", "lexical", "vector"])
    def test_every_arm_and_the_turns_shapes_come_in_one_query(
        self, garden, embedder, mode, django_assert_num_queries
    ):
        with django_assert_num_queries(1):
            hits = search(conversation=garden, query="the basil seedlings", embedder=embedder, mode=mode)
        assert 5 in {hit.seq for hit in hits}

    def test_the_exact_arm_joins_the_same_query(self, garden, embedder, django_assert_num_queries):
        TurnFactory(conversation=garden, seq=11, content="Seed order SEED-40172 ships on Monday.")
        index_turns(conversation=garden, embedder=embedder)

        with django_assert_num_queries(1):
            hits = search(conversation=garden, query="where is seed-40172", embedder=embedder)
        assert hits[0].seq == 11 and hits[0].exact_match


class TestTheExactArmReadsFewTurns:
    @pytest.mark.parametrize(
        "query",
        ["what about ord-77120", "what about ORD-77120?", "what about Ord-77120", "status of (ord-77120)"],
    )
    def test_an_identifier_is_found_in_any_case(self, garden, embedder, query):
        TurnFactory(conversation=garden, seq=11, content="Your parcel is ORD-77120.")
        index_turns(conversation=garden, embedder=embedder)

        hits = search(conversation=garden, query=query, embedder=embedder, mode="lexical")

        assert [hit.seq for hit in hits if hit.exact_match] == [11]

    def test_digits_that_only_a_tool_result_holds_are_found(self, garden, embedder):
        TurnFactory(
            conversation=garden,
            seq=11,
            role="assistant",
            content="Let me look that up.",
            tool_calls=[{"name": "lookup", "arguments": "{}", "result": {"tracking": "TRK-55019-X"}}],
        )
        index_turns(conversation=garden, embedder=embedder)

        hits = search(conversation=garden, query="where is trk-55019-x", embedder=embedder, mode="lexical")

        assert [hit.seq for hit in hits if hit.exact_match] == [11]

    def test_the_same_digits_in_another_identifier_do_not_match(self, garden, embedder):
        TurnFactory(conversation=garden, seq=11, content="Your parcel is ORD-77120.")
        TurnFactory(conversation=garden, seq=12, content="Invoice INV-77120 is paid.")
        index_turns(conversation=garden, embedder=embedder)

        hits = search(conversation=garden, query="ord-77120", embedder=embedder, mode="lexical")

        assert [hit.seq for hit in hits if hit.exact_match] == [11]


class TestTheExactArmSendsOnlyWhatCanRank:
    """A number said all through a conversation: only the exact matches that can reach the top k come back."""

    @pytest.fixture
    def numbers(self, db, embedder, monkeypatch):
        # Pools of 3 for k=3, so that a dozen matches are many.
        monkeypatch.setattr(retrieval, "MIN_POOL", 3)
        monkeypatch.setattr(retrieval, "POOL_PER_K", 1)
        conversation = ConversationFactory()
        # The digits inside longer words: the exact arm finds them, the lexical arm does not.
        lines = ["Codes Q60331Z and K4410W are on the form."] * 2 + ["Code Q60331Z is on the form."] * 10
        lines.append("Your number is 60331.")
        for seq, content in enumerate(lines, start=1):
            TurnFactory(conversation=conversation, seq=seq, content=content)
        index_turns(conversation=conversation, embedder=embedder)
        return conversation

    def test_the_turns_matching_more_tokens_come_first_however_early_they_were_said(
        self, numbers, embedder, monkeypatch
    ):
        sent = []
        read_arms = retrieval._read_arms

        def counted(*args, **kwargs):
            exact = read_arms(*args, **kwargs)
            sent.append(len(exact))
            return exact

        monkeypatch.setattr(retrieval, "_read_arms", counted)

        hits = search(
            conversation=numbers, query="what about 60331 and 4410?", embedder=embedder, k=3, mode="lexical"
        )

        # Turns 1 and 2 hold both numbers; turn 13 one, and the lexical arm pooled it (the others
        # hold it in a longer word), so it comes before turns 12, 11, ... which hold one and scored 0.
        assert [(hit.seq, hit.exact_tokens) for hit in hits] == [(2, 2), (1, 2), (13, 1)]
        assert [hit.lexical_rank is not None for hit in hits] == [False, False, True]
        # The pooled turn and the first 3 of the others, not the 13 turns that match.
        assert sent == [4]

    def test_with_more_room_the_later_turns_follow_in_order(self, numbers, embedder):
        hits = search(
            conversation=numbers, query="what about 60331 and 4410?", embedder=embedder, k=6, mode="lexical"
        )

        assert [hit.seq for hit in hits] == [2, 1, 13, 12, 11, 10]
