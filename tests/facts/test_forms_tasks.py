"""Values said to a virtual assistant running calendars, alarms and messages, rides, trains and parking, a
pharmacy, insurance and a vet, utilities, parcels, a gym and streaming, in the forms the rules used to miss:
codes to get in, pick up, pay less or join a call ("the gate code is 4471", "door code, 2580#", "meeting ID
883 5102 4471", "Wi-Fi password is harbor2291"), plates ("plate 7PRL 482", "registration for 1XK 7RP"), a
prescription after "Rx", an account by its last four digits, a card of a scheme by its number, a train's
number after a comma; "7 15 pm", "half past noon", "half five" after a move, "Let's say
three-thirty", "Eight." answering "What time?", "9ish" and "tenish", "Make it 9." after a clock, "my parking
ends at 7, can you extend it?", "see you at 8", "the 9.40" after "nine forty pm", "the 7 to 8 slot", "8.30
works", "9 till 1"; "2 events today", "What time tonight?", "for the 14th so ..."; "Pay the 93.40 from
checking", "two hundred and sixty-four fifty", "Send 300 to Mateo"; "Unit 3/41 Kent Street, Richmond VIC
3121", "1200 Esplanade, Suite 100". One case per form, written for these tests (the chat's turns are dated
Monday 6 July 2026), with sentences that look like them and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestCodesToGetInPickUpOrJoin:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("Gate code is 4471, see you Saturday!", "4471"),
            ("Send her the door code, 2580#.", "2580#"),
            ("Your pickup code is 482 117.", "482 117"),
            ("Locker code: 559021.", "559021"),
            ("The gate PIN is 60917.", "60917"),
            ("Your Wi-Fi password is harbor2291.", "HARBOR2291"),
            ("Use code WELCOME10 for 10 percent off.", "WELCOME10"),
            ("Enter code 5521 at the keypad.", "5521"),
            ("Join with meeting ID 883 5102 4471.", "883 5102 4471"),
        ],
    )
    def test_a_code_after_the_word_that_names_it(self, content, code):
        assert [n for _, n in of_type(said_by_assistant(content), "identifier")] == [code]

    def test_a_meeting_id_is_no_phone(self):
        facts = said_by_user("Join meeting ID 914 2207 3385, passcode 551204.")
        assert of_type(facts, "phone") == []
        assert [v for v, _ in of_type(facts, "identifier")] == ["914 2207 3385", "551204"]

    @pytest.mark.parametrize(
        "content",
        [
            "The zip code is 94110.",
            "The area code 415 is for the city.",
            "The code is 4 digits long.",
            "The code has expired.",
            "My PIN is 4 digits.",
            "The password is on the fridge.",
            "The dress code is smart casual.",
            "What's the gate code?",
            "Send the meeting ID to Rosa.",
        ],
    )
    def test_no_code_where_none_is_said(self, content):
        assert of_type(said_by_user(content), "identifier") == []


class TestPlatesPrescriptionsAccountsAndCards:
    @pytest.mark.parametrize(
        "content,value",
        [
            ("Look for a grey Kia Niro, plate 7PRL 482.", "7PRL 482"),
            ("Her plate number is 6WXZ123.", "6WXZ123"),
            ("Your registration for 1XK 7RP is due 2 September.", "1XK 7RP"),
            ("Refill prescription RX 6628104, atorvastatin 20 mg.", "RX 6628104"),
            ("Pay it from your checking account ending 0392.", "0392"),
            ("Your savings account ending in 7731 has $4,200.", "7731"),
            ("The pass goes on Harbor card HC 4410 2297 38.", "HC 4410 2297 38"),
            ("Your library card is 29174 00583 2216.", "29174 00583 2216"),
            ("The 7:12 am train, number 4083, gets in at 8:46 am.", "4083"),
        ],
    )
    def test_said_by_what_they_are(self, content, value):
        assert [v for v, _ in of_type(said_by_assistant(content), "identifier")] == [value]

    def test_a_prescription_number_as_the_whole_answer(self):
        facts = facts_of("I need a refill.", "What's the prescription number?", "It's RX 6628104.")
        assert in_turn(facts, 3, "identifier") == [("RX 6628104", "RX 6628104")]

    @pytest.mark.parametrize(
        "content",
        [
            "Get me a plate of pasta.",
            "The registration for 2 people is open.",
            "Rx drugs cost more.",
            "My account ending balance was 4000 dollars.",
            "Pay by card 2500 dollars.",
            "The 7:12 train, number four, was late.",
        ],
    )
    def test_look_alikes_are_no_identifier(self, content):
        assert of_type(said_by_user(content), "identifier") == []


class TestClocksSaidToAnAssistant:
    @pytest.mark.parametrize(
        "content,clock",
        [
            ("Set an alarm for 7 15 pm.", ("7 15 pm", "19:15")),
            ("Wake me at 6 45 am.", ("6 45 am", "06:45")),
            ("The train is at 8 05 pm.", ("8 05 pm", "20:05")),
            ("Lunch at half past noon works.", ("half past noon", "12:30")),
            ("Meet me a quarter to noon.", ("a quarter to noon", "11:45")),
            ("Move the call with Priyanka to half five.", ("half five", "05:30")),
            ("Let's say three-thirty.", ("three-thirty", "03:30")),
            ("Remind me to get a present, 9ish.", ("9ish", "09:00")),
            ("Call me tenish.", ("tenish", "10:00")),
            ("My parking ends at 7, can you extend it?", ("7", "07:00")),
            ("See you at 8, love you.", ("8", "08:00")),
            ("Move it to the 7 to 8 slot.", ("7 to 8", "19:00-20:00")),
            ("8.30 works for me.", ("8.30", "08:30")),
            ("The next Saturday is the 22nd, 9 till 1.", ("9 till 1", "09:00-13:00")),
            ("We're open 9 till 5.", ("9 till 5", "09:00-17:00")),  # the hours a place keeps
        ],
    )
    def test_read_as_said(self, content, clock):
        assert of_type(said_by_user(content), "time") == [clock]

    @pytest.mark.parametrize(
        "content",
        [
            "I have 7 15-minute slots left.",
            "Half the team is out.",
            "Half five of them came.",
            "Let's say three people.",
            "I'll have 5ish people.",
            "Does my parking end at 7?",
            "I have 7 to 8 people coming.",
            "8.30 dollars works for me.",
        ],
    )
    def test_look_alikes_and_questions_are_no_time(self, content):
        assert of_type(said_by_user(content), "time") == []

    def test_an_hour_alone_answering_a_question_for_a_time(self):
        facts = facts_of("Remind me tonight to call the insurer.", "What time tonight?", "Eight.")
        assert in_turn(facts, 3, "time") == [("Eight", "20:00")]

    def test_an_hour_alone_answering_a_question_for_a_count_is_no_time(self):
        facts = facts_of("A table at Lumi tonight.", "How many people?", "Eight.")
        assert in_turn(facts, 3, "time") == []

    def test_make_it_an_hour_after_a_clock_keeps_its_half_of_the_day(self):
        facts = facts_of("Remind me to charge everything.", "The reminder is set for 8 pm.", "Make it 9.")
        assert in_turn(facts, 3, "time") == [("9", "21:00")]

    def test_make_it_a_number_after_a_table_for_a_count_is_no_time(self):
        facts = facts_of("Book Lumi.", "A table for 4 at 7 pm.", "Make it 6.")
        assert in_turn(facts, 3, "time") == []

    def test_a_dotted_clock_said_in_words_in_the_turn_before(self):
        facts = facts_of(
            "And the one before?", "Train 4116 at nine forty pm.", "Change our return to the 9.40."
        )
        assert in_turn(facts, 3, "time") == [("9.40", "21:40")]


class TestDaysNamedToAnAssistant:
    @pytest.mark.parametrize(
        "role,content,day",
        [
            ("assistant", "You have 2 events today.", ("today", "2026-07-06")),
            ("assistant", "What time tonight?", ("tonight", "2026-07-06")),
            ("user", "OK. When do they close tonight?", ("tonight", "2026-07-06")),
            ("user", "Book it for the 14th so it's on when I arrive.", ("the 14th", "2026-07-14")),
            ("assistant", "Install can be the 17th between 8am and 12pm.", ("the 17th", "2026-07-17")),
        ],
    )
    def test_a_day_named(self, role, content, day):
        said = said_by_user if role == "user" else said_by_assistant
        assert of_type(said(content), "date") == [day]

    @pytest.mark.parametrize(
        "content",
        ["What time is it?", "Which day suits you?", "It's for the 3rd time.", "The weather is grim today."],
    )
    def test_no_day_where_none_is_named_for_something(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestMoneyToAnAssistant:
    def test_a_price_paid_from_an_account_after_the(self):
        assert of_type(said_by_user("Pay the 93.40 from checking."), "amount") == [("93.40", "93.40")]

    def test_dollars_and_cents_in_words_answering_for_a_price(self):
        facts = facts_of("Start a claim.", "How much was the bill?", "Two hundred and sixty-four fifty.")
        assert in_turn(facts, 3, "amount") == [("Two hundred and sixty-four fifty", "264.50")]

    def test_an_amount_sent_to_someone(self):
        facts = said_by_user("Send 300 to Mateo, it's for the flight.")
        assert of_type(facts, "amount") == [("300", "300.00")]

    @pytest.mark.parametrize(
        "contents",
        [
            ("Start a claim.", "How much was the bill?", "Twelve fifty."),
            ("Start a count.", "How many were there?", "Two hundred and sixty-four fifty."),
            ("Print these.", "Where to?", "Send 30 copies to Mateo."),
            ("Pay the 3 from checking.",),
        ],
    )
    def test_no_amount_where_the_number_is_no_price(self, contents):
        facts = facts_of(*contents)
        assert in_turn(facts, len(contents), "amount") == []


class TestAddressesToAnAssistant:
    @pytest.mark.parametrize(
        "content",
        ["Unit 3/41 Kent Street, Richmond VIC 3121.", "1200 Esplanade, Suite 100, Port Avalon."],
    )
    def test_read_whole(self, content):
        assert [v for v, _ in of_type(said_by_user(content), "address")] == [content.rstrip(".")]

    @pytest.mark.parametrize("content", ["The Esplanade is lovely at night.", "Unit 3 of 41 was sold."])
    def test_look_alikes_are_no_address(self, content):
        assert of_type(said_by_user(content), "address") == []
