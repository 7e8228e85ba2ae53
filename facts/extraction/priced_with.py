"""Prices with no currency, said with what they buy after them.

- "a new chain is about 9 fitted", "About 140 fitted, both of them.", "it's 450 delivered": a sum said with
  the work or the delivery it pays for, after "is", "about" or as the answer to "how much"; not "5 delivered
  yesterday" (a count of what came) nor "3 fitted in the end";
- "the station keeps bags for 3 a day", "they hire kayaks for 30 an hour": what a place keeps, hires or lets
  for a sum a day, a night or an hour; not "take 2 a day" (a dose) nor a question;
- "the grange is 85 a night , the willows 120 but with dinner": a second place priced after the first, with
  what its price also buys; only after a price said with what it is for ("a night", "each") or its currency,
  not "the coast 75 with showers" after "80 degrees inland"."""

from __future__ import annotations

import re

from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_N = r"(?<![\w.,:£$€/-])(?P<n>\d{1,4}(?:\.\d\d)?)"
_BOUGHT_WITH_RE = re.compile(
    rf"(?P<lead>(?:\b(?:is|are|costs?|comes\s+to|be|about|around|roughly|only|just)|'s)\s+|^\W*){_N}"
    r"\s+(?:fitted|installed|delivered|supplied(?:\s+and\s+fitted)?|all\s+in|inclusive|fully\s+fitted)"
    r"(?=\s*(?:[.,;!]|$|\s(?:and|but|with|both|each|for|if|or)\b))",
    re.I,
)
_HOW_MUCH_RE = re.compile(r"\b(?:how\s+much|price|cost|quote)\b", re.I)
_KEPT_FOR_RE = re.compile(
    r"\b(?:keeps?|keeping|holds?|stores?|hires?|hiring|rents?|renting|lets?|letting|minds?|offers?)\s+"
    rf"(?:[a-z]+\s+){{1,3}}for\s+{_N}\s+(?:a|an|per)\s+(?:day|night|hour|week|month)\b",
    re.I,
)

_NEXT_PLACE_RE = re.compile(
    rf",\s+the\s+(?:[a-z'&]+\s+){{1,3}}?{_N}(?=\s+(?:but\s+)?(?:with|including|inc)\b)", re.I
)
_PRICED_BEFORE_RE = re.compile(
    r"\d[\d.,]*\s+(?:a|an|per)\s+(?:night|day|head|person|week|month|hour)\b|\beach\b|[£$€]\s?\d", re.I
)


def priced_with(s: _Sentence) -> list[ExtractedFact]:
    """A bare sum with the work or the time it pays for; never in a question."""
    if s.question or not re.search(r"\d", s.text):
        return []
    previous = s.previous
    out = []
    for m in _BOUGHT_WITH_RE.finditer(s.text):
        if m["lead"].strip(" ") or _HOW_MUCH_RE.search(previous):
            out.append(s.fact("amount", "amount", *m.span("n"), m["n"]))
    out += [s.fact("amount", "amount", *m.span("n"), m["n"]) for m in _KEPT_FOR_RE.finditer(s.text)]
    out += [
        s.fact("amount", "amount", *m.span("n"), m["n"])
        for m in _NEXT_PLACE_RE.finditer(s.text)
        if _PRICED_BEFORE_RE.search(s.text, 0, m.start())
    ]
    return out
