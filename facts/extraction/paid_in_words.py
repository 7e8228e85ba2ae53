"""Dollars and cents said as two numbers in words when paying someone back: "pay Kim back twenty-two
fifty", "send Theo nine ninety-nine", "request twelve fifty from Ana".

Said alone, "twelve fifty" may be 12.50 or 1,250 (the rules of spoken_prices.py keep it no value); sent to or
asked from a person, between friends, it is the dollars and the cents of a small sum. Only straight
after a verb of paying a person (and the person), never where a rent, a deposit or a price of a home is
spoken of (where "twelve fifty" is 1,250), never before what is counted or a part of the day ("twelve
fifty in the morning"), and never in a question but one that asks for the payment ("can you request
thirty-four fifty from her?").

Offered, bid or sold for, in a conversation that has said money, the same two numbers are hundreds and the
rest, as a second-hand price is said: "someone offered six twenty five" is 625, "she sold it for eleven
fifty" 1,150; not in a question that asks ("Did he offer six twenty five?"), but in a statement with a
question after it ("He offered six twenty five, should I take it?").
"""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.number_words import _spelled_number, _words_between
from facts.extraction.text import _nearest_key, _Sentence, _words
from memadmin.providers.base import ExtractedFact

_ONES = "|".join(_words_between(1, 9))  # "one" to "nine"
_TENS_WORD = rf"(?:{'|'.join(_words_between(20, 90))})(?:[\s-](?:{_ONES}))?"  # "twenty" to "ninety-nine"
_WHOLE_WORD = rf"(?:{_TENS_WORD}|{'|'.join(_words_between(10, 19))}|{_ONES})"
_CENTS_WORD = rf"(?:{_TENS_WORD}|{'|'.join(_words_between(11, 19))})"  # "ten" after a number is no cents said

_PAID_RE = re.compile(
    rf"""\b(?:pay|send|request|transfer|give|owe|lend)\s+
    (?:(?:him|her|them|(?-i:[A-Z][a-z]+)|my\s+[a-z]+)\s+)?(?:(?:back|too|also)\s+)?
    (?P<whole>{_WHOLE_WORD})[\s-]+(?P<cents>{_CENTS_WORD})(?![\w-])
    (?!\s+(?:pm|am|p\.m\.|a\.m\.|o'?clock|in\s+the|tonight|tomorrow|today|hours?|minutes?|mins|people|times?
        |years?|days?|nights?|weeks?|months?|dollars?|bucks|cents|pounds?|euros?|k\b|thousand|hundred|grand))""",
    re.I | re.X,
)
# What makes two numbers in words a clock, a count or a bigger number, not hundreds and the rest or a price.
_NOT_COUNTED_AFTER = r"""(?!\s+(?:pm|am|p\.m\.|a\.m\.|o'?clock|in\s+the|tonight|tomorrow|today|hours?|minutes?
    |mins|people|times?|percent|per\s+cent|years?|days?|nights?|weeks?|months?|k\b|thousand|hundred|grand))"""
_OFFERED_RE = re.compile(
    rf"""\b(?:offer(?:s|ed|ing)?|bid|asking|(?:sold|sell(?:s|ing)?|let\s+(?:it|them)\s+go)(?:\s+(?:it|them))?\s+for)\s+
    (?:(?:like|about|around|only|just)\s+)?
    (?P<whole>{_WHOLE_WORD})[\s-]+(?P<rest>{_CENTS_WORD})(?![\w-]){_NOT_COUNTED_AFTER}""",
    re.I | re.X,
)
# A statement with a question after it: "He offered six twenty five, should I take it?"
_QUESTION_AFTER_RE = re.compile(r",\s*(?:should|shall|can|do)\s+(?:I|we)\b[^,]*\?\s*$", re.I)
# A request put as a question is no question of what a sum is: "can you request thirty-four fifty from her?"
_ASKED_TO_PAY_RE = re.compile(
    r"\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:pay|send|request|transfer|give)\b", re.I
)
# Where "twelve fifty" is 1,250: a rent, a deposit, a mortgage, a home's price.
_BIG_SUMS_RE = _words(r"rent|deposit|mortgage|landlord|lease|tuition|salary|invoice")


