"""A day turned down by a word of trouble that ends its clause ("Thursday's awkward, could we do Monday?",
"Tuesday is a bit difficult for us.") is no day of the conversation; nor a weekday a place keeps short hours
on ("half day thursday", "early closing on tuesday", "shut tuesday mornings") or keeps a clock until ("open
until 7.45 pm on fridays"). Written for these tests (the chat's turns are dated Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


class TestADayTurnedDown:
    @pytest.mark.parametrize(
        "reply",
        [
            "Thursday's awkward, could we do the Monday?",
            "thursday 's tricky for us .",
            "Thursday is a bit difficult for me, sorry.",
            "Thursday would be impossible, so no.",
            "Thursday is really bad for him.",
        ],
    )
    def test_names_no_day(self, reply):
        facts = facts_of("When can the plumber come?", "He could come any day this week.", reply)
        assert [d for d, _ in in_turn(facts, 3, "date") if d.lower() == "thursday"] == []

    @pytest.mark.parametrize(
        "reply,day",
        [
            ("Thursday is hard rubbish day, so any other.", "Thursday"),
            ("Thursday is a difficult day at work but I'll manage.", "Thursday"),
            ("The hard part is Thursday.", "Thursday"),
        ],
    )
    def test_trouble_that_goes_on_leaves_the_day(self, reply, day):
        facts = facts_of("When can the plumber come?", "He could come any day this week.", reply)
        assert [d for d, _ in in_turn(facts, 3, "date")] == [day]


class TestShortHoursKept:
    @pytest.mark.parametrize(
        "answer",
        [
            "The chemist is open 8 to 6, half day thursday.",
            "We have early closing on Thursday, otherwise till 5.",
            "Open 10 till 4, shut thursday afternoons.",
            "The pool is closed thursday mornings for the schools.",
            "The counter is open until 7.45 pm on thursdays.",
            "We stay open till 8pm on Thursdays.",
        ],
    )
    def test_names_no_day(self, answer):
        facts = facts_of("When is the chemist open?", answer)
        assert in_turn(facts, 2, "date") == []

    @pytest.mark.parametrize(
        "said,day",
        [
            ("I took a half day on Thursday for it.", "Thursday"),
            ("She volunteers thursday mornings at the shop.", "Thursday"),
            ("Choir goes from 7 pm on Thursdays.", "Thursdays"),
        ],
    )
    def test_a_day_of_a_person_is_said(self, said, day):
        facts = facts_of("Anything else I should know?", said)
        assert [d.lower() for d, _ in in_turn(facts, 2, "date")] == [day.lower()]
