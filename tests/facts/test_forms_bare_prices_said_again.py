"""Prices with no currency in talk of prices: two prices said the same way in one sentence, a fare said with
where the ride goes or after the clock the ride was asked for, and a rate proposed in a question of whether it
will do; the hour a stay ends is no price beside one. Look-alikes stay without a
value: ages beside a price, minutes to a place, a clock of "10 to 2", a question of what the rate is.
Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestTwoPricesSaidTheSameWay:
    @pytest.mark.parametrize(
        ("said", "prices"),
        [
            (
                "the opera house has a matinee . seats in the upper tier are 34 and the boxes are 58 .",
                ["34", "58"],
            ),
            ("Seats on the terrace are 15, and the main stand is 22.", ["15", "22"]),
        ],
    )
    def test_both(self, said, prices):
        assert values(said, "amount") == prices

    @pytest.mark.parametrize(
        "said",
        [
            "the twins are 9 and the ticket is 14 .",
            "seats in the hall are numbered and the stage is 12 metres wide .",
        ],
    )
    def test_not_the_first(self, said):
        assert values(said, "amount")[:1] != ["9"] and "12" not in values(said, "amount")


class TestAFareToWhereTheRideGoes:
    def test_answering_the_price(self):
        chat = facts_of("How much would a taxi be?", "About 16 to the marina.")
        assert in_turn(chat, 2, "amount") == [("16", "16")]

    def test_after_the_ride_booked_for_a_clock(self):
        chat = facts_of(
            "Can you get me a cab from the hotel at 8:20?", "Done, it's about 11 to the ferry port."
        )
        assert in_turn(chat, 2, "amount") == [("11", "11")]

    def test_a_rough_fare_after_the_clock_asked_for_in_the_turn_before(self):
        chat = facts_of(
            "and a cab from the museum at 4:10 ?", "booked with harbour cars , about 7.50 , under hc 2231 ."
        )
        assert in_turn(chat, 2, "amount") == [("7.50", "7.50")]
        assert in_turn(chat, 2, "time") == []

    @pytest.mark.parametrize(
        ("asked", "answer"),
        [
            ("How long is the taxi ride?", "it 's about 12 minutes to the pier ."),
            ("What time is the cab coming?", "About 10 to 2."),
            ("Is it far to walk?", "About 20 to the square, on foot."),
        ],
    )
    def test_no_price(self, asked, answer):
        assert in_turn(facts_of(asked, answer), 2, "amount") == []


class TestARateProposedInAQuestion:
    @pytest.mark.parametrize(
        ("said", "price"),
        [
            ("Is 55 a night ok for the twin?", "55 a night"),
            ("would 40 a head be alright for the buffet ?", "40"),
            ("Could you do 650 a month if we sign for a year?", "650"),
        ],
    )
    def test_the_rate(self, said, price):
        assert values(said, "amount", role="user") == [price]

    @pytest.mark.parametrize(
        "said",
        [
            "Is it 55 a night?",
            "is 55 a night the best you have ?",
            "Is 2 a day ok with food?",
            "How much is the twin, is it per night?",
        ],
    )
    def test_no_rate(self, said):
        assert values(said, "amount", role="user") == []


class TestTheHourAStayEndsIsNoPrice:
    def test_check_out_beside_a_price(self):
        found = facts_of("When do we leave the room?", "Check out is 11, and a late one costs 15.")
        assert ("11", "11:00") in in_turn(found, 2, "time")
        assert "11" not in [v for v, _ in in_turn(found, 2, "amount")]
