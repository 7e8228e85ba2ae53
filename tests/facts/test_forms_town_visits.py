"""Values a town's desks say in tokenised text over several visits, in forms the other test modules do not
hold: phones with spaced dashes, an extension after "ext." and a space, a train id whose number looks like a
year, a reference ending in a letter, a hire number, "10 to 2" after the day it is on (a window) or as a
game's result (no clock), the end of a window after "from" and a clock, the hour asked for in a question for
a ride, a street said after a postcode, a venue at a house number and a one-word street before what it does,
a car park on a street, a street where a ride is asked to stop, and a likeness or a floor that is no address;
then a phone's area code in spaced brackets, a country code's number with spaced dashes or "( 0 )", check-in
and check-out at bare hours, a ride's stops at bare hours, pence after "comes to", a price after "come to",
a slashed code to quote, a log number, a house number said after its street, minutes to or past midnight, a
clock proposed with "can we do", a lower-case reference ending in a letter, a service's hours after "runs",
prices for whom with no currency, a refund with no currency, a registration plate in lower case, a street a
place is "in", pence said after a currency word and an item number.
One case per general form, written for these tests, with the sentences that look like them and state none,
and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user, values


class TestPhonesWithSpacedDashes:
    @pytest.mark.parametrize(
        "content,phone,normalised",
        [
            ("ring the depot on 01632 - 961 - 402 .", "01632 - 961 - 402", "01632961402"),
            ("the card line is 0800 - 496 - 0177 .", "0800 - 496 - 0177", "08004960177"),
            ("their number is 01632 961 - 538 .", "01632 961 - 538", "01632961538"),
        ],
    )
    def test_the_groups_joined_by_a_spaced_dash_are_one_number(self, content, phone, normalised):
        assert of_type(said_by_assistant(content), "phone") == [(phone, normalised)]

    @pytest.mark.parametrize(
        "content",
        ["the walk is 10 - 12 minutes from the quay .", "the desk is staffed 0900 - 1730 ."],
    )
    def test_a_range_of_minutes_or_hours_is_no_phone(self, content):
        assert values(content, "phone") == []


class TestExtensionAfterItsAbbreviation:
    @pytest.mark.parametrize(
        "content,phone",
        [
            ("the ward is on 01632961870 , ext. 31 .", "01632961870 , ext. 31"),
            ("the ward is on 01632961870 , ext . 31 .", "01632961870 , ext . 31"),
        ],
    )
    def test_the_extension_stays_with_the_number(self, content, phone):
        assert of_type(said_by_assistant(content), "phone") == [(phone, "01632961870;ext=31")]


class TestTrainIdsAndCodes:
    def test_a_train_id_whose_number_looks_like_a_year(self):
        assert of_type(said_by_assistant("tr 2047 leaves at 10:15 ."), "identifier") == [
            ("tr 2047", "TR2047")
        ]

    def test_a_train_id_whose_number_looks_like_a_year_said_back_alone(self):
        facts = facts_of("which train should we take ?", "tr 2047 .", "ok , tr 2047 , thanks .")
        assert in_turn(facts, 2, "identifier") == [("tr 2047", "TR2047")]
        assert in_turn(facts, 3, "identifier") == [("tr 2047", "TR2047")]

    def test_a_year_after_a_train_is_no_id(self):
        assert values("we last went by train in 2019 .", "identifier", role="user") == []

    def test_a_reference_that_ends_in_a_letter(self):
        assert of_type(said_by_assistant("your reference is KPT 4471 F ."), "identifier") == [
            ("KPT 4471 F", "KPT4471F")
        ]

    def test_a_word_after_a_reference_is_not_part_of_it(self):
        assert values("your reference is KPT 4471 I think .", "identifier") == ["KPT 4471"]

    def test_a_hire_number(self):
        assert of_type(said_by_assistant("your hire number is BK 2208 ."), "identifier") == [
            ("BK 2208", "BK2208")
        ]

    def test_a_hire_firm_s_phone_is_no_hire_number(self):
        said = said_by_assistant("the bike hire number is 01632 960 113 .")
        assert of_type(said, "identifier") == []
        assert of_type(said, "phone") == [("01632 960 113", "01632960113")]


class TestTenToTwo:
    def test_after_the_day_it_is_on_it_is_a_window(self):
        assert of_type(said_by_assistant("the plumber comes on 9 nov , 10 to 2 ."), "time") == [
            ("10 to 2", "10:00-14:00")
        ]

    def test_a_game_s_result_is_no_clock(self):
        facts = facts_of("who won the cup on saturday ?", "rovers , 5 to 4 .")
        assert in_turn(facts, 2, "time") == []

    def test_after_at_it_is_still_a_clock(self):
        assert of_type(said_by_assistant("the coach leaves at 10 to 2 ."), "time") == [("10 to 2", "01:50")]

    @pytest.mark.parametrize(
        "content",
        [
            "the holiday club takes 8 to 11 year olds .",
            "Our niece is 5 to 6 years old by now.",
            "the minibus fits 10 to 12 people .",
            "It is usually 20 to 25 minutes on foot.",
        ],
    )
    def test_a_range_of_ages_people_or_minutes_is_no_clock(self, content):
        assert values(content, "time") == []


class TestWindowEnds:
    def test_a_bare_hour_after_from_a_clock_and_to(self):
        assert of_type(said_by_user("we need the hall from 9 am to 12 ."), "time") == [
            ("9 am to 12", "09:00-12:00")
        ]

    def test_a_count_after_to_ends_no_window(self):
        assert values("the club takes kids from 9 am to 12 years old .", "time") == ["9 am"]


class TestHourAskedForARide:
    @pytest.mark.parametrize(
        "content,hour,normalised",
        [
            ("is there a coach to fenmoor after 4 ?", "4", "16:00"),
            ("are there any trains back before 9 ?", "9", "09:00"),
        ],
    )
    def test_the_hour_a_ride_is_wanted_at(self, content, hour, normalised):
        assert of_type(said_by_user(content), "time") == [(hour, normalised)]

    @pytest.mark.parametrize("content", ["is it after 4 ?", "is there a bus with 4 seats ?"])
    def test_a_question_about_the_hour_or_a_count_names_none(self, content):
        assert values(content, "time", role="user") == []


class TestStreetsAroundVenues:
    def test_a_street_said_after_a_postcode(self):
        assert values("the postcode is fm3 2qd , on chapel hill .", "address") == ["fm3 2qd", "chapel hill"]

    def test_a_phrase_after_a_postcode_that_is_no_street(self):
        assert values("the postcode is fm3 2qd , on the whole .", "address") == ["fm3 2qd"]

    def test_a_venue_at_a_number_and_a_one_word_street_before_what_it_does(self):
        assert values("the fish bar at 14 quayside stays open late .", "address") == ["14 quayside"]

    def test_a_table_at_an_hour_is_no_address(self):
        assert values("the table at 8 tonight is booked .", "address") == []

    @pytest.mark.parametrize(
        "content",
        [
            "the car park on tanner way charges £ 3 an hour .",
            "the multi storey on tanner way charges £ 2 a day .",
        ],
    )
    def test_a_car_park_on_a_street(self, content):
        assert values(content, "address") == ["tanner way"]

    def test_a_street_where_a_ride_is_asked_to_stop(self):
        content = "can the cab stop at the old bell inn on ferry lane ?"
        assert values(content, "address", role="user") == ["ferry lane"]

    def test_a_question_about_a_street_names_none(self):
        assert values("is there an inn on ferry lane ?", "address", role="user") == []

    @pytest.mark.parametrize(
        "content,addresses",
        [
            ("it is the same as the hotel , fm3 2qd .", ["fm3 2qd"]),
            ("it is on the second floor of the east block .", []),
        ],
    )
    def test_a_likeness_or_a_floor_is_no_address(self, content, addresses):
        assert values(content, "address") == addresses


class TestMorePhoneShapes:
    @pytest.mark.parametrize(
        "content,phone,normalised",
        [
            ("the number is ( 01632 ) 960 447 .", "( 01632 ) 960 447", "01632960447"),
            ("the ward is on +44 1632 - 960 - 447 .", "+44 1632 - 960 - 447", "+441632960447"),
            ("their line is +44 ( 0 ) 1632 960 515 .", "+44 ( 0 ) 1632 960 515", "+441632960515"),
        ],
    )
    def test_brackets_and_dashes_said_apart(self, content, phone, normalised):
        assert of_type(said_by_assistant(content), "phone") == [(phone, normalised)]

    def test_minutes_after_a_spaced_dash_are_not_part_of_the_number(self):
        said = said_by_assistant("call +44 1632 960447 - 10 minutes before you arrive .")
        assert of_type(said, "phone") == [("+44 1632 960447", "+441632960447")]


class TestMoreBareHours:
    @pytest.mark.parametrize(
        "content,hours",
        [("check out is by 11 .", ["11"]), ("check-in is after 2 and check-out by 10 .", ["2", "10"])],
    )
    def test_check_in_and_check_out(self, content, hours):
        assert values(content, "time") == hours

    def test_a_ride_s_stop_at_an_hour(self):
        assert values("the first stop is 6 kiln lane at 9 , then the quay .", "time") == ["9"]

    @pytest.mark.parametrize(
        "content", ["can we check in at 2 ?", "you can check in at 3 desks by the door ."]
    )
    def test_a_question_or_a_count_is_none(self, content):
        assert values(content, "time", role="user") == []

    @pytest.mark.parametrize(
        "content,time,normalised",
        [
            ("the flight lands at five to midnight .", "five to midnight", "23:55"),
            ("the last tram is at ten past midnight .", "ten past midnight", "00:10"),
            ("the office shuts at ten to noon .", "ten to noon", "11:50"),
        ],
    )
    def test_minutes_to_or_past_midnight_and_noon(self, content, time, normalised):
        assert of_type(said_by_assistant(content), "time") == [(time, normalised)]


class TestMorePrices:
    def test_pence_after_comes_to(self):
        assert of_type(said_by_assistant("the fare comes to 47p ."), "amount") == [("47p", "0.47 GBP")]

    def test_a_screen_s_lines_are_no_pence(self):
        assert values("the screen is 720p .", "amount") == []

    def test_a_price_with_no_currency_after_come_to(self):
        content = "two adults and three children come to 44.50 ."
        assert of_type(said_by_assistant(content), "amount") == [("44.50", "44.50")]

    def test_a_distance_after_came_to_is_no_price(self):
        assert values("the walk came to 3.50 miles .", "amount") == []


class TestMoreCodesAndStreets:
    def test_a_slashed_code_to_quote(self):
        assert values("please quote ab/2291 when you arrive .", "identifier") == ["ab/2291"]

    def test_a_log_number(self):
        assert values("your log number is ln 2204 .", "identifier") == ["ln 2204"]

    def test_a_house_number_said_after_its_street(self):
        assert values("the shop is on the high street , number 12 .", "address") == [
            "the high street , number 12"
        ]

    def test_a_number_that_goes_on_is_no_house_number(self):
        assert values("the bus stops on mill lane , number 12 is the one you want .", "address") == [
            "mill lane"
        ]


class TestMoreValuesOfDesks:
    def test_a_clock_proposed_with_can_we_do(self):
        assert of_type(said_by_user("actually , can we do 19.45 ?"), "time") == [("19.45", "19:45")]

    def test_a_sum_offered_with_can_you_do_is_no_clock(self):
        assert values("can you do 19.45 for the lot ?", "time", role="user") == []

    def test_a_lower_case_reference_ending_in_a_letter(self):
        assert values("my reference was bk 4471 r .", "identifier", role="user") == ["bk 4471 r"]

    def test_an_article_after_a_reference_is_not_part_of_it(self):
        assert values("my reference was bk 4471 a week ago .", "identifier", role="user") == ["bk 4471"]

    def test_the_hours_a_service_runs(self):
        assert values("the blood test clinic runs 8 till 12 on weekdays .", "time") == ["8 till 12"]

    def test_a_person_s_habit_keeps_no_hours(self):
        assert values("my son runs 8 till 12 most days .", "time") == []

    def test_prices_for_whom_with_no_currency(self):
        assert values("it is 6.50 for adults and 3.25 for kids .", "amount") == ["6.50", "3.25"]

    def test_a_refund_with_no_currency(self):
        assert values("your refund of 19.70 will show on your card soon .", "amount") == ["19.70"]

    def test_a_registration_plate_in_lower_case(self):
        said = said_by_assistant("it is a silver skoda , reg ae14 kpt .")
        assert of_type(said, "identifier") == [("ae14 kpt", "AE14KPT")]


class TestStreetAPlaceIsIn:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("the surgery is in mill lane .", "mill lane"),
            ("the office is in bridge street , near the bank .", "bridge street"),
            ("it is in st mary 's passage .", "st mary 's passage"),
        ],
    )
    def test_a_street_named_with_its_street_word(self, content, street):
        assert values(content, "address") == [street]

    @pytest.mark.parametrize(
        "content", ["she is in a bad way .", "the bikes are in the back yard .", "it is in high demand ."]
    )
    def test_a_state_or_a_part_of_a_house_is_no_street(self, content):
        assert values(content, "address") == []


class TestPenceAfterACurrencyWordAndItemNumbers:
    @pytest.mark.parametrize(
        "content,amount,normalised",
        [
            ("the family pass is twenty two pounds fifty .", "twenty two pounds fifty", "22.50 GBP"),
            ("a locker is twelve pounds 50 .", "twelve pounds 50", "12.50 GBP"),
            ("it is 4 pounds seventy five each .", "4 pounds seventy five", "4.75 GBP"),
        ],
    )
    def test_pence_in_words_or_digits_after_the_pounds(self, content, amount, normalised):
        assert of_type(said_by_assistant(content), "amount") == [(amount, normalised)]

    def test_a_count_after_the_pounds_is_no_pence(self):
        assert values("it is 10 pounds for two people .", "amount") == ["10 pounds"]

    def test_an_item_number(self):
        assert values("your item number is 44/7710 .", "identifier") == ["44/7710"]
