"""Codes of one group said where a booking is made or asked for: what a booking, a block of rooms or a
reservation is under ("the group block is under hb-4410-kq", "they 've booked themselves , under zq5m8r2w , a
twin"), a code closing a sentence that books after a comma ("all booked , rt7731 ."), and a code with two
digits given as the answer to "what 's the old booking ?". Not ", under 12s", a count after "booked", a short
code with too few digits, nor a code in a question. Written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant


def _ids(content):
    return [v for v, _ in of_type(said_by_assistant(content), "identifier")]


@pytest.mark.parametrize(
    ("content", "code"),
    [
        ("yes , the group block is under hb-4410-kq , 12 rooms from friday .", "hb-4410-kq"),
        ("they 've booked themselves , under zq5m8r2w , a twin for 3 nights .", "zq5m8r2w"),
        ("the lounge has 19:00 for 4 . all booked , rt7731 .", "rt7731"),
        ("he booked the room himself , kp3d7w2x .", "kp3d7w2x"),
    ],
)
def test_the_code_a_booking_is_under_or_closed_by_is_read(content, code):
    assert _ids(content) == [code]


@pytest.mark.parametrize(
    "content",
    [
        "it 's booked , kids under 12s eat free .",
        "all booked , table 12 .",
        "booked , ab12cd .",
        "is the group block under hb-4410-kq ?",
        "the ferry is full , ask for kp3d7w2x .",
    ],
)
def test_no_code_where_none_is_given_for_a_booking(content):
    assert _ids(content) == []


def test_the_answer_to_the_old_booking_asked_is_a_code():
    facts = facts_of("what 's the old booking ?", "it 's wd5k8pzt , for 2 of us to leeds .")
    assert [v for v, _ in in_turn(facts, 2, "identifier")] == ["wd5k8pzt"]


def test_an_answer_of_a_count_to_the_booking_asked_is_no_code():
    facts = facts_of("and your reservation ?", "it 's 2 nights , from friday .")
    assert in_turn(facts, 2, "identifier") == []
