"""Codes known by their shape or by a lower-case word that names them: an Irish vehicle registration, an
Australian business number where the talk is of one, a BSB in lower case, a short payment reference, and a
short code given as the answer to a question asking for one; with near forms that stay unread (a question,
digit groups with no talk of a business number, a short code with no question before it)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values


@pytest.mark.parametrize(
    "content,code",
    [
        ("the other driver's reg is 191-D-12345, a blue astra", "191-D-12345"),
        ("mine is 07-KY-4410 if they need it", "07-KY-4410"),
        ("bank transfer, bsb 062-000 account 1234 5678", "062-000"),
        ("paid the plumber, ref INV-2231", "INV-2231"),
        ("done, the reference on the transfer was SMITH4", "SMITH4"),
        ("use payment reference TK-88 please", "TK-88"),
    ],
)
def test_a_code_is_read_by_its_shape_or_its_word(content, code):
    assert code in values(content, "identifier", role="user")


@pytest.mark.parametrize(
    "content",
    [
        "what was the reg, 191-D-12345?",
        "what ref do I put on it?",
        "the ref said nothing useful",
        "the ref was 10 minutes late",
    ],
)
def test_a_question_or_a_word_without_a_code_stays_unread(content):
    assert values(content, "identifier", role="user") == []


def test_a_business_number_in_its_groups_where_one_was_asked_for():
    facts = facts_of(
        "do i need an abn to invoice them", "You will. Do you have one?", "my partner has, 12 345 678 901"
    )
    assert in_turn(facts, 3, "identifier") == [("12 345 678 901", "12345678901")]


def test_digit_groups_with_no_talk_of_a_business_number_are_no_business_number():
    facts = facts_of("the meter read 12 345 678 901 this morning")
    assert all(value != "12 345 678 901" for value, _ in in_turn(facts, 1, "identifier"))


def test_a_short_code_answers_a_question_for_a_number():
    facts = facts_of(
        "I rent a plot at the allotments", "Which plot number should go on the form?", "yeah plot C7"
    )
    assert in_turn(facts, 3, "identifier") == [("C7", "C7")]


def test_a_short_code_with_no_question_before_it_stays_unread():
    facts = facts_of("I rent a plot at the allotments", "Lovely. Growing much?", "yeah plot C7")
    assert in_turn(facts, 3, "identifier") == []


@pytest.mark.parametrize("answer", ["it is XT9 45 CJ .", "It's M5A 1S7."])
def test_a_short_code_that_is_the_first_part_of_a_longer_one_stays_unread(answer):
    facts = facts_of("I need to update the form", "What's the new reference number for him?", answer)
    assert all(value in ("XT9 45 CJ",) for value, _ in in_turn(facts, 3, "identifier"))
