"""Hours of one arrival or one day, days said as people type them, and sums said bare beside a sum with its
currency.

- a bare hour that someone is wanted somewhere at ("they want me at the depot at 8."), that something else is
  at ("that clashes with my physio at 4."), of one day whatever the sentence says is usual ("it's usually
  an hour, so around 10 that morning"), or of an arrival said roughly ("i'll arrive late, like 9 or 10");
  not a habit ("I usually get there around 10") nor a count ("they want me to bring 9");
- "tomorow", "tommorow": tomorrow mistyped; "the lease ends 30/06": a day first after "ends", where it is over
  12 ("open 24/7" is none); "to the 15th but I leave the 16th": a day before "but";
- "2 lakh to start" where a sum in rupees was said: India's scale is of money ("2 lakh people" is a count);
- "£12.40 for parking, plus the ferry was 8.15": a number with pence that may look like a clock, said as what
  something was or cost beside a sum with its currency where nothing speaks of the hour ("€20 for the taxi
  and we left at 9.25", "booked the 3.30 slot, a £50 deposit" are clocks).

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values

OK = "Sure."


class TestHoursOfOneArrivalOrDay:
    @pytest.mark.parametrize(
        "said,hours",
        [
            ("They want me at the depot on the first day at 8.", ["8"]),
            ("that clashes with my physio at 4.", ["4"]),
            ("Pickup is usually an hour after the ferry docks, so around 10 that morning.", ["10"]),
            ("book it. i'll arrive late, like 9 or 10.", ["9", "10"]),
        ],
    )
    def test_the_hour(self, said, hours):
        assert values(said, "time", role="user") == hours

    @pytest.mark.parametrize(
        "said",
        ["I usually get there around 10.", "They want me to bring 9.", "i'll arrive late, like 9 people"],
    )
    def test_a_habit_or_a_count_is_no_hour(self, said):
        assert values(said, "time", role="user") == []


class TestDaysAsTyped:
    @pytest.mark.parametrize("said", ["I'll post it tomorow", "the parcel comes tommorow"])
    def test_tomorrow_mistyped(self, said):
        facts = facts_of(said)  # said on Monday 6 July 2026
        assert [(v, n) for v, n in in_turn(facts, 1, "date")] == [(said.split()[-1], "2026-07-07")]

    def test_a_day_first_after_ends(self):
        assert values("the lease ends 30/06 so we move then", "date", role="user") == ["30/06"]

    def test_round_the_clock_is_no_day(self):
        assert values("the helpline is open 24/7 and ends 24/7 support soon", "date", role="user") == []

    def test_a_day_before_but(self):
        said = "thats 3 nights to the 15th but I leave the 16th"
        assert values(said, "date", role="user") == ["the 15th", "the 16th"]


class TestBareSums:
    def test_lakhs_where_rupees_were_said(self):
        facts = facts_of("The visa fee was ₹1,850.", OK, "3 lakh to start, then more later")
        assert [v for v, _ in in_turn(facts, 3, "amount")] == ["3 lakh"]

    def test_lakhs_of_people_are_a_count(self):
        facts = facts_of("The visa fee was ₹1,850.", OK, "the fair gets 3 lakh visitors")
        assert in_turn(facts, 3, "amount") == []

    def test_pence_beside_a_sum_with_its_currency(self):
        said = "£12.40 for parking, plus the ferry was 8.15"
        assert values(said, "amount", role="user") == ["£12.40", "8.15"]

    @pytest.mark.parametrize(
        "said,clock",
        [
            ("€20 for the taxi and we left at 9.25", "9.25"),
            ("booked the 3.30 slot, a £50 deposit now", "3.30"),
        ],
    )
    def test_a_clock_beside_a_sum_is_still_a_clock(self, said, clock):
        assert values(said, "time", role="user") == [clock]
        assert clock not in values(said, "amount", role="user")
