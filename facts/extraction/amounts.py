"""Amounts of money, with their currency: the signs, codes and words said with a number, and prices said
without one where a word of price comes before them; the other forms are read by the modules imported here."""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.currencies import (
    _AMOUNT_KEYS,
    _CODES,
    _CURRENCY_WORD,
    _NUM,
    _PER_UNIT,
    _RAND,
    _STREET_WORD,
    _SYMBOL,
    _unit,
)
from facts.extraction.kwacha import _plain_kwacha
from facts.extraction.money_numbers import _money_numbers
from facts.extraction.number_words import _NUMBER_WORD, _spelled_number, _words_between
from facts.extraction.rand_amounts import _spaced_and_rand
from facts.extraction.scaled_amounts import _scaled
from facts.extraction.spoken_prices import _price_answer, _spoken_prices
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_AMOUNT_RE = re.compile(
    rf"""
    (?<![\w.,])
    (?:
        (?P<sym>{_SYMBOL}|{_RAND})\s?(?P<n1>{_NUM})(?:\.(?P<d1>\d{{1,2}}))?
      | (?P<code>(?i:{_CODES}))\s?(?P<n2>{_NUM})(?:\.(?P<d2>\d{{1,2}}))?
      | (?P<n3>{_NUM})(?:\.(?P<d3>\d{{1,2}}))?\s?
        (?P<word>(?i:{_CODES})|€|(?i:{_CURRENCY_WORD})(?!\s+(?:of|{_STREET_WORD})\b))(?![A-Za-z])
        (?(d3)|(?:\s+(?P<pence>\d{{1,2}})(?:\s?(?i:pence|p|cents?)\b)?  # "12 pounds 50", "3 dollars 20 cents"
            (?=\s*(?:$|[.,;:!?)]|(?i:each|per|a|an|in|for|total|please|and|or|altogether|only)\b
              |(?i:to\s+(?:get|go|enter|visit|see|park|hire|rent|book|ride))\b))))?  # "2 pounds 50 to get in"
      | (?i:(?P<spelled>(?:(?:\b(?:a|an)|(?<![\d.,])\d{{1,3}})\s+(?=hundred|thousand)
        |(?:(?<![\d.,])\d{{1,3}}|\b{_NUMBER_WORD})\s+and\s+a\s+half\s+(?=hundred|thousand))?  # "2 and a half"
        (?<!zero\s)(?<!\boh\s)\b(?!zero\b){_NUMBER_WORD}
        (?:(?:\s+and\s+|[\s-]+){_NUMBER_WORD})*)\s+
        (?P<word2>{_CURRENCY_WORD})\b(?!\s+(?:of|{_STREET_WORD})\b)      # "a hundred and twenty bucks"
        (?:\s+and\s+(?P<cents>{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD})?)\s+cents\b)?)  # "... and fifty cents"
        # (never from or after "zero": "dial star pound zero six pound" says keys)
    )
    (?![\d,]\d|\.\d|\s?(?i:k|m|bn|million|billion|thousand|grand)\b)   # "£5k": read with its scale below
    """,
    re.X,
)
# Pence said in words after a currency word: "twenty two pounds fifty", "12 pounds seventy five each".
_PENCE_WORDS_AFTER_RE = re.compile(
    rf"\s+(?P<pence>\d{{1,2}}|{_NUMBER_WORD}(?:[\s-]+{_NUMBER_WORD})?)"
    r"(?=\s*(?:$|[.,;:!?)]|(?:each|per|a|an|in|for|total|please|and|or|altogether|only)\b))",
    re.I,
)


def _pence_after(text: str, end: int) -> tuple[int, Decimal] | None:
    """(end, the pence as a fraction) of pence said after a currency word that ends at ``end``, or None."""
    if not (after := _PENCE_WORDS_AFTER_RE.match(text, end)):
        return None
    pence = int(after["pence"]) if after["pence"].isdigit() else _spelled_number(after["pence"])
    return (after.end(), Decimal(pence) / 100) if pence and 0 < pence < 100 else None


