"""Which way a conversation writes all-numeric dates ("11/07/2026": day or month first), and the date such
a number names."""

from __future__ import annotations

import re
from datetime import date

from facts.extraction.date_arithmetic import _safe_date

# An all-numeric date ("11/07/2026") is read month first only where the conversation writes dates so:
# a date that can only be month first ("11/20/2026") counts most, then North American phone numbers,
# then dollars; a date that can only be day first, phones of other countries, pounds and euros count
# the other way. With no cue, day first.
_NUMERIC_DAY_RE = re.compile(r"(?<![\w/.:-])([0-3]?\d)/([0-3]?\d)(?:/(?:19|20)?\d\d)?(?![\w/]|[.:]\d)")
_US_PHONE_RE = re.compile(
    r"\(\d{3}\)\s?\d{3}[-.\s]\d{4}\b|(?<![\d+-])\d{3}[-.]\d{3}[-.]\d{4}(?!\d)|\+1[\s-]\d{3}\b"
)
_OTHER_PHONE_RE = re.compile(
    r"\+(?!1\b)\d{2,3}[\s-]\d|(?<![\d(+-])0\d{2,4}[\s-]\d{3,4}[\s-]?\d{3,4}(?!\d)|\(0\d\)\s?\d{4}\s?\d{4}"
)


def date_order(texts: list[str]) -> str:
    """ "mdy" when the cues of these turns say numeric dates are written month first, else ""."""
    if not any("/" in text for text in texts):
        return ""  # no date written with slashes to read either way
    month_first = day_first = 0
    for text in texts:
        for a, b in _NUMERIC_DAY_RE.findall(text):
            if int(b) > 12 >= int(a) > 0:
                month_first |= 4
            elif int(a) > 12 >= int(b) > 0:
                day_first |= 4
        month_first |= 2 if _US_PHONE_RE.search(text) else 0
        day_first |= 2 if _OTHER_PHONE_RE.search(text) else 0
        month_first |= 1 if "$" in text else 0
        day_first |= 1 if re.search(r"[£€]|\b(?:gbp|eur|pounds?|euros?|quid)\b", text, re.I) else 0
    if month_first & day_first & 4:  # dates written both ways: the dates say nothing
        month_first, day_first = month_first & 3, day_first & 3
    return "mdy" if month_first > day_first else ""


def _numeric_date(year: int, a: int, b: int, order: str) -> date | None:
    """An all-numeric date: day first unless the conversation reads month first (``order`` "mdy");
    either way the only possible reading when the other is impossible ("11/20/2026", "27/10/2026")."""
    first, second = (_safe_date(year, a, b), _safe_date(year, b, a)) if order == "mdy" else (None, None)
    if order == "mdy":
        return first or second
    return _safe_date(year, b, a) or (_safe_date(year, a, b) if b > 12 else None)
