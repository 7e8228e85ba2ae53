"""Values said the way people say them in errands and bookings, and the forms the rules used to
miss: a code said before the word that names it, a unit or flat after an address, a phone with its
trunk and area code in brackets, a place said alone as the whole answer to "where is it ?", a clock
with no am/pm at dinner, lunch or an appointment, a time said back in words, and a weekend or day
named by an event. One case per general form, written for these tests (the chat's turns are dated
Monday 6 July 2026), with sentences that look like them and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestCodeBeforeItsName:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("booking was successful . 8xkq2v1z is your reference number .", ("8xkq2v1z", "8XKQ2V1Z")),
            ("Booked. RTX93KQ2 is your booking reference; quote it at the gate.", ("RTX93KQ2", "RTX93KQ2")),
            ("done , ab12cd34 is the ref .", ("ab12cd34", "AB12CD34")),
            ("448812 is your confirmation number.", ("448812", "448812")),
            ("done . quote kr4t91bz when you arrive .", ("kr4t91bz", "KR4T91BZ")),
            ("Please quote QX7R22 at check in.", ("QX7R22", "QX7R22")),
        ],
    )
    def test_a_code_said_before_its_name_or_as_what_to_quote(self, content, code):
        assert of_type(said_by_assistant(content), "identifier") == [code]

    @pytest.mark.parametrize(
        "content",
        [
            "this is your booking reference .",
            "table 12 is the booking you asked for .",
            "7pm is the booking time .",
            "Please quote it at the desk.",
            "quote me a price at the desk .",
            "what is your booking reference ?",
            "2026 is the booking year on the form .",
        ],
    )
    def test_words_a_time_or_a_question_before_a_booking_word_are_no_code(self, content):
        assert of_type(said_by_assistant(content), "identifier") == []

    def test_a_phone_before_a_booking_word_stays_a_phone(self):
        facts = said_by_assistant("07700 900123 is the booking line .")

        assert of_type(facts, "identifier") == []
        assert [value for value, _ in of_type(facts, "phone")] == ["07700 900123"]


class TestUnitAfterAnAddress:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("Text Priya that I'm at 88 harbour view, unit 12.", "88 harbour view, unit 12"),
            ("I want to view the flat at 9 Orchard Row, flat 2B.", "9 Orchard Row, flat 2B"),
            ("send it to 41 mill lane , apt 3 please .", "41 mill lane , apt 3"),
        ],
    )
    def test_the_unit_or_flat_after_a_comma_is_part_of_the_address(self, content, address):
        assert [value for value, _ in of_type(said_by_user(content), "address")] == [address]

    def test_a_room_for_people_after_an_address_is_not_a_unit(self):
        facts = said_by_user("we stayed at 12 mill lane, room for 2 was fine.")

        assert [value for value, _ in of_type(facts, "address")] == ["12 mill lane"]

    def test_a_question_for_the_unit_states_none(self):
        assert of_type(said_by_user("which unit is it , and what floor ?"), "address") == []


class TestPhonesInOtherFormats:
    @pytest.mark.parametrize(
        "content,phone",
        [
            ("And my office in Sydney is (02) 9374 4418.", ("(02) 9374 4418", "0293744418")),
            ("My new number is 0 1632 960 771.", ("0 1632 960 771", "01632960771")),
        ],
    )
    def test_a_trunk_and_area_code_in_brackets_or_a_trunk_zero_apart(self, content, phone):
        assert of_type(said_by_user(content), "phone") == [phone]

    def test_the_answer_to_a_question_for_the_number_with_its_trunk_zero_apart(self):
        facts = facts_of("and the phone number ?", "it is 0 1632 958 204 .")

        assert in_turn(facts, 2, "phone") == [("0 1632 958 204", "01632958204")]

    @pytest.mark.parametrize(
        "content",
        ["the score was 0 1 2 3 by the end .", "what is the phone number ?", "room (02) is upstairs ."],
    )
    def test_counts_and_questions_are_no_phone(self, content):
        assert of_type(said_by_user(content), "phone") == []


class TestPlaceSaidAloneAsTheAnswer:
    @pytest.mark.parametrize(
        "question,answer,place",
        [
            ("where is it exactly ?", "rosebank .", "rosebank"),
            ("where is the glass museum ?", "castle mound .", "castle mound"),
            ("what is the address exactly ?", "7 ashgrove , hillside .", "7 ashgrove , hillside"),
        ],
    )
    def test_a_place_said_as_the_whole_answer_to_where_it_is(self, question, answer, place):
        facts = facts_of("i would like to visit .", question, answer)

        assert [value for value, _ in in_turn(facts, 3, "address")] == [place]

    @pytest.mark.parametrize(
        "answer",
        ["no idea .", "upstairs .", "10 minutes .", "nearby .", "sorry , i do n't know .", "12 pounds ."],
    )
    def test_answers_that_name_no_place(self, answer):
        facts = facts_of("i would like to visit .", "where is it exactly ?", answer)

        assert in_turn(facts, 3, "address") == []

    def test_a_place_said_alone_with_no_question_and_the_question_itself_state_none(self):
        facts = facts_of("rosebank .", "where is the glass museum ?")

        assert [f for f in facts if f[1] == "address"] == []


class TestClockWithoutAmOrPm:
    @pytest.mark.parametrize(
        "turns,seq,clock",
        [
            (("a table at half six , please .",), 1, ("half six", "18:30")),
            (
                (
                    "can you find me a cheap italian place ?",
                    "bella sorrento . shall i book ?",
                    "yes , at 8:15 .",
                ),
                3,
                ("8:15", "20:15"),
            ),
            (("lunch for two at 1:30 tomorrow please .",), 1, ("1:30", "13:30")),
            (
                ("i need to see the dentist .", "she has a quarter past four ."),
                2,
                ("a quarter past four", "16:15"),
            ),
            (("a table for breakfast at half seven .",), 1, ("half seven", "07:30")),
            (("a table for 2 tonight .", "the train leaves at 09:58 ."), 2, ("09:58", "09:58")),
            (("book me a taxi at 4:30 .",), 1, ("4:30", "04:30")),
        ],
    )
    def test_dinner_lunch_or_an_appointment_says_which_half_of_the_day(self, turns, seq, clock):
        assert in_turn(facts_of(*turns), seq, "time") == [clock]

    def test_a_time_in_words_said_back_is_the_same_time(self):
        facts = facts_of("a table for 5 at half seven please .", "i am sorry , half seven is taken .")

        assert in_turn(facts, 2, "time") == [("half seven", "19:30")]

    @pytest.mark.parametrize(
        "content", ["half six is fine .", "what time works for dinner ?", "is it at 5 ?"]
    )
    def test_halves_and_questions_alone_name_no_clock(self, content):
        assert of_type(said_by_user(content), "time") == []


class TestDayNamedByAnEvent:
    def test_a_weekend_asked_about_for_a_concert(self):
        assert of_type(said_by_user("Are there any jazz concerts this weekend?"), "date") == [
            ("this weekend", "2026-07-12")
        ]

    @pytest.mark.parametrize(
        "content", ["I love concerts.", "How was your weekend?", "What day is the game?"]
    )
    def test_no_day_named(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestClockAfterSlotOrTime:
    @pytest.mark.parametrize(
        "content,clock",
        [
            ("Her last slot is five thirty.", ("five thirty", "05:30")),
            ("the time is 5.45 , see you then .", ("5.45", "05:45")),
        ],
    )
    def test_a_clock_said_as_what_the_slot_or_time_is(self, content, clock):
        assert of_type(said_by_assistant(content), "time") == [clock]

    @pytest.mark.parametrize(
        "content",
        ["the slot is five minutes long .", "the time is 5.45 pounds a go .", "what time is the slot ?"],
    )
    def test_a_length_a_price_or_a_question_is_no_clock(self, content):
        assert of_type(said_by_assistant(content), "time") == []
