"""Forms found in the misses and wrong values of the desk and life-admin check files, each written here as a
general form: a clock offered with its half of the day ("10 am") taken up without it ("i 'd take the 10"), or
agreed to with no word of choosing ("yes , the 10 then ."); a day of the month said with how it went or suits
("the 18th went fine", "the 4th suits us") after a clause naming what it was for; the hour a place has a meal
from ("the inn has dinner from 6"), also after another meal in the sentence; and a clause after a comma that
starts with a past participle ("on the board outside , updated at 7") read as no town of an address; and a
reference in capitals said after what it is made of ("ref is his surname plus U14, so NDLOVU U14"); and the
place a venue is at, said before where it is from here ("the cafe at the retail park across the road"). One
case per form, written for these tests, with the sentences that look like them and state none, and turns that
only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user, values


class TestAClockTakenUpWithoutItsHalfOfTheDay:
    OFFER = "the coach goes at 9 am and 2 pm , it is 30 each ."

    @pytest.mark.parametrize(
        "choice,clock",
        [
            ("i 'd take the 9 , the roads are busy .", ("9", "09:00")),
            ("we 'll book the 2 then .", ("2", "14:00")),
            ("can you put us on the 9 please ?", ("9", "09:00")),
        ],
    )
    def test_a_clock_offered_with_am_or_pm_chosen_without_it(self, choice, clock):
        chat = facts_of("is there a coach to the airport ?", self.OFFER, choice)
        assert in_turn(chat, 3, "time") == [clock]

    @pytest.mark.parametrize(
        "reply,clock",
        [
            ("yes , the 9 then .", ("9", "09:00")),
            ("ok , the 2 please .", ("2", "14:00")),
            ("the 2 then .", ("2", "14:00")),
        ],
    )
    def test_a_reply_agreeing_to_a_clock_just_offered(self, reply, clock):
        chat = facts_of("is there a coach to the airport ?", self.OFFER, reply)
        assert in_turn(chat, 3, "time") == [clock]

    @pytest.mark.parametrize(
        "reply",
        [
            "should we take the 9 or the 2 ?",
            "which is quicker , the 9 or the 2 ?",
            "yes , the 2 of us .",
            "yes , the 4 then .",
            "i 'd take the 30 , it is cheaper .",
        ],
    )
    def test_a_question_a_count_or_a_number_not_offered_gives_no_clock(self, reply):
        chat = facts_of("is there a coach to the airport ?", self.OFFER, reply)
        assert in_turn(chat, 3, "time") == []

    def test_the_same_hour_offered_morning_and_evening_is_not_guessed(self):
        chat = facts_of("is there a boat back ?", "it goes at 9 am and 9 pm .", "i 'd take the 9 .")
        assert in_turn(chat, 3, "time") == []


class TestADayOfTheMonthThatWentOrSuits:
    @pytest.mark.parametrize(
        "content,day",
        [
            ("and the boiler service , the 18th went fine , thanks .", "the 18th"),
            ("for the fitting , the 4th suits us best .", "the 4th"),
            ("the gas check , the 9th worked out well .", "the 9th"),
        ],
    )
    def test_a_day_said_with_how_it_went_or_suits(self, content, day):
        assert values(content, "date", role="user") == [day]

    @pytest.mark.parametrize(
        "content",
        [
            "in the relay , the 3rd went to our team .",
            "and the boiler service , did the 18th go fine ?",
            "after the wash , the 2nd suits went back to the shop .",
        ],
    )
    def test_a_rank_or_a_question_gives_no_day(self, content):
        assert values(content, "date", role="user") == []


class TestTheHourAPlaceHasAMealFrom:
    @pytest.mark.parametrize(
        "content,clocks",
        [
            ("the inn by the bridge has dinner from 6 .", [("6", "18:00")]),
            (
                "the kiosk does breakfast from 7.30 and the inn has dinner from 6 .",
                [("7.30", "07:30"), ("6", "18:00")],
            ),
            (
                "the cafe offers lunch from 12 and the hotel has dinner from 7 .",
                [("12", "12:00"), ("7", "19:00")],
            ),
        ],
    )
    def test_the_hour_a_place_has_a_meal_from(self, content, clocks):
        assert of_type(said_by_assistant(content), "time") == clocks

    @pytest.mark.parametrize(
        "content",
        [
            "the set menu has dinner from 12 pounds .",
            "the school has lunch from 3 suppliers .",
        ],
    )
    def test_a_price_or_a_count_after_the_meal_gives_no_clock(self, content):
        assert of_type(said_by_assistant(content), "time") == []

    def test_a_question_that_only_asks_gives_no_clock(self):
        assert of_type(said_by_user("does the inn have dinner from 6 ?"), "time") == []


class TestAClauseOfAParticipleAfterAPlace:
    @pytest.mark.parametrize(
        "content",
        [
            "the tide times are on the board outside , updated at 0600 .",
            "the menu is on the wall , printed daily .",
            "the list is at the front desk , copied every morning .",
        ],
    )
    def test_a_participle_after_the_comma_is_no_town(self, content):
        assert values(content, "address") == []

    @pytest.mark.parametrize(
        "content,address",
        [
            ("the office is at the wend , eastfield .", "the wend , eastfield"),
            ("the flat is at the maltings , halstead .", "the maltings , halstead"),
        ],
    )
    def test_a_place_and_its_town_is_still_read(self, content, address):
        assert values(content, "address") == [address]


class TestAReferenceSaidAfterWhatItIsMadeOf:
    @pytest.mark.parametrize(
        "content,codes",
        [
            ("the school banks with absa. ref is his surname plus U14, so NDLOVU U14", ["NDLOVU U14"]),
            ("the reference is her name and the year, i.e. PETERSEN 2025.", ["PETERSEN 2025"]),
        ],
    )
    def test_a_reference_in_capitals_after_what_it_is_made_of(self, content, codes):
        assert values(content, "identifier", role="user") == codes

    @pytest.mark.parametrize(
        "content",
        [
            "ref is his surname plus U14, so NDLOVU U14?",
            "ref is just your surname, so PETERSEN.",
            "the ref is on the letter, so CHECK IT",
            "ref is her surname and the team, so U14 girls",
        ],
    )
    def test_a_question_a_name_alone_or_words_give_no_code(self, content):
        assert values(content, "identifier", role="user") == []


class TestAPlaceAVenueIsAtAcrossTheRoad:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("or there 's the bakery at the market square across the road .", "the market square"),
            ("the cafe is at the retail park across the road .", "the retail park"),
            ("the chemist at the old arcade over the road .", "the old arcade"),
        ],
    )
    def test_a_place_a_venue_is_at_before_where_it_is_from_here(self, content, address):
        assert values(content, "address") == [address]

    @pytest.mark.parametrize(
        "content",
        [
            "the man at the front desk across the road .",
            "the pub at the top across the road .",
            "the bar at the weekend across the road .",
            "we parked the car across the road .",
        ],
    )
    def test_a_position_a_time_or_no_venue_gives_no_address(self, content):
        assert values(content, "address") == []

    def test_a_question_that_only_asks_gives_no_address(self):
        assert values("is there a cafe at the retail park across the road ?", "address", role="user") == []
