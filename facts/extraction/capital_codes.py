"""Codes in capitals as offices abroad write them.

Groups joined by slashes, letters first: a job card "LM/BLR/2204/1187", an estimate "PWV/24/0931", a
request "SWF/SR/2204918"; said anywhere but in a question, with four digits or more (no "A/C", "N/A",
"24/7" nor a date, which starts with digits). And capitals then groups of digits set apart by spaces
after the word that names the code ("reference IMPS 710412388201", "transaction TXN 0099 4412 87",
"booking BK 2204 0981 5"), ending its clause; not a currency's sum ("transfer of USD 1 250 000").
And a mobile-money or meter payment's transaction id, capitals and digits then groups joined by dots
("MP270208.0731.C44120", "TX20270301.0915.88"): said anywhere but in a question with three groups or more,
or one dot after the word for a transaction or reference ("transaction MP270208.0731"); never a decimal sum
or a version ("v2.4.1", "Windows 10.0"), which have no capitals straight before four digits.
"""

from __future__ import annotations

import re

from facts.extraction.currencies import _CODE_SET
from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_SLASHED_RE = re.compile(r"(?<![\w/.-])(?P<id>[A-Z]{2,5}(?:/[A-Z0-9]{2,8}){1,4})(?![\w/-])")
_SPACED_RE = re.compile(
    r"\b(?i:reference|ref|transaction|txn|booking|confirmation|receipt|transfer|payment|voucher)"
    r"(?:\s+(?i:number|no\.?|id))?(?:\s+(?i:is|was))?\s*[:,]?\s+"
    r"(?P<id>[A-Z]{2,5}(?:\x20\d{1,12}){1,4})"
    r"(?=\s*(?:[.,;!]|$))"
)
_DOTTED = r"[A-Z]{1,4}\d{4,}(?:\.[A-Z0-9]{2,10})"
_DOTTED_RE = re.compile(
    r"(?<![\w.$£€/-])(?:(?P<named>(?i:transaction|txn|reference|ref|receipt|payment)(?:\s+(?i:number|no\.?|id))?"
    r"(?:\s+(?i:is|was))?\s*[:,]?\s+)(?P<one>" + _DOTTED + r"{1,4})|(?P<id>" + _DOTTED + r"{2,4}))"
    r"(?![\w-]|\.[A-Za-z0-9])"
)
# Capitals before a sum, never a code's letters: the codes of the currencies read as money, and others.
_CURRENCIES = _CODE_SET | {"KSH", "RS", "RM", "CNY"}


def capital_codes(s: _Sentence) -> list[ExtractedFact]:
    """Slashed codes in capitals anywhere, and spaced ones after the word for them; never in a question."""
    if s.question:
        return []
    out = []
    for m in _SLASHED_RE.finditer(s.text):
        if sum(c.isdigit() for c in m["id"]) >= 4:
            out.append(s.fact("identifier", "reference", *m.span("id"), m["id"]))
    for m in _DOTTED_RE.finditer(s.text):
        group = "one" if m["one"] else "id"
        out.append(s.fact("identifier", "reference", *m.span(group), m[group]))
    for m in _SPACED_RE.finditer(s.text):
        letters = m["id"].split(" ", 1)[0]
        if letters not in _CURRENCIES and sum(c.isdigit() for c in m["id"]) >= 6:
            out.append(s.fact("identifier", "reference", *m.span("id"), m["id"]))
    return out
