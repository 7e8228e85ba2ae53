""" "today" and "tonight" said of a meal, a party or a crossing ("the leaving dinner tonight .", "our ferry is
today !"), and of what one will do, with "will" written apart as tokenised text writes it ("i 'll ring them
today ."). Not the day of the weather or of small talk. Written for these tests."""

import pytest

from tests.facts.booking_chats import values


@pytest.mark.parametrize(
    "said",
    [
        "now , the leaving dinner tonight .",
        "our ferry is today !",
        "the party tonight , can we have the terrace ?",
        "the crossing today is the last of the week .",
        "i 'll ring them today .",
        "we 'll walk over tonight .",
    ],
)
def test_the_day_of_a_meal_a_crossing_or_a_plan_is_read(said):
    assert values(said, "date", role="user") in (["today"], ["tonight"])


@pytest.mark.parametrize(
    "said",
    [
        "the sea is grey today .",
        "it 's so warm tonight .",
        "i feel tired today .",
    ],
)
def test_the_day_of_the_weather_or_a_feeling_is_none(said):
    assert values(said, "date", role="user") == []
