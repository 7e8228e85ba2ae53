"""Clock times said the way people talk to an assistant, read beside the clocks of times.py: "7 15 pm"
(a space for the colon), "half past noon", "9ish" and "tenish" ending a phrase, "Eight." as the whole
answer to "What time?", "make it 9" after a clock, "the 7 to 8 slot". Each returns (start, end, "HH:MM")
for a stretch of text no clock of times.py has claimed but one it holds ("noon" in "half past noon").
"""

from __future__ import annotations

import re

from facts.extraction.number_words import _words_between
from facts.extraction.text import is_question

_HOURS = _words_between(1, 12)
_HOUR = r"1[0-2]|0?[1-9]|" + "|".join(sorted(_HOURS, key=len, reverse=True))

# "7 15 pm", "6 45 a.m.": hour and minutes apart with am/pm after them; not a count before a clock
# ("I have 7 15-minute slots" has no am/pm), a phone or a date ("call 555 7 15 pm").
_SPACED_RE = re.compile(
    r"(?<![\w:.,£$€/#+-])(?<!\d\s)(?P<h>1[0-2]|0?[1-9])\s(?P<m>[0-5]\d)\s?(?P<ap>[ap])(?:m\b|\.m\.)", re.I
)
# "half past noon", "a quarter past midnight", "quarter to noon".
_NOON_RE = re.compile(
    r"\b(?P<rel>half|(?:a\s+)?quarter)\s+(?P<dir>past|after|to|till|of)\s+(?P<w>noon|midday|midnight)\b", re.I
)
# A bare hour with "-ish" ending its phrase: "9ish.", "tenish, if that works", "around 6ish is fine";
# not "5ish people".
_ISH_RE = re.compile(rf"(?<![\w:.,£$€/#+-])(?P<h>{_HOUR})-?ish\b", re.I)
_PHRASE_END_RE = re.compile(
    r"\s*(?:$|[.,;!?)]|(?:then|is|works|suits|please|on|tomorrow|today|tonight|or|and|if|at|for|would|will)\b)",
    re.I,
)
_USUALLY = r"(?:usually|normally|generally|typically|mostly)"
# An hour alone as the whole answer to a question for a time: "What time tonight?" "Eight." / "like nine." /
# "When does the ferry go?" "Eleven I think."
_ANSWER_RE = re.compile(
    rf"^\W*(?:(?:um+|uh+|erm|maybe|say|like|make\s+it|at|around|about|{_USUALLY})\s+)?(?P<v>(?P<h>{_HOUR})(?:\s?-?ish)?)"
    r"(?:\s*,?\s*(?:then|please|works|is\s+(?:fine|good|better|great|perfect)|sounds\s+good|'s\s+(?:fine|good)))?"
    r"(?:\s*,?\s*(?:I\s+(?:think|guess|reckon|believe)|probably|at\s+a\s+guess))?"  # "Eleven I think."
    # "Usually 7, but they can open at 6:30 for you.", "8 normally."
    rf"(?:\s*,?\s*{_USUALLY})?(?:\s*,\s*but\b[^?]*)?"
    r"\s*[.!]?\s*$",
    re.I,
)
# The hour answered first, then another thing asked for, in words with no number but "one" (a thing: "the
# midsize one"): "What time would you pick it up?" "like nine. midsize", "Seven, the back room."; not "9, for
# 4", "Nine, two of us" nor "nine, no wait".
_THEN_ANOTHER_RE = re.compile(
    r"(?P<head>[^.,;]*)[.,;]\s+(?!(?:no|not|nope|actually|wait|sorry|or|hmm+|unless|except)\b)"
    r"(?P<tail>[a-z][\w'&-]*(?:\s+[\w'&-]+){0,3})\s*[.!]?\s*$",
    re.I,
)
_NUMBER_SAID_RE = re.compile(rf"\d|\b(?:{'|'.join(_words_between(2, 99))}|dozen|hundred)\b", re.I)
# Hours alone with the days they hold for, as the whole answer to a question for a time: "What time do they
# shut?" "5 on weekdays and 1 on saturdays ."
_DAYS = r"(?:weekdays|weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)"
_DAYS_ANSWER_RE = re.compile(
    rf"^\W*(?P<v>{_HOUR})\s+on\s+{_DAYS}(?:\s*,?\s*(?:and|but)\s+(?P<v2>{_HOUR})\s+on\s+{_DAYS})?\s*[.!]?\s*$",
    re.I,
)
# "Make it 9." after a turn that set a clock ("The reminder is set for 8 pm."): the new hour, in the
# half of the day nearest the old one, or in the one it names ("Make it the evening, seven."); not "make it 6
# people", "make it for 3", nor after a count or a question of how many ("2 tickets for the 7:30 pm show"),
# but for an hour next to the clock of a booking for a party ("a table for 2 at 6:30 pm" "Make it seven.").
_MAKE_IT_RE = re.compile(
    rf"^\W*(?:(?:no|actually|ok(?:ay)?|hmm+|sorry|wait)\W+)*(?:make\s+(?:it|that)|change\s+(?:it|that)\s+to|move\s+(?:it|that)\s+to)"
    r"\s+(?:(?:the|in\s+the)\s+(?P<part>morning|afternoon|evening)\s*,?\s*)?"
    rf"(?P<v>(?P<h>{_HOUR})(?:\s?-?ish)?)\s*(?:instead|then|please)?"
    r"\s*(?:[.!]?\s*$|,\s+(?!(?:people|guests|of|each|per)\b)(?:I|we|it|that|they|as|because|since|so)\b)",
    re.I,
)
# ... or ending a sentence that said the clock it takes back: "alarm for 5:50 am, no wait, make it 8",
# "the 6:40 train, actually make it 7."; not "at 7:30 for 2, make it 4" (a count).
_MAKE_IT_AFTER_RE = re.compile(
    rf"[,;]\s*(?:(?:no|actually|wait|sorry|or)\W+)*make\s+(?:it|that)\s+(?P<v>(?P<h>{_HOUR}))"
    r"\s*(?:instead|then|please)?\s*[.!]?\s*$",
    re.I,
)
_EARLIER_CLOCK_RE = re.compile(
    r"(?<![\w:.,£$€])(?P<h>1[0-2]|0?[1-9])(?::(?P<m>[0-5]\d))?\s?(?P<ap>[ap])\.?m\b"
    r"|(?<![\w:.,£$€])(?P<h24>[01]?\d|2[0-3]):[0-5]\d(?!\s?[ap]\.?m)",
    re.I,
)
_HOW_MANY_RE = re.compile(
    r"\bhow\s+many\b|\bpeople\b|\bguests?\b|\bfor\s+(?:[1-9]\d?|one|two|three|four|five|six|seven|eight|nine|ten)\b"
    r"(?!\s*(?:[:.]\d|[ap]\.?m\b|o\s?'?\s?clock|in\s+the|tonight|tomorrow))"
    r"|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:(?:upper|lower|main|floor|balcony|general"
    r"|standard|level|adult|child|student|admission|day|weekend|upper-level)\s+){0,2}(?:tickets?|seats?|rooms?|tables?|adults?|kids"
    r"|children|nights?|bags?)\b",
    re.I,
)
# "the 7 to 8 slot", "the 2-3 window": a delivery or booking slot named by its two hours.
_SLOT_RE = re.compile(
    r"\bthe\s+(?P<a>1[0-2]|0?[1-9])\s*(?:to|-|–)\s*(?P<b>1[0-2]|0?[1-9])\s+(?:slot|window|delivery\s+slot|time\s?slot)\b",
    re.I,
)


