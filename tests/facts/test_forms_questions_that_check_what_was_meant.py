"""A question that checks what was meant ("Did you mean 9 till 3?", "Do you mean the 21st?", "Sorry, did
you mean flat 2C?") states no value of its own: it asks which one holds, and the answer states it. A question
that proposes a value ("Can we meet at 4 pm?") and a sentence that says what was meant keep their reading.
Written for these tests."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, said_by_assistant


class TestACheckingQuestionStatesNothing:
    @pytest.mark.parametrize(
        "content",
        [
            "Did you mean 4:15 pm?",
            "Sorry, did you mean half past four?",
            "Do you mean Friday 14 August at 6 pm?",
        ],
    )
    def test_no_value_is_read(self, content):
        assert said_by_assistant(content) == []


class TestLookAlikesKeepTheirReading:
    def test_the_answer_to_the_check_states_it(self):
        facts = facts_of(
            "The pool is open 9 till 3 on Sundays?", "Did you mean 9 till 3?", "Yes, 9 am to 3 pm."
        )
        assert in_turn(facts, 2, "time") == []
        assert in_turn(facts, 3, "time") == [("9 am to 3 pm", "09:00-15:00")]

    def test_a_sentence_that_says_what_was_meant(self):
        assert [t for t, *_ in said_by_assistant("I meant 4:30 pm, sorry.")] == ["time"]
