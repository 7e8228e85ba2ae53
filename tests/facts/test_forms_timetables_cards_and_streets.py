"""Values a desk says in forms read since: the window a thing runs in at a frequency ("on the hour from 10 to
4"), whatever price is said beside it; a card number whose last group is short, after talk of a card; a
lower-case code of two letter groups; a road said with "the" (or a street with its street word) after a place
named in lower case; streets named "brae"; "by the weekend"; half an hour offered beside a clock; a bare hour
before its day; a room offered at a price. Written for these tests; the chats are said on Monday 6 July
2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, values


class TestAWindowRunAtAFrequency:
    @pytest.mark.parametrize(
        ("said", "value", "window"),
        [
            ("The castle walk is 4 extra , on the hour from 10 to 3 .", "10 to 3", "10:00-15:00"),
            ("Boats leave every hour from 9 to 5 .", "9 to 5", "09:00-17:00"),
            ("The minibus goes every 20 minutes from 7 till 11 .", "7 till 11", "07:00-11:00"),
            ("The shuttle is hourly between 8 and 12 .", "between 8 and 12", "08:00-12:00"),
            ("Tastings every half hour from 12 until 4 , 6 each .", "12 until 4", "12:00-16:00"),
        ],
    )
    def test_the_window_is_read(self, said, value, window):
        assert (value, window) in of_type(said_by_assistant(said), "time")

    @pytest.mark.parametrize(
        "said",
        [
            "Is the castle walk on the hour from 10 to 3 ?",  # asked, not said
            "It runs every hour from 2 to 3 people .",  # a count
            "Take a sip every hour from 8 to 8 .",  # no window
        ],
    )
    def test_near_forms_give_no_window(self, said):
        assert of_type(said_by_assistant(said), "time") == []


class TestACardNumberInItsGroups:
    @pytest.mark.parametrize(
        ("asked", "said", "value"),
        [
            ("What's the long number on your card?", "Mine's 4929 1180 0562 3.", "4929 1180 0562 3"),
            ("The card number is on the back.", "It's 5412 0091 7730 2218.", "5412 0091 7730 2218"),
            ("Read me the card, please.", "4929 1180 0562 37 , expiry 09/28.", "4929 1180 0562 37"),
        ],
    )
    def test_after_talk_of_a_card_it_is_the_card_number(self, asked, said, value):
        assert in_turn(facts_of(asked, said), 2, "identifier") == [(value, value)]
        assert in_turn(facts_of(asked, said), 2, "phone") == []

    def test_said_after_the_word_card_with_a_last_group_of_one_digit(self):
        assert values("Your card number is 6011 2290 4417 8 .", "identifier") == ["6011 2290 4417 8"]

    @pytest.mark.parametrize(
        ("asked", "said"),
        [
            ("What's the long number on your card?", "Is it 4929 1180 0562 3?"),  # asked back
            ("Which card did you use?", "I paid 1200 1500 1800 2 times."),  # counts
            ("What's your number?", "4929 1180 0562 3."),  # no card talked of
        ],
    )
    def test_near_forms_are_no_card_number(self, asked, said):
        assert in_turn(facts_of(asked, said), 2, "identifier") == []


class TestACodeOfTwoLetterGroupsInLowerCase:
    @pytest.mark.parametrize(
        ("said", "value"),
        [
            ("the cat is on another one , hx-qt-2093115 .", "hx-qt-2093115"),
            ("ours is under kw-de-77104 .", "kw-de-77104"),
        ],
    )
    def test_the_code_is_read(self, said, value):
        assert values(said, "identifier", role="user") == [value]

    @pytest.mark.parametrize("said", ["we had a co-op-2000 kettle .", "it was pre-covid-2019 ."])
    def test_a_year_or_a_short_number_is_none(self, said):
        assert values(said, "identifier", role="user") == []


class TestAStreetAfterAPlaceNamedInLowerCase:
    @pytest.mark.parametrize(
        "said",
        [
            "the big asda on the bypass is open late .",
            "there 's a aldi on the bypass .",
            "the nearest is halfords on the bypass , open till 8 .",
            "the ice cream hut on the seafront does cones .",
        ],
    )
    def test_the_road_is_the_address(self, said):
        assert values(said, "address") in (["the bypass"], ["the seafront"])

    def test_a_street_with_its_street_word_before_what_the_place_does(self):
        said = "papa johns on tanner street do 2 large for 21.99 ."
        assert values(said, "address", role="user") == ["tanner street"]

    @pytest.mark.parametrize(
        "said",
        [
            "there 's traffic on the bypass .",
            "we got stuck on the bypass .",
            "a walk on the promenade is nice .",
            "is there an aldi on the bypass ?",
        ],
    )
    def test_what_goes_on_along_the_road_is_no_address(self, said):
        assert values(said, "address") == []


class TestAStreetNamedBrae:
    @pytest.mark.parametrize(
        ("said", "value"),
        [
            ("the short stay is on quarry brae , 3.20 a day .", "quarry brae"),
            ("the bakery on kirk brae does rolls .", "kirk brae"),
            ("it 's 14 kirk brae .", "14 kirk brae"),
        ],
    )
    def test_the_street_is_read(self, said, value):
        assert values(said, "address") == [value]

    def test_a_brae_walked_up_is_no_address(self):
        assert values("we walked up the brae .", "address", role="user") == []


class TestTheWeekendAsADayBy:
    @pytest.mark.parametrize(
        "said",
        ["the new part should be with you by the weekend .", "it will be fixed before the weekend ."],
    )
    def test_the_weekend_is_the_day(self, said):
        assert of_type(said_by_assistant(said), "date") == [("the weekend", "2026-07-12")]

    @pytest.mark.parametrize(
        "said", ["we are shut at the weekend .", "we charge by the week .", "flats are let by the month ."]
    )
    def test_near_forms_name_no_day(self, said):
        assert of_type(said_by_assistant(said), "date") == []


class TestHalfAnHourOfferedBesideAClock:
    @pytest.mark.parametrize(
        ("said", "value", "clock"),
        [
            ("we 're full until 7.30 . i can do half seven or after 21:00 .", "half seven", "19:30"),
            ("i can do half eight or 21:15 .", "half eight", "20:30"),
        ],
    )
    def test_half_past_the_hour_in_the_clock_s_half_of_the_day(self, said, value, clock):
        assert (value, clock) in of_type(said_by_assistant(said), "time")

    def test_half_of_a_price_is_no_clock(self):
        assert of_type(said_by_assistant("it 's half price or 12:00 ."), "time") == [("12:00", "12:00")]


class TestARoomOfferedAtAPrice:
    @pytest.mark.parametrize(
        ("said", "value"),
        [
            ("one twin for thursday at 89 .", "89"),
            ("a family room at 135 , breakfast in .", "135"),
            ("a cabin for 2 nights at 160 .", "160"),
        ],
    )
    def test_the_price_is_read(self, said, value):
        assert values(said, "amount") == [value]

    @pytest.mark.parametrize(
        "said",
        [
            "a table for 4 at 20 .",  # a clock
            "a room for friday at 12 .",  # a clock
            "can i have a double at 99 ?",  # asked
            "the room at 40 degrees is too warm .",  # measured
        ],
    )
    def test_near_forms_are_no_price(self, said):
        assert values(said, "amount") == []


class TestAnHourStraightBeforeItsDay:
    @pytest.mark.parametrize(
        ("said", "value"),
        [("you can pick it up after 3 thursday , at the desk .", "3"), ("come at 10 saturday .", "10")],
    )
    def test_the_hour_is_read_beside_the_day(self, said, value):
        assert [v for v, _ in of_type(said_by_assistant(said), "time")] == [value]

    @pytest.mark.parametrize(
        "said", ["we open at 9 monday to friday .", "it costs 5 friday .", "it 's 2 friday and 3 saturday ."]
    )
    def test_hours_kept_counts_and_prices_are_none(self, said):
        assert of_type(said_by_assistant(said), "time") == []
