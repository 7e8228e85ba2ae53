"""Values people give a chat assistant while touring a play, baking for events, doing fieldwork abroad and
selling honey, in the forms the rules used to miss: Peruvian soles, written with their sign ("S/ 145",
"S/60") or as a word after the number ("90 soles"); the days of a list said bare after a month and its first
day ("July 7, 14, 21 and 28"). A code with "S/" inside it and a slash between two numbers are no sums;
counts after a date ("July 8, 12 people and 4 children") are no days; a British half hour after "can we do"
or "curtain up" ("can we do half 6?", "curtain up half seven"), while "can we do half the work" is none. One
case per form, written for these tests (the chat's turns are dated Monday 6 July 2026), with sentences that
look like them and state none."""

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestPeruvianSoles:
    def test_the_sign_before_a_number_with_a_space(self):
        facts = said_by_assistant("The hostel in Arequipa is S/ 145 a night with breakfast.")
        assert of_type(facts, "amount") == [("S/ 145", "145.00 PEN")]

    def test_the_sign_before_a_number_with_thousands(self):
        facts = said_by_assistant("Three months of rent comes to S/3,150 in all.")
        assert of_type(facts, "amount") == [("S/3,150", "3150.00 PEN")]

    def test_the_word_after_the_number(self):
        facts = said_by_user("The guide wants 90 soles for the whole day.")
        assert of_type(facts, "amount") == [("90 soles", "90.00 PEN")]

    def test_a_code_with_the_sign_inside_it_is_no_sum(self):
        assert of_type(said_by_user("The shelf mark is QK/S/12."), "amount") == []

    def test_a_form_number_with_a_slash_is_no_sum(self):
        assert of_type(said_by_user("Fill in form DS/40 for the visa."), "amount") == []


class TestDaysListedAfterAMonth:
    def test_each_day_of_a_list_with_and(self):
        facts = said_by_assistant("The lessons are on July 7, 14, 21 and 28 at the hall.")
        assert [n for _, n in of_type(facts, "date")] == [
            "2026-07-07",
            "2026-07-14",
            "2026-07-21",
            "2026-07-28",
        ]

    def test_each_day_of_a_choice_with_a_comma_before_or(self):
        facts = said_by_user("Any of August 3, 10, or 17 suits me.")
        assert [n for _, n in of_type(facts, "date")] == ["2026-08-03", "2026-08-10", "2026-08-17"]

    def test_counts_after_a_date_are_no_days(self):
        facts = said_by_user("Book the hall for July 8, 12 people and 4 children.")
        assert [n for _, n in of_type(facts, "date")] == ["2026-07-08"]


class TestHalfHoursProposedOrStarting:
    def test_a_half_hour_proposed_after_can_we_do(self):
        facts = facts_of("Drinks at the gallery on Friday at 6 pm?", "can we do half 6? I finish at 6")
        assert ("half 6", "18:30") in in_turn(facts, 2, "time")

    def test_a_half_hour_a_show_starts_at(self):
        facts = said_by_assistant("Buxton Opera House on Tuesday, curtain up half seven.")
        assert of_type(facts, "time") == [("half seven", "19:30")]

    def test_half_of_a_thing_is_no_clock(self):
        assert of_type(said_by_user("can we do half the painting tomorrow?"), "time") == []


class TestEightDigitLocalNumbers:
    def test_a_number_someone_will_ring_from(self):
        facts = said_by_user("The inspector will ring from 5320 7788 the day before.")
        assert [v for v, _ in of_type(facts, "phone")] == ["5320 7788"]

    def test_a_number_to_call_someone_on(self):
        facts = said_by_assistant("You can call the depot on 6123 4590 after nine.")
        assert [v for v, _ in of_type(facts, "phone")] == ["6123 4590"]

    def test_an_order_number_of_the_same_shape_is_no_phone(self):
        assert of_type(said_by_user("The order number is 5320 7788."), "phone") == []


class TestStreetsAfterSavedOrDownAs:
    def test_a_line_with_its_town_and_postcode_after_saved(self):
        facts = said_by_assistant("Saved 3 Mill Gate, Ripon HG4 1AB.")
        assert "3 Mill Gate, Ripon HG4 1AB" in [v for v, _ in of_type(facts, "address")]

    def test_a_street_of_no_number_after_down_as(self):
        facts = said_by_assistant("I have the hall down as Kirkgate, Thirsk YO7 1PQ.")
        assert "Kirkgate, Thirsk YO7 1PQ" in [v for v, _ in of_type(facts, "address")]

    def test_a_clause_before_a_postcode_is_no_line(self):
        facts = said_by_user("I saved the file as well, York YO1 7PX")
        assert [v for v, _ in of_type(facts, "address")] == ["YO1 7PX"]

    def test_a_place_said_the_same_as_before_a_postcode_is_no_line(self):
        facts = said_by_user("It is the same as the hotel, KT1 4DQ.")
        assert [v for v, _ in of_type(facts, "address")] == ["KT1 4DQ"]


class TestWeekdayWeek:
    def test_a_weekday_and_week_is_the_one_after_the_coming_one(self):
        facts = said_by_user("Can you drop the jars round Thursday week, after lunch?")
        assert of_type(facts, "date") == [("Thursday week", "2026-07-16")]

    def test_a_week_ago_is_not_part_of_the_day(self):
        facts = said_by_user("It arrived Monday, a week ago.")
        assert "Monday week" not in [v for v, _ in of_type(facts, "date")]


class TestDatesBeforeAColon:
    def test_a_date_before_a_colon_and_a_count(self):
        facts = said_by_assistant("Noted for July 9: 60 scones and two trays of flapjack.")
        assert of_type(facts, "date") == [("July 9", "2026-07-09")]

    def test_a_clock_after_a_month_is_no_day(self):
        assert of_type(said_by_user("see you in July 3:30 sharp"), "date") == []
