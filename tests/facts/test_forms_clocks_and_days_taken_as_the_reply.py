"""A clock or a day taken up as the whole of a short reply.

- A clock the other side just offered, said back with its minutes and a word of choosing: "2.45 ok" after
  "2.45pm or 5pm", "Thursday is fine. 11.15 better." after "9:30 am or 11:15 am", "7.30 good, the kids eat
  early" after "7.30pm or 9pm": the offered clock, with its half of the day. A clock that was not offered
  ("4.15 ok?"), and a price said the same way ("3.20 ok" after "the fare is 3.20"), stay unread as clocks.
- The day said after a yes and the choice it takes ("yes by card, today", "ok the blue one, tonight") and a
  part of the day asked for as the whole reply ("yes, any evening this week", "Any time tomorrow."): the day
  is a date; not "yes, but not today", nor "any news today?".

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


class TestClockTakenUp:
    @pytest.mark.parametrize(
        "offered,reply,clock",
        [
            ("The garage has 2.45pm or 5pm on Tuesday.", "2.45 ok", ("2.45", "14:45")),
            ("I can do 9:30 am or 11:15 am.", "Thursday is fine. 11.15 better.", ("11.15", "11:15")),
            ("They have 7.30pm or 9pm tonight.", "7.30 good, the kids eat early", ("7.30", "19:30")),
        ],
    )
    def test_an_offered_clock_said_back_is_that_clock(self, offered, reply, clock):
        facts = facts_of("Any tables?", offered, reply)
        assert clock in in_turn(facts, 3, "time")

    @pytest.mark.parametrize(
        "offered,reply",
        [
            ("I can do 9:30 am or 11:15 am.", "No. 4.15 ok?"),
            ("The fare is 3.20 one way, 5.10 return.", "3.20 ok"),
        ],
    )
    def test_a_clock_not_offered_is_not_taken_up(self, offered, reply):
        facts = facts_of("Any tables?", offered, reply)
        assert in_turn(facts, 3, "time") == []


class TestDayTakenUp:
    @pytest.mark.parametrize(
        "reply,day",
        [
            ("yes by card, today", "today"),
            ("ok the blue one, tonight", "tonight"),
            ("yes, any evening this week", "this week"),
            ("Any time tomorrow.", "tomorrow"),
        ],
    )
    def test_the_day_of_a_short_reply_is_a_date(self, reply, day):
        facts = facts_of("Shall I book it? The invoice is $120.", reply)
        assert day in [v for v, _ in in_turn(facts, 2, "date")]

    @pytest.mark.parametrize(
        "reply", ["yes, but not today", "any news today?", "okay thanks, today was great"]
    )
    def test_a_day_not_taken_up_is_no_date(self, reply):
        facts = facts_of("Shall I book it? The invoice is $120.", reply)
        assert in_turn(facts, 2, "date") == []
