"""Hours said bare where the words around them make them clocks: a window for a visit on a day ("he's
coming wednesday between 9 and 11", "the courier comes tomorrow between 1 and 3"), the hour a place
opens or closes said without "at" ("the depot closes 11 so fine", "the shop opens 9"), and an hour after
the day it is on ("1:1s every tuesday at 2", "collected on the friday by 6").

A bare hour takes the half of the day people mean by it: 7 to 11 are the morning, 12 noon, 1 to 6 the
afternoon; a closing hour from 7 on is the evening. Never in a question; never an hour before what is
counted ("between 9 and 11 people", "closes 2 days a week")."""

from __future__ import annotations

import re

from facts.extraction.text import _Sentence
from facts.extraction.time_windows import afternoon_window
from memadmin.providers.base import ExtractedFact

_H = r"(?<![\w.,:£$€/#-])(?:1[0-2]|[1-9])(?![\w%£$€:]|[.,]\d)"
_COUNTED_RE = re.compile(
    r"\s*(?:-\s*)?(?:people|persons?|guests|kids|children|adults|items|things|hours?|hrs?|days?|weeks?|months?"
    r"|years?|minutes?|mins?|miles|km|kg|pounds|quid|dollars|euros|bucks|percent|%|of|times|x\b|pm|am|p\.m|a\.m"
    r"|o'?clock|[a-z]+s\b(?<!\bis)(?<!\bwas)(?<!\bdays))",
    re.I,
)
_DAY = (
    r"(?:mon|tues?|wednes|thurs?|fri|satur|sun)day|today|tomorrow|tonight"
    r"|(?:this|tomorrow)\s+(?:morning|afternoon)"
)
_DAY_RE = re.compile(rf"\b(?:{_DAY})\b", re.I)
_VISIT_RE = re.compile(
    r"\b(?:com(?:e|es|ing)|arriv\w*|deliver\w*|visit\w*|call(?:s|ing)?|ring(?:s|ing)?|pop(?:s|ping)?"
    r"|drop(?:s|ping)?|collect\w*|there|here|available|free|slot|window)\b",
    re.I,
)
_BETWEEN_RE = re.compile(rf"\bbetween\s+(?P<a>{_H})\s*(?:and|&|-)\s*(?P<b>{_H})", re.I)
_CLOSES_RE = re.compile(rf"\b(?P<verb>closes|shuts|closing)\s+(?P<h>{_H})", re.I)
# An errand in the sentence makes a closing hour the time to do it by: "return the van, the depot closes 11".
_ERRAND_RE = re.compile(
    r"\b(?:return\w*|drop\w*|collect\w*|pick(?:s|ing)?\s+(?:\w+\s+)?up|bring\w*|deliver\w*|hand\w*\s+(?:\w+\s+)?in"
    r"|get\s+(?:it|them|there)|make\s+it)\b",
    re.I,
)
_DAY_HOUR_RE = re.compile(
    rf"\b(?:(?:every|each|on|this|next)\s+(?:the\s+)?)?(?:{_DAY})\s+(?:at|by|from)\s+(?P<h>{_H})", re.I
)
_AFTER_HOUR_RE = re.compile(
    r"\s*(?:$|[.,;!)]|-|(?:so|and|because|cos|but|then|lol|to|till|until|please|if|ok|for\s+the)\b)", re.I
)


def _clock(hour: int, closing: bool = False) -> str:
    if closing and 7 <= hour <= 11:
        return f"{hour + 12:02d}:00"
    return f"{hour:02d}:00" if 7 <= hour <= 12 else f"{hour + 12:02d}:00"


def visit_windows(s: _Sentence) -> list[ExtractedFact]:
    """The hours of the module in one sentence; never in a question."""
    text = s.text
    if s.question or not re.search(r"\d", text):
        return []
    out = []
    if _DAY_RE.search(text) or _VISIT_RE.search(text):
        for m in _BETWEEN_RE.finditer(text):
            a, b = int(m["a"]), int(m["b"])
            if _COUNTED_RE.match(text, m.end()) or (not _AFTER_HOUR_RE.match(text, m.end()) and a >= b):
                continue
            if not (a < b or (a > b and b <= 6)) or (window := afternoon_window(a, b)) is None:
                continue
            out.append(s.fact("time", "time", m.start(), m.end(), f"{window[0]:02d}:00-{window[1]:02d}:00"))
    for m in _CLOSES_RE.finditer(text) if _ERRAND_RE.search(text) else ():
        if _AFTER_HOUR_RE.match(text, m.end()) and not _COUNTED_RE.match(text, m.end()):
            out.append(s.fact("time", "time", *m.span("h"), _clock(int(m["h"]), closing=True)))
    for m in _DAY_HOUR_RE.finditer(text):
        if _AFTER_HOUR_RE.match(text, m.end()) and not _COUNTED_RE.match(text, m.end()):
            out.append(s.fact("time", "time", *m.span("h"), _clock(int(m["h"]))))
    return out
