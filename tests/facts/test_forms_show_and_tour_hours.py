"""The hours of shows and tours a desk gives for a day, one or a list of them ("the marionettes have shows
every day at 10 and 2", "bell tower tours on sunday at 10 , 12 and 2 pm", "garden walks daily at 11"), and the
hour a theatre raises its curtain ("curtain up 8", "curtain up 7.15").
Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, values


class TestHoursOfShowsAndTours:
    @pytest.mark.parametrize(
        ("said", "clocks"),
        [
            ("the marionettes have shows every day at 10 and 2 .", [("10", "10:00"), ("2", "14:00")]),
            (
                "the abbey runs bell tower tours on sunday at 10 , 12 and 2 pm .",
                [("10", "10:00"), ("12", "12:00"), ("2 pm", "14:00")],
            ),
            ("there are garden walks daily at 11 .", [("11", "11:00")]),
            ("the circus has shows at 4 .", [("4", "16:00")]),
        ],
    )
    def test_each_hour_of_the_list_is_a_time(self, said, clocks):
        assert of_type(said_by_assistant(said), "time") == clocks

    def test_a_question_about_a_show_hour_states_none(self):
        assert values("are there shows at 4 ?", "time", role="user") == []

    def test_a_count_after_the_hour_is_no_hour(self):
        assert values("the tours take 10 , 12 people at most .", "time") == []


class TestCurtainUp:
    @pytest.mark.parametrize(
        ("said", "clock"),
        [
            ("it is on at the old theatre friday , curtain up 8 .", ("8", "20:00")),
            ("it plays the town hall tomorrow , curtain up 7.15 .", ("7.15", "19:15")),
            ("curtain up is at 2.30 on saturday .", ("2.30", "14:30")),
        ],
    )
    def test_the_hour_the_curtain_goes_up(self, said, clock):
        assert of_type(said_by_assistant(said), "time") == [clock]

    def test_a_price_in_the_sentence_is_no_curtain_hour(self):
        assert values("the curtain up package costs 7.45 a head .", "time") == []
