"""A number with no currency said per a thing or a time, straight after a price in the same turn or the two
turns before: "it's 6.50 a child" ... "the pottery class is 80 a session", "0.42 a unit, or a flat 7 a
week", "so 58 a day". It is a price too. Look-alikes: a count of doses said per day after a price ("the
dose is 2 a day"), and a number per a thing with no price said anywhere near it. Written for these tests;
the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


class TestARateAfterAPrice:
    @pytest.mark.parametrize(
        ("first", "asked", "answer", "amounts"),
        [
            (
                "Entry is 6.50 a child.",
                "And with the pottery?",
                "The pottery class is 80 a session, for up to 20.",
                [("80", "80")],
            ),
            (
                "The berth is £ 12.40 a foot.",
                "And power?",
                "0.42 a unit, or a flat 7 a week.",
                [("0.42", "0.42"), ("7", "7")],
            ),
            (
                "The van is 40 a day plus a 9.50 fee.",
                "Hmm.",
                "So 58 a day with the insurance.",
                [("58", "58")],
            ),
        ],
    )
    def test_the_price(self, first, asked, answer, amounts):
        assert in_turn(facts_of(first, asked, answer), 3, "amount") == amounts

    @pytest.mark.parametrize(
        ("first", "asked", "answer"),
        [
            ("That's 9.90 for the box.", "How many do I take?", "The dose is 2 a day, with food."),
            ("The boat is moored at pontoon c.", "And the laundry?", "The machines take 6 a load."),
        ],
    )
    def test_no_price(self, first, asked, answer):
        assert in_turn(facts_of(first, asked, answer), 3, "amount") == []
