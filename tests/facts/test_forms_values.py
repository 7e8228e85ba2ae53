"""Identifiers, times, amounts, phones and dates as people type them in booking chats: lower case, a
space before punctuation, typos, clocks without a colon, prices without a currency. One case per
general form, written for these tests."""

from datetime import UTC, datetime

import pytest

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText

SAID_ON = datetime(2026, 7, 6, 10, 0, tzinfo=UTC)  # a Monday


def facts_of(*contents: str) -> list[tuple[int, str, str, str]]:
    """(turn, type, value, normalised) of every fact in a chat whose turns alternate user/assistant."""
    turns = [
        TurnText(seq=i, role="user" if i % 2 else "assistant", content=c, created_at=SAID_ON)
        for i, c in enumerate(contents, start=1)
    ]
    return [(f.source_seq, f.type, f.value, f.normalised) for f in extract_facts(turns)]


def found(content: str, role: str = "assistant") -> list[tuple[str, str, str]]:
    facts = extract_facts([TurnText(seq=1, role=role, content=content, created_at=SAID_ON)])
    return [(f.type, f.value, f.normalised) for f in facts]


class TestClocksWithoutAColon:
    @pytest.mark.parametrize(
        "content,value,normalised",
        [
            ("the last bus leaves at 21.40 .", "21.40", "21:40"),
            ("i would like to go after 0830 please .", "0830", "08:30"),
            ("i have to arrive by 1945 .", "1945", "19:45"),
            ("can you book us in at 1230 on sunday ?", "1230", "12:30"),
            ("the gallery is open from 9.45 to 17.15 .", "9.45 to 17.15", "09:45-17:15"),
            ("it costs 6 pounds and closes at 16.30 .", "16.30", "16:30"),
        ],
    )
    def test_a_clock_after_a_word_that_asks_for_a_time(self, content, value, normalised):
        assert ("time", value, normalised) in found(content)

    @pytest.mark.parametrize(
        "content",
        [
            "tickets at 4.50 each , please .",
            "the band is from 2016 .",
            "we are at 2210 harbour road .",
            "the total is 3.10 .",
            "please update to version 3.10 .",
            "the room number is 1204 .",
        ],
    )
    def test_money_years_house_numbers_and_versions_are_no_clock(self, content):
        assert not [f for f in found(content) if f[0] == "time"]


class TestPricesWithoutACurrency:
    @pytest.mark.parametrize(
        "content,value",
        [
            ("admission is 6.75 for adults .", "6.75"),
            ("the fare is 13.90 .", "13.90"),
            ("it comes to 14.20 per adult .", "14.20"),
            ("entry fee : 3.40 .", "3.40"),
        ],
    )
    def test_pounds_and_pence_after_a_price_word_or_before_per_person(self, content, value):
        assert ("amount", value, value) in found(content)

    @pytest.mark.parametrize(
        "content", ["the walk is 2.45 miles .", "it is 3.10 .", "the fee rose by 2.50 % ."]
    )
    def test_a_decimal_with_nothing_of_price_is_no_amount(self, content):
        assert not [f for f in found(content) if f[0] == "amount"]
