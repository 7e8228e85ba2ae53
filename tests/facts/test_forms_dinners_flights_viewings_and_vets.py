"""Values people give a virtual assistant that books dinners, flights, viewings and vets, in the forms the
rules used to miss: a North American address whose street has no street word, known by its town, its state
or province and its postcode ("2210 The Esplanada, Fresno, CA 93721"); the short avenue of French and
Spanish ("480 Av des Érables", "Av. Ignacio Zaragoza 41"); a street-first address whose postcode comes
before its city and whose state is said last in capitals ("..., 44160 Guadalajara, JAL"); the day of a
request said as the thing wanted then ("A pedicure tonight if possible.") and the day of what a place has,
asked for ("What does the studio have this week?"). A clock turned down ("9:40 won't work", "Twenty past 7
is too late") is no value, as a day turned down is none; a clock said to be full is still one. And sentences
that look like them and state none.
Every name, number and place is invented for these tests (the chats are said on Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user, values


class TestAStreetWithNoStreetWordBeforeItsTownStateAndPostcode:
    @pytest.mark.parametrize(
        ("said", "address"),
        [
            (
                "The Marlow Theater at 2210 The Esplanada, Fresno, CA 93721 has seats at 7:15 pm.",
                "2210 The Esplanada, Fresno, CA 93721",
            ),
            (
                "Your table at Ostra is at 58 Harbor Commons, Portland, ME 04101.",
                "58 Harbor Commons, Portland, ME 04101",
            ),
            (
                "The clinic is at 715 Riverbend, Kelowna, BC V1Y 6H2 on the second floor.",
                "715 Riverbend, Kelowna, BC V1Y 6H2",
            ),
        ],
    )
    def test_the_address(self, said, address):
        assert values(said, "address") == [address]

    @pytest.mark.parametrize(
        "said",
        [
            "Flights leave at 8 Friday, Denver to Austin, for $212.",
            "The 3 Sisters, Boise, is a bakery we liked.",
            "Order 4410 Blue Widgets, then ship them.",
        ],
    )
    def test_no_address(self, said):
        assert values(said, "address") == []


class TestTheShortAvenueOfFrenchAndSpanish:
    def test_a_house_number_before_av_and_its_particle(self):
        said = "The rink is the Aréna Gagnon, 480 Av des Érables, Laval, QC H7N 2K9, and doors open at 6 pm."
        assert any("480 Av des Érables, Laval, QC H7N 2K9" in v for v in values(said, "address"))

    def test_av_with_a_full_stop_before_its_name_and_house_number(self):
        said = "Hostal Brisa at Av. Ignacio Zaragoza 41, Centro, 44100 Guadalajara, JAL is $52 a night."
        assert values(said, "address") == ["Av. Ignacio Zaragoza 41, Centro, 44100 Guadalajara, JAL"]


class TestAStreetFirstAddressWithItsCityAfterThePostcode:
    def test_the_city_and_the_state_in_capitals(self):
        said = "Posada Luna at Calle Pino 23, Santa Tere, 44600 Guadalajara, JAL has a room for $64."
        assert values(said, "address") == ["Calle Pino 23, Santa Tere, 44600 Guadalajara, JAL"]


class TestTheDayOfARequestOrOfWhatAPlaceHas:
    @pytest.mark.parametrize(
        ("said", "day", "date"),
        [
            ("My feet ache. A pedicure tonight if possible.", "tonight", "2026-07-06"),
            ("Next, a trim this afternoon, please.", "this afternoon", "2026-07-06"),
            ("Lumen Yoga. What does the studio have this week?", "this week", "2026-07-12"),
            ("What do they have tonight?", "tonight", "2026-07-06"),
        ],
    )
    def test_the_day(self, said, day, date):
        assert of_type(said_by_user(said), "date") == [(day, date)]

    @pytest.mark.parametrize(
        "said",
        [
            "A storm tonight, they say.",
            "What did you have today?",
            "What do they have?",
            "The pedicure tonight was lovely.",
        ],
    )
    def test_no_day(self, said):
        assert of_type(said_by_user(said), "date") == []


class TestAClockTurnedDown:
    @pytest.mark.parametrize(
        "said",
        [
            "9:40 won't work, I have a call then.",
            "Twenty past 7 is too late for the kids.",
            "No, 5:05 am is too early to be driving.",
            "I can't do 3:15.",
        ],
    )
    def test_no_clock(self, said):
        assert of_type(said_by_user(said), "time") == []

    @pytest.mark.parametrize(
        ("said", "clock"),
        [
            ("Sorry, 8:30 pm is full. They can seat you at 9 pm.", ["8:30 pm", "9 pm"]),
            ("9:40 won't work, so book 10:10.", ["10:10"]),
        ],
    )
    def test_the_clocks_kept(self, said, clock):
        assert [v for v, _ in of_type(said_by_assistant(said), "time")] == clock
