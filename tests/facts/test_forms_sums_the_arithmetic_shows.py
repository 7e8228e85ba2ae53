"""Numbers said with no currency that the turn's own arithmetic shows to be money: a count at a price and what
it comes to ("three at 28 , 84"), and numbers said one after another with their total ("the filter 19 , the
labour 60 and 7.50 for parts , 86.50 in all"). A count of people, a clock or a length never adds up to a
price, and a sum asked back is not stated. Written for these tests; the chats are said on Monday 6 July
2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestACountAtAPrice:
    @pytest.mark.parametrize(
        ("said", "read"),
        [
            ("three at 28 , 84 , and the booking is yours .", ["28", "84"]),
            ("two lessons at 130 , 260 , starting on the 9th .", ["130", "260"]),
            ("six rooms for two nights at 75 is 900 . shall i hold them ?", ["75", "900"]),
            ("five at 12.40 each , so 62 .", ["12.40", "62"]),
        ],
    )
    def test_the_price_and_the_sum(self, said, read):
        assert [v for v in values(said, "amount") if v in read] == read

    @pytest.mark.parametrize(
        "said",
        ["two at 45 , 80 , with the fee .", "we have three groups at 10 , 30 minutes apart ."],
    )
    def test_numbers_that_do_not_multiply_stay_unread(self, said):
        assert values(said, "amount") == []


class TestARunAndItsTotal:
    def test_the_parts_and_their_total_across_sentences(self):
        chat = facts_of(
            "and what do we owe for today ?",
            "the filter 19 . the labour 60 and 7.50 for parts . 86.50 in all .",
        )
        assert [v for v, _ in in_turn(chat, 2, "amount")] == ["19", "60", "7.50", "86.50"]

    def test_a_part_said_earlier_with_its_currency_keeps_it(self):
        chat = facts_of(
            "the check-up is €55 , is that right ?",
            "yes .",
            "and what do we owe now ?",
            "the check-up 55 and the tablets 12.80 . 67.80 in all .",
        )
        assert in_turn(chat, 4, "amount")[0] == ("55", "55.00 EUR")

    def test_a_fee_added_to_a_bare_sum(self):
        chat = facts_of("so the two seats ?", "yes , 172 , plus a $4.50 booking fee , 176.50 .")
        assert [v for v, _ in in_turn(chat, 2, "amount")] == ["172", "$4.50", "176.50"]

    @pytest.mark.parametrize(
        "said",
        [
            "we are 3 adults and 2 kids , 5 people in all .",
            "the walk is 4 miles out and 3 miles back , 7 miles .",
            "rooms 12 and 14 , 26 , are paid for .",
        ],
    )
    def test_counts_lengths_and_room_numbers_are_no_sum(self, said):
        chat = facts_of("and what have we paid for so far ?", said)
        assert in_turn(chat, 2, "amount") == []

    def test_a_house_number_range_does_not_add_up_to_a_price(self):
        chat = facts_of(
            "is there a club ?", "the cellar is at 2 - 4 mill street . entry is £6 before 11 pm ."
        )
        assert [v for v, _ in in_turn(chat, 2, "amount")] == ["£6"]

    def test_a_total_asked_back_is_not_stated(self):
        chat = facts_of("what does it come to ?", "so 19 , 60 and 7.50 , 86.50 in all ?")
        assert in_turn(chat, 2, "amount") == []
