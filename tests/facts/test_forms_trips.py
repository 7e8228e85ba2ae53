"""Values as people say them while planning a trip or a week in a booking chat (tokenised text):
two days joined as a stay, clocks in words, the answer to "what time ?", both ends of a price
range, a changed ticket number. One case per general form, written for these tests; and a turn
that only asks about a value states none."""

from functools import partial

import pytest

from tests.facts import booking_chats
from tests.facts.booking_chats import facts_of

found = partial(booking_chats.found, role="user")


class TestTwoDaysJoined:
    @pytest.mark.parametrize(
        "content,days",
        [
            (
                "we will be in town from thursday to saturday .",
                [("thursday", "2026-07-09"), ("saturday", "2026-07-11")],
            ),
            (
                "the course runs tuesday through friday .",
                [("tuesday", "2026-07-07"), ("friday", "2026-07-10")],
            ),
            (
                "i need a room on wednesday and friday .",
                [("wednesday", "2026-07-08"), ("friday", "2026-07-10")],
            ),
            ("could it be saturday or sunday ?", [("saturday", "2026-07-11"), ("sunday", "2026-07-12")]),
            # the second day follows the first, even past the end of the week
            ("book it friday - tuesday please .", [("friday", "2026-07-10"), ("tuesday", "2026-07-14")]),
        ],
    )
    def test_both_days_of_a_pair_are_dates(self, content, days):
        assert [(v, n) for t, v, n in found(content) if t == "date"] == days

    @pytest.mark.parametrize(
        "content",
        [
            "the office is open monday to friday .",
            "they close saturday and sunday .",
            "lessons run every tuesday - thursday .",
        ],
    )
    def test_the_days_a_place_keeps_are_no_dates(self, content):
        assert not [f for f in found(content, role="assistant") if f[0] == "date"]


class TestClocksInWords:
    @pytest.mark.parametrize(
        "content,normalised",
        [
            ("a table at six forty-five , please .", "18:45"),  # a table: the evening
            ("we should get there by nine fifteen .", "09:15"),
        ],
    )
    def test_an_hour_and_minutes_in_words_after_a_word_that_asks_for_a_time(self, content, normalised):
        assert [n for t, _, n in found(content) if t == "time"] == [normalised]

    @pytest.mark.parametrize(
        "content", ["tickets at seven fifty each .", "there were seven thirty years ago ."]
    )
    def test_money_and_counts_in_words_are_no_clock(self, content):
        assert not [f for f in found(content) if f[0] == "time"]


class TestTheAnswerToWhatTime:
    def test_a_clock_of_a_years_shape_answers_what_time(self):
        facts = facts_of("i need a coach on friday .", "what time would you like to leave ?", "after 2030 .")
        assert (3, "time", "2030", "20:30") in facts

    def test_after_a_question_about_something_else_it_stays_a_year(self):
        facts = facts_of("when was the old bridge built ?", "after 1930 , they think .")
        assert not [f for f in facts if f[1] == "time"]


class TestPriceRanges:
    @pytest.mark.parametrize(
        "content,first",
        [
            ("rooms there are between 60 and 75 pounds a night .", "60"),
            ("a family ticket is 18 - 24 gbp .", "18"),
            ("parking costs from 4 to 6.50 pounds .", "4"),
        ],
    )
    def test_the_first_price_of_a_range_takes_the_currency_of_the_second(self, content, first):
        values = [(v, n) for t, v, n in found(content, role="assistant") if t == "amount"]
        assert values[0] == (first, f"{float(first):.2f} GBP")
        assert len(values) == 2

    def test_a_count_and_a_price_are_no_range(self):
        values = [v for t, v, _ in found("for the 2 of us and 30 pounds at most .") if t == "amount"]
        assert values == ["30 pounds"]

    def test_a_second_price_after_what_the_first_is_for(self):
        content = "the tour is 9 pounds per adult , or 7.20 if you book ahead ."
        assert [v for t, v, _ in found(content, role="assistant") if t == "amount"] == ["9 pounds", "7.20"]


class TestChangedReference:
    def test_a_reference_said_as_it_now_is(self):
        content = "i moved your seats . your ticket number is now cx5518207 ."
        assert ("identifier", "cx5518207", "CX5518207") in found(content, role="assistant")

    def test_a_booking_that_is_now_something_names_no_reference(self):
        assert not found("your booking is now confirmed .", role="assistant")


class TestTheAnswerToPostcode:
    def test_a_postcode_said_alone_answers_the_question_for_it(self):
        facts = facts_of("and the postcode ?", "zk2 4mc .")
        assert [(s, t, v) for s, t, v, _ in facts] == [(2, "address", "zk2 4mc")]

    def test_the_same_shape_answering_something_else_is_none(self):
        assert not [f for f in facts_of("which table is ours ?", "zk2 4mc .") if f[1] == "address"]


class TestAskingStatesNone:
    @pytest.mark.parametrize(
        "content",
        [
            "what time does the last coach leave on those days ?",
            "is there a postcode for it ?",
            "how much is a room there , roughly ?",
            "which days are you here ?",
            "can i have the new ticket number ?",
        ],
    )
    def test_a_question_about_a_value_states_none(self, content):
        assert found(content) == []


class TestClocksOfAYearsShapeInRideTalk:
    @pytest.mark.parametrize(
        "content,normalised",
        [("i need a taxi after 1930 .", "19:30"), ("is there a coach to the coast before 2010 ?", "20:10")],
    )
    def test_after_or_before_in_a_sentence_about_a_ride_or_a_table(self, content, normalised):
        assert [n for t, _, n in found(content) if t == "time"] == [normalised]

    @pytest.mark.parametrize(
        "content", ["the bus station was built after 1930 .", "the ferry has run since before 1990 ."]
    )
    def test_a_sentence_about_years_keeps_them_years(self, content):
        assert not [f for f in found(content) if f[0] == "time"]


class TestReferencesWithNoWordBetween:
    @pytest.mark.parametrize(
        "content,code",
        [("all set ! ref pwodxuta .", "pwodxuta"), ("done , reference zr4htvsq , enjoy .", "zr4htvsq")],
    )
    def test_eight_letters_ending_the_clause_after_ref(self, content, code):
        assert ("identifier", code, code.upper()) in found(content, role="assistant")

    @pytest.mark.parametrize(
        "content",
        [
            "you will find it in the reference section .",
            "bring the reference material .",
            "we changed the confirmation workflow .",
            "can you check my ref again ?",
        ],
    )
    def test_english_words_after_ref_are_no_reference(self, content):
        assert not [f for f in found(content, role="assistant") if f[0] == "identifier"]
