"""Hours a place keeps every evening or night: "there's a quiz at 8 every evening", "jazz from 9 most nights",
"the bar opens at 6 each night", "bingo starts at 7 on Friday nights". A bare hour followed by the evenings or
nights it is kept on is a time (its half of the day is the evening: see ``day_halves.half_by_what``); a habit
of one's own ("we usually eat at 7 every evening", "I go to bed at 11 every night") and a question about one
("Is there a quiz at 8 every evening?") stay unread."""

from __future__ import annotations

import re

from facts.extraction.clock_words import _HABIT_RE, _money_talk
from facts.extraction.day_halves import _NIGHTS_AFTER_RE
from facts.extraction.text import is_question

# The word before the hour says when it is held: "at 8", "from 9", "opens at 6", "starts at 7".
_HELD_AT_CUE_RE = re.compile(r"\b(?:at|from|(?:opens?|starts?|begins?|kicks?\s+off)(?:\s+at)?)\s+$", re.I)
# One's own habit, not a time a place keeps.
_OWN_HABIT_RE = re.compile(r"\b(?:I|I'm|I've|me|my)\b")


def kept_nightly(m: re.Match, text: str) -> bool:
    """Is the bare hour at ``m`` one a place keeps every evening or night ("a quiz at 8 every evening")?"""
    if not (m["h"] or m["hw"]) or m["m"] or m["hwm"] or not _NIGHTS_AFTER_RE.match(text, m.end()):
        return False
    before = text[max(0, m.start() - 40) : m.start()]
    if not _HELD_AT_CUE_RE.search(before) or _money_talk(before):
        return False
    return not (_HABIT_RE.search(text) or _OWN_HABIT_RE.search(text) or is_question(text))
