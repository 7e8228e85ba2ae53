"""Values people give a virtual assistant that runs payroll, a renovation, a charity race and a cruise, in
the forms the rules used to miss: a sum moved to an account with no currency ("Move 2,000 to savings") or
said alone after a payment ("It's 3,850."); a post office box with its town, state and zip code; "this week"
said of a visit; a street of no street word after the place on it ("the branch on Monroe"); codes of two
groups of capitals ("EXC-RTB-30217"); the hour a ship docks and "all aboard is 4", "check out is 11"; a
short reply taking up the hour of a clock just said ("Before 7 is good."); the second of two clocks ("at 7
am and 61 by 10"); a month and day with a slash after "for" or "do" ("Book it for 3/22."); a train
numbered after a hash ("Train #518"); an extension after "x" and a space; "A payment of 125.00 is due". A
race's time ("the winning time was 15:48"), "Tomorrow." choosing a slot offered for tomorrow, a day one is
stuck at work and a clock that "won't work" are no values. One case per form, written for these tests (the
chat's turns are dated Monday 6 July 2026), with sentences that look like them and state none, and
questions that only ask."""

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestSumsWithNoCurrency:
    def test_a_sum_moved_to_an_account(self):
        assert of_type(said_by_user("Good. Move 2,000 to savings anyway."), "amount") == [
            ("2,000", "2000.00")
        ]

    def test_a_number_moved_to_a_day_is_no_sum(self):
        assert of_type(said_by_user("Move 30 to Friday."), "amount") == []

    def test_a_sum_said_alone_after_a_payment(self):
        facts = facts_of("The filing fee is $40.", "Noted.", "Pay the late one now. It's 3,850.")
        assert in_turn(facts, 3, "amount") == [("3,850", "3850.00")]

    def test_a_count_said_alone_after_a_question_of_how_many_is_no_sum(self):
        facts = facts_of("The filing fee is $40.", "How many came?", "It's 2,400.")
        assert in_turn(facts, 3, "amount") == []

    def test_an_area_said_alone_is_no_sum(self):
        facts = facts_of("The filing fee is $40.", "Pay it now.", "It's 2,400 square feet.")
        assert in_turn(facts, 3, "amount") == []


class TestPostOfficeBoxes:
    def test_a_box_with_its_town_state_and_zip_code(self):
        facts = said_by_assistant("Mail it to PO Box 4471, Broken Arrow, OK 74012.")
        assert [v for v, _ in of_type(facts, "address")] == ["PO Box 4471, Broken Arrow, OK 74012"]

    def test_a_box_before_a_clause_keeps_only_the_box(self):
        facts = said_by_assistant("Send it to PO Box 12, then call me.")
        assert [v for v, _ in of_type(facts, "address")] == ["PO Box 12"]


class TestThisWeekForAVisit:
    def test_someone_who_can_come_out_this_week(self):
        facts = said_by_user("Find me a contractor who can come out this week.")
        assert of_type(facts, "date") == [("this week", "2026-07-12")]

    def test_how_a_week_went_names_no_date(self):
        assert of_type(said_by_user("I was sick this week."), "date") == []


class TestStreetsOfNoStreetWord:
    def test_a_branch_on_a_street_before_the_day(self):
        facts = said_by_user("Deposit the check at the branch on Monroe tomorrow morning.")
        assert [v for v, _ in of_type(facts, "address")] == ["Monroe"]

    def test_a_crossing_on_a_street(self):
        facts = said_by_user("The city wants an officer at the crossing on Grand.")
        assert [v for v, _ in of_type(facts, "address")] == ["Grand"]

    def test_a_named_place_on_a_street_before_what_it_offers(self):
        facts = said_by_assistant("Fleet Feet on Sprague offers Friday the 17th from 3 to 7 pm.")
        assert [v for v, _ in of_type(facts, "address")] == ["Sprague"]

    def test_a_place_on_a_street_before_a_request(self):
        facts = said_by_user("Let's pick the cabinets. The showroom on Broad, can we go Saturday?")
        assert [v for v, _ in of_type(facts, "address")] == ["Broad"]

    def test_a_place_on_a_day_or_a_website_names_no_street(self):
        assert of_type(said_by_user("Pick up the one on Friday."), "address") == []
        assert of_type(said_by_user("Order it from the store on Amazon."), "address") == []

    def test_a_question_about_the_place_only_asks(self):
        assert of_type(said_by_user("Is the branch on Monroe still open?"), "address") == []


