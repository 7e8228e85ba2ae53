"""What a booking is kept under, and the rest of a count that is no sum.

- "your booking is under KX4471", "the order is under JB2290": a code in capitals, in one group or in
  several ("the reservation is under QP7 22 RT"), is what the booking is kept under; a name it is under
  ("under Patel") or a short "12 B" is no code;
- "they'll deliver the other 15 next week" counts what is left of an order: "the other N" after a verb is
  no sum, even where the sentence says money; "the brass one is $30, the other 45" and "$30 and the other
  45" still price the second thing.

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestKeptUnder:
    @pytest.mark.parametrize(
        "said,code",
        [
            ("Done, your booking is under KX4471.", "KX4471"),
            ("All set. The reservation is under QP7 22 RT.", "QP7 22 RT"),
            ("Your order is under JB2290, collect it from the desk.", "JB2290"),
            ("that 's confirmed . the table is under MW5 80 TR .", "MW5 80 TR"),
        ],
    )
    def test_a_code_a_booking_is_under(self, said, code):
        assert values(said, "identifier") == [code]

    @pytest.mark.parametrize(
        "said",
        [
            "Done, the booking is under Patel.",
            "The reservation is under 12 B.",
            "Your table is under the awning.",
            "The booking is under Mr Okafor for 4.",
        ],
    )
    def test_a_name_or_a_place_it_is_under_is_no_code(self, said):
        assert values(said, "identifier") == []


class TestTheOtherOnes:
    @pytest.mark.parametrize(
        "said",
        [
            "The printer will redo the other 18 on Monday or refund $40 if you prefer.",
            "They'll deliver the other 15 next week, and the $12 fee is waived.",
        ],
    )
    def test_the_rest_of_a_count_is_no_sum(self, said):
        facts = facts_of("Only 30 of the 50 mugs came.", said)
        amounts = [value for value, _ in in_turn(facts, 2, "amount")]
        assert all(value.startswith("$") for value in amounts) and amounts

    @pytest.mark.parametrize(
        "said",
        ["The brass one is $30, the other 45.", "The brass one is $30 and the other 45."],
    )
    def test_the_other_thing_priced_keeps_its_sum(self, said):
        assert values(said, "amount") == ["$30", "45"]
