"""A sum agreed or named back while haggling, said without its currency after a price with one: "make it
N", "they'll do N", "he agreed on N", "my brother said N last time", "tell him N max". Read when it is near
the price just said (a third of it up to a fifth above), or, grouped in thousands, wherever money was talked
of earlier in the conversation. Written for these tests, with chats that look like them and name no sum: a
count, a clock, a number far from any price, a question."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


class TestSumsAgreed:
    @pytest.mark.parametrize(
        "price,reply,sum_",
        [
            ("The sofa is $640 with delivery.", "make it 600 and we have a deal", "600"),
            ("The valuation came back at £1,250.", "the dealer said 1,100 last time", "1,100"),
            ("The landlord is asking Rs 60,000 a month.", "tell him 55 max", "55"),
            ("The painter quoted €900 for the hallway.", "he agreed on 850", "850"),
            ("The school trip is R2,300 per child.", "the organisers'll do 2,000 if we pay now", "2,000"),
            ("Two nights at the lodge come to GH₵1,400.", "they'll do 1,500, breakfast in", "1,500"),
        ],
    )
    def test_a_sum_agreed_near_the_price_is_read(self, price, reply, sum_):
        facts = facts_of("hi", price, reply)
        assert sum_ in [v for v, _ in in_turn(facts, 3, "amount")]

    def test_a_sum_in_thousands_agreed_turns_after_its_price_is_read(self):
        facts = facts_of(
            "what is the rent on the flat?",
            "The flat is $1,850 a month.",
            "ok and the parking?",
            "Parking is included.",
            "great, the agent says they'll do 1,790",
        )
        assert ("1,790", "1790.00") in in_turn(facts, 5, "amount")

    @pytest.mark.parametrize(
        "price,reply",
        [
            ("The table for four is $180.", "make it 6 of us then"),
            ("The taxi is £45, pickup at 7.", "make it 8 instead"),
            ("The course is $400 in total.", "my teacher said 15 last time"),
            ("The rent is £900 a month.", "would they agree on 850?"),
            ("The tour is €60 each.", "they'll do 3 days"),
            ("The taxi is £8.50 to the station.", "make it 7.30 then"),
        ],
    )
    def test_no_sum_from_a_count_a_clock_or_a_question(self, price, reply):
        assert in_turn(facts_of("hi", price, reply), 3, "amount") == []
