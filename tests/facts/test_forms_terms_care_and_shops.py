"""Values people give a phone assistant over a student's term, an elderly parent's care, a small shop's
orders and a pet's summer, in the forms the rules used to miss: a code of capitals and digits after a
scheme's name and "number", digits in a phone's groups after an NHS or a passport number, a prescription's
number with its check digits after "Rx", three dash groups of capitals and digits said anywhere, two codes
after a plural word that names them, capitals, a year and a number between slashes, a BSB and the account
number after it, a code said again that holds a phone's shape; a window opened by half an hour in words
("half seven till 4"), half an hour chosen from the clocks offered ("Half eight, I'll ..."), a bare hour
"at the latest", the hour of closing named ("Close is ten"); a price before or after a change in words
beside the sum in figures ("up from twenty nine fifty", "down to $45 from sixty two fifty"), the two words
alone answering "What was it before?"; a day of the month after "back"; a shop's number before its street,
a street of "Camino" after a compass point, and a street of no street word after a place named with a word
of what it is ("Kestrel Eye Care on Ventura"); a room numbered with a full stop is no floor of a building
cut short ("room 3.014"), and a count after a sum and "for" is no sum ("$648.00 for 120"). One case per
form, written for these tests (the chat's turns are dated Monday 6 July 2026), with sentences that look
like them and state none, and questions that only ask."""

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestCodes:
    def test_a_code_after_a_scheme_name_and_number(self):
        facts = said_by_assistant("I've saved her Medicare number 3QR7-HW2-PL58 to the notes.")
        assert of_type(facts, "identifier") == [("3QR7-HW2-PL58", "3QR7-HW2-PL58")]

    def test_a_room_number_is_no_code(self):
        assert of_type(said_by_user("Her room number is 12B, on the first floor."), "identifier") == []

    def test_digits_in_a_phones_groups_after_a_scheme_of_peoples_numbers(self):
        facts = said_by_user("Her NHS number is 612 449 0873, if the surgery asks.")
        assert of_type(facts, "identifier") == [("612 449 0873", "6124490873")]
        assert of_type(facts, "phone") == []

    def test_the_number_of_a_schemes_office_is_a_phone(self):
        facts = said_by_user("The passport office number is 0300 555 0177.")
        assert of_type(facts, "identifier") == []

    def test_a_prescription_number_with_check_digits_after_rx(self):
        facts = said_by_user("His Rx number is 4419027-05, for the blood pressure pills.")
        assert of_type(facts, "identifier") == [("4419027-05", "4419027-05")]

    def test_three_dash_groups_of_capitals_and_digits_said_alone(self):
        facts = facts_of("I need his insurance card.", "Please read me the number.", "It's 7KD2-MW4-QT90.")
        assert in_turn(facts, 3, "identifier") == [("7KD2-MW4-QT90", "7KD2-MW4-QT90")]

    def test_groups_without_letters_and_digits_mixed_are_no_code(self):
        facts = said_by_user("We took the A-1-B road past the COVID-19 clinic.")
        assert of_type(facts, "identifier") == []

    def test_two_codes_after_a_plural_word_that_names_them(self):
        facts = said_by_assistant("Booked. The ride numbers are RV330182 and RV330183.")
        assert of_type(facts, "identifier") == [("RV330182", "RV330182"), ("RV330183", "RV330183")]

    def test_two_counts_after_a_plural_word_are_no_codes(self):
        facts = said_by_user("Our table numbers are 4 and 5, near the stage.")
        assert of_type(facts, "identifier") == []

    def test_capitals_a_year_and_a_number_between_slashes(self):
        facts = said_by_user("Kiln & Co is KP/2026/0417, paid last week.")
        assert of_type(facts, "identifier") == [("KP/2026/0417", "KP/2026/0417")]

    def test_a_date_between_slashes_is_no_code(self):
        assert of_type(said_by_user("The invoice is dated 14/07/2026."), "identifier") == []

    def test_a_bsb_and_the_account_number_after_it(self):
        facts = said_by_user("The supplier's BSB and account are 082-401 55120387.")
        assert of_type(facts, "identifier") == [("082-401", "082-401"), ("55120387", "55120387")]

    def test_a_span_of_digits_without_a_bsb_named_is_no_code(self):
        assert of_type(said_by_user("We sold 082-401 units this year."), "identifier") == []

    def test_a_code_said_again_holds_no_phone(self):
        facts = facts_of(
            "My member number for the optician is HSF 5512 0837 44.", "Saved HSF 5512 0837 44 to your notes."
        )
        assert in_turn(facts, 2, "identifier") == [("HSF 5512 0837 44", "HSF5512083744")]
        assert in_turn(facts, 2, "phone") == []


