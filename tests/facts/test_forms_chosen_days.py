"""A slot chosen by its day among slots just offered states no new day: "Wednesday works.", "The Friday
one." and "Thursday's fine." alone after an offer of that day. The same words after a question that offers
no day, or naming a day the offer did not, state it. Written for these tests (the chat's turns are dated
Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn

OFFER = "Pine Row Physio has 9:10 am on Wednesday or 4:35 pm on Friday."


class TestASlotTakenByItsDay:
    @pytest.mark.parametrize(
        "choice",
        [
            "Wednesday works.",
            "The Friday one.",
            "Friday's fine.",
            "Wednesday is good, thanks!",
            "Friday suits me.",
        ],
    )
    def test_names_no_new_day(self, choice):
        facts = facts_of("Book me a physio slot this week.", OFFER, choice)
        assert in_turn(facts, 2, "date") == [("Wednesday", "2026-07-08"), ("Friday", "2026-07-10")]
        assert in_turn(facts, 3, "date") == []

    @pytest.mark.parametrize(
        "previous,choice,day",
        [
            ("Which day suits you best?", "Thursday works.", ("Thursday", "2026-07-09")),
            (OFFER, "Saturday works.", ("Saturday", "2026-07-11")),
            (OFFER, "Friday works, and book the 4:35 for my son too.", ("Friday", "2026-07-10")),
        ],
    )
    def test_a_day_not_offered_or_said_with_more_is_stated(self, previous, choice, day):
        facts = facts_of("Book me a physio slot this week.", previous, choice)
        assert in_turn(facts, 3, "date") == [day]


class TestAWeekdayOfferedWithNext:
    def test_the_bare_day_after_it_is_the_one_offered(self):
        facts = facts_of(
            "Can I see a dentist soon?",
            "Dr. Okafor has 11:50 am next Thursday or 3:05 pm on Friday.",
            "Thursday at 11:50, please.",
        )
        assert in_turn(facts, 2, "date")[0] == ("next Thursday", "2026-07-16")
        assert in_turn(facts, 3, "date") == [("Thursday", "2026-07-16")]

    def test_this_and_next_both_offered_leave_the_bare_day_as_it_reads(self):
        facts = facts_of(
            "Can I see a dentist soon?",
            "We have this Thursday at 9 or next Thursday at 11:50 am.",
            "Thursday at 9 is best, ta.",
        )
        assert in_turn(facts, 3, "date") == [("Thursday", "2026-07-09")]

    def test_a_bare_day_with_no_offer_before_it_is_the_coming_one(self):
        facts = facts_of("Can I see a dentist soon?", "Which day suits?", "Thursday at 11:50.")
        assert in_turn(facts, 3, "date") == [("Thursday", "2026-07-09")]