# A price said without its currency ("entrance is 2.50", "it is 3.20 per person"): pounds and
# pence straight after a word for what something costs, or before "per person", "each".
_BARE_PRICE_RE = re.compile(
    rf"""(?:\b(?:(?:entrance|entry|admission|ticket|seat|fare|fee|price|cost|charge|total|refund|deposit)s?
        (?:\s+(?:fee|price|cost|charge)s?)?
        (?:\s+(?:for|per)(?:\s+[a-z]+){{1,3}}?(?=\s+(?:is|are|was|will\s+be)\b))?  # "the price per person is"
        (?:\s+(?:is|are|was|will\s+be|would\s+be|of|comes\s+to))?\s*:?|costs?|costing|priced\s+at|pay
        |(?:comes?|came)\s+to)\s+)?  # "two adults and a child come to 21.50"
    (?<![\w.,£$€-])(?P<bare>\d{{1,4}}\.\d\d)
    (?![\d.,]|[A-Za-z%]|\s?(?:%|percent|per\s+cent|miles?|km|kilomet\w+|kg|stars?|hours?|minutes?|mins?)\b)
    (?P<per>\s+(?:per\s+(?:person|adult|child|ticket|night|head)|each|(?:an?|per)\s+{_PER_UNIT}
        |for\s+(?:adults?|child(?:ren)?|kids|students|seniors|pensioners|concessions|members)\b  # for whom
        |in\s+total|altogether|on\s+top|plus\s+(?:tax|tip|vat|gst|fees?|shipping|delivery)))?""",
    re.I | re.X,
)
# The last entry or admission of a day, straight before its hour: "last entry 4.30", "last admission is 5.15".
_LAST_ENTRY_BEFORE_RE = re.compile(
    r"\blast\s+(?:entry|entries|admissions?)\s*(?:(?:is|'s|at)\s+)?:?\s*$", re.I
)
# Between a price and the next one of a list: "4.50 pounds for students , 6.25", "5.00 and for children 2.50".
# "8 pounds per person , or 6.50 online": what the price is for may come first.
_LISTED_AFTER_RE = re.compile(
    r"\s*(?:(?:for|per)\s+[a-z]+(?:\s+[a-z]+)?\s*|each\s*)?(?:,?\s*otherwise\b|,\s*(?:and|or)\b|,|and|or|/)\s*"
    r"(?:for\s+[a-z]+(?:\s+[a-z]+)?\s+|(?:adults?|child(?:ren)?|kids?|students?|seniors?|concessions?|members?"
    r"|infants?|famil(?:y|ies)|groups?|pensioners?|under\s?\d{1,2}s?)\s+)?"  # "5 pounds , children 2.50"
)
# The first of two prices that share the currency said after the second: "between 15 and 25 pounds",
# "12 - 14 gbp", "from 5 to 8 pounds".
_RANGE_START_RE = re.compile(
    r"(?:(?P<between>\bbetween)\s+|(?<![\w.,:£$€]))(?P<first>\d{1,4}(?:\.\d\d)?)\s*(?P<joiner>and|to|-|or)\s*$",
    re.I,
)


def _currency(m: re.Match) -> str:
    return _unit(m["sym"] or m["code"] or m["word"] or m["word2"])


# Pounds by the notes' names: "something about a tenner", "a fiver each", "two tenners".
_NOTES = {"fiver": 5, "tenner": 10}
_NOTE_COUNTS = {"a": 1} | _words_between(1, 5)
_NOTE_RE = re.compile(rf"\b(?P<n>{'|'.join(_NOTE_COUNTS)})\s+(?P<note>fiver|tenner)s?\b", re.I)


def _notes(s: _Sentence) -> list[ExtractedFact]:
    out = []
    for m in _NOTE_RE.finditer(s.text):
        value = _NOTE_COUNTS[m["n"].lower()] * _NOTES[m["note"].lower()]
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:.2f} GBP"))
    return out


def _amounts(s: _Sentence) -> list[ExtractedFact]:
    out = _spaced_and_rand(s) + _notes(s)
    for m in _AMOUNT_RE.finditer(s.text):
        unit = _currency(m)
        if m["spelled"]:
            number = _spelled_number(m["spelled"])
            cents = _spelled_number(m["cents"]) if m["cents"] else 0
            if number is None or cents is None or cents >= 100:
                continue
            value = Decimal(number) + Decimal(cents) / 100
        else:
            number, decimals = m["n1"] or m["n2"] or m["n3"], m["d1"] or m["d2"] or m["d3"] or "0"
            decimals = f"{int(m['pence']):02d}" if m["pence"] else decimals
            value = Decimal(f"{number.replace(',', '')}.{decimals}")
        end = m.end()
        whole = not (m["d1"] or m["d2"] or m["d3"] or m["pence"] or m["cents"])
        if whole and (m["word"] or m["word2"]) and (after := _pence_after(s.text, end)):
            end, value = after[0], value + after[1]  # "twenty two pounds fifty", "twelve pounds 50"
        key = _nearest_key(s.text, m.start(), end, _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, m.start(), end, f"{value:.2f} {unit}".rstrip()))
        first = m["n3"] and _RANGE_START_RE.search(s.text, max(0, m.start() - 30), m.start())
        if first and (first["between"] or first["joiner"].lower() != "and"):  # "2 and 25 pounds" is no range
            out.append(s.fact("amount", key, *first.span("first"), f"{Decimal(first['first']):.2f} {unit}"))
    out += _scaled(s)
    out += [
        f for f in _plain_kwacha(s) if not any(g.span[0] < f.span[1] and f.span[0] < g.span[1] for g in out)
    ]
    ends = [f.span[1] - s.offset for f in out]
    for m in _BARE_PRICE_RE.finditer(s.text):
        listed = any(_LISTED_AFTER_RE.fullmatch(s.text, e, m.start()) for e in ends)
        if m.start() == m.start("bare") and not m["per"] and not listed and not _price_answer(s, m):
            continue  # "2.50" with neither a word of price before it nor "per person" after it
        if _LAST_ENTRY_BEFORE_RE.search(s.text, 0, m.start("bare")) and not m["per"]:
            continue  # "last entry 4.30" is the hour of the last entry, not its price
        key = _nearest_key(s.text, m.start("bare"), m.end("bare"), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span("bare"), m["bare"]))
        ends.append(m.end("bare"))
    taken = [f.span for f in out]
    extra = [f for f in _money_numbers(s, ends) if not any(a < f.span[1] and f.span[0] < b for a, b in taken)]
    extra += [f for f in _spoken_prices(s) if not any(a < f.span[1] and f.span[0] < b for a, b in taken)]
    return out + extra
