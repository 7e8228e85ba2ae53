"""A window of two clocks both written with a full stop and joined by "to", "till" or a dash, after the day it
is on or a visit offered: "the fitter can do friday, 9.00 to 11.30", "he can come 7.30 to 9.30 tomorrow".
Both clocks are read, not only the end. Look-alikes: two sums with a currency or "a night" ("prices went
from 8.00 to 12.00 a night") stay sums. Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant


class TestTwoDottedClocks:
    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("The fitter can do Friday, 9.00 to 11.30.", [("9.00 to 11.30", "09:00-11:30")]),
            ("He can come 7.30 to 9.30 tomorrow.", [("7.30 to 9.30", "07:30-09:30")]),
            ("The glazier has Wednesday , 8.15 till 10.45 free .", [("8.15 till 10.45", "08:15-10:45")]),
        ],
    )
    def test_both_clocks(self, said, times):
        assert of_type(said_by_assistant(said), "time") == times

    @pytest.mark.parametrize(
        "said",
        ["Rooms went from 8.00 to 12.00 a night last year.", "It costs £ 8.00 to 12.00 per item."],
    )
    def test_sums_are_no_window(self, said):
        assert of_type(said_by_assistant(said), "time") == []
