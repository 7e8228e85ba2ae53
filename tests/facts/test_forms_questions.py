"""Days named in questions that only ask, which state none; questions that propose a day keep it.

A question for more of what was just listed names no day ("Are there any on Sunday?" after a gig on
Friday), nor does an offer of more help at the close of a talk ("Anything else you need today?"). A question
that names the thing it asks for ("Are there any boat trips on Sunday?"), offers a slot ("Anything on for
Friday?") or proposes the day ("Could we do Sunday?") keeps it. A month said alone ("I'm moving to Leeds
next month.") names no one day either, in a question or not; a day of it or its end does. Written for these
tests (the chat's turns are dated Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestMoreOfWhatWasListed:
    @pytest.mark.parametrize(
        "question",
        [
            "Are there any on Sunday?",
            "Any on Thursday?",
            "and are there any for the 19th?",
            "Do you have any for Saturday?",
            "So there aren't any on Friday then?",
        ],
    )
    def test_asks_for_more_and_names_no_day(self, question):
        facts = facts_of(
            "Which pottery classes are on this week?", "Brindle Studio has one on Wednesday.", question
        )
        assert in_turn(facts, 2, "date") == [("Wednesday", "2026-07-08")]
        assert in_turn(facts, 3, "date") == []

    @pytest.mark.parametrize(
        "question,day",
        [
            ("Are there any boat trips on Sunday?", ("Sunday", "2026-07-12")),
            ("Anything on for Friday?", ("Friday", "2026-07-10")),
            ("Could we do Sunday?", ("Sunday", "2026-07-12")),
            ("Is there one on Thursday?", ("Thursday", "2026-07-09")),
            ("Any chance of the 19th?", ("the 19th", "2026-07-19")),
        ],
    )
    def test_a_question_that_names_its_thing_or_proposes_the_day_keeps_it(self, question, day):
        assert of_type(said_by_user(question), "date") == [day]


class TestMoreHelpAtTheClose:
    @pytest.mark.parametrize(
        "question",
        [
            "Anything else you need today?",
            "Is there anything else I can sort out for you today?",
            "will you be needing anything else today ?",
            "Can I find anything else for you today?",
        ],
    )
    def test_names_no_day(self, question):
        assert of_type(said_by_assistant(question), "date") == []

    @pytest.mark.parametrize(
        "content,day",
        [
            ("Can the plumber come today?", ("today", "2026-07-06")),
            ("Anything else on Tuesday?", ("Tuesday", "2026-07-07")),
            ("I need nothing else, but the parcel must go out today.", ("today", "2026-07-06")),
        ],
    )
    def test_a_day_said_otherwise_keeps_it(self, content, day):
        assert of_type(said_by_user(content), "date") == [day]


class TestAMonthAlone:
    @pytest.mark.parametrize(
        "content",
        [
            "We're moving to Carrick next month.",
            "Next month I start at the new depot.",
            "Can I split it, half now and half next month?",
            "I paid the gym twice this month.",
            "How much went on fuel last month?",
        ],
    )
    def test_names_no_day(self, content):
        assert of_type(said_by_user(content), "date") == []

    @pytest.mark.parametrize(
        "content,day",
        [
            ("The deposit is due by the end of next month.", ("the end of next month", "2026-08-31")),
            ("Book the van for the 9th of next month.", ("the 9th of next month", "2026-08-09")),
            ("We're moving to Carrick next week.", ("next week", "2026-07-19")),
        ],
    )
    def test_a_day_of_it_or_its_end_is_a_date(self, content, day):
        assert of_type(said_by_user(content), "date") == [day]
