"""A house number and a street's name said without a street word ("560 Valencia"), where the sentence makes
it an address: after "is at", "meet me at", or a word of living or moving. A number that could be a clock
names none after "is at" ("The game is at 7 Fenway"), nor do units, time zones and the words of a clock,
nor a question that asks. A building with no house number, with its floor or suite after a word of place
("in the Meridian Building, 3rd floor"). Cases written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_user


class TestANumberAndAName:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("The store is at 560 Valencia.", "560 Valencia"),
            ("Meet me at 1280 Marlowe, by the fountain.", "1280 Marlowe"),
            ("We've moved to 14 Aldercombe.", "14 Aldercombe"),
            ("The gallery is at 410 North Dalton next to the bank.", "410 North Dalton"),
        ],
    )
    def test_where_the_sentence_makes_it_an_address(self, content, address):
        assert of_type(said_by_user(content), "address") == [(address, address)]

    @pytest.mark.parametrize(
        "content",
        [
            "The game is at 7 Fenway, and the bar is at 316 Kingsley.",
            "The call is at 9 Eastern, and the office is at 316 Kingsley.",
            "The fee is at 40 Dollars, and the office is at 316 Kingsley.",
        ],
    )
    def test_a_clock_a_time_zone_or_a_unit_is_none(self, content):
        assert of_type(said_by_user(content), "address") == [("316 Kingsley", "316 Kingsley")]

    def test_a_question_that_asks_states_none(self):
        facts = facts_of("The store is at 560 Valencia.", "Where is 560 Valencia?")
        assert in_turn(facts, 1, "address") == [("560 Valencia", "560 Valencia")]
        assert in_turn(facts, 2, "address") == []


class TestABuildingWithNoHouseNumber:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("The office is in the Meridian Building, 3rd floor.", "Meridian Building, 3rd floor"),
            ("Come up to the Larkmoor Tower, 12th floor.", "Larkmoor Tower, 12th floor"),
            ("Meet me at Halford House, suite 12.", "Halford House, suite 12"),
        ],
    )
    def test_with_its_floor_or_suite(self, content, address):
        assert of_type(said_by_user(content), "address") == [(address, address)]

    def test_a_floor_said_of_something_else_is_none(self):
        found = said_by_user(
            "We toured the Larkmoor Tower, top floor was shut, then went to the Meridian Building, 3rd floor."
        )
        assert of_type(found, "address") == [("Meridian Building, 3rd floor", "Meridian Building, 3rd floor")]
