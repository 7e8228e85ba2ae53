"""Values desks say in tokenised text during trips, away weekends and arrivals, in forms the other test
modules do not hold: a clock with a spaced colon, prices with no currency at all (before what they are per
or for whom, after a word that gives them, listed after another price), lower-case codes in spaced groups or
with a slash after the word that names them, an extension said alone, a house number after its street as
"no . 4" and a house number said first before "the" and a street word.
One case per general form, written for these tests, with the sentences that look like them and state none,
and turns that only ask."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, values


class TestClockWithASpacedColon:
    @pytest.mark.parametrize(
        "content,time,normalised",
        [
            ("the coach leaves the depot at 16 : 05 .", "16 : 05", "16:05"),
            ("the next ferry is the 09 : 50 , arriving at 11:20 .", "09 : 50", "09:50"),
        ],
    )
    def test_the_spaced_colon_joins_hour_and_minutes(self, content, time, normalised):
        assert (time, normalised) in of_type(said_by_assistant(content), "time")

    @pytest.mark.parametrize(
        "content", ["rovers won the match 3 : 12 on points .", "mix it 1 : 10 with water ."]
    )
    def test_a_score_or_a_ratio_is_no_clock(self, content):
        assert values(content, "time") == []


class TestPricesWithNoCurrency:
    @pytest.mark.parametrize(
        "content,prices",
        [
            ("an off peak single to marlow is 17.45 , a return 29.90 .", ["17.45", "29.90"]),
            ("the cottage is 120 a night , linen included .", ["120 a night"]),
            ("the buffet is 26 a head , or 31 with dessert .", ["26", "31"]),
            ("the crossing is 14.60 with a rail card , 19 without .", ["14.60", "19"]),
            ("booking online costs 2.75 , otherwise 4 .", ["2.75", "4"]),
            ("there is a 1.40 booking fee on each seat .", ["1.40"]),
            ("canoe hire is 35 a day , with a deposit of 40 .", ["35", "40"]),
            ("a weekly pass for the lido is 18 .", ["18"]),
        ],
    )
    def test_the_number_is_the_price(self, content, prices):
        assert values(content, "amount") == prices

    @pytest.mark.parametrize(
        "content",
        [
            "there are 11 of us , 4 for adults .",
            "the pass is for 2 .",
            "the lido is 5 minutes from the ferry .",
            "we need 3 a day for the dog .",
            "the train is at 7.45 .",
            "is the return 29.90 ?",
        ],
    )
    def test_counts_times_and_questions_are_no_prices(self, content):
        assert values(content, "amount") == []

    @pytest.mark.parametrize(
        "content",
        [
            "the dose is 2 a day with food .",
            "swimming lessons are 3 a week in term time .",
            "the limit is 4 per person .",
            "visits are 2 a session .",
            "your ticket number is 18 , in the stalls .",
            "the room is 12 , on the first floor .",
        ],
    )
    def test_a_count_per_day_or_the_number_of_a_ticket_or_room_is_no_price(self, content):
        assert values(content, "amount") == []

    @pytest.mark.parametrize(
        "content,prices",
        [
            ("the bike hire is 12 a day .", ["12"]),
            ("a student sim is 8 a month .", ["8"]),
            ("parking is 4.50 a day .", ["4.50"]),
        ],
    )
    def test_per_day_in_talk_of_prices_or_per_month_is_a_price(self, content, prices):
        assert values(content, "amount") == prices


class TestCodesInLowerCaseGroups:
    @pytest.mark.parametrize(
        "content,code,normalised",
        [
            ("your reference is gk 71 05 tm .", "gk 71 05 tm", "GK7105TM"),
            ("the quote reference is r8 31 jw , valid for a week .", "r8 31 jw", "R831JW"),
            ("the appointment number is dn 4418 v .", "dn 4418 v", "DN4418V"),
            ("taxi number kc 227 will be outside .", "kc 227", "KC227"),
            ("the code to give at the gate is fw 60 213 .", "fw 60 213", "FW60213"),
            ("the tag on it is 5530/ht .", "5530/ht", "5530/HT"),
        ],
    )
    def test_the_groups_are_one_code(self, content, code, normalised):
        assert of_type(said_by_assistant(content), "identifier") == [(code, normalised)]

    @pytest.mark.parametrize(
        "content",
        [
            "your room number is 14 .",
            "the hire ref is due 14/08 .",
            "the reference is under 12 b .",
            "the code is in the 2 letters .",
            "is your reference in the 12 letters ?",
            "your order number is 2 of 3 , the rest comes later .",
            "the seat number is 4 to 6 in row k .",
        ],
    )
    def test_counts_words_and_questions_are_no_codes(self, content):
        assert values(content, "identifier") == []


class TestExtensionSaidAlone:
    @pytest.mark.parametrize(
        "content,phone",
        [
            ("the maternity ward is extension 5127 .", "5127"),
            ("for parking permits , ask for extension 62 .", "62"),
        ],
    )
    def test_the_extension_is_the_value(self, content, phone):
        assert of_type(said_by_assistant(content), "phone") == [(phone, f"ext={phone}")]

    @pytest.mark.parametrize(
        "content", ["they gave us an extension of 14 days .", "is the ward extension 5127 ?"]
    )
    def test_a_delay_or_a_question_is_no_extension(self, content):
        assert values(content, "phone") == []


class TestHouseNumbersAroundTheStreet:
    def test_no_and_the_number_after_the_street(self):
        assert values("the bakery is on tolley lane , no . 7 .", "address") == ["tolley lane , no . 7"]

    def test_an_answer_no_is_still_a_sentence_of_its_own(self):
        found = values("is it on tolley lane ? no . 7 of them are on the quay .", "address")
        assert not any("no" in value for value in found)

    @pytest.mark.parametrize(
        "content,address",
        [
            ("the guest house is number 22 , the terrace .", "number 22 , the terrace"),
            ("the clinic is at number 3 , the old mews , ax4 2ju .", "number 3 , the old mews"),
        ],
    )
    def test_the_number_said_first_then_the_street(self, content, address):
        assert address in values(content, "address")

    def test_a_rank_is_no_address(self):
        assert values("the pier is number 1 , the best in the county .", "address") == []
