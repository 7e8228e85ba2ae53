"""Rand as South Africans write them ("R2 450", "R344,50"), and thousands set apart by a space after a
currency sign ("€1 200")."""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.currencies import _AMOUNT_KEYS, _MONEY_WORDS_RE, _SYMBOL, _unit
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

# Rand as South Africans write them, and thousands set apart by a space after any currency sign: "R2 450",
# "R344,50", "€1 200"; "R800" with no thousands or cents only where money is spoken of ("deposit R800",
# or an amount said earlier in the conversation), never after "the", "on", "via" or "take" (a road: "the
# R56") nor before what a size or a road names ("R16 tyres", "the R27 exit").
_SPACED_RE = re.compile(
    rf"""(?<![\w.,])(?:(?P<sym>{_SYMBOL})\s?(?P<n>\d{{1,3}}(?:\x20\d{{3}})+)(?:\.(?P<d>\d\d))?
      | (?P<rand>R)(?P<rn>\d{{1,3}}(?:\x20\d{{3}})+|\d{{1,6}})(?:(?P<sep>[.,])(?P<rd>\d\d))?)
    (?![\w-]|[.,]\d|\x20\d)""",
    re.X,
)
_NOT_RAND_BEFORE_RE = re.compile(r"\b(?:on|via|take|onto|along|off|an?|exit|junction)\s+(?:the\s+)?$", re.I)
_NOT_RAND_AFTER_RE = re.compile(
    r"\s+(?:tyres?|tires?|wheels?|rims?|exits?|roads?|route|bus|highway|motorway|junction|towards|north|south"
    r"|east|west|series|model|class|droid)\b",
    re.I,
)


def _spaced_and_rand(s: _Sentence) -> list[ExtractedFact]:
    out: list[ExtractedFact] = []
    if "R" not in s.text and not re.search(r"\d\x20\d{3}", s.text):
        return out
    for m in _SPACED_RE.finditer(s.text):
        if m["rand"]:
            if m["sep"] == ".":
                continue  # "R85.50" is read with the other signs
            plain = "\x20" not in m["rn"] and not m["sep"]
            if _NOT_RAND_BEFORE_RE.search(s.text, 0, m.start()) or _NOT_RAND_AFTER_RE.match(s.text, m.end()):
                continue
            if re.search(r"\bthe\s+$", s.text[: m.start()], re.I) and not s.money_said:
                continue  # "the R56" is a road; "so the R150 comes off" where money was said
            money = s.money_said or _MONEY_WORDS_RE.search(s.text)
            if plain and not (money or any(_RAND_SAID_RE.search(t) for t in s.recent)):
                continue
            number, decimals, unit = m["rn"], m["rd"] or "00", "ZAR"
        else:
            number, decimals, unit = m["n"], m["d"] or "00", _unit(m["sym"])
        value = Decimal(f"{number.replace(' ', '')}.{decimals}")
        key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span(), f"{value:.2f} {unit}".rstrip()))
    return out


_RAND_SAID_RE = re.compile(r"(?<![\w.,])R\d{1,3}(?:[\x20,]\d{3})+(?![\w-])|\b(?:rands?|ZAR)\b")
