"""Identifiers named by a word the rules lacked or said where a booking is made: a permit's number ("your
resident's permit is rp-55120"), a PIN or code for the thing it opens ("the pin for the back door is 3391"),
a British plate in lower case ("the plate is lk21 bvx"), and a code said after "it 's" in the sentence that
makes a booking ("that 's booked , it 's wd58kq2z ."). Written for these tests: each form read, and the near
forms that state no identifier."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


def _ids(facts):
    return [v for v, _ in of_type(facts, "identifier")]


class TestPermits:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("Your resident's permit is rp-55120.", "rp-55120"),
            ("My permit number is PZ 40917.", "PZ 40917"),
        ],
    )
    def test_a_permit_number_is_read(self, content, said):
        assert _ids(said_by_user(content)) == [said]

    @pytest.mark.parametrize(
        "content", ["The permit is valid for 6 months.", "The permit is in the post, it takes 3 days."]
    )
    def test_what_is_said_of_a_permit_is_no_number(self, content):
        assert _ids(said_by_user(content)) == []


class TestCodesForWhatTheyOpen:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("The pin for the back door is 3391.", "3391"),
            ("the code to the garden gate is 7720# .", "7720#"),
            ("The password for the wifi is heron5521.", "heron5521"),
        ],
    )
    def test_the_code_is_read(self, content, said):
        assert _ids(said_by_assistant(content)) == [said]

    @pytest.mark.parametrize(
        "content",
        ["The pin for the card is 4 digits.", "The code for the door is on your booking email."],
    )
    def test_what_is_said_of_a_code_is_no_code(self, content):
        assert _ids(said_by_assistant(content)) == []


class TestBritishPlatesInLowerCase:
    def test_the_plate_is_read(self):
        assert _ids(said_by_user("the plate is lk21 bvx .")) == ["lk21 bvx"]

    def test_no_plate_after_the_word_is_none(self):
        assert _ids(said_by_user("the plate is on the back of the car .")) == []


class TestCodeSaidWhereABookingIsMade:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("that 's booked for you , it 's wd58kq2z .", "wd58kq2z"),
            ("the twin room is reserved , that is hn3307tq .", "hn3307tq"),
        ],
    )
    def test_the_code_is_read(self, content, said):
        assert _ids(said_by_assistant(content)) == [said]

    @pytest.mark.parametrize(
        "content",
        [
            "the guesthouse is booked , it is cx12 4ab .",  # a postcode's shape
            "i like the look of it , it 's wd58kq2z on the map .",  # no booking made
            "is it booked , it 's wd58kq2z ?",  # a question
        ],
    )
    def test_no_booking_a_postcode_or_a_question_is_no_code(self, content):
        assert _ids(said_by_assistant(content)) == []
