"""A question naming a day is about what was said that day or just after."""

from datetime import UTC, datetime

import pytest

from conversations.detail import explain_query
from conversations.query_dates import DayNamed, days_named, near
from conversations.retrieval import index_turns, search
from conversations.search_tuning import SearchTuning
from tests.factories import ConversationFactory, TurnFactory

# Two sessions a fortnight apart; the later one talks about cooking in the question's own words.
SESSIONS = [
    (datetime(2025, 3, 3, 19, 0, tzinfo=UTC), "Ingrid: how was your evening?"),
    (datetime(2025, 3, 3, 19, 2, tzinfo=UTC), "Tobias: quiet, just read a book"),
    (datetime(2025, 3, 4, 8, 30, tzinfo=UTC), "Ingrid: last night was a chickpea curry with too much chilli"),
    (datetime(2025, 3, 4, 8, 31, tzinfo=UTC), "Tobias: brave"),
    (datetime(2025, 3, 18, 12, 0, tzinfo=UTC), "Tobias: I want to cook more, what should I cook next?"),
    (datetime(2025, 3, 18, 12, 1, tzinfo=UTC), "Tobias: maybe a risotto, I could cook one every week"),
    (datetime(2025, 3, 18, 12, 2, tzinfo=UTC), "Ingrid: good idea"),
    (datetime(2025, 3, 18, 12, 3, tzinfo=UTC), "Tobias: see you"),
]
CURRY = 3


def dated_chat(embedder):
    conversation = ConversationFactory()
    for seq, (said_at, content) in enumerate(SESSIONS, start=1):
        TurnFactory(conversation=conversation, seq=seq, role="user", content=content, created_at=said_at)
    index_turns(conversation=conversation, embedder=embedder)
    return conversation


def ranked(conversation, query, embedder, **tuning):
    hits = search(
        conversation=conversation, query=query, embedder=embedder, k=8, tuning=SearchTuning(**tuning)
    )
    return [hit.seq for hit in hits], {hit.seq: hit for hit in hits}


class TestDaysNamed:
    @pytest.mark.parametrize(
        "question, day",
        [
            ("What did Ingrid cook on 3 March 2025?", DayNamed(3, 3, 2025)),
            ("What happened on the 22nd of February, 2023?", DayNamed(2, 22, 2023)),
            ("Where was she on March 3rd, 2025?", DayNamed(3, 3, 2025)),
            ("Where was she on Dec 31?", DayNamed(12, 31)),
            ("What did he buy on 2025-03-03?", DayNamed(3, 3, 2025)),
            ("What did he play on 03.04.2025?", DayNamed(4, 3, 2025)),
        ],
    )
    def test_a_day_written_out_is_read(self, question, day):
        assert days_named(question) == [day]

    def test_a_numeric_date_with_slashes_may_be_either_way_round(self):
        assert days_named("on 04/03/2025") == [DayNamed(3, 4, 2025), DayNamed(4, 3, 2025)]
        assert days_named("on 25/03/2025") == [DayNamed(3, 25, 2025)]

    @pytest.mark.parametrize(
        "question", ["What did she do in March 2025?", "What is he doing next week?", "Is 3 of them enough?"]
    )
    def test_no_day_is_read_where_none_is_named(self, question):
        assert days_named(question) == []

    def test_a_turn_is_near_from_the_day_before_to_two_days_after(self):
        named = [DayNamed(3, 3, 2025)]

        assert near(datetime(2025, 3, 2, 23, 0, tzinfo=UTC), named, 1, 2)
        assert near(datetime(2025, 3, 5, 10, 0, tzinfo=UTC), named, 1, 2)
        assert not near(datetime(2025, 3, 6, 0, 1, tzinfo=UTC), named, 1, 2)
        assert not near(datetime(2024, 3, 3, 12, 0, tzinfo=UTC), named, 1, 2)
        # A day named without its year matches that day in any year.
        assert near(datetime(2023, 3, 4, 12, 0, tzinfo=UTC), [DayNamed(3, 3)], 1, 2)


@pytest.mark.django_db
class TestDateTerm:
    def test_the_turn_said_the_morning_after_the_day_named_comes_before_the_later_session(self, embedder):
        conversation = dated_chat(embedder)
        question = "What did Ingrid cook on 3 March 2025?"

        order, hits = ranked(conversation, question, embedder)
        plain, _ = ranked(conversation, question, embedder, date_weight=0.0)

        later = [seq for seq, (said_at, _) in enumerate(SESSIONS, start=1) if said_at.day == 18]
        assert all(order.index(CURRY) < order.index(seq) for seq in later)
        # Without the date term a turn of the later session, which talks of cooking, wins.
        assert plain[0] in later
        assert hits[CURRY].date_score == SearchTuning().date_weight
        assert all(hit.date_score == 0.0 for seq, hit in hits.items() if seq > 4)

    def test_a_question_naming_no_day_adds_nothing(self, embedder):
        conversation = dated_chat(embedder)

        _, hits = ranked(conversation, "What did Ingrid cook?", embedder)

        assert hits and all(hit.date_score == 0.0 for hit in hits.values())

    def test_the_page_says_the_turn_was_said_on_the_day(self, embedder):
        conversation = dated_chat(embedder)

        result = explain_query(conversation, "What did Ingrid cook on 3 March 2025?", embedder=embedder, k=3)

        curry = next(item for item in result.hits if item.hit.seq == CURRY)
        assert "said on or just after the day the question names" in curry.reasons
