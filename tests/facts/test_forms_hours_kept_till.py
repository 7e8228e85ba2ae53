"""Two bare hours joined by "till", "until" or "to" that give the hours a place keeps: after a question of
whether it is open on some day ("are you open on sundays?" "yes, 10 till 4."), or straight after the days it
keeps them ("weekdays 8 till 4", "saturdays 9 to 1"). Each is a window of two clocks, not "ten minutes to
four". Look-alikes stay as they were: a clock with "at" before it ("meet me at 10 to 5"), a person's own
working days ("i work weekdays 8 till 4"), and a question. Written for these tests; the chats are said on
Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestHoursAfterAskingIfOpen:
    @pytest.mark.parametrize(
        ("asked", "answer", "times"),
        [
            ("Are you open on Sundays?", "Yes, 10 till 4.", [("10 till 4", "10:00-16:00")]),
            (
                "And the pool's open over Easter?",
                "It is, 10 till 2 each day.",
                [("10 till 2", "10:00-14:00")],
            ),
            (
                "Is the gallery open on Boxing Day?",
                "Yes , 11 to 3 , but the cafe is shut .",
                [("11 to 3", "11:00-15:00")],
            ),
        ],
    )
    def test_the_window(self, asked, answer, times):
        assert in_turn(facts_of(asked, answer), 2, "time") == times

    def test_a_question_that_is_not_of_opening_keeps_the_reading_it_had(self):
        found = facts_of("Are you coming on Sundays?", "Yes, 10 till 4.")
        assert in_turn(found, 2, "time") == [("10 till 4", "03:50")]


class TestHoursAfterTheDaysKept:
    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("The warden is on 01632 960 777, weekdays 8 till 4.", [("8 till 4", "08:00-16:00")]),
            ("The tip takes bulky waste weekends 10 till 4.", [("10 till 4", "10:00-16:00")]),
            ("The helpline is staffed daily 9 till 5.", [("9 till 5", "09:00-17:00")]),
        ],
    )
    def test_the_window(self, said, times):
        assert of_type(said_by_assistant(said), "time") == times

    @pytest.mark.parametrize(
        "said",
        [
            "I work weekdays 8 till 4, so evenings suit me.",
        ],
    )
    def test_a_persons_own_days_are_no_hours(self, said):
        assert of_type(said_by_user(said), "time") == []

    def test_at_before_keeps_a_clock(self):
        assert of_type(said_by_user("We meet weekdays at 10 to 5."), "time") == [("10 to 5", "16:50")]
