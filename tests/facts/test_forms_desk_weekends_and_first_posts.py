"""Values desks say in tokenised text for weekends away, open days, touring trips, crews on location and
first posts, in forms the other test modules do not hold: prices with no currency said as a total ("so 36.80
for the two of you", "that 's 116"), for a whole stay or day ("6 for the day", "27 in total"), for whom with
its article ("16 for an adult single"), for what they let one do ("6 to go up"), listed before the price
that shows them ("5.20 , or 3.60 for under 19s"), with pence no clock has ("a roast for 14.95"); codes a
booking is kept under or to quote, a log or permit number, a plate after the car is described; a bare hour
listed with a clock ("tables at 6:30 and 8").
One case per general form, written for these tests, with the sentences that look like them and state none,
and turns that only ask."""

import re

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestPricesSaidAsTotals:
    @pytest.mark.parametrize(
        "content,prices",
        [
            ("a day return on the railcard is 12.30 , so 24.60 for the two of you .", ["12.30", "24.60"]),
            ("the short stay by the quay is 4 for the day .", ["4"]),
            ("yes , it 's 31 in total .", ["31"]),
            ("parking at the lido is 3 together for both cars .", ["3"]),
            ("breakfast is 6.50 extra , served from 7 .", ["6.50"]),
        ],
    )
    def test_a_total_or_a_stay_says_the_number_is_a_price(self, content, prices):
        assert values(content, "amount") == prices

    def test_a_sum_of_prices_said_just_before(self):
        chat = facts_of(
            "the bakery can bring rolls for 9 a head .",
            "twelve of those please , so 108 .",
            "done . that 's 108 and the order is in .",
        )
        assert in_turn(chat, 2, "amount") == [("108", "108")]
        assert [v for v, _ in in_turn(chat, 3, "amount")] == ["108"]

    @pytest.mark.parametrize(
        "content",
        [
            "so 4 of us will come .",
            "that 's 12 people for the minibus .",
            "we stay 3 together in one room .",
            "that 's 6 .",
            "they can seat you at 20 : 15 for three .",
        ],
    )
    def test_counts_clocks_and_sums_with_no_price_before_are_no_prices(self, content):
        assert values(content, "amount") == []

    @pytest.mark.parametrize(
        "content,prices",
        [
            ("the sitter is free from 6 to 8 for 11.50 pounds an hour .", ["11.50 pounds"]),
        ],
    )
    def test_a_range_of_hours_or_a_count_beside_prices_is_no_price(self, content, prices):
        assert values(content, "amount") == prices

    def test_a_total_asked_for_is_no_price(self):
        assert values("is that 27 in total ?", "amount") == []


class TestPricesForWhomOrWhat:
    @pytest.mark.parametrize(
        "content,prices",
        [
            ("the abbey is 8 for adults , 6 for seniors .", ["8", "6"]),
            ("it 's 14 for an adult single and 9 for a young person .", ["14", "9"]),
            ("the tower is 5 to go up , 3 for students .", ["5", "3"]),
            ("a punt is 40 an hour if the boathouse lets it .", ["40"]),
            ("a deposit of 45 is needed on the day .", ["45"]),
            ("the policy has an excess of 90 .", ["90"]),
        ],
    )
    def test_who_or_what_a_number_is_for_says_it_is_a_price(self, content, prices):
        assert values(content, "amount") == prices

    @pytest.mark.parametrize(
        "content",
        [
            "there are 8 for adults and a table for the kids .",
            "the tower is 5 minutes to go up .",
            "a deposit of 45 people came .",
        ],
    )
    def test_counts_are_no_prices(self, content):
        assert values(content, "amount") == []


class TestPricesListedOrWithPenceNoClockHas:
    @pytest.mark.parametrize(
        "content,prices",
        [
            ("the hopper is 4.10 , or 2.90 for under 16s .", ["4.10", "2.90"]),
            ("a dorm bed is 21.50 , or a room to yourself for 49 .", ["21.50", "49"]),
            ("two courses are 22.50 , or three for 27 .", ["22.50", "27"]),
            ("the cafe does a ploughman 's for 8.95 .", ["8.95"]),
            ("scones at 2.75 , a pot of tea at 1.95 .", ["2.75", "1.95"]),
            ("an adult return is 30 , a young person 's return 12 .", ["30", "12"]),
        ],
    )
    def test_the_list_or_the_pence_say_the_number_is_a_price(self, content, prices):
        assert values(content, "amount") == prices

    @pytest.mark.parametrize(
        "content",
        [
            "the bus is at 9.15 , or 9.45 on sundays .",
            "the table is booked for 19.30 .",
            "the ferry leaves at 10.20 .",
        ],
    )
    def test_clocks_are_no_prices(self, content):
        assert values(content, "amount") == []


class TestCodesKeptUnderOrToQuote:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("all done , booked under kt 7710 .", "kt 7710"),
            ("the table is under rd 4402 , for four .", "rd 4402"),
            ("they have the bag and gave me a number to quote , fn 2081 b .", "fn 2081 b"),
            ("they asked us to quote zq 60431 at the gate .", "zq 60431"),
            ("the council says the permit number is ptr 11 820 .", "ptr 11 820"),
            ("the events team 's log is kd-ev-7731 .", "kd-ev-7731"),
            ("they filed it under rt/5530 .", "rt/5530"),
        ],
    )
    def test_the_code_after_under_quote_or_a_log_is_one_code(self, content, code):
        assert values(content, "identifier") == [code]

    @pytest.mark.parametrize(
        "content",
        [
            "the table is under 12 b .",
            "booked under mr hale for 4 .",
            "it 's for kids under 12s .",
            "they said to quote 10 % off .",
            "can you book it under gh 2210 ?",
        ],
    )
    def test_names_counts_and_questions_are_no_codes(self, content):
        assert values(content, "identifier") == []


class TestPlateAfterTheCarIsDescribed:
    @pytest.mark.parametrize(
        "content,plate",
        [
            ("the cab is a black estate , wd71 fhz .", "wd71 fhz"),
            ("your taxi is a silver people carrier , kl20 ubr , at the front .", "kl20 ubr"),
        ],
    )
    def test_the_plate_after_the_description_is_the_registration(self, content, plate):
        assert values(content, "identifier") == [plate]

    @pytest.mark.parametrize(
        "content", ["the cab is a black estate , as usual .", "the car is a blue saloon , ab12 ."]
    )
    def test_words_or_half_a_plate_are_no_registration(self, content):
        assert values(content, "identifier") == []


class TestBareHourListedWithAClock:
    @pytest.mark.parametrize(
        "content,hour",
        [
            ("the pool has lane swims at 7:15 and 9 .", "9"),
            ("there are guided walks at 11 and 1:45 .", "11"),
        ],
    )
    def test_the_bare_hour_beside_a_clock_is_a_time(self, content, hour):
        assert hour in values(content, "time")

    @pytest.mark.parametrize(
        "content",
        [
            "the bus gets in at 8:20 and 3 of us get off there .",
            "the ferry is at 10:40 and 2 more stops later it docks .",
            "the cinema has two films : one at 18:15 and one at 20:40 .",
        ],
    )
    def test_a_count_after_a_clock_is_no_time(self, content):
        assert len(values(content, "time")) == len(re.findall(r"\d:\d", content))
