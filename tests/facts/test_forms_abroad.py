"""Values said to an assistant about flights and stays abroad, a flat to rent or buy, a loan, tradespeople and
a child's school, in the forms the rules used to miss: addresses with a Canadian province and postcode, an
Irish district (also "Dublin 6W") and Eircode, a German city "am Main" or a street joined by hyphens, a suite
office with no street word, a street in capitals after a bare "on"; Australian six-digit numbers ("13 10 08");
codes after the scheme that issues them ("BSB 082-401", "CRN 207 514 338K", "IFSC PQRB0007721", "Student ID
NTH-ENR-58213"), with slashes, in three parts, or of capitals and five digits or more said alone; a flight
said with a space in talk of airlines; an amount of the turns before said again ("The 145 one."), a limit or
an offer ("Offer 230.", "under 1,500 a month?", "Meet them at 205.5?"), a sum to get back ("the 48.60 back"),
a loan at a rate ("140k at 4.2 percent"), "4.1k Australian all in", "nearly a grand", "24,50" beside euros;
"half nine to half eleven", "drop-off is half eight", "half seven ideally", "half four" after a clock of the
afternoon, "Make it 6, I ...", "Could I keep the van until 5?" after a clock, "Shall I remind you ... at 4?",
"7.45 Thursday" after "7:45"; "last night", "today" where a visit or a job is done, weekdays in the plural of
a payment or a pickup, "July 9 and 10", "13th to the 20th", "the 20th of each month". One case per form,
written for these tests (the chat's turns are dated Monday 6 July 2026), with sentences that look like them
and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestAddressesAbroad:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("The lodge is 55 Larch Road, Canmore, AB T1W 2K8.", "55 Larch Road, Canmore, AB T1W 2K8"),
            ("We're at 8 Fernhill Row, Dublin 8, D08 W2N5.", "8 Fernhill Row, Dublin 8, D08 W2N5"),
            ("Send it to 19 Cypress Grove, Dublin 6W.", "19 Cypress Grove, Dublin 6W"),
            ("It's 31 Quarry Park, Oranmore, Galway H91 K2T6.", "31 Quarry Park, Oranmore, Galway H91 K2T6"),
            ("Lindenweg 4, 60311 Frankfurt am Main is the office.", "Lindenweg 4, 60311 Frankfurt am Main"),
            ("Meet me at Konrad-Lorenz-Ring 7, 60528 Frankfurt.", "Konrad-Lorenz-Ring 7, 60528 Frankfurt"),
            ("Her office is 410 Harbor Mall, Suite 220.", "410 Harbor Mall, Suite 220"),
        ],
    )
    def test_an_address_is_read_whole_with_its_region_postcode_or_suite(self, content, address):
        assert [v for v, _ in of_type(said_by_assistant(content), "address")] == [address]

    @pytest.mark.parametrize(
        "content",
        ["The team of 12 Rangers, Suite 4 of the hotel.", "I booked 2 Deluxe Rooms, Suite 5 was full."],
    )
    def test_a_count_before_a_suite_is_no_address(self, content):
        assert of_type(said_by_assistant(content), "address") == []

    @pytest.mark.parametrize(
        "content,street",
        [
            ("A two-bed on Harlow Road for £1,050 pcm.", "Harlow Road"),
            ("We're on Carver Street now.", "Carver Street"),
        ],
    )
    def test_a_street_in_capitals_after_a_bare_on(self, content, street):
        assert [v for v, _ in of_type(said_by_user(content), "address")] == [street]

    @pytest.mark.parametrize(
        "content", ["Anything on Carver Street?", "We met on Capitol Hill.", "I went on Tuesday Road trip."]
    )
    def test_a_question_or_a_place_after_on_is_no_street(self, content):
        assert of_type(said_by_user(content), "address") == []

    def test_the_last_digits_of_a_phone_are_no_house_number(self):
        facts = said_by_user("Her mobile is 0412 555 909, Maple Park.")

        assert of_type(facts, "address") == []
        assert of_type(facts, "phone") == [("0412 555 909", "0412555909")]


class TestAustralianShortNumbers:
    @pytest.mark.parametrize(
        "content,number",
        [
            ("Ring the cab line on 13 10 08.", "131008"),
            ("Their claims line is 13 46 12, open all day.", "134612"),
        ],
    )
    def test_three_pairs_after_13_in_talk_of_phoning(self, content, number):
        assert [n for _, n in of_type(said_by_assistant(content), "phone")] == [number]

    @pytest.mark.parametrize(
        "content", ["The scores were 13 22 47 in the three rounds.", "Rows 13 14 15 are free."]
    )
    def test_numbers_in_a_row_are_no_phone(self, content):
        assert of_type(said_by_assistant(content), "phone") == []


class TestCodesOfSchemesAndReferences:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("Transfer it to BSB 082-401, account 55193827.", "082-401"),
            ("Her CRN is 207 514 338K.", "207514338K"),
            ("Invoice from Dalby Roofing, ABN 33 102 417 032.", "33102417032"),
            ("The branch code is IFSC PQRB0007721.", "PQRB0007721"),
            ("Your Student ID NTH-ENR-58213 is on the card.", "NTH-ENR-58213"),
            ("Your file reference is TR/0417/BX.", "TR/0417/BX"),
            ("The matter number is WL/CONV/3390.", "WL/CONV/3390"),
            ("Pay it with reference KTL-RM4-DEP.", "KTL-RM4-DEP"),
            ("The airline gave me LHRBA58213 for the bag.", "LHRBA58213"),
            ("Your e-ticket number is 176 4409128835.", "1764409128835"),
        ],
    )
    def test_a_code_after_its_scheme_or_in_a_code_s_shape(self, content, code):
        assert [n for _, n in of_type(said_by_assistant(content), "identifier") if n != "55193827"] == [code]

    def test_a_flight_with_a_space_where_airlines_are_spoken_of(self):
        facts = said_by_assistant("You're on Coral Airways QF 412, landing in Perth at 6:40 pm.")

        assert of_type(facts, "identifier") == [("QF 412", "QF412")]

    @pytest.mark.parametrize(
        "content",
        [
            "The ID is 6 digits long.",
            "We have ISO90012 and RTX40901 parts.",
            "Room 14, row 3 of the hall.",
            "The CRN is on the letter.",
        ],
    )
    def test_words_of_a_scheme_with_no_code_state_none(self, content):
        assert of_type(said_by_assistant(content), "identifier") == []


class TestAmountsSaidAgainOrAsALimit:
    def test_an_amount_of_the_turn_before_said_again(self):
        facts = facts_of(
            "What's the deluxe room?", "The deluxe room is €145 a night.", "The 145 one, please."
        )

        assert in_turn(facts, 3, "amount") == [("145", "145.00 EUR")]  # the sum said before, in its currency

    def test_paying_the_amount_just_quoted(self):
        facts = facts_of("What do they want up front?", "They ask for $420 now.", "ok pay the 420")

        assert in_turn(facts, 3, "amount") == [("420", "420.00 USD")]

    @pytest.mark.parametrize(
        "reply,amount",
        [("Offer 230.", "230"), ("We can go up to 235.", "235"), ("My budget caps it at 250.", "250")],
    )
    def test_an_offer_or_a_limit_after_money_was_said(self, reply, amount):
        facts = facts_of("What's the asking price?", "The asking price is £240,000.", reply)

        assert [v for v, _ in in_turn(facts, 3, "amount")] == [amount]

    def test_a_limit_in_a_question_states_it(self):
        facts = facts_of("Anything in Leith under 1,500 a month?")

        assert in_turn(facts, 1, "amount") == [("1,500", "1500.00")]

    @pytest.mark.parametrize(
        "turns,amount",
        [
            (
                ("The refund comes to €48.60 in total.", "I still want the 48.60 back."),
                ("48.60", "48.60 EUR"),
            ),
            (("The seller came back at £210,000.", "Meet them at 205.5?"), ("205.5", "205.50")),
            (("The flat is £980 a month.", "They'd lend me 140k at 4.2 percent."), ("140k", "140000.00")),
        ],
    )
    def test_a_sum_to_get_back_an_offer_in_thousands_and_a_loan_at_a_rate(self, turns, amount):
        assert in_turn(facts_of(*turns), 2, "amount") == [amount]

    def test_a_weekly_sum_proposed_in_a_question(self):
        facts = facts_of("The day rate is $52.", "Three days, so what, 156 a week?")

        assert in_turn(facts, 2, "amount") == [("156", "156.00")]

    @pytest.mark.parametrize(
        "reply",
        [
            "Kids under 12 go free.",
            "We have up to 175 guests.",
            "How many are under 18?",
            "What is the price of the 145 one?",
            "Meet at 10.",
        ],
    )
    def test_ages_counts_clocks_and_questions_state_no_amount(self, reply):
        facts = facts_of("What's the asking price?", "The asking price is £240,000.", reply)

        assert in_turn(facts, 3, "amount") == []

    @pytest.mark.parametrize(
        "second,value,normalised",
        [
            ("Roughly 4.1k Australian all in.", "4.1k", "4100.00"),
            ("It came to nearly a grand for the week.", "a grand", "1000.00"),
            ("The scarf was 24,50 and the socks nine euros.", "24,50", "24.50 EUR"),
        ],
    )
    def test_a_scale_a_word_or_a_decimal_comma_where_money_is_spoken_of(self, second, value, normalised):
        facts = facts_of("The hotel was €320 and the flights $1,150.", second)

        assert (value, normalised) in in_turn(facts, 2, "amount")

    @pytest.mark.parametrize(
        "content", ["We sold 1,20 units.", "We had a grand time.", "It scored 3,45 in the test."]
    )
    def test_look_alikes_of_scales_and_decimal_commas(self, content):
        assert of_type(said_by_user(content), "amount") == []


class TestClocksInWordsAndBareHours:
    @pytest.mark.parametrize(
        "content,value,clock",
        [
            (
                "Tuesdays, half nine to half eleven in the morning.",
                "half nine to half eleven in the morning",
                "09:30-11:30",
            ),
            ("Drop-off is half eight at the gate.", "half eight", "08:30"),
            ("A table for four near the hotel, half seven ideally.", "half seven", "19:30"),
        ],
    )
    def test_half_an_hour_in_words_where_the_words_around_make_it_a_clock(self, content, value, clock):
        assert of_type(said_by_user(content), "time") == [(value, clock)]

    def test_a_clock_in_words_takes_the_half_of_the_day_of_the_clock_before(self):
        facts = facts_of("Your call with Mina is at 3 pm.", "Push it to half four.")

        assert in_turn(facts, 2, "time") == [("half four", "16:30")]

    @pytest.mark.parametrize(
        "turns,clock",
        [
            (("Your alarm is set for 7 am.", "Make it 6, I land late."), ("6", "06:00")),
            (("The van is due back at 4:00 pm.", "Could I keep the van until 5?"), ("5", "17:00")),
            (("Can you do Thursday at 7:45?", "7.45 Thursday, by video."), ("7.45", "07:45")),
            (("Which train?", "Book me on the airport express, something around 6."), ("6", "18:00")),
        ],
    )
    def test_a_bare_or_dotted_hour_after_a_clock_or_where_a_ride_is_booked(self, turns, clock):
        assert in_turn(facts_of(*turns), 2, "time") == [clock]

    def test_an_offer_of_the_assistant_names_its_hour(self):
        facts = said_by_assistant("Shall I remind you to call them on Friday at 4?")

        assert of_type(facts, "time") == [("4", "16:00")]

    def test_a_clock_before_a_colon_that_opens_a_list(self):
        facts = said_by_assistant("From Monday at 9:00 to Wednesday at 10:00: €58 a day.")

        assert [v for v, _ in of_type(facts, "time")] == ["9:00", "10:00"]

    @pytest.mark.parametrize(
        "content",
        ["half six is fine .", "It is half price at half time.", "Can you pick me up at 6?", "Is it at 5?"],
    )
    def test_halves_and_questions_with_no_clock_before_name_none(self, content):
        assert of_type(said_by_user(content), "time") == []


class TestDaysSaidInPassing:
    def test_last_night_is_a_day_and_the_hour_said_with_it_a_clock(self):
        facts = said_by_user("Landed at 11 last night.")

        assert of_type(facts, "date") == [("last night", "2026-07-05")]
        assert [v for v, _ in of_type(facts, "time")] == ["11"]

    @pytest.mark.parametrize(
        "content",
        [
            "Can you find an electrician who can come today?",
            "The painter did it all today.",
            "Today's the day!",
        ],
    )
    def test_today_where_a_visit_or_a_job_is_done(self, content):
        assert of_type(said_by_user(content), "date") == [
            (content[content.lower().index("today") :][:5], "2026-07-06")
        ]

    @pytest.mark.parametrize(
        "content,day",
        [
            ("The rent goes out weekly on Fridays.", "Fridays"),
            ("Pickup is at 3 on Wednesdays, they close at 6.", "Wednesdays"),
        ],
    )
    def test_a_weekday_in_the_plural_of_a_payment_or_a_pickup(self, content, day):
        assert [v for v, _ in of_type(said_by_user(content), "date")] == [day]

    @pytest.mark.parametrize(
        "content", ["We are open on Sundays.", "I usually run on Tuesdays.", "The weather is grim today."]
    )
    def test_a_place_s_hours_a_habit_and_small_talk_name_no_day(self, content):
        assert of_type(said_by_user(content), "date") == []

    @pytest.mark.parametrize(
        "content,dates",
        [
            ("Booked for July 9 and 10.", [("July 9", "2026-07-09"), ("10", "2026-07-10")]),
            (
                "For the week after, 13th to the 20th, please.",
                [("13th", "2026-07-13"), ("the 20th", "2026-07-20")],
            ),
            ("Then on the 20th of each month.", [("the 20th", "2026-07-20")]),
        ],
    )
    def test_the_days_of_a_pair_a_range_or_a_month(self, content, dates):
        assert of_type(said_by_user(content), "date") == dates

    def test_a_count_after_a_date_is_no_second_day(self):
        assert of_type(said_by_user("Booked for July 9 and 10 people."), "date") == [("July 9", "2026-07-09")]
