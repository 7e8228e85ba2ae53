"""Hours said bare where the words around them make them clocks: a window for a visit on a day, the hour a
place closes said without "at" where an errand is to be done by then, an hour after the day it is on, a half
hour offered as the other choice to a clock, and a date said with "may" in lower case before "same time";
with near forms that stay unread (a count between two numbers, a count of days, a place's hours said alone, a
question)."""

import pytest

from tests.facts.booking_chats import values


@pytest.mark.parametrize(
    "content,time,clock",
    [
        ("the surveyor is coming thursday between 9 and 11 to look", "between 9 and 11", "09:00-11:00"),
        ("the fitter is coming friday between 5 and 7 to measure", "between 5 and 7", "17:00-19:00"),
        ("need to return the van too, the depot closes 11 so thats fine", "11", "23:00"),
        ("team sync every monday at 2", "2", "14:00"),
        ("she needs it picked up on the thursday by 5 because of work", "5", "17:00"),
    ],
)
def test_a_bare_hour_is_read_where_its_words_make_it_a_clock(content, time, clock):
    from tests.facts.booking_chats import of_type, said_by_user

    assert (time, clock) in of_type(said_by_user(content), "time")


@pytest.mark.parametrize(
    "content",
    [
        "we had between 9 and 11 people on tuesday",
        "the shop closes 2 days a week",
        "the bar closes 11 so thats fine",
        "the bar opens 5 till late",
        "is he coming thursday between 9 and 11?",
        "on monday at 3 of them left",
    ],
)
def test_a_count_or_a_question_is_no_clock(content):
    assert values(content, "time", role="user") == []


def test_a_half_hour_offered_beside_a_clock():
    assert "half 3" in values("the hall does parties from 1pm or half 3", "time", role="user")


def test_a_day_of_may_in_lower_case_before_same_time():
    assert values("they offered the 1st of may same time instead", "date", role="user") == ["the 1st of may"]


def test_may_as_a_verb_stays_no_date():
    assert values("the 1st of may be late", "date", role="user") == []
