"""Prices said with no currency: of a night, of items named alike and of an item changed. Written for these
tests: each form read, and a near form that stays unread (a question about the value is no statement)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_assistant


class TestPriceForTheNight:
    @pytest.mark.parametrize(
        "content,said",
        [("It's 120 for the night.", "120"), ("The attic room is 88.50 for the night.", "88.50")],
    )
    def test_the_price_is_read(self, content, said):
        assert [v for v, _ in of_type(said_by_assistant(content), "amount")] == [said]

    @pytest.mark.parametrize("content", ["Is it 120 for the night?", "There are 40 for the night."])
    def test_a_question_or_a_count_is_no_price(self, content):
        assert of_type(said_by_assistant(content), "amount") == []


class TestItemsNamedAlike:
    def test_the_second_item_named_alike_is_a_price(self):
        facts = facts_of("How much are the first aid courses?", "level one is 32.50 and level two 58 .")
        assert [v for v, _ in in_turn(facts, 2, "amount")] == ["32.50", "58"]

    def test_numbers_named_alike_outside_talk_of_prices_stay_unread(self):
        assert of_type(said_by_assistant("Team one is 4 and team two 6."), "amount") == []


class TestItemPriceChanged:
    def test_the_new_price_of_an_item_priced_before_is_read(self):
        facts = facts_of(
            "What do I charge for the candles?",
            "Your list has $9 for the small and $16 for the large.",
            "Put the large up to 18, leave the rest.",
        )
        assert [v for v, _ in in_turn(facts, 3, "amount")] == ["18"]

    @pytest.mark.parametrize(
        "last",
        ["Move the pickup to 18.", "Can you put the large up to 18?", "Put the large up to 60."],
    )
    def test_a_clock_a_question_or_a_sum_of_another_size_is_no_price(self, last):
        facts = facts_of(
            "What do I charge for the candles?", "Your list has $9 for the small and $16 for the large.", last
        )
        assert in_turn(facts, 3, "amount") == []
