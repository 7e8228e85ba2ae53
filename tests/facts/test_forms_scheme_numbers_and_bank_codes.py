"""Numbers of the schemes people are known by and codes of banks and fines, in the forms they are written:
a National Insurance number ("JT 48 19 26 B"), an IBAN ("DE89 3704 0044 0532 0130 00"), a Medicare card
with its position digit, an Aadhaar number, a penalty charge notice ("PCN ZX40917733"). Written for these
tests: each form read, and the near forms that state no identifier."""

import pytest

from tests.facts.booking_chats import of_type, said_by_user


def _ids(content):
    return [v for v, _ in of_type(said_by_user(content), "identifier")]


@pytest.mark.parametrize(
    "content,said",
    [
        ("My national insurance number is JT 48 19 26 B.", "JT 48 19 26 B"),
        ("ni number is wp 22 71 09 a", "wp 22 71 09 a"),
        ("It's on the letter: KR093317C.", "KR093317C"),
        ("The IBAN is DE89 3704 0044 0532 0130 00.", "DE89 3704 0044 0532 0130 00"),
        ("iban : ie64 irce 9205 0112 3456 78", "ie64 irce 9205 0112 3456 78"),
        ("Her Medicare number is 2951 47623 1.", "2951 47623 1"),
        ("my aadhaar 4821 7730 1156", "4821 7730 1156"),
        ("The PCN ZX40917733 came in the post.", "ZX40917733"),
    ],
)
def test_the_number_is_read(content, said):
    assert _ids(content) == [said]


@pytest.mark.parametrize(
    "content",
    [
        "My national insurance number is on my payslip.",
        "Room JT 48 is on the left.",  # no number of the scheme's shape
        "the iban is 22 characters long .",
        "Her Medicare number is 10 digits.",
    ],
)
def test_what_is_said_of_a_number_is_none(content):
    assert _ids(content) == []
