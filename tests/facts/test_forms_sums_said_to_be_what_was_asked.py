"""A sum with no currency said to be what the question before asked the price of.

- "And how much is the deposit?" "It's 40." and "is the fee the same ?" "for groups of over 20 it 's 60 ."
  answer a question for a price or a deposit with the sum alone: the number is an amount;
- the sentence is the answer alone, so "It's 40 minutes.", "it's 10 percent." and "it's 4 and under." say no
  sum; nor does "It's 5." answer a question for the time or a room, nor "It's 30." with no price asked.

Every sentence is written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn


class TestSumSaidToBeWhatWasAsked:
    @pytest.mark.parametrize(
        "asked,answer,value",
        [
            ("And how much is the deposit?", "It's 40.", "40"),
            ("is the fee the same for a group ?", "for groups of over 20 it 's 60 .", "60"),
            ("What would the deposit be for the hall?", "That'll be 150. I can hold it till Friday.", "150"),
            ("how much is the fare to the airport ?", "it 's about 35 .", "35"),
        ],
    )
    def test_the_sum_answering_a_question_for_a_price_is_an_amount(self, asked, answer, value):
        facts = facts_of(asked, answer)
        assert value in [v for v, _ in in_turn(facts, 2, "amount")]

    @pytest.mark.parametrize(
        "asked,answer",
        [
            ("How much is the drive to the coast?", "It's 40 minutes."),
            ("what is the service charge ?", "it 's 10 percent ."),
            ("What's the entry price for little ones?", "It's 4 and under that go free."),
            ("What time is the deposit due?", "It's 5."),
            ("What room is the deposit box in?", "It's 12."),
            ("Is the hall big?", "It's 30."),
        ],
    )
    def test_a_number_that_is_no_sum_asked_for_is_no_amount(self, asked, answer):
        facts = facts_of(asked, answer)
        assert in_turn(facts, 2, "amount") == []
