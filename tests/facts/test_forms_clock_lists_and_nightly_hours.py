"""Clocks listed, kept every night, put in place of another, naming a tide or a boat, and a show's doors.
Written for these tests: each form read, and a near form that stays unread (a question about the value is no
statement)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestFourDigitClocksInAList:
    @pytest.mark.parametrize(
        "content,clocks",
        [
            ("The shuttle leaves at 0645 and 1830.", [("0645", "06:45"), ("1830", "18:30")]),
            ("There are sailings at 0810 or 1420.", [("0810", "08:10"), ("1420", "14:20")]),
            (
                "The tank is checked at 0500, 1300 and 2100 daily.",
                [("0500", "05:00"), ("1300", "13:00"), ("2100", "21:00")],
            ),
        ],
    )
    def test_each_clock_of_the_list_is_read(self, content, clocks):
        assert of_type(said_by_assistant(content), "time") == clocks

    def test_years_listed_stay_years(self):
        assert of_type(said_by_assistant("They lived abroad in 1985 and 2003."), "time") == []


class TestHoursKeptEveryNight:
    @pytest.mark.parametrize(
        "content,said,clock",
        [
            ("The pub runs a raffle at 9 every evening.", "9", "21:00"),
            ("They have a string trio from 8 most nights.", "8", "20:00"),
            ("The roof terrace opens at 5 each night.", "5", "17:00"),
            ("Karaoke starts at 10 on Thursday nights.", "10", "22:00"),
        ],
    )
    def test_the_hour_is_in_the_evening(self, content, said, clock):
        assert (said, clock) in of_type(said_by_assistant(content), "time")

    @pytest.mark.parametrize(
        "content",
        [
            "Is there a raffle at 9 every evening?",
            "I take the dog out at 10 every night.",
            "We usually have tea at 6 every evening.",
        ],
    )
    def test_a_question_or_a_habit_of_ones_own_is_no_value(self, content):
        assert of_type(said_by_user(content), "time") == []


class TestClockInPlaceOfAnother:
    def test_the_hour_said_instead_of_a_clock_takes_its_half_of_the_day(self):
        facts = facts_of("The taxi is booked for 4:30 pm.", "Can we make it 5 instead of 4:30?")
        assert in_turn(facts, 2, "time") == [("5", "17:00")]

    def test_a_morning_clock_replaced_keeps_the_morning(self):
        facts = facts_of("The van comes at 6:30 am.", "Please make the delivery 7 instead of 6:30.")
        assert in_turn(facts, 2, "time") == [("7", "07:00")]

    def test_the_clock_replaced_as_said_long_before_says_the_half(self):
        chat = [
            "The airport shuttle collects you at 4:45 am.",
            *["Lovely.", "Anything else?", "No.", "Ok.", "Right.", "Noted.", "Good."],
            "Actually, can we make it 5 instead of 4:45?",
        ]
        assert in_turn(facts_of(*chat), 9, "time") == [("5", "05:00")]

    def test_its_own_am_or_pm_says_the_half(self):
        assert of_type(said_by_user("Could we do 8 instead of 7:45 pm?"), "time") == [("8", "20:00")]

    def test_a_count_in_place_of_a_count_is_no_clock(self):
        assert of_type(said_by_user("Can we make it 7 instead of 6?"), "time") == []


class TestClockNamingATideOrABoat:
    @pytest.mark.parametrize(
        "content,said,clock",
        [
            ("We'll launch on the 6.40 tide.", "6.40", "06:40"),
            ("She's coming over on the 7.15 boat.", "7.15", "07:15"),
        ],
    )
    def test_the_clock_is_read(self, content, said, clock):
        assert of_type(said_by_assistant(content), "time") == [(said, clock)]

    def test_a_price_before_a_boat_word_is_no_clock(self):
        assert of_type(said_by_assistant("Tide tables are 2.50 at the kiosk."), "time") == []


class TestShowDoors:
    def test_doors_in_talk_of_a_show_open_in_the_evening(self):
        facts = facts_of("I've booked two tickets for the folk concert.", "Great. Doors open at 6.")
        assert in_turn(facts, 2, "time") == [("6", "18:00")]

    def test_doors_of_a_shop_keep_the_morning(self):
        assert of_type(said_by_assistant("The garden centre? Doors open at 8."), "time") == [("8", "08:00")]
