"""Clock times as people say them: "14:30", "2.30pm", "half past two in the afternoon",
"a quarter to 4", "evening 6:15", "five pm", "11 o'clock at night"; and windows ("between 8am
and 12pm", "7am to 1pm") as one fact. The normalised value is the 24-hour time ("14:30").

A bare number is a time only with something that makes it one: a colon and minutes, am/pm,
"o'clock", a part of the day, or "half past"/"quarter to". "A table for 4 at 9" names no time.
"""

from __future__ import annotations

import re

from facts.extraction.text import _Sentence, _words
from memadmin.providers.base import ExtractedFact

_HOUR_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
_HOUR_WORDS |= {"nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_MINUTE_WORDS = {"five": 5, "ten": 10, "twenty": 20, "twenty-five": 25, "twenty five": 25}
_HW = "|".join(sorted(_HOUR_WORDS, key=len, reverse=True))
# Minutes said after an hour in words: "seven thirty", "six forty-five", "nine oh five".
_UNIT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEEN_WORDS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen")
_TEEN_WORDS += ("eighteen", "nineteen")
_SPOKEN_MINUTES = {f"oh {w}": i + 1 for i, w in enumerate(_UNIT_WORDS)}
_SPOKEN_MINUTES |= {w: i + 10 for i, w in enumerate(_TEEN_WORDS)}
for _tens, _base in (("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50)):
    _SPOKEN_MINUTES[_tens] = _base
    _SPOKEN_MINUTES |= {f"{_tens} {w}": _base + i + 1 for i, w in enumerate(_UNIT_WORDS)}
_MW = "|".join(re.escape(w).replace(r"\ ", r"[\s-]") for w in sorted(_SPOKEN_MINUTES, key=len, reverse=True))
_PARTS = r"morning|afternoon|evening|night"
_TIME_RE = re.compile(
    rf"""
    (?<![\w:.,£$€/-])
    (?:
        \b(?P<word>(?:(?:12|twelve)\s+)?(?:noon|midday|midnight))\b
      | (?P<rel>half|(?:a\s+)?quarter|(?P<mins>[1-5]?\d|twenty[\s-]five|twenty|ten|five)(?:\s+minutes)?)
            \s+(?P<dir>past|to|after)\s+(?P<rh>1[0-2]|0?[1-9]|{_HW})(?![\w:])
      | (?P<pp>{_PARTS})\s+(?P<ph>1[0-2]|0?[1-9])(?::(?P<pmin>[0-5]\d))?
            (?![\d:]|[.,]\d|\s*(?:[ap]\.?m\b|%|(?:people|persons?|guests?|tickets?|seats?|rooms?|adults?|kids|children
            |minutes?|mins?|hours?|days?|nights?|weeks?|bags?|stars?|dollars?|bucks|pounds?|euros?)\b))
      | (?P<h>[01]?\d|2[0-3])(?:(?P<sep>[:.])(?P<m>[0-5]\d))?(?![\d:]|[.,]\d)
      | \b(?P<hw>{_HW})(?:[\s-]+(?P<hwm>{_MW}))?\b                 # "seven thirty in the morning"
    )
    """,
    re.I | re.X,
)
_SUFFIX_RE = re.compile(
    rf"""(?P<oclock>\s*o\s?['"\u2019]?\s?clock\b)?(?:\s?(?P<ap>[ap]m\b|[ap]\.\s?m\.))?
    (?:\s+(?:in\s+the\s+(?P<part>{_PARTS})|at\s+(?P<night>night)|(?P<tonight>tonight)
        |(?:this|tomorrow)\s+(?P<part2>{_PARTS})(?!\s+\d)))?""",
    re.I | re.X,
)
_CALL_RE = _words(r"call(?:s|ing|ed)?|call-?backs?|ring|phone")


def _hour(word: str) -> int:
    return int(word) if word.isdigit() else _HOUR_WORDS[word.lower()]


def _clock(m: re.Match, text: str) -> tuple[int, str] | None:
    """(end of the time, "HH:MM"), or None when the match names no time."""
    if m["word"]:
        return m.end(), "00:00" if m["word"].lower().endswith("midnight") else "12:00"
    suffix = _SUFFIX_RE.match(text, m.end())
    ap = (suffix["ap"] or "").lower().replace(".", "").replace(" ", "")
    part = suffix["part"] or suffix["part2"] or suffix["night"] or ("night" if suffix["tonight"] else "")
    part = part.lower()
    if m["pp"]:
        hour, minute, part = int(m["ph"]), int(m["pmin"] or 0), m["pp"].lower()
        end = m.end()
    else:
        if m["rel"]:
            hour = _hour(m["rh"])
            minute = 30 if m["rel"].lower() == "half" else 15 if "quarter" in m["rel"].lower() else None
            if minute is None:
                mins = " ".join(m["mins"].lower().split())
                minute = int(mins) if mins.isdigit() else _MINUTE_WORDS[mins]
            if minute >= 60:
                return None
            if m["dir"].lower() == "to":
                hour, minute = (hour - 2) % 12 + 1, 60 - minute
        elif m["hw"]:
            hour = _hour(m["hw"])
            minute = _SPOKEN_MINUTES[" ".join(m["hwm"].lower().replace("-", " ").split())] if m["hwm"] else 0
            if not (ap or part or suffix["oclock"]):
                return None
        else:
            hour, minute = int(m["h"]), int(m["m"] or 0)
            clock_said = m["m"] and m["sep"] == ":"
            if not (clock_said or ap or part or suffix["oclock"]) or (m["sep"] == "." and not (ap or part)):
                return None
        end = suffix.end() if (ap or part or suffix["oclock"]) else m.end()
    if (ap or part) and hour > 12:
        return None
    if ap == "pm" or part in ("afternoon", "evening") or (part == "night" and hour >= 6):
        hour = hour % 12 + 12
    elif ap == "am" or part == "morning" or part == "night":
        hour = hour % 12
    return end, f"{hour:02d}:{minute:02d}"


def _time_key(text: str, start: int) -> str:
    """The key of a time: "callback_time" after a call word that is not negated ("call you at 3pm",
    but not "don't call me before 10am", which is a preference)."""
    before = text[max(0, start - 40) : start]
    call = _CALL_RE.search(before)
    negated = call and re.search(r"\b(?:don'?t|do\s+not|never|not)\s+$", before[: call.start()], re.I)
    return "callback_time" if call and not negated else "time"


def _times(s: _Sentence) -> list[ExtractedFact]:
    """Single times, and windows ("between 8am and 12pm", "7am to 1pm") as one fact "08:00-12:00"."""
    found = []
    for m in _TIME_RE.finditer(s.text):
        if found and m.start() < found[-1][1]:
            continue
        if clock := _clock(m, s.text):
            found.append((m.start(), *clock))
    out, i = [], 0
    while i < len(found):
        start, end, clock = found[i]
        between = re.search(r"\bbetween\s+$", s.text[:start], re.I)
        joiner = s.text[end : found[i + 1][0]].strip().lower() if i + 1 < len(found) else None
        if joiner in ("-", "to", "until", "till") or (joiner == "and" and between):
            start = between.start() if between else start
            end, clock, i = found[i + 1][1], f"{clock}-{found[i + 1][2]}", i + 1
        out.append(s.fact("time", _time_key(s.text, start), start, end, clock))
        i += 1
    return out
