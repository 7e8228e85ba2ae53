"""Values said to planners, vendors, landlords and tradespeople, in the forms the rules used to miss:
amounts with no currency where the sentence speaks of money ("the labour a hundred and twenty",
"a second shooter adds 450", "Then 1,750 it is." after "€1,750"), "three and a half grand", "2 and a half
thousand pounds", dollars
named by their country ("C$640"); a day of the month in words ("on the tenth"); a window of two bare
hours ("between 10 and 1"); a clock in words answering a question that names an hour; an hour chosen
from the clocks just offered ("Six is better."); a German half hour ("halb sieben"); codes with a
slash or after "registration number"; an Irish Eircode and a Dublin phone number. One case per
form, written for these tests (the chat's turns are dated Monday 6 July 2026), with sentences that
look like them and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestAmountsWithNoCurrency:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("The hinge is €30 and the fitting another sixty-five.", ("sixty-five", "65.00")),
            ("Hire of the marquee is $2,100 and the lighting adds 380.", ("380", "380.00")),
            ("She paid nine hundred yesterday.", ("nine hundred", "900.00")),
            ("Three-beds on our street go for 2,300 these days.", ("2,300", "2300.00")),
            ("The cake is £240, and the stand is forty.", ("forty", "40.00")),
        ],
    )
    def test_a_number_in_a_sentence_about_money_is_an_amount(self, content, amount):
        assert amount in of_type(said_by_assistant(content), "amount")

    @pytest.mark.parametrize(
        "content",
        [
            "We paid for 30 people in the end.",
            "The drive is forty minutes from the venue.",
            "Rent is due by May 20, as always.",
            "The invoice 4471 is for the chairs at $300.",
            "The band plays from eight till midnight.",
            "Is the lighting another 380?",
            "She paid in 2024 for the hall.",
            "The hall is $2,100 and the room holds 120.",
        ],
    )
    def test_counts_dates_codes_clocks_and_questions_are_no_amount(self, content):
        found = of_type(said_by_assistant(content), "amount")
        assert all(value.startswith(("$", "£", "€")) for value, _ in found), found

    def test_a_number_said_again_after_its_amount_is_that_amount(self):
        facts = facts_of(
            "List the cottage at €1,050 a month.",
            "Similar cottages nearby let for about the same.",
            "Then 1,050 it is.",
        )
        assert in_turn(facts, 3, "amount") == [("1,050", "1050.00 EUR")]

    def test_a_number_said_again_that_was_no_amount_stays_none(self):
        facts = facts_of("The hall seats 1,200.", "Is that enough for the party?", "Then 1,200 it is.")
        assert in_turn(facts, 3, "amount") == []

    def test_a_budget_in_words_answers_a_question_about_money(self):
        facts = facts_of("Do you have a budget for the party?", "Around twelve thousand, all in.")
        assert in_turn(facts, 2, "amount") == [("twelve thousand", "12000.00")]

    def test_half_a_thousand_more_is_read_with_grand(self):
        assert of_type(said_by_user("The caterer wants two and a half grand up front."), "amount") == [
            ("two and a half grand", "2500.00")
        ]

    @pytest.mark.parametrize(
        "content,amount",
        [
            (
                "The roofer quoted 2 and a half thousand pounds.",
                ("2 and a half thousand pounds", "2500.00 GBP"),
            ),
            (
                "She paid around four and a half thousand dollars.",
                ("four and a half thousand dollars", "4500.00 USD"),
            ),
        ],
    )
    def test_a_half_before_thousand_is_read_with_the_whole(self, content, amount):
        assert of_type(said_by_user(content), "amount") == [amount]

    def test_a_half_before_thousand_with_no_currency_answers_a_question_about_money(self):
        facts = facts_of("How much was the van in the end?", "About 3 and a half thousand.")
        assert in_turn(facts, 2, "amount") == [("3 and a half thousand", "3500.00")]
        assert in_turn(facts, 2, "time") == []

    def test_a_question_about_a_sum_in_grand_states_none(self):
        assert of_type(said_by_user("Could we find one for under three grand?"), "amount") == []

    @pytest.mark.parametrize(
        "content,amount",
        [
            ("The tasting menu is C$85 a head.", ("C$85", "85.00 CAD")),
            ("Shipping from Sydney was A$42.", ("A$42", "42.00 AUD")),
            ("The deposit is US$1,200.", ("US$1,200", "1200.00 USD")),
        ],
    )
    def test_dollars_named_by_their_country(self, content, amount):
        assert of_type(said_by_assistant(content), "amount") == [amount]


class TestDaysAndClocks:
    @pytest.mark.parametrize(
        "content,date",
        [
            ("The marquee arrives on the ninth.", ("the ninth", "2026-07-09")),
            ("The twenty-second, then.", ("The twenty-second", "2026-07-22")),
            ("We'll pick up the keys on the fourteenth at noon.", ("the fourteenth", "2026-07-14")),
        ],
    )
    def test_a_day_of_the_month_in_words(self, content, date):
        assert of_type(said_by_user(content), "date") == [date]

    @pytest.mark.parametrize(
        "content",
        ["It is the fifth floor.", "That was the first time.", "He came the tenth of a second too late."],
    )
    def test_an_ordinal_that_counts_is_no_date(self, content):
        assert of_type(said_by_user(content), "date") == []

    @pytest.mark.parametrize(
        "content,date",
        [
            ("Send me the figures Friday evening.", ("Friday evening", "2026-07-10")),
            ("The fitter comes Wednesday morning at 8.", ("Wednesday morning", "2026-07-08")),
        ],
    )
    def test_a_weekday_with_its_part_of_the_day(self, content, date):
        assert of_type(said_by_user(content), "date") == [date]

    @pytest.mark.parametrize(
        "content,window",
        [
            ("The electrician can call tomorrow between 9 and 12.", "09:00-12:00"),
            ("Booked for Thursday, from 8 to 11.", "08:00-11:00"),
            ("The cleaner comes Monday between 10 and 2.", "10:00-14:00"),
            ("The fitter comes on the 3rd of Sept, 9 to 12.", "09:00-12:00"),
            ("The office is open from 9 to 5 on weekdays.", "09:00-17:00"),  # the hours it keeps
        ],
    )
    def test_a_window_of_two_bare_hours_where_the_sentence_says_when(self, content, window):
        assert [n for _, n in of_type(said_by_assistant(content), "time")] == [window]

    @pytest.mark.parametrize(
        "content",
        [
            "It takes between 2 and 4 weeks to arrive.",
            "We seat from 8 to 10 people per table on Friday.",
            "Can the plumber come tomorrow between 10 and 1?",
            # A name that only begins like a month is no day: a score after it is no window.
            "The final set went to Novak, 6 to 4.",
            "The vote went to Decker, 7 to 2.",
        ],
    )
    def test_counts_and_questions_give_no_window(self, content):
        assert of_type(said_by_assistant(content), "time") == []

    def test_a_clock_in_words_answering_a_question_that_names_an_hour(self):
        facts = facts_of("Can the fitting be after nine?", "The fitter says nine forty works for him.")
        assert in_turn(facts, 2, "time") == [("nine forty", "09:40")]

    def test_a_clock_in_words_with_money_said_is_no_time(self):
        facts = facts_of("Can the fitting be after nine?", "It costs nine forty, paid on the day.")
        assert in_turn(facts, 2, "time") == []

    def test_a_clock_in_words_with_no_question_for_a_time_is_no_time(self):
        assert of_type(said_by_user("The fitter says nine forty works for him."), "time") == []

    @pytest.mark.parametrize(
        "content,clock",
        [
            ("Let's meet for dinner at halb neun.", ("halb neun", "20:30")),
            ("The tram leaves at halb sechs in the morning.", ("halb sechs", "05:30")),
        ],
    )
    def test_a_german_half_hour_is_half_way_to_the_hour_named(self, content, clock):
        assert of_type(said_by_user(content), "time") == [clock]

    def test_german_halb_before_other_words_is_no_clock(self):
        assert of_type(said_by_user("Das kostet nur halb so viel."), "time") == []

    def test_a_german_half_hour_in_quotes_names_the_words_not_a_time(self):
        found = of_type(said_by_user('"Halb neun" means half past eight.'), "time")
        assert found == [("half past eight", "08:30")]

    @pytest.mark.parametrize(
        "reply,clock",
        [("Seven is better.", ("Seven", "19:00")), ("7, please.", ("7", "19:00"))],
    )
    def test_an_hour_chosen_from_the_clocks_just_offered(self, reply, clock):
        facts = facts_of("Is there a table for dinner?", "We have 6:30 or 7:00.", reply)
        assert in_turn(facts, 3, "time") == [clock]

    @pytest.mark.parametrize("reply", ["Seven of us.", "Eight is better.", "Seven people are coming."])
    def test_a_number_that_is_no_offered_clock_is_no_choice(self, reply):
        facts = facts_of("Is there a table for dinner?", "We have 6:30 or 7:00.", reply)
        assert in_turn(facts, 3, "time") == []


class TestCodesPlacesAndPhones:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("Your job ref is KM/40917.", "KM/40917"),
            ("The registration number is TR0048812290.", "TR0048812290"),
        ],
    )
    def test_a_code_with_a_slash_or_after_registration_number(self, content, code):
        assert [v for v, _ in of_type(said_by_assistant(content), "identifier")] == [code]

    def test_a_date_with_slashes_is_no_code(self):
        assert of_type(said_by_assistant("Your job ref is due 12/07."), "identifier") == []

    def test_an_irish_eircode_in_capitals(self):
        found = of_type(
            said_by_assistant("The flat is 9 Harbour Terrace, Dun Laoghaire, A96 R8C4."), "address"
        )
        assert any(value.endswith("A96 R8C4") for value, _ in found)  # the postcode, or its whole address

    @pytest.mark.parametrize("content", ["Flight A96 2024 is late.", "Gate B12 4ABC."])
    def test_a_flight_or_a_gate_is_no_eircode(self, content):
        assert of_type(said_by_assistant(content), "address") == []

    def test_a_dublin_number_with_its_area_code_in_brackets(self):
        assert of_type(said_by_assistant("The glaziers are on (01) 555 0149."), "phone") == [
            ("(01) 555 0149", "015550149")
        ]

    def test_the_last_group_of_a_phone_by_a_price_is_no_amount(self):
        found = said_by_assistant("Ring the inn on +33 1 42 61 08 55, where a room is €95.")
        assert of_type(found, "amount") == [("€95", "95.00 EUR")]
        assert of_type(found, "phone") == [("+33 1 42 61 08 55", "+33142610855")]
