"""Values people give a virtual assistant that books cars, trains, tables and shows, in the forms the rules
used to miss: a day of the month, then "around" or "about" and a bare hour, in a sentence that also speaks
of a return (no price: "collect it the 14th around 3"); a train named by three digits; an hour proposed
near the clocks just offered ("Anything earlier, say 4?"); a question of a day and a bare hour alone
("Thursday after 6?"); an hour booked before its party ("Book us for 7 for 3."); a free evening "tonight".
A day of the month before "by noon" is a day too; a day turned down ("Tomorrow's too late", "I can't do
Monday") is none, and so is a slot chosen by its day among those just offered ("Monday."). One case per
form, written for these tests (the chat's turns are dated Monday 6 July 2026), with sentences that look
like them and state none, and questions that only ask."""

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestADayThenAroundAnHour:
    def test_a_day_of_the_month_then_around_a_bare_hour_is_a_day_and_a_clock(self):
        facts = said_by_user("Collect the van the 14th around 3, return it the 17th by noon.")
        assert of_type(facts, "date") == [("the 14th", "2026-07-14"), ("the 17th", "2026-07-17")]
        assert of_type(facts, "time") == [("3", "15:00"), ("noon", "12:00")]
        assert of_type(facts, "amount") == []

    def test_a_weekday_then_about_a_bare_hour_is_no_price(self):
        facts = said_by_user("Drop it off Friday about 5, the return fare is 40.")
        assert of_type(facts, "amount") == [("40", "40")]
        assert of_type(facts, "time") == [("5", "17:00")]

    def test_a_price_around_a_number_stays_a_price(self):
        facts = said_by_assistant("A return is around 38, a single 21.")
        assert of_type(facts, "amount") == [("38", "38"), ("21", "21")]


class TestTrainsByThreeDigits:
    def test_a_train_named_by_three_digits(self):
        facts = said_by_assistant("You're on train 318 to Fresno, leaving at 9:40 am.")
        assert of_type(facts, "identifier") == [("318", "318")]

    def test_a_distance_after_train_is_no_train(self):
        assert (
            of_type(said_by_user("The train 150 metres from the hotel is the airport shuttle."), "identifier")
            == []
        )


class TestAnHourProposedNearTheClocksOffered:
    def test_earlier_say_an_hour_after_the_clocks_offered(self):
        facts = facts_of("Any showings of it?", "The 5:40 pm is the first one.", "Anything earlier, say 4?")
        assert in_turn(facts, 3, "time") == [("4", "16:00")]

    def test_later_like_an_hour_takes_the_half_of_the_day_of_the_clock_offered(self):
        facts = facts_of("Dinner?", "They have 6:30 pm.", "Maybe a bit later, like 8?")
        assert in_turn(facts, 3, "time") == [("8", "20:00")]

    def test_earlier_like_a_distance_is_no_clock(self):
        facts = facts_of("A walk?", "Sure, at 5:30 pm.", "I went earlier, like 6 miles.")
        assert in_turn(facts, 3, "time") == []

    def test_a_question_for_an_earlier_time_asks_only(self):
        facts = facts_of("Any showings of it?", "The 5:40 pm is the first one.", "Anything earlier?")
        assert in_turn(facts, 3, "time") == []


class TestADayAndAnHourAsked:
    def test_a_day_and_a_bare_hour_alone_propose_both(self):
        facts = said_by_user("Thursday after 6?")
        assert of_type(facts, "date") == [("Thursday", "2026-07-09")]
        assert of_type(facts, "time") == [("6", "18:00")]

    def test_today_after_a_bare_hour_proposes_today(self):
        facts = facts_of("A trim this week?", "Tomorrow is full.", "Today after 4?")
        assert in_turn(facts, 3, "date") == [("Today", "2026-07-06")]
        assert in_turn(facts, 3, "time") == [("4", "16:00")]

    def test_an_hour_with_no_day_asked_states_none(self):
        assert of_type(said_by_user("What about 6?"), "time") == []

    def test_a_question_that_goes_on_after_the_hour_asks_only(self):
        assert of_type(said_by_user("Is Thursday at 6 free?"), "time") == []


