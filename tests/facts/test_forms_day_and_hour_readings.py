"""Days and hours read where the words say otherwise: a range of days names no one day, a holiday said with
its year is that year's, a result said with the side down or up is no clock, and the bare hours of a show
or an evening out (a table reserved for two) are the evening's, going on into the night in the order said,
and a clock said with pm in the same sitting reaches three hours on. Written for these tests; the chats are
said on Monday 6 July 2026."""

from datetime import timedelta

import pytest

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText
from tests.facts.booking_chats import SAID_ON, facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestARangeOfDaysNamesNoDay:
    @pytest.mark.parametrize(
        "said",
        [
            "The credit shows up within 2 to 4 business days.",
            "It should land in 5 to 7 days.",
            "Expect the new card in 2-3 weeks.",
            "Transfers take 3 to 5 working days.",
        ],
    )
    def test_no_date(self, said):
        assert of_type(said_by_assistant(said), "date") == []

    def test_a_number_of_days_is_still_a_deadline(self):
        assert of_type(said_by_assistant("Please send it back within 10 days."), "date") == [
            ("within 10 days", "2026-07-16")
        ]

    def test_in_a_number_of_days_is_still_a_date(self):
        assert of_type(said_by_assistant("The parts arrive in 3 days."), "date") == [
            ("in 3 days", "2026-07-09")
        ]


class TestAHolidayWithItsYear:
    def test_last_year(self):
        found = said_by_user("We hosted everyone on Boxing Day last year.")
        assert of_type(found, "date") == [("Boxing Day last year", "2025-12-26")]

    def test_next_year(self):
        found = said_by_user("Christmas Day next year we are in Lisbon.")
        assert of_type(found, "date") == [("Christmas Day next year", "2027-12-25")]

    def test_alone_it_is_the_next_one(self):
        assert of_type(said_by_user("We're hosting on Christmas Day."), "date") == [
            ("Christmas Day", "2026-12-25")
        ]

    def test_last_before_it_is_the_one_before(self):
        assert of_type(said_by_user("We hosted last Christmas."), "date") == [
            ("last Christmas", "2025-12-25")
        ]


class TestAResultWithTheSideDownOrUp:
    @pytest.mark.parametrize(
        "said",
        ["Our under-12s were 5 to 3 down at half time.", "We went 10 to 6 up before the break."],
    )
    def test_no_clock(self, said):
        assert of_type(said_by_user(said), "time") == []

    def test_a_clock_said_so_is_one(self):
        assert of_type(said_by_user("The coach leaves at 10 to 4 pm."), "time") == [("10 to 4 pm", "15:50")]


class TestTheBareHoursOfAnEveningOut:
    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("The show is at 7 sharp.", [("7", "19:00")]),
            ("The performance starts at 8.", [("8", "20:00")]),
            ("The party goes from 7 till 10.", [("7 till 10", "19:00-22:00")]),
            ("The party starts at 9 and finishes at 11.", [("9", "21:00"), ("11", "23:00")]),
            ("Reserve for two at eight.", [("eight", "20:00")]),
            ("Book us for 4 at 7:30.", [("7:30", "19:30")]),
        ],
    )
    def test_in_the_evening(self, said, times):
        assert of_type(said_by_user(said), "time") == times

    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("The show home opens at 9.", [("9", "09:00")]),
            (
                "The party starts at 8 pm and the cleaners come at 11 am.",
                [("8 pm", "20:00"), ("11 am", "11:00")],
            ),
            ("The party shop is open 9 till 5.", [("9 till 5", "09:00-17:00")]),
            ("Reserve for two at eight for breakfast.", [("eight", "08:00")]),
        ],
    )
    def test_look_alikes_keep_their_half(self, said, times):
        assert of_type(said_by_user(said), "time") == times

    def test_a_question_states_no_hour(self):
        assert of_type(said_by_user("What time does the show start?"), "time") == []


class TestAClockSaidWithPmInTheSameSitting:
    def test_reaches_three_hours_on(self):
        facts = facts_of("The coach gets into Leeds at 5:50 pm.", "Can Mum meet it at 7:40?")
        assert in_turn(facts, 2, "time") == [("7:40", "19:40")]

    def test_not_a_turn_said_the_next_morning(self):
        turns = [
            TurnText(1, "assistant", "The coach gets into Leeds at 5:50 pm.", SAID_ON + timedelta(hours=7)),
            TurnText(2, "user", "I dropped her at the stop at 7:40.", SAID_ON + timedelta(hours=22)),
        ]
        found = [
            (f.value, f.normalised) for f in extract_facts(turns) if f.source_seq == 2 and f.type == "time"
        ]
        assert found == [("7:40", "07:40")]

    def test_further_on_keeps_the_morning(self):
        facts = facts_of("The coach gets into Leeds at 5:50 pm.", "Good. Her flight back is at 9:40.")
        assert in_turn(facts, 2, "time") == [("9:40", "09:40")]


class TestTheHourAGameStarts:
    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("kick off is at 11 , so the minibus works .", [("11", "11:00")]),
            ("tip off is at 11 .", [("11", "11:00")]),
        ],
    )
    def test_after_kick_off_is_at(self, said, times):
        assert of_type(said_by_user(said), "time") == times

    def test_a_kick_off_of_another_kind_is_none(self):
        assert of_type(said_by_user("The boys kick off their boots at the door."), "time") == []
