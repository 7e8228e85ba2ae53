"""Sums a desk says with no currency where what is said of them shows they are money: a balance ("it 's 40 in
credit", "so 351 is left to pay", "you 're 12.50 in arrears"), what a voucher or a thing is worth ("a voucher
worth 75 at the paint shop"), and what a taxi or a cab would be ("a taxi is about 8 ."). A count ("2 left to
go"), a rating ("worth 5 stars") and a clock ("a taxi at about 8") are none."""

from __future__ import annotations

import re

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.desk_prices import _NUMBER_RE
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_SUM = _NUMBER_RE.pattern  # a number as desk prices are written
_END = r"(?=\s*(?:[.,;!?]|$|\s(?:and|or|but|now|then|so|at|on|to|towards|off|if)\b))"
# What a balance is said to be after its sum.
_BALANCE_RE = re.compile(
    rf"{_SUM}\s+(?:in\s+(?:credit|arrears|debit)|overdrawn|(?:is\s+|are\s+)?(?:left|still)\s+to\s+pay"
    r"|(?:is\s+|are\s+)?(?:still\s+)?(?:owing|outstanding|owed))\b",
    re.I,
)
# What a thing is worth, before the clause ends or says where it is spent.
_WORTH_RE = re.compile(rf"\bworth\s+(?:about\s+|around\s+|up\s+to\s+)?{_SUM}{_END}", re.I)
# What a taxi or a cab is said to be, the number ending its clause.
_RIDE_RE = re.compile(
    r"\b(?:an?|the)\s+(?:taxi|cab|minicab|uber)(?:\s+(?:there|back|from\s+here|home))?"
    rf"\s+(?:is|'s|would\s+be|will\s+be|should\s+be)\s+(?:about|around|roughly|only|just)?\s*{_SUM}{_END}",
    re.I,
)


def balances(s: _Sentence) -> list[ExtractedFact]:
    """Balances, what a thing is worth and what a taxi would be, said without a currency."""
    out = []
    for pattern in (_BALANCE_RE, _WORTH_RE, _RIDE_RE):
        for m in pattern.finditer(s.text):
            if pattern is not _BALANCE_RE and s.question:
                continue
            key = _nearest_key(s.text, m.start("n"), m.end("n"), _AMOUNT_KEYS, "amount")
            out.append(s.fact("amount", key, m.start("n"), m.end("n"), m["n"].replace(",", "")))
    return out
