"""A booking moved to a clock written with a full stop, asked as a request ("can we change that to 5.45 ?",
"could you move it back to 6.15 ?", "push the table to 8.30"): the clock is the time wanted, in the half of
the day of the booking it moves. Not where the sentence speaks of money ("the fee was 4.50 , can we change
that to 3.80 ?").
Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestBookingsMoved:
    @pytest.mark.parametrize(
        ("asked", "clock"),
        [
            ("can we change that to 5.45 ? the film ends early .", ("5.45", "17:45")),
            ("could you move it back to 6.15 please ?", ("6.15", "18:15")),
            ("push the table to 8.30 , we 're running late .", ("8.30", "20:30")),
        ],
    )
    def test_the_clock_a_table_is_moved_to(self, asked, clock):
        chat = facts_of("a table for three at 7 please .", "booked , the olive tree at 7 .", asked)
        assert in_turn(chat, 3, "time") == [clock]


class TestNoClockMovedTo:
    def test_a_fee_changed_is_no_clock(self):
        said = "the fee was 4.50 , can we change that to 3.80 ?"
        assert values(said, "time", role="user") == []

    def test_a_count_changed_is_no_clock(self):
        assert values("can we change that to 4 people ?", "time", role="user") == []