# A word or sign one of the forms above needs, looked for first: most sentences have none.
_SPOKEN_WORDS_RE = re.compile(r"[ap]\.?m\b|noon|midday|midnight|ish\b|make|change|move|slot|window", re.I)


def _hour(word: str) -> int:
    return int(word) if word.isdigit() else _HOURS[word.lower()]


def _nearest_half(hour: int, other: int) -> int:
    """``hour`` (1-12) in the half of the day that puts it nearest the hour ``other`` (0-23)."""
    return min((hour % 12, hour % 12 + 12), key=lambda h: min(abs(h - other), 24 - abs(h - other)))


def hour_said(c: re.Match) -> int:
    """The hour (0-23) of a clock of ``_EARLIER_CLOCK_RE``: on the 24-hour clock or with am/pm."""
    if c["h24"] is not None:
        return int(c["h24"])
    return int(c["h"]) % 12 + (12 if c["ap"].lower() == "p" else 0)


def _last_clock(text: str) -> int | None:
    """The hour (0-23) of the last clock with am/pm or a colon said in ``text``."""
    found = list(_EARLIER_CLOCK_RE.finditer(text))
    return hour_said(found[-1]) if found else None


def _next_to(m: re.Match, previous: str) -> bool:
    """Is the hour put with "make it" in the half of the day it names, or less than an hour from the clock
    with minutes it replaces ("for 2 at 6:30 pm" "Make it seven.")? A count put in place of a party ("for 4 at
    7 pm" "Make it 6.") is neither."""
    if m.groupdict().get("part"):
        return True
    found = list(_EARLIER_CLOCK_RE.finditer(previous))
    if not found or not (found[-1]["m"] or found[-1].group().count(":")):
        return False
    clock = found[-1]
    minute = int(clock["m"] or clock.group().split(":")[1][:2])
    at = hour_said(clock) * 60 + minute
    hour = _nearest_half(_hour(m["h"]), hour_said(clock))
    return 0 < abs(hour * 60 - at) < 60


