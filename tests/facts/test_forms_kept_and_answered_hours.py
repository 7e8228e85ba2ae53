"""Bare hours said of what a place keeps or a game starts at, and hours given as an answer: food served
until an hour, the hour a stay ends, an hour a place shuts at followed by the days it does so, a game's hour
followed by the side it is against, a British half hour followed by why, an hour alone answering a question
of when a ride or an event goes, a window of opening hours that ends "at night", an hour a booking is changed
or moved to, and a window booked. Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestAnHourAPlaceKeeps:
    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("The ramen place serves until 11.", [("11", "23:00")]),
            ("Their kitchen is serving hot food till 9, then bar snacks.", [("9", "21:00")]),
            ("The Crown does food until 8 most days.", [("8", "20:00")]),
            ("Breakfast is served until 10, in the conservatory.", [("10", "10:00")]),
            ("Check out is 11, and they can hold your bags.", [("11", "11:00")]),
            ("Check-in's 3 at the cottage.", [("3", "15:00")]),
            ("The fishmonger shuts at 5 most days.", [("5", "17:00")]),
            ("The lido opens at 10 in summer.", [("10", "10:00")]),
            ("The post office closes at 6 during the week.", [("6", "18:00")]),
        ],
    )
    def test_the_hour(self, said, times):
        assert of_type(said_by_assistant(said), "time") == times

    @pytest.mark.parametrize(
        "said",
        [
            "Does the bistro serve until 11?",
            "The canteen serves 10 classes at lunch.",
            "The van serves 8 villages most days.",
            "We usually shut at 5 most days.",
            "Is check out 11?",
            "Check out is 3 floors down, by the lifts.",
        ],
    )
    def test_no_hour(self, said):
        assert of_type(said_by_assistant(said), "time") == []


class TestAGamesHourBeforeTheSide:
    @pytest.mark.parametrize(
        ("said", "times"),
        [
            ("Tip-off is at 8 against the Comets.", [("8", "20:00")]),
            ("Kick off is at 3 vs Harford Town.", [("3", "15:00")]),
        ],
    )
    def test_the_hour(self, said, times):
        assert of_type(said_by_user(said), "time") == times

    @pytest.mark.parametrize(
        "said", ["We were 6 against 2 at the break.", "She scored 4 against the Comets last season."]
    )
    def test_a_count_against_a_side_is_none(self, said):
        assert of_type(said_by_user(said), "time") == []


class TestAHalfHourBeforeWhy:
    def test_the_hour(self):
        found = said_by_user("We'll set off at half one to avoid the school traffic.")
        assert of_type(found, "time") == [("half one", "13:30")]

    def test_a_half_before_to_and_a_hour_is_still_a_range(self):
        found = said_by_user("The stall is staffed from half nine to twelve.")
        assert next(v for v, _ in of_type(found, "time")) == "half nine"


class TestAnHourAnsweringWhen:
    @pytest.mark.parametrize(
        ("asked", "answer", "times"),
        [
            ("When does the last boat go?", "Eleven I think.", [("Eleven", "11:00")]),
            ("When does the early bus go?", "7 I reckon.", [("7", "07:00")]),
            ("When does your coach leave?", "Ten, I guess.", [("Ten", "10:00")]),
            ("What time does the shuttle get in?", "Four I think.", [("Four", "16:00")]),
        ],
    )
    def test_the_hour(self, asked, answer, times):
        assert in_turn(facts_of(asked, answer), 2, "time") == times

    @pytest.mark.parametrize(
        ("asked", "answer"),
        [
            ("When's your daughter's birthday?", "Eleven I think."),
            ("When did you move to the coast?", "Eleven I think."),
            ("How old is the puppy?", "Eleven I think."),
            ("When does the last boat go?", "Eleven people I think."),
            ("How many came to the quiz?", "Nine I reckon."),
        ],
    )
    def test_no_hour(self, asked, answer):
        assert in_turn(facts_of(asked, answer), 2, "time") == []

    def test_the_question_itself_states_no_hour(self):
        assert in_turn(facts_of("When does the last boat go?", "Eleven I think."), 1, "time") == []


class TestOpeningHoursToNight:
    def test_the_window(self):
        found = said_by_assistant("the walk-in centre is open 7 till 11 at night .")
        assert of_type(found, "time") == [("7 till 11 at night", "07:00-23:00")]

    def test_an_hour_after_midnight_is_left(self):
        found = said_by_assistant("the bar is open 8 till 2 at night .")
        assert ("8 till 2 at night", "08:00-14:00") not in of_type(found, "time")


class TestAnHourChangedTo:
    @pytest.mark.parametrize(
        ("asked", "answer", "times"),
        [
            (
                "could the driver come at 4 on friday ?",
                "changed to 4 on friday , same booking .",
                [("4", "16:00")],
            ),
            ("Can we do the fitting later?", "I've moved it to 3 on Thursday.", [("3", "15:00")]),
        ],
    )
    def test_the_hour(self, asked, answer, times):
        assert in_turn(facts_of(asked, answer), 2, "time") == times

    @pytest.mark.parametrize(
        ("asked", "answer"),
        [
            ("Two seats on the 6:10 for 2, is that right?", "Change it to three."),
            ("A table for 4 at 7 pm?", "changed it to 6 people ."),
        ],
    )
    def test_a_count_changed_is_no_hour(self, asked, answer):
        assert in_turn(facts_of(asked, answer), 2, "time") == []


class TestAWindowBooked:
    def test_the_window(self):
        found = said_by_user("book 1 to 3 on wednesday for the studio .")
        assert of_type(found, "time") == [("1 to 3", "13:00-15:00")]

    @pytest.mark.parametrize(
        "said", ["book 2 to 4 tickets for friday .", "book 2 and 3 on friday , the end rooms ."]
    )
    def test_no_window(self, said):
        assert of_type(said_by_user(said), "time") == []


class TestAnHourChosenAsBetter:
    def test_the_hour_offered(self):
        chat = facts_of(
            "Dinner on Friday?", "Marlo's can do 6:45 pm or 9.", "9 would be better, I work late."
        )
        assert in_turn(chat, 3, "time") == [("9", "21:00")]

    def test_a_count_is_none(self):
        chat = facts_of("How many chairs for the 7 pm talk?", "We have 40 set out.", "50 would be better.")
        assert in_turn(chat, 3, "time") == []


class TestHoursWithTheirDaysAnsweringWhatTime:
    def test_the_hours(self):
        chat = facts_of("what time does the bike shop shut ?", "6 on weekdays and 2 on saturdays .")
        assert in_turn(chat, 2, "time") == [("6", "18:00"), ("2", "14:00")]

    def test_a_count_is_none(self):
        chat = facts_of("how many staff are on ?", "6 on weekdays and 2 on saturdays .")
        assert in_turn(chat, 2, "time") == []
