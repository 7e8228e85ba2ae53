"""A weekday with "next" or "this" and its day of the month is one date: "next Thursday the 16th"; said
after a comma ("next Thursday, the 16th") the day of the month stays a value of its own.

Written for these tests (the chat's turns are dated Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import of_type, said_by_user


@pytest.mark.parametrize(
    "turn,date",
    [
        ("Can we move it to next Thursday the 16th.", ("next Thursday the 16th", "2026-07-16")),
        ("see you this friday the 10th then", ("this friday the 10th", "2026-07-10")),
        ("It lands on the coming Tuesday the 14th.", ("coming Tuesday the 14th", "2026-07-14")),
    ],
)
def test_one_date(turn, date):
    assert of_type(said_by_user(turn), "date") == [date]


def test_a_weekday_and_a_later_day_of_the_month_stay_two(turn="Next Thursday, or else the 23rd."):
    # look-alike: two days offered, not one
    assert [v for v, _ in of_type(said_by_user(turn), "date")] == ["Next Thursday", "the 23rd"]


def test_with_a_comma_the_two_stay_apart(turn="Next Thursday, the 16th, suits me."):
    # look-alike: the day of the month said after a comma is labelled on its own
    assert [v for v, _ in of_type(said_by_user(turn), "date")] == ["Next Thursday", "the 16th"]
