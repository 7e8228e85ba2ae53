"""A day of the month before "may" after a word of when ("valid until 31 may"), and a day or a month read as
no place after a number ("free up to 3 march , after that ..."); codes a question asked for, by the name of
what they are for ("and your tenancy reference ?" "lh 5521 9020 .") or place by place ("is there a code for
the gate ?" "the side gate is 8812 and the bike store is k4410 ."); a flat or unit before a named building
with no house number ("flat 9 , rowan court", "unit 5 , the woolyard"); a post office box and its town;
a price with pence whose whole part no clock has ("one at 41.25").
Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, said_by_assistant, values


class TestDaysBeforeMay:
    @pytest.mark.parametrize(
        ("said", "value", "day"),
        [
            ("the voucher is good until 30 may .", "30 may", "2026-05-30"),
            ("Rent is due by 2 May.", "2 May", "2026-05-02"),
            ("the offer runs from 12 may , i think .", "12 may", "2026-05-12"),
        ],
    )
    def test_a_day_after_a_word_of_when_then_may_ending_the_clause(self, said, value, day):
        assert [(v, n) for t, v, n in said_by_assistant(said) if t == "date"] == [(value, day)]

    @pytest.mark.parametrize(
        "said",
        ["by 5 may be too late for us .", "we have 3 may be more .", "on 4 may be the plan , who knows ."],
    )
    def test_may_the_verb_stays_unread(self, said):
        assert values(said, "date") == []


class TestADayIsNoPlace:
    def test_a_date_after_up_to_is_a_date_not_an_address(self):
        said = "you can move it free up to 3 march , after that the fee is kept ."
        facts = said_by_assistant(said)
        assert [(t, v) for t, v, _ in facts if t in ("date", "address")] == [("date", "3 march")]

    def test_a_weekday_after_on_the_is_no_address(self):
        assert (
            values("ok . my son wants to come over on the tuesday , on foot .", "address", role="user") == []
        )


class TestCodesAQuestionAskedFor:
    def test_a_reference_named_by_what_it_is_for(self):
        chat = facts_of(
            "hello , it 's about a leak .", "thank you . and your tenancy reference ?", "lh 5521 9020 ."
        )
        assert in_turn(chat, 3, "identifier") == [("lh 5521 9020", "LH55219020")]

    def test_codes_place_by_place(self):
        chat = facts_of(
            "is there a code for the gate ?", "yes , the side gate is 8812 and the bike store is k4410 ."
        )
        assert in_turn(chat, 2, "identifier") == [("8812", "8812"), ("k4410", "K4410")]

    def test_a_door_code_asked_for_to_get_in(self):
        chat = facts_of("Is there a code to get in?", "The back door's 3307.")
        assert in_turn(chat, 2, "identifier") == [("3307", "3307")]

    @pytest.mark.parametrize(
        ("asked", "said", "code"),
        [
            ("do you have the reference ?", "yes , it 's wq4471pz , at the grange .", "wq4471pz"),
            (
                "is there a claim number from last time ?",
                "i can see it , it 's cl-2024-55310 , closed in may .",
                "cl-2024-55310",
            ),
            ("What's the case number?", "KT 5521 0093. they said someone will call", "KT 5521 0093"),
        ],
    )
    def test_a_code_first_in_an_answer_that_goes_on(self, asked, said, code):
        assert [v for v, _ in in_turn(facts_of(asked, said), 2, "identifier")] == [code]

    def test_a_clock_first_in_an_answer_that_goes_on_is_no_code(self):
        chat = facts_of("what's your booking reference ?", "yes , it 's at 10 , see you then .")
        assert in_turn(chat, 2, "identifier") == []

    def test_a_gate_named_by_its_number_without_a_code_asked_for_is_no_code(self):
        chat = facts_of("which gate do we board at ?", "the gate is 4471 , down the corridor .")
        assert in_turn(chat, 2, "identifier") == []


class TestUnitsBeforeANamedBuilding:
    @pytest.mark.parametrize(
        ("said", "value"),
        [
            ("flat 9 , rowan court . someone will bring the shopping up .", "flat 9 , rowan court"),
            ("the workshop is in unit 5 , the woolyard , open 10 till 4 .", "unit 5 , the woolyard"),
            ("Apartment 3, Heron House, is the one with the lift.", "Apartment 3, Heron House"),
        ],
    )
    def test_the_unit_and_the_building_are_the_address(self, said, value):
        assert values(said, "address") == [value]


class TestPostOfficeBoxes:
    def test_the_box_and_its_town_then_the_postcode(self):
        said = "send it by post to the claims team , po box 417 , marlow , sl7 9zz ."
        assert values(said, "address") == ["po box 417 , marlow", "sl7 9zz"]


class TestPricesNoClockHas:
    def test_pence_after_at_with_a_whole_part_no_hour_has(self):
        assert values("they have a spare at 41.25 , or a new one next week .", "amount") == ["41.25"]

    @pytest.mark.parametrize("said", ["the boat leaves at 10.45 .", "we close at 17.30 today ."])
    def test_a_clock_after_at_stays_a_clock(self, said):
        assert values(said, "amount") == [] and values(said, "time")


class TestAustralianStatesInLowerCase:
    @pytest.mark.parametrize(
        ("said", "street", "postcode"),
        [
            ("we have 9 wattle grove , fitzroy vic 3065 on file .", "9 wattle grove , fitzroy vic", "3065"),
            ("it 's the old mill , 4 quay road , cairns qld 4870 .", "4 quay road , cairns qld", "4870"),
        ],
    )
    def test_the_street_town_and_state_then_the_postcode_apart(self, said, street, postcode):
        found = values(said, "address")
        assert street in " | ".join(found) and postcode in found

    def test_four_digits_after_a_town_with_no_state_are_no_postcode(self):
        assert "3065" not in values("we have 9 wattle grove , fitzroy 3065 times .", "address")
