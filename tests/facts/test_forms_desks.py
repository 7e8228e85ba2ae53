"""Values said at service desks - a garage and a car hire desk, an internet provider and a phone
carrier's help lines, a conference organiser with speakers abroad - in the forms the rules used to
miss: rand and rupees ("R24,000", "Rs 1,180"), Singapore dollars; a local number after one said with
its country code; a driving licence, a certificate, a number plate; a code answering a question that
was asked back about ("Where do I find that?"), a key-box code, a frequent flyer number after its
scheme's name; "tonight", "today" and "this morning" where something happens then, "tomorrow
morning" as one date; a bare hour at an event ("a presentation at two"); "Yes, a Wednesday."
confirming the date just said; an amount whose currency was said long before ("for eighteen
hundred", "the last fifty"); a Singapore unit and its six-digit postcode. One case per form, written
for these tests (the chat's turns are dated Monday 6 July 2026), with sentences that look like them
and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestCurrencies:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("The return fare came to R18,450 in the end.", ("R18,450", "18450.00 ZAR")),
            ("Parking at the venue is R85.50 a day.", ("R85.50", "85.50 ZAR")),
            ("The courier charged Rs 1,240 for the parcel.", ("Rs 1,240", "1240.00 INR")),
            ("The taxi from the airport was Rs. 950 at night.", ("Rs. 950", "950.00 INR")),
            ("The hotel in Singapore was S$312 a night.", ("S$312", "312.00 SGD")),
            ("The invoice says ZAR 4,100.", ("ZAR 4,100", "4100.00 ZAR")),
            ("We budgeted SGD 950 for the dinner.", ("SGD 950", "950.00 SGD")),
        ],
    )
    def test_rand_rupees_and_singapore_dollars(self, content, amount):
        assert of_type(said_by_assistant(content), "amount") == [amount]

    @pytest.mark.parametrize(
        "content",
        [
            "Take the R56 towards Naas and turn left.",
            "R2-D2 was the best part of the film.",
            "It needs R16 tyres all round.",
            "Rs is how rupees are written on the menu.",
            "Dial star pound zero six pound and the number shows on screen.",
        ],
    )
    def test_roads_sizes_names_and_keys_are_no_amount(self, content):
        assert of_type(said_by_assistant(content), "amount") == []


class TestLocalNumbers:
    def test_a_number_in_the_format_of_the_country_code_said_before_it(self):
        found = of_type(said_by_user("Phone is +65 8123 4410, or the office 6338 2207."), "phone")
        assert found == [("+65 8123 4410", "+6581234410"), ("6338 2207", "+6563382207")]

    @pytest.mark.parametrize(
        "content,phone",
        [
            ("My Singapore number is 8123 4410.", ("8123 4410", "+6581234410")),
            ("Call the Hong Kong office on 2511 3300.", ("2511 3300", "+85225113300")),
        ],
    )
    def test_a_number_in_the_format_of_the_country_named_before_it(self, content, phone):
        assert of_type(said_by_user(content), "phone") == [phone]

    @pytest.mark.parametrize(
        "content",
        [
            "We sold 8123 4410 units in Singapore.",
            "The Singapore team has 8123 4410 fans on the phone app.",
            "My Singapore number is 1234 5678.",
        ],
    )
    def test_counts_and_numbers_no_plan_allows_are_no_phone(self, content):
        assert of_type(said_by_user(content), "phone") == []

    def test_counts_and_prices_beside_a_foreign_number_are_no_phone(self):
        content = "My mobile is +65 8123 4410 and we need 3 rooms at 2200 each for 14 nights."
        assert of_type(said_by_user(content), "phone") == [("+65 8123 4410", "+6581234410")]


class TestCodes:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("My licence number is MORRI702114JK9LP.", ("MORRI702114JK9LP", "MORRI702114JK9LP")),
            ("Add him as a driver, licence WALSH610093B82QE.", ("WALSH610093B82QE", "WALSH610093B82QE")),
            ("It passed. Certificate number 4410 2875 1963.", ("4410 2875 1963", "441028751963")),
            ("It's a blue Fiesta, reg KT19 WXA.", ("KT19 WXA", "KT19WXA")),
            ("Your hire car is a white Polo, BD70 PLU.", ("BD70 PLU", "BD70PLU")),
        ],
    )
    def test_licences_certificates_and_number_plates(self, content, code):
        assert of_type(said_by_assistant(content), "identifier") == [code]

    def test_a_plate_shape_in_a_turn_about_no_car_is_no_plate(self):
        assert of_type(said_by_assistant("The team KT19 WXA won the quiz."), "identifier") == []

    def test_a_code_answers_a_question_asked_back_about(self):
        facts = facts_of(
            "Can you read me the IMEI?",
            "Where do I find that?",
            "Dial star hash zero six hash and it shows on screen.",
            "It says 352094118873025.",
        )
        assert in_turn(facts, 4, "identifier") == [("352094118873025", "352094118873025")]
        assert in_turn(facts, 4, "phone") == []

    def test_a_question_stands_over_one_round_of_asking_back_only(self):
        facts = facts_of(
            "What's the code for the gate?",
            "Which gate?",
            "The side one.",
            "Thanks, I'll go round.",
            "Great.",
            "It's 5582 by the way, my flat number.",
        )
        assert in_turn(facts, 6, "identifier") == []

    def test_a_key_box_code_answers_a_question_for_it(self):
        facts = facts_of("What's the code for the key box?", "It's 7316. Leave the key inside.")
        assert in_turn(facts, 2, "identifier") == [("7316", "7316")]

    def test_a_year_answering_a_question_for_a_code_is_no_code(self):
        facts = facts_of("What's the code for the key box?", "It's 2026 on the sticker.")
        assert in_turn(facts, 2, "identifier") == []

    def test_a_frequent_flyer_number_after_its_scheme_name(self):
        facts = facts_of("Do you have a frequent flyer number?", "Yes, Aeroplan 4471 2093 85.")
        assert in_turn(facts, 2, "identifier") == [("4471 2093 85", "4471209385")]
        assert in_turn(facts, 2, "phone") == []

    @pytest.mark.parametrize(
        "content",
        [
            "Can you read me the IMEI?",
            "What's the code for the key box?",
            "Do you have a frequent flyer number?",
        ],
    )
    def test_the_questions_alone_state_none(self, content):
        assert said_by_assistant(content) == []


class TestDayWords:
    @pytest.mark.parametrize(
        "content,day",
        [
            ("It all goes through tonight.", ("tonight", "2026-07-06")),
            ("The hold comes off tonight.", ("tonight", "2026-07-06")),
            ("Fine, I can do it today.", ("today", "2026-07-06")),
            ("The line has been down since this morning.", ("this morning", "2026-07-06")),
            ("The parts won't arrive till tomorrow morning.", ("tomorrow morning", "2026-07-07")),
        ],
    )
    def test_a_day_word_where_something_happens_then(self, content, day):
        assert of_type(said_by_assistant(content), "date") == [day]

    @pytest.mark.parametrize(
        "content",
        ["Is there anything else I can do today?", "The weather is grim today.", "Tonight is a good film."],
    )
    def test_offers_weather_and_names_state_no_day(self, content):
        assert of_type(said_by_assistant(content), "date") == []


class TestBareHoursAtEvents:
    @pytest.mark.parametrize(
        "content,time",
        [
            ("We have a client presentation at two.", ("two", "14:00")),
            ("That's tricky, I'm on a school run at twelve.", ("twelve", "12:00")),
            ("Ring us before five and we'll extend it at the same daily rate.", ("five", "17:00")),
        ],
    )
    def test_a_bare_hour_at_an_event(self, content, time):
        assert of_type(said_by_user(content), "time") == [time]

    @pytest.mark.parametrize(
        "content",
        [
            "Is the presentation at two?",
            "The workshop is for two.",
            "We run the workshop daily at ten.",
            "The talk lasts about three hours.",
        ],
    )
    def test_questions_counts_habits_and_lengths_give_no_time(self, content):
        assert of_type(said_by_user(content), "time") == []


class TestConfirmedWeekday:
    def test_a_weekday_after_a_confirms_the_date_just_said(self):
        facts = facts_of(
            "The fitting is booked for 2026-07-15 at 11:00.",
            "Is that a Wednesday?",
            "Yes, a Wednesday. Bring the shoes.",
        )
        assert in_turn(facts, 3, "date") == [("Wednesday", "2026-07-15")]

    def test_a_weekday_the_date_said_is_not_is_no_date(self):
        facts = facts_of("The fitting is booked for 2026-07-15.", "Is that a Thursday?", "No, a Friday.")
        assert in_turn(facts, 3, "date") == []

    @pytest.mark.parametrize(
        "contents",
        [
            ("Which day suits you?", "Any day but a Wednesday."),
            ("The fitting is booked for 2026-07-15.", "We usually close early on a Wednesday."),
            ("The fitting is booked for 2026-07-15.", "Is that a Wednesday?"),
            ("The wedding is on 2026-07-18.", "The market is a Saturday morning thing."),
        ],
    )
    def test_a_weekday_naming_no_date_said_is_none(self, contents):
        assert in_turn(facts_of(*contents), 2, "date") == []


class TestCurrencySaidEarlier:
    CHAT = (
        "The rent is €1,650 a month, due on the first.",
        "Noted.",
        "The hall wants the balance before the party.",
        "Fine.",
        "The florist came back to me.",
        "And?",
    )

    @pytest.mark.parametrize(
        "content,amount",
        [
            (
                "They can do the centrepieces for eighteen hundred, delivered at noon.",
                ("eighteen hundred", "1800.00"),
            ),
            ("I'll include Niamh's last fifty once it arrives.", ("fifty", "50.00")),
        ],
    )
    def test_an_amount_whose_currency_was_said_long_before(self, content, amount):
        assert in_turn(facts_of(*self.CHAT, content), 7, "amount") == [amount]

    @pytest.mark.parametrize(
        "content",
        [
            "They can do the centrepieces for eighteen hundred?",
            "She has read the last fifty pages.",
            "The hall holds eighteen hundred people.",
        ],
    )
    def test_questions_and_counts_are_no_amount(self, content):
        assert in_turn(facts_of(*self.CHAT, content), 7, "amount") == []

    def test_with_no_currency_said_before_a_bare_number_is_none(self):
        facts = facts_of("Noted.", "They can do the centrepieces for eighteen hundred, delivered at noon.")
        assert in_turn(facts, 2, "amount") == []


class TestSingaporeAddresses:
    def test_a_floor_and_unit_and_a_six_digit_postcode(self):
        facts = facts_of(
            "And an address for the paperwork?", "22 Cecil Street, #08-11, Harbour Plaza, Singapore 049705."
        )
        addresses = [value for value, _ in in_turn(facts, 2, "address")]
        assert "22 Cecil Street, #08-11, Harbour Plaza, Singapore" in addresses
        assert "049705" in addresses

    @pytest.mark.parametrize(
        "content",
        ["Order 560034 ships on Friday by road.", "Your ticket is Singapore 049705 at the box office."],
    )
    def test_six_digits_with_no_street_before_them_are_no_postcode(self, content):
        assert of_type(said_by_assistant(content), "address") == []


class TestPlaceBeforeWhatItCosts:
    ASK = "i want a guesthouse on the east side , nothing fancy ."

    @pytest.mark.parametrize(
        "content",
        [
            "briar cottage fits that . it is at dunhollow and rooms are gbp 58.20 a night .",
            "briar cottage fits that . it is on dunhollow and entry is free .",
        ],
    )
    def test_a_place_said_alone_before_what_it_costs(self, content):
        assert in_turn(facts_of(self.ASK, content), 2, "address") == [("dunhollow", "dunhollow")]

    @pytest.mark.parametrize(
        "content",
        [
            "briar cottage fits that . it is on sale and rooms are gbp 58.20 a night .",
            "briar cottage fits that . it is on the way and it is cheap .",
            "briar cottage fits that . they are on holiday and the rooms are shut .",
        ],
    )
    def test_a_state_before_what_it_costs_is_no_place(self, content):
        assert in_turn(facts_of(self.ASK, content), 2, "address") == []

    def test_the_same_answering_a_question_for_the_address(self):
        facts = facts_of("what is the address ?", "it is at dunhollow and rooms are gbp 58.20 a night .")
        assert in_turn(facts, 2, "address") == [("dunhollow", "dunhollow")]


class TestIndianAmounts:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("The hall is ₹1,20,000 for the day.", ("₹1,20,000", "120000.00 INR")),
            ("Her fee is 1.5 lakh rupees plus travel.", ("1.5 lakh rupees", "150000.00 INR")),
            ("The whole event came to ₹2 crore.", ("₹2 crore", "20000000.00 INR")),
            ("Keep Rs 3 lakh aside for flights.", ("Rs 3 lakh", "300000.00 INR")),
        ],
    )
    def test_lakh_grouping_and_scales(self, content, amount):
        assert of_type(said_by_assistant(content), "amount") == [amount]

    @pytest.mark.parametrize(
        "content",
        [
            "The channel has 2 lakh followers.",
            "The codes were 10,20,300 and 40.",
            "A lakh is a hundred thousand.",
        ],
    )
    def test_counts_and_lists_are_no_amount(self, content):
        assert of_type(said_by_assistant(content), "amount") == []


class TestClocksWithHrs:
    @pytest.mark.parametrize(
        "content,time",
        [
            ("Briefing at 0900hrs sharp.", ("0900hrs", "09:00")),
            ("Doors open from 1830 hours.", ("1830 hours", "18:30")),
            ("Call me after 1600h.", ("1600h", "16:00")),
            ("The workshop runs 1430 hrs to 1600 hrs.", ("1430 hrs to 1600 hrs", "14:30-16:00")),
        ],
    )
    def test_a_four_digit_clock_with_hrs(self, content, time):
        assert of_type(said_by_assistant(content), "time") == [time]

    @pytest.mark.parametrize(
        "content",
        [
            "The battery lasts 1200 hours.",
            "It took 2000 hours of work.",
            "The engine has done 1500 hours.",
        ],
    )
    def test_lengths_give_no_clock(self, content):
        assert of_type(said_by_assistant(content), "time") == []


class TestPostOfficeBoxes:
    @pytest.mark.parametrize(
        "content,box",
        [
            ("Send the contract to PO Box 4471, please.", "PO Box 4471"),
            ("Our postal address is P.O. Box 88.", "P.O. Box 88"),
            ("Write to Post Office Box 1203 instead.", "Post Office Box 1203"),
        ],
    )
    def test_a_post_office_box_is_an_address(self, content, box):
        assert [value for value, _ in of_type(said_by_assistant(content), "address")] == [box]

    @pytest.mark.parametrize(
        "content",
        ["The box office opens at 9.", "A box of 12 is £4.", "What's your PO box number?"],
    )
    def test_boxes_of_things_are_no_address(self, content):
        assert of_type(said_by_assistant(content), "address") == []
