"""The half of the day of a bare hour, read from what people mean around the night. An hour from 7 to 9
said late in the evening about tomorrow is in the morning, even after talk of tonight (that evening's hour
is gone); an hour a booking for the small hours is moved to, or said instead of its clock, stays before
dawn; an hour a place keeps followed by "most nights" or "on weeknights", or that it is open until, is in
the evening; a price such as "for 13.50" beside a bare hour is no 24-hour clock, so food served "from 5" is
still in the evening; and a party of people, then its hour ("for 4 people at 8"), is an evening out.
Written for these tests."""

from datetime import UTC, datetime, timedelta

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


def said_at(hour: int, minute: int, *contents: str) -> list[tuple[int, str, str, str]]:
    """The facts of a chat on Monday 6 July 2026, its turns said a minute apart from ``hour``:``minute``."""
    return facts_of(
        *contents, start=datetime(2026, 7, 6, hour, minute, tzinfo=UTC), apart=timedelta(minutes=1)
    )


class TestTomorrowsHourSaidLateAtNight:
    def test_a_meeting_the_next_morning_after_a_missed_connection(self):
        chat = said_at(
            21,
            35,
            "my ferry was called off and i 'm stranded here tonight .",
            "the first sailing tomorrow leaves at 06:20 and docks at 07:05 .",
            "i have a meeting at nine there , so that works .",
        )
        assert in_turn(chat, 3, "time") == [("nine", "09:00")]

    def test_an_interview_tomorrow_after_talk_of_tonight(self):
        chat = said_at(
            22,
            10,
            "we had a lovely dinner out tonight .",
            "glad it went well .",
            "my interview is at 8 tomorrow .",
        )
        assert in_turn(chat, 3, "time") == [("8", "08:00")]

    @pytest.mark.parametrize(
        ("first", "last", "times"),
        [
            # look-alike: the sentence itself speaks of the evening
            ("we had a lovely dinner out tonight .", "book dinner tomorrow at nine .", [("nine", "21:00")]),
            # look-alike: tonight's hour told afterwards, no tomorrow
            ("we had a lovely dinner out tonight .", "we got back at nine .", [("nine", "21:00")]),
        ],
    )
    def test_the_evening_stays(self, first, last, times):
        assert in_turn(said_at(22, 10, first, "glad it went well .", last), 3, "time") == times


class TestAnHourMovedToBeforeDawn:
    def test_the_hour_said_instead_and_the_change(self):
        chat = facts_of(
            "i need a cab to the station at 4:45 am on thursday .",
            "booked , the driver will wait outside from 4:45 am .",
            "could he come at 5 instead ?",
            "changed to 5 on thursday , same booking .",
        )
        assert in_turn(chat, 3, "time") == [("5", "05:00")]
        assert in_turn(chat, 4, "time") == [("5", "05:00")]

    def test_the_clock_of_the_booking_a_few_turns_back(self):
        chat = facts_of(
            "two taxis to the quay at 5:10 on monday please .",
            "done , both for 5:10 .",
            "and the booking ref ?",
            "it is tq 4471 .",
            "on monday can they come at 6 ?",
            "changed to 6 on monday .",
        )
        assert in_turn(chat, 6, "time") == [("6", "06:00")]

    def test_a_booking_in_the_afternoon_keeps_the_afternoon(self):
        # look-alike: the clock moved from is after noon
        chat = facts_of("the van is booked for 2:30 pm .", "ok , noted .", "move it to 4 please .")
        assert in_turn(chat, 3, "time") == [("4", "16:00")]


class TestAnHourKeptOnNights:
    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("The cellar bar opens at 7 most nights.", [("7", "19:00")]),
            ("The garage is open till 8 on weeknights.", [("8", "20:00")]),
        ],
    )
    def test_the_evening(self, said, times):
        assert of_type(said_by_assistant(said), "time") == times

    def test_most_days_says_no_half(self):
        # look-alike: the days, not the nights
        assert of_type(said_by_assistant("The cafe opens at 7 most days."), "time") == [("7", "07:00")]


class TestAnHourAPlaceIsOpenUntil:
    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("The chip shop by the harbour is open till 10.", [("10", "22:00")]),
            ("the corner deli is open until 9 today .", [("9", "21:00")]),
        ],
    )
    def test_the_evening(self, said, times):
        assert of_type(said_by_assistant(said), "time") == times

    def test_a_morning_word_keeps_the_morning(self):
        # look-alike: breakfast said with it
        assert of_type(said_by_assistant("The breakfast bar is open till 11."), "time") == [("11", "11:00")]


class TestFoodServedBesideAPrice:
    def test_the_evening_hour(self):
        found = said_by_assistant("the corn exchange serves from 5 and does a lamb stew for 13.50 .")
        assert of_type(found, "time") == [("5", "17:00")]

    def test_a_24_hour_clock_still_says_the_day(self):
        # look-alike: a clock, not a price, in 24-hour form
        found = said_by_assistant("the market opens at 6 and the hall at 13.30 .")
        assert of_type(found, "time") == [("6", "06:00"), ("13.30", "13:30")]


class TestAPartyThenItsHour:
    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("Put us down for 5 people at 7 then.", [("7", "19:00")]),
            ("We need room for 6 guests at 8 on Saturday.", [("8", "20:00")]),
        ],
    )
    def test_an_evening_out(self, said, times):
        assert of_type(said_by_user(said), "time") == times

    def test_a_morning_word_keeps_the_morning(self):
        # look-alike: brunch said with it
        assert of_type(said_by_user("Put us down for 3 people at 9 for brunch."), "time") == [("9", "09:00")]
