"""Two streets that cross, read by one rule: after "corner of", "junction of", "crossroads of" or
"intersection of" the value is the two streets, whether each has its street word in lower case ("tanner
street and bell road") or the names are bare ("Alder and Birch"). A question that asks where a crossing is
states none (marked, or typed without its mark), nor does one that asks whether there is something there; a
yes/no question about a thing proposes one and states it, and a statement that opens with "where" states
one. The same test holds for an address said again by its number and name and for a street said before
crossed with another. Cases written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant, said_by_user


class TestTheCrossingIsTheTwoStreets:
    @pytest.mark.parametrize(
        "content,streets",
        [
            ("the bakery is on the corner of tanner street and bell road .", "tanner street and bell road"),
            ("Meet me at the junction of Holloway Road and Pike Lane.", "Holloway Road and Pike Lane"),
            (
                "the hostel is at the crossroads of quarry lane and vine street .",
                "quarry lane and vine street",
            ),
            ("It is at the corner of Fenwick Street & Lodge Road.", "Fenwick Street & Lodge Road"),
        ],
    )
    def test_after_a_word_for_a_corner(self, content, streets):
        assert of_type(said_by_assistant(content), "address") == [(streets, streets)]

    def test_a_yes_no_question_proposes_the_crossing(self):
        content = "Is the pharmacy at the corner of tanner street and bell road?"
        assert of_type(said_by_user(content), "address") == [
            ("tanner street and bell road", "tanner street and bell road")
        ]


class TestAQuestionThatAsksStatesNoCrossing:
    @pytest.mark.parametrize(
        "content",
        [
            "Where's the shop on the corner of tanner street and bell road?",
            "where is the junction of mill road and hope street",
            "which bus stops at the crossroads of quarry lane and vine street ?",
        ],
    )
    def test_asked_with_or_without_its_mark(self, content):
        assert of_type(said_by_user(content), "address") == []


class TestStreetsSaidBefore:
    def test_a_statement_that_opens_with_where_states_the_address_said_again(self):
        facts = facts_of(
            "We booked 4410 Crandall Avenue.", "Lovely.", "Where we're staying is 4410 Crandall."
        )
        assert in_turn(facts, 3, "address") == [("4410 Crandall", "4410 Crandall")]

    def test_a_yes_no_question_proposes_a_street_said_before_crossed_with_another(self):
        facts = facts_of("The studio is at 95 Harlow Street.", "Noted.", "Is that near Harlow and Vine?")
        assert in_turn(facts, 3, "address") == [("Harlow and Vine", "Harlow and Vine")]

    def test_a_question_whether_there_is_something_there_states_no_address_said_again(self):
        facts = facts_of("We booked 4410 Crandall Avenue.", "Lovely.", "Is there parking at 4410 Crandall?")
        assert in_turn(facts, 3, "address") == []
