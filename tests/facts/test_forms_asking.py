"""Values named only to ask about them or to tell the days a place keeps, which state none.

Days said as opening hours: a range of weekdays with a range of clock times in the same sentence
("tuesday to saturday , 10:00 to 16:30 .", "mon - fri 8am-6pm"), or a range of weekdays answering a question
about when a place is open ("When's the pool open?" "Mon - Sat."). Ranges of weekdays that do name days keep
them: with one clock time, with a range of money or of people, or said after such a question but not as a
range. A train, bus or slot named by its time in a question about it ("How much is the eleven o'clock?",
"which platform does the 10:42 leave from?") states no time; a question that proposes one ("What about the
10:15?") or asks about a time said with "at" keeps it. Written for these tests (the chat's turns are dated
Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestOpeningHours:
    @pytest.mark.parametrize(
        "content",
        [
            "We're here Monday to Thursday, 9:00 till 5:30.",
            "The surgery is mon - fri 8am-6pm.",
            "saturday through sunday , 10.30 - 4pm .",
        ],
    )
    def test_weekdays_with_a_range_of_clock_times_name_no_day(self, content):
        assert of_type(said_by_assistant(content), "date") == []

    @pytest.mark.parametrize(
        "question,answer",
        [
            ("when is the library open ?", "tuesday to saturday , 10:00 to 16:30 ."),
            ("What are your opening hours?", "Monday to Friday."),
            ("When's the pool open?", "Mon - Sat."),
            ("Which days is the market open?", "Thursday and Saturday."),
        ],
    )
    def test_weekdays_answering_when_a_place_is_open_name_no_day(self, question, answer):
        assert in_turn(facts_of(question, answer), 2, "date") == []

    @pytest.mark.parametrize(
        "content,days",
        [
            (
                "I'm away Monday to Wednesday, back for the 2pm meeting.",
                [("Monday", "2026-07-13"), ("Wednesday", "2026-07-15")],
            ),
            (
                "Can we move it from Tuesday to Thursday at 10:30?",
                [("Tuesday", "2026-07-07"), ("Thursday", "2026-07-09")],
            ),
            (
                "I need a room from Friday to Sunday for 2 to 3 adults.",
                [("Friday", "2026-07-10"), ("Sunday", "2026-07-12")],
            ),
            (
                "Book the hall Friday to Sunday, the fee is $9.50 to $12.50 an hour.",
                [("Friday", "2026-07-10"), ("Sunday", "2026-07-12")],
            ),
        ],
    )
    def test_ranges_of_days_with_one_time_money_or_people_keep_their_days(self, content, days):
        assert of_type(said_by_user(content), "date") == days

    def test_a_day_said_after_asking_when_a_place_is_open_but_not_as_its_hours_is_kept(self):
        facts = facts_of("When is the pharmacy open?", "I'll come by on Friday.")
        assert in_turn(facts, 2, "date") == [("Friday", "2026-07-10")]

    def test_a_range_of_days_after_another_question_is_kept(self):
        facts = facts_of("When are you away?", "Monday to Friday.")
        assert in_turn(facts, 2, "date") == [("Monday", "2026-07-13"), ("Friday", "2026-07-17")]


class TestServicesNamedByTheirTime:
    @pytest.mark.parametrize(
        "content",
        [
            "How much is the eleven o'clock?",
            "Which platform does the 10:42 leave from?",
            "is there still room on the 7.15 ?",
            "What's the fare on the 6.38?",
            "How much is the 10:15 to Leeds?",
        ],
    )
    def test_a_question_about_a_service_named_by_its_time_states_no_time(self, content):
        assert of_type(said_by_user(content), "time") == []

    @pytest.mark.parametrize(
        "content,time",
        [
            ("What about the 10:15?", ("10:15", "10:15")),
            ("Can I take the 9 o'clock?", ("9 o'clock", "09:00")),
            ("How much is it if I leave at 10:15?", ("10:15", "10:15")),
            ("How many seats are left at 7pm?", ("7pm", "19:00")),
            ("How much is the ticket? I want the 10:15.", ("10:15", "10:15")),
        ],
    )
    def test_a_time_proposed_or_asked_at_is_kept(self, content, time):
        assert of_type(said_by_user(content), "time") == [time]
