"""Clocks typed with one letter of their half of the day: "6:30p", "at 7a", "from 8a to 4p".

With its minutes after a colon, or after a word a clock follows, the letter gives the half as "am"/"pm" do.
A number with a letter that names a flat, a seat or a unit ("Flat 9a", "seat 22a") is no clock. Written for
these tests (the chat's turns are dated Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import of_type, said_by_user


@pytest.mark.parametrize(
    "turn,clock",
    [
        ("Drinks at 5:45p sound fine.", ("5:45p", "17:45")),
        ("Put me down for 10:20a.", ("10:20a", "10:20")),
        ("Can the plumber come by 9a", ("9a", "09:00")),
        ("The gym opens at 6a on weekdays.", ("6a", "06:00")),
        ("I'm on shift from 8a to 4p.", ("8a to 4p", "08:00-16:00")),
    ],
)
def test_the_letter_gives_the_half(turn, clock):
    assert of_type(said_by_user(turn), "time") == [clock]


@pytest.mark.parametrize(
    "turn",
    [
        "My sister lives in Flat 9a now.",
        "Your seat on the coach is 22a.",
        "Unit 3a has the spare keys.",
        "Bus 5a goes past the depot.",
    ],
)
def test_a_numbered_thing_is_no_clock(turn):
    assert of_type(said_by_user(turn), "time") == []
