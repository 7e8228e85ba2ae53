"""Sums asked of someone, accounts named by their last digits, and addresses with a town and postcode.

- "Request 45.80 from Marta.", "Can you request 120 from Sam?", "Ask her for 35.": a sum asked of someone,
  with no currency, in a conversation that has said money; not a count asked for ("request 3 tickets from
  her", "15 minutes") nor a question that asks ("What did I request from him?"); "Move 250 into savings."
  moves a sum into an account as "to savings" does;
- "from savings ending in 5521 to everyday ending in 8830": an account named by its kind (everyday,
  current, joint, business) before its last digits;
- a number said again after "a high of" or "a low of" is a temperature, not the sum said before it; "1
  single ticket" counts what is bought, not a price;
- a lower-case town and its postcode after the street ("9 harbour st, manly 2095", "44 magnolia ave, unit c,
  baton rouge 70808"); "the address of the cabin, ..." says what the address is of, not its first line; a
  German street in two words before its number ("Leipziger Str. 40, 10117 Berlin"); a street, its district
  and its city with a postcode ("Grove Road, Ponsonby, Auckland 1011"); a Scottish flat's floor and door
  before the house ("2/1, 15 Argyle Street, Glasgow G3 8UP").

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, values

MONEY_SAID = "I owe the plumber $85 for Tuesday."
OK = "Sure."


def _amounts_of(said: str) -> list[str]:
    return [value for value, _ in in_turn(facts_of(MONEY_SAID, OK, said), 3, "amount")]


class TestSumsAskedOfSomeone:
    @pytest.mark.parametrize(
        "said,amount",
        [
            ("Request 45.80 from Marta.", "45.80"),
            ("Can you request 120 from Sam?", "120"),
            ("Ask her for 35.", "35"),
            ("Please request 62.50 from them.", "62.50"),
            ("Move 250 into savings.", "250"),
        ],
    )
    def test_a_sum_asked_of_someone_or_moved_into_an_account(self, said, amount):
        assert _amounts_of(said) == [amount]

    @pytest.mark.parametrize(
        "said",
        [
            "Can you request 3 tickets from her?",
            "Request 15 minutes from Tom.",
            "What did I request from him?",
            "Ask her for 2.",
        ],
    )
    def test_a_count_or_a_question_is_no_sum(self, said):
        assert _amounts_of(said) == []

    def test_no_sum_is_asked_where_no_money_was_said(self):
        facts = facts_of("We need chairs for the party.", OK, "Request 40 from Dana.")
        assert in_turn(facts, 3, "amount") == []


class TestAccountsByTheirKind:
    @pytest.mark.parametrize(
        "said,ids",
        [
            (
                "Please confirm: $200 from savings ending in 5521 to everyday ending in 8830.",
                ["5521", "8830"],
            ),
            ("It will come from your joint account ending 4102.", ["4102"]),
            ("Paid from current ending in 7719.", ["7719"]),
            ("The business one ends in 3380.", ["3380"]),
        ],
    )
    def test_an_account_named_by_its_kind_and_last_digits(self, said, ids):
        assert values(said, "identifier") == ids

    def test_a_month_or_a_year_ending_is_no_account(self):
        assert values("The offer runs to the quarter ending in 2027.", "identifier") == []


class TestNumbersThatAreNoSum:
    def test_a_temperature_is_not_the_sum_said_before(self):
        facts = facts_of(
            "Book the tickets at $58 each.", "Done.", "What's Sunday like?", "A high of 58, sunny."
        )
        assert in_turn(facts, 4, "amount") == []

    def test_the_sum_said_again_is_still_read(self):
        facts = facts_of("Book the tickets at $58 each.", "Done.", "So that's the 58 each?", "Yes, 58 each.")
        assert [value for value, _ in in_turn(facts, 4, "amount")] == ["58"]

    def test_a_count_of_single_tickets_is_no_price(self):
        assert values("Please confirm: 1 single ticket for Monday, €3.90.", "amount") == ["€3.90"]

    def test_a_single_fare_is_still_a_price(self):
        assert values("A single is 6.40 and a return 11.", "amount") == ["6.40", "11"]


class TestTownsAndPostcodes:
    @pytest.mark.parametrize(
        "said,address",
        [
            ("I'm staying at flat 2, 9 harbour st, manly 2095.", "flat 2, 9 harbour st, manly 2095"),
            (
                "Pick me up at 44 magnolia ave, unit c, baton rouge 70808.",
                "44 magnolia ave, unit c, baton rouge 70808",
            ),
            ("The address of the cabin, 12 pine rd, new denver 1057.", "12 pine rd, new denver 1057"),
        ],
    )
    def test_a_lower_case_town_and_postcode_after_the_street(self, said, address):
        assert values(said, "address", role="user") == [address]

    @pytest.mark.parametrize(
        "said,address",
        [
            ("The bakery is at Leipziger Str. 40, 10117 Berlin.", "Leipziger Str. 40, 10117 Berlin"),
            ("The office is at Grove Road, Ponsonby, Auckland 1011.", "Grove Road, Ponsonby, Auckland 1011"),
            (
                "The flat is at 2/1, 15 Argyle Street, Glasgow G3 8UP.",
                "2/1, 15 Argyle Street, Glasgow G3 8UP",
            ),
        ],
    )
    def test_streets_said_as_in_germany_new_zealand_and_scotland(self, said, address):
        assert values(said, "address") == [address]

    @pytest.mark.parametrize(
        "said",
        ["We moved to 12 oak st, since 2010 we've been there.", "The rent at 12 oak st, total 1500 a month."],
    )
    def test_a_year_or_a_sum_after_the_street_is_no_postcode(self, said):
        assert not any("2010" in a or "1500" in a for a in values(said, "address", role="user"))
