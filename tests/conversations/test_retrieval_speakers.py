"""The hybrid's terms after fusion: the speaker a question names, and the shape of a turn."""

import math
from functools import partial

import pytest

from conversations.detail import explain_query
from conversations.retrieval import search
from conversations.search_tuning import SearchTuning
from tests.conversations.test_retrieval_ranking import indexed, seq_in
from tests.conversations.test_retrieval_ranking import ranked as ranked_by

# Two people talk about their weekends; each turn starts with its speaker's name.
WEEKEND_CHAT = [
    ("user", "Ingrid: hiya, good weekend?"),
    ("assistant", "Bartholomew: hey! yes thanks"),
    ("user", "Ingrid: what did you get up to?"),
    ("assistant", "Bartholomew: Saturday was the market, and I saw Ingrid's sister there on Saturday!"),
    ("assistant", "Bartholomew: and you?"),
    ("user", "Ingrid: on Saturday I went sea swimming at dawn, freezing but glorious"),
    ("assistant", "Bartholomew: ha, brrr"),
    ("assistant", "Bartholomew: brave"),
    ("user", "Ingrid: it wakes you up, I promise"),
    ("assistant", "Bartholomew: I'll take your word for it"),
    ("user", "Ingrid: dinner on thursday?"),
    ("assistant", "Bartholomew: yes please"),
]
SWIM = "sea swimming"
SHOP = "the market"

SUPPORT_CHAT = [
    ("user", "Hello, is my parcel coming on Saturday?"),
    ("assistant", "Let me look: it is out for delivery on Saturday morning."),
    ("user", "Great, thanks."),
]


ranked = partial(ranked_by, k=11)


@pytest.mark.django_db
class TestSpeakerNamed:
    def test_the_named_speakers_statement_comes_first(self, embedder):
        conversation = indexed(WEEKEND_CHAT, embedder)
        question = "What did Ingrid do on Saturday?"

        order, hits = ranked(conversation, question, embedder)
        plain, _ = ranked(conversation, question, embedder, speaker_weight=0.0)

        swim, shop = seq_in(WEEKEND_CHAT, SWIM), seq_in(WEEKEND_CHAT, SHOP)
        assert order.index(swim) < order.index(shop)
        # Without the speaker term the other speaker's turn, richer in the question's words, wins.
        assert plain.index(shop) < plain.index(swim)
        assert hits[swim].speaker == "Ingrid" and hits[shop].speaker == "Bartholomew"
        assert hits[swim].speaker_score == SearchTuning().speaker_weight
        assert all(hit.speaker_score == 0.0 for hit in hits.values() if hit.speaker == "Bartholomew")

    def test_a_name_spelt_another_way_still_names_the_speaker(self, embedder):
        conversation = indexed(WEEKEND_CHAT, embedder)

        order, hits = ranked(conversation, "What did Ingrd do on Saturday?", embedder)

        swim, shop = seq_in(WEEKEND_CHAT, SWIM), seq_in(WEEKEND_CHAT, SHOP)
        assert order.index(swim) < order.index(shop)
        assert hits[swim].speaker_score > 0

    def test_a_question_naming_both_speakers_or_none_boosts_no_one(self, embedder):
        conversation = indexed(WEEKEND_CHAT, embedder)

        for question in ("What did Ingrid and Bartholomew do on Saturday?", "what happened on saturday?"):
            _, hits = ranked(conversation, question, embedder)
            assert all(hit.speaker_score == 0.0 for hit in hits.values())

    def test_turns_without_a_speaker_prefix_are_untouched(self, embedder):
        conversation = indexed(SUPPORT_CHAT, embedder)

        _, hits = ranked(conversation, "Is Saturday the delivery day?", embedder)

        assert hits and all(hit.speaker == "" and hit.speaker_score == 0.0 for hit in hits.values())

    def test_the_arms_alone_are_left_as_they_are(self, embedder):
        conversation = indexed(WEEKEND_CHAT, embedder)

        for mode in ("lexical", "vector"):
            hits = search(
                conversation=conversation,
                query="What did Ingrid do on Saturday?",
                embedder=embedder,
                mode=mode,
            )
            assert all(hit.speaker_score == 0.0 and hit.form_score == 0.0 for hit in hits)

    def test_the_page_says_whose_turn_it_is(self, embedder):
        conversation = indexed(WEEKEND_CHAT, embedder)

        result = explain_query(conversation, "What did Ingrid do on Saturday?", embedder=embedder, k=3)

        swim = next(item for item in result.hits if item.hit.seq == seq_in(WEEKEND_CHAT, SWIM))
        assert "said by Ingrid, whom the question names" in swim.reasons


@pytest.mark.django_db
class TestTurnShape:
    def test_a_turn_ending_with_a_question_mark_loses_the_question_weight(self, embedder):
        conversation = indexed(WEEKEND_CHAT, embedder)
        question = "Is Bartholomew free for dinner on Thursday?"
        asked = seq_in(WEEKEND_CHAT, "dinner on thursday?")

        _, hits = ranked(conversation, question, embedder)
        _, plain = ranked(conversation, question, embedder, question_weight=0.0, length_weight=0.0)

        shape = SearchTuning()
        assert hits[asked].form_score == pytest.approx(
            shape.length_weight * math.log1p(4) - shape.question_weight
        )
        assert hits[asked].score == pytest.approx(plain[asked].score + hits[asked].form_score)

    def test_a_longer_turn_gains_more_than_a_short_one(self, embedder):
        conversation = indexed(WEEKEND_CHAT, embedder)

        _, hits = ranked(conversation, "What did Ingrid do on Saturday?", embedder)

        swim, short = hits[seq_in(WEEKEND_CHAT, SWIM)], hits[seq_in(WEEKEND_CHAT, "ha, brrr")]
        assert swim.form_score > short.form_score > 0