class TestHours:
    def test_a_window_opened_by_half_an_hour_in_words(self):
        facts = said_by_user("Wednesday 9 to 1, Friday 5pm to close, and Sunday half ten till 4.")
        assert ("half ten till 4", "10:30-16:00") in of_type(facts, "time")

    def test_half_an_hour_before_a_count_is_no_window(self):
        assert of_type(said_by_user("We sold half a dozen till 4 people were left."), "time") == []

    def test_half_an_hour_chosen_from_the_clocks_offered(self):
        facts = facts_of(
            "Can the groomer take her on Friday?",
            "They have 9:30 or 12:15 on Friday.",
            "Half nine, I'll drop her.",
        )
        assert in_turn(facts, 3, "time") == [("Half nine", "09:30")]

    def test_half_an_hour_chosen_with_a_condition_after_it(self):
        facts = facts_of(
            "Any slots tomorrow?", "They have 10:30 or 2:30 tomorrow.", "Half two, if that is fine."
        )
        assert [value for value, _ in in_turn(facts, 3, "time")] == ["Half two"]

    def test_half_an_hour_no_clock_offered_holds_is_none(self):
        facts = facts_of(
            "Can the groomer take her on Friday?",
            "They have 9:30 or 12:15 on Friday.",
            "Half ten, I'll drop her.",
        )
        assert in_turn(facts, 3, "time") == []

    def test_a_bare_hour_at_the_latest(self):
        facts = said_by_user("The ferry's at 2:40, so 11 at the latest.")
        assert ("11", "11:00") in of_type(facts, "time")

    def test_a_count_at_the_latest_count_is_no_hour(self):
        assert of_type(said_by_user("The boys are 11 at the latest count."), "time") == []

    def test_the_hour_of_closing_named(self):
        assert [
            value for value, _ in of_type(said_by_user("Closing time is eleven on Fridays."), "time")
        ] == ["eleven"]

    def test_an_opening_in_a_wall_is_no_hour(self):
        assert of_type(said_by_user("The opening is 4 metres wide."), "time") == []


class TestSums:
    def test_a_price_before_a_change_in_words_beside_the_sum_in_figures(self):
        facts = said_by_user("The gym wants $41.90 a month now, up from thirty six fifty.")
        assert of_type(facts, "amount") == [("$41.90", "41.90 USD"), ("thirty six fifty", "36.50")]

    def test_a_big_sum_before_a_change_in_words(self):
        facts = said_by_user("The rent is £1,400 now, up from thirteen twenty.")
        assert ("thirteen twenty", "1320.00") in of_type(facts, "amount")

    def test_two_numbers_after_up_from_with_no_sum_beside_them_are_none(self):
        assert of_type(said_by_user("The class moved up from six thirty."), "amount") == []

    def test_two_words_alone_answering_what_it_was_before(self):
        facts = facts_of(
            "The council tax is going up to £186 a month.", "Noted. What was it before?", "One seventy."
        )
        assert in_turn(facts, 3, "amount") == [("One seventy", "170.00")]

    def test_a_price_in_words_after_the_sum_it_fell_to(self):
        facts = said_by_user("The tickets went down to $45 from sixty two fifty.")
        assert ("sixty two fifty", "62.50") in of_type(facts, "amount")

    def test_two_words_alone_after_another_question_are_none(self):
        facts = facts_of(
            "The council tax is going up to £186 a month.", "Noted. Which day is it taken?", "One seventy."
        )
        assert in_turn(facts, 3, "amount") == []


class TestDaysAndPlaces:
    def test_a_day_of_the_month_after_back(self):
        facts = said_by_user("Out on the 9th, and back the 14th after the show.")
        assert of_type(facts, "date") == [("the 9th", "2026-07-09"), ("the 14th", "2026-07-14")]

    def test_back_before_a_row_is_no_day(self):
        assert of_type(said_by_user("We sat at the back, the 3rd row."), "date") == []

    def test_a_shops_number_before_its_street(self):
        facts = said_by_assistant("The fitters come to Shop 7, 18 Chapel Street, Prahran VIC 3181 on Monday.")
        assert (
            "Shop 7, 18 Chapel Street, Prahran VIC 3181",
            "Shop 7, 18 Chapel Street, Prahran VIC 3181",
        ) in (of_type(facts, "address"))

    def test_a_camino_after_a_compass_point(self):
        facts = said_by_assistant("The van picks him up at 4410 E Camino Los Robles at 9:15 am.")
        assert of_type(facts, "address") == [("4410 E Camino Los Robles", "4410 E Camino Los Robles")]

    def test_a_street_of_no_street_word_after_a_named_place(self):
        facts = said_by_user("Kestrel Eye Care on Ventura, they have all his records.")
        assert of_type(facts, "address") == [("Ventura", "Ventura")]

    def test_a_day_or_a_site_after_a_named_place_is_no_street(self):
        assert of_type(said_by_user("We saw Ana at Kestrel Eye Care on Tuesday."), "address") == []
        assert of_type(said_by_user("Kestrel Hair on Instagram has the photos."), "address") == []

    def test_a_room_numbered_with_a_full_stop_is_not_cut_into_an_address(self):
        facts = said_by_assistant("The seminar is in the Brunel Building, room 3.014, at 2 pm.")
        assert of_type(facts, "address") == []


class TestCounts:
    def test_a_count_after_a_sum_and_for_is_no_sum(self):
        facts = said_by_assistant("The mugs are $5.40 each, so $648.00 for 120.")
        assert of_type(facts, "amount") == [("$5.40", "5.40 USD"), ("$648.00", "648.00 USD")]
