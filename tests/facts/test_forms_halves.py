"""The half of the day of a clock said with no am/pm by what it is said of: a closing hour from 5 to 11 is
in the evening ("The deli shuts at 8"), a booking from 1 to 6 in the afternoon ("book us for 3:40"), a
British half hour in the day's plans from 1 to 4 in the afternoon ("set off at half three"), a game from 1
to 9 after noon ("kick-off is at 7:45"). Opening hours, a word of the morning near it, a 24-hour clock and an
hour just after a morning clock keep the clock as said; a turn that only asks pins nothing. Written for these
tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestAfterNoonByWhatItIsSaidOf:
    @pytest.mark.parametrize(
        "content,time",
        [
            ("Close is eight on Thursdays.", ("eight", "20:00")),
            ("The deli shuts at 8 on weekdays.", ("8", "20:00")),
            ("Closing time's 9:30 at the Fenwick branch.", ("9:30", "21:30")),
            ("The pool closes at 7 today.", ("7", "19:00")),
        ],
    )
    def test_a_closing_hour_is_in_the_evening(self, content, time):
        assert of_type(said_by_assistant(content), "time") == [time]

    @pytest.mark.parametrize(
        "content,time",
        [
            ("Could you book us for 3:40 on the 9th?", ("3:40", "15:40")),
            ("Please reserve us for 2:20 on Friday.", ("2:20", "14:20")),
        ],
    )
    def test_a_booking_is_in_the_afternoon(self, content, time):
        assert of_type(said_by_user(content), "time") == [time]

    def test_a_half_hour_in_the_days_plans_is_in_the_afternoon(self):
        found = said_by_user("On Saturday we'll set off at half three for the garden centre.")
        assert of_type(found, "time") == [("half three", "15:30")]

    @pytest.mark.parametrize(
        "content,time",
        [
            ("Kick off at 8 on Friday, so eat first.", ("8", "20:00")),
            ("Tip-off is at 7 tomorrow.", ("7", "19:00")),
        ],
    )
    def test_a_game_is_after_noon(self, content, time):
        assert of_type(said_by_user(content), "time") == [time]


class TestLookAlikesKeepTheClockAsSaid:
    @pytest.mark.parametrize(
        "content,time",
        [
            ("The bakery opens at seven.", ("seven", "07:00")),
            ("I'll catch the 7:10 am bus.", ("7:10 am", "07:10")),
            ("Breakfast at 8:15 works.", ("8:15", "08:15")),
            ("I'm up at 6:20 on weekdays.", ("6:20", "06:20")),
            ("Kick off is at 10 for the juniors.", ("10", "10:00")),
            ("Book us for 2:30 in the morning, the flight is early.", ("2:30 in the morning", "02:30")),
            ("The canteen closes at 09:30 on Sundays.", ("09:30", "09:30")),
            ("The closing is at 10 on the 4th.", ("10", "10:00")),
            ("Be in by 7:40, the gate shuts at 8.", None),
        ],
    )
    def test_the_morning_or_an_opening_hour(self, content, time):
        found = of_type(said_by_assistant(content), "time")
        if time is None:
            assert found == [("7:40", "07:40"), ("8", "08:00")]
        else:
            assert found == [time]

    def test_a_booking_after_talk_of_breakfast(self):
        facts = facts_of("We want the breakfast sitting.", "Shall I book you for 6:30 then?", "Yes, please.")
        assert in_turn(facts, 2, "time") == [("6:30", "06:30")]

    def test_a_half_hour_of_a_night_out(self):
        found = said_by_user("We got home at half one last night.")
        assert ("half one", "13:30") not in of_type(found, "time")

    def test_a_turn_that_only_asks_pins_nothing(self):
        assert of_type(said_by_user("What time do you close on Sundays?"), "time") == []
