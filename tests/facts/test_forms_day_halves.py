"""The half of the day of a clock said without am/pm: near a clock said with pm (in the same turn, in the
order said, or just before) it is in the afternoon, unless a clock said with am is nearer or the turn speaks
of the morning; a sentence that speaks of dinner or an evening out puts its clocks in the evening even after
talk of an alarm. The value is the clock as said; these cases pin its normalised form. Written for these
tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestNearAClockSaidWithPm:
    def test_later_in_the_same_sentence(self):
        found = said_by_assistant("The ferry sails at 2:40 pm and docks in Larne at 4:05.")
        assert of_type(found, "time") == [("2:40 pm", "14:40"), ("4:05", "16:05")]

    def test_in_the_order_said(self):
        found = said_by_assistant("The cave has tours at 10:40, 3:20 pm and 4:10.")
        assert of_type(found, "time") == [("10:40", "10:40"), ("3:20 pm", "15:20"), ("4:10", "16:10")]

    def test_in_the_turn_before(self):
        facts = facts_of("The talk starts at 7:15 pm.", "Great, see you there.", "I'll get there at 6:50.")
        assert in_turn(facts, 3, "time") == [("6:50", "18:50")]

    def test_a_bare_hour_near_one(self):
        facts = facts_of("Our table is at 7:30 pm.", "Lovely.", "Let's meet at the bar at 7.")
        assert in_turn(facts, 3, "time") == [("7", "19:00")]

    def test_a_clock_said_with_am_nearer_keeps_the_morning(self):
        facts = facts_of(
            "The first bus is at 6:30 am and the last at 11:50 pm.",
            "OK.",
            "I'll catch the 7:05, and come back on the 11:20.",
        )
        assert in_turn(facts, 3, "time") == [("7:05", "07:05"), ("11:20", "23:20")]

    def test_a_turn_of_the_morning_keeps_it(self):
        facts = facts_of("The ferry leaves at 5:40 pm, so wake me at 6:15 tomorrow.", "Sure. Board by 5:10.")
        assert in_turn(facts, 1, "time") == [("5:40 pm", "17:40"), ("6:15", "06:15")]
        assert in_turn(facts, 2, "time") == [("5:10", "17:10")]


class TestEveningsSaidInTheSentence:
    @pytest.mark.parametrize(
        "content,time",
        [
            ("The party starts at 8.", ("8", "20:00")),
            ("Drinks at 9, then the gig.", ("9", "21:00")),
            ("Her birthday party is at 7:45 on Friday.", ("7:45", "19:45")),
        ],
    )
    def test_an_evening_out(self, content, time):
        assert of_type(said_by_user(content), "time") == [time]

    def test_dinner_after_talk_of_an_alarm(self):
        facts = facts_of(
            "Set an alarm for 5 pm.", "Your alarm is set.", "Now move our dinner booking to 6:15."
        )
        assert in_turn(facts, 3, "time") == [("6:15", "18:15")]
