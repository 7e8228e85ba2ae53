"""Forms of a university town's booking desk in long chained conversations, in tokenised lower-case text: a
clock after "last entry" or "last admission" (not a price); "today" of going home or said to be a weekday; a
bare hour asked for after "can we go after" in talk of a train; a lower-case dashed code after "a reference
from the police ,"; a party size before "tonight" and a clock ("a table for 1 tonight at 19:45") is no clock.
Written for these tests: each form read, and the near forms that state no value (a price of entry, the
weather of the day, a count, a thanks)."""

import pytest

from tests.facts.booking_chats import facts_of, values


class TestClockOfTheLastEntry:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("the tower is open until 5 pm , last entry 4.30 .", ["5 pm", "4.30"]),
            ("open until 17:00 , last admission is 4.45 .", ["17:00", "4.45"]),
            ("the bar shuts at 11 pm , last orders 10.30 .", ["11 pm", "10.30"]),
        ],
    )
    def test_the_clock_is_read_and_no_price(self, content, said):
        assert values(content, "time") == said
        assert values(content, "amount") == []

    @pytest.mark.parametrize(
        "content,said",
        [
            ("entry is 4.45 .", "4.45"),  # a price of entry
            ("the entry fee is 6.30 per person .", "6.30"),
            ("admission 6.50 , last entry 4.30 .", "6.50"),
        ],
    )
    def test_a_price_of_entry_stays_a_price(self, content, said):
        assert values(content, "amount") == [said]


class TestTodayOfGoingHome:
    @pytest.mark.parametrize(
        "content",
        [
            "my family goes home today . a train after 16:00 , please .",
            "we head back home today .",
            "wait , sunday is today ! sorry , i meant tomorrow .",
        ],
    )
    def test_today_is_a_date(self, content):
        assert "today" in values(content, "date", role="user")

    @pytest.mark.parametrize(
        "content",
        [
            "the weather is grim today .",  # what the day is like
            "thanks for all your help today .",  # a thanks
            "what day is today ?",
        ],
    )
    def test_today_of_no_plan_is_no_date(self, content):
        assert values(content, "date", role="user") == []


class TestHourAskedToTravelAfter:
    def test_the_hour_is_read_in_talk_of_a_train(self):
        facts = facts_of(
            "i need a train to stowbury on sunday .",
            "where will you be leaving from ?",
            "from kelbridge . our train home , can we go after 11 ?",
        )
        assert (3, "time", "11") in [(seq, t, v) for seq, t, v, _ in facts]

    def test_could_i_leave_before_an_hour(self):
        facts = facts_of("a train to leeds on friday please .", "what time ?", "could i leave before 6 ?")
        assert (3, "time", "6") in [(seq, t, v) for seq, t, v, _ in facts]

    @pytest.mark.parametrize(
        "last",
        [
            "can we go after 11 people arrive ?",  # a count
            "can we go after 11 days ?",  # a span of days
        ],
    )
    def test_a_count_is_no_hour(self, last):
        facts = facts_of("i need a train to leeds on friday .", "when would you like to travel ?", last)
        assert [v for seq, t, v, _ in facts if seq == 3 and t == "time"] == []

    def test_no_hour_with_no_ride_talked_of(self):
        facts = facts_of("we have a free day .", "lovely .", "can we go to the museum after 11 ?")
        assert [v for seq, t, v, _ in facts if seq == 3 and t == "time"] == []


class TestCodeAfterAReferenceFromSomeone:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("i got a crime reference from the police , kb-2026-60382 .", "kb-2026-60382"),
            ("they gave me a reference from the council , wt-2026-118 .", "wt-2026-118"),
        ],
    )
    def test_the_code_is_read(self, content, said):
        assert [v.lower() for v in values(content, "identifier", role="user")] == [said]

    @pytest.mark.parametrize(
        "content",
        [
            "i got a reference from the police , thanks .",  # a thanks
            "i have a reference from my bank , 2026 .",  # a year
        ],
    )
    def test_words_or_a_year_are_no_code(self, content):
        assert values(content, "identifier", role="user") == []


class TestPartySizeBeforeTonightAndAClock:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("can i book a table for 1 tonight at 19:45 ?", ["19:45"]),
            ("book us for 4 tonight , at 8 .", ["8"]),
        ],
    )
    def test_only_the_clock_is_a_time(self, content, said):
        assert values(content, "time", role="user") == said

    @pytest.mark.parametrize(
        "content,said",
        [
            ("can you book it for 8 tonight ?", "8 tonight"),  # the hour, no clock after it
            ("a table for 2 at 8 tonight .", "8 tonight"),
        ],
    )
    def test_an_hour_before_tonight_stays_a_clock(self, content, said):
        assert values(content, "time", role="user") == [said]
