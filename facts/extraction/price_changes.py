"""A price said with no currency as what a price changed from or to: "That's up from 375 last year." after
"the vendor fee is $450", "they told me it's going up to 1,225 in July" after "your rent of $1,150".

The number is a price where a sum with its currency of about its size (half to twice) was said in this
turn or the two before it, and the phrase ends with it or goes on with a word of when; never before what is
counted ("up to 40 people", "down to 12 percent"), not in a sentence about what is measured ("The
temperature dropped to 40"), never in a question.
"""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.paid_in_words import sums_in_figures
from facts.extraction.text import _nearest_key, _Sentence, is_question
from memadmin.providers.base import ExtractedFact

_CHANGED_TO_RE = re.compile(
    r"\b(?:up|down|rise[sn]?|rising|rose|increas(?:e|es|ed|ing)|drop(?:s|ped|ping)?|fall(?:s|ing)?|fell"
    r"|jump(?:s|ed|ing)?|cut)\s+(?:from|to)\s+"
    r"(?P<n>\d{1,3}(?:,\d{3})+|\d{2,6})(?:\.(?P<c>\d\d))?(?![\w%£$€]|[.,:/]\d)"
    r"(?=\s*(?:$|[.,;!)]|(?:last|this|next|in|on|from|since|starting|a|an|per|each|and|or|but|so|now|then)\b))",
    re.I,
)

# A price said as what it is now, then the number it replaces: "94.50 a night rather than 89", "it 's 12.40
# now instead of 11", "It came to $2,290 rather than $2,340"; the first a price by its pence of no clock, what
# it is per, or its currency. The number replaced is the old price, kept as such ("not 15" says a number was
# wrong, and is dropped).
_REPLACED_RE = re.compile(
    r"(?<![\w.,:/#-])(?P<cur>[£$€]\s?)?(?P<p>\d{1,4}(?:,\d{3})*(?:\.\d\d)?)"
    r"(?P<unit>\s+(?:an?|per)\s+(?:night|head|person|adult|child|ticket|day|week|month|hour|session))?"
    r"(?:\s+now)?\s*,?\s+(?:rather\s+than|instead\s+of)\s+(?P<ncur>[£$€]\s?)?(?P<n>\d{1,4}(?:,\d{3})*)(?:\.(?P<c>\d\d))?"
    r"(?![\w%£$€]|[.,:/]\d)(?=\s*(?:$|[.,;!)]|(?:before|last|this|now|as|and|but|so)\b))",
    re.I,
)
_PRICE_QUESTION_RE = re.compile(r"\b(?:price|cost|how\s+much|rate|fare|fee|charge)", re.I)


_MEASURED_RE = re.compile(
    r"\b(?:temperature|degrees|weigh(?:s|t|ed)?|mph|km|miles|scores?|rank(?:ed|ing)?|heart|pressure|sugar"
    r"|levels?|count|speed|followers|subscribers|members|attendance)\b|°",
    re.I,
)


def price_changes(s: _Sentence) -> list[ExtractedFact]:
    """The number a price changed from or to, beside a sum of its size (see the module)."""
    if _MEASURED_RE.search(s.text):
        return []
    out = _replaced_prices(s)
    if s.question or not _CHANGED_TO_RE.search(s.text):
        return out
    said = sums_in_figures(" ".join(s.recent))
    for m in _CHANGED_TO_RE.finditer(s.text):
        value = Decimal(m["n"].replace(",", "")) + Decimal(m["c"] or 0) / 100
        if any(x and Decimal("0.5") <= value / x <= 2 for x in said):
            key = _nearest_key(s.text, m.start("n"), m.end(), _AMOUNT_KEYS, "amount")
            out.append(s.fact("amount", key, m.start("n"), m.end(), f"{value:.2f}"))
    return out


def _replaced_prices(s: _Sentence) -> list[ExtractedFact]:
    """The number a price said now replaces, of about its size (half to twice), where the first is a price."""
    out = []
    for m in _REPLACED_RE.finditer(s.text):
        if _clause_asks(s.text, m.start()):
            continue
        price = Decimal(m["p"].replace(",", ""))
        pence = m["p"].partition(".")[2]
        no_clock = price > 24 or (pence and int(pence) >= 60)
        asked = _PRICE_QUESTION_RE.search(s.previous) or _PRICE_QUESTION_RE.search(s.text)
        if not (m["cur"] or m["unit"] or no_clock or (pence and asked)):
            continue  # "leave at 9.30 rather than 10": a clock
        if re.search(r"\b(?:at|by|until|till|after|before|from)\s+$", s.text[: m.start()], re.I):
            continue
        value = Decimal(m["n"].replace(",", "")) + Decimal(m["c"] or 0) / 100
        if price and Decimal("0.5") <= value / price <= 2:
            key = _nearest_key(s.text, m.start("n"), m.end(), _AMOUNT_KEYS, "amount")
            start = m.start("ncur") if m["ncur"] else m.start("n")
            out.append(s.fact("amount", key, start, m.end(), f"{value:.2f}", old=True))
    return out


def _clause_asks(text: str, pos: int) -> bool:
    """Does the clause of ``text`` that holds ``pos`` ask? A request after a semicolon asks nothing of what is
    said before it: "It came to $2,290 rather than $2,340; could you tell me why?" """
    start, end = text.rfind(";", 0, pos) + 1, text.find(";", pos)
    return is_question(text[start : end if end >= 0 else len(text)])
