"""Flights by a three-letter airline code, a floor before the house, alarms kept every day, a clock taken
back for another, and sums changed or asked for in words.

- "flights KLM1201 and KLM1202": an airline's code of three capitals written against the number, in a turn
  about flights; not a terminal or a gate;
- "3rd Floor, 18 Mill Street, Leeds LS2 7EF": a floor said before the house is part of the address;
- "an alarm for seven every weekday": the hour an alarm is set for, whatever days it goes off on; not the
  hours a place keeps every day;
- "8:30 pm. No, 9.": a clock taken back for an hour in the same breath; the hour is the clock, in the half
  of the day of the one taken back; not "No, 4 people." nor "No, that's fine.";
- "at five anyway", "Like nine." answering a question for the hour, "Pick up nine, back by six.": bare
  hours said of what is done; not "Pick up two, please." after "How many bags?";
- "can you request thirty-four fifty from her?": a request put as a question names the sum as a statement
  does; "Did she send twelve fifty?" only asks;
- "it's fourteen hundred now" after "send $1,375 to ...", "actually 25" after "request $20 from ...": the
  sum changed before it goes, of the size of the one said; not a count ("actually 25 people") nor a number
  far from it ("it's 8 now").

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestFlightsByAThreeLetterCode:
    def test_codes_written_against_their_number(self):
        said = "Please confirm: flights KLM1201 on 3 May and KLM1202 on 9 May."
        assert values(said, "identifier") == ["KLM1201", "KLM1202"]

    def test_a_terminal_is_no_flight(self):
        assert values("Your flight leaves from terminal 2 at 9.", "identifier") == []


class TestAFloorBeforeTheHouse:
    def test_the_floor_is_part_of_the_address(self):
        said = "The studio is at 3rd Floor, 18 Mill Street, Leeds LS2 7EF."
        assert values(said, "address") == ["3rd Floor, 18 Mill Street, Leeds LS2 7EF"]

    def test_a_floor_with_a_count_after_it_is_no_address(self):
        assert values("The 4th floor, 12 rooms in all.", "address") == []


class TestAlarmsEveryDay:
    @pytest.mark.parametrize(
        "said,clock",
        [("And an alarm for seven every weekday.", "seven"), ("Set an alarm for 6 every day.", "6")],
    )
    def test_the_hour_of_an_alarm_kept_every_day(self, said, clock):
        assert values(said, "time", role="user") == [clock]

    def test_the_hours_a_place_keeps_are_no_alarm(self):
        assert values("We open every day at nine.", "time", role="user") == []


class TestAClockTakenBack:
    def test_the_hour_put_in_its_place(self):
        facts = facts_of(
            "Remind me on Thursday to pack.", "What time should I remind you?", "8:30 pm. No, 9."
        )
        assert in_turn(facts, 3, "time") == [("9", "21:00")]

    def test_in_one_sentence(self):
        facts = facts_of("Dinner at 7:15, actually 7.", "Sure.")
        assert [value for value, _ in in_turn(facts, 1, "time")] == ["7"]

    @pytest.mark.parametrize(
        "said,clock", [("Table at 7:30. No, 4 people.", "7:30"), ("Is it 9 pm? No, that's fine.", "9 pm")]
    )
    def test_no_hour_after_it_keeps_the_clock(self, said, clock):
        assert values(said, "time", role="user") == [clock]


class TestSumsInWordsAndChanged:
    def test_a_request_put_as_a_question(self):
        said = "Mia still owes me for the groceries, can you request thirty-four fifty from her?"
        assert values(said, "amount", role="user") == ["thirty-four fifty"]

    def test_a_question_that_asks_is_no_sum(self):
        assert values("Did she send twelve fifty?", "amount", role="user") == []

    @pytest.mark.parametrize(
        "before,said,amount",
        [
            (
                "Please confirm: send $1,375 to Ruth Okafor.",
                "Oh wait, it went up. It's fourteen hundred now.",
                "1400.00",
            ),
            ("Please confirm: request $20 from Kofi.", "Actually 25, the cable fee too.", "25.00"),
        ],
    )
    def test_a_sum_changed_before_it_goes(self, before, said, amount):
        facts = facts_of("I need to sort out some money.", before, said)
        assert [normalised for _, normalised in in_turn(facts, 3, "amount")] == [amount]

    @pytest.mark.parametrize("said", ["Actually 25 people owe me.", "It's 8 now, can we hurry?"])
    def test_a_count_or_a_far_number_is_no_sum(self, said):
        facts = facts_of("I need to sort out some money.", "Please confirm: request $20 from Kofi.", said)
        assert in_turn(facts, 3, "amount") == []


class TestBareHoursSaid:
    def test_an_hour_with_anyway_after_it(self):
        said = "Can I check in early? The coach gets in at five anyway."
        assert values(said, "time", role="user") == ["five"]

    def test_an_hour_answered_with_like(self):
        facts = facts_of("I need a car on Friday.", "What time would you pick it up?", "Like nine.")
        assert [value for value, _ in in_turn(facts, 3, "time")] == ["nine"]

    def test_the_hour_a_car_is_picked_up(self):
        facts = facts_of(
            "A car for Saturday, please.", "The compact is $40 for the day.", "Pick up nine, back by six."
        )
        assert [value for value, _ in in_turn(facts, 3, "time")] == ["nine", "six"]

    def test_a_count_picked_up_is_no_hour(self):
        facts = facts_of("I'm collecting the order.", "How many bags?", "Pick up two, please.")
        assert in_turn(facts, 3, "time") == []


class TestSumsOpeningASentenceAndCountsMadeMore:
    def test_a_sum_in_words_after_a_person_is_paid(self):
        said = "I need to pay our dog walker, Remy. A hundred and twenty for the week."
        assert values(said, "amount", role="user") == ["A hundred and twenty"]

    @pytest.mark.parametrize("said", ["I need to pay our sitter. Two for Friday at 7.", "Pay Dana. Three."])
    def test_a_count_or_a_small_number_is_no_sum(self, said):
        assert values(said, "amount", role="user") == []

    def test_a_count_of_tickets_made_more_is_no_hour(self):
        facts = facts_of(
            "Two tickets for the game, please.",
            "Please confirm: 2 upper level tickets for Saturday at 6:40 pm.",
            "My brother is coming too. Make it three.",
        )
        assert in_turn(facts, 3, "time") == []

    def test_an_hour_made_later_is_still_read(self):
        facts = facts_of("Remind me to call Ana.", "The reminder is set for 8 pm.", "Make it 9.")
        assert in_turn(facts, 3, "time") == [("9", "21:00")]


class TestADayAHomeIsViewedOn:
    @pytest.mark.parametrize(
        "said,day",
        [("Can I view it this week?", "this week"), ("Could we view the flat tomorrow?", "tomorrow")],
    )
    def test_the_day_a_home_is_viewed(self, said, day):
        assert values(said, "date", role="user") == [day]

    def test_a_view_is_no_viewing(self):
        assert values("The view this week is lovely.", "date", role="user") == []
