"""Sums with no currency that what is said around them shows to be money:

- a total said after "so" once a price was said in the sentence: "it 's 6.50 a head , so 39 .", "bread 3.20
  each and rolls 9 a dozen , so 150 total", "the lessons are 40 an hour , so you 'll want two , 80 ."; and
  after "so" where the numbers before it add up to it with "plus": "the hull is 350 with the paint , plus the
  crane at 150 , so 500 ." (all three);
- a price and an extra said with it: "a full valet is 120 for your size , with a wax 30 extra .";
- a price offered in place of one said with pence or a currency: "they have a used one at 42.50 , or they
  can get a new one for 75 by monday .";
- what was paid, earned or taken in talk of money: "I paid Tom for the van, 260.", "the gig took about 1,800
  over two nights", "he wants paying for the lights too, he says 90";
- a card's or a credit limit: "my card limit 's only 300".

Never in a question; never a number said with what it counts or measures ("so 12 people", "took 3 hours")."""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.amounts import _AMOUNT_RE
from facts.extraction.checked_sums import _terms, _value
from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.desk_prices import _NUMBERED_RE, _PRICE_SAID_RE
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_N = r"(?<![\w.,:£$€/#-])(?P<n>\d{1,3}(?:,\d{3})+|\d{1,5}(?:\.\d\d)?)(?![\w%£$€]|[.,:/-]\d)"
# Where a sum ends: its clause's end, or a word that goes on with another clause.
_END = r"(?=\s*(?:$|[.,;!)]|(?:but|and|if|then|by|on|before)\b))"
# What a number that is no sum is said with.
_NOT_MONEY_AFTER_RE = re.compile(
    r"\s*(?:%|per\s*cent|percent|[ap]\.?m\b|o'?\s?clock|(?:[a-z]+\s+)?(?:minutes?|mins?|hours?|hrs?|days?"
    r"|nights?|weeks?|months?|years?|people|persons?|guests?|kids|children|adults?|tickets?|feet|foot|miles?"
    r"|metres?|meters?|km|kg|points?|times?)\b)",
    re.I,
)
_TOTAL_WORDS = r"(?:\s+(?:total|in\s+total|in\s+all|altogether|all\s+in))?"
# "so 39", "so that 's 39", "so about 150 total"; or a clause of a few words, a comma and the sum ending the
# sentence: "so you 'll want two , 80 ."
_SO_TOTAL_RE = re.compile(
    rf"(?:^|[,;]|\band)\s*so\s+(?:that\s*'?s\s+|it\s*'s\s+|about\s+|around\s+|roughly\s+)?{_N}{_TOTAL_WORDS}{_END}",
    re.I,
)
_SO_CLAUSE_TOTAL_RE = re.compile(rf"(?:^|[,;])\s*so\s+(?:[\w']+\s+){{1,6}}?,\s*{_N}\s*[.!]?\s*$", re.I)
# A price, a few words of what it is for, then an extra with it: "is 120 for your size , with a wax 30 extra".
_WITH_EXTRA_RE = re.compile(
    r"(?:\b(?:is|are|costs?)|'s|'re)\s+(?P<a>\d{1,4}(?:\.\d\d)?)(?![\w%:]|[.,]\d)"
    r"(?:\s+(?:for|with)\s+[\w' ]{1,30}?)?"
    r"\s*,\s*(?:with|and|plus)\s+(?:an?\s+|the\s+)?(?:[a-z'-]+\s+){1,3}?"
    r"(?P<b>\d{1,4}(?:\.\d\d)?)\s+extra\b",
    re.I,
)
# "or they can get a new one for 75 by monday": another offer, after "or", priced with "for".
_OR_FOR_RE = re.compile(
    rf",?\s*\bor\s+(?:[\w']+\s+){{0,8}}?for\s+(?:just\s+|only\s+|about\s+)?{_N}{_END}", re.I
)
# A price with pence or its currency said before.
_PRICED_RE = re.compile(r"[£$€]\s?\d|(?<![\d.:])\d{1,4}\.\d\d(?![\d:])")
# What was paid, then a comma and the sum ending the sentence: "I paid Tom for the van, 260.", "he wants
# paying for the lights too, he says 90".
_PAID_THEN_SUM_RE = re.compile(
    r"\b(?:paid|pay|paying|owe[ds]?|charged?)\b[^.,;]{1,60},\s*(?:(?:she|he|they|it)\s+(?:says|said|wants|asked"
    rf"\s+for|charges)\s+)?(?:about\s+|around\s+)?{_N}\s*[.!]?\s*$",
    re.I,
)
# What a show, a stall or a sale took or made: "took about 1,800 over two nights".
_TOOK_RE = re.compile(
    rf"\b(?:took|takes|taken|made|makes|earned|grossed|netted|raised)\s+(?:about\s+|around\s+|roughly\s+|nearly\s+"
    rf"|almost\s+|just\s+(?:over|under)\s+|over\s+)?{_N}(?=\s*(?:$|[.,;!]|(?:over|on|at|from|in|last|this|and|but)\b))",
    re.I,
)
_CARD_LIMIT_RE = re.compile(
    rf"\b(?:card|credit|spending|overdraft)\s+limit\s*(?:is|'s|was|of)\s+(?:only\s+|just\s+|about\s+)?{_N}{_END}",
    re.I,
)


