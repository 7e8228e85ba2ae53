"""The half of the day of a clock said in words that count back from an hour ("ten to five", "10 to 4",
"quarter to five") where it is a closing hour or the last entry or orders of the day: a closing hour is read
by the hour it names as well as the one it counts back from (so "closes at ten to five" is 16:50, as "closes
at 5" is 17:00), and the last entry, admission or orders of the day from 1 to 9 is in the afternoon or
evening ("the last entry is at 10 to 4" is 15:50). Opening hours, meetings and a turn that speaks of the
morning keep the clock as said. Written for these tests; the value is the clock as said, these cases pin its
normalised form."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant


class TestClosingHourCountedBack:
    @pytest.mark.parametrize(
        "content,said,clock",
        [
            ("The pottery studio closes at ten to five on weekdays.", "ten to five", "16:50"),
            ("The shop closes at quarter to five in winter.", "quarter to five", "16:45"),
            ("We shut at 20 to 5 on a Sunday.", "20 to 5", "16:40"),
        ],
    )
    def test_a_closing_hour_in_words_is_after_noon(self, content, said, clock):
        assert of_type(said_by_assistant(content), "time") == [(said, clock)]


class TestLastEntryOfTheDay:
    @pytest.mark.parametrize(
        "content,said,clock",
        [
            ("The castle opens at 9.30 and the last entry is at 10 to 4.", "10 to 4", "15:50"),
            ("Last admission is at quarter to three on Sundays.", "quarter to three", "14:45"),
            ("The tearoom takes last orders at five to four.", "five to four", "15:55"),
        ],
    )
    def test_the_last_entry_or_orders_is_after_noon(self, content, said, clock):
        assert of_type(said_by_assistant(content), "time")[-1] == (said, clock)


class TestLookAlikesKeepTheirReading:
    @pytest.mark.parametrize(
        "content,said,clock",
        [
            ("The bakery opens at ten to seven.", "ten to seven", "06:50"),
            ("The late bar closes at ten to twelve.", "ten to twelve", "23:50"),
            ("Last orders are at quarter to eleven.", "quarter to eleven", "22:45"),
            ("Last entry in the morning session is at ten to nine.", "ten to nine", "08:50"),
        ],
    )
    def test_an_opening_hour_a_late_close_or_a_morning_session_is_kept(self, content, said, clock):
        assert of_type(said_by_assistant(content), "time") == [(said, clock)]
