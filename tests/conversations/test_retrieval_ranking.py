"""How the arms rank and how fusion combines them, on small conversations written for these tests."""

import pytest
from django.db import connection

from conversations.detail import explain_query
from conversations.models import LabelledQuery
from conversations.retrieval import index_turns, search
from conversations.retrieval_eval import evaluate
from conversations.search_tuning import SearchTuning
from tests.factories import ConversationFactory, TurnFactory

# A chat between two friends: short messages, each speaker's name in every turn.
FRIENDS_CHAT = [
    ("user", "Marguerite: morning!!"),
    ("assistant", "Tobias: hey you, how was the weekend"),
    ("user", "Marguerite: so good, we finally did the canyon trail on Sunday"),
    ("user", "Marguerite: my calves are dead lol"),
    ("assistant", "Tobias: haha worth it though"),
    ("user", "Marguerite: totally"),
    ("assistant", "Tobias: I stayed in and baked bread all day"),
    ("user", "Marguerite: omg send me a pic"),
    ("assistant", "Tobias: it came out a bit flat but tasty"),
    ("user", "Marguerite: next time add more yeast maybe"),
    ("assistant", "Tobias: yeah probably"),
    ("user", "Marguerite: ok gotta go, work call"),
    ("assistant", "Tobias: good luck!"),
    ("user", "Marguerite: thanks, talk later"),
    ("assistant", "Tobias: I've been under the weather since Monday, sore throat and a fever"),
    ("user", "Marguerite: oh no, rest up"),
    ("assistant", "Tobias: will do"),
    ("user", "Marguerite: I'm also thinking about adopting a greyhound"),
    ("assistant", "Tobias: no way, that's amazing"),
    ("user", "Marguerite: haha we'll see"),
]

COFFEE_CHAT = [
    ("user", "Coffee first, then we talk."),
    ("assistant", "The coffee machine on floor two is broken."),
    ("user", "More coffee? I had coffee at breakfast and coffee at lunch."),
    ("assistant", "Decaf coffee is an option."),
    ("user", "I'm flying to Lisbon tomorrow."),
    ("assistant", "Safe travels! Pack a jacket."),
    ("user", "The airport coffee is always terrible."),
    ("assistant", "Bring a flask of your own coffee then."),
]


def indexed(lines, embedder, **kwargs):
    conversation = ConversationFactory(**kwargs)
    for seq, (role, content) in enumerate(lines, start=1):
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content)
    index_turns(conversation=conversation, embedder=embedder)
    return conversation


def ranked(conversation, query, embedder, *, k: int, **tuning):
    """The seqs the hybrid search returns, best first, and its hits by seq."""
    hits = search(
        conversation=conversation, query=query, embedder=embedder, k=k, tuning=SearchTuning(**tuning)
    )
    return [hit.seq for hit in hits], {hit.seq: hit for hit in hits}


def seq_in(lines, text: str) -> int:
    return next(seq for seq, (_, content) in enumerate(lines, start=1) if text in content)


