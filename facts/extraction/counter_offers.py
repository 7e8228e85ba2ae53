"""A sum proposed back to a price just named, in a question or in haggling: "ask if they can do 70" after
"a full service is 85,000" (the shorthand of thousands the price was said in), "would you take 450 for
it?" after "the bike is $520", "could they go down to 60?". The sum proposed is below the price it answers
and not far from it (a third of it or more), and a price with its currency or its word was said in the
turns just before; a number of a count, an hour or a day is none ("can they do 11?" after clocks offered,
"would you take 2 of them?")."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from facts.extraction.currencies import _SYMBOL
from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_WHO = r"(?:they|you|he|she|it|y'?all|the\s+\w+)"
# "can they do", "would you take", "will he accept", "could they go down to", "ask if they can do", "see if
# she'd take", "would they come down to"
_PROPOSED_RE = re.compile(
    rf"\b(?:(?:can|could|would|will|might)\s+{_WHO}|(?:if|whether)\s+{_WHO}\s*(?:can|could|would|will|'d|'ll))\s+"
    r"(?:(?:do(?:\s+it)?(?:\s+for)?|take|accept|settle\s+for|(?:go|come)\s+down\s+to|drop\s+(?:it\s+)?to|knock\s+it\s+down\s+to)"
    r")\s+(?:like\s+|maybe\s+|say\s+)?(?P<n>\d{1,3}(?:,\d{3})*(?:\.\d\d)?|\d+(?:\.\d\d)?)(?P<k>k)?\b"
    r"(?!\s*(?:%|per\s*cent|percent|people|persons|pm|am|o'?clock|minutes?|mins?|hours?|days?|nights?|weeks?"
    r"|of\s+them|of\s+those|seats|tickets|tables|rooms|items|pieces|units|st|nd|rd|th)\b)"
    r"(?![:.]\d)",
    re.I,
)
_END_RE = re.compile(
    r"\s*(?:for\s+(?:it|them|the\s+\w+|the\s+lot|both|that)\s*)?(?:instead|then|please|pounds|quid"
    r"|dollars|euros|bucks)?\s*(?:[?.!,;]|$|\b(?:and|or|if|then|because|cos)\b)",
    re.I,
)
# A price of the turns before, with its currency or its shorthand of thousands: "₦85,000", "$520", "85k",
# "450 pounds"
_PRICE_RE = re.compile(
    rf"(?:{_SYMBOL}|\b(?:R|N)(?=\s?\d))\s?"
    r"(?P<a>\d{1,3}(?:,\d{3})+|\d+)(?:\.\d\d)?(?P<ak>k)?"
    r"|\b(?P<b>\d{1,3}(?:,\d{3})+|\d+)(?:\.\d\d)?(?:(?P<bk>k)\b|\s*(?:pounds|quid|dollars|euros|bucks|rand|naira)\b)",
    re.I,
)


def _amount(digits: str, k: str | None) -> Decimal | None:
    try:
        value = Decimal(digits.replace(",", ""))
    except InvalidOperation:
        return None
    return value * 1000 if k else value


def _near_price(value: Decimal, prices: list[Decimal]) -> bool:
    """Is ``value`` a third of a price said or more, and below it, as said or in the price's thousands?"""
    for price in prices:
        for scale in (Decimal(1), Decimal(1000)):
            ref = price / scale
            if ref and Decimal("0.3") <= value / ref < 1:
                return True
    return False


def counter_offers(s: _Sentence) -> list[ExtractedFact]:
    """The sums proposed back to a price in this sentence (see the module)."""
    if not re.search(r"\d", s.text):
        return []
    out = []
    for m in _PROPOSED_RE.finditer(s.text):
        if not _END_RE.match(s.text, m.end()):
            continue
        value = _amount(m["n"], m["k"])
        said = f"{s.earlier[-400:]} {s.text[: m.start()]}"
        prices = [
            p for p in (_amount(x["a"] or x["b"], x["ak"] or x["bk"]) for x in _PRICE_RE.finditer(said)) if p
        ]
        if value is None or not prices or not _near_price(value, prices):
            continue
        if not m["k"] and value <= 12 and re.search(r"\d\s?[ap]\.?m\b|\d:\d\d", said, re.I):
            continue  # "can they do 11?" after clocks offered: an hour
        out.append(s.fact("amount", "amount", m.start("n"), m.end(), f"{value:.2f}"))
    return out
