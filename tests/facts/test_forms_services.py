"""Values said to a virtual assistant booking services one after another - car hire, buses and flights,
payments to friends, a restaurant, a barber - in the forms the rules used to miss: a bare hour proposed
"instead" of a clock said just before ("Can I pick it up at 10 instead?" after "pick-up at 9 pm"), a clock
said "-ish" or "sharp", a pick-up or drop-off as what happens at an hour; "a quarter till 5", "a quarter of
5", "five till 7", "6 in the AM", "any time after 3"; a bare hour offered beside a clock ("at 10:30 or 11",
"either 4 or 4:30"); windows with a dash or "to" and no "from" ("2-4pm", "9am-5pm",
"3 to 4 pm"); "a week from Friday", "Monday after next", "two weeks from tomorrow"; the last day of a
range said in digits after its month ("Oct 3 to 6"); a day in words with its month ("April fifteenth", "the
twenty-first of May"), a month and day with a slash after a word of travel ("leave 4/12, back 4/19"); money
added with no currency after an amount said in the turn before ("add another twenty for the cab, so 65 in
total"), "5 grand", "38 francs", dollars and cents in words, "19.99 plus tax"; a local number of seven
digits after a word of phoning; "conf. no.", "PNR" and "record locator" before a code. One case per form,
written for these tests (the chat's turns are dated Monday 6 July 2026), with sentences that look like them
and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestAnHourInsteadOfAClock:
    def test_a_bare_hour_proposed_instead_of_the_clock_before_takes_its_half_of_the_day(self):
        facts = facts_of(
            "I'd like a hatchback from the airport, July 9th at 9 pm.",
            "Please confirm: pick-up on July 9th at 9 pm, drop-off on July 12th.",
            "Can I pick it up at 10 instead? The flight may land late.",
        )
        assert in_turn(facts, 3, "time") == [("10", "22:00")]

    def test_said_as_a_statement_in_the_morning(self):
        facts = facts_of("The bus leaves at 7:15 am.", "Book me on one at 8 instead.")
        assert in_turn(facts, 2, "time") == [("8", "08:00")]

    @pytest.mark.parametrize(
        "before,content",
        [
            ("You have 2 tickets for the 7:30 pm show.", "Make it for 3 instead."),
            ("Tickets are $12 for 2 people.", "Can I get 3 instead?"),
            ("The table is for 4 people.", "Can we be at 6 instead?"),
            ("Your table is at 7:30 pm.", "What time could we come instead?"),
        ],
    )
    def test_a_count_no_clock_before_or_a_question_for_a_time_is_no_time(self, before, content):
        assert in_turn(facts_of(before, content), 2, "time") == []


class TestClocksSaidLoosely:
    @pytest.mark.parametrize(
        "content,clock",
        [
            ("Pick me up around 5ish.", ("5ish", "17:00")),
            ("We'll meet at 7:30-ish.", ("7:30-ish", "07:30")),
            ("I'll be there around noonish.", ("noonish", "12:00")),
            ("I'll be at the station at 9 sharp.", ("9", "09:00")),
            ("Drop the car off at 4 at the depot.", ("4", "16:00")),
        ],
    )
    def test_ish_sharp_and_a_pick_up_or_drop_off(self, content, clock):
        assert of_type(said_by_user(content), "time") == [clock]

    @pytest.mark.parametrize(
        "content",
        [
            "The twins are 5ish now.",
            "Is it around 5ish?",
            "We were at 9, sharp words were said.",
            "Can you pick me up at 6?",
        ],
    )
    def test_ages_questions_and_look_alikes_are_no_time(self, content):
        assert of_type(said_by_user(content), "time") == []


class TestWeeksFromADay:
    @pytest.mark.parametrize(
        "content,day",
        [
            ("A week from Friday works for me.", ("A week from Friday", "2026-07-17")),
            ("Monday after next, please.", ("Monday after next", "2026-07-20")),
            ("Two weeks from tomorrow is the move.", ("Two weeks from tomorrow", "2026-07-21")),
            ("Book it a week from this coming Thursday.", ("a week from this coming Thursday", "2026-07-16")),
        ],
    )
    def test_weeks_counted_from_a_weekday_or_tomorrow(self, content, day):
        assert of_type(said_by_user(content), "date") == [day]

    @pytest.mark.parametrize(
        "content",
        [
            "I worked two weeks on Friday shifts.",
            "We met a week after Friday's party.",
        ],
    )
    def test_weeks_beside_a_day_that_count_from_nothing_name_only_the_day(self, content):
        assert [value for value, _ in of_type(said_by_user(content), "date")] == ["Friday"]


class TestRangesOfDaysInDigits:
    @pytest.mark.parametrize(
        "content,days",
        [
            ("We're away Oct 3 to 6.", [("Oct 3", "2026-10-03"), ("6", "2026-10-06")]),
            ("The cabin is free August 10 - 14.", [("August 10", "2026-08-10"), ("14", "2026-08-14")]),
        ],
    )
    def test_the_last_day_of_a_range_after_its_month(self, content, days):
        assert of_type(said_by_user(content), "date") == days

    @pytest.mark.parametrize(
        "content,day",
        [
            ("I'll fly out August 4 to 5 people will join later.", ("August 4", "2026-08-04")),
            ("It's on August 3 - 10 pm start.", ("August 3", "2026-08-03")),
            ("August 22-25 adults max.", ("August 22", "2026-08-22")),
        ],
    )
    def test_a_count_or_a_clock_after_the_dash_is_no_day(self, content, day):
        assert of_type(said_by_user(content), "date") == [day]


class TestMoneyAddedAndSaidInWords:
    def test_money_added_with_no_currency_after_an_amount_in_the_turn_before(self):
        facts = facts_of(
            "Please confirm: send $45 to Oskar from your app balance.",
            "Actually add another twenty for the cab, so 65 in total.",
        )
        assert in_turn(facts, 2, "amount") == [("twenty", "20.00"), ("65", "65.00")]

    @pytest.mark.parametrize(
        "before,content",
        [
            ("Tickets are $15 each.", "Add another 2 for the kids."),
            ("Tickets are $15 each.", "Add another 20 tickets for the school."),
            ("Your room is $145 a night.", "The room is 214."),
            ("Please confirm: send $45 to Oskar.", "Can you add another twenty for the cab?"),
            ("The hotel is great.", "Add another twenty for the cab, so 65 in total."),
        ],
    )
    def test_counts_questions_and_no_money_before_give_no_amount(self, before, content):
        assert in_turn(facts_of(before, content), 2, "amount") == []

    @pytest.mark.parametrize(
        "content,amount",
        [
            ("The roof repair came to about 1.2 grand.", ("1.2 grand", "1200.00")),
            ("That's 5 grand.", ("5 grand", "5000.00")),
            ("Tickets are 38 francs.", ("38 francs", "38.00 CHF")),
            (
                "A round trip is four hundred and twelve dollars and fifty cents.",
                ("four hundred and twelve dollars and fifty cents", "412.50 USD"),
            ),
            ("It's twenty dollars and five cents.", ("twenty dollars and five cents", "20.05 USD")),
        ],
    )
    def test_grand_francs_and_cents_in_words(self, content, amount):
        assert of_type(said_by_assistant(content), "amount") == [amount]

    @pytest.mark.parametrize(
        "content,amounts",
        [
            ("We stayed at the 5 Grand Hotel.", []),
            ("She sold 3 grand pianos last year.", []),
            ("It's twenty dollars and fifty people came.", [("twenty dollars", "20.00 USD")]),
        ],
    )
    def test_look_alikes_of_grand_and_cents(self, content, amounts):
        assert of_type(said_by_assistant(content), "amount") == amounts

    def test_a_house_on_grand_street_is_an_address(self):
        facts = said_by_user("I live at 5 Grand Street.")
        assert of_type(facts, "amount") == []
        assert [value for value, _ in of_type(facts, "address")] == ["5 Grand Street"]


class TestSevenDigitPhones:
    @pytest.mark.parametrize(
        "content,phone",
        [
            ("Their number is 555-0192.", ("555-0192", "5550192")),
            ("You can call 555.0147 for the front desk.", ("555.0147", "5550147")),
            ("Reach them at 555-0133 after six.", ("555-0133", "5550133")),
        ],
    )
    def test_seven_digits_after_a_word_of_phoning(self, content, phone):
        assert of_type(said_by_assistant(content), "phone") == [phone]

    @pytest.mark.parametrize(
        "content",
        [
            "Your order number is 555-0192.",
            "The confirmation number is 443-2210.",
            "It costs 555-0192 dollars.",
            "The room number is 214-5555.",
            "What's their number?",
        ],
    )
    def test_codes_prices_and_questions_are_no_phone(self, content):
        assert of_type(said_by_assistant(content), "phone") == []


class TestAirlineAndShortConfirmationCodes:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("Conf. no. 44812.", ("44812", "44812")),
            ("Conf no 7Q2XK is on the email.", ("7Q2XK", "7Q2XK")),
            ("Your PNR is K7RQ2P.", ("K7RQ2P", "K7RQ2P")),
            ("The record locator is QX7TRB.", ("QX7TRB", "QX7TRB")),
        ],
    )
    def test_codes_after_conf_no_pnr_and_record_locator(self, content, code):
        assert of_type(said_by_assistant(content), "identifier") == [code]

    @pytest.mark.parametrize(
        "content",
        [
            "Please confirm the number of guests.",
            "The PNR is below.",
            "What's my PNR?",
        ],
    )
    def test_look_alikes_and_questions_are_no_code(self, content):
        assert of_type(said_by_assistant(content), "identifier") == []


class TestClocksSaidTheAmericanWay:
    @pytest.mark.parametrize(
        "content,clock",
        [
            ("Let's meet at a quarter till 5.", ("a quarter till 5", "16:45")),
            ("Let's meet at a quarter of 5.", ("a quarter of 5", "16:45")),
            ("The bus comes five till 7 in the evening.", ("five till 7 in the evening", "18:55")),
            ("The flight leaves at 6 in the AM.", ("6 in the AM", "06:00")),
            ("Book it for 11:30 in the a.m.", ("11:30 in the a.m.", "11:30")),
            ("Any time after 3 works.", ("3", "15:00")),
        ],
    )
    def test_till_of_in_the_am_and_any_time(self, content, clock):
        assert of_type(said_by_user(content), "time") == [clock]

    @pytest.mark.parametrize(
        "content",
        [
            "Ten of 12 people came.",
            "A quarter of 8 pizzas were eaten.",
            "Any time after 3 days is too late.",
            "Is any time after 3 OK?",
        ],
    )
    def test_counts_and_questions_are_no_time(self, content):
        assert of_type(said_by_user(content), "time") == []

    @pytest.mark.parametrize(
        "content,clocks",
        [
            ("He is free at 10:30 or 11.", [("10:30", "10:30"), ("11", "11:00")]),
            ("Either 4 or 4:30 works for me.", [("4", "04:00"), ("4:30", "04:30")]),
            ("The last slots are 4:15 pm or 5.", [("4:15 pm", "16:15"), ("5", "17:00")]),
        ],
    )
    def test_a_bare_hour_offered_beside_a_clock(self, content, clocks):
        assert of_type(said_by_assistant(content), "time") == clocks

    @pytest.mark.parametrize(
        "content,clocks",
        [
            ("We need 2 or 3 rooms at 7:30 pm.", [("7:30 pm", "19:30")]),
            ("Tickets are 2 or 3:30 depending on the day.", [("3:30", "03:30")]),
        ],
    )
    def test_a_count_or_a_price_beside_a_clock_is_no_time(self, content, clocks):
        assert of_type(said_by_assistant(content), "time") == clocks


class TestDatesInWordsAndSlashes:
    @pytest.mark.parametrize(
        "content,days",
        [
            ("The event's on April fifteenth.", [("April fifteenth", "2026-04-15")]),
            ("It's on the twenty-first of May.", [("the twenty-first of May", "2026-05-21")]),
            ("Let's say March first.", [("March first", "2026-03-01")]),
            ("We leave 4/12 and come back 4/19.", [("4/12", "2026-04-12"), ("4/19", "2026-04-19")]),
            ("The rent is due on 8/3.", [("8/3", "2026-03-08")]),
        ],
    )
    def test_a_day_in_words_with_its_month_and_a_month_and_day_with_a_slash(self, content, days):
        assert of_type(said_by_user(content), "date") == days

    def test_month_first_where_the_chat_writes_so(self):
        facts = facts_of("Call me at (503) 555-0182 about the $40.", "The rent is due on 8/3.")
        assert in_turn(facts, 2, "date") == [("8/3", "2026-08-03")]

    @pytest.mark.parametrize(
        "content",
        [
            "You may first call the office.",
            "We march second in line.",
            "Add 1/2 cup of milk.",
            "The helpline is open 24/7.",
            "The price was cut to 1/3.",
            "What day is the event on?",
        ],
    )
    def test_verbs_fractions_and_questions_are_no_date(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestPricesBeforeTax:
    def test_a_price_with_no_currency_before_plus_tax(self):
        assert of_type(said_by_assistant("It's 19.99 plus tax."), "amount") == [("19.99", "19.99")]

    @pytest.mark.parametrize("content", ["It's 19.99 plus 3 more.", "Version 19.99 plus patches is out."])
    def test_no_tax_said_no_amount(self, content):
        assert of_type(said_by_assistant(content), "amount") == []


class TestWindowsWithADash:
    @pytest.mark.parametrize(
        "content,window",
        [
            ("The party is 2-4pm on Saturday.", ("2-4pm", "14:00-16:00")),
            ("Pickup window is 1-3 pm.", ("1-3 pm", "13:00-15:00")),
            ("The brunch runs 11-1 pm.", ("11-1 pm", "11:00-13:00")),
            ("The class is 10 - 11:30 am on Monday.", ("10 - 11:30 am", "10:00-11:30")),
            ("We can meet 3 to 4 pm on Friday.", ("3 to 4 pm", "15:00-16:00")),
            ("Delivery is 9am-5pm tomorrow.", ("9am-5pm", "09:00-17:00")),
            ("I'm free 9:30-11 tomorrow.", ("9:30-11", "09:30-11:00")),
            ("The clinic sees walk-ins 9:30-5:30 on Fridays.", ("9:30-5:30", "09:30-17:30")),
        ],
    )
    def test_two_clocks_joined_by_a_dash_or_to_are_one_window(self, content, window):
        assert of_type(said_by_assistant(content), "time") == [window]

    @pytest.mark.parametrize(
        "content,times",
        [
            ("The score was 3-2 pm league rules.", []),
            ("It's $2-4pm.", []),
            ("Call 555-1234 after 5 pm.", [("5 pm", "17:00")]),
            ("The 2026-03-01 4 pm start.", [("4 pm", "16:00")]),
        ],
    )
    def test_scores_prices_phones_and_dates_before_a_clock_are_no_window(self, content, times):
        assert of_type(said_by_assistant(content), "time") == times
