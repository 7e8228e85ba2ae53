"""A sum the other side just offered, taken up by its number alone as a short reply.

- "okay, 4 is fine." after "It's £2.80 online, or £4 at the door.", "Yes, 12 then." after "the small one is
  £12 and the large £18": the amount offered, with its currency;
- a number the turn before did not give as a sum ("15 is fine"), one it gave as a clock too ("2 is fine" after
  "2 pm, or a slot for £2 extra") stay no amount.

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


class TestSumTakenUp:
    @pytest.mark.parametrize(
        "offered,reply,amount",
        [
            ("It's £2.80 online, or £4 at the door.", "okay, 4 is fine.", ("4", "4.00 GBP")),
            ("the small one is £12 and the large £18 .", "Yes, 12 then.", ("12", "12.00 GBP")),
            ("A single is $3.50 and a day pass $9.", "9 works. Where do I buy it?", ("9", "9.00 USD")),
        ],
    )
    def test_an_offered_sum_taken_up_is_that_amount(self, offered, reply, amount):
        facts = facts_of("How much is it?", offered, reply)
        assert in_turn(facts, 3, "amount") == [amount]

    @pytest.mark.parametrize(
        "offered,reply",
        [
            ("the small one is £12 and the large £18 .", "15 is fine"),
            ("We have 2 pm, or a slot for £2 extra.", "2 is fine"),
        ],
    )
    def test_a_number_not_offered_as_a_sum_alone_is_no_amount(self, offered, reply):
        facts = facts_of("How much is it?", offered, reply)
        assert in_turn(facts, 3, "amount") == []
