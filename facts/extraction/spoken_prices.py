"""Prices with no currency given as the answer to a question for a price ("adults 4.80 , children 2.90"),
and pounds and pence said in words as a price is said aloud ("it is three eighty each way")."""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.number_words import _WORD_VALUES
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

# A question for a price ("how much is the entrance ?", "and the fare ?", "how cheap is it ?") and the whole
# answer to it, a price with no currency: "3.50 .", "it 's 12.40 ."; not "3.50 ?" nor "it is 3.50 miles".
_ASKS_PRICE_RE = re.compile(
    r"\b(?:how\s+(?:much|cheap|expensive|pricey|dear)|prices?|costs?|fees?|fares?|entrance|admission|entry|charges?|rates"
    r"|wages?)\b[^?]*\?\s*$",
    re.I,
)
_PRICE_ANSWER_RE = re.compile(
    r"\s*(?:(?:it|that)\s*(?:is|'s|will\s+be)\s+)?(?P<bare>\d{1,4}\.\d\d)\s*[.!]?\s*"
)


# In the answer to a question for a price, prices listed for whom with no currency: "adults 4.80 , children
# 2.90 .", "4.80 for adults and 2.90 for kids ."
_WHOM = (
    r"(?:adults?|child(?:ren)?|kids?|students?|seniors?|juniors?|concessions?|members?|infants?|famil(?:y|ies)|groups?"
    r"|pensioners?|young\s+(?:person|people)|(?:under|over)[\s-]?\d{1,2}s"
    r"|guests?|visitors?|residents?|non-(?:members?|residents?)|grown-?ups?)"
)
_WHOM_BEFORE_RE = re.compile(rf"(?:^|,|\band|\bor)\s*(?:for\s+)?{_WHOM}\s*:?\s*$", re.I)
_WHOM_AFTER_RE = re.compile(rf"\s+(?:for|per)\s+(?:the\s+|an?\s+)?{_WHOM}\b", re.I)


def _price_answer(s: _Sentence, m: re.Match) -> bool:
    previous = s.previous
    if not _ASKS_PRICE_RE.search(previous):
        return False
    if _WHOM_BEFORE_RE.search(s.text, 0, m.start("bare")) or _WHOM_AFTER_RE.match(s.text, m.end("bare")):
        return not s.question
    whole = _PRICE_ANSWER_RE.fullmatch(s.turn.content or "")
    return bool(whole and s.offset + m.start("bare") == whole.start("bare"))


# Pounds and pence said in words as a price is said aloud: "it is three eighty each way" (3.80), "two fifty
# for adults and one twenty for kids". The same words are a clock after "at" ("leaves at three forty") and
# 380 in talk of hundreds, so only as the answer to a question for a price, or straight after a word that
# prices, and only under ten pounds: "twelve fifty" for a bill may be 12.50 or 1,250, so it is none.
_SPOKEN_PRICE_RE = re.compile(
    r"""(?<![\w-])(?P<pounds>one|two|three|four|five|six|seven|eight|nine)
    \s+(?P<tens>twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)
    (?:[\s-](?P<units>one|two|three|four|five|six|seven|eight|nine))?(?![\w-])
    (?!\s+(?:pm|am|p\.m\.|a\.m\.|o'clock|hours?|hrs|minutes?|mins|seconds?|metres?|meters?|miles?|km|people|years?
        |in\s+the\s+(?:morning|afternoon|evening)|tonight|tomorrow|today|pounds?|quid|gbp|p\b|pence))""",
    re.X | re.I,
)
_PRICES_BEFORE_RE = re.compile(
    r"\b(?:costs?|costing|charges?|fare\s+is|price\s+is|fee\s+is|tickets?\s+(?:are|is)|admission\s+is|entry\s+is"
    r"|entrance\s+is|comes\s+to|pay|paid|only|just)\s+$",
    re.I,
)
_NOT_A_PRICE_BEFORE_RE = re.compile(
    r"\b(?:at|by|until|till|from|around|after|before|since|about|or|and|to)\s+$", re.I
)


def _spoken_prices(s: _Sentence) -> list[ExtractedFact]:
    if s.question or not _SPOKEN_PRICE_RE.search(s.text):
        return []
    previous = s.previous
    asked = bool(_ASKS_PRICE_RE.search(previous))
    out: list[ExtractedFact] = []
    for m in _SPOKEN_PRICE_RE.finditer(s.text):
        before = s.text[max(0, m.start() - 30) : m.start()]
        # "two fifty for adults and one twenty for kids": a price listed after one already read
        listed = out and re.search(r"(?:,|\band|\bor)\s+$", before)
        answer = asked and re.fullmatch(r"\s*(?:(?:it|that)\s*(?:is|'s|will\s+be)\s+)?", s.text[: m.start()])
        if not (listed or answer or _PRICES_BEFORE_RE.search(before)) or (
            _NOT_A_PRICE_BEFORE_RE.search(before) and not listed
        ):
            continue
        pence = _WORD_VALUES[m["tens"].lower()] + (_WORD_VALUES[m["units"].lower()] if m["units"] else 0)
        value = Decimal(_WORD_VALUES[m["pounds"].lower()]) + Decimal(pence) / 100
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:.2f}"))
    return out
