"""Amounts of money, with their currency."""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.text import _nearest_key, _Sentence, _words
from memadmin.providers.base import ExtractedFact

# ------------------------------------------------------------------ amounts

_NUM = r"\d{1,3}(?:,\d{3})+|\d+"
_UNITS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "thousand",
)
_NUMBER_WORD = "(?:" + "|".join(sorted(_UNITS, key=len, reverse=True)) + ")"
_CURRENCY_WORD = r"pounds?|quid|dollars?|bucks?|euros?|rupees?|yen"
# "5 pound hill" is a street: a currency word before a street word is part of its name.
_STREET_WORD = r"hill|street|road|lane|close|way|row|green|walk|court|gardens|square|avenue|drive|yard|place"
_AMOUNT_RE = re.compile(
    rf"""
    (?<![\w.,])
    (?:
        (?P<sym>[£$€])\s?(?P<n1>{_NUM})(?:\.(?P<d1>\d{{1,2}}))?
      | (?P<code>(?i:GBP|USD|EUR|INR|JPY|AUD|CAD|CHF))\s?(?P<n2>{_NUM})(?:\.(?P<d2>\d{{1,2}}))?
      | (?P<n3>{_NUM})(?:\.(?P<d3>\d{{1,2}}))?\s?
        (?P<word>(?i:GBP|USD|EUR|INR|JPY|AUD|CAD|CHF)|€|(?i:{_CURRENCY_WORD})(?!\s+(?:of|{_STREET_WORD})\b))(?![A-Za-z])
        (?(d3)|(?:\s+(?P<pence>\d{{1,2}})(?:\s?(?i:pence|p|cents?)\b)?  # "12 pounds 50", "3 dollars 20 cents"
            (?=\s*(?:$|[.,;:!?)]|(?i:each|per|a|an|in|for|total|please|and|or|altogether|only)\b))))?
      | (?i:(?P<spelled>(?:(?:\b(?:a|an)|(?<![\d.,])\d{{1,3}})\s+(?=hundred|thousand))?\b{_NUMBER_WORD}
        (?:(?:\s+and\s+|[\s-]+){_NUMBER_WORD})*)\s+
        (?P<word2>{_CURRENCY_WORD})\b(?!\s+(?:of|{_STREET_WORD})\b))      # "a hundred and twenty bucks"
    )
    (?![\d,]\d|\.\d|\s?(?i:k|m|bn|million|billion|thousand)\b)   # "£5k": the scale is no exact value
    """,
    re.X,
)
# A price said without its currency ("entrance is 2.50", "it is 3.20 per person"): pounds and
# pence straight after a word for what something costs, or before "per person", "each".
_BARE_PRICE_RE = re.compile(
    r"""(?:\b(?:(?:entrance|entry|admission|ticket|fare|fee|price|cost|charge|total)s?(?:\s+(?:fee|price|cost|charge)s?)?
        (?:\s+(?:for|per)(?:\s+[a-z]+){1,3}?(?=\s+(?:is|are|was|will\s+be)\b))?  # "the price per person is"
        (?:\s+(?:is|are|was|will\s+be|would\s+be|of|comes\s+to))?\s*:?|costs?|costing|priced\s+at|pay)\s+)?
    (?<![\w.,£$€-])(?P<bare>\d{1,4}\.\d\d)
    (?![\d.,]|[A-Za-z%]|\s?(?:%|percent|per\s+cent|miles?|km|kilomet\w+|kg|stars?|hours?|minutes?|mins?)\b)
    (?P<per>\s+(?:per\s+(?:person|adult|child|ticket|night|head)|each|a\s+(?:person|head|ticket|night)
        |in\s+total|altogether))?""",
    re.I | re.X,
)
# Between a price and the next one of a list: "4.50 pounds for students , 6.25", "5.00 and for children 2.50".
# "8 pounds per person , or 6.50 online": what the price is for may come first.
_LISTED_AFTER_RE = re.compile(
    r"\s*(?:(?:for|per)\s+[a-z]+(?:\s+[a-z]+)?\s*|each\s*)?(?:,\s*(?:and|or)\b|,|and|or|/)\s*"
    r"(?:for\s+[a-z]+(?:\s+[a-z]+)?\s+)?"
)
# The first of two prices that share the currency said after the second: "between 15 and 25 pounds",
# "12 - 14 gbp", "from 5 to 8 pounds".
_RANGE_START_RE = re.compile(
    r"(?:(?P<between>\bbetween)\s+|(?<![\w.,:£$€]))(?P<first>\d{1,4}(?:\.\d\d)?)\s*(?P<joiner>and|to|-|or)\s*$",
    re.I,
)
_CURRENCIES = {"£": "GBP", "gbp": "GBP", "pound": "GBP", "quid": "GBP", "$": "USD", "usd": "USD"}
_CURRENCIES |= {"dollar": "USD", "buck": "USD", "€": "EUR", "eur": "EUR", "euro": "EUR"}
_CURRENCIES |= {
    "inr": "INR",
    "rupee": "INR",
    "jpy": "JPY",
    "yen": "JPY",
    "aud": "AUD",
    "cad": "CAD",
    "chf": "CHF",
}
_AMOUNT_KEYS = (
    (_words(r"refund(?:s|ed|ing|able)?"), "refund_amount"),
    (_words(r"charg(?:e|es|ed|ing)|bill(?:ed|ing)?"), "charge_amount"),
    (re.compile(r"\bcredit(?:s|ed)?\b(?!\s+card)", re.I), "credit_amount"),
    (_words(r"prices?|priced|cost(?:s|ing)?"), "price"),
)


