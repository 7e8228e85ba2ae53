"""A question asking when is answered by a turn that says when."""

import pytest

from conversations.answer_cues import asks_when, tells_time
from conversations.detail import explain_query
from conversations.retrieval import search
from conversations.search_tuning import SearchTuning
from tests.conversations.test_retrieval_ranking import indexed, seq_in

BIKE_CHAT = [
    ("user", "My bike has been making a clicking noise and the chain keeps slipping off."),
    ("assistant", "A slipping chain is often a worn chain or a stretched cable. Is the bike under warranty?"),
    ("user", "Yes, I bought it from you. The chain slipping is worst on hills; the bike chain needs a look."),
    ("assistant", "Bring the bike in on Thursday at 10am and we will sort it out."),
    ("user", "Great, thanks."),
    ("assistant", "You're welcome. Anything else about the chain or the bike?"),
]
WHEN = "When can they look at the bike chain?"
SLOT = "on Thursday at 10am"


def ranked(conversation, query, embedder, **tuning):
    hits = search(
        conversation=conversation, query=query, embedder=embedder, k=6, tuning=SearchTuning(**tuning)
    )
    return [hit.seq for hit in hits], {hit.seq: hit for hit in hits}


@pytest.mark.parametrize(
    "question",
    [
        "When did Sam move to Leeds?",
        "what time is the call?",
        "On what day was it delivered?",
        "How long ago?",
    ],
)
def test_a_question_asking_for_a_time_is_read_as_one(question):
    assert asks_when(question)


@pytest.mark.parametrize(
    "question", ["Where did Sam move?", "What did the workshop say?", "Was it sent whenever?"]
)
def test_other_questions_are_not(question):
    assert not asks_when(question)


@pytest.mark.parametrize(
    "text",
    [
        "we moved last week",
        "it came yesterday",
        "see you on Friday",
        "the call is at 7pm",
        "it was the 3rd",
        "back in 2019",
        "due 03.04.2025",
        "two days ago",
    ],
)
def test_a_turn_saying_when_is_read_as_one(text):
    assert tells_time(text)


@pytest.mark.parametrize("text", ["the chain keeps slipping", "you may want a new cable", "thanks a lot"])
def test_a_turn_saying_no_time_is_not(text):
    assert not tells_time(text)


@pytest.mark.django_db
class TestTimeTerm:
    def test_the_turn_saying_when_rises_above_turns_richer_in_the_words(self, embedder):
        conversation = indexed(BIKE_CHAT, embedder)

        order, hits = ranked(conversation, WHEN, embedder)
        plain, _ = ranked(conversation, WHEN, embedder, time_weight=0.0)

        slot = seq_in(BIKE_CHAT, SLOT)
        assert plain.index(slot) > 0  # the turns saying "bike chain" most outrank it on their words
        assert order.index(slot) < plain.index(slot)
        assert hits[slot].time_score == SearchTuning().time_weight
        assert all(hit.time_score == 0.0 for seq, hit in hits.items() if seq != slot)

    def test_a_question_not_asking_when_adds_nothing(self, embedder):
        conversation = indexed(BIKE_CHAT, embedder)

        _, hits = ranked(conversation, "What is wrong with the bike chain?", embedder)

        assert hits and all(hit.time_score == 0.0 for hit in hits.values())

    def test_the_arms_alone_are_left_as_they_are(self, embedder):
        conversation = indexed(BIKE_CHAT, embedder)

        for mode in ("lexical", "vector"):
            hits = search(conversation=conversation, query=WHEN, embedder=embedder, mode=mode)
            assert all(hit.time_score == 0.0 for hit in hits)

    def test_the_page_says_the_turn_says_when(self, embedder):
        conversation = indexed(BIKE_CHAT, embedder)

        result = explain_query(conversation, WHEN, embedder=embedder, k=6)

        slot = next(item for item in result.hits if item.hit.seq == seq_in(BIKE_CHAT, SLOT))
        assert "says when, as the question asks" in slot.reasons
