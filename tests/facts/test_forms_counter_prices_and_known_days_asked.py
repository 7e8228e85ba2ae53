"""Prices a counter says with no currency, in forms the other test modules do not hold: named straight after
what they buy ("all seats 38 ."), refunded or charged, a rate with the hour it holds to, bundles of a count
for a price, a sum paid in parts, pounds and pence no clock can be in talk of paying, charges counted by what
they were for, a voucher chosen by its value, a small sum said again just after its currency, the sum a count
of nights comes to at a rate said before, a price said like the one before it, a list headed by a sum in
thousands with pence or by a rate. And the days that are no date: a weekday after "the" that ends a question
(a day both sides know, only asked about), the days a place keeps said with two bare hours. One case per
general form, written for these tests, with the sentences that look like them and state none."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


def amounts(*turns: str) -> list[str]:
    """The amounts of the last turn of a chat."""
    return [value for value, _ in in_turn(facts_of(*turns), len(turns), "amount")]


def dates(*turns: str) -> list[str]:
    """The dates of the last turn of a chat."""
    return [value for value, _ in in_turn(facts_of(*turns), len(turns), "date")]


class TestPricesNamedByWhatTheyBuy:
    def test_a_price_straight_after_what_it_buys(self):
        assert amounts(
            "is the late show on sale ?", "it starts at 9 pm in the studio . all tickets 38 ."
        ) == ["38"]

    @pytest.mark.parametrize(
        "last",
        ["all tickets 38 ?", "we have tickets 3 .", "tickets 14 and 15 are in row c ."],
    )
    def test_a_question_a_small_count_or_numbered_tickets_give_none(self, last):
        assert amounts("is the late show on sale ?", last) == []


class TestMoneyMoved:
    def test_a_refund_said_with_its_number(self):
        assert amounts(
            "the kids can not come after all .", "fine , i 'll refund 9 and send a new pass ."
        ) == ["9"]

    def test_a_rate_with_the_hour_it_holds_to(self):
        assert "14" in amounts("what about the car park ?", "the weekend rate is 14 after 6 .")

    @pytest.mark.parametrize(
        "last",
        ["i 'll refund 2 tickets .", "could you refund 9 ?", "the weekend rate is 14 after 6 ?"],
    )
    def test_counted_or_asked_gives_none(self, last):
        assert amounts("the kids can not come after all .", last) == []


class TestBundles:
    def test_each_count_for_its_price(self):
        assert amounts("any deals on classes ?", "three classes for 54 , or five for 85 .") == ["54", "85"]

    @pytest.mark.parametrize(
        "last",
        [
            "two tables for 6 , or three for 9 .",
            "three classes for 54 , or five for 85 ?",
            "two rooms for 3 nights , or one for 5 nights .",
        ],
    )
    def test_people_nights_or_a_question_give_none(self, last):
        assert amounts("any deals on classes ?", last) == []


class TestPaidInParts:
    def test_a_sum_now_and_the_same_by_a_day(self):
        assert amounts("can i split the payment ?", "180 now and 180 by 3 march .") == ["180", "180"]

    def test_parts_of_what_is_not_paid_give_none(self):
        assert amounts("how many chairs do you need ?", "40 now and 40 by friday .") == []


class TestPenceNoClockCanBe:
    @pytest.mark.parametrize(
        "last,price",
        [
            ("the booking fee is kept , so 7.85 back to the card .", "7.85"),
            ("you owe us the 312.60 by the end of the month .", "312.60"),
        ],
    )
    def test_in_talk_of_paying(self, last, price):
        assert amounts("and the rest ?", last) == [price]

    @pytest.mark.parametrize(
        "last",
        [
            "the bus leaves at 9.50 , pay the driver .",
            "pay for the 112.50 metres of fence .",
            "the 27.80 is that what i owe ?",
        ],
    )
    def test_clocks_lengths_and_questions_give_none(self, last):
        assert amounts("and the rest ?", last) == []


class TestChargesCountedByWhatTheyWereFor:
    def test_charges_of_a_kind(self):
        assert "35" in amounts("can i see the bill ?", "your total is 410.20 , with 35 of minibar charges .")

    def test_nights_of_a_stay_give_none(self):
        assert amounts("can i see the bill ?", "you had 3 of the nights free .") == []


class TestAVoucherChosenByItsValue:
    def test_the_value_chosen_after_a_price_with_its_currency(self):
        assert amounts("do you sell gift cards ?", "yes , any amount from £20 .", "a 60 one .") == ["60"]

    def test_a_one_chosen_after_no_price_is_none(self):
        assert amounts("which room ?", "we have 2 rooms free .", "a 2 one .") == []


class TestASmallSumSaidAgain:
    def test_said_at_a_clause_end_after_its_currency(self):
        chat = (
            "is there parking ?",
            "the car park on mill lane is 16 dollars for the evening .",
            "can i pay for it now ?",
            "yes , i can take it now , 16 .",
        )
        assert amounts(*chat) == ["16"]

    def test_a_count_said_again_is_none(self):
        chat = ("how big is the bus ?", "it seats 16 people .", "great .", "we can take them all , 16 .")
        assert amounts(*chat) == []


class TestTheSumOfACountAtARate:
    def test_nights_at_a_rate_said_before(self):
        chat = ("how much are the kennels ?", "24 a night for a dog .", "from the 2nd to the 7th .")
        assert amounts(*chat, "that 's five nights , so 120 for rex .") == ["120"]

    def test_a_sum_the_rate_does_not_give_is_none(self):
        chat = ("how much are the kennels ?", "24 a night for a dog .", "from the 2nd to the 7th .")
        assert amounts(*chat, "that 's five nights , so 100 for rex .") == []


class TestWhereMoneyWasSaid:
    def test_a_stay_kept_till_an_hour(self):
        chat = ("how much is the room ?", "$210 a night .", "and a late check-out ?")
        assert amounts(*chat, "late check-out until 3 is 30 , if the room is free .") == ["30"]

    def test_a_length_of_time_then_its_price(self):
        chat = ("how much is the room ?", "$210 a night .", "and a guided walk ?")
        assert amounts(*chat, "they leave from the lobby at 9:30 , three hours , 95 .") == ["95"]

    def test_a_length_then_a_count_is_none(self):
        chat = ("how much is the room ?", "$210 a night .", "and a guided walk ?")
        assert amounts(*chat, "three hours , 12 people at most .") == []

    def test_a_rate_heads_a_list(self):
        chat = ("how much is a cabin ?", "a cabin is $80 a night .", "and day passes ?")
        assert amounts(*chat, "adults are 42 a day , teens 30 , under fives free .") == ["42", "30"]


class TestListsOfPrices:
    def test_a_price_said_like_the_one_before_it(self):
        content = "the front stalls are 52.50 , the box itself is 140 ."
        assert amounts("and the box ?", content) == ["52.50", "140"]

    def test_ages_beside_a_price_are_none(self):
        assert amounts("and the twins ?", "the front stalls are 52.50 , the twins are 9 .") == ["52.50"]

    def test_a_list_headed_by_a_sum_in_thousands_with_pence(self):
        chat = ("the deposit was $200 . what do we owe so far ?", "flights 2,310.40 , hotel 960 .")
        assert amounts(*chat) == ["2,310.40", "960"]


class TestKnownDaysAsked:
    @pytest.mark.parametrize("last", ["and the hotel on the sunday ?", "can it be the sunday morning ?"])
    def test_a_known_day_after_the_that_ends_a_question_is_none(self, last):
        assert dates("i fly out thursday and back sunday .", "booked .", last) == []

    def test_a_day_proposed_in_a_question_is_still_a_day(self):
        assert dates(
            "i fly out thursday and back sunday .", "booked .", "can we come back on monday instead ?"
        )

    @pytest.mark.parametrize("last", ["sundays we 're 10 till 4 .", "10 till 4 , tuesday to saturday ."])
    def test_the_days_a_place_keeps_with_bare_hours_are_none(self, last):
        assert dates("when are you open ?", last) == []

    def test_a_range_of_days_away_is_still_days(self):
        assert dates("are you around next week ?", "i 'm away tuesday to saturday .") == [
            "tuesday",
            "saturday",
        ]


class TestSumsListedBack:
    def test_sums_listed_back_as_a_question_are_none(self):
        chat = ("how much are the boxes ?", "the box is £94 each and the stool £47 .", "and the circle ?")
        assert amounts(*chat, "the circle is 68.50 .", "so 94 , 94 and 47 ?") == []

    def test_a_sum_said_again_as_a_statement_is_read(self):
        chat = ("how much are the boxes ?", "the box is £94 each and the stool £47 .", "fine , the 94 one .")
        assert amounts(*chat) == ["94"]


class TestADayCountedOnIsStillADay:
    def test_the_weekday_after_next_asked_for_is_read(self):
        assert dates("when is good for you ?", "can you come the monday after next ?") == [
            "monday after next"
        ]
