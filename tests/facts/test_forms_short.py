"""Values as people write them in a hurry in booking chats: weekdays shortened ("mon", "sat 27th"),
"may" as a month, a day of the month with its "the", clocks of four digits or with a full stop
said with no word asking for one, references straight after a booking word or with letters only.
One case per general form, written for these tests (the chat's turns are dated Monday 6 July 2026);
and the sentences that look like them but state none."""

import pytest

from tests.facts.booking_chats import facts_of, of_type
from tests.facts.booking_chats import said_by_user as found


class TestShortenedWeekdays:
    @pytest.mark.parametrize(
        "content,day",
        [
            ("can i book it from thurs for two nights ?", ("thurs", "2026-07-09")),
            ("trains to ashcombe please . tue , leaving after 10:00 .", ("tue", "2026-07-07")),
            ("sat we go to the coast .", ("sat", "2026-07-11")),
            ("could we do wed at 19:30 ?", ("wed", "2026-07-08")),
            ("move it to next fri please .", ("next fri", "2026-07-17")),
            ("two seats for sun. thanks", ("sun.", "2026-07-12")),
        ],
    )
    def test_a_shortened_weekday_where_a_day_is_expected(self, content, day):
        assert of_type(found(content), "date") == [day]

    @pytest.mark.parametrize(
        "content,day",
        [
            ("is the play on sat 18th sold out ?", ("sat 18th", "2026-07-18")),
            ("tickets for mon 20th , please .", ("mon 20th", "2026-07-20")),
            ("we arrive friday 24th .", ("friday 24th", "2026-07-24")),
            ("Can you book me in for Sat, Aug 1?", ("Sat, Aug 1", "2026-08-01")),
        ],
    )
    def test_a_weekday_and_its_day_of_the_month_are_one_date(self, content, day):
        assert of_type(found(content), "date") == [day]

    @pytest.mark.parametrize(
        "content",
        [
            "i sat by the window and the sun came out .",
            "c'mon , we wed in june .",
            "we are open mon - fri , 9 till 5 .",
            "she sat down with her wed dress .",
            "fish and chips and sun cream .",
            "we sat down at last .",
        ],
    )
    def test_the_same_letters_as_words_name_no_day(self, content):
        assert of_type(found(content), "date") == []


class TestDayOfTheMonth:
    @pytest.mark.parametrize(
        "content,day",
        [
            ("a table on the 9th of august , please .", ("the 9th of august", "2026-08-09")),
            ("trains to ashcombe please . may 21st , after 9 am .", ("may 21st", "2026-05-21")),
            ("we fly home on the 2nd of may .", ("the 2nd of may", "2026-05-02")),
            ("the 14th we leave for ashcombe .", ("the 14th", "2026-07-14")),
        ],
    )
    def test_a_day_of_the_month_as_said(self, content, day):
        assert of_type(found(content), "date") == [day]

    @pytest.mark.parametrize(
        "content",
        [
            "you may 3 times try it .",
            "the 3rd floor is closed .",
            "it may be full , you may 17th century maps see .",
        ],
    )
    def test_may_as_a_verb_and_an_ordinal_as_a_floor_name_no_date(self, content):
        assert of_type(found(content), "date") == []


class TestClocksWithNoWordForThem:
    def test_the_answer_to_another_time_and_the_time_said_back(self):
        facts = facts_of(
            "a table at 20:00 please .",
            "i am sorry , 20:00 is full . is there another time ?",
            "actually make it 2115 then .",
            "done , a table for 2115 , reference 4kpq7twz .",
        )
        assert [(seq, value, n) for seq, t, value, n in facts if t == "time"] == [
            (1, "20:00", "20:00"),
            (2, "20:00", "20:00"),
            (3, "2115", "21:15"),
            (4, "2115", "21:15"),
        ]

    @pytest.mark.parametrize(
        "asked,answer,clock",
        [
            ("what day and time would you like ?", "2030 on friday .", ("2030", "20:30")),
            ("another time perhaps ?", "2005 works .", ("2005", "20:05")),
            ("sorry , that is gone . a later time ?", "try 2040 , same day .", ("2040", "20:40")),
        ],
    )
    def test_four_digits_of_a_years_shape_answer_a_time_question(self, asked, answer, clock):
        facts = facts_of("a table on friday please .", asked, answer)
        assert [(v, n) for seq, t, v, n in facts if t == "time" and seq == 3] == [clock]

    @pytest.mark.parametrize(
        "content,clock",
        [
            ("sunday , 0745 , for two please .", ("0745", "07:45")),
            ("the 19.05 show still has seats .", ("19.05", "19:05")),
            ("we will take the 1740 train .", ("1740", "17:40")),
            ("open 10 o'clock to 1630 daily .", ("10 o'clock to 1630", "10:00-16:30")),
        ],
    )
    def test_a_clock_with_a_leading_zero_before_an_event_or_ending_a_window(self, content, clock):
        assert of_type(found(content, role="assistant"), "time") == [clock]

    @pytest.mark.parametrize(
        "content,clocks",
        [
            (
                "your seat is booked ; departure 0955 , arrival 11.05 .",
                [("0955", "09:55"), ("11.05", "11:05")],
            ),
            ("the 1545 from ashcombe is running late .", [("1545", "15:45")]),
            ("you could take the 19.05 to wexley instead .", [("19.05", "19:05")]),
            ("a table at half six , please .", [("half six", "18:30")]),
            ("we will get there by half 7 in the evening .", [("half 7 in the evening", "19:30")]),
        ],
    )
    def test_a_clock_after_departure_or_arrival_naming_a_train_or_said_as_half_six(self, content, clocks):
        assert of_type(found(content, role="assistant"), "time") == clocks

    @pytest.mark.parametrize(
        "content",
        [
            "the 2010 to 2015 period was hard .",
            "it is half price at half time .",
            "a table for half 6 people .",
            "half six is fine .",
            "by half term we were done .",
            "i work 9 to 5 on weekdays .",
            "we need 2 to 3 rooms .",
        ],
    )
    def test_years_and_halves_that_name_no_clock(self, content):
        assert of_type(found(content), "time") == []

    @pytest.mark.parametrize(
        "content",
        [
            "the card ending 0745 is fine .",
            "room 0912 , please .",
            "the 2003 show was the best one .",
            "it was built in 1710 .",
        ],
    )
    def test_digits_of_a_card_a_room_or_a_year_are_no_clock(self, content):
        assert of_type(found(content), "time") == []

    def test_a_year_in_the_answer_to_a_time_question_is_none(self):
        facts = facts_of("what time suits you ?", "i moved here in 1990 .")
        assert [f for f in facts if f[1] == "time"] == []

    def test_a_clock_said_back_long_after_is_not_taken_again(self):
        facts = facts_of("make it 2115 then .", "ok .", "fine .", "ok .", "fine .", "ok .", "the 2115 .")
        assert [seq for seq, t, v, n in facts if t == "time"] == [1]


