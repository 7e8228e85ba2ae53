"""Owners' shorthand, the second part: a quote's code with a one-letter group ("quote TR-Q-2207"), a parcel's
number of the postal union's shape in groups ("tracked 48, HJ 3310 2274 6GB"), the first day of a span said
before its month ("12th-14th june", "12 to 14 June"), and a window of hours after "btw" ("pickup btw 10 and
2"). Look-alikes stay without a value: a span that is a count ("aged 5 to 7 June"), "btw" as "by the way",
and a code in groups with no talk of a parcel. Written for these tests; the chats are said on Monday 6 July
2026."""

import pytest

from tests.facts.booking_chats import of_type, said_by_assistant, said_by_user


def _values(said: str, type_: str, *, assistant: bool = False) -> list[str]:
    facts = (said_by_assistant if assistant else said_by_user)(said)
    return [value for value, _ in of_type(facts, type_)]


class TestAQuoteCode:
    @pytest.mark.parametrize(
        ("said", "code"),
        [
            ("sent it as quote TR-Q-2207 this morning", "TR-Q-2207"),
            ("I've sent quote MKT-E-0419 for the stand.", "MKT-E-0419"),
        ],
    )
    def test_the_code(self, said, code):
        assert code in _values(said, "identifier")


class TestAParcelNumberInGroups:
    @pytest.mark.parametrize(
        ("said", "code"),
        [
            ("royal mail tracked 48, HJ 3310 2274 6GB", "HJ 3310 2274 6GB"),
            ("the parcel is RR 204 118 337 GB", "RR 204 118 337 GB"),
        ],
    )
    def test_the_number(self, said, code):
        assert _values(said, "identifier") == [code]

    def test_no_parcel_talk(self):
        assert _values("the form says HJ 3310 2274 6GB on it", "identifier") == []


class TestTheFirstDayOfASpan:
    @pytest.mark.parametrize(
        ("said", "days"),
        [
            ("craft fair at the town hall, 12th-14th june", ["12th", "14th june"]),
            ("The fair runs 12 to 14 June.", ["12", "14 June"]),
            ("we're closed 3rd - 5th july", ["3rd", "5th july"]),
        ],
    )
    def test_both_days(self, said, days):
        assert _values(said, "date") == days

    def test_a_count_is_no_span(self):
        assert "5" not in _values("the class is for kids aged 5 to 7 June intake", "date")


class TestAWindowAfterBtw:
    def test_the_window(self):
        assert _values("courier pickup btw 10 and 2", "time") == ["btw 10 and 2"]

    @pytest.mark.parametrize("said", ["btw 2 and 3 of the boxes were wet", "btw the van is back"])
    def test_by_the_way(self, said):
        assert _values(said, "time") == []