_WORD_VALUES = {word: i for i, word in enumerate(_UNITS[:20])}
_WORD_VALUES |= {word: 20 + 10 * i for i, word in enumerate(_UNITS[20:28])}


def _spelled_number(words: str) -> int | None:
    """A number said in words ("a hundred and fifty", "2 thousand", "fifteen hundred"), or None
    when the words make no one number: "twelve fifty" may be 12.50 or 1,250, so it is no value."""
    total, current, last = 0, 0, ""
    for i, word in enumerate(re.sub(r"\band\b|-", " ", words.lower()).split()):
        if i == 0 and (word.isdigit() or word in ("a", "an")):
            current, last = (int(word) if word.isdigit() else 1), "count"
        elif word == "hundred":
            if last == "hundred" or current >= 100:
                return None
            current, last = (current or 1) * 100, "hundred"
        elif word == "thousand":
            if total:
                return None
            total, current, last = total + (current or 1) * 1000, 0, "thousand"
        elif (value := _WORD_VALUES.get(word)) is not None:
            units = value < 10
            if (units and current % 10) or (not units and current % 100) or last == "count":
                return None
            current, last = current + value, "word"
        else:
            return None
    return total + current


def _currency(m: re.Match) -> str:
    return _CURRENCIES[(m["sym"] or m["code"] or m["word"] or m["word2"]).lower().rstrip("s")]


def _amounts(s: _Sentence) -> list[ExtractedFact]:
    out = []
    for m in _AMOUNT_RE.finditer(s.text):
        unit = _currency(m)
        if m["spelled"]:
            number = _spelled_number(m["spelled"])
            if number is None:
                continue
            value = Decimal(number)
        else:
            number, decimals = m["n1"] or m["n2"] or m["n3"], m["d1"] or m["d2"] or m["d3"] or "0"
            decimals = f"{int(m['pence']):02d}" if m["pence"] else decimals
            value = Decimal(f"{number.replace(',', '')}.{decimals}")
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:.2f} {unit}"))
        first = m["n3"] and _RANGE_START_RE.search(s.text, max(0, m.start() - 30), m.start())
        if first and (first["between"] or first["joiner"].lower() != "and"):  # "2 and 25 pounds" is no range
            out.append(s.fact("amount", key, *first.span("first"), f"{Decimal(first['first']):.2f} {unit}"))
    ends = [f.span[1] - s.offset for f in out]
    for m in _BARE_PRICE_RE.finditer(s.text):
        listed = any(_LISTED_AFTER_RE.fullmatch(s.text, e, m.start()) for e in ends)
        if m.start() == m.start("bare") and not m["per"] and not listed:
            continue  # "2.50" with neither a word of price before it nor "per person" after it
        key = _nearest_key(s.text, m.start("bare"), m.end("bare"), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span("bare"), m["bare"]))
        ends.append(m.end("bare"))
    return out