@pytest.mark.django_db
class TestLexicalArm:
    def test_a_rare_term_is_found_although_the_other_words_of_the_question_are_nowhere(self, embedder):
        conversation = indexed(FRIENDS_CHAT, embedder)
        question = "did Marguerite ever say which breed of greyhound she would like to adopt?"

        hits = search(conversation=conversation, query=question, embedder=embedder, mode="lexical")

        assert hits[0].seq == seq_in(FRIENDS_CHAT, "greyhound")
        with connection.cursor() as cursor:
            # Every word AND-ed together, as plainto_tsquery does, finds no turn at all.
            cursor.execute(
                "SELECT count(*) FROM conversations_turnindexentry "
                "WHERE conversation_id = %s AND search_vector @@ plainto_tsquery('english', %s)",
                [conversation.pk, question],
            )
            assert cursor.fetchone() == (0,)

    def test_a_term_rare_in_the_conversation_outranks_a_common_one_said_more_often(self, embedder):
        conversation = indexed(COFFEE_CHAT, embedder)
        lisbon, coffee_thrice = seq_in(COFFEE_CHAT, "Lisbon"), seq_in(COFFEE_CHAT, "coffee at lunch")

        hits = search(conversation=conversation, query="coffee in Lisbon", embedder=embedder, mode="lexical")

        assert hits[0].seq == lisbon
        # Without document frequency the turn saying "coffee" three times wins: IDF is what decides.
        without_idf = search(
            conversation=conversation,
            query="coffee in Lisbon",
            embedder=embedder,
            mode="lexical",
            tuning=SearchTuning(lexical_rank="ts_rank"),
        )
        assert without_idf[0].seq == coffee_thrice

    def test_document_frequencies_come_from_the_conversation_alone(self, embedder):
        conversation = indexed(COFFEE_CHAT, embedder)
        before = search(
            conversation=conversation, query="coffee in Lisbon", embedder=embedder, mode="lexical"
        )
        # Another conversation where Lisbon is everywhere and coffee is never said.
        indexed(
            [("user", f"Lisbon, day {day}: Lisbon again.") for day in range(30)], embedder, external_id="x"
        )

        after = search(conversation=conversation, query="coffee in Lisbon", embedder=embedder, mode="lexical")

        assert [(h.seq, h.lexical_score) for h in after] == [(h.seq, h.lexical_score) for h in before]

    def test_turns_the_recent_window_excludes_still_count_for_document_frequency(self, embedder):
        conversation = indexed(COFFEE_CHAT, embedder)
        everything = search(conversation=conversation, query="coffee", embedder=embedder, mode="lexical", k=8)

        narrowed = search(
            conversation=conversation,
            query="coffee",
            embedder=embedder,
            mode="lexical",
            k=8,
            exclude_seqs={7, 8},
        )

        scores = {hit.seq: hit.lexical_score for hit in everything}
        assert narrowed and all(hit.lexical_score == pytest.approx(scores[hit.seq]) for hit in narrowed)


@pytest.mark.django_db
class TestFusion:
    def test_hybrid_finds_the_evidence_each_arm_alone_misses(self, embedder):
        """One question only the lexical arm answers, one only the vector arm does; hybrid answers both."""
        conversation = indexed(FRIENDS_CHAT, embedder)
        labelled = {
            # Shares "add more next time" with the turn; the embedding prefers other Tobias turns.
            "What should Tobias add more of next time?": seq_in(FRIENDS_CHAT, "more yeast"),
            # No word in common with "under the weather ... a fever"; the embedding knows.
            "Was anyone feeling sick?": seq_in(FRIENDS_CHAT, "under the weather"),
        }
        for query, seq in labelled.items():
            LabelledQuery.objects.create(conversation=conversation, query=query, evidence_seqs=[seq])

        results = evaluate(conversations=[conversation], embedder=embedder)

        recall = {mode: results[mode]["overall"]["recall@5"] for mode in results}
        assert recall["hybrid"] == 1.0
        assert recall["lexical"] == 0.5 and recall["vector"] == 0.5

    def test_both_fusions_keep_the_top_of_an_arm_that_is_alone(self, embedder):
        conversation = indexed(FRIENDS_CHAT, embedder)

        for fusion in ("score", "rrf"):
            hits = search(
                conversation=conversation,
                query="Was anyone feeling sick?",
                embedder=embedder,
                tuning=SearchTuning(fusion=fusion),
            )
            assert hits[0].seq == seq_in(FRIENDS_CHAT, "under the weather")
            assert hits[0].lexical_rank is None


class TestTuning:
    @pytest.mark.parametrize(
        "changes",
        [
            {"fusion": "average"},
            {"lexical_rank": "bm26"},
            {"vector_weight": -1.0},
            {"rrf_k": -5},
            {"previous_turn_weight": -0.1},
        ],
    )
    def test_a_setting_that_cannot_work_is_refused(self, changes):
        with pytest.raises(ValueError):
            SearchTuning(**changes)


