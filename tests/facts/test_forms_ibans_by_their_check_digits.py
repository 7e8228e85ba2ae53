"""An IBAN read by its shape alone is one only where its country's length and check digits hold.

- "Transfer it to GB30 BARC 2003 8471 9934 52 today.", "FR1420041010050500013M02606": an IBAN, in its groups
  or run together, with the key that names it;
- "Royal Mail has it under RO9011468681", "the courier's code is NL27 4455 8812": capitals and digits of an
  IBAN's shape whose check digits fail are no IBAN (a parcel's code keeps the key of what it tracks);
- after the word "IBAN" what the person gives is pinned as their IBAN as they typed it, check digits or not.

Every number is made up for these tests; the valid ones had their check digits computed for them."""

import pytest

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText
from tests.facts.booking_chats import SAID_ON


def keyed(content: str) -> list[tuple[str, str]]:
    """(key, value) of every identifier read from one turn of the person's."""
    turn = TurnText(seq=1, role="user", content=content, created_at=SAID_ON)
    return [(f.key, f.value) for f in extract_facts([turn]) if f.type == "identifier"]


@pytest.mark.parametrize(
    "said,code",
    [
        ("Transfer it to GB30 BARC 2003 8471 9934 52 today.", "GB30 BARC 2003 8471 9934 52"),
        ("The landlord's account: ES60 0049 1500 0512 3456 7892.", "ES60 0049 1500 0512 3456 7892"),
        ("Refund goes to FR1420041010050500013M02606 please", "FR1420041010050500013M02606"),
    ],
)
def test_an_iban_by_its_shape_where_its_check_digits_hold(said, code):
    assert ("iban", code.replace(" ", "")) in [(k, v.replace(" ", "")) for k, v in keyed(said)]


@pytest.mark.parametrize(
    "said",
    [
        "Royal Mail has it under tracking number RO9011468681, held at the depot.",
        "The courier's code is NL27 4455 8812, it says out for delivery.",
        "Send it to GB31 BARC 2003 8471 9934 52 today.",  # one check digit wrong
    ],
)
def test_an_ibans_shape_whose_check_digits_fail_is_no_iban(said):
    assert all(key != "iban" for key, _ in keyed(said))


def test_a_parcels_code_keeps_the_key_of_what_it_tracks():
    assert ("tracking_number", "RO9011468681") in keyed(
        "Royal Mail has it under tracking number RO9011468681, held at the depot."
    )


def test_after_the_word_iban_the_code_is_pinned_as_typed():
    assert [key for key, _ in keyed("my IBAN is GB31 BARC 2003 8471 9934 52")] == ["iban"]
