"""A sum proposed back to a price just named, in a question or in haggling: "ask if they can do 70" after
"a full service is 85,000" (the shorthand of thousands the price was said in), "would you take 450 for
it?" after "the bike is $520", "could they go down to 60?". The sum proposed is below the price it answers
and not far from it (a third of it or more), and a price with its currency or its word was said in the
turns just before; a number of a count, an hour or a day is none ("can they do 11?" after clocks offered,
"would you take 2 of them?").

A sum agreed or named back in the same haggling is read too, as high as a fifth above the price it answers:
"make it 600" after "$607 in total", "they'll do 2,430", "he agreed on 82,000", "she said 23,000 and a
year", "my mechanic said 900 last time", "tell him 80 max", "offer them 450 tops"; a sum grouped in
thousands so agreed is read wherever a sum with its currency was said earlier in the conversation, though
its price was said turns before."""

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
_SUM = r"(?P<n>\d{1,3}(?:,\d{3})*(?:\.\d\d)?|\d+(?:\.\d\d)?)(?P<k>k)?\b"
_NOT_MONEY_AFTER = (
    r"(?!\s*(?:%|per\s*cent|percent|people|persons|pm|am|o'?clock|minutes?|mins?|hours?|days?|nights?|weeks?"
    r"|months?|years?|km|miles?|kg|of\s+them|of\s+those|seats|tickets|tables|rooms|items|pieces|units|st|nd|rd|th)\b)"
    r"(?![:./-]\d)"
)
_AGREED_RE = re.compile(
    rf"\b(?:make\s+it|{_WHO}(?:'ll|\s+will|'d|\s+would|\s+can|\s+could)\s+do|(?:agreed|settled)\s+(?:on|to|at|for)"
    rf"|(?:{_WHO}|(?:my|his|her|our|their)\s+\w+)\s+said|(?:tell|offer|give)\s+(?:him|her|them)(?=\s+\d[\d,.]*k?\s+(?:max|tops)\b))"
    rf"\s+(?:like\s+|maybe\s+|only\s+)?{_SUM}{_NOT_MONEY_AFTER}",
    re.I,
)
_AGREED_END_RE = re.compile(
    r"\s*(?:max|tops|last\s+time|each)?\s*(?:[?.!,;]|$|\b(?:and|or|if|then|because|cos)\b)", re.I
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


def _near_price(value: Decimal, prices: list[Decimal], *, above: Decimal = Decimal(1)) -> bool:
    """Is ``value`` a third of a price said or more, and below it (or below ``above`` times it), as said or in
    the price's thousands?"""
    for price in prices:
        for scale in (Decimal(1), Decimal(1000)):
            ref = price / scale
            if ref and Decimal("0.3") <= value / ref < above:
                return True
    return False


def counter_offers(s: _Sentence) -> list[ExtractedFact]:
    """The sums proposed back to a price in this sentence (see the module)."""
    if not re.search(r"\d", s.text):
        return []
    out = []
    proposed = [(m, Decimal(1)) for m in _PROPOSED_RE.finditer(s.text) if _END_RE.match(s.text, m.end())]
    if not s.question:
        proposed += [
            (m, Decimal("1.2")) for m in _AGREED_RE.finditer(s.text) if _AGREED_END_RE.match(s.text, m.end())
        ]
    for m, above in proposed:
        value = _amount(m["n"], m["k"])
        said = f"{s.earlier[-400:]} {s.text[: m.start()]}"
        prices = [
            p for p in (_amount(x["a"] or x["b"], x["ak"] or x["bk"]) for x in _PRICE_RE.finditer(said)) if p
        ]
        # a sum agreed in thousands where money was talked of, though its price was said turns before
        grouped = above > 1 and "," in m["n"] and s.money_said
        if value is None or (not grouped and (not prices or not _near_price(value, prices, above=above))):
            continue
        if not m["k"] and value <= 12 and re.search(r"\d\s?[ap]\.?m\b|\d:\d\d", said, re.I):
            continue  # "can they do 11?" after clocks offered: an hour
        if above > 1 and re.fullmatch(r"(?:1[0-2]|0?\d)\.[0-5]\d", m["n"]):
            continue  # "make it 7.30": a clock, as often as a sum
        out.append(s.fact("amount", "amount", m.start("n"), m.end(), f"{value:.2f}"))
    return out
