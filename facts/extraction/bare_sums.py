"""Sums said with no currency in the ways prices are answered, ranged or said again: a range of prices in
talk of prices ("mains are about 18 to 26"), a price per use ("tokens at 4 a wash"), a price said after what
it is for in answer to a question for one ("How much for the training?" "two sessions , 190") or said to be it
("And the deposit?" "For groups it 's 50 ."), and a sum said again as what was said or quoted ("I think I said
14" in talk of a quote).

Never in a question; never before what is counted or measured ("about 10 to 12 weeks"), never a range of
clocks (the second number is the larger, not after "from", and the sentence speaks of no opening hours or
clock)."""

from __future__ import annotations

import re

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.desk_prices import _PRICE_TALK_RE
from facts.extraction.spoken_prices import _ASKS_PRICE_RE
from facts.extraction.text import _nearest_key, _Sentence, _words
from memadmin.providers.base import ExtractedFact

_N = r"\d{1,4}(?:\.\d\d)?"
# Where a sum ends: its clause's end, or what it is per or each.
_SUM_END = r"(?=\s*(?:$|[.,;!)]|(?:each|a|an|per|and|but|or|depending|plus)\b))"
_RANGE_RE = re.compile(
    rf"(?:\b(?:is|are|about|around|roughly|cost|costs|run|runs|go\s+for)|'s|'re)\s+"
    rf"(?<![\w.,:£$€/#-])(?P<a>{_N})\s*(?:-|–|to)\s*(?P<b>{_N})(?![\w%£$€:]|[.,]\d){_SUM_END}",
    re.I,
)
# A sentence of opening hours or clocks: its two numbers are a window of hours.
_HOURS_TALK_RE = _words(
    r"open(?:s|ing)?|clos(?:e|es|ed|ing)|hours|o'?\s?clock|[ap]\.?m\.?|in\s+the\s+(?:morning|afternoon|evening)"
    r"|at\s+night|tonight"
)
# A price per a use of a machine or a go at something: "tokens at 4 a wash", "the lanes are 6 a game".
_PER_USE_RE = re.compile(
    rf"(?:\b(?:at|is|are|just|only)|'s|'re)\s+(?<![\w.,:£$€/#-])(?P<n>{_N})\s+(?:an?|per)\s+"
    r"(?:wash|load|cycle|go|use|game|round|turn|play|spin|dry)\b",
    re.I,
)
# A question for a price or a quote, in the turn before.
_ASKS_QUOTE_RE = re.compile(r"\b(?:how\s+much|quote[ds]?|prices?|costs?|charge)\b[^?]*\?\s*$", re.I)
# What a price is for, then a comma and the price, as the whole sentence: "For the set build, 420.", "two
# sessions , 190"; not a code or a clock asked for.
_PRICE_AFTER_WHAT_RE = re.compile(
    r"^\W*(?:for\s+)?(?:the\s+|an?\s+)?[a-z][a-z' -]{1,40}?\s*,\s*(?:about\s+|around\s+|roughly\s+|so\s+)?"
    r"(?<![\w.,:£$€/#-])(?P<n>[1-9]\d{1,3}(?:\.\d\d)?)\s*[.!]?\s*$",
    re.I,
)
# The sum alone said to be what was asked, in answer to a question for a price or a deposit: "it 's 50 .",
# "For two people it's 16.", "that'll be 35"; the whole sentence, so "it's 40 minutes" or "it's 10 percent"
# is no answer of a sum.
_IT_IS_RE = re.compile(
    r"^\W*(?:for\s+[\w' -]{1,40}?\s*,?\s*)?(?:it|that)\s*(?:'\s*s|is|'\s*ll\s+be|will\s+be|comes\s+to)\s+"
    r"(?:about\s+|around\s+|roughly\s+|just\s+|only\s+)?(?<![\w.,:£$€/#-])(?P<n>[1-9]\d{0,3}(?:\.\d\d)?)\s*[.!]?\s*$",
    re.I,
)
_ASKS_DEPOSIT_RE = re.compile(r"\bdeposits?\b[^?]*\?\s*$", re.I)
_NOT_PRICE_ASKED_RE = _words(r"codes?|numbers?|pin|door|gate|phone|time|when|room|flat|unit|platform|seat")
# A sum said again as what was said, quoted or offered: "I think I said 14", "we quoted 380".
_SAID_BEFORE_RE = re.compile(
    r"\b(?:I|we)\s+(?:think\s+(?:I|we)\s+|thought\s+(?:I|we)\s+|'d\s+|had\s+)?"
    r"(?:said|quoted|offered|told\s+(?:you|him|her|them))\s+(?:about\s+|around\s+|roughly\s+)?"
    rf"(?<![\w.,:£$€/#-])(?P<n>{_N})(?![\w%£$€:]|[.,]\d)(?=\s*(?:$|[.,;!)]|(?:for|then|before|last)\b))",
    re.I,
)
_MONEY_TALK_RE = _words(
    r"quote[ds]?|price[ds]?|costs?|charge[ds]?|how\s+much|pay|paid|fee|invoice|bill|estimate"
)


def bare_sums(s: _Sentence) -> list[ExtractedFact]:
    """Sums with no currency in the forms of the module; never in a question."""
    text = s.text
    if s.question or not re.search(r"\d", text):
        return []
    previous = s.previous
    talk = bool(_PRICE_TALK_RE.search(text) or _ASKS_PRICE_RE.search(previous))
    spans: list[tuple[int, int]] = []
    if talk and not _HOURS_TALK_RE.search(text):
        for m in _RANGE_RE.finditer(text):
            if float(m["a"]) < float(m["b"]):
                spans += [m.span("a"), m.span("b")]
    spans += [m.span("n") for m in _PER_USE_RE.finditer(text)]
    asked = _ASKS_QUOTE_RE.search(previous) and not _NOT_PRICE_ASKED_RE.search(previous)
    if asked and s.offset == 0 and (m := _PRICE_AFTER_WHAT_RE.match(text)):
        spans.append(m.span("n"))
    priced = _ASKS_PRICE_RE.search(previous) or _ASKS_DEPOSIT_RE.search(previous)
    if priced and not _NOT_PRICE_ASKED_RE.search(previous) and s.offset == 0 and (m := _IT_IS_RE.match(text)):
        spans.append(m.span("n"))
    if _MONEY_TALK_RE.search(f"{previous} {text}") and not _HOURS_TALK_RE.search(f"{previous} {text}"):
        spans += [m.span("n") for m in _SAID_BEFORE_RE.finditer(text)]
    out = []
    for start, end in sorted(set(spans)):
        key = _nearest_key(text, start, end, _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, start, end, text[start:end]))
    return out
