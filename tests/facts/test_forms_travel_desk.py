"""Values a town's travel desk says in tokenised text, in forms the other test modules do not hold: a phone's
extension, the bare hour a place opens or shuts at, bare hours of tours and the tour named by its hour, a
bare hour asked for "a bit later", a house number and a one-word street after a venue and "on", a building
before a house number and a one-word street, a venue's street before what the venue does, a code of letters,
digits and letters between slashes said with no word for it, "my last night", which is no date, an area and
its town after "is at", a code said as the answer to "the ref number ?", a street proposed in a yes/no
question about where a place is, and the junction of two streets. One
case per general form, written for these tests, with the sentences that look like them and state none, and
turns that only ask."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user, values


class TestPhoneExtensions:
    @pytest.mark.parametrize(
        "content,phone,normalised",
        [
            ("ring the box office on 01632 960 188 ext 31 .", "01632 960 188 ext 31", "01632960188;ext=31"),
            ("the ward is 01632 960 244 extension 7 .", "01632 960 244 extension 7", "01632960244;ext=7"),
            ("Call billing on (555) 201-3344 x118 today.", "(555) 201-3344 x118", "5552013344;ext=118"),
        ],
    )
    def test_the_extension_is_part_of_the_number(self, content, phone, normalised):
        assert of_type(said_by_assistant(content), "phone") == [(phone, normalised)]

    def test_a_count_after_the_number_is_no_extension(self):
        assert values("ring 01632 960 188 extra 2 times if it is busy .", "phone") == ["01632 960 188"]

    def test_a_question_about_the_extension_names_none(self):
        assert values("what is the extension for the ward ?", "phone", role="user") == []


class TestOpeningHours:
    @pytest.mark.parametrize(
        "content,hours",
        [
            ("the gallery opens at 10 and closes at 5 .", ["10", "5"]),
            ("the post office shuts at 1 , so go early .", ["1"]),
            ("the pool is open until 9 .", ["9"]),
        ],
    )
    def test_the_bare_hour_a_place_opens_or_shuts_at(self, content, hours):
        assert values(content, "time") == hours

    @pytest.mark.parametrize(
        "content",
        [
            "we usually close at 5 .",
            "the competition closes at 5 entries .",
            "the shop opens at 9 per cent interest .",
        ],
    )
    def test_a_habit_or_a_count_is_none(self, content):
        assert values(content, "time") == []

    def test_a_question_about_the_hour_names_none(self):
        assert values("does the museum open at 10 ?", "time", role="user") == []


class TestToursAtAnHour:
    def test_bare_hours_of_tours(self):
        assert values("the castle runs tours at 11 and at 3 , 4 pounds each .", "time") == ["11", "3"]

    @pytest.mark.parametrize(
        "content,hour",
        [("can you book us on the 3 tour ?", "3"), ("two seats for the 7 show , please .", "7")],
    )
    def test_a_tour_or_a_show_named_by_its_hour(self, content, hour):
        assert values(content, "time", role="user") == [hour]

    @pytest.mark.parametrize("content", ["we took the 12 bus into town .", "the 3 tours are full ."])
    def test_a_route_or_a_count_is_none(self, content):
        assert values(content, "time", role="user") == []

    def test_a_question_whether_there_is_a_tour_names_none(self):
        assert values("is there a tour at 2 ?", "time", role="user") == []


class TestABitLater:
    def test_a_bare_hour_after_a_clock_of_the_turns_before(self):
        facts = facts_of("the cab is booked for 6:30 .", "fine .", "could it come a bit later , 7 ?")

        assert [v for v, _ in in_turn(facts, 3, "time")] == ["7"]

    def test_with_no_clock_before_it_is_none(self):
        assert values("could it come a bit later , 7 ?", "time", role="user") == []


class TestOneWordStreets:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("the tea shop is small and cheap , on 14 silvergate .", "14 silvergate"),
            ("the inn is on 3 cornhill , opposite the church .", "3 cornhill"),
        ],
    )
    def test_after_a_venue_and_on(self, content, street):
        assert values(content, "address") == [street]

    @pytest.mark.parametrize(
        "content",
        [
            "the hotel will hold the room on 1 condition .",
            "the museum is on 3 floors .",
            "the pub is cheap , on 2 levels .",
        ],
    )
    def test_a_count_or_a_condition_is_none(self, content):
        assert values(content, "address") == []

    def test_a_question_that_names_the_street_names_none(self):
        assert values("is the inn on 14 silvergate ?", "address", role="user") == []

    @pytest.mark.parametrize(
        "content,address",
        [
            ("the library is at the old school , 4 kirkgate .", "the old school , 4 kirkgate"),
            ("meet at the warden ' lodge , 2 eastgate .", "the warden ' lodge , 2 eastgate"),
        ],
    )
    def test_a_building_before_a_house_number_and_one_word(self, content, address):
        assert values(content, "address") == [address]

    @pytest.mark.parametrize(
        "content", ["meet me at the pub , 4 pints later .", "we met at the cafe , 2 days ago ."]
    )
    def test_a_count_after_a_building_is_none(self, content):
        assert values(content, "address") == []


class TestVenueOnAStreet:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("the chemist on 23 market place is open until 6 pm .", "23 market place"),
            ("ferry cycles on 5 quayside hire bikes by the day .", "5 quayside"),
            ("the bakery on 9 cornmarket sells bread .", "9 cornmarket"),
        ],
    )
    def test_before_what_the_venue_is_or_does(self, content, street):
        assert values(content, "address") == [street]

    @pytest.mark.parametrize(
        "content", ["i was on 2 trains and have a headache .", "the hotel on 4 floors has a lift ."]
    )
    def test_a_count_is_none(self, content):
        assert values(content, "address") == []

    def test_a_question_about_the_venue_names_none(self):
        assert values("is the chemist on 23 market place open ?", "address", role="user") == []


class TestSlashedCodes:
    @pytest.mark.parametrize(
        "content,code",
        [
            ("they gave me a reference , lp/7713/sm . can you keep it ?", "LP/7713/SM"),
            ("yes , i have written down kb/20417/tq .", "KB/20417/TQ"),
        ],
    )
    def test_letters_digits_and_letters_between_slashes(self, content, code):
        assert [n for _, n in of_type(said_by_user(content), "identifier")] == [code]

    def test_dates_and_units_are_none(self):
        assert values("the desk is open 24/7 , and km/h and/or mph are both fine .", "identifier") == []


class TestLastNight:
    def test_my_last_night_is_no_date(self):
        assert values("i 'd like a good restaurant for my last night .", "date", role="user") == []

    def test_last_night_as_yesterday_is_a_date(self):
        assert values("i lost my phone on the bus last night .", "date", role="user") == ["last night"]


class TestAreaAndTownAfterIsAt:
    def test_an_area_and_its_town_ending_the_sentence(self):
        assert values("the police station is at parkside , marrowby .", "address") == ["parkside , marrowby"]

    @pytest.mark.parametrize(
        "content",
        ["he is at work , sadly .", "the kids are at home , thanks .", "the office is at capacity , sorry ."],
    )
    def test_a_state_or_a_place_of_no_address_is_none(self, content):
        assert values(content, "address") == []

    def test_a_question_names_none(self):
        assert values("is the police station at parkside , marrowby ?", "address", role="user") == []


class TestReferenceAsked:
    @pytest.mark.parametrize("question", ["can i get the ref number ?", "and the reference ?"])
    def test_a_code_said_as_the_answer(self, question):
        facts = facts_of(question, "yes , it is Q7TR2LMW .")

        assert [n for _, n in in_turn(facts, 2, "identifier")] == ["Q7TR2LMW"]

    def test_the_question_names_none(self):
        assert values("can i get the ref number ?", "identifier", role="user") == []


class TestStreetProposedInAQuestion:
    @pytest.mark.parametrize(
        "content,street",
        [
            ("is that on tanner road ?", "tanner road"),
            ("is it still at the clinic on priory lane ?", "priory lane"),
            ("is it at 4 glebe street ?", "4 glebe street"),
        ],
    )
    def test_a_street_proposed_as_where_the_place_is(self, content, street):
        assert values(content, "address", role="user") == [street]

    @pytest.mark.parametrize(
        "content",
        ["is there a cafe on tanner road ?", "is that on the left ?", "is the bus on tanner road late ?"],
    )
    def test_asking_whether_there_is_one_or_no_street_is_none(self, content):
        assert values(content, "address", role="user") == []


class TestJunctions:
    def test_the_junction_of_two_streets_is_the_two_streets(self):
        assert values("it is at the junction of sheep street and mill road .", "address") == [
            "sheep street and mill road"
        ]

    def test_a_junction_of_no_streets_is_none(self):
        assert values("it is at the junction of the two paths .", "address") == []
