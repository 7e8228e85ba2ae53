"""Values a desk for coaches, ferries, hire, lost property, pharmacies, dentists, sports centres, libraries
and concert halls says in tokenised text, in forms the other test modules do not hold: a street whose last
word is a plural, more kinds of venue before "is" and an address, an area and its town followed by where in
it, codes in lower case with a dash or a slash, a code after "number is", an id proposed in a question,
pence, a range of ages, a clock before a noun, a weekday after the hours a place keeps, a street named "the
parade", a unit's town and a building after a part of it. One case per general form, written for these
tests, with the sentences that look like them and state none, and turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


def addresses(content: str) -> list[str]:
    return [value for value, _ in of_type(said_by_assistant(content), "address")]


def of_kind(content: str, type_: str, *, role: str = "assistant") -> list[str]:
    said = said_by_assistant(content) if role == "assistant" else said_by_user(content)
    return [value for value, _ in of_type(said, type_)]


class TestStreetsWithAPluralLastWord:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("the bakery is on 9 tanners steps .", "9 tanners steps"),
            ("the clinic is on 22 lime pits , across from the church .", "22 lime pits"),
            ("they are on 4 ropers holmes , just past the bridge .", "4 ropers holmes"),
            (
                "the vehicle pound is on 8 tenters holmes , off the ring road .",
                "8 tenters holmes , off the ring road",
            ),
            ("the pub is 6 salt pans , by the slipway .", "6 salt pans"),
            ("the surgery is 17 brick kilns .", "17 brick kilns"),
        ],
    )
    def test_after_on_or_is_where_the_place_is_said(self, content, street):
        assert addresses(content) == [street]

    @pytest.mark.parametrize(
        "content",
        [
            "it went wrong on 3 separate occasions .",
            "the coach runs on 2 different routes .",
            "the hotel is on 3 floors .",
            "the car was on 4 flat tyres , near the garage .",
            "the bar is 2 pool tables .",
            "the sports centre is 4 squash courts , next to the gym .",
            "the hotel is 5 stars .",
            "we went on 2 long walks .",
        ],
    )
    def test_counts_with_a_plural_are_none(self, content):
        assert addresses(content) == []


class TestVenueAndItsAddress:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("the corn exchange is 5 buttermarket , in the square .", "5 buttermarket"),
            ("the assembly rooms are 12 sheepgate , right by the church .", "12 sheepgate"),
            ("the leisure centre is 40 kilnfield , behind the school .", "40 kilnfield"),
            ("the bus depot is 2 gasworks end .", "2 gasworks end"),
        ],
    )
    def test_more_kinds_of_venue_before_is_or_are(self, content, street):
        assert addresses(content) == [street]

    @pytest.mark.parametrize(
        "content",
        ["the studio is 5 late today .", "the depot is 20 minutes away .", "the rooms are 2 doubles ."],
    )
    def test_a_delay_a_distance_or_a_count_is_none(self, content):
        assert addresses(content) == []


class TestAreaAndTownFollowedByWhereInIt:
    @pytest.mark.parametrize(
        "content,place",
        [
            ("the police station is in holmfirth , wraxby , behind the market .", "holmfirth , wraxby"),
            ("the ticket office is in east quay , selbridge , next to the ferry .", "east quay , selbridge"),
            ("the vehicle pound is in coldbeck , harlow , just past the ring road .", "coldbeck , harlow"),
        ],
    )
    def test_an_area_and_town_before_a_position(self, content, place):
        assert addresses(content) == [place]

    @pytest.mark.parametrize(
        "content",
        [
            "the parcel is in transit , near the depot .",
            "the spare key is in the drawer , next to the phone .",
        ],
    )
    def test_a_state_or_a_thing_is_none(self, content):
        assert addresses(content) == []

    def test_a_person_saying_where_they_are_is_none(self):
        assert of_kind("my sister is in coldbeck , harlow , near the school .", "address", role="user") == []

    def test_a_question_is_none(self):
        assert of_kind("is it in coldbeck , harlow , near the school ?", "address", role="user") == []


class TestCodesOfDesks:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("your appointment number is bt-40917 .", "bt-40917"),
            ("yes , it 's kpr-55120 .", "kpr-55120"),
            ("the item reference is lq/4410/hx .", "lq/4410/hx"),
            ("my card number is B7730412 .", "B7730412"),
            ("i had one before , the number was K00913345 .", "K00913345"),
        ],
    )
    def test_codes_in_lower_case_with_a_dash_or_a_slash_or_after_number_is(self, content, code):
        assert of_kind(content, "identifier") == [code]

    @pytest.mark.parametrize(
        "content",
        [
            "the house was built pre-2020 .",
            "covid-19 shut the pool for a year .",
            "the number is 01632 960 441 .",
            "room number is b12 .",
        ],
    )
    def test_years_counts_phones_and_short_numbers_are_none(self, content):
        assert of_kind(content, "identifier") == []

    @pytest.mark.parametrize(
        "content,code",
        [
            ("is the id tr5520 ?", "tr5520"),
            ("is my booking reference still 8qzt4kmw ?", "8qzt4kmw"),
        ],
    )
    def test_a_question_that_proposes_a_code_names_it(self, content, code):
        assert of_kind(content, "identifier", role="user") == [code]

    def test_a_question_that_asks_for_the_id_names_none(self):
        assert of_kind("what is the id ?", "identifier", role="user") == []


class TestPence:
    @pytest.mark.parametrize(
        "content,amount",
        [
            ("there is a fine of 30p , which you can pay online .", ("30p", "0.3 GBP")),
            ("photocopies are 15p a sheet .", ("15p", "0.15 GBP")),
            ("a first class stamp is 95p .", ("95p", "0.95 GBP")),
        ],
    )
    def test_pence_said_alone(self, content, amount):
        assert of_type(said_by_assistant(content), "amount") == [amount]

    @pytest.mark.parametrize("content", ["the film is in 720p per second .", "she came in at 4p ."])
    def test_a_picture_size_or_no_price_is_none(self, content):
        assert of_type(said_by_assistant(content), "amount") == []


class TestClocksAndRanges:
    @pytest.mark.parametrize(
        "content",
        [
            "the swimming club takes ages 5 to 11 .",
            "junior tennis is for children aged 10 to 12 , on the hard courts .",
            "the holiday club has places for kids 5 to 9 .",
        ],
    )
    def test_a_range_of_ages_is_no_time(self, content):
        assert of_type(said_by_assistant(content), "time") == []

    def test_five_to_twelve_after_at_is_still_a_clock(self):
        assert of_type(said_by_assistant("the shuttle leaves at 5 to 12 ."), "time") == [("5 to 12", "11:55")]

    def test_a_clock_before_a_noun_is_a_time_not_a_street(self):
        said = said_by_assistant("the 8 pm court is booked , but the 9 pm court is free .")

        assert of_type(said, "address") == []
        assert [v for v, _ in of_type(said, "time")] == ["8 pm", "9 pm"]


class TestDays:
    def test_a_weekday_after_the_hours_a_place_keeps_is_no_date(self):
        facts = facts_of(
            "what are the opening hours ?", "8:30 to 18:00 on weekdays and 10:00 to 15:00 on saturday ."
        )

        assert in_turn(facts, 2, "date") == []

    def test_a_weekday_after_hours_asked_for_that_day_is_a_date(self):
        facts = facts_of("is the library open on saturday ?", "yes , from 10:00 until 13:00 on saturday .")

        assert [v for v, _ in in_turn(facts, 2, "date")] == ["saturday"]

    def test_a_booking_on_a_weekday_evening_is_a_date(self):
        assert [v for v, _ in of_type(said_by_user("book me a court for thursday evening ."), "date")] == [
            "thursday evening"
        ]


class TestStreetsNamedByAPlace:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("the chemist on the parade opens at 9 .", "the parade"),
            ("a cafe on the quay does breakfast until 11 .", "the quay"),
        ],
    )
    def test_the_parade_or_the_quay_after_a_venue_and_on(self, content, street):
        assert addresses(content) == [street]

    def test_the_corner_is_none(self):
        assert addresses("the shop on the corner is shut today .") == []

    def test_a_unit_its_street_and_its_town(self):
        facts = facts_of("where do i collect the van ?", "unit 7 , gasworks yard , tarleton .")

        assert [v for v, _ in in_turn(facts, 2, "address")] == ["unit 7 , gasworks yard , tarleton"]

    def test_a_building_after_a_part_of_it(self):
        said = addresses("tickets are at the kiosk , the old station , canal parade , from 6 pm .")

        assert said == ["the kiosk , the old station , canal parade"]
