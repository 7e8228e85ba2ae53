"""Hours answered as what usually happens, and windows typed with one letter of each half of the day.

- "What time is dinner?" "Usually 8." / "6 normally." / "usually seven , but they can do 6:30 for you .": the
  hour said as the habit answers the question, also when a "but" follows it; after a question of how many
  ("How many rooms are left?" "Usually 4.") it is a count, no hour;
- a shift or opening hours typed "7a-3p", "11p-7a", "6:30a-2:30p" with nothing before them is one window,
  its halves given by the letters; "seats 14a-14c" and "flats 2a-4b" are no clocks.

Every sentence is written for these tests (the chat's turns are dated Monday 6 July 2026)."""

import pytest

from tests.facts.booking_chats import facts_of, in_turn, of_type, said_by_user


class TestUsualHours:
    @pytest.mark.parametrize(
        "asked,answer,clocks",
        [
            ("What time is dinner at the lodge?", "Usually 8.", [("8", "20:00")]),
            ("what time does the bakery shut ?", "6 normally .", [("6", "18:00")]),
            (
                "What time do they serve lunch?",
                "Usually twelve, but they can do 1:15 for you.",
                [("twelve", "12:00"), ("1:15", "13:15")],
            ),
        ],
    )
    def test_the_usual_hour_answers_when(self, asked, answer, clocks):
        assert in_turn(facts_of(asked, answer), 2, "time") == clocks

    def test_a_usual_count_is_no_hour(self):
        assert in_turn(facts_of("How many rooms are left?", "Usually 4."), 2, "time") == []


class TestOneLetterWindows:
    @pytest.mark.parametrize(
        "said,window",
        [
            ("I'm on 7a-3p tomorrow.", ("7a-3p", "07:00-15:00")),
            ("Her rota says 11p-7a on Friday.", ("11p-7a", "23:00-07:00")),
            ("The desk is staffed 6:30a-2:30p.", ("6:30a-2:30p", "06:30-14:30")),
        ],
    )
    def test_a_window_typed_with_letters(self, said, window):
        assert of_type(said_by_user(said), "time") == [window]

    @pytest.mark.parametrize("said", ["Your seats are 14a-14c.", "Flats 2a-4b are empty this month."])
    def test_seats_and_flats_are_no_window(self, said):
        assert of_type(said_by_user(said), "time") == []
