"""Public holidays said as days: "Boxing Day", "Thanksgiving", "Heritage Day", "Memorial Day".

A holiday kept on one date wherever it is named ("Boxing Day", "Anzac Day", "Canada Day") or by one
country alone ("Memorial Day", "WA Day") is the next such day on or after the turn, or the one before
it where "last" is said ("last Halloween", "last Christmas"; "Christmas" alone is a season, a day only
with "last", "this" or "next" before it), or the one of the year said after it ("Christmas Day last
year", "Boxing Day next year"); one that falls on
different days in different countries ("Labour Day", "Thanksgiving", "King's Birthday") is a day that
cannot be placed without knowing where the speakers are, and is kept with its words alone (an empty
normalised value), as a date with no year is. No table is fetched: the rules that give each date are
below, and Easter's from dateutil.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta

from dateutil.easter import easter

from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact


def _fixed(month: int, day: int) -> Callable[[int], date]:
    return lambda year: date(year, month, day)


def _nth_weekday(month: int, weekday: int, n: int) -> Callable[[int], date]:
    """The nth weekday of a month (n = -1: the last one)."""

    def day(year: int) -> date:
        if n > 0:
            first = date(year, month, 1)
            return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
        last = date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
        return last - timedelta(days=(last.weekday() - weekday) % 7)

    return day


def _monday_before_may_25(year: int) -> date:
    d = date(year, 5, 24)
    return d - timedelta(days=d.weekday())


_MON, _THU = 0, 3
# name (a pattern, read case-insensitively) -> the rule that dates it, or None where countries differ
_HOLIDAYS: tuple[tuple[str, Callable[[int], date] | None], ...] = (
    (r"new\s+year'?s\s+day", _fixed(1, 1)),
    (r"new\s+year'?s\s+eve", _fixed(12, 31)),
    (r"(?:christmas|xmas)\s+eve", _fixed(12, 24)),
    (r"(?:christmas|xmas)\s+day", _fixed(12, 25)),
    (r"boxing\s+day", _fixed(12, 26)),
    (r"valentine'?s\s+day", _fixed(2, 14)),
    (r"st\.?\s+patrick'?s\s+day|paddy'?s\s+day", _fixed(3, 17)),
    (r"hallowe'?en", _fixed(10, 31)),
    (r"guy\s+fawkes(?:\s+night)?|bonfire\s+night", _fixed(11, 5)),
    (r"remembrance\s+day|veterans'?\s+day|armistice\s+day", _fixed(11, 11)),
    (r"anzac\s+day", _fixed(4, 25)),
    (r"waitangi\s+day", _fixed(2, 6)),
    (r"australia\s+day", _fixed(1, 26)),
    (r"canada\s+day", _fixed(7, 1)),
    (r"independence\s+day|(?:the\s+)?fourth\s+of\s+july", _fixed(7, 4)),
    (r"(?-i:the\s+Fourth)(?!\s+(?:of\b|[A-Z]))", _fixed(7, 4)),  # "away for the Fourth"
    (r"juneteenth", _fixed(6, 19)),
    # South Africa's, capitalised: "a heritage day out" is none
    (r"(?-i:Heritage\s+Day)", _fixed(9, 24)),
    (r"(?-i:Freedom\s+Day)", _fixed(4, 27)),
    (r"(?-i:Youth\s+Day)", _fixed(6, 16)),
    (r"day\s+of\s+reconciliation", _fixed(12, 16)),
    (r"good\s+friday", lambda y: easter(y) - timedelta(days=2)),
    (r"easter\s+sunday", easter),
    (r"easter\s+monday", lambda y: easter(y) + timedelta(days=1)),
    (r"memorial\s+day", _nth_weekday(5, _MON, -1)),
    (r"labor\s+day", _nth_weekday(9, _MON, 1)),  # the American spelling
    (r"presidents'?\s+day", _nth_weekday(2, _MON, 3)),
    (r"(?:martin\s+luther\s+king|mlk)(?:\s+jr\.?)?\s+day", _nth_weekday(1, _MON, 3)),
    (r"columbus\s+day|indigenous\s+peoples'?\s+day", _nth_weekday(10, _MON, 2)),
    (r"victoria\s+day", _monday_before_may_25),
    (r"wa\s+day", _nth_weekday(6, _MON, 1)),
    (r"labour\s+day|thanksgiving(?:\s+day)?|(?-i:Family\s+Day)|civic\s+holiday", None),
    (r"(?:king|queen)'?s\s+birthday", None),
    # kept in May and June in America, in March (Mothering Sunday) and September elsewhere
    # (capitalised, or "mothers day" as typed: "my mother's day was long" is none)
    (r"(?-i:Mother|Father)'?s\s+(?-i:Day)|(?:mother|father)s\s+day", None),
    (r"mothering\s+sunday", lambda y: easter(y) - timedelta(days=21)),
    (r"(?<=last\s|this\s|next\s)(?:christmas|xmas)(?!\s+(?:eve|day)\b)", _fixed(12, 25)),
)
_HOLIDAY_RE = re.compile(
    r"(?<![\w'])(?:(?P<which>last|this|next)\s+)?(?:"
    + "|".join(f"(?P<h{i}>{name})" for i, (name, _) in enumerate(_HOLIDAYS))
    + r")(?![\w'])(?:\s+(?P<year>last|this|next)\s+year\b)?",
    re.I,
)
_YEAR_STEP = {"last": -1, "this": 0, "next": 1}
_MAY_HAVE_RE = re.compile(
    r"day|eve\b|ween|fawkes|bonfire|juneteenth|thanksgiving|birthday|fourth|holiday|easter|friday|mothering"
    r"|christmas|xmas",
    re.I,
)


def _holidays(s: _Sentence) -> list[ExtractedFact]:
    """The public holidays named in a sentence, each as a date (see the module)."""
    if not _MAY_HAVE_RE.search(s.text):
        return []
    out = []
    today = s.turn.created_at.date()
    for m in _HOLIDAY_RE.finditer(s.text):
        rule = _HOLIDAYS[int(next(k for k, v in m.groupdict().items() if v and k[0] == "h")[1:])][1]
        normalised = ""
        if rule is not None and m["year"]:  # "Christmas Day last year": the one of that calendar year
            normalised = rule(today.year + _YEAR_STEP[m["year"].lower()]).isoformat()
        elif rule is not None and (m["which"] or "").lower() == "last":
            day = rule(today.year)
            normalised = (day if day < today else rule(today.year - 1)).isoformat()
        elif rule is not None:
            day = rule(today.year)
            day = day if day >= today else rule(today.year + 1)
            normalised = day.isoformat()
        out.append(s.fact("date", "date", *m.span(), normalised))
    return out
