"""Ranges of days: the first day of a range whose month is said after the second ("16th to 19th March"), of
a range of days of the month with no month ("7th to the 14th"), and a second day said bare after a first
("the 3rd or 4th", "March 22-25")."""

from __future__ import annotations

import re
from datetime import date

from facts.extraction.calendar_words import _MONTH
from facts.extraction.date_arithmetic import _nearest_year, _safe_date
from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

# The first day of a range whose month is said after the second: "16th to 19th March", "from 3 to 5 May";
# and each day of a list or a choice said before its month: "the 3rd or the 4th of June", "the 2nd, 3rd or
# 5th of July".
_RANGE_FIRST_RE = re.compile(
    rf"(?:(?<=\bfrom\s)|(?<=\bbetween\s)|(?<![\w/.:,-]))(?P<said>(?P<the>the\s+)?(?P<day>[0-3]?\d)(?P<ord>st|nd|rd|th)?)"
    rf"(?=(?:\s*,\s*(?:the\s+)?[0-3]?\d(?:st|nd|rd|th))*"
    # ("23rd-24th april": a dash with no space around it)
    rf"\s*(?P<join>-|to|till|until|through|and|or)(?:(?<=-)\s*|\s+)(?:the\s+)?(?P<last>[0-3]?\d)(?:st|nd|rd|th)?"
    r"\s+(?:of\s+)?"
    rf"(?P<m>{_MONTH})"
    rf"(?:,?\s+(?P<y>(?:19|20)\d\d))?)",
    re.I,
)


_MAY_BE_RANGE_RE = re.compile(
    r"\d(?:st|nd|rd|th)?\s*(?:-|to|till|until|through|and|or|,)\s+(?:the\s+)?\d|\d(?:st|nd|rd|th)-\d", re.I
)


def _range_firsts(s: _Sentence) -> list[ExtractedFact]:
    out: list[ExtractedFact] = []
    for m in _RANGE_FIRST_RE.finditer(s.text):
        start, end = m.span("said")
        cued = m["the"] or re.search(r"\b(?:from|between)\s+$", s.text[:start], re.I)
        # "the show is 24 and 25 April": two days in digits and their month, the second the later
        # ... and "23 to 24 April", "22 - 24 April": a span of two weeks at most, the first day the earlier
        paired = int(m["day"]) < int(m["last"]) <= 31 and (
            m["join"].lower() == "and"
            or (
                m["join"].lower() in ("-", "to", "till", "until", "through")
                and int(m["last"]) - int(m["day"]) <= 14
            )
        )
        if re.search(r"\b(?:aged?|ages|sizes?|years?|grades?)\s+$", s.text[:start], re.I):
            continue  # "aged 5 to 7": a count
        if not (m["ord"] or cued or paired):
            continue
        if m["m"] == "may" and not m["ord"]:
            continue
        month = "janfebmaraprmayjunjulaugsepoctnovdec".index(m["m"][:3].lower()) // 3 + 1
        today = s.turn.created_at.date()
        day = (
            _safe_date(int(m["y"]), month, int(m["day"]))
            if m["y"]
            else _nearest_year(today, month, int(m["day"]))
        )
        if day:
            out.append(s.fact("date", "date", start, end, day.isoformat()))
    return out


# The first day of a range of days of the month with no month: "7th to the 14th", "the 3rd - 5th"; the
# second day is read already, and the first is the day before it in its month (or the month before).
_DAY_RANGE_FIRST_RE = re.compile(
    r"(?<![\w/.:,-])(?P<said>(?:the\s+)?(?P<day>[0-3]?\d)(?:st|nd|rd|th))\s*(?:-|–|to|till|until|through)\s+"
    r"(?:the\s+)?(?P<second>[0-3]?\d(?:st|nd|rd|th))\b",
    re.I,
)


def _day_range_firsts(s: _Sentence, found: list[ExtractedFact]) -> list[ExtractedFact]:
    out: list[ExtractedFact] = []
    for m in _DAY_RANGE_FIRST_RE.finditer(s.text):
        end = s.offset + m.end("second")
        second = next((f for f in found if f.span[1] == end and f.span[0] >= s.offset + m.end("said")), None)
        if second is None or not re.fullmatch(r"\d{4}-\d\d-\d\d", second.normalised):
            continue
        last, day = date.fromisoformat(second.normalised), int(m["day"])
        year, month = divmod(last.year * 12 + last.month - (1 if day < last.day else 2), 12)
        if first := _safe_date(year, month + 1, day):
            out.append(s.fact("date", "date", *m.span("said"), first.isoformat()))
    return out


# A second day of the month said bare after a first: "on the 3rd or 4th", "from March 3rd to 9th"; and
# each day of a list ("March 3rd, 4th and 5th").
_SECOND_DAY_RE = re.compile(
    rf"(?<=\d(?:st|nd|rd|th))\s*(?:,?\s+(?:or|and|to|through|till|until)|\s?-|,)\s+"
    rf"(?P<said>(?P<day>[0-3]?\d)(?:st|nd|rd|th))\b"
    rf"(?!\s+(?:of\b|{_MONTH}|floors?\b|place\b|row\b|times?\b|grade\b|century\b)|\s*[:.]\d)",
    re.I,
)


# The last day of a range said in digits after a month and its first day: "March 22-25", "Oct 3 to 6".
_SECOND_BARE_DAY_RE = re.compile(
    r"\s*(?:-|–|to|through|thru|\s(?:and|or)\s)\s*(?P<said>(?P<day>[0-3]?\d))(?![\d:/]|[.,]\d)"
    r"(?!\s*(?:[ap]\.?m\b|%|o'?clock|hours?|hrs?|minutes?|mins?|nights?|days?|people|guests?|adults?|tickets?|of\b))",
    re.I,
)


# Days of a list said bare after a month and its first day: "April 6, 13, 20 and 27", "May 3, 10 or 17".
# Each day is later than the one before, and the list ends with "and" or "or" and a last day, so that
# "May 4, 10 people" or "June 2, 5 of us" is none.
_LISTED_BARE_DAY_RE = re.compile(r",\s*(?P<said>(?P<day>[0-3]?\d))(?![\d:/]|[.,]\d)")


def listed_bare_days(text: str, end: int, first: int) -> list[tuple[int, int, int]]:
    """(start, end, day) of each day listed bare after a date that ends at ``end`` on day ``first``."""
    out: list[tuple[int, int, int]] = []
    while (m := _LISTED_BARE_DAY_RE.match(text, end)) and first < int(m["day"]) <= 31:
        out.append((*m.span("said"), int(m["day"])))
        first, end = int(m["day"]), m.end()
    last = _SECOND_BARE_DAY_RE.match(text, end + 1 if text[end : end + 1] == "," else end)
    if not out or not last or not re.match(r",?\s+(?:and|or)\s", text[end:]) or int(last["day"]) <= first:
        return []
    return [*out, (*last.span("said"), int(last["day"]))]