class TestCodesOfTwoGroupsOfCapitals:
    def test_two_tickets_of_two_groups_of_capitals(self):
        facts = said_by_assistant("Booked, tickets EXC-RTB-30217 and EXC-RTB-30218.")
        assert of_type(facts, "identifier") == [
            ("EXC-RTB-30217", "EXC-RTB-30217"),
            ("EXC-RTB-30218", "EXC-RTB-30218"),
        ]

    def test_a_word_with_a_dash_and_a_count_is_no_code(self):
        assert (
            of_type(said_by_assistant("The covid-19 rules and the pre-K class are gone."), "identifier") == []
        )


class TestHoursOfShipsAndStays:
    def test_the_hour_a_ship_docks(self):
        facts = said_by_user("Is there anything later? The ship docks at 7 and we need time.")
        assert of_type(facts, "time") == [("7", "07:00")]

    def test_all_aboard_is_an_hour(self):
        facts = said_by_assistant("The ship leaves at 4:30, so all aboard is 4.")
        assert [v for v, _ in of_type(facts, "time")] == ["4:30", "4"]

    def test_check_out_and_check_in_are_hours(self):
        facts = said_by_assistant("Check out is 11 and check-in is 3.")
        assert of_type(facts, "time") == [("11", "11:00"), ("3", "15:00")]

    def test_counts_after_docks_and_check_in_are_no_hours(self):
        assert of_type(said_by_assistant("The ship docks 2 boats at the pier."), "time") == []
        assert of_type(said_by_assistant("Check-in is 3 people at a time."), "time") == []


class TestHoursTakenUp:
    def test_a_short_reply_taking_up_the_hour_of_a_clock_just_said(self):
        facts = facts_of(
            "Drop the dumpster early.", "It will be there before 7 am.", "Yes. Before 7 is good."
        )
        assert in_turn(facts, 3, "time") == [("7", "07:00")]

    def test_a_count_taken_up_is_no_hour(self):
        facts = facts_of("How many rooms?", "We have 7 rooms.", "7 is good.")
        assert in_turn(facts, 3, "time") == []

    def test_another_hour_than_the_one_said_is_not_taken_up(self):
        facts = facts_of("Drop it early.", "It will be there at 7 am.", "Before 8 is good.")
        assert in_turn(facts, 3, "time") == []

    def test_the_second_of_two_clocks(self):
        facts = said_by_assistant("Sunny, 48 degrees at 7 am and 61 by 10.")
        assert of_type(facts, "time") == [("7 am", "07:00"), ("10", "10:00")]

    def test_a_share_after_a_clock_is_no_hour(self):
        facts = said_by_assistant("Prices opened at 9 am and fell by 10 percent.")
        assert of_type(facts, "time") == [("9 am", "09:00")]


class TestNoValues:
    def test_a_race_time_is_no_clock(self):
        assert of_type(said_by_assistant("Congratulations! The winning time was 15:48."), "time") == []
        assert of_type(said_by_assistant("She finished in 22:10, a personal best."), "time") == []

    def test_a_race_that_starts_at_a_clock_keeps_it(self):
        assert of_type(said_by_assistant("The race starts at 8:15."), "time") == [("8:15", "08:15")]

    def test_tomorrow_chosen_among_slots_offered_for_it(self):
        facts = facts_of(
            "When can they come?",
            "They can deliver tomorrow between noon and 2, or Wednesday at 8 am.",
            "Tomorrow.",
        )
        assert in_turn(facts, 3, "date") == []

    def test_tomorrow_said_with_no_slot_offered_for_it_is_a_day(self):
        facts = facts_of("When can they come?", "Ask Tom.", "Tomorrow.")
        assert in_turn(facts, 3, "date") == [("Tomorrow", "2026-07-07")]

    def test_a_day_one_is_stuck_at_work(self):
        facts = said_by_user("I'm stuck at work Wednesday morning, so come Thursday.")
        assert [v for v, _ in of_type(facts, "date")] == ["Thursday"]

    def test_a_clock_that_will_not_work_is_no_address(self):
        facts = said_by_assistant("The zip line returns around 2:15 so the boat at 1 won't work.")
        assert of_type(facts, "address") == []


class TestDatesWithASlashAfterARequest:
    def test_a_month_and_day_after_for_and_do(self):
        assert of_type(said_by_user("Book it for 3/22."), "date") == [("3/22", "2026-03-22")]
        assert of_type(said_by_user("Can we do 4/15 instead?"), "date") == [("4/15", "2026-04-15")]

    def test_a_fraction_after_for_or_by_is_no_day(self):
        assert of_type(said_by_user("I'll pay for 1/2 of it."), "date") == []
        assert of_type(said_by_user("Cut it by 3/4 please."), "date") == []


