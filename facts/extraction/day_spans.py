"""A span of days written as one form before its month: "12-15 Feb", "3–6 March 2027", "we stayed 9-11
June". The value is the span as written; its normalised value the first day. Not where the second day is not
after the first ("15-12 Feb"), nor a score, a size or a house number ("won 3-1", "12-15 feb street" has a
street word after it is left to the address rules)."""

from __future__ import annotations

import re
from datetime import date

from facts.extraction.calendar_words import _MONTH
from facts.extraction.date_arithmetic import _nearest_year, _safe_date
from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_SPAN_RE = re.compile(
    rf"(?<![\w/.:,£$€-])(?P<a>[0-3]?\d)\s?[-–]\s?(?P<b>[0-3]?\d)\s+(?P<m>{_MONTH})"
    r"(?:\s+(?P<y>(?:19|20)\d\d))?(?![\w-])(?!\s+(?:street|st|road|rd|lane|avenue|ave)\b)",
    re.I,
)


def day_spans(s: _Sentence) -> list[ExtractedFact]:
    """The spans of days of this sentence written as one form (see the module)."""
    out = []
    for m in _SPAN_RE.finditer(s.text):
        first, last = int(m["a"]), int(m["b"])
        month = _MONTHS.index(m["m"][:3].lower()) + 1
        if not (1 <= first < last <= 31):
            continue
        if m["y"]:
            start = _safe_date(int(m["y"]), month, first)
        else:
            today: date | None = s.turn.created_at.date() if s.turn.created_at else None
            start = _nearest_year(today, month, first) if today else None
        if start is None or _safe_date(start.year, month, last) is None:
            continue
        end = m.end() - 1 if s.text[m.end() - 1] == "." else m.end()  # "12-15 Feb." ends a sentence
        out.append(s.fact("date", "date", m.start(), end, start.isoformat()))
    return out
