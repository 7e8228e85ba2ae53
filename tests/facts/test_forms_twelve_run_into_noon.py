"""Noon, midday and midnight typed with their "12" run into the word ("12noon", "12midnight"), as people type
them on a phone. Written for these tests, with near misses that name no such clock: a longer number run into
the word, "12" as a count before "noon" said apart, and "noon" inside another word."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestTwelveRunIntoNoon:
    @pytest.mark.parametrize(
        "content,said,clock",
        [
            ("the gas man comes tmrw at 12noon", "12noon", "12:00"),
            ("drop the keys by 12midday pls", "12midday", "12:00"),
            ("the form closes at 12midnight on friday", "12midnight", "00:00"),
            ("collect her from the clinic at 12NOON", "12NOON", "12:00"),
        ],
    )
    def test_the_twelve_and_its_word_are_one_clock(self, content, said, clock):
        assert (said, clock) in of_type(said_by_user(content), "time")

    def test_said_apart_it_is_read_as_before(self):
        assert ("12 noon", "12:00") in of_type(said_by_assistant("Your viewing is at 12 noon."), "time")

    @pytest.mark.parametrize(
        "content",
        [
            "flat 112noon is not a real place",
            "the afternoon slot is free",
            "the noonday sun was too hot for the walk",
        ],
    )
    def test_no_clock_is_read_from_a_near_miss(self, content):
        assert of_type(said_by_user(content), "time") == []
