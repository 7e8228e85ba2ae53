"""Zambian kwacha written "K" before a plain number ("K850", "buy K500 of units"): read only where kwacha
was said plainly earlier in the conversation or in this turn ("K2,400", "K430.75", "ZMW 650", "500 kwacha"),
and under K100 only after a word of money, so that a school year ("K12") or a size is none."""

from __future__ import annotations

import re

from facts.extraction.currencies import _AMOUNT_KEYS, _KWACHA, _MONEY_WORDS_RE
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_KWACHA_SAID_RE = re.compile(rf"{_KWACHA}|\b(?i:ZMW)\s?\d|\d\s?(?i:kwachas?)\b")
_PLAIN_KWACHA_RE = re.compile(r"(?<![\w.,$-])K(?P<n>\d{2,4})(?![\w,-]|\.\d)")


def _plain_kwacha(s: _Sentence) -> list[ExtractedFact]:
    """Amounts in kwacha written "K" before a plain number, where kwacha was said plainly nearby."""
    if "ZMW" not in s.currencies_said and not _KWACHA_SAID_RE.search(" ".join(s.recent) or s.text):
        return []
    out = []
    for m in _PLAIN_KWACHA_RE.finditer(s.text):
        if int(m["n"]) < 100 and not _MONEY_WORDS_RE.search(s.text, max(0, m.start() - 25), m.start()):
            continue  # "K12" or "K40" with no word of money just before it is a year or a size
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, m.start(), m.end(), f"{int(m['n'])}.00 ZMW"))
    return out
