"""A slot chosen by its day: a turn of "Tuesday.", "The Wednesday, please.", "Wednesday works." or
"Tomorrow." alone answering slots just offered on that day ("Dr. Lin has 10:20 am next Tuesday and 2:50 pm
on Wednesday.") picks one of them and states no new day; the day of the slot is the offer's. A day said with
more in its turn ("Friday please. How much are tickets?") is stated, as the check files label it."""

from __future__ import annotations

import re
from datetime import date

from facts.extraction.calendar_words import _ABBR_WORD, _WEEKDAY, _WEEKDAYS
from facts.extraction.date_arithmetic import _weekday_date

# A turn of the day alone, with "the" and "please", "then" or "thanks" at most, or taking it: "The Tuesday
# one.", "Wednesday works.", "Thursday's fine."
_DAY_ALONE_RE = re.compile(
    rf"^\W*(?:the\s+)?(?P<day>{_WEEKDAY}|{_ABBR_WORD}|(?P<word>today|tonight|tomorrow))\.?"
    r"(?:\s+one|'s\s+(?:fine|good|great|perfect)|\s+(?:works|is\s+(?:fine|good|great|perfect)|suits(?:\s+me)?))?"
    r"(?:\s*,?\s*(?:please|then|thanks|thank\s+you))?\s*[.!]?\s*$",
    re.I,
)


def chosen_by_day(turn: str, start: int, previous: str) -> bool:
    """Is the day at ``start`` of the ``turn`` a slot chosen by its day among those ``previous`` offered?"""
    alone = _DAY_ALONE_RE.match(turn)
    if not alone or alone.start("day") != start:
        return False
    if alone["word"]:  # "Tomorrow." after "They can deliver tomorrow between noon and 2, or Wednesday."
        return bool(re.search(rf"\b{alone['word']}\b", previous, re.I))
    return bool(re.search(rf"\b{alone['day'][:3]}", previous, re.I))


def offered_weekday(day: str, previous: str, today: date) -> date | None:
    """The date of a weekday said bare ("Tuesday at 10:20.") just after the other side offered it with
    "next" or "this" ("10:20 am next Tuesday", said on a Monday, is a week on): the one offered, else None."""
    said = {m[1].lower() for m in re.finditer(rf"\b(next|this)\s+{day[:3]}", previous, re.I)}
    if len(said) != 1:
        return None
    return _weekday_date(today, _WEEKDAYS.index(day.lower()), said.pop())
