"""Sums said with no currency where the words around them make them money: the items of an expense list
("expenses: taxi 26, lunch 12.50, hotel 140"), a sum per pay period and the choice set beside it ("plan A
is 95 a paycheck or plan B at 60"), a budget ("my budget is around 250"), a sum in cash ("about 90 cash")
and a sum in a currency named by its country ("1,200 canadian"), never a count of a country's things
("1 American Airlines flight").

Never in a question; never a number before what is counted ("taxi 2 hours" is no item)."""

from __future__ import annotations

import re

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_N = r"(?<![\w.,:£$€/#-])(?:\d{1,3}(?:,\d{3})+|\d{1,5})(?:\.\d\d)?(?![\w%£$€:]|[.,]\d)"
# The head of an expense list, then its items: "expenses: uber 38, lunch 17.50, dinner 44".
_LIST_HEAD_RE = re.compile(
    r"\b(?:expenses|costs|outgoings|bills|spending|spent|receipts|budget|breakdown)\s*(?::|-|were|are|was)\s*",
    re.I,
)
_ITEM_RE = re.compile(rf"\s*(?:and\s+)?[a-z][a-z' ]{{0,30}}?\s(?P<n>{_N})\s*(?:,|;|$|\.\s*$|and\b)", re.I)
# A sum per pay period: "142 a paycheck", "3000 a check before tax", "60 per pay period".
_PER_PAY_RE = re.compile(
    rf"(?P<n>{_N})\s+(?:an?|per|each|every)\s+(?:pay\s?checks?|pay\s?cheques?|checks?|cheques?|pay\s+periods?"
    r"|pay\s?days?|pay\s+runs?|fortnight)\b",
    re.I,
)
# The choice beside it: "... or hmo at 88", "... and the dental plan for 12".
_CHOICE_RE = re.compile(
    rf"\b(?:or|and|vs\.?|versus)\s+(?:[a-z][\w'-]*\s+){{1,4}}?(?:at|for|is)\s+(?P<n>{_N})", re.I
)
_BUDGET_RE = re.compile(
    r"\bbudget(?:\s+is|'s|\s+of|\s+was|\s+will\s+be|\s+for\s+(?:it|that|this|them)\s+is)\s+"
    rf"(?:around\s+|about\s+|roughly\s+|approx(?:imately)?\s+|up\s+to\s+|under\s+|max\s+|maximum\s+)?(?P<n>{_N})"
    r"(?!\s*(?:people|guests|kids|children|items|hours|days|weeks|months|years|%|percent|sq|m2|k\b))",
    re.I,
)
_CASH_RE = re.compile(rf"(?P<n>{_N})\s+(?:in\s+)?cash\b", re.I)
_COUNTRY_RE = re.compile(
    rf"(?P<n>{_N})\s+(?:(?P<c>canadian|australian|aussie|new\s+zealand|kiwi|singapore|hong\s+kong)"
    r"(?:\s+dollars?|\s+bucks)?|(?P<c2>american|us)\s+dollars?)\b"
    r"(?!\s+(?-i:[A-Z])|\s+(?:people|kids|friends|students|citizens|miles|km))",
    re.I,
)
_CURRENCY = {
    "canadian": "CAD",
    "australian": "AUD",
    "aussie": "AUD",
    "american": "USD",
    "us": "USD",
    "new zealand": "NZD",
    "kiwi": "NZD",
    "singapore": "SGD",
    "hong kong": "HKD",
}


def _list_items(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for head in _LIST_HEAD_RE.finditer(text):
        pos, found = head.end(), []
        while (m := _ITEM_RE.match(text, pos)) and m.end() > pos:
            found.append(m.span("n"))
            pos = m.end()
        if len(found) >= 2:
            spans += found
    return spans


def itemised_sums(s: _Sentence) -> list[ExtractedFact]:
    """Sums with no currency in the forms of the module; never in a question."""
    text = s.text
    if s.question or not re.search(r"\d", text):
        return []
    spans = _list_items(text)
    for m in _PER_PAY_RE.finditer(text):
        spans.append(m.span("n"))
        if c := _CHOICE_RE.search(text, m.end()):
            spans.append(c.span("n"))
    spans += [m.span("n") for m in _BUDGET_RE.finditer(text)]
    if s.money_said or re.search(r"[£$€]\s?\d", text):
        spans += [m.span("n") for m in _CASH_RE.finditer(text)]
    out = []
    for start, end in sorted(set(spans)):
        value = text[start:end].replace(",", "")
        key = _nearest_key(text, start, end, _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, start, end, value))
    for m in _COUNTRY_RE.finditer(text):
        value = (
            f"{float(m['n'].replace(',', '')):.2f} {_CURRENCY[' '.join((m['c'] or m['c2']).lower().split())]}"
        )
        key = _nearest_key(text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, *m.span("n"), value))
    return out
