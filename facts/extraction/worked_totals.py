"""A total worked out from the prices the other side just gave, said bare with a word that sums it: "so two
adult passes on sunday , 13.50 together ?" after "an adult pass is 7.25 , or 6.25 for students", "both
then, that's 70" after "the wash is $45 and the polish $25". The number is a sum of money because two or more
of the turn before's prices add up to it; a check of the total asked back ("13.50 together ?") states it as
much as a statement does. A number said with what it counts or measures ("that's 3 nights") is no total,
and neither is one the prices of the turn before do not make."""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import combinations

from facts.extraction.checked_sums import _NOT_MONEY_AFTER_RE, _NOT_MONEY_BEFORE_RE, _SUM, _value
from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.desk_prices import _PRICE_TALK_RE
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

# A number of a turn, with its currency sign where it has one; never the digits of a clock, a date or a code.
_NUMBER_RE = re.compile(rf"(?<![\w.,:/#-])(?P<cur>[£$€]\s?)?(?P<n>{_SUM})(?![\w%]|[.,:/-]\d)")
# A word that sums, said straight before the total ("that's 70", "so 13.50", "makes 40") ...
_SUM_BEFORE_RE = re.compile(
    r"(?:\b(?:that\s*'?\s*s|thats|that\s+is|so|makes|comes\s+to|is\s+it|total(?:\s+of)?)"
    r"(?:\s+(?:about|around|roughly|like))?)\s*$",
    re.I,
)
# ... or straight after it ("13.50 together", "70 in all").
_SUM_AFTER_RE = re.compile(r"\s*(?:together|altogether|in\s+all|in\s+total|total|all\s+in)\b", re.I)
# Prices, at most this many, are summed two, three or four at a time.
_MOST_PRICES, _MOST_TERMS = 8, 4


def _prices(turn: str) -> list[tuple[Decimal, bool]]:
    """The turn's numbers that may be prices, each with whether it was said with pence or a currency sign."""
    out = []
    for m in _NUMBER_RE.finditer(turn):
        if _NOT_MONEY_AFTER_RE.match(turn, m.end()) or _NOT_MONEY_BEFORE_RE.search(turn, 0, m.start()):
            continue
        if re.search(r"\d\s*-\s*$", turn[: m.start()]):  # the end of a range, "2 - 4"
            continue
        out.append((_value(m["n"]), bool(m["cur"]) or "." in m["n"]))
    return out[:_MOST_PRICES]


def _made_of(total: Decimal, prices: list[tuple[Decimal, bool]], pence: bool) -> bool:
    """Do two or more of ``prices`` add up to ``total``, one of them (or the total: ``pence``) as money?"""
    for size in range(2, min(_MOST_TERMS, len(prices)) + 1):
        for terms in combinations(prices, size):
            if sum(v for v, _ in terms) == total and (pence or any(money for _, money in terms)):
                return True
    return False


def worked_totals(s: _Sentence) -> list[ExtractedFact]:
    """Bare numbers of the sentence said as the total of the prices the turn before gave."""
    previous = s.previous
    if not previous or not (re.search(r"[£$€]", previous) or _PRICE_TALK_RE.search(previous)):
        return []
    prices = _prices(previous)
    if len(prices) < 2:
        return []
    out = []
    for m in _NUMBER_RE.finditer(s.text):
        if m["cur"] or _NOT_MONEY_AFTER_RE.match(s.text, m.end()):
            continue
        if not (_SUM_BEFORE_RE.search(s.text, 0, m.start()) or _SUM_AFTER_RE.match(s.text, m.end())):
            continue
        total = _value(m["n"])
        if total and _made_of(total, prices, "." in m["n"]):
            key = _nearest_key(s.text, m.start("n"), m.end("n"), _AMOUNT_KEYS, "amount")
            out.append(s.fact("amount", key, m.start("n"), m.end("n"), m["n"].replace(",", "")))
    return out
