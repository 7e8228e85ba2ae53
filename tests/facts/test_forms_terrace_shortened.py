"""Australian streets shortened to "Tce" for Terrace are streets like "St" and "Rd": read with their number,
suburb, state and postcode, or said alone with their number. The word alone, or after a count, is no street.
Written for these tests."""

import pytest

from tests.facts.booking_chats import values


@pytest.mark.parametrize(
    ("said", "address"),
    [
        (
            "The unit at 41 Banksia Tce, Kelvin Grove QLD 4059 is $610 a week.",
            "41 Banksia Tce, Kelvin Grove QLD 4059",
        ),
        (
            "Inspection is at 7 Hale Tce, North Adelaide SA 5006 on Thursday.",
            "7 Hale Tce, North Adelaide SA 5006",
        ),
        ("Sure, 12 Ridge Tce opens for viewing at 10 am.", "12 Ridge Tce"),
    ],
)
def test_a_terrace_shortened_is_a_street(said, address):
    assert address in values(said, "address")


@pytest.mark.parametrize(
    "said",
    [
        "4 Tce rooms are left at $200.",
        "The tce out the back gets the sun from 3 pm.",
        "Tce views from 2 sides, and it's $640 a week.",
    ],
)
def test_the_word_alone_or_after_a_count_is_no_street(said):
    assert values(said, "address") == []