def paid_in_words(s: _Sentence) -> list[ExtractedFact]:
    """Dollars and cents in words after a verb of paying a person (see the module)."""
    if (s.question and not _ASKED_TO_PAY_RE.search(s.text)) or _BIG_SUMS_RE.search(s.text):
        return []
    out = []
    for m in _PAID_RE.finditer(s.text):
        value = Decimal(_spelled_number(m["whole"]) or 0) + Decimal(_spelled_number(m["cents"]) or 0) / 100
        key = _nearest_key(s.text, m.start("whole"), m.end("cents"), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, m.start("whole"), m.end("cents"), f"{value:.2f}"))
    return out


def offered_in_words(s: _Sentence) -> list[ExtractedFact]:
    """Hundreds and the rest in words after a word of offering or selling (see the module)."""
    question = s.question and not _QUESTION_AFTER_RE.search(s.text)
    if question or not s.money_said:
        return []
    out = []
    for m in _OFFERED_RE.finditer(s.text):
        value = Decimal(_spelled_number(m["whole"]) or 0) * 100 + Decimal(_spelled_number(m["rest"]) or 0)
        key = _nearest_key(s.text, m.start("whole"), m.end("rest"), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, m.start("whole"), m.end("rest"), f"{value:.2f}"))
    return out


# A price before or after a change, beside the sum it changed from or to: "They want €34.90 a month now, up
# from twenty nine fifty" (29.50 beside 34.90), "The rent went down to eleven fifty from £1,300" (1,150).
_CHANGED_RE = re.compile(
    rf"""\b(?:up|down|rise[sn]?|rose|gone\s+up|went\s+up|jump(?:s|ed)?)\s+(?:from|to
        |to\s+[£$€]\s?\d[\d,]*(?:\.\d\d)?\s+from)\s+  # "went down to $45 from sixty two fifty"
    (?P<whole>{_WHOLE_WORD})[\s-]+(?P<rest>{_CENTS_WORD})(?![\w-]){_NOT_COUNTED_AFTER}""",
    re.I | re.X,
)
# The two numbers alone answering a question for what a sum was: "What was it before?" "Five forty."
_SAID_ALONE_RE = re.compile(
    rf"^\s*(?:(?:it\s+was|was|about|around)\s+)?(?P<whole>{_WHOLE_WORD})[\s-]+(?P<rest>{_CENTS_WORD})\s*[.!]?\s*$",
    re.I,
)
_WHAT_WAS_IT_RE = re.compile(
    r"(?:^|[.!]\s+)\W*(?:and\s+)?(?:what|how\s+much)\s+(?:was|were|did)\s+(?:it|that|they|the\s+\w+)\b[^?.!]*\?\s*$",
    re.I,
)
_FIGURES_RE = re.compile(
    r"(?:[£$€]|\b(?:A|C|NZ|US)\$)\s?(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<c>\d\d))?(?![\d,])"
)


def sums_in_figures(text: str) -> list[Decimal]:
    """The sums said with their currency in ``text`` ("$1,150", "€34.90"), as numbers."""
    return [Decimal(m["n"].replace(",", "")) + Decimal(m["c"] or 0) / 100 for m in _FIGURES_RE.finditer(text)]


def _beside(whole: str, rest: str, text: str) -> Decimal | None:
    """The reading of two numbers in words ("twenty nine fifty") of the size of the sums in figures in
    ``text``: dollars and cents, or hundreds and the rest; none where the sums do not tell them apart."""
    w, r = Decimal(_spelled_number(whole) or 0), Decimal(_spelled_number(rest) or 0)
    readings = {w + r / 100, w * 100 + r}
    sums = sums_in_figures(text)
    near = {v for v in readings for x in sums if x and Decimal("0.5") <= v / x <= 2}
    return near.pop() if len(near) == 1 else None


def compared_in_words(s: _Sentence) -> list[ExtractedFact]:
    """Two numbers in words beside a sum in figures (see the patterns above)."""
    out = []
    if not s.question:
        for m in _CHANGED_RE.finditer(s.text):
            if (value := _beside(m["whole"], m["rest"], s.text)) is not None:
                key = _nearest_key(s.text, m.start("whole"), m.end("rest"), _AMOUNT_KEYS, "amount")
                out.append(s.fact("amount", key, m.start("whole"), m.end("rest"), f"{value:.2f}"))
    question = s.recent[-2] if len(s.recent) > 2 else ""
    m = _SAID_ALONE_RE.match(s.text) if s.offset == 0 and _WHAT_WAS_IT_RE.search(question) else None
    if m and (value := _beside(m["whole"], m["rest"], s.earlier)) is not None:
        out.append(s.fact("amount", "amount", m.start("whole"), m.end("rest"), f"{value:.2f}"))
    return out
