"""A clock written with a full stop after "from" or "at" and a word of a start, a set-up or doors ("Set up
from 7.15", "load-in from 8.20") in a turn that answers a question for a time after a fee was said: it is a
clock, not a price, where the sentence itself says no currency and no word of price. A price after "from" in
talk of prices ("prices start from 6.50 a jar") keeps its reading. Written for these tests; the value is the
clock as said, these cases pin that it is read as one."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


def _after_a_fee(answer: str) -> list[tuple[int, str, str, str]]:
    return facts_of(
        "The pitch at the craft fair costs $35.", "Noted, pitch fee $35. When do you get there?", answer
    )


class TestStartClockAfterAFee:
    @pytest.mark.parametrize(
        "answer,said",
        [
            ("Set up from 7.15, then the fair runs 9 till 2.", "7.15"),
            ("Load-in from 8.20, the stalls open later.", "8.20"),
        ],
    )
    def test_the_clock_is_read_and_no_price(self, answer, said):
        facts = _after_a_fee(answer)
        assert said in [v for v, _ in in_turn(facts, 3, "time")]
        assert in_turn(facts, 3, "amount") == []


class TestLookAlikesKeepTheirReading:
    def test_a_price_from_in_talk_of_prices(self):
        facts = _after_a_fee("Prices start from 6.50 a jar.")
        assert [v for v, _ in in_turn(facts, 3, "amount")] == ["6.50"]
