"""Values people give a phone assistant over night shifts, a long drive, a food truck's month and visits to
colleges, in the forms the rules used to miss: each day of a list after a month ("June 8th, 9th and 11th");
a prescription's number of digits alone after "Rx number"; a code of capitals and digits after a comma that
follows the word for it ("your last invoice, BLT 30917, was ..."); a price with no currency that a price
changed from or to, beside a sum of its size ("up from 55 in January"); hourly rates with no currency
answering a question for rates; a bare hour after "at like", one something is set up or done by, one after
the word of an event ("doors 6, show 7"), one said for another place beside a clock said for here ("Noon
here is 3 there"), one agreed to in a short reply to a question about a delivery, and one opening a proposal
of where to eat ("7 at Marlowe's?"), one a flight lands at, the end of a window opened by noon ("noon to
3"); a flight said by its airline's name and number ("She's on Alaska 208"); a numbered street after a place
and "on" ("the bank on 5th Avenue"); "today" in the close of a talk is no day ("That's it for today."), nor
a weekday that comes round ("every other Friday"). One case per form, written for these tests (the chat's
turns are dated Monday 6 July 2026), with sentences that look like them and state none, and questions that
only ask."""

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestDays:
    def test_each_day_of_a_list_after_a_month(self):
        facts = said_by_assistant("You're down for the pool on August 11th, 12th and 14th.")
        assert of_type(facts, "date") == [
            ("August 11th", "2026-08-11"),
            ("12th", "2026-08-12"),
            ("14th", "2026-08-14"),
        ]

    def test_a_floor_after_a_day_is_no_day(self):
        facts = said_by_user("We checked in August 11th, 12th floor, by the lifts.")
        assert of_type(facts, "date") == [("August 11th", "2026-08-11")]


class TestCodes:
    def test_digits_alone_after_rx_number(self):
        facts = said_by_assistant("Ready after 3 pm. The Rx number is 7730418, for her inhaler.")
        assert of_type(facts, "identifier") == [("7730418", "7730418")]

    def test_rx_number_with_no_digits_is_no_code(self):
        assert of_type(said_by_user("The Rx number is on the label, I think."), "identifier") == []

    def test_a_code_after_a_comma_that_follows_the_word_for_it(self):
        facts = said_by_assistant("Your last invoice, BLT 30917, was $210 for the linen.")
        assert of_type(facts, "identifier") == [("BLT 30917", "BLT30917")]

    def test_a_count_after_a_comma_that_follows_the_word_is_no_code(self):
        facts = said_by_user("The booking, 4 nights in the cabin, is already paid.")
        assert of_type(facts, "identifier") == []


class TestFlights:
    def test_a_flight_by_its_airlines_name_and_number(self):
        facts = said_by_assistant("Your brother is on Alaska 208, landing at 4:35 pm.")
        assert of_type(facts, "identifier") == [("Alaska 208", "ALASKA 208")]

    def test_an_airline_name_before_a_count_with_no_flight_is_no_code(self):
        facts = said_by_user("Manchester United 2 Chelsea 1 was the final score.")
        assert of_type(facts, "identifier") == []


class TestStreets:
    def test_a_numbered_street_after_a_place_and_on(self):
        facts = said_by_assistant("The pharmacy on 9th Ave has your refill ready at 4:20 pm.")
        assert of_type(facts, "address") == [("9th Ave", "9th Ave")]

    def test_a_numbered_floor_after_a_place_is_no_street(self):
        assert of_type(said_by_user("The clinic on 3rd floor is open late."), "address") == []


class TestPrices:
    def test_a_price_a_price_changed_from_beside_a_sum_of_its_size(self):
        facts = facts_of("Your gym membership is $64 a month now.", "That's up from 55 in January.")
        assert in_turn(facts, 2, "amount") == [("55", "55.00")]

    def test_a_price_a_price_goes_up_to(self):
        facts = facts_of("The storage unit is $1,480 a quarter.", "They said it's going up to 1,560 in May.")
        assert in_turn(facts, 2, "amount") == [("1,560", "1560.00")]

    def test_a_count_or_a_measure_after_a_change_is_no_price(self):
        facts = facts_of("Tickets are $40 each.", "The hall takes up to 60 people.")
        assert in_turn(facts, 2, "amount") == []
        facts = facts_of("The taxi was $30.", "The temperature dropped to 40 last night.")
        assert in_turn(facts, 2, "amount") == []

    def test_a_question_whether_a_price_changes_only_asks(self):
        facts = facts_of("Your gym membership is $64 a month now.", "Is it going up to 70 next year?")
        assert in_turn(facts, 2, "amount") == []

    def test_hourly_rates_answering_a_question_for_rates(self):
        facts = facts_of("What are their rates?", "Tomas is 21 an hour, Bea is 18.50.")
        assert in_turn(facts, 2, "amount") == [("21", "21"), ("18.50", "18.50")]

    def test_hours_answering_a_question_for_hours_are_no_rates(self):
        facts = facts_of("What are their hours?", "Tomas does 21 a week, Bea does 18.")
        assert in_turn(facts, 2, "amount") == []


