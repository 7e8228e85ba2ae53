"""A road named with the part of it after its type, as British ring roads and relief roads are ("the car park
on castle way south is nearest", "the gym on Tanner Way East"): the direction is part of the street. Not where
a place is from the road ("on mill road north of the bridge", "on mill road south side").
Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import values


class TestRoadParts:
    @pytest.mark.parametrize(
        ("said", "street"),
        [
            ("the multi-storey car park on castle way south is nearest .", "castle way south"),
            ("the gym on Tanner Way East opens at 6 .", "Tanner Way East"),
            ("the bakery on orchard road west does good pies .", "orchard road west"),
        ],
    )
    def test_the_direction_after_the_road_is_part_of_it(self, said, street):
        assert values(said, "address") == [street]


class TestDirectionsFromARoad:
    @pytest.mark.parametrize(
        ("said", "street"),
        [
            ("the hotel on mill road north of the bridge is cheap .", "mill road"),
            ("the shop on mill road south side is shut .", "mill road"),
            ("the cafe on high street is nice .", "high street"),
        ],
    )
    def test_the_road_alone(self, said, street):
        assert values(said, "address") == [street]
