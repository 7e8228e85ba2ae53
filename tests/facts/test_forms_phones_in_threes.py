"""A phone written in threes with two digits last ("077 009 004 71"), read whole rather than cut before its
last group. Written for this test."""

from tests.facts.booking_chats import of_type, said_by_assistant


def test_the_whole_number_is_read():
    found = said_by_assistant("You can reach the depot on 077 009 004 71 .")
    assert [v for v, _ in of_type(found, "phone")] == ["077 009 004 71"]
