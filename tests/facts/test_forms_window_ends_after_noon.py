"""The end of a window of hours that starts in the morning and, said with no half of the day, would come
before its start: it is in the afternoon ("from 10 until 4.30" is 10:00-16:30, "9 till 5.15" 09:00-17:15).
An end said with am or "in the morning", a window that starts in the evening and one whose end already comes
after its start keep their reading. Written for these tests; the value is the window as said, these cases pin
its normalised form."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant


class TestEndBeforeAMorningStart:
    @pytest.mark.parametrize(
        "content,said,window",
        [
            ("yes , from the side door any day from 10 until 4.30 .", "10 until 4.30", "10:00-16:30"),
            ("We staff the desk 9:45 until 5:15.", "9:45 until 5:15", "09:45-17:15"),
            ("They can deliver between 8:15 AM and 1:40.", "between 8:15 AM and 1:40", "08:15-13:40"),
        ],
    )
    def test_the_end_is_in_the_afternoon(self, content, said, window):
        assert of_type(said_by_assistant(content), "time") == [(said, window)]


class TestLookAlikesKeepTheirReading:
    @pytest.mark.parametrize(
        "content,said,window",
        [
            ("The night shift runs from 10 pm until 6.30.", "10 pm until 6.30", "22:00-06:30"),
            ("The library is open from 10 until 12.30 on Sundays.", "10 until 12.30", "10:00-12:30"),
            ("The bakery is open from 7 until 11.45.", "7 until 11.45", "07:00-11:45"),
        ],
    )
    def test_an_evening_start_or_a_later_end_is_kept(self, content, said, window):
        assert of_type(said_by_assistant(content), "time") == [(said, window)]
