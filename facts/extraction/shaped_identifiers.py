"""Codes known by their shape or by the word that names them in lower case: a vehicle registration in the
Irish form ("his reg is 191-D-12345", "mine's 07-KY-4410"), an Australian business number in its digit
groups where the talk is of one ("abn 51 824 753 556"; "do you have an ABN?" "yes, 12 345 678 901"), a
bank's BSB written in lower case ("bsb 062-000"), a short payment reference ("ref INV-2231", "the
reference on the transfer was SMITH4"), a reference in capitals said after what it is made of ("ref is her
surname plus U12, so MOKOENA U12") and a short code given as the answer to a question asking for a number,
reference or code ("Which plot is yours?" "plot C7").

A code needs a digit; a question is never read."""

from __future__ import annotations

import re

from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_END = r"(?![\w-]|[.,:/]\d)"
_IRISH_REG_RE = re.compile(rf"(?<![\w./:-])(?P<id>\d{{2,3}}-(?i:[a-z]{{1,2}})-\d{{1,6}}){_END}")
_ABN_RE = re.compile(rf"(?<![\w./:-])(?P<id>\d{{2}} \d{{3}} \d{{3}} \d{{3}}){_END}")
_ABN_TALK_RE = re.compile(r"\b(?:abn|business\s+number)\b", re.I)
_BSB_RE = re.compile(rf"\bbsb(?:\s+(?:is|number|no\.?))?\s*[:,]?\s*(?P<id>\d{{3}}[-\s]?\d{{3}}){_END}", re.I)
_REF_RE = re.compile(
    r"\b(?:ref|reference|payment\s+ref(?:erence)?)(?:\s+(?:on|for)\s+(?:the|my|your)\s+[a-z]+)?"
    r"(?:\s+(?:is|was|number|no\.?|said|will\s+be)(?!\w))*\s*[:#]?\s*"
    rf"(?P<id>(?=[A-Za-z-]*\d)(?=[\d-]*[A-Za-z])[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){{2,15}}){_END}",
    re.I,
)
# A reference said after what it is made of, in capitals with a group that holds a digit: "ref is her
# surname plus U12, so MOKOENA U12", "the reference is his name and the year , i.e. DLAMINI 2024".
_MADE_REF_RE = re.compile(
    r"\b(?i:ref|reference)\s+(?i:is|will\s+be|should\s+be|has\s+to\s+be)\s[^.?!]{3,60}?,\s*"
    r"(?i:so|i\.?e\.?|e\.?g\.?|like)\s+"
    rf"(?P<id>[A-Z]{{2,}}(?:[ -](?=[A-Z]*\d)[A-Z0-9]{{2,8}})+){_END}(?=\s*(?:[.!,;)]|$))"
)
_ASKS_CODE_RE = re.compile(
    r"\b(?:numbers?|references?|ref|codes?|plot|pitch|stall|bay|locker|unit|space|spot)\b[^?]{0,60}\?", re.I
)
# The code ends what is said, or goes on with a word of thanks: never the first part of a longer code or a
# postcode ("XT9 45 CJ", "M5A 1S7").
_SHORT_CODE_RE = re.compile(
    r"(?<![\w./:£$€-])(?P<id>[A-Z]{1,3}-?\d{1,4}[A-Z]?)"
    r"(?=\s*(?:[.!;)]*\s*$|,?\s+(?i:please|thanks|thank\s+you|cheers|lol)\b))"
)


def shaped_identifiers(s: _Sentence) -> list[ExtractedFact]:
    """The codes of the module in one sentence; never in a question."""
    if s.question or not re.search(r"\d", s.text):
        return []
    text = s.text
    out = [
        s.fact("identifier", "registration", *m.span("id"), m["id"].upper())
        for m in _IRISH_REG_RE.finditer(text)
    ]
    if any(_ABN_TALK_RE.search(t) for t in (text, *s.recent[-3:])):
        out += [
            s.fact("identifier", "reference", *m.span("id"), m["id"].replace(" ", ""))
            for m in _ABN_RE.finditer(text)
        ]
    out += [s.fact("identifier", "reference", *m.span("id"), m["id"]) for m in _BSB_RE.finditer(text)]
    out += [s.fact("identifier", "reference", *m.span("id"), m["id"].upper()) for m in _REF_RE.finditer(text)]
    out += [
        s.fact("identifier", "reference", *m.span("id"), m["id"].replace(" ", ""))
        for m in _MADE_REF_RE.finditer(text)
    ]
    previous = s.previous
    if s.offset == 0 and len(text.split()) <= 6 and _ASKS_CODE_RE.search(previous):
        out += [
            s.fact("identifier", "reference", *m.span("id"), m["id"]) for m in _SHORT_CODE_RE.finditer(text)
        ]
    return out