class TestHours:
    def test_a_bare_hour_after_at_like(self):
        assert of_type(said_by_user("So we're leaving at like 5."), "time") == [("5", "17:00")]

    def test_a_count_after_at_like_is_no_hour(self):
        assert of_type(said_by_user("I've been at like 4 stores today."), "time") == []

    def test_a_bare_hour_something_is_set_up_by(self):
        facts = said_by_user("The band will be set up by 4, you can let people in then.")
        assert of_type(facts, "time") == [("4", "16:00")]

    def test_set_up_by_a_count_of_people_is_no_hour(self):
        assert of_type(said_by_user("The marquee was set up by 4 people."), "time") == []

    def test_bare_hours_after_the_word_of_an_event(self):
        facts = said_by_assistant("Two tickets for Friday: doors 6, show 7.")
        assert [value for value, _ in of_type(facts, "time")] == ["6", "7"]

    def test_the_show_starting_beside_doors_opening(self):
        facts = said_by_assistant("Doors open at 8 and the show starts at 9.")
        assert [value for value, _ in of_type(facts, "time")] == ["8", "9"]

    def test_a_question_with_show_only_asks(self):
        assert of_type(said_by_user("Can you show 3?"), "time") == []
        assert of_type(said_by_user("What time are doors?"), "time") == []

    def test_an_hour_for_another_place_beside_a_clock_for_here(self):
        facts = said_by_user("Noon here is 3 there, so call her then.")
        assert [value for value, _ in of_type(facts, "time")] == ["Noon", "3"]

    def test_a_count_here_is_no_hour(self):
        assert of_type(said_by_user("The score is 2 here, we're losing."), "time") == []
        facts = said_by_assistant("There is 1 here that leaves at 9:40 am.")
        assert of_type(facts, "time") == [("9:40 am", "09:40")]

    def test_an_hour_agreed_to_in_a_reply_about_a_delivery(self):
        facts = facts_of("Shall I order the chairs for delivery Friday?", "Yes, to the hall, before 11.")
        assert in_turn(facts, 2, "time") == [("11", "11:00")]

    def test_an_hour_in_a_reply_to_no_question_of_when(self):
        facts = facts_of("Shall I order the blue chairs?", "Yes, the ones before 11.")
        assert in_turn(facts, 2, "time") == []

    def test_an_hour_opening_a_proposal_of_where_to_eat(self):
        facts = facts_of("We could grab dinner after the game.", "Sure. 7 at Marlowe's?")
        assert in_turn(facts, 2, "time") == [("7", "19:00")]

    def test_a_count_of_people_at_a_restaurant_is_no_hour(self):
        facts = facts_of("How many for dinner?", "4 at Marlowe's.")
        assert in_turn(facts, 2, "time") == []

    def test_a_bare_hour_a_flight_lands_at(self):
        facts = said_by_user("She's on the red-eye, landing at 9.")
        assert of_type(facts, "time") == [("9", "09:00")]

    def test_the_end_of_a_window_opened_by_noon(self):
        facts = said_by_assistant("The open house runs noon to 4 on Sunday.")
        assert of_type(facts, "time") == [("noon to 4", "12:00-16:00")]

    def test_noon_to_a_count_is_no_window(self):
        facts = said_by_user("The line went from noon to 3 people deep.")
        assert of_type(facts, "time") == [("noon", "12:00")]


class TestRecurringDays:
    def test_every_other_weekday_is_no_date(self):
        facts = said_by_assistant("Payroll runs every other Friday, starting July 17.")
        assert of_type(facts, "date") == [("July 17", "2026-07-17")]

    def test_a_weekday_said_alone_is_a_date(self):
        assert of_type(said_by_user("The payroll run is Friday."), "date") == [("Friday", "2026-07-10")]


class TestClosing:
    def test_today_in_the_close_of_a_talk_is_no_day(self):
        assert of_type(said_by_user("Great, that's all for today."), "date") == []
        assert of_type(said_by_user("Thanks for your help today."), "date") == []

    def test_today_said_of_what_is_booked_is_a_day(self):
        assert of_type(said_by_user("Book the haircut for today."), "date") == [("today", "2026-07-06")]
