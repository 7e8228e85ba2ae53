"""Counts after a price, questions typed without their mark, and a party booked at a named place.

A sum of a named kind that remains ("A balance of 65 remains.") is read; a count that remains is not.
A number after a price and what it is per ("$4.20 a mug for 250") counts what the price buys and is no sum.
A line typed with no question mark but led by a word that asks for a value ("ok whats the total for 30")
asks and states nothing. A party of people booked at a named place ("Reserve Marisol's for 6 people at 7")
eats in the evening, as a party booked with "us" already does. Written for these tests (the chat's turns
are dated Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import of_type, said_by_user, values


class TestCountAfterAPrice:
    @pytest.mark.parametrize(
        "turn",
        [
            "The printer wants $4.20 a mug for 250.",
            "Greystone quotes $11.40 per cap for 120, delivered.",
            "That's £2.15 a card for 600.",
        ],
    )
    def test_the_count_is_no_sum(self, turn):
        amounts = values(turn, "amount")
        assert len(amounts) == 1 and amounts[0][0] in "$£"

    def test_a_sum_for_a_thing_after_a_price_is_kept(self):
        # look-alike: a second sum with its currency, what the first buys stated as a sum
        assert values("It's $4.20 a mug, or $950 for the lot.", "amount") == ["$4.20", "$950"]


class TestQuestionTypedWithoutItsMark:
    @pytest.mark.parametrize(
        "turn",
        [
            "ok whats the total for 30",
            "the hall at £9.50 a head, what's the total for 45",
            "so how much is it for 80",
        ],
    )
    def test_asks_and_states_no_sum(self, turn):
        assert [v for v, _ in of_type(said_by_user(turn), "amount") if v[0] not in "$£"] == []

    def test_the_answer_that_states_the_total_keeps_it(self):
        # look-alike: the same words stating the sum
        assert values("At $9.50 a head, the total for 30 comes to 285.", "amount") == ["$9.50", "285"]


class TestPartyBookedAtANamedPlace:
    @pytest.mark.parametrize(
        "turn,clock",
        [
            ("Reserve Marisol's for 6 people at 7.", ("7", "19:00")),
            ("Can you book Fennick for 4 people at 8?", ("8", "20:00")),
        ],
    )
    def test_the_bare_hour_is_in_the_evening(self, turn, clock):
        assert of_type(said_by_user(turn), "time") == [clock]

    def test_a_morning_word_keeps_the_hour(self):
        # look-alike: the morning said in the same sentence
        assert of_type(said_by_user("Book Fennick for 4 people at 8 for breakfast."), "time") == [
            ("8", "08:00")
        ]


class TestSumThatRemains:
    @pytest.mark.parametrize(
        "turn,amount",
        [
            ("A balance of 65 remains.", "65"),
            ("The rent of 900 remains unpaid.", "900"),
        ],
    )
    def test_the_sum_of_what_remains_is_read(self, turn, amount):
        assert values(turn, "amount", role="user") == [amount]

    @pytest.mark.parametrize(
        "turn", ["Only 65 remain in the warehouse.", "About 120 remains of the original batch of candles."]
    )
    def test_a_count_that_remains_is_no_sum(self, turn):
        # look-alike: no word of a sum before the number
        assert values(turn, "amount", role="user") == []


class TestSumWithCostsOnTop:
    @pytest.mark.parametrize(
        "turn,amount",
        [
            ("The gearbox job was about 520 plus parts.", "520"),
            ("Fitting is 175 plus VAT.", "175"),
            ("Around 90 plus delivery, they said.", "90"),
        ],
    )
    def test_the_sum_before_the_costs_is_read(self, turn, amount):
        assert values(turn, "amount", role="user") == [amount]

    @pytest.mark.parametrize("turn", ["We expect 520 plus guests.", "Is it 175 plus VAT?"])
    def test_a_count_or_a_question_is_no_sum(self, turn):
        # look-alikes: people counted with "plus", and a question that only asks
        assert values(turn, "amount", role="user") == []
