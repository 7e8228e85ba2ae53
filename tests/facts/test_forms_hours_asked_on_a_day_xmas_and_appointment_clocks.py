"""Hours and days in forms typed every day: an hour asked for in a request on a day named before it ("could
we meet thursday at 4?"), Christmas written "Xmas" ("on xmas eve"), and a clock with a dot that an
appointment, a viewing or a check-in is fixed at ("the viewing is 5.45 on the 12th"). Written for these
tests: each form read, and the near forms that state no value."""

import pytest

from tests.facts.booking_chats import of_type, said_by_user


def _values(content, type_):
    return [v for v, _ in of_type(said_by_user(content), type_)]


class TestHourAskedOnADay:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("could we meet thursday at 4?", ["4"]),
            ("Can you do the 21st at 11?", ["11"]),
            ("can he come round tomorrow at 9ish?", ["9ish"]),
        ],
    )
    def test_the_hour_is_read(self, content, said):
        assert _values(content, "time") == said

    @pytest.mark.parametrize(
        "content",
        [
            "Can you pick me up at 6?",  # no day named
            "Could we book thursday at 3 courts?",  # a count of what is booked
            "could we have thursday at 4 people max?",
            "Is thursday at 4 free?",  # asks, no request
        ],
    )
    def test_no_day_a_count_or_a_plain_question_is_no_hour(self, content):
        assert _values(content, "time") == []


class TestXmas:
    @pytest.mark.parametrize("content", ["Can you deliver on Xmas Eve?", "we are away over xmas day ."])
    def test_xmas_is_christmas(self, content):
        assert len(_values(content, "date")) == 1

    def test_xmas_alone_is_no_day(self):
        assert _values("Xmas shopping is done.", "date") == []


class TestClockAnAppointmentIsFixedAt:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("The viewing is 5.45 on the 12th.", "5.45"),
            ("my appt is now 10.40 tomorrow", "10.40"),
            ("Check-in's 3.30 at the front desk.", "3.30"),
        ],
    )
    def test_the_clock_is_read(self, content, said):
        assert _values(content, "time") == [said]

    @pytest.mark.parametrize(
        "content",
        ["The taxi is 5.45 each way.", "The appointment is 2.17 miles away.", "The viewing fee is £5.45."],
    )
    def test_a_price_or_a_distance_is_no_clock(self, content):
        assert _values(content, "time") == []
