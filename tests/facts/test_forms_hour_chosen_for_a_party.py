"""An hour chosen from the clocks just offered, with the size of the party after it, is no price.

- "3 for four please." or "7 for two." answering "we have 3 pm or 4:30 pm" picks the 3 pm table for four
  people: the 3 is the clock offered, not a price of 3 for four things;
- a price for a number of things said with no clock offered ("they're 3 for 10 dollars", "19 for two")
  is no hour, and an hour no clock offered has stays unread.

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


class TestHourForAParty:
    @pytest.mark.parametrize(
        "offered,chosen,clock",
        [
            ("We have 3 pm or 4:30 pm tomorrow.", "3 for four please.", ("3", "15:00")),
            ("There's 6 pm, 7 pm or 8:30 pm free.", "7 for two.", ("7", "19:00")),
            ("i can do 11 am or 1 pm on friday .", "1 for three please .", ("1", "13:00")),
        ],
    )
    def test_the_offered_hour_for_a_party_is_a_clock(self, offered, chosen, clock):
        facts = facts_of("Can we get a table?", offered, chosen)
        assert in_turn(facts, 3, "time") == [clock] and in_turn(facts, 3, "amount") == []

    def test_an_hour_no_clock_offered_is_not_chosen(self):
        facts = facts_of("Can we get a table?", "We have 3 pm or 4:30 pm tomorrow.", "5 for two please.")
        assert in_turn(facts, 3, "time") == []


class TestPricesForCounts:
    def test_a_price_for_a_count_after_no_offered_clock_is_no_hour(self):
        facts = facts_of("How much is tea for two?", "It's 19 for two, served until 4:30.")
        assert in_turn(facts, 2, "amount") == [("19", "19")]
