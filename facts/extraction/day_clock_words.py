"""Clocks of the whole day said in words, as timetables and desks read them out: "the coach goes at
seventeen twenty" (17:20), "the nineteen forty from platform 2", "by twenty one fifteen". Only after a word
that places a clock ("at", "the", "by", "from", "until") and never in a question; "twenty" then
"twenty ..." is a year ("twenty twenty six"), and a count goes on with what it counts ("the seventeen
twenty pound notes")."""

from __future__ import annotations

import re

from facts.extraction.number_words import _words_between
from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_UNITS = _words_between(1, 9)
_HOURS = _words_between(13, 20) | {
    f"twenty {word}": 20 + value for word, value in _words_between(1, 3).items()
}
# Fewer on purpose: minutes are read as tens ("twenty", "forty") or "fifteen" only, as timetables say them.
_TENS = {word: value for word, value in _words_between(10, 50).items() if value % 10 == 0 or value == 15}
_H = "|".join(w.replace(" ", r"[\s-]") for w in sorted(_HOURS, key=len, reverse=True))
_CLOCK_RE = re.compile(
    rf"\b(?:at|the|by|from|until|till)\s+(?P<clock>(?P<h>{_H})\s+(?:(?P<hundred>hundred)|oh\s+(?P<oh>\w+)"
    r"|(?P<tens>ten|fifteen|twenty|thirty|forty|fifty)(?:[\s-](?P<unit>one|two|three|four|five|six|seven|eight|nine))?))"
    r"(?=\s*(?:$|[.,;!]|\s(?:and|from|to|on|is|with|for\s+(?!people|adults|guests)|then|today|tonight|tomorrow)\b))",
    re.I,
)


def day_clock_words(s: _Sentence) -> list[ExtractedFact]:
    """A clock of 13 to 23 hours in words after a word that places it ("at seventeen twenty": 17:20)."""
    if s.question:
        return []
    out = []
    for m in _CLOCK_RE.finditer(s.text):
        hour = _HOURS[" ".join(m["h"].lower().replace("-", " ").split())]
        if m["hundred"]:
            minute = 0
        elif m["oh"]:
            if m["oh"].lower() not in _UNITS:
                continue
            minute = _UNITS[m["oh"].lower()]
        else:
            if hour == 20 and m["tens"].lower() == "twenty":
                continue  # "in twenty twenty six": a year
            minute = _TENS[m["tens"].lower()] + (_UNITS[m["unit"].lower()] if m["unit"] else 0)
        out.append(s.fact("time", "time", *m.span("clock"), f"{hour:02d}:{minute:02d}"))
    return out
