"""Words of time that name no day of the calendar, in the forms the rules used to read as one: a span a sum
is over ("your orders this week come to $310.25"), "within a day" or "within a week" said with no number
(how soon, loosely), and a day counted from an event with no date ("the Monday after we move", "the Friday
before I leave", "that first Monday" of a run, "the end of the month" of a move). Beside each, the
look-alikes that must still be read: a payment or a visit this week, a count of days after "within",
"Monday after next", "the first Monday of May", a bill cleared by the end of the month. Written for these
tests; the chat's turns are dated Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestSpanOfASum:
    @pytest.mark.parametrize(
        "content",
        [
            "Your orders this week come to $310.25.",
            "Her taxi fares this week add up to $84.60.",
            "The room charges last week totalled $522.00.",
            "Altogether your lessons this week came to about $140.",
        ],
    )
    def test_a_span_beside_a_total_is_no_date(self, content):
        assert of_type(said_by_assistant(content), "date") == []

    @pytest.mark.parametrize(
        "content,date_",
        [
            ("I'll pay the $60 this week.", "2026-07-12"),
            ("This week I'll come to your place and pay $50.", "2026-07-12"),
            ("Could you come to the shop this week?", "2026-07-12"),
        ],
    )
    def test_a_payment_or_a_visit_in_the_week_is_still_read(self, content, date_):
        assert [n for _, n in of_type(said_by_user(content), "date")] == [date_]


class TestWithinWithNoNumber:
    @pytest.mark.parametrize(
        "content",
        [
            "The transfer should reach him within a day.",
            "You'll get the photos within a week.",
            "They usually answer within a day or so.",
        ],
    )
    def test_within_a_day_or_a_week_is_no_deadline(self, content):
        assert of_type(said_by_assistant(content), "date") == []

    def test_within_a_count_of_days_is_still_a_deadline(self):
        assert of_type(said_by_assistant("The parcel should come within 4 days."), "date") == [
            ("within 4 days", "2026-07-10")
        ]


class TestDayOfAnEvent:
    @pytest.mark.parametrize(
        "content",
        [
            "Can the cleaner come the Monday after we move?",
            "Let's have dinner the Friday before I leave.",
            "Book me in the Tuesday after my operation.",
            "Put a taster class in that first Monday.",
        ],
    )
    def test_a_weekday_counted_from_an_event_is_no_date(self, content):
        assert of_type(said_by_user(content), "date") == []

    @pytest.mark.parametrize(
        "content,value,date_",
        [
            ("Can you come the Monday after next?", "Monday after next", "2026-07-20"),
            ("I'll ring you Monday after I land.", "Monday", "2026-07-13"),
        ],
    )
    def test_a_weekday_said_of_the_calendar_is_still_read(self, content, value, date_):
        assert of_type(said_by_user(content), "date") == [(value, date_)]

    @pytest.mark.parametrize(
        "content",
        ["We're moving out at the end of the month.", "I relocate to Perth at the end of the month."],
    )
    def test_the_end_of_the_month_of_a_move_is_no_date(self, content):
        assert of_type(said_by_user(content), "date") == []

    def test_the_end_of_the_month_said_of_a_payment_is_still_read(self):
        assert of_type(said_by_user("I'll clear the bill by the end of the month."), "date") == [
            ("the end of the month", "2026-07-31")
        ]
