"""Bare hours of a trip that goes, of a place that opens from an hour, of a booking asked for, of a ride
wanted after a clause, of a window hired by the hour, and the end of a window after a clock with a colon; a
code in groups given alone for the number the turn before named; a one-word street ending in "gate". Written
for these tests: each form read, and a near form that stays unread (a question that only asks, a party size,
a count)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user, values


class TestATripThatGoesAtAnHour:
    def test_both_hours_of_the_trip_are_read(self):
        facts = of_type(said_by_assistant("the river cruise goes at 10 and 3 from the town quay ."), "time")
        assert facts == [("10", "10:00"), ("3", "15:00")]

    def test_the_hour_before_where_it_leaves_from(self):
        facts = of_type(said_by_assistant("The airport coach leaves at 9 from the bus station."), "time")
        assert facts == [("9", "09:00")]

    def test_money_that_goes_is_no_clock(self):
        assert of_type(said_by_assistant("Most of it goes at 5 a week on fuel."), "time") == []


class TestAPlaceOpenFromAnHour:
    @pytest.mark.parametrize(
        "content,said",
        [
            # a bare hour up to 6 is read in the afternoon, as everywhere; the value itself is what is pinned
            ("there 's a coffee cart by gate 4 , open from 6 .", "6"),
            ("The bakery opens from 7 on market days.", "7"),
        ],
    )
    def test_the_opening_hour_is_read(self, content, said):
        assert [v for v, _ in of_type(said_by_assistant(content), "time")] == [said]

    def test_a_question_about_it_is_no_value(self):
        assert of_type(said_by_user("Is the cart open from 6?"), "time") == []


class TestABookingAskedForAtAnHour:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("can we book three rinks at 7 ?", "7"),
            ("Could you reserve us a table at 8?", "8"),
        ],
    )
    def test_the_hour_asked_for_is_read(self, content, said):
        assert [s for s, _ in of_type(said_by_user(content), "time")] == [said]

    @pytest.mark.parametrize(
        "content",
        [
            "Can you book a table for 4?",
            "Could you book us a room at 12 Dock Street?",
            "Is the booking at 7?",
            "Can you pick me up at 6?",
        ],
    )
    def test_a_party_an_address_or_a_question_is_no_clock(self, content):
        assert of_type(said_by_user(content), "time") == []


class TestARideWantedAfterAClause:
    def test_the_hour_after_a_leading_clause_is_read(self):
        facts = of_type(said_by_user("for the trip back on sunday , is there a bus after 4 ?"), "time")
        assert facts == [("4", "16:00")]

    def test_asking_whether_it_is_after_an_hour_is_no_value(self):
        assert of_type(said_by_user("for the trip back , is it after 4 ?"), "time") == []


class TestAWindowHiredByTheHour:
    def test_the_window_after_an_hourly_price_is_read(self):
        facts = of_type(
            said_by_assistant("the church hall lets its side room at 20 an hour , from 2 to 6 ."), "time"
        )
        assert facts == [("2 to 6", "14:00-18:00")]

    def test_a_range_of_prices_stays_no_window(self):
        assert (
            of_type(said_by_assistant("rooms go for 20 an hour , or from 2 to 6 pounds a head ."), "time")
            == []
        )


class TestTheEndOfAWindowAfterAClockWithAColon:
    def test_the_end_is_read(self):
        facts = facts_of(
            "When is the climbing wall free?", "Weekdays 1 pm to 3 pm, and 10:30 to 12 at weekends."
        )
        assert ("10:30 to 12", "10:30-12:00") in in_turn(facts, 2, "time")

    def test_a_count_after_it_is_no_end(self):
        facts = of_type(said_by_assistant("From 10:30 we take 9 to 12 people."), "time")
        assert facts == [("10:30", "10:30")]


class TestACodeGivenForTheNumberAsked:
    @pytest.mark.parametrize(
        "asked,answer,code",
        [
            ("did the shop note the serial number ?", "yes , it 's kx 4471 b 2 .", "kx 4471 b 2"),
            ("bring your entry number to the desk .", "that 's rn 58 302 .", "rn 58 302"),
        ],
    )
    def test_the_code_is_read(self, asked, answer, code):
        facts = facts_of("the bike was stolen from the rack .", asked, answer)
        assert [v for v, _ in in_turn(facts, 3, "identifier")] == [code]

    @pytest.mark.parametrize(
        "asked,answer",
        [
            ("what is your room number ?", "it 's 12 b ."),
            ("what is the order number ?", "it 's 3 of 5 ."),
            ("what is the entry number ?", "is it rn 58 302 ?"),
        ],
    )
    def test_a_room_a_count_or_a_question_is_no_code(self, asked, answer):
        facts = facts_of("the bike was stolen from the rack .", asked, answer)
        assert in_turn(facts, 3, "identifier") == []

    def test_no_number_named_before_no_code(self):
        facts = facts_of("the bike was stolen from the rack .", "where was it ?", "it 's kx 4471 b 2 .")
        assert in_turn(facts, 3, "identifier") == []


class TestAOneWordStreetEndingInGate:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("the noodle bar on coppergate does a lunch deal .", "coppergate"),
            ("There is free parking on Eastgate after six.", "Eastgate"),
            ("walk along hungate to the river .", "hungate"),
        ],
    )
    def test_the_street_is_read(self, content, street):
        assert values(content, "address") == [street]

    @pytest.mark.parametrize(
        "content",
        [
            "is the noodle bar on coppergate ?",
            "They went through on aggregate.",
            "We had a picnic on the tailgate.",
        ],
    )
    def test_a_question_or_a_word_ending_in_gate_is_no_street(self, content):
        assert values(content, "address") == []
