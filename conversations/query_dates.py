"""The calendar days a question names ("What did Sam cook on 3 March 2025?"), for the search's date term.

A long chat is a series of sessions, each on its own day, and a question about
a day is answered by what was said that day or just after ("we went out last
night" is said the morning after). ``days_named`` reads the dates written out in
a question; ``near`` says whether a turn was said close enough to one of them.
Only dates that name a day are read: "in March" or "last week" name no day.
"""

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sept", "sep"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<year>(?:19|20)\d\d))?"
_PATTERNS = (
    # 3 March 2025, 3rd of March, the 17th of Jan, 2024
    re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}\b{_YEAR}", re.IGNORECASE),
    # March 3 2025, Mar 3rd, 2025, March 3
    re.compile(rf"\b{_MONTH}\s+{_DAY}\b{_YEAR}", re.IGNORECASE),
    # 2025-03-03
    re.compile(r"\b(?P<year>(?:19|20)\d\d)-(?P<month>[01]?\d)-(?P<day>[0-3]?\d)\b"),
)
# 03.03.2025, 3/3/25: day first with dots; with slashes either order when both can be a month.
_NUMERIC = re.compile(r"\b(?P<a>[0-3]?\d)(?P<sep>[./])(?P<b>[0-3]?\d)(?P=sep)(?P<year>(?:19|20)?\d\d)\b")


@dataclass(frozen=True)
class DayNamed:
    """A day a question names; ``year`` is None when the question gives none (any year matches)."""

    month: int
    day: int
    year: int | None = None

    def on(self, year: int) -> date | None:
        try:
            return date(self.year or year, self.month, self.day)
        except ValueError:
            return None


def days_named(query: str) -> list[DayNamed]:
    """Every day written out in ``query``, in the forms people write them; nothing for "next week"."""
    days: list[DayNamed] = []
    for pattern in _PATTERNS:
        for match in pattern.finditer(query):
            month = match["month"]
            number = int(month) if month.isdigit() else _MONTHS[month.lower().rstrip(".")]
            _add(days, number, int(match["day"]), match["year"])
    for match in _NUMERIC.finditer(query):
        a, b, year = int(match["a"]), int(match["b"]), match["year"]
        if len(year) == 2:
            year = "20" + year
        _add(days, b, a, year)  # 03.04.2025 is the 3rd of April
        if match["sep"] == "/":
            _add(days, a, b, year)  # 04/03/2025 may be written month first
    return days


def _add(days: list[DayNamed], month: int, day: int, year: str | None) -> None:
    named = DayNamed(month, day, int(year) if year else None)
    if 1 <= month <= 12 and named.on(named.year or 2000) is not None and named not in days:
        days.append(named)


def near(said_at: datetime, days: list[DayNamed], before: int, after: int) -> bool:
    """Whether ``said_at`` falls from ``before`` days before to ``after`` days after a day named."""
    said = said_at.date()
    for named in days:
        for year in {said.year - 1, said.year, said.year + 1} if named.year is None else {named.year}:
            day = named.on(year)
            if day is not None and day - timedelta(days=before) <= said <= day + timedelta(days=after):
                return True
    return False
