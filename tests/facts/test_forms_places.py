"""Addresses and postcodes in tokenised task dialogues (lower case, a space before punctuation): one case
per general form, written for these tests, and questions about an address that state none."""

from datetime import UTC, datetime

import pytest

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText

SAID_ON = datetime(2026, 5, 12, 10, 0, tzinfo=UTC)


def addresses(content: str, role: str = "assistant") -> list[str]:
    facts = extract_facts([TurnText(seq=1, role=role, content=content, created_at=SAID_ON)])
    return [f.value for f in facts if f.type == "address"]


def facts_of(content: str, role: str = "assistant") -> list[tuple[str, str]]:
    facts = extract_facts([TurnText(seq=1, role=role, content=content, created_at=SAID_ON)])
    return [(f.type, f.value) for f in facts]


class TestNumbers:
    @pytest.mark.parametrize(
        "content,value",
        [
            ("the glassworks is at 21 - 23 tinker street .", "21 - 23 tinker street"),
            ("try the wool shop , 4 - 6 dyer lane .", "4 - 6 dyer lane"),
            ("the venue is 110-112 ropewalk road .", "110-112 ropewalk road"),
        ],
    )
    def test_a_range_of_house_numbers_is_one_address(self, content, value):
        assert value in addresses(content)

    def test_a_range_of_rooms_is_no_address(self):
        assert addresses("the flat has 2 - 3 bedrooms and a garden .") == []


class TestSaintInTokenisedText:
    def test_st_written_apart_from_its_full_stop_before_a_name_is_part_of_the_street(self):
        assert addresses("the chapel is at 3 st . cuthman street city centre .") == [
            "3 st . cuthman street city centre"
        ]

    def test_st_written_apart_after_a_bare_on(self):
        assert addresses("the pub on st . aidan 's street is cheap .") == ["st . aidan 's street"]

    def test_a_saint_s_street_before_a_postcode_is_its_line(self):
        assert "st . hild 's passage" in " | ".join(
            addresses("the museum , st . hild 's passage , kb1 1aa .")
        )

    def test_a_full_stop_after_a_street_abbreviation_still_ends_the_sentence(self):
        found = facts_of("it is on gorse st . the phone is 01632 960111 .")
        assert ("address", "gorse st") in found and ("phone", "01632 960111") in found


class TestPartsOfAnAddress:
    def test_a_shopping_centre_after_a_unit_continues_the_address(self):
        assert addresses("the address is unit 9 , the weavers shopping centre , loom road .") == [
            "unit 9 , the weavers shopping centre , loom road"
        ]

    def test_an_arcade_after_a_unit_continues_the_address(self):
        assert addresses("the address is unit su12 , the arcade , saint cuthbert 's street .") == [
            "unit su12 , the arcade , saint cuthbert 's street"
        ]

    def test_while_after_a_comma_ends_the_address(self):
        assert addresses("the museum 's address is 14 brook close , while the postcode is kb2 4ll .") == [
            "14 brook close",
            "kb2 4ll",
        ]

    def test_a_distance_after_a_comma_is_not_part_of_the_address(self):
        assert addresses("it is on north road , about 5 minutes from the station .") == ["north road"]

    def test_a_new_clause_after_the_address_still_ends_it(self):
        assert addresses("the address is 5 kiln road , the phone number is 01632 960244 .") == ["5 kiln road"]

    def test_a_building_named_before_a_street_after_a_bare_at(self):
        assert addresses("the quiz is at the drill hall , pike lane , every monday .") == [
            "the drill hall , pike lane"
        ]

    @pytest.mark.parametrize(
        "content,value",
        [
            ("the market is on pudding green .", "pudding green"),
            ("the forge is at tanner 's yard , east hythe .", "tanner 's yard , east hythe"),
            ("the clinic is on station approach .", "station approach"),
            ("the hall is on abbey gate .", "abbey gate"),
        ],
    )
    def test_british_street_words_after_a_bare_on_or_at(self, content, value):
        assert value in addresses(content)

    @pytest.mark.parametrize(
        "content,value",
        [
            ("the deli is on market passage .", "market passage"),
            ("the bakery is on marchmont lane .", "marchmont lane"),
            ("the bike shop is on junction road .", "junction road"),
            ("the pub is on mayfield way .", "mayfield way"),
        ],
    )
    def test_a_street_whose_name_starts_like_a_month_is_a_street(self, content, value):
        assert value in addresses(content)


class TestNamesWithThe:
    def test_the_and_one_word_before_a_street_word(self):
        assert addresses("the bakery is on the high street .") == ["the high street"]

    def test_a_title_with_the_and_a_street_word_in_it_is_no_address(self):
        assert addresses("try a song from the album silver lane .") == []

    def test_a_named_area_and_its_district_ending_the_phrase(self):
        assert addresses("the inn is small . it is at the wend , eastfield .") == ["the wend , eastfield"]

    @pytest.mark.parametrize(
        "content",
        ["meet me at the station , please .", "it is at the moment , sadly .", "it is at the back , left ."],
    )
    def test_a_place_in_general_words_is_none(self, content):
        assert addresses(content, role="user") == []