class TestMoreTrainsExtensionsAndSums:
    def test_a_train_numbered_after_a_hash(self):
        assert of_type(said_by_assistant("Train #518 is on time."), "identifier") == [("518", "518")]

    def test_an_extension_after_x_and_a_space(self):
        facts = said_by_assistant("Call (214) 555-0188 x 22.")
        assert of_type(facts, "phone") == [("(214) 555-0188 x 22", "2145550188;ext=22")]

    def test_x_before_a_count_is_no_extension(self):
        facts = said_by_assistant("Call (214) 555-0188 x 2 or 3 times.")
        assert of_type(facts, "phone") == [("(214) 555-0188", "2145550188")]

    def test_a_payment_of_a_sum_before_what_is_done_with_it(self):
        facts = said_by_assistant("A payment of 125.00 is due Friday.")
        assert of_type(facts, "amount") == [("125.00", "125.00")]

    def test_a_number_before_what_is_done_with_it_is_no_sum(self):
        assert of_type(said_by_assistant("The deposit for room 212 is paid."), "amount") == []
        assert of_type(said_by_assistant("A total of 12 is expected."), "amount") == []


class TestAbbreviatedMonthsAndProposals:
    def test_a_day_after_an_abbreviated_december_ends_no_sentence(self):
        facts = said_by_assistant("Your check-in is Wed. Dec. 3 at 4 pm.")
        assert of_type(facts, "date") == [("Wed. Dec. 3", "2026-12-03")]

    def test_a_month_and_day_with_a_slash_after_book(self):
        assert of_type(said_by_user("Book 12/3 for me."), "date") == [("12/3", "2026-03-12")]

    def test_a_share_of_seats_booked_is_no_day(self):
        assert of_type(said_by_user("Book 1/4 of the seats."), "date") == []

    def test_later_today_and_a_bare_hour_asked(self):
        assert of_type(said_by_user("Later today around 4?"), "time") == [("4", "16:00")]

    def test_what_time_later_today_only_asks(self):
        assert of_type(said_by_user("What time later today?"), "time") == []


class TestPartiesAndPayments:
    def test_an_hour_after_the_party(self):
        assert of_type(said_by_user("Make it for 4 people at 8."), "time") == [("8", "20:00")]

    def test_a_count_of_tables_after_a_party_is_no_hour(self):
        assert of_type(said_by_user("We are 4 people at 8 tables."), "time") == []

    def test_a_sum_put_toward_a_card(self):
        assert of_type(said_by_user("Put 300 toward the Visa."), "amount") == [("300", "300.00")]

    def test_a_number_put_toward_a_goal_is_no_sum(self):
        assert of_type(said_by_user("Put 300 toward my goal of running."), "amount") == []

    def test_a_sum_sent_through_an_app_to_a_friend(self):
        assert of_type(said_by_user("Venmo Jake 40 for lunch."), "amount") == [("40", "40.00")]


class TestLimitsAndOffersInThousands:
    def test_a_limit_in_thousands_on_what_is_shopped_for(self):
        facts = said_by_user("I'm shopping for a used SUV under 25k around Kansas City.")
        assert of_type(facts, "amount") == [("25k", "25000.00")]

    def test_a_limit_in_thousands_of_miles_or_views_is_no_sum(self):
        assert of_type(said_by_user("I want a car under 30k miles."), "amount") == []
        assert of_type(said_by_user("We ran 5k this morning."), "amount") == []

    def test_a_price_in_thousands_passed_on(self):
        facts = facts_of("The doc fee is $499.", "Noted.", "Tell him 23,800 and I'll sign tomorrow.")
        assert in_turn(facts, 3, "amount") == [("23,800", "23800.00")]

    def test_a_count_in_thousands_passed_on_is_no_sum(self):
        facts = facts_of("The doc fee is $499.", "Noted.", "Tell them 2,000 people are coming.")
        assert in_turn(facts, 3, "amount") == []


class TestLocalNumbers:
    def test_a_local_number_after_call_someone_at(self):
        facts = said_by_assistant("Call their front desk at 555-0134.")
        assert of_type(facts, "phone") == [("555-0134", "5550134")]

    def test_a_room_after_call_is_no_number(self):
        assert of_type(said_by_assistant("Call the hotel about room 555-0134."), "phone") == []
