"""Values that were read where a sentence states none, each with look-alikes that keep their value.

- "on the expiry date, not before" is when, not where: a phrase after "on" whose second part is a negation
  ("not before", "never later") names no area and no address ("at the wend, eastfield" does);
- a street named in capitals ends before the time of day it is for ("on Garnet Road after dinner"), while a
  lower-case place before a meal ("from the salt quay after dinner") stays no address.

Every sentence is written for these tests (the chat's turns are dated Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


class TestWhenIsNoPlace:
    @pytest.mark.parametrize(
        "said",
        [
            "Renew it on the expiry date, not before.",
            "Send the form on the closing date, never earlier.",
            "i 'll pay on the due date , not after .",
        ],
    )
    def test_a_day_and_its_negation_is_no_address(self, said):
        assert of_type(said_by_user(said), "address") == []

    @pytest.mark.parametrize(
        "said,place",
        [
            ("The depot is at the wend, eastfield.", "the wend, eastfield"),
            ("the bakery is on marsh lane , upper holt .", "marsh lane , upper holt"),
        ],
    )
    def test_an_area_and_its_town_stay(self, said, place):
        assert [value for value, _ in of_type(said_by_assistant(said), "address")] == [place]


class TestStreetBeforeTheTimeOfDay:
    @pytest.mark.parametrize(
        "said,street",
        [
            ("We're meeting at Otto's on Garnet Road after dinner.", "Garnet Road"),
            ("Let's try Pica's on Wexley Street before lunch.", "Wexley Street"),
            ("The studio's on 14 Harrow Lane after the lights.", "14 Harrow Lane"),
        ],
    )
    def test_the_street_ends_before_when(self, said, street):
        assert [value for value, _ in of_type(said_by_user(said), "address")] == [street]

    @pytest.mark.parametrize(
        "said",
        [
            "we 'll want a taxi back to the inn from the salt quay after dinner , about 8:15 .",
            "a cab home from the old mill after lunch , please .",
        ],
    )
    def test_a_place_in_lower_case_before_a_meal_is_no_address(self, said):
        assert of_type(said_by_user(said), "address") == []
