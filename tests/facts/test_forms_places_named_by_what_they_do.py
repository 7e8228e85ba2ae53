"""Places in lower-case text that are no address line.

"the food bank" or "the blood bank" is a place by what it does, not a street of the type "bank" ("withy bank"
is one). A place named by whose it is ("at the agent's", "at the vet's") has no area after its comma: what
follows is a new clause ("keys at the agent's, heating on since friday"). Written for these tests (the
chat's turns are dated Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import of_type, said_by_user


@pytest.mark.parametrize(
    "turn",
    [
        "leaving the tins at the food bank on friday",
        "she volunteers at the blood bank most weekends",
        "keys at the agent's, heating on since friday",
        "the dog's at the groomer's, collection after lunch",
    ],
)
def test_no_address_is_read(turn):
    assert of_type(said_by_user(turn), "address") == []


@pytest.mark.parametrize(
    "turn,address",
    [
        ("the flat is at 4 withy bank , eastfield .", "4 withy bank , eastfield"),
        ("we're at the old mill , eastfield .", "the old mill , eastfield"),
    ],
)
def test_a_street_of_that_type_or_a_place_and_its_area_is_kept(turn, address):
    assert [v for v, _ in of_type(said_by_user(turn), "address")] == [address]
