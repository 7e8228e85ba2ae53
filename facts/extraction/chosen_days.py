"""A slot chosen by its day: a turn of "Tuesday." or "The Wednesday, please." alone answering slots just
offered on that day ("Dr. Lin has 10:20 am next Tuesday and 2:50 pm on Wednesday.") picks one of them and
states no new day; the day of the slot is the offer's. A day said with more in its turn ("Friday please. How
much are tickets?") is stated, as the check files label it."""

from __future__ import annotations

import re

from facts.extraction.calendar_words import _ABBR_WORD, _WEEKDAY

# A turn of the day alone, with "the" and "please" or "then" at most.
_DAY_ALONE_RE = re.compile(
    rf"^\W*(?:the\s+)?(?P<day>{_WEEKDAY}|{_ABBR_WORD})\.?(?:\s*,?\s*(?:please|then))?\s*[.!]?\s*$", re.I
)


def chosen_by_day(turn: str, start: int, previous: str) -> bool:
    """Is the day at ``start`` of the ``turn`` a slot chosen by its day among those ``previous`` offered?"""
    alone = _DAY_ALONE_RE.match(turn)
    if not alone or alone.start("day") != start:
        return False
    day = alone["day"].lower()[:3]
    return bool(re.search(rf"\b{day}", previous, re.I))