class TestNumberAndName:
    def test_to_a_house_number_a_name_and_a_district(self):
        assert addresses("please send the taxi to 14 ferncliffe , eastfield .", role="user") == [
            "14 ferncliffe , eastfield"
        ]

    def test_a_house_number_and_a_name_with_the(self):
        assert addresses("the gallery is at 5 the maltings in the east .") == ["5 the maltings"]

    @pytest.mark.parametrize(
        "content",
        [
            "be there at 7 sharp , please .",
            "come at 7 the latest .",
            "i will need to 3 more , thanks .",
            "a table at 7 sounds good .",
            "could we come at 8 exactly ?",
            "we arrive at 9 , ashby .",
        ],
    )
    def test_a_number_and_a_word_that_count_or_time_nothing_is_no_address(self, content):
        assert addresses(content, role="user") == []


class TestAddressLinesSaidAlone:
    @pytest.mark.parametrize(
        "content,value",
        [
            ("tallow road .", "tallow road"),
            ("ashby fire station , tallow road , eastfield .", "tallow road , eastfield"),
            ("sure , 8 cobbler row , eastfield .", "8 cobbler row , eastfield"),
            ("the haberdashery , 12 lantern place .", "12 lantern place"),
        ],
    )
    def test_a_line_with_a_street_word_is_an_address(self, content, value):
        assert addresses(content) == [value]

    @pytest.mark.parametrize(
        "content",
        ["it 's one way .", "the other way .", "tallow road ?", "no , the quick way please ."],
    )
    def test_a_phrase_that_names_no_street_is_none(self, content):
        assert addresses(content, role="user") == []


class TestPostcodes:
    @pytest.mark.parametrize(
        "content,value",
        [
            ("it 's kb21st .", "kb21st"),
            ("the address is 12 finch lane , kb1 2nd .", "kb1 2nd"),
            ("the gallery , kb4 3rd , is free .", "kb4 3rd"),
            ("the postcode is KB3 9TH .", "KB3 9TH"),
        ],
    )
    def test_an_inward_code_that_looks_like_an_ordinal_after_two_letters(self, content, value):
        assert any(value in found for found in addresses(content))

    def test_an_ordinal_after_a_single_letter_and_digit_is_none(self):
        assert addresses("we sit in row b2 4th seat from the aisle .", role="user") == []


class TestPartOfTownBeforeAPostcode:
    def test_a_part_of_town_before_a_postcode_is_not_its_address_line(self):
        assert addresses("the theatre is on marsh lane in the east , postcode kb5 9bq .") == [
            "marsh lane",
            "kb5 9bq",
        ]

    def test_a_district_before_a_postcode_still_is(self):
        # the line, its district and the postcode ending it are one address, as in capitals
        assert addresses("it 's 24 cordwain road , saxonford , kb3 4ff .") == [
            "24 cordwain road , saxonford , kb3 4ff",
        ]


class TestAskingStatesNone:
    @pytest.mark.parametrize(
        "content",
        [
            "what is the address of the museum ?",
            "can i have the postcode please ?",
            "could you give me their post code and address ?",
            "which street is it on ?",
            "and where is that exactly ?",
            "what area is the guesthouse in ?",
        ],
    )
    def test_a_question_for_an_address_or_postcode_pins_nothing(self, content):
        assert addresses(content, role="user") == []


class TestOneWordStreet:
    @pytest.mark.parametrize(
        "content,address",
        [
            ("the bakery is at 19 tollgate .", "19 tollgate"),
            ("they are at 3 ropergate , in the north .", "3 ropergate"),
            ("the cheapest is the wren , at 44 fishergate .", "44 fishergate"),
        ],
    )
    def test_a_house_number_and_one_word_that_ends_the_clause(self, content, address):
        assert addresses(content) == [address]

    @pytest.mark.parametrize(
        "content",
        [
            "please be there at 7 prompt .",
            "we could meet at 10 tomorrow .",
            "a table for two at 31 vesper on friday .",
            "the room is cheaper at 40 euros .",
            "the scooter sits at 0 battery .",
            "the lights are at 60 power .",
        ],
    )
    def test_a_number_and_a_word_of_time_money_or_a_name_that_runs_on_is_none(self, content):
        assert addresses(content, role="user") == []


class TestPostcodeSpelledOut:
    def test_letters_said_one_by_one_before_a_postcode_are_no_address_line(self):
        assert addresses("that is q x 4 , 2 l d , so qx42ld .") == ["qx42ld"]
