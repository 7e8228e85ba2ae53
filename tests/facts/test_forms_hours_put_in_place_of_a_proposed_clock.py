"""Hours chosen with the place offered, and hours put in place of the one clock just proposed.

- "Halo at 11 then." after "Halo has 11 am or 3:45 pm": the place and the hour of its offer chosen;
- "5 is safer." after "a taxi at 5:10 am", "9." after "a reminder at 8 pm": an hour said alone (or with a
  word of choosing) in reply to one clock proposed is put in its place, in its half of the day, where it is
  within two hours of it; not a count asked for ("How many people?" "6."), nor an hour far from the clock
  proposed ("a table at 7 pm" "2."), nor one said where several clocks were offered but none has it.

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


def _clocks(*turns: str) -> list[tuple[str, str]]:
    return in_turn(facts_of(*turns), len(turns), "time")


class TestThePlaceAndItsHour:
    @pytest.mark.parametrize(
        "said,clock",
        [
            ("Bramble Cuts at 10 then.", ("10", "10:00")),
            ("Ivy House at 4 please.", ("4", "16:00")),
        ],
    )
    def test_the_place_offered_and_its_hour(self, said, clock):
        offer = "Bramble Cuts has 10 am or 2:15 pm, and Ivy House has 4 pm."
        assert _clocks("A trim on Friday?", offer, said) == [clock]

    def test_an_hour_no_place_offered_is_not_chosen(self):
        offer = "Bramble Cuts has 10 am or 2:15 pm."
        assert _clocks("A trim on Friday?", offer, "Bramble Cuts at 6 then.") == []


class TestAnHourPutInPlaceOfTheClockProposed:
    @pytest.mark.parametrize(
        "proposed,said,clock",
        [
            ("Please confirm: a cab on May 3rd at 5:10 am.", "5 is safer.", ("5", "05:00")),
            ("Please confirm: a reminder on May 3rd at 8 pm.", "9.", ("9", "21:00")),
            ("Please confirm: a table for 2 at 7:30 pm.", "8 is better.", ("8", "20:00")),
            ("Please confirm: the alarm at 6:45 am.", "Seven.", ("Seven", "07:00")),
        ],
    )
    def test_the_hour_takes_the_half_of_the_day_of_the_clock_proposed(self, proposed, said, clock):
        assert _clocks("Set it up please.", proposed, said) == [clock]

    @pytest.mark.parametrize(
        "before,said",
        [
            ("We have a table at 7 pm. How many people?", "6."),
            ("Please confirm: a table at 7 pm.", "2."),
            ("They have 6:15 pm or 8:40 pm.", "7 is fine."),
        ],
    )
    def test_a_count_a_far_hour_or_an_hour_not_offered_is_no_clock(self, before, said):
        assert _clocks("Dinner on Saturday?", before, said) == []
