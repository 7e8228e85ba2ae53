"""Places said short: a street of no street word that a place or its way in is on ("the entrance is on kiln
fields"), a road known by "the" ("the garage on the bypass"), a bay of a station before the station, a
street said again without its street word after a place named in capitals, and a code in spaced groups
that a booking is kept under whose letters are a short word. Look-alikes stay without a value: what a
thing is on ("on special offer", "on annual leave"), a side ("on your left"), a parking bay, a person
said to be on a street, a place on a street never said with its street word, and numbers joined by "or".
Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


class TestAStreetOfNoStreetWordAPlaceIsOn:
    @pytest.mark.parametrize(
        ("asked", "answer", "street"),
        [
            ("which hostel is nearest the college ?", "saint oda 's is on upper fields .", "upper fields"),
            (
                "where do we sign in for the open day ?",
                "at the porters ' desk , the entrance is on kiln fields opposite the church .",
                "kiln fields",
            ),
        ],
    )
    def test_the_street(self, asked, answer, street):
        assert [v for v, _ in in_turn(facts_of(asked, answer), 2, "address")] == [street]

    @pytest.mark.parametrize(
        ("asked", "answer"),
        [
            ("is the hotel any cheaper this week ?", "the hotel is on special offer ."),
            ("is the manager in at the hotel ?", "she is on annual leave ."),
            ("where 's the museum ?", "the museum is on your left ."),
            ("any rooms at the hotel ?", "the hotel is on short notice only ."),
        ],
    )
    def test_no_street(self, asked, answer):
        assert in_turn(facts_of(asked, answer), 2, "address") == []


class TestARoadKnownByThe:
    @pytest.mark.parametrize(
        ("said", "road"),
        [
            ("the petrol station on the bypass is open all night .", "the bypass"),
            ("the ice cream shop on the seafront closes at 6 .", "the seafront"),
        ],
    )
    def test_the_road(self, said, road):
        assert values(said, "address") == [road]

    def test_a_ride_on_it_is_none(self):
        assert values("the bus on the bypass was slow today .", "address") == []


class TestABayOfAStation:
    def test_the_bay_and_the_station(self):
        found = values("the ticket office is at bay 7 , kelby coach station .", "address")
        assert found == ["bay 7 , kelby coach station"]

    @pytest.mark.parametrize("said", ["we are at bay 3 , waiting .", "park in bay 2 , then take the lift ."])
    def test_a_bay_alone_is_none(self, said):
        assert values(said, "address") == []


class TestAStreetSaidAgainWithoutItsWord:
    def test_the_street(self):
        chat = facts_of(
            "We'll be near the library on Juniper Avenue.", "Tallis on Juniper has a room free at 7."
        )
        assert [v for v, _ in in_turn(chat, 2, "address")] == ["Juniper"]

    def test_never_said_with_its_word_it_is_none(self):
        chat = facts_of("Somewhere for dinner?", "Tallis on Juniper has a room free at 7.")
        assert in_turn(chat, 2, "address") == []

    def test_a_person_on_it_is_none(self):
        chat = facts_of("My sister lives on Wren Road.", "Dana on Wren is at home all day then.")
        assert in_turn(chat, 2, "address") == []


class TestACodeABookingIsUnder:
    @pytest.mark.parametrize(
        ("said", "code"),
        [
            ("done . the room is booked under or 63 07 .", "or 63 07"),
            ("the table is under am 70 14 .", "am 70 14"),
        ],
    )
    def test_the_code(self, said, code):
        assert values(said, "identifier") == [code]

    @pytest.mark.parametrize("said", ["booked under 12 or 14 .", "your order number is 3 of 5 ."])
    def test_numbers_joined_are_none(self, said):
        assert values(said, "identifier") == []

    def test_after_a_comma_once_booked(self):
        said = "booked with moor cabs for 7:20 , about 11 , under mc 6031 ."
        assert values(said, "identifier") == ["mc 6031"]

    @pytest.mark.parametrize(
        "said", ["the pool is free for kids , under 16 s only .", "sure , under ab 123 ."]
    )
    def test_after_a_comma_with_no_booking_it_is_none(self, said):
        assert values(said, "identifier") == []
