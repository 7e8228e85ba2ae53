"""Values said in household errands, support calls and trips abroad, in the forms the rules used to
miss: amounts with a scale ("$3.4k", "four grand"), in pence or cents, with a decimal comma or in yen;
a weekday that comes round every week ("on Wednesdays"); a day counted from a date said nearby ("the
day before"); an all-numeric date read month first or day first by the conversation's other cues;
French clocks ("20h15"); bare hours where the sentence says when ("can come Wednesday at 3"); codes
said with spaces or as the whole answer to "what is your account number ?"; French and Japanese
addresses, a unit before a street, and a place said alone where a place is talked of. One case per
form, written for these tests (the chat's turns are dated Monday 6 July 2026), with sentences that
look like them and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestAmountsWithAScale:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("The roof repair came to $3.4k in the end.", ("$3.4k", "3400.00 USD")),
            ("The landlord wants a £7.5k deposit.", ("£7.5k", "7500.00 GBP")),
            ("Their flat went for 2.3 million last spring.", ("2.3 million", "2300000.00")),
            ("the quote for the new boiler is 4.2k .", ("4.2k", "4200.00")),
            ("I lent him four grand for the van.", ("four grand", "4000.00")),
            ("The savings account holds 18 thousand dollars.", ("18 thousand dollars", "18000.00 USD")),
        ],
    )
    def test_a_scale_after_a_number_is_read_into_the_amount(self, content, amount):
        assert of_type(said_by_user(content), "amount") == [amount]

    @pytest.mark.parametrize(
        "content",
        [
            "I ran a 10k on Sunday.",
            "She walks 8k steps before breakfast.",
            "About 3 million people live in the region.",
            "They bought a grand piano for the hall.",
            "The new screen has 4k resolution.",
            "How much is the 2k plan?",
        ],
    )
    def test_a_scale_with_no_money_spoken_of_is_no_amount(self, content):
        assert of_type(said_by_user(content), "amount") == []


class TestAmountsInOtherUnits:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("Calls cost 40p a minute after that.", ("40p", "0.4 GBP")),
            ("The charge is 99 cents per message.", ("99 cents", "0.99 USD")),
            ("A coffee there is 4,50 € at the counter.", ("4,50 €", "4.50 EUR")),
            ("The locker is CHF 6,20 for the day.", ("CHF 6,20", "6.20 CHF")),
            ("The bento box was ¥1,800.", ("¥1,800", "1800.00 JPY")),
            ("flour is 9.80 a bag and sugar 3.15 a kilo .", ("9.80", "9.80")),
        ],
    )
    def test_pence_cents_decimal_commas_yen_and_a_price_per_unit(self, content, amount):
        assert of_type(said_by_assistant(content), "amount")[0] == amount

    def test_a_price_said_after_seats_are(self):
        assert of_type(said_by_assistant("the stalls seats are 31.50 ."), "amount") == [("31.50", "31.50")]

    def test_a_price_said_after_otherwise_goes_with_the_one_before_it(self):
        facts = said_by_assistant("delivery is free over 60 gbp , otherwise 5.50 .")

        assert of_type(facts, "amount") == [("60 gbp", "60.00 GBP"), ("5.50", "5.50")]

    @pytest.mark.parametrize(
        "content",
        ["Grab a snack at 5p if you can.", "The ratio is 4,50 to one.", "Page 12 has 1,500 words."],
    )
    def test_look_alikes_of_sub_units_and_decimal_commas_are_none(self, content):
        assert of_type(said_by_user(content), "amount") == []


class TestWeekdaysThatComeRound:
    @pytest.mark.parametrize(
        "content,days",
        [
            ("Choir practice is on Wednesdays at 6pm.", ["Wednesdays"]),
            ("the bin lorry comes mondays and thursdays .", ["mondays", "thursdays"]),
        ],
    )
    def test_a_weekday_in_the_plural_is_a_day_every_week(self, content, days):
        assert of_type(said_by_user(content), "date") == [(day, "") for day in days]

    @pytest.mark.parametrize(
        "content",
        [
            "Are you open on Sundays?",
            "The shop is closed on Mondays.",
            "Tuesdays are usually quiet here.",
            "We met at TGI Fridays.",
        ],
    )
    def test_a_question_opening_hours_and_a_habit_name_no_day(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestDaysCountedFromADateNearby:
    def test_the_day_before_counts_from_the_date_said_in_the_turn_before(self):
        facts = facts_of("The hearing is on 14 September.", "Then I will travel up the day before.")

        assert in_turn(facts, 2, "date") == [("the day before", "2026-09-13")]

    def test_the_next_morning_counts_from_a_date_in_the_same_turn(self):
        facts = facts_of("We land on 22/08/2026 late, and the car comes the next morning.")

        assert in_turn(facts, 1, "date") == [("22/08/2026", "2026-08-22"), ("the next morning", "2026-08-23")]

    def test_a_date_said_straight_after_it_says_which_day_and_a_counted_day_is_no_anchor(self):
        facts = facts_of(
            "The fee is due on 30 November.",
            "I'll pay it the day before, 29 November.",
            "And the day after, call them.",
        )

        assert in_turn(facts, 2, "date") == [("the day before", "2026-11-29"), ("29 November", "2026-11-29")]
        assert in_turn(facts, 3, "date") == [("the day after", "2026-11-30")]

    @pytest.mark.parametrize(
        "turns",
        [
            ("I will go the day before.",),
            ("The hearing is on 14 September.", "What about the day before?"),
            ("The hearing is on 14 September.", "I will rest the day before the hearing."),
            ("The hearing is on 14 September.", "I saw her the day before yesterday."),
        ],
    )
    def test_no_date_nearby_a_question_or_another_anchor_gives_none(self, turns):
        facts = facts_of(*turns)

        assert [f for f in facts if f[0] == len(turns) and f[2].startswith("the day")] == []


class TestNumericDatesByTheConversationsCues:
    def test_american_phone_numbers_and_dollars_read_it_month_first(self):
        facts = facts_of(
            "Call the office on (312) 555-0143, it's $40 a visit.", "The lease starts 04/07/2026."
        )

        assert in_turn(facts, 2, "date") == [("04/07/2026", "2026-04-07")]

    def test_british_phones_and_pounds_read_it_day_first(self):
        facts = facts_of("ring 020 7946 0321 , it is 40 pounds .", "the lease starts 04/07/2026 .")

        assert in_turn(facts, 2, "date") == [("04/07/2026", "2026-07-04")]

    def test_a_date_that_can_only_be_day_first_outweighs_dollars(self):
        facts = facts_of("The bond is $900, paid 23/06/2026.", "The next one is due 04/07/2026.")

        assert in_turn(facts, 2, "date") == [("04/07/2026", "2026-07-04")]

    def test_a_date_that_can_only_be_month_first_is_read_so_with_no_other_cue(self):
        facts = facts_of("The bill is due 11/20/2026.")

        assert in_turn(facts, 1, "date") == [("11/20/2026", "2026-11-20")]

    def test_with_no_cue_it_stays_day_first(self):
        assert of_type(said_by_user("The lease starts 04/07/2026."), "date") == [("04/07/2026", "2026-07-04")]

    @pytest.mark.parametrize(
        "content,normalised",
        [
            ("Friday 17/07 works.", "2026-07-17"),
            ("Thu 9/7 is free.", "2026-07-09"),
            ("Mon 9/7 is free.", "2026-09-07"),
        ],
    )
    def test_a_weekday_with_a_day_and_month_and_no_year_picks_the_reading_that_fits_it(
        self, content, normalised
    ):
        [(_, found)] = of_type(said_by_user(content), "date")

        assert found == normalised

    def test_a_two_digit_year_far_from_the_turn_is_no_date(self):
        assert of_type(said_by_user("I am reading 11/22/63 again."), "date") == []


class TestTheFirstDayOfARange:
    @pytest.mark.parametrize(
        "content,first",
        [
            ("I need the van from the 14th to 18th of August.", ("the 14th", "2026-08-14")),
            ("We are away 12th - 15th September.", ("12th", "2026-09-12")),
        ],
    )
    def test_the_first_day_takes_the_month_said_after_the_second(self, content, first):
        assert of_type(said_by_user(content), "date")[0] == first

    def test_a_first_day_that_names_its_month_keeps_it(self):
        facts = said_by_user("I need it from August 3rd till 7th of August.")

        assert of_type(facts, "date")[0] == ("August 3rd", "2026-08-03")


class TestFrenchClocks:
    @pytest.mark.parametrize(
        "content,times",
        [
            ("Dinner is booked at 20h15.", [("20h15", "20:15")]),
            ("The market runs from 10h to 17h.", [("10h to 17h", "10:00-17:00")]),
            ("Check out by 11 Uhr, please.", [("11 Uhr", "11:00")]),
        ],
    )
    def test_an_hour_with_h_or_uhr_is_a_clock(self, content, times):
        assert of_type(said_by_assistant(content), "time") == times

    @pytest.mark.parametrize(
        "content", ["The drive takes 3h15 without traffic.", "It is a 2h walk.", "They offer a 24h service."]
    )
    def test_a_duration_in_hours_is_no_clock(self, content):
        assert of_type(said_by_assistant(content), "time") == []


class TestBareHours:
    @pytest.mark.parametrize(
        "content,time",
        [
            ("The fitter can come Wednesday at 3.", ("3", "15:00")),
            ("I'll drop by tomorrow around nine.", ("nine", "09:00")),
            ("They can deliver Friday between 9 and noon.", ("between 9 and noon", "09:00-12:00")),
            ("The engineer is free Thursday from 2 to 4 pm.", ("2 to 4 pm", "14:00-16:00")),
        ],
    )
    def test_a_bare_hour_where_the_sentence_says_when(self, content, time):
        assert of_type(said_by_assistant(content), "time") == [time]

    @pytest.mark.parametrize(
        "content",
        [
            "Is it at 4 on Friday?",
            "We usually close at 6 on Fridays.",
            "A table for 4 at Luigi's, please.",
            "Rates rose at 3 per cent on Monday.",
            "He scored at 7 and again at 9.",
        ],
    )
    def test_a_question_a_habit_or_a_count_gives_no_time(self, content):
        assert of_type(said_by_user(content), "time") == []


class TestCodes:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("Your claim number is CLM 220 4417.", ("CLM 220 4417", "CLM2204417")),
            ("Done. Transaction ID QP44820193.", ("QP44820193", "QP44820193")),
            ("the job number is wk-5521 .", ("wk-5521", "WK-5521")),
            ("your collection code is p7xq2m .", ("p7xq2m", "P7XQ2M")),
            ("Your prescription number is RX 66120.", ("RX 66120", "RX66120")),
            ("Ticket number 3310 4421 0087, coach B.", ("3310 4421 0087", "331044210087")),
        ],
    )
    def test_a_code_after_the_word_for_it_with_or_without_spaces(self, content, code):
        assert of_type(said_by_assistant(content), "identifier") == [code]

    @pytest.mark.parametrize(
        "question,answer,code",
        [
            ("What's your membership number?", "it's MB-4471.", ("MB-4471", "MB-4471")),
            ("Booking reference?", "QRT88301.", ("QRT88301", "QRT88301")),
            ("can i take your account number please ?", "KD 4410 2291 .", ("KD 4410 2291", "KD44102291")),
        ],
    )
    def test_a_code_said_alone_as_the_answer_to_a_question_for_it(self, question, answer, code):
        facts = facts_of(question, answer)

        assert in_turn(facts, 2, "identifier") == [code]

    @pytest.mark.parametrize(
        "content,amount",
        [
            ("the job is 2500 dollars all in .", ("2500 dollars", "2500.00 USD")),
            ("The transaction was 4500 pounds.", ("4500 pounds", "4500.00 GBP")),
        ],
    )
    def test_the_new_words_name_a_code_only_with_number_code_or_id_after_them(self, content, amount):
        facts = said_by_assistant(content)

        assert of_type(facts, "identifier") == []
        assert of_type(facts, "amount") == [amount]

    def test_a_flight_said_with_a_space_in_a_turn_about_a_flight(self):
        facts = facts_of("Which flight are you on?", "QF 612 to Perth, then QF 1907.")

        assert in_turn(facts, 2, "identifier") == [("QF 612", "QF612"), ("QF 1907", "QF1907")]

    @pytest.mark.parametrize(
        "turns",
        [
            ("What is your order number?",),
            ("What's your membership number?", "I don't have it with me."),
            ("Which flight are you on?", "The 9 AM 15 minutes late."),
            ("The job is done and collection is from 8.",),
            ("I'll sort 1234 items by size.",),
        ],
    )
    def test_questions_and_look_alikes_give_no_code(self, turns):
        assert [f for f in facts_of(*turns) if f[1] == "identifier"] == []


class TestAddressesAbroad:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("The flat is at 22 rue Cler, 75007 Paris.", "22 rue Cler, 75007 Paris"),
            ("Our ryokan is at 1-4-3 Asakusa, Taito-ku.", "1-4-3 Asakusa, Taito-ku"),
            ("the van goes to unit 9 , brook mill yard .", "unit 9 , brook mill yard"),
            ("I have the billing address as 4 Elm Close.", "4 Elm Close"),
        ],
    )
    def test_french_and_japanese_forms_a_unit_before_a_street_and_an_address_given_as(self, content, address):
        assert [value for value, _ in of_type(said_by_assistant(content), "address")] == [address]

    @pytest.mark.parametrize(
        "content,address",
        [
            ("send it to my flat , flat 2 , 41 reed lane .", "flat 2 , 41 reed lane"),
            ("the depot is at unit 7 , alder business park .", "unit 7 , alder business park"),
            ("the bakery is on corn street , cheap and quick .", "corn street"),
            ("the address is 9 kiln street , central leeds .", "9 kiln street , central leeds"),
        ],
    )
    def test_a_unit_before_a_street_or_park_and_where_a_word_of_price_ends_it(self, content, address):
        assert [value for value, _ in of_type(said_by_assistant(content), "address")] == [address]

    def test_a_score_is_no_japanese_address(self):
        assert of_type(said_by_user("It finished 3-1-0 Rovers."), "address") == []

    def test_a_place_said_alone_where_a_place_is_talked_of(self):
        facts = facts_of(
            "is there a gallery near the river ?", "the corn gallery is free to enter . it is at fenwick ."
        )

        assert in_turn(facts, 2, "address") == [("fenwick", "fenwick")]

    @pytest.mark.parametrize(
        "turns",
        [
            ("is the museum busy today ?", "yes , it is at capacity ."),
            ("can i speak to the manager of the shop ?", "sorry , she is at lunch ."),
            ("i would like to eat now .", "it is at fenwick ."),
        ],
    )
    def test_a_state_or_no_place_talked_of_gives_no_address(self, turns):
        assert [f for f in facts_of(*turns) if f[1] == "address"] == []
