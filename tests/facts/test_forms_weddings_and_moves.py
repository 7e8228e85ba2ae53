"""Values people give a phone assistant while planning a wedding, moving flat, returning online orders,
and keeping a car and a family's school year in order, in the forms the rules used to miss: a
reservation for a count at a bare hour ("Reserve for two at eight."), an hour "sharp" in a question, a
clock with a full stop said again as a choice ("The 3.40 one."), a bare hour after May and its day, a
window after a month and its day or after "from" and a clock with a full stop ("from 6.45 to 8"), an
hour booked from a window offered ("Book her for 5."), a window answering a question for the time; "the
30th by 5 pm", "a week on Friday", a holiday with "last" or "this" ("last Christmas" is the one before),
a slash date after "flying out"; a sum in words before "due" or after "want", "pay the 180", "listed it
for 450", an offer in hundreds and the rest in words ("offered five eighty"), a fiver and a tenner; a
card's last digits after "one ending", "card, ending" and "it ends", said again as "the 5512 one", an
RMA, a UPS number in groups, a return number, a handle, a code of letters and digits mixed, a door code
in a "Yes:" answer; an address line with its town and postcode but no street word, a building then a
house number and a name of no street word ("Fossway Centre, 14 Walmgate, York"), and a street after a
place named in one word with a capital inside it. One case per form, written for these tests (the
chat's turns are dated Monday 6 July 2026), with sentences that look like them and state none, and
questions that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestHours:
    def test_a_reservation_for_a_count_at_a_bare_hour(self):
        assert [value for value, _ in of_type(said_by_user("Reserve for two at eight."), "time")] == ["eight"]

    def test_seats_reserved_at_a_price_are_no_hour(self):
        assert of_type(said_by_user("Reserve two seats at 8 pounds each."), "time") == []

    def test_an_hour_said_sharp_in_a_question_proposes_it(self):
        assert of_type(said_by_user("Could the fitter come at 9 sharp?"), "time") == [("9", "09:00")]

    def test_an_hour_in_a_question_without_sharp_only_asks(self):
        assert of_type(said_by_user("Could the fitter come at 9?"), "time") == []

    def test_a_clock_with_a_full_stop_said_again_as_a_choice(self):
        facts = facts_of("Which slots are free?", "The vet has 10.05 or 3.40 on Friday.", "The 3.40 one.")
        assert in_turn(facts, 3, "time") == [("3.40", "15:40")]

    def test_a_price_said_again_is_no_clock(self):
        facts = facts_of("How much is the bus?", "The bus costs 3.40 now.", "The 3.40 one.")
        assert in_turn(facts, 3, "time") == []

    def test_a_bare_hour_after_may_and_its_day(self):
        facts = said_by_assistant("The groomer has May 12 at 10 am for $45, or May 14 at 3 for $40.")
        assert of_type(facts, "time") == [("10 am", "10:00"), ("3", "15:00")]

    def test_a_window_after_a_month_and_its_day(self):
        facts = said_by_assistant("Your sofa arrives on August 3, 8 to 12, order 55120.")
        assert of_type(facts, "time") == [("8 to 12", "08:00-12:00")]

    def test_a_count_after_a_month_and_its_day_is_no_window(self):
        assert of_type(said_by_user("On August 3, 8 to 12 people came."), "time") == []

    def test_a_window_ending_at_a_bare_hour_after_a_clock_of_minutes(self):
        facts = said_by_assistant("Choir practice runs from 6.45 to 8 at the church hall.")
        assert [value for value, _ in of_type(facts, "time")] == ["6.45 to 8"]

    def test_a_price_that_rose_is_no_window(self):
        assert of_type(said_by_user("The fare went from 6.45 to 8 pounds."), "time") == []

    def test_an_hour_booked_from_a_window_offered(self):
        facts = facts_of("Is Priya free tonight?", "Priya can babysit from 5 to 9.", "Book her for 5.")
        assert [value for value, _ in in_turn(facts, 3, "time")] == ["5"]

    @pytest.mark.parametrize("content", ["Book her for 4.", "Book a table for 5."])
    def test_an_hour_not_offered_or_a_table_for_a_count_is_none(self, content):
        facts = facts_of("Is Priya free tonight?", "Priya can babysit from 5 to 9.", content)
        assert in_turn(facts, 3, "time") == []

    def test_a_window_answering_a_question_for_the_time(self):
        facts = facts_of("Sami's party is on Saturday.", "What time is it?", "From 3 till 5, then cake.")
        assert in_turn(facts, 3, "time") == [("3 till 5", "15:00-17:00")]

    def test_a_window_answering_another_question_is_none(self):
        facts = facts_of("Sami's party is on Saturday.", "How many are coming?", "From 3 till 5, then cake.")
        assert in_turn(facts, 3, "time") == []


class TestDays:
    def test_a_day_of_the_month_before_by_and_a_clock(self):
        facts = said_by_user("The agent said the 30th by 5 pm.")
        assert of_type(facts, "date") == [("the 30th", "2026-07-30")]

    def test_a_day_won_by_a_margin_is_none(self):
        assert of_type(said_by_user("Our horse won the 30th by a nose."), "date") == []

    def test_a_week_on_a_weekday(self):
        facts = said_by_user("The form is due a week on Friday.")
        assert of_type(facts, "date") == [("a week on Friday", "2026-07-17")]

    def test_a_week_spent_somewhere_is_no_date(self):
        assert of_type(said_by_user("I spent a week on Crete."), "date") == []

    @pytest.mark.parametrize(
        "content,date",
        [
            ("We bought the tent last Christmas.", ("last Christmas", "2025-12-25")),
            ("We'll visit them this Christmas.", ("this Christmas", "2026-12-25")),
            ("Last Halloween the street was packed.", ("Last Halloween", "2025-10-31")),
        ],
    )
    def test_a_holiday_with_last_or_this(self, content, date):
        assert of_type(said_by_user(content), "date") == [date]

    def test_christmas_alone_is_a_season(self):
        assert of_type(said_by_user("Christmas shopping is exhausting."), "date") == []

    def test_a_slash_date_after_flying_out(self):
        facts = said_by_user("I'm flying out 8/21 for the conference.")
        assert of_type(facts, "date") == [("8/21", "2026-08-21")]

    def test_a_fraction_after_flying_is_no_date(self):
        assert of_type(said_by_user("We're flying 3/4 of the way there."), "date") == []


class TestSums:
    def test_a_sum_in_words_before_due(self):
        facts = said_by_user("The balance is three thousand six hundred due on Friday.")
        assert of_type(facts, "amount") == [("three thousand six hundred", "3600.00")]

    def test_a_count_before_due_is_none(self):
        assert of_type(said_by_user("The report is forty pages due on Friday."), "amount") == []

    def test_a_sum_in_words_they_want(self):
        facts = facts_of("The cake is £300 plain.", "They want three hundred and forty with the roses.")
        assert in_turn(facts, 2, "amount") == [("three hundred and forty", "340.00")]

    def test_guests_wanted_are_no_sum(self):
        facts = facts_of("The cake is £300 plain.", "They want three hundred guests.")
        assert in_turn(facts, 2, "amount") == []

    def test_pay_the_sum_where_money_was_said(self):
        facts = facts_of("The caterer quoted £360, half up front.", "Pay the 180 now.")
        assert in_turn(facts, 2, "amount") == [("180", "180.00")]

    def test_pay_the_staff_is_no_sum(self):
        facts = facts_of("The caterer quoted £360, half up front.", "Pay the 40 staff on Friday.")
        assert in_turn(facts, 2, "amount") == []

    def test_listed_for_a_price_where_money_was_said(self):
        facts = facts_of("The shop pays $200 for trade-ins.", "I listed it for 450 last week.")
        assert in_turn(facts, 2, "amount") == [("450", "450.00")]

    def test_listed_for_days_is_no_price(self):
        facts = facts_of("The shop pays $200 for trade-ins.", "I listed it for 30 days.")
        assert in_turn(facts, 2, "amount") == []

    def test_an_offer_in_hundreds_and_the_rest_in_words(self):
        facts = facts_of("I'd take $700 for the guitar.", "A man offered five eighty, should I take it?")
        assert in_turn(facts, 2, "amount") == [("five eighty", "580.00")]

    @pytest.mark.parametrize(
        "content", ["Did he offer five eighty?", "He offered five eighty people a lift."]
    )
    def test_an_offer_asked_about_or_counted_is_none(self, content):
        facts = facts_of("I'd take $700 for the guitar.", content)
        assert in_turn(facts, 2, "amount") == []

    def test_an_offer_where_no_money_was_said_is_none(self):
        assert of_type(said_by_user("A man offered five eighty."), "amount") == []

    @pytest.mark.parametrize(
        "content,amount",
        [
            ("Chip in a fiver for the card.", ("a fiver", "5.00 GBP")),
            ("It cost two tenners.", ("two tenners", "20.00 GBP")),
        ],
    )
    def test_pounds_by_the_notes_names(self, content, amount):
        assert of_type(said_by_user(content), "amount") == [amount]

    def test_tenerife_is_no_tenner(self):
        assert of_type(said_by_user("Tenerife was lovely."), "amount") == []


class TestCodes:
    @pytest.mark.parametrize(
        "content,digits",
        [
            ("I have one ending 5512 and one ending 0731.", ["5512", "0731"]),
            ("The debit card, ending 2290.", ["2290"]),
            ("The new card came. It ends 7788.", ["7788"]),
        ],
    )
    def test_a_cards_last_digits(self, content, digits):
        assert [value for value, _ in of_type(said_by_user(content), "identifier")] == digits

    @pytest.mark.parametrize("content", ["It ends 2028.", "The film ends 1945 in Berlin."])
    def test_an_ending_with_no_card_is_none(self, content):
        assert of_type(said_by_user(content), "identifier") == []

    def test_the_last_digits_said_again_as_a_choice(self):
        facts = facts_of("I have one ending 5512 and one ending 0731.", "Which one?", "The 5512 one.")
        assert in_turn(facts, 3, "identifier") == [("5512", "5512")]

    def test_four_digits_said_again_as_a_bus_are_none(self):
        facts = facts_of("I have one ending 5512 and one ending 0731.", "Which one?", "The 5512 bus.")
        assert in_turn(facts, 3, "identifier") == []

    @pytest.mark.parametrize(
        "content,code",
        [
            ("Your return is RMA 73-11804.", "RMA 73-11804"),
            ("Tracking is 1Z 7X2 H41 09 3318 2204.", "1Z 7X2 H41 09 3318 2204"),
            ("Use return number QX-T-88210 on the label.", "QX-T-88210"),
            ("Send it to @marta.k on Venmo.", "@marta.k"),
            ("Mum's application is K31QT2207BX.", "K31QT2207BX"),
        ],
    )
    def test_codes_of_returns_parcels_handles_and_applications(self, content, code):
        assert [value for value, _ in of_type(said_by_assistant(content), "identifier")] == [code]

    @pytest.mark.parametrize(
        "content", ["My flight is on an A320.", "Email marta@kline.example today.", "Meet @ 5 by the gate."]
    )
    def test_a_plane_an_email_and_an_at_sign_are_no_codes(self, content):
        assert of_type(said_by_user(content), "identifier") == []

    def test_a_door_code_answering_yes(self):
        facts = facts_of("Did the landlord send the door code?", "Yes: 7391.")
        assert in_turn(facts, 2, "identifier") == [("7391", "7391")]

    def test_a_yes_to_another_question_names_no_code(self):
        facts = facts_of("Did the landlord call back?", "Yes: 7391.")
        assert in_turn(facts, 2, "identifier") == []


class TestAddresses:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("The florist is at 8 Stonebow, York YO1 7NP.", "8 Stonebow, York YO1 7NP"),
            ("We sign in at Quarry Hill, Leeds LS2 7UE.", "Quarry Hill, Leeds LS2 7UE"),
        ],
    )
    def test_an_address_line_with_its_town_and_postcode(self, content, address):
        assert [value for value, _ in of_type(said_by_assistant(content), "address")] == [address]

    def test_a_building_then_a_number_and_a_name_and_the_town(self):
        facts = said_by_assistant("The hire shop has a branch at Fossway Centre, 14 Walmgate, York.")
        assert [value for value, _ in of_type(facts, "address")] == ["Fossway Centre, 14 Walmgate, York"]

    def test_a_building_then_a_count_is_no_address(self):
        assert of_type(said_by_user("We're meeting at Fir Court, 3 of us."), "address") == []

    def test_a_name_before_a_town_and_postcode_is_no_line(self):
        facts = said_by_user("Thanks Priya, see you in York YO1 7NP.")
        assert [value for value, _ in of_type(facts, "address")] == ["YO1 7NP"]

    def test_a_street_after_a_place_named_in_one_word(self):
        facts = said_by_assistant("Lock-Up on Harbour Road has units from $80.")
        assert [value for value, _ in of_type(facts, "address")] == ["Harbour Road"]

    def test_a_street_after_a_plain_word_is_none(self):
        assert of_type(said_by_user("Parking on Harbour Road is free."), "address") == []
