"""Values people type in everyday errands - a car claim, a doctor and a physio, a school camp and a sports
club, a lawyer, a family's arrangements - in the forms the rules used to miss: rand as South Africans write
them ("R2 450", "R344,50", "deposit R800") and thousands set apart by a space; a sum said again by its
number alone ("paid the 350", "the 5k", "twelve fifty?"); a total after "that's", "all up", an offer after
"make it" or "meet at", pounds and pence no clock can be, "on top"; "tmrw", "wed?", "its wed to fri", "the
thurs slot", "tues 5 oct"; public holidays ("Boxing Day", "Heritage Day", "the Fourth"); "today" in a short
question offering it or a thing done that day; dotted clocks after a day or as an alternative ("today about
7.50", "10.40 ... or 3.15"), "5ish", a statement with a question tag, a deadline asked for ("before 2?"), a
clock a request moves something to, a window of bare hours after a day or with "about" ("from 8 to about
1"); a plate in a turn about a crash, account and branch numbers, an answer to "your NHI number?", a
reference of a name and a code; a street after a place's name ("City Dental on The Terrace"), a street and
its town ("Keurboom Road, Rondebosch"), a postcode after its address. One case per form, written for these
tests (the chat's turns are dated Monday 6 July 2026), with sentences that look like them and state none."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestRandAndSpacedThousands:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("The tour costs R3 250 per learner.", ("R3 250", "3250.00 ZAR")),
            ("I paid R89,90 for the socks.", ("R89,90", "89.90 ZAR")),
            ("The deposit is R750 by Friday.", ("R750", "750.00 ZAR")),
            ("The hall hire was €1 400 for the day.", ("€1 400", "1400.00 EUR")),
        ],
    )
    def test_rand_and_thousands_set_apart(self, content, amount):
        assert of_type(said_by_user(content), "amount") == [amount]

    @pytest.mark.parametrize(
        "content",
        [
            "Take the R61 north past the mall.",
            "The car runs on R15 tyres.",
            "We drove the R44 exit to the coast.",
        ],
    )
    def test_roads_and_sizes_are_no_rand(self, content):
        assert of_type(said_by_user(content), "amount") == []

    def test_a_rand_sum_after_the_where_money_was_said(self):
        facts = facts_of("The trip is R1 200.", "Noted.", "so the R300 comes off the next invoice")
        assert in_turn(facts, 3, "amount") == [("R300", "300.00 ZAR")]


class TestSumsSaidAgain:
    def test_a_sum_said_again_by_its_number(self):
        facts = facts_of("The excess is £275.", "ok.", "Done, paid the 275 on my card. 275 exactly.")
        assert in_turn(facts, 3, "amount") == [("275", "275.00 GBP"), ("275", "275.00 GBP")]

    def test_a_sum_in_words_and_in_thousands_said_again(self):
        facts = facts_of(
            "The will and the notary come to $1,450.",
            "fourteen fifty for the two of us?",
            "The refund is $4,000.",
        )
        facts += facts_of("The refund is $4,000.", "take the fee out of the 4k please")
        assert in_turn(facts, 2, "amount") == [("fourteen fifty", "1450.00 USD"), ("4k", "4000.00 USD")]

    @pytest.mark.parametrize(
        "content",
        [
            "What's the 275 for?",
            "We were 275 people at the match.",
            "The flight is 275 from gate 9.",
            "Reserve for 12 please.",
            "It came to £290, not 275.",
        ],
    )
    def test_counts_clocks_questions_and_the_value_turned_down_are_no_sum(self, content):
        facts = facts_of("The excess is £275 and the lunch £12.", content)
        assert in_turn(facts, 2, "amount") in ([], [("£290", "290.00 GBP")])


class TestSumsWithoutTheirCurrency:
    @pytest.mark.parametrize(
        "earlier,content,amount",
        [
            ("Tickets are R120 a head.", "for 3 of us thats 360", ("360", "360.00")),
            ("The shoes were $240.", "i'll send you my half, 120.50", ("120.50", "120.50")),
            ("They offered $2,000.", "tell them to make it 2,600", ("2,600", "2600.00")),
            ("He quoted $900.", "Ask them to meet at eight hundred.", ("eight hundred", "800.00")),
            ("The X-ray was $60.", "crown fitted. 410 all up", ("410", "410.00")),
            ("The deposit is £250.", "they said 220?", ("220", "220.00")),
        ],
    )
    def test_totals_offers_and_sums_offered_back(self, earlier, content, amount):
        assert in_turn(facts_of(earlier, content), 2, "amount") == [amount]

    def test_a_rough_sum_where_money_was_said(self):
        assert in_turn(facts_of("The excess is £300.", "they want another 240 odd?"), 2, "amount") == [
            ("240", "240.00")
        ]
        assert in_turn(facts_of("The excess is £300.", "there were 40 odd people there"), 2, "amount") == []

    def test_a_small_sum_said_again_after_the(self):
        facts = facts_of(
            "Each script is $4 at the counter.", "ok", "the cream is extra, plus the 4 for the tablets"
        )
        assert in_turn(facts, 3, "amount") == [("4", "4.00")]
        assert in_turn(facts_of("Tickets are $4 each.", "the 4 of us went"), 2, "amount") == []

    def test_a_price_on_top_and_a_seller_sells_for(self):
        found = of_type(
            said_by_user("the cream is 12.49 on top, and the chemist sells them for 65 now"), "amount"
        )
        assert found == [("12.49", "12.49"), ("65", "65.00")]

    @pytest.mark.parametrize(
        "content", ["we'll be 30 all up", "I ran 42.50 km yesterday", "Is it 380 for all of us?"]
    )
    def test_counts_measures_and_questions_are_no_sum(self, content):
        assert in_turn(facts_of("Tickets are $95 a head.", content), 2, "amount") == []


class TestTypedDays:
    @pytest.mark.parametrize(
        "content,date",
        [
            ("tmrw works for me", ("tmrw", "2026-07-07")),
            ("i'm away all day thurs. fri?", ("fri", "2026-07-10")),
            ("fri lunch is good", ("fri", "2026-07-10")),
            ("the game is tues 14 july", ("tues 14 july", "2026-07-14")),
        ],
    )
    def test_shortened_days(self, content, date):
        assert of_type(said_by_user(content), "date") == [date]

    def test_a_pair_of_shortened_days_and_the_slot_of_one(self):
        assert of_type(said_by_user("its tues to thurs"), "date") == [
            ("tues", "2026-07-07"),
            ("thurs", "2026-07-09"),
        ]
        assert of_type(said_by_user("they gave the weds slot away"), "date") == [("weds", "2026-07-08")]

    @pytest.mark.parametrize("content", ["the sun is out", "it's sat there for weeks", "I sat down."])
    def test_words_that_only_look_like_days(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestHolidays:
    @pytest.mark.parametrize(
        "content,date",
        [
            ("The office is shut on Boxing Day.", ("Boxing Day", "2026-12-26")),
            ("The tournament is on Heritage Day.", ("Heritage Day", "2026-09-24")),
            ("We're at the lake for the Fourth.", ("the Fourth", "2027-07-04")),
            ("The clinic closes for Good Friday.", ("Good Friday", "2027-03-26")),
            ("Pick-up moves to the Tuesday after Memorial Day.", ("Memorial Day", "2027-05-31")),
        ],
    )
    def test_a_holiday_kept_on_one_day(self, content, date):
        assert date in of_type(said_by_user(content), "date")

    def test_a_holiday_countries_keep_on_different_days_is_kept_with_its_words(self):
        assert of_type(said_by_user("Can we do it the weekend of Labour Day?"), "date") == [
            ("Labour Day", "")
        ]

    @pytest.mark.parametrize(
        "content", ["We had a family day out.", "a heritage day trip", "He lives on The Fourth Avenue."]
    )
    def test_phrases_that_only_look_like_holidays(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestToday:
    @pytest.mark.parametrize(
        "content",
        [
            "physio. anything today?",
            "Plumbers today?",
            "We signed the lease today.",
            "my back is worse today",
        ],
    )
    def test_a_day_offered_or_a_thing_done_that_day(self, content):
        assert of_type(said_by_user(content), "date") == [("today", "2026-07-06")]

    @pytest.mark.parametrize(
        "content", ["why today?", "What did you do today?", "The weather is grim today."]
    )
    def test_questions_about_the_day_and_small_talk(self, content):
        assert of_type(said_by_user(content), "date") == []


class TestTypedClocks:
    @pytest.mark.parametrize(
        "content,time",
        [
            ("it happened today about 8.40 near the school", ("8.40", "08:40")),
            ("fri 17th 10.15 works", ("10.15", "10:15")),
            ("the coach says 4ish now", ("4ish", "16:00")),
            ("they're bringing the van round at 3. is that right?", ("3", "15:00")),
            ("we'll be there by 6, stuck in traffic", ("6", "18:00")),
            ("Can he drop the keys off before 4?", ("4", "16:00")),
            ("hey can we move the call to 5?", ("5", "17:00")),
            ("Training starts 9, warm up first.", ("9", "09:00")),
        ],
    )
    def test_clocks_as_people_type_them(self, content, time):
        assert of_type(said_by_user(content), "time") == [time]

    def test_a_dotted_clock_offered_as_an_alternative(self):
        found = of_type(said_by_assistant("Dr Ruiz can see you at 9.20, or 2.45 with Dr Obi."), "time")
        assert found == [("9.20", "09:20"), ("2.45", "14:45")]

    def test_a_dotted_clock_said_back_after_one_with_a_leading_zero(self):
        facts = facts_of("The coach leaves at 07:15.", "7.15!! that's early")
        assert in_turn(facts, 2, "time") == [("7.15", "07:15")]

    @pytest.mark.parametrize(
        "content,times",
        [
            ("The fete is Sun 12 July, 11 to 2, bring a plate.", [("11 to 2", "11:00-14:00")]),
            ("The electrician comes Tuesday from 9 to about 12.", [("9", "09:00"), ("12", "12:00")]),
        ],
    )
    def test_a_window_of_bare_hours_after_a_day(self, content, times):
        assert of_type(said_by_user(content), "time") == times

    @pytest.mark.parametrize(
        "content",
        [
            "Can you pick me up at 6?",
            "We won on Saturday, 3 to 1.",
            "It costs 4.50 or 5.50 now.",
            "She's 5ish years old.",
            "Thursdays at 6 after work.",
        ],
    )
    def test_requests_scores_prices_and_ages_are_no_clock(self, content):
        assert of_type(said_by_user(content), "time") == []

    def test_a_clock_before_after_work_is_no_address(self):
        assert of_type(said_by_user("See you Friday at 6 after work."), "address") == []


class TestNumbersOfAccountsAndCars:
    @pytest.mark.parametrize(
        "content,ident",
        [
            ("Pay it to acc 71 4420 08813, thanks.", ("71 4420 08813", "71442008813")),
            ("new details: sort code 20-44-91, acc 55190238", ("55190238", "55190238")),
            ("Send it to branch 470010, ref on the form.", ("470010", "470010")),
            ("Use the one ending 4410 please.", ("4410", "4410")),
            ("Please use ref NAIDOO U14 on the transfer.", ("NAIDOO U14", "NAIDOOU14")),
        ],
    )
    def test_accounts_branches_and_references(self, content, ident):
        assert ident in of_type(said_by_user(content), "identifier")

    def test_a_plate_in_a_turn_after_one_about_a_crash(self):
        facts = facts_of("Did you get the other driver's details?", "Mia Hart, a blue Corsa, BK70 RZE")
        assert in_turn(facts, 2, "identifier") == [("BK70 RZE", "BK70RZE")]

    def test_the_answer_to_a_question_for_a_scheme_number(self):
        facts = facts_of("What's your NHI number?", "its PQR7731 i think")
        assert in_turn(facts, 2, "identifier") == [("PQR7731", "PQR7731")]

    @pytest.mark.parametrize(
        "content", ["I have an account for 2 years.", "The branch is 3 km away.", "I'm in AB12 CDE row."]
    )
    def test_look_alikes_are_no_number(self, content):
        assert of_type(said_by_user(content), "identifier") == []


class TestStreetsWithoutANumber:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("Sunset Dental on The Parade can do Monday.", ("The Parade", "The Parade")),
            ("For bloods, Harbour Labs on Tui Street opens at 8.", ("Tui Street", "Tui Street")),
            ("it happened at the lights on Kings Road.", ("Kings Road", "Kings Road")),
            (
                "we train at the astro, Oak Avenue, Newlands",
                ("Oak Avenue, Newlands", "Oak Avenue, Newlands"),
            ),
        ],
    )
    def test_a_street_after_a_place_or_before_its_town(self, content, address):
        assert of_type(said_by_user(content), "address") == [address]

    def test_a_street_answering_a_question_for_a_place(self):
        facts = facts_of("Which chemist do you use?", "boots on fore st mostly")
        assert in_turn(facts, 2, "address") == [("fore st", "fore st")]
        facts = facts_of("where's that", "Mill Lane, Claremont. Be there by 8.")
        assert in_turn(facts, 2, "address") == [("Mill Lane, Claremont", "Mill Lane, Claremont")]

    def test_a_postcode_after_its_address_and_a_comma_is_part_of_it(self):
        found = of_type(said_by_assistant("It's Unit 7, Trent Park Industrial Estate, LE4 9HQ."), "address")
        assert [value for value, _ in found] == ["Unit 7, Trent Park Industrial Estate, LE4 9HQ"]

    @pytest.mark.parametrize(
        "content", ["I love Abbey Road, Sam.", "We Walked on Mill Road", "Turn left on Mill Road."]
    )
    def test_names_and_ways_are_no_address(self, content):
        assert of_type(said_by_user(content), "address") == []
