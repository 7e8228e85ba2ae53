"""Prices with no currency, said with what they buy after them.

- "a new chain is about 9 fitted", "About 140 fitted, both of them." after "how much", "it's 450 delivered":
  the sum for the work or the delivery; "5 delivered yesterday" counts what came;
- "the station keeps bags for 3 a day", "the hostel holds luggage for 2 a night": what a place keeps or hires
  out for a sum a day; "take 2 a day with food" is a dose, and a question states no price;
- "the grange is 85 a night , the willows 120 but with dinner": the second place's price, with what it also
  buys, after a price said with what it is for; "the coast 75 with showers" after degrees is no price.

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestBoughtWith:
    @pytest.mark.parametrize(
        "said,price",
        [
            ("a new chain is about 9 fitted , they can do it today .", "9"),
            ("The blind is 65 installed, and they come Thursday.", "65"),
            ("it 's 450 delivered .", "450"),
        ],
    )
    def test_a_sum_with_the_work_it_pays_for(self, said, price):
        assert values(said, "amount") == [price]

    def test_the_answer_to_how_much(self):
        facts = facts_of("How much for two new tyres?", "About 140 fitted, both of them.")
        assert in_turn(facts, 2, "amount") == [("140", "140")]

    @pytest.mark.parametrize(
        "said", ["5 delivered yesterday , 2 still out .", "Only 3 fitted in the end, the rest were too big."]
    )
    def test_a_count_of_what_came_is_no_sum(self, said):
        assert values(said, "amount") == []


class TestKeptForASum:
    @pytest.mark.parametrize(
        "said,price",
        [
            ("the station keeps bags for 3 a day at the kiosk .", "3"),
            ("the hostel holds luggage for 2 a night .", "2 a night"),
            ("the yard stores kayaks for 6 a week .", "6"),
        ],
    )
    def test_a_sum_a_day(self, said, price):
        assert values(said, "amount") == [price]

    @pytest.mark.parametrize(
        "said",
        ["take 2 a day with food .", "Do they hire bikes for 25 a day?"],
    )
    def test_a_dose_a_question_or_a_count_is_no_price(self, said):
        assert values(said, "amount") == []


class TestTheNextPlacePriced:
    @pytest.mark.parametrize(
        "said,prices",
        [
            ("the grange is 85 a night , the willows 120 but with dinner .", ["85 a night", "120"]),
            ("The Swan is £140 a night, the Crown 165 including breakfast.", ["£140", "165"]),
        ],
    )
    def test_the_second_place_keeps_its_price(self, said, prices):
        assert values(said, "amount") == prices

    def test_a_temperature_is_no_price(self):
        assert values("It will be 80 degrees inland, the coast 75 with showers.", "amount") == []