def _free(found: list[tuple[int, int, str]], start: int, end: int) -> bool:
    return not any(a < end and start < b for a, b, _ in found)


def spoken_clocks(
    text: str, found: list[tuple[int, int, str]], *, asked_time: bool, evening: bool, previous: str
) -> list[tuple[int, int, str]]:
    """The clocks of these forms in ``text`` (one sentence) that ``found`` has not claimed; a found
    clock inside one of them ("noon" of "half past noon") gives way to it. ``previous`` is the turn
    before this one, ``evening`` whether the turns speak of the evening or a meal out."""
    if not (asked_time or _SPOKEN_WORDS_RE.search(text)):
        return []
    out: list[tuple[int, int, str]] = []
    for m in _SPACED_RE.finditer(text):
        hour = int(m["h"]) % 12 + (12 if m["ap"].lower() == "p" else 0)
        out.append((m.start(), m.end(), f"{hour:02d}:{m['m']}"))
    for m in _NOON_RE.finditer(text):
        base = 0 if m["w"].lower() == "midnight" else 12
        minutes = 30 if m["rel"].lower() == "half" else 15
        total = (base * 60 + (minutes if m["dir"].lower() in ("past", "after") else -minutes)) % (24 * 60)
        out.append((m.start(), m.end(), f"{total // 60:02d}:{total % 60:02d}"))
    asks = is_question(text)  # "Is it around 5ish?" only asks
    for m in _ISH_RE.finditer(text):
        if not asks and _PHRASE_END_RE.match(text, m.end()) and _free(found, m.start(), m.end()):
            hour = _hour(m["h"])
            hour = hour + 12 if hour < 12 and (hour <= 6 or evening) else hour
            out.append((m.start(), m.end(), f"{hour:02d}:00"))
    days = _DAYS_ANSWER_RE.match(text) if asked_time else None
    for group in ("v", "v2") if days else ():
        if days[group] and _free(found, *days.span(group)):
            hour = _hour(days[group])
            hour = hour + 12 if hour < 12 and (hour <= 6 or evening) else hour
            out.append((*days.span(group), f"{hour:02d}:00"))
    answer = _ANSWER_RE.match(text) if asked_time else None
    then = _THEN_ANOTHER_RE.match(text) if asked_time and not answer else None
    if then and not _NUMBER_SAID_RE.search(then["tail"]):
        answer = _ANSWER_RE.match(then["head"])  # the hour, before what else is answered
    make_it = _MAKE_IT_RE.match(text)
    replaced_in = previous  # the text that said the clock the hour made replaces
    if not make_it and (late := _MAKE_IT_AFTER_RE.search(text)):
        make_it, replaced_in = late, text[: late.start()]
    other = _last_clock(replaced_in) if make_it else None
    if make_it and (
        other is None or (_HOW_MANY_RE.search(replaced_in) and not _next_to(make_it, replaced_in))
    ):
        make_it = None
    for m in (answer, make_it):
        if m and _free(found, *m.span("v")):
            hour = _hour(m["h"])
            if m is make_it and (part := m.groupdict().get("part")):
                hour = hour % 12 + (0 if part.lower() == "morning" else 12)
            elif m is make_it and other is not None:
                hour = _nearest_half(hour, other)
            elif hour < 12 and (hour <= 6 or evening):
                hour += 12
            out.append((*m.span("v"), f"{hour:02d}:00"))
    for m in _SLOT_RE.finditer(text):
        a, b = int(m["a"]), int(m["b"])
        if a == b:
            continue
        if a <= 7 or evening:
            a, b = a % 12 + 12, b % 12 + 12
        out.append((m.start("a"), m.end("b"), f"{a:02d}:00-{b:02d}:00"))
    return [f for f in out if _free([g for g in found if not (f[0] <= g[0] and g[1] <= f[1])], f[0], f[1])]
