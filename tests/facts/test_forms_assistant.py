"""Values said to a phone assistant and at a town's information desk - money sent between friends, places
shared by message, alarms, train journeys and taxis, a hospital, the police and lost property - in the
forms the rules used to miss: codes after "case number ,", "report number", "crime reference number",
in lower case with groups of digits ("kzp 40 118 27") or slashes ("hx/27/40561"); a train named by its
category or operator ("ICE 577", "Eurostar 9031"); an alarm set for a bare hour or a clock in words, "the
time" changed to an hour, "Half nine." answering "what time?", "the 7.52" naming the 7:52 said just
before; a number of money sent ("pay her sixty from savings", "so seventy in all"); a Dutch floor after
the house number ("Prinsengracht 301-III"), a possessive in a tokenised street name ("4 miller 's
row"); a street after a place one goes to and "on" in the middle of a sentence ("the bakery on Quarry
Lane opens ..."); "A Friday would be best." after "Which day suits you?" names no day. One case per
form, written for these tests (the chat's turns are dated Monday 6 July 2026), with sentences that look
like them and state none, and turns that only ask. Also a three-digit service number said as one to ring
("you can use 101 or ...", "call 999")."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestCodes:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("they gave me a case number , qtr-551902 , to quote .", "qtr-551902"),
            ("Your case number, HX-70215, is on the letter.", "HX-70215"),
            ("my claim reference is kzp 40 118 27 .", "kzp 40 118 27"),
            ("the report number is vrl 61-3308 .", "vrl 61-3308"),
            ("they wrote the crime reference number hx/27/40561 on a card .", "hx/27/40561"),
            ("The incident number is KN/1193/26.", "KN/1193/26"),
        ],
    )
    def test_codes_after_their_name_in_lower_case_with_a_comma_groups_or_slashes(self, content, code):
        assert [value for value, _ in of_type(said_by_assistant(content), "identifier")] == [code]

    @pytest.mark.parametrize(
        "content",
        [
            "the claim reference is in 14 days time .",
            "the report number , please , when you have it .",
            "The flight was like 16 hours door to door.",
            "The case, 20 kilos of it, arrived late.",
            "What's the crime reference number?",
        ],
    )
    def test_look_alikes_and_questions_are_no_code(self, content):
        assert of_type(said_by_assistant(content), "identifier") == []


class TestTrainNumbers:
    @pytest.mark.parametrize(
        "content,train",
        [
            ("ICE 577 leaves Frankfurt at 10:13 and reaches Basel at 13:06.", ("ICE 577", "ICE577")),
            ("The TGV 6611 departs from platform 4.", ("TGV 6611", "TGV6611")),
            ("You'd be on the Eurostar 9031, arriving at 11:47.", ("Eurostar 9031", "EUROSTAR9031")),
        ],
    )
    def test_a_train_named_by_its_category_or_operator(self, content, train):
        assert of_type(said_by_assistant(content), "identifier") == [train]

    def test_a_saver_fare_on_a_train_named_before(self):
        facts = facts_of("I need a train to Munich on Friday.", "A saver fare on IC 2315 is €24.90.")
        assert in_turn(facts, 2, "identifier") == [("IC 2315", "IC2315")]

    @pytest.mark.parametrize(
        "content",
        [
            "The RE 2024 plan was approved by the board.",
            "We bought an ICE 300 freezer.",
            "Regarding the RE 45 form.",
        ],
    )
    def test_no_train_where_none_is_spoken_of_or_a_year(self, content):
        assert of_type(said_by_assistant(content), "identifier") == []


class TestAlarmsAndClocks:
    @pytest.mark.parametrize(
        "content,clock",
        [
            ("Set an alarm for seven fifteen on Thursday.", ("seven fifteen", "07:15")),
            ("Set an alarm for 6 this Friday.", ("6", "06:00")),
            ("Set the alarm for 5 tomorrow, please.", ("5", "05:00")),
            ("OK, change the time to 9.", ("9", "09:00")),
        ],
    )
    def test_an_alarm_set_for_an_hour_and_a_time_changed_to_one(self, content, clock):
        assert of_type(said_by_user(content), "time") == [clock]

    @pytest.mark.parametrize(
        "content",
        [
            "Is the alarm for 7?",
            "Set an alarm for 7 people to see.",
            "I had a hard time to 8 hours of sleep.",
            "It's time to go.",
        ],
    )
    def test_questions_and_counts_are_no_clock(self, content):
        assert of_type(said_by_user(content), "time") == []

    def test_a_half_hour_answering_what_time(self):
        facts = facts_of("Could you book me a cab for Friday?", "What time should it come?", "Half nine.")
        assert in_turn(facts, 3, "time") == [("Half nine", "09:30")]

    def test_a_half_said_alone_with_nothing_asked_is_no_clock(self):
        assert of_type(said_by_user("Half nine."), "time") == []

    def test_a_clock_with_a_full_stop_naming_the_one_said_just_before(self):
        facts = facts_of(
            "Which trains go to Leeds in the morning?",
            "There's one at 7:52 and one at 8:40.",
            "The 7.52 is too early for me.",
        )
        assert in_turn(facts, 3, "time") == [("7.52", "07:52")]

    def test_a_price_said_before_makes_no_clock(self):
        facts = facts_of("What does the sandwich cost?", "It's $7.52 with tax.", "The 7.52 is a lot.")
        assert in_turn(facts, 3, "time") == []


class TestMoneySent:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("Pay the cleaner too, sixty from savings.", ("sixty", "60.00")),
            ("Send Imogen forty.", ("forty", "40.00")),
            ("I owe Rafael thirty-five.", ("thirty-five", "35.00")),
            ("Move 250 from my savings, please.", ("250", "250.00")),
        ],
    )
    def test_a_number_sent_to_someone_or_from_an_account(self, content, amount):
        assert of_type(said_by_user(content), "amount") == [amount]

    def test_a_total_after_an_amount_with_its_currency(self):
        found = of_type(said_by_user("Add a £12 tip, so seventy in all."), "amount")
        assert found == [("£12", "12.00 GBP"), ("seventy", "70.00")]

    @pytest.mark.parametrize(
        "content",
        [
            "Give them twenty minutes.",
            "Send her 30 photos from the trip.",
            "We were twenty in all.",
            "Pay the babysitter for thirty hours.",
            "Please confirm: send Lindenallee 41 to Mirela.",
            "Can you send Imogen forty?",
        ],
    )
    def test_counts_addresses_and_questions_are_no_amount(self, content):
        assert of_type(said_by_user(content), "amount") == []


class TestAddresses:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("Book a taxi to my brother's, Prinsengracht 301-III.", "Prinsengracht 301-III"),
            ("My flat is at Kerkstraat 14-hs, Utrecht.", "Kerkstraat 14-hs, Utrecht"),
            ("i am staying at 4 miller 's row .", "4 miller 's row"),
        ],
    )
    def test_a_dutch_floor_and_a_tokenised_possessive(self, content, address):
        assert [value for value, _ in of_type(said_by_user(content), "address")] == [address]

    @pytest.mark.parametrize(
        "content,street",
        [
            ("The bakery on Quarry Lane opens at seven.", "Quarry Lane"),
            ("the chemist on fenner road is open late .", "fenner road"),
            ("There's a pub just off Canal Street that does food.", "Canal Street"),
        ],
    )
    def test_a_street_after_a_place_one_goes_to(self, content, street):
        assert [value for value, _ in of_type(said_by_assistant(content), "address")] == [street]

    @pytest.mark.parametrize(
        "content",
        [
            "Is the bakery on Quarry Lane open today?",
            "The bus on Mill Road was late again.",
            "I saw a shop on the way home.",
            "The cafe in the street was busy.",
        ],
    )
    def test_questions_ways_and_streets_said_of_nothing_are_no_address(self, content):
        assert of_type(said_by_assistant(content), "address") == []


class TestDaysAsked:
    def test_a_weekday_after_a_opening_the_answer_to_which_day_names_no_day(self):
        facts = facts_of("Which day suits you?", "A Friday would be best.")
        assert in_turn(facts, 2, "date") == []

    def test_a_weekday_after_a_names_the_date_said_before_it(self):
        facts = facts_of("The tasting is on 2026-07-17.", "Is that a Friday?", "A Friday, yes.")
        assert in_turn(facts, 3, "date") == [("Friday", "2026-07-17")]

    def test_a_question_that_proposes_a_day_states_it_and_one_that_asks_for_a_day_does_not(self):
        # A proposal asked as a question names the day it proposes, as the dialogue corpora label it.
        assert of_type(said_by_user("Can you do tomorrow?"), "date") == [("tomorrow", "2026-07-07")]
        assert of_type(said_by_assistant("Which day can you do?"), "date") == []
        assert of_type(said_by_assistant("What date is the appointment?"), "date") == []


class TestServiceNumbers:
    @pytest.mark.parametrize(
        "content,phone",
        [
            ("yes , you can use 101 or the station 's line on 01632 960 118 .", "101"),
            ("In an emergency, call 999 straight away.", "999"),
            ("If the police don't answer, dial 112.", "112"),
        ],
    )
    def test_a_service_number_said_as_one_to_ring(self, content, phone):
        assert of_type(said_by_assistant(content), "phone")[0] == (phone, phone)

    @pytest.mark.parametrize(
        "content",
        [
            "We stayed in room 101 by the lifts.",
            "Take the 111 bus to the police station.",
            "Should I call 999?",
            "I got 112 on the quiz, so I'll ring you.",
        ],
    )
    def test_rooms_buses_questions_and_scores_are_no_service_number(self, content):
        assert of_type(said_by_assistant(content), "phone") == []


class TestAddressStates:
    @pytest.mark.parametrize(
        "content",
        [
            "Your home address is updated.",
            "The address is saved on your account.",
            "Your address is verified.",
        ],
    )
    def test_a_state_of_the_address_is_no_address(self, content):
        assert of_type(said_by_assistant(content), "address") == []

    def test_the_address_said_after_it_is_one(self):
        found = of_type(said_by_assistant("Your home address is 4 Elm Road now."), "address")
        assert [value for value, _ in found] == ["4 Elm Road"]
