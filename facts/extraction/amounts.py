"""Amounts of money, with their currency."""

from __future__ import annotations

import re
from decimal import Decimal

from word2number import w2n

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
      | (?i:(?P<spelled>\b{_NUMBER_WORD}(?:(?:\s+and\s+|[\s-]+){_NUMBER_WORD})*)\s+
        (?P<word2>{_CURRENCY_WORD})\b(?!\s+(?:of|{_STREET_WORD})\b))      # "four hundred and twenty bucks"
    )
    (?![\d,]\d|\.\d|\s?(?i:k|m|bn|million|billion|thousand)\b)   # "£5k": the scale is no exact value
    """,
    re.X,
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


def _currency(m: re.Match) -> str:
    return _CURRENCIES[(m["sym"] or m["code"] or m["word"] or m["word2"]).lower().rstrip("s")]


def _amounts(s: _Sentence) -> list[ExtractedFact]:
    out = []
    for m in _AMOUNT_RE.finditer(s.text):
        unit = _currency(m)
        if m["spelled"]:
            try:  # word2number reads "two thousand four hundred and sixty" as 2460
                value = Decimal(w2n.word_to_num(m["spelled"].lower().replace("-", " ")))
            except ValueError:
                continue
        else:
            number, decimals = m["n1"] or m["n2"] or m["n3"], m["d1"] or m["d2"] or m["d3"] or "0"
            value = Decimal(f"{number.replace(',', '')}.{decimals}")
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:.2f} {unit}"))
    return out