class TestAnHourBookedBeforeItsParty:
    def test_book_us_for_an_hour_for_the_party(self):
        facts = facts_of(
            "Any Mexican places open?", "Rosa's Cantina has tables from 6 pm.", "Book us for 7 for 3."
        )
        assert in_turn(facts, 3, "time") == [("7", "19:00")]

    def test_book_it_for_a_party_alone_is_no_clock(self):
        facts = facts_of("Any Mexican places open?", "Rosa's Cantina has tables from 6 pm.", "Book it for 3.")
        assert in_turn(facts, 3, "time") == []

    def test_book_it_for_nights_is_no_clock(self):
        facts = facts_of("A hotel?", "The Pinecrest has rooms from 3 pm.", "Book it for 2 for 3 nights.")
        assert in_turn(facts, 3, "time") == []


class TestAFreeEveningThatDay:
    def test_a_free_evening_tonight_names_the_day(self):
        facts = said_by_user("We've got a free evening in Austin tonight. Any live music near the hotel?")
        assert of_type(facts, "date") == [("tonight", "2026-07-06")]

    def test_a_question_whether_one_is_free_tonight_asks_only(self):
        assert of_type(said_by_user("Are you free tonight?"), "date") == []


class TestADayTurnedDown:
    def test_a_day_too_late_is_turned_down(self):
        facts = facts_of(
            "A trim this week?", "Tomorrow at 4:15 pm or Friday at 11 am.", "Tomorrow's too late for me."
        )
        assert in_turn(facts, 3, "date") == []

    def test_a_day_that_does_not_work_is_turned_down(self):
        facts = said_by_user("Thursday doesn't work for me, I'm in Denver. Saturday at 2 works.")
        assert of_type(facts, "date") == [("Saturday", "2026-07-11")]

    def test_a_day_one_cannot_do_is_turned_down(self):
        facts = said_by_user("I can't do Monday, put me down for Wednesday at 9 am.")
        assert of_type(facts, "date") == [("Wednesday", "2026-07-08")]

    def test_a_day_one_works_is_turned_down(self):
        facts = said_by_user("I work Thursday. Friday at 4 pm is better.")
        assert of_type(facts, "date") == [("Friday", "2026-07-10")]

    def test_days_that_are_full_are_turned_down(self):
        facts = said_by_assistant("Saturdays are full until the 25th, sorry.")
        assert of_type(facts, "date") == [("the 25th", "2026-07-25")]

    def test_a_day_that_works_is_chosen(self):
        assert of_type(said_by_user("Friday works for me."), "date") == [("Friday", "2026-07-10")]

    def test_a_day_that_is_good_is_chosen(self):
        assert of_type(said_by_user("Tuesday is good, book it."), "date") == [("Tuesday", "2026-07-07")]

    def test_a_day_too_late_only_on_a_condition_stays(self):
        facts = said_by_user("Tuesday's too late if the leak gets worse, but book it.")
        assert of_type(facts, "date") == [("Tuesday", "2026-07-07")]


class TestASlotChosenByItsDay:
    def test_the_day_alone_after_slots_offered_on_it_is_no_new_day(self):
        facts = facts_of(
            "A cleaning?", "Dr. Ruiz has 9:10 am next Monday and 3:30 pm on Thursday.", "Monday."
        )
        assert in_turn(facts, 3, "date") == []

    def test_the_day_with_please_after_slots_offered_on_it_is_no_new_day(self):
        facts = facts_of(
            "A cleaning?",
            "Dr. Ruiz has 9:10 am next Monday and 3:30 pm on Thursday.",
            "The Thursday, please.",
        )
        assert in_turn(facts, 3, "date") == []

    def test_a_day_answering_which_day_is_stated(self):
        facts = facts_of("A cleaning?", "Which day suits you?", "Thursday.")
        assert in_turn(facts, 3, "date") == [("Thursday", "2026-07-09")]

    def test_a_day_not_offered_is_stated(self):
        facts = facts_of("A cleaning?", "Dr. Ruiz has 9:10 am next Monday.", "Friday.")
        assert in_turn(facts, 3, "date") == [("Friday", "2026-07-10")]

    def test_a_day_said_with_more_in_its_turn_is_stated(self):
        facts = facts_of(
            "A cleaning?",
            "Dr. Ruiz has 9:10 am next Monday and 3:30 pm on Thursday.",
            "Monday. Is parking free?",
        )
        assert in_turn(facts, 3, "date") == [("Monday", "2026-07-13")]
