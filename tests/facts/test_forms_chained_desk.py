"""Forms of a booking desk's long chained conversations, in tokenised lower-case text: a street with "city
centre" run on after a bare "at" or "on"; a street whose first word begins like a month ("market hill",
"junction road") after a place said by its kind and before what the place does; a code of letters and dashed
groups of digits after "a reference ,". Written for these tests: each form read, and the near forms that
state no value (an area alone, a day, a position, a date, a count)."""

import pytest

from tests.facts.booking_chats import values


class TestStreetWithCityCentreAfterABareAt:
    @pytest.mark.parametrize(
        "content,said",
        [
            (
                "the golden fork is a cheap thai place in the south , at fen lane city centre .",
                "fen lane city centre",
            ),
            ("the bakery you want is nearby , at pike street town centre .", "pike street town centre"),
            ("there is a launderette on tanner row city centre , by the bank .", "tanner row city centre"),
        ],
    )
    def test_the_street_and_its_area_are_one_address(self, content, said):
        assert values(content, "address") == [said]

    @pytest.mark.parametrize(
        "content",
        [
            "the hotel is cheap , and we met at the city centre .",  # an area, no street
            "the gallery is in the city centre , near the river .",
        ],
    )
    def test_an_area_alone_is_no_address(self, content):
        assert values(content, "address") == []


class TestStreetBeginningLikeAMonthAfterAPlaceOfAKind:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("the market on marsh hill has fruit stalls on thursdays .", "marsh hill"),
            ("the cafe on junction hill sells good scones .", "junction hill"),
            ("the pub on decker hill does a roast .", "decker hill"),
        ],
    )
    def test_the_street_is_read(self, content, said):
        assert values(content, "address") == [said]

    @pytest.mark.parametrize(
        "content",
        [
            "the bar on march nights has live music .",  # a month, no street
            "the cafe on the left has cakes .",  # a position
            "the pub on sunday does a roast .",  # a day
        ],
    )
    def test_a_month_a_position_or_a_day_is_no_street(self, content):
        assert values(content, "address") == []


class TestDashedCodeAfterAReference:
    @pytest.mark.parametrize(
        "content,said",
        [
            ("the police gave me a reference , wt-2026-30991 , for the claim .", "wt-2026-30991"),
            ("i was given a reference , qa-77-2041 .", "qa-77-2041"),
        ],
    )
    def test_the_code_is_read(self, content, said):
        assert [v.lower() for v in values(content, "identifier", role="user")] == [said]

    @pytest.mark.parametrize(
        "content",
        [
            "the reference , 2026-04-12 , is the day it was filed .",  # a date, no letters
            "the booking , 4 nights from friday , is fine .",  # a count
            "they gave me a reference , a long one , on paper .",  # no code
        ],
    )
    def test_a_date_a_count_or_no_code_is_no_identifier(self, content):
        assert values(content, "identifier", role="user") == []
