"""Codes in capitals with slashes, and capitals before spaced digits after the word for the code."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText


def _ids(text: str, role: str = "assistant") -> set[str]:
    facts = extract_facts(
        [TurnText(seq=1, role=role, content=text, created_at=datetime(2026, 3, 2, 9, tzinfo=UTC))]
    )
    return {f.value for f in facts if f.type == "identifier"}


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("The garage opened work order WO/KLA/3318/052 for the brakes.", "WO/KLA/3318/052"),
        ("Your claim went in this morning, claim HD/CL/7730915.", "HD/CL/7730915"),
        ("Quote QTN/25/4471 covers the paint and the labour.", "QTN/25/4471"),
        ("Paid in full, reference NEFT 309981776541.", "NEFT 309981776541"),
        ("The school fee went through, transaction TRX 5521 0093 14.", "TRX 5521 0093 14"),
        ("Done: booking GB 7781 3302 9, arriving Monday.", "GB 7781 3302 9"),
        ("Your confirmation number is HT 440 918 27.", "HT 440 918 27"),
    ],
)
def test_capital_codes_read(text: str, code: str) -> None:
    assert code in _ids(text)


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        ("The shop is open 24/7 and the A/C is fixed.", "A/C"),
        ("Is it WO/KLA/3318/052 or something else?", "WO/KLA/3318/052"),
        ("The fault is marked N/A on the sheet.", "N/A"),
        ("They wrote AB/CD on the box.", "AB/CD"),
        ("The transfer was USD 1 250 000.", "USD 1 250 000"),
        ("The payment was RS 500 000, all of it.", "RS 500 000"),
    ],
)
def test_capital_codes_near_misses(text: str, absent: str) -> None:
    assert absent not in _ids(text)
