"""Sums with no currency said as a range of prices ("starters run about 7 to 12"), as a price per use
("dryers at 3 a cycle"), after what they are for in answer to a question for a price ("How much for the
fitting?" "the two doors , 340"), and said again as what was quoted ("I think I quoted 65"). Look-alikes stay
without an amount: a range of opening hours or of weeks, a question, a code or a clock asked for, what was
said of a clock. Written for these tests; the chats are said on Monday 6 July 2026."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


def _amounts(chat, seq: int) -> list[str]:
    return [value for value, _ in in_turn(chat, seq, "amount")]


class TestARangeOfPrices:
    @pytest.mark.parametrize(
        ("asked", "said", "prices"),
        [
            ("Is the bistro expensive?", "Mains are around 14 to 23.", ["14", "23"]),
            ("What do the lessons cost?", "Lessons are 30-45 depending on the teacher.", ["30", "45"]),
            ("How much is a room?", "Rooms run about 85 to 120 a night.", ["85", "120"]),
        ],
    )
    def test_both_ends(self, asked, said, prices):
        assert _amounts(facts_of(asked, said), 2) == prices

    @pytest.mark.parametrize(
        ("asked", "said"),
        [
            ("When is the ticket office open?", "It's open about 9 to 5."),
            ("How long is delivery?", "Delivery is about 6 to 8 weeks."),
            ("How much are the seats?", "Are they about 20 to 30?"),
            ("What's the score?", "It's 2 to 1."),
        ],
    )
    def test_no_range_of_prices(self, asked, said):
        assert _amounts(facts_of(asked, said), 2) == []

    def test_hours_from_and_to_after_a_rate(self):
        chat = facts_of("Can we use the hall?", "The school lets the hall for 40 an hour, from 2 to 6.")
        assert _amounts(chat, 2) == ["40"]


class TestAPricePerUse:
    @pytest.mark.parametrize(
        ("said", "price"),
        [
            ("The dryers take coins, at 3 a cycle.", "3"),
            ("The bowling lanes are 7 a game.", "7"),
        ],
    )
    def test_the_price(self, said, price):
        assert _amounts(facts_of("How does it work there?", said), 2) == [price]


class TestAPriceAfterWhatItIsFor:
    @pytest.mark.parametrize(
        ("asked", "said", "price"),
        [
            ("How much for the fitting?", "the two doors , 340", "340"),
            ("What would you quote for the garden wall?", "For the wall and the coping, 1250.", "1250"),
        ],
    )
    def test_the_answer(self, asked, said, price):
        assert _amounts(facts_of(asked, said), 2) == [price]

    @pytest.mark.parametrize(
        ("asked", "said"),
        [
            ("What's the code for the bike shed?", "For the side gate, 4417."),
            ("When is the fitting?", "the two doors , 10."),
            ("How much for the fitting?", "Which doors, 3?"),
        ],
    )
    def test_no_price(self, asked, said):
        assert _amounts(facts_of(asked, said), 2) == []


class TestASumSaidAgainAsQuoted:
    @pytest.mark.parametrize(
        ("asked", "said", "price"),
        [
            ("What did you quote me for the gutters?", "I think I said 65.", "65"),
            ("Remind me what the repair costs?", "We said 18 for the part.", "18"),
        ],
    )
    def test_the_sum(self, asked, said, price):
        assert _amounts(facts_of(asked, said), 2) == [price]

    @pytest.mark.parametrize(
        ("asked", "said"),
        [
            ("What time did we say for the fitting?", "I said 9 for the fitting."),
            ("How many people are coming?", "I said 14."),
        ],
    )
    def test_not_a_sum(self, asked, said):
        assert _amounts(facts_of(asked, said), 2) == []
