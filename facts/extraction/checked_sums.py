"""Sums a turn works out, read because the arithmetic holds: "two at 45 , 90", "four at 65 , 260 cad",
"eight singles for five nights at 89 is 3,560" (a count at a price and what it comes to), and "the consult 48
and the x-ray 180 , and pain relief 22.40 . 305.40 in all", "yes , 235 , plus a $6.95 fee , 241.95" (numbers
said one after another, then their total). A number said with no currency is a price here because the
numbers around it add up to it, in a turn that speaks of money; a count, a clock or a length is not summed.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.desk_prices import _PRICE_TALK_RE
from facts.extraction.number_words import _NUMBER_WORD, _spelled_number
from facts.extraction.spoken_prices import _ASKS_PRICE_RE
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_SUM = r"(?:\d{1,3}(?:,\d{3})+|\d{1,6})(?:\.\d\d)?"
# A number of the turn, with its currency where it has one; never the digits of a clock, a date or a code.
_TERM_RE = re.compile(rf"(?<![\w.,:/#-])(?P<cur>[£$€]\s?)?(?P<n>{_SUM})(?![\w%]|[.,:/-]\d)")
# What a number that is no sum of money is said with: a count, a clock, a length or a share.
_NOT_MONEY_AFTER_RE = re.compile(
    r"\s*(?:[ap]\.?m\b|o'?\s?clock|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?|people"
    r"|persons?|adults?|kids|children|guests?|rooms?|seats?|tickets?|percent|%|km|kms|miles?|kg|kilos?"
    r"|metres?|meters?|feet|foot|inch(?:es)?|points?|th\b|st\b|nd\b|rd\b)",
    re.I,
)
_NOT_MONEY_BEFORE_RE = re.compile(
    r"\b(?:rooms?|tables?|rows?|seats?|platforms?|gates?|bays?|pitch(?:es)?|flats?|units?|numbers?|no|ext"
    r"|extension|bus(?:es)?|routes?|levels?)\s*$",
    re.I,
)
# What says a turn speaks of money owed or paid.
_OWED_RE = re.compile(r"[£$€]|\b(?:owe[sd]?|pa(?:y|id|ying)|bill|total|in\s+all|balance|charged?)\b", re.I)
# Before a total: a list's comma or stop, or a word that sums.
_TOTAL_LEAD_RE = re.compile(
    r"(?:[,.:=]|\b(?:so|is|makes|comes\s+to|that\s*'?s|thats|total(?:\s+of)?|in\s+all|altogether))\s*$", re.I
)
_TOTAL_TAIL_RE = re.compile(r"\s*(?:in\s+all|in\s+total|total|together|altogether)\b", re.I)
# A count at a price, then what it comes to: "two at 45 , 90", "eight singles for five nights at 89 is 3,560".
_COUNT = rf"(?:\d{{1,2}}|{_NUMBER_WORD})"
_COUNT_AT_PRICE_RE = re.compile(
    rf"\b(?P<count>{_COUNT})\s+(?:[a-z'-]+\s+){{0,2}}(?:for\s+(?P<times>{_COUNT})\s+[a-z]+\s+)?at\s+"
    rf"(?P<price>{_SUM})(?:\s+(?:each|a\s+\w+|per\s+\w+))?"
    rf"\s*(?:,|\bis\b|\bmakes\b|\bcomes\s+to\b|\bthat\s*'?s\b|\bso\b|=)\s*(?:[£$€]\s?)?(?P<total>{_SUM})"
    r"(?![\w%]|[.,:/-]\d)",
    re.I,
)


def _value(number: str) -> Decimal:
    return Decimal(number.replace(",", ""))


def _count(word: str) -> Decimal | None:
    if word.isdigit():
        return Decimal(word)
    spelled = _spelled_number(word)
    return Decimal(spelled) if spelled is not None else None


def _money_turn(s: _Sentence, turn: str) -> bool:
    return bool(
        _OWED_RE.search(turn)
        or _OWED_RE.search(s.previous)
        or _PRICE_TALK_RE.search(turn)
        or _ASKS_PRICE_RE.search(s.previous)
    )


# What a number said bare as one sum of a list is followed by: a list's comma or stop, or a word that adds or
# says what it is for; not a range ("2 - 4") nor a street's number ("4 sadler street").
_LISTED_AFTER_RE = re.compile(
    r"\s*(?:[,.;!]|$|(?:and|plus|for|with|each|on|in|total|altogether|together"
    r"|aud|cad|nzd|usd|eur|gbp|euros?|pounds?|dollars?|quid|bucks)\b)",
    re.I,
)


def _terms(turn: str) -> list[re.Match]:
    return [
        m
        for m in _TERM_RE.finditer(turn)
        if not _NOT_MONEY_AFTER_RE.match(turn, m.end())
        and not _NOT_MONEY_BEFORE_RE.search(turn, 0, m.start())
        and not re.search(r"\d\s*-\s*$", turn[: m.start()])
        and (m["cur"] or _LISTED_AFTER_RE.match(turn, m.end()))
    ]


@lru_cache(maxsize=32)
def _summed(turn: str) -> frozenset[tuple[int, int]]:
    """The spans of the turn's numbers that are a run of two or more and the total said straight after it
    (read once a turn, though each of its sentences asks)."""
    terms = _terms(turn)
    out: set[tuple[int, int]] = set()
    for i, total in enumerate(terms):
        if (
            not (_TOTAL_LEAD_RE.search(turn, 0, total.start()) or _TOTAL_TAIL_RE.match(turn, total.end()))
            or i < 2
        ):
            continue
        value, running = _value(total["n"]), Decimal(0)
        for j in range(i - 1, -1, -1):
            running += _value(terms[j]["n"])
            if running > value:
                break
            if running == value and i - j >= 2 and any("." in t["n"] or t["cur"] for t in terms[j : i + 1]):
                out.update(t.span("n") for t in terms[j : i + 1])
                break
    return frozenset(out)


def checked_sums(s: _Sentence) -> list[ExtractedFact]:
    """Numbers of the sentence that a count at a price, or (in a turn that speaks of money) a run of numbers
    and their total, shows to be sums of money; never in a question."""
    turn = s.turn.content or ""
    if s.question or not re.search(r"\d", s.text):
        return []
    start, end = s.offset, s.offset + len(s.text)
    spans: set[tuple[int, int]] = set()
    if _money_turn(s, turn):
        spans = {span for span in _summed(turn) if start <= span[0] and span[1] <= end}
    for m in _COUNT_AT_PRICE_RE.finditer(s.text):
        count, times = _count(m["count"]), _count(m["times"]) if m["times"] else Decimal(1)
        # "three groups at 10 , 30 minutes apart"
        said_with = _NOT_MONEY_AFTER_RE.match(s.text, m.end("total"))
        if (
            count
            and times
            and count > 1
            and count * times * _value(m["price"]) == _value(m["total"])
            and not said_with
        ):
            spans.update((start + m.start(g), start + m.end(g)) for g in ("price", "total"))
    return [
        s.fact(
            "amount",
            _nearest_key(s.text, a - start, b - start, _AMOUNT_KEYS, "amount"),
            a - start,
            b - start,
            turn[a:b].replace(",", ""),
        )
        for a, b in sorted(spans)
    ]
