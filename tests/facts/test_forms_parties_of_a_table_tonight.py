"""A party counted before "tonight" ("a table for 3 tonight", "seats for 6 tonight", "it has 20:30 for 2
tonight") is no clock; an hour after "for" with nothing counted before it ("a taxi for 7 tonight") still is.
Written for these tests."""

import pytest

from tests.facts.booking_chats import values


@pytest.mark.parametrize(
    "said",
    [
        "could we have a table for 3 tonight ? about half 7 ?",
        "there are seats for 6 tonight in the bar .",
        "the brasserie has 20:30 for 2 tonight .",
    ],
)
def test_a_party_before_tonight_is_no_clock(said):
    assert "3 tonight" not in values(said, "time") and all("tonight" not in v for v in values(said, "time"))


@pytest.mark.parametrize(
    ("said", "clock"),
    [
        ("a taxi for 7 tonight , please .", "7 tonight"),
        ("can you book it for 8 tonight ?", "8 tonight"),
    ],
)
def test_an_hour_after_for_with_nothing_counted_is_a_clock(said, clock):
    assert clock in values(said, "time", role="user")
