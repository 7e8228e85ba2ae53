"""A total worked out from the prices the other side just gave, said bare with a word that sums it.

- "so two adult passes on sunday , 13.50 together ?" after "an adult pass is 7.25 , or 6.25 for students":
  the number is a sum of money because two of the prices just given add up to it, and asking it back to be
  checked states it as much as saying it does;
- "both then, that's 70" after "The wash is $45 and the polish $25.", "so 23 in all" after three prices;
- a number that no two prices of the turn before make ("so 14 together ?"), one said with what it counts
  ("that's 70 minutes"), one said with no word that sums it ("70 is a lot"), and one after a turn that
  speaks of no money stay unread as totals.

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


class TestTotalsOfThePricesJustGiven:
    @pytest.mark.parametrize(
        "prices,total,value",
        [
            (
                "an adult pass is 7.25 , or 6.25 for students . children go free .",
                "my son is a student . so two passes on sunday , 13.50 together ?",
                "13.50",
            ),
            ("The wash is $45 and the polish $25.", "Both then, that's 70.", "70"),
            ("The wash is $45 and the polish $25.", "both then. thats 70 yeah", "70"),
            ("the soup is 4.50 , the pie 9.75 and the pudding 8.75 .", "lovely , so 23 in all .", "23"),
            ("Tickets are £12 and the programme is £6.", "Is it 18 altogether then?", "18"),
        ],
    )
    def test_a_total_the_prices_make_is_an_amount(self, prices, total, value):
        facts = facts_of("How much would that be?", prices, total)
        assert value in [v for v, _ in in_turn(facts, 3, "amount")]

    @pytest.mark.parametrize(
        "prices,total",
        [
            # no two of the prices make it
            ("an adult pass is 7.25 , or 6.25 for students .", "so two passes , 14 together ?"),
            # what it counts is said with it
            ("The wash is $45 and the polish $25.", "Both then, that's 70 minutes?"),
            # no word sums it
            ("The wash is $45 and the polish $25.", "Hmm, 70 is a lot."),
            # the turn before speaks of no money
            ("We have 45 spaces upstairs and 25 downstairs.", "So 70 together?"),
        ],
    )
    def test_a_number_the_prices_do_not_make_a_total_of_is_no_amount(self, prices, total):
        facts = facts_of("How much would that be?", prices, total)
        assert in_turn(facts, 3, "amount") == []