class TestReferencesWithNoWordBetween:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("i need to change reservation kw7tbnzq , please .", "kw7tbnzq"),
            ("done . your reference stays p4xqrmtd .", "p4xqrmtd"),
            ("The tracking number is 1ZQXRT7KV.", "1ZQXRT7KV"),
            ("Your work order is WO-TRQZ7M.", "WO-TRQZ7M"),
            ("Two tickets booked, reference KXPLMQ.", "KXPLMQ"),
            ("all set , booking confirmation qvtzbnkr .", "qvtzbnkr"),
            ("all set , confirmation xvtzbnkr .", "xvtzbnkr"),
        ],
    )
    def test_a_code_straight_after_a_booking_word(self, content, code):
        assert of_type(found(content, role="assistant"), "identifier") == [(code, code.upper())]

    @pytest.mark.parametrize(
        "content",
        [
            "your order is ready .",
            "the booking 4people is full .",
            "reservation confirmed .",
            "Please check the reference SECTION of the guide.",
            "see the reference material .",
            "confirmation complete .",
            "we changed the confirmation strength .",
        ],
    )
    def test_words_after_a_booking_word_are_no_reference(self, content):
        assert of_type(found(content, role="assistant"), "identifier") == []


@pytest.mark.parametrize(
    "content",
    [
        "what time does the train leave ?",
        "what day would suit you ?",
        "what is the reference ?",
        "can you tell me the tracking number ?",
    ],
)
def test_a_turn_that_only_asks_for_a_value_states_none(content):
    assert [f for f in found(content) if f[0] in ("date", "time", "identifier")] == []


class TestPoundsAndPence:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("the entrance fee is 12 pounds 50 .", ("12 pounds 50", "12.50 GBP")),
            ("that comes to 7 pounds 5 in total .", ("7 pounds 5", "7.05 GBP")),
            ("it is 3 dollars 20 cents each .", ("3 dollars 20 cents", "3.20 USD")),
        ],
    )
    def test_pounds_and_pence_said_apart_are_one_amount(self, content, amount):
        assert of_type(found(content, role="assistant"), "amount") == [amount]

    @pytest.mark.parametrize(
        "content,amount",
        [
            ("we paid 2 pounds 3 times .", ("2 pounds", "2.00 GBP")),
            ("it costs 10 pounds 20 minutes from here .", ("10 pounds", "10.00 GBP")),
        ],
    )
    def test_a_count_after_the_pounds_is_no_pence(self, content, amount):
        assert of_type(found(content), "amount") == [amount]


class TestTheAnswerToWhereIsIt:
    @pytest.mark.parametrize(
        "asked,answer,place",
        [
            ("where is it ?", "it is on the backs .", "the backs"),
            ("what is the address ?", "millholme , near the river .", "millholme"),
            ("where exactly is it ?", "the old granary , tanner row .", "the old granary , tanner row"),
            ("where is the museum ?", "at the wend , eastfield .", "the wend , eastfield"),
        ],
    )
    def test_a_place_said_as_the_whole_answer(self, asked, answer, place):
        facts = facts_of("a room at the crane please .", asked, answer)
        assert [v for seq, t, v, n in facts if t == "address" and seq == 3] == [place]

    @pytest.mark.parametrize(
        "answer",
        [
            "sorry , i do n't know .",
            "it 's closed at the moment .",
            "booking confirmed .",
            "yup .",
            "it 's a lovely place .",
            "just off the main drag .",
        ],
    )
    def test_an_answer_that_names_no_place_is_none(self, answer):
        facts = facts_of("a room at the crane please .", "where is it ?", answer)
        assert [f for f in facts if f[1] == "address" and f[0] == 3] == []

    def test_a_place_said_with_no_question_for_it_is_not_read_so(self):
        facts = facts_of("a room at the crane please .", "it is on the backs .")
        assert [f for f in facts if f[1] == "address"] == []
