"""Bare hours a meal is served from or until ("breakfast is from 7", "tea is served in the lounge until 5"),
and bare hours of a band, a recital, a dance, a cruise or the photos ("a brass band on the pier at 2 and 4",
"the photos at 3"). Not a meal's price, nor a band counted. Written for these tests."""

import pytest

from tests.facts.booking_chats import values


@pytest.mark.parametrize(
    ("said", "clocks"),
    [
        ("breakfast is from 7 .", ["7"]),
        ("tea is served in the garden until 5 .", ["5"]),
        ("dinner is from 6 , in the conservatory .", ["6"]),
        ("there 's a brass band on the pier at 2 and 4 .", ["2", "4"]),
        ("the organ recital is at 3 .", ["3"]),
        ("we want the photos at 4 .", ["4"]),
    ],
)
def test_the_hours_of_a_meal_or_a_show_are_read(said, clocks):
    assert values(said, "time") == clocks


@pytest.mark.parametrize(
    "said",
    [
        "lunch is from 12 pounds a head .",
        "a band of 4 plays on fridays .",
        "the dance floor holds 60 .",
    ],
)
def test_a_price_or_a_count_is_no_hour(said):
    assert values(said, "time") == []
