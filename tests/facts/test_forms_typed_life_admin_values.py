"""Values as people type them while sorting out their own affairs: an account or card kept by its last
digits said with the word "last" ("only the last digits, 6027"), and a place on a street whose name reads as
a plural ("the nandos on bridge street do ..."). Each form has near misses that state no such value: a span
of years, a time taken, a question, a place's verb with no street. Cases written for these tests."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestLastDigitsSaidWithLast:
    @pytest.mark.parametrize(
        "content,digits",
        [
            ("I'd note only the last digits, 6027, not the whole number.", "6027"),
            ("Keep just the last four digits (3310) on the form.", "3310"),
            ("the last 4 of my card are 8856", "8856"),
            ("last four: 9021", "9021"),
            ("Its last four are 1174, the other one is my partner's.", "1174"),
        ],
    )
    def test_the_digits_after_last_and_a_comma_a_colon_or_are(self, content, digits):
        assert of_type(said_by_assistant(content), "identifier") == [(digits, digits)]

    @pytest.mark.parametrize(
        "content",
        [
            "the last four years, 2019 to 2023, were a blur",
            "the last 4 took 20 minutes each",
            "the last digits are smudged on the statement",
            "the last four were 1500 dollars in all",
            "are the last four digits 5521?",
        ],
    )
    def test_a_span_of_years_a_count_a_sum_or_a_question_is_no_card(self, content):
        assert of_type(said_by_user(content), "identifier") == []


class TestAPlaceOnAStreetBeforeItsPluralVerb:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("nandos on bridge street do a meal deal for £25", "bridge street"),
            ("the shops on harbour road sell them cheaper", "harbour road"),
            ("wilkos on station lane stock the big ones", "station lane"),
        ],
    )
    def test_the_street_before_do_sell_or_stock(self, content, street):
        assert of_type(said_by_user(content), "address") == [(street, street)]

    @pytest.mark.parametrize(
        "content",
        [
            "what do they do on bridge street?",
            "we do lunch on fridays",
            "the kids do swimming on saturdays",
        ],
    )
    def test_a_question_or_a_plural_verb_after_no_street_says_no_address(self, content):
        assert of_type(said_by_user(content), "address") == []