# A question asked, answered in words it does not share, and talk around it.
KITCHEN_CHAT = [
    ("user", "Morning! The builders start on the kitchen next week."),
    ("assistant", "Exciting. Did the quote come in under budget?"),
    ("user", "Just about, they knocked a bit off for paying upfront."),
    ("assistant", "Which colour did you choose for the kitchen cabinets in the end?"),
    ("user", "Sage green, with brass handles."),
    ("assistant", "Lovely. And the worktops?"),
    ("user", "Oak, oiled rather than varnished."),
    ("assistant", "My sister painted her kitchen cabinets white and regrets it."),
    ("user", "White shows every fingerprint."),
    ("assistant", "Are you keeping the old fridge?"),
    ("user", "No, it goes to the tip on Friday."),
    ("assistant", "The cabinets in my flat are grey and I never liked that colour."),
]
KITCHEN_QUESTION = "What colour will the kitchen cabinets be?"
# The previous-turn step alone, without the speaker and shape terms added after it.
NO_TURN_TERMS = {"speaker_weight": 0.0, "question_weight": 0.0, "length_weight": 0.0}


@pytest.mark.django_db
class TestPreviousTurn:
    def test_the_answer_to_a_matching_question_is_found_though_it_shares_no_word(self, embedder):
        conversation = indexed(KITCHEN_CHAT, embedder)
        answer = seq_in(KITCHEN_CHAT, "Sage green")

        def top5(mode="hybrid", **tuning):
            hits = search(
                conversation=conversation,
                query=KITCHEN_QUESTION,
                embedder=embedder,
                k=5,
                mode=mode,
                tuning=SearchTuning(**tuning),
            )
            return [hit.seq for hit in hits]

        assert answer in top5()
        assert answer in top5(**NO_TURN_TERMS)
        assert answer not in top5(previous_turn_weight=0.0, **NO_TURN_TERMS)
        assert answer not in top5("lexical") and answer not in top5("vector")

    def test_a_turn_gains_its_share_of_the_score_of_the_turn_before_it_in_hybrid_alone(self, embedder):
        conversation = indexed(KITCHEN_CHAT, embedder)
        plain = {
            hit.seq: hit
            for hit in search(
                conversation=conversation,
                query=KITCHEN_QUESTION,
                embedder=embedder,
                k=12,
                tuning=SearchTuning(previous_turn_weight=0.0, **NO_TURN_TERMS),
            )
        }

        hits = search(
            conversation=conversation,
            query=KITCHEN_QUESTION,
            embedder=embedder,
            k=12,
            tuning=SearchTuning(previous_turn_weight=0.5, **NO_TURN_TERMS),
        )

        for hit in hits:
            before = plain[hit.seq - 1].score if hit.seq - 1 in plain else 0.0
            assert hit.previous_turn_score == pytest.approx(0.5 * before / 1.5)
            assert hit.score == pytest.approx((plain[hit.seq].score + 0.5 * before) / 1.5)
            assert 0.0 <= hit.score <= 1.0
        for mode in ("lexical", "vector"):
            arm = search(
                conversation=conversation, query=KITCHEN_QUESTION, embedder=embedder, k=12, mode=mode
            )
            assert all(hit.previous_turn_score == 0.0 for hit in arm)

    def test_a_turn_after_an_excluded_one_gains_nothing_from_it(self, embedder):
        conversation = indexed(KITCHEN_CHAT, embedder)
        question = seq_in(KITCHEN_CHAT, "Which colour")

        hits = search(
            conversation=conversation,
            query=KITCHEN_QUESTION,
            embedder=embedder,
            k=12,
            exclude_seqs={question},
        )

        assert question not in [hit.seq for hit in hits]
        assert next(hit for hit in hits if hit.seq == question + 1).previous_turn_score == 0.0

    def test_the_page_says_why_a_reply_came_back(self, embedder):
        conversation = indexed(KITCHEN_CHAT, embedder)
        answer = seq_in(KITCHEN_CHAT, "Sage green")

        result = explain_query(conversation, KITCHEN_QUESTION, embedder=embedder, k=5)

        found = next(item for item in result.hits if item.hit.seq == answer)
        assert f"follows turn {answer - 1}, which matched" in found.reasons
        assert not found.words