def _big(number: str) -> bool:
    return "." in number or _value(number) >= 10


def _added_up(text: str, total: re.Match) -> list[tuple[int, int]]:
    """The numbers just before a total said after "so" that add up to it, one of them after "plus"."""
    terms = [t for t in _terms(text[: total.start()]) if not t["cur"]]
    running, value = Decimal(0), _value(total["n"])
    for j in range(len(terms) - 1, -1, -1):
        running += _value(terms[j]["n"])
        if running > value:
            return []
        joined = text[terms[j].end() : terms[-1].start()]
        if running == value and j < len(terms) - 1 and re.search(r"\bplus\b", joined, re.I):
            return [t.span("n") for t in terms[j:]] + [total.span("n")]
    return []


def priced_totals(s: _Sentence) -> list[ExtractedFact]:
    """The sums of the forms above; never in a question."""
    text = s.text
    if s.question or not re.search(r"\d", text):
        return []
    spans: list[tuple[int, int]] = []
    for m in [*_SO_TOTAL_RE.finditer(text), *_SO_CLAUSE_TOTAL_RE.finditer(text)]:
        if _NOT_MONEY_AFTER_RE.match(text, m.end("n")) or not _big(m["n"]):
            continue
        before = text[: m.start()]
        if _AMOUNT_RE.search(before) or _PRICE_SAID_RE.search(before):
            spans.append(m.span("n"))
        else:
            spans += _added_up(text, m)
    for m in _WITH_EXTRA_RE.finditer(text):
        if not _NUMBERED_RE.search(text, 0, m.start("a")):
            spans += [m.span("a"), m.span("b")]
    for m in _OR_FOR_RE.finditer(text):
        priced = _PRICED_RE.search(text, 0, m.start())
        if priced and _big(m["n"]) and not _NOT_MONEY_AFTER_RE.match(text, m.end("n")):
            spans.append(m.span("n"))
    spans += [m.span("n") for m in _PAID_THEN_SUM_RE.finditer(text) if _big(m["n"])]
    earlier = " ".join([*s.recent[:-1], text])
    if _AMOUNT_RE.search(earlier) or _PRICE_SAID_RE.search(earlier):
        spans += [m.span("n") for m in _TOOK_RE.finditer(text) if _big(m["n"])]
    spans += [m.span("n") for m in _CARD_LIMIT_RE.finditer(text)]
    out = []
    for start, end in sorted(set(spans)):
        key = _nearest_key(text, start, end, _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, start, end, text[start:end].replace(",", "")))
    return out
