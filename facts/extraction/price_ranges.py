"""Prices with no currency said as the two ends of a range, in answer to a question for a price or in talk of
prices: "from 7.95 for a margherita up to 12.50 .", "from 4.50 for a small one to 9 ."; one end with pence,
and one end no clock ("7.95", "45.50") or the cheaper end said with what it buys.

"from 9 to 5" and "from 8.30 to 12.30" (hours) are no prices here: the sentence must answer a question for a
price or speak of one and not of hours, and no end is a clock (am/pm after it) or a count ("up to 12
people").
"""

from __future__ import annotations

import re

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.desk_prices import _PRICE_TALK_RE
from facts.extraction.spoken_prices import _ASKS_PRICE_RE
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_N = r"\d{1,4}(?:\.\d\d)?"
_RANGE_RE = re.compile(
    rf"(?<![\w.,:£$€/#-])(?:from|between)\s+(?:about\s+|around\s+)?(?P<a>{_N})(?![\w£$€%]|[.,:/-]\d)"
    # what the cheaper end buys: "for a margherita", "for the small one"
    r"(?P<for>\s+for\s+(?:an?\s+|the\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?)?"
    rf"\s*,?\s+(?:up\s+to|to|and)\s+(?:about\s+|around\s+)?(?P<b>{_N})(?![\w£$€%]|[.,:/-]\d)"
    r"(?=\s*(?:$|[.,;!)]|(?:for|a|an|per|each|depending|if)\b))",
    re.I,
)
# After the range, what makes its numbers clocks or counts, not prices.
_NOT_PRICES_AFTER_RE = re.compile(
    r"\s*(?:[ap]\.?m\b|o'?\s?clock|(?:people|persons?|guests?|minutes?|mins?|hours?|days?|nights?|years?"
    r"|kids|children|adults|seats?|tables?|rooms?|percent|per\s+cent)\b|%)",
    re.I,
)

# A sentence of hours, whose numbers with a full stop are clocks.
_TIME_TALK_RE = re.compile(
    r"\b(?:open(?:s|ing)?|clos(?:e|es|ed|ing)|hours|arriv\w*|leav\w*|depart\w*|runs?|starts?|times?)\b", re.I
)


def _no_clock(n: str) -> bool:
    """Is ``n`` no clock: a whole part over 24, or pence of 60 or more ("7.95")?"""
    whole, _, pence = n.partition(".")
    return int(whole) > 24 or (bool(pence) and int(pence) >= 60)


def price_ranges(s: _Sentence) -> list[ExtractedFact]:
    """The two ends of a range of prices (see the module)."""
    if s.question or not (_ASKS_PRICE_RE.search(s.previous) or _PRICE_TALK_RE.search(s.text)):
        return []
    out = []
    for m in _RANGE_RE.finditer(s.text):
        if "." not in m["a"] + m["b"] or _NOT_PRICES_AFTER_RE.match(s.text, m.end()):
            continue
        if float(m["a"]) >= float(m["b"]):
            continue  # "from 12.50 to 7.95" is no range of prices
        if not (m["for"] or _no_clock(m["a"]) or _no_clock(m["b"])) or _TIME_TALK_RE.search(s.text):
            continue  # "tickets are from 8.30 to 12.30", "open from 9.30 to 11.45": hours, maybe
        for end in ("a", "b"):
            key = _nearest_key(s.text, m.start(end), m.end(end), _AMOUNT_KEYS, "amount")
            out.append(s.fact("amount", key, *m.span(end), m[end]))
    return out
