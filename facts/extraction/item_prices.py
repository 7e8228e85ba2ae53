"""Prices said with no currency of one item among others, or for a stay: a price for the night ("It's 150
for the night", "the twin is 95.50 for the night"), the next of two items named alike ("module one is 15.50
and module two 75", "part one costs 40, part two 55"), and a price changed for an item spoken of in talk of
prices ("Bump the 1kg to 26" after "$14 for 500g and $24 for 1kg").

Never in a question ("Is it 150 for the night?"); a night's price is a sum of 20 or more; the item changed
is one named in this turn or the two before with a price of its size (half to twice), never a clock or a
count ("move the pickup to 6", "change the booking to 4 people")."""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.desk_prices import _PRICE_TALK_RE
from facts.extraction.paid_in_words import sums_in_figures
from facts.extraction.spoken_prices import _ASKS_PRICE_RE
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_N = r"(?<![\w.,:£$€/#-])(?P<n>\d{1,4}(?:\.\d\d)?)(?![\w%£$€:]|[.,:]\d)"
# Where a price ends: its clause's end or a word that goes on with another.
_END = r"(?=\s*(?:$|[.,;!)]|(?:and|but|or|then|please|everything|instead|now)\b))"

_FOR_THE_NIGHT_RE = re.compile(
    rf"(?:\b(?:is|are|was|costs?|at|about|around|only|just)|'s|'re)\s+(?:a\s+flat\s+)?{_N}\s+for\s+the\s+night\b",
    re.I,
)
_THERE_BEFORE_RE = re.compile(r"\bthere\s*(?:is|are|'s|'re)\s+(?:\w+\s+)?$", re.I)

# "module one is 15.50 and module two 75": the name of the first item said again with another word.
_NAMED_ALIKE_RE = re.compile(
    r"\b(?P<noun>[a-z]{3,})\s+[\w'-]+\s+(?:is|costs|'s)\s+(?:[£$€]\s?)?(?P<a>\d{1,4}(?:\.\d\d)?)(?![\w%:]|[.,]\d)"
    r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:the\s+)?(?P=noun)\s+[\w'-]+\s+(?:(?:is|costs|'s)\s+)?"
    rf"(?:[£$€]\s?)?{_N}{_END}",
    re.I,
)

# "Bump the 1kg to 26", "put the large jars up to 9.50", "drop the price of the lamp to 40".
_ITEM_CHANGED_RE = re.compile(
    r"\b(?:bump|put|raise|lift|drop|lower|change|increase|reduce|cut|take|knock|set)\s+"
    r"the\s+(?:price\s+(?:of|for)\s+(?:the\s+)?)?(?P<item>[\w'-]+(?:\s+[\w'-]+){0,2}?)\s+(?:up\s+|down\s+)?to\s+"
    rf"{_N}{_END}",
    re.I,
)
# What is moved to a clock or a number of people, never a price.
_NOT_PRICED_ITEM_RE = re.compile(
    r"\b(?:booking|table|party|group|meeting|pick-?up|drop-?off|time|date|appointment|reservation|slot|call"
    r"|alarm|start|count|order|number|size|temperature|volume|limit)s?\b",
    re.I,
)


def _price(s: _Sentence, m: re.Match, group: str = "n") -> ExtractedFact:
    key = _nearest_key(s.text, m.start(group), m.end(group), _AMOUNT_KEYS, "amount")
    return s.fact("amount", key, m.start(group), m.end(group), m[group])


def _priced_before(item: str, earlier: str, n: Decimal) -> bool:
    """Was ``item`` named before with a price of about the size of ``n`` ("$24 for 1kg", "the 1kg is 24")?"""
    if not re.search(rf"(?<![\w-]){re.escape(item)}(?![\w-])", earlier, re.I):
        return False
    sums = sums_in_figures(earlier)
    named = (
        rf"(?<![\w-]){re.escape(item)}(?![\w-])\s+(?:is|are|at|for|costs?)\s+(?P<n>\d{{1,4}}(?:\.\d\d)?)\b"
    )
    sums += [Decimal(m["n"]) for m in re.finditer(named, earlier, re.I)]
    return any(x and Decimal("0.5") <= n / x <= 2 for x in sums)


def item_prices(s: _Sentence) -> list[ExtractedFact]:
    """Prices of the night, of items named alike and of an item changed; never in a question."""
    text = s.text
    if s.question or not re.search(r"\d", text):
        return []
    out = []
    for m in _FOR_THE_NIGHT_RE.finditer(text):
        if Decimal(m["n"]) >= 20 and not _THERE_BEFORE_RE.search(text, 0, m.start("n")):
            out.append(_price(s, m))
    previous = s.previous
    talk = _PRICE_TALK_RE.search(text) or _ASKS_PRICE_RE.search(previous) or sums_in_figures(text)
    for m in _NAMED_ALIKE_RE.finditer(text):
        if talk or "." in m["a"] or "." in m["n"]:
            out += [_price(s, m, "a"), _price(s, m)]
    earlier = s.said_before
    for m in _ITEM_CHANGED_RE.finditer(text):
        item = m["item"]
        if _NOT_PRICED_ITEM_RE.search(item):
            continue
        if _priced_before(item, f"{earlier} {text[: m.start()]}", Decimal(m["n"])):
            out.append(_price(s, m))
    return out
