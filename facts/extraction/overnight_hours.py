"""Bare hours on either side of a night. Said late in the evening of tomorrow, an hour from 7 to 9 is in the
morning even where the turns before speak of tonight: "I have a meeting at nine there" said at 21:30, after
"the first coach tomorrow is at 05:50", is 09:00 (that evening's nine is gone). And an hour a booking for the
small hours is moved to stays in the small hours: "changed to 5" after a taxi at 4:30 am is 05:00."""

from __future__ import annotations

import re
from dataclasses import replace

from facts.extraction.clock_words import _HW
from facts.extraction.day_halves import _HALF_SAID_RE
from facts.extraction.text import _Sentence, _words
from memadmin.providers.base import ExtractedFact, TurnText

_TOMORROW_RE = _words(r"tomorrow|tmrw|tomorrow's")


def next_morning(m: re.Match, clock: str, s: _Sentence, evening_here: bool) -> str:
    """``clock`` ("HH:MM", read from ``m``) in the morning where it was put in the evening only by the turns
    before (``evening_here``: the sentence itself speaks of one), the sentence or the turn before speaks of
    tomorrow, and the turn is said after that evening's hour; else as it is."""
    hour, minute = int(clock[:2]), int(clock[3:])
    if evening_here or s.meal != "evening" or not 19 <= hour <= 21 or len(clock) != 5:
        return clock
    if (
        m["hhmm"]
        or m["word"]
        or (m["h"] and m["h"].startswith("0"))
        or _HALF_SAID_RE.search(s.text, m.start())
    ):
        return clock
    said = s.turn.created_at
    if said.hour * 60 + said.minute < hour * 60 + minute or not _TOMORROW_RE.search(" ".join(s.recent[-2:])):
        return clock
    return f"{hour - 12:02d}:{minute:02d}"


# An hour a booking is moved to, or said in place of its clock: "changed to 5", "move it to 6", "5 instead".
_MOVED_TO_RE = re.compile(
    r"\b(?:chang|mov|push|switch|shift|put|bring|brought)\w*\s+(?:\w+\s+){0,4}?(?:back\s+|forward\s+)?to\s+$",
    re.I,
)
_INSTEAD_AFTER_RE = re.compile(r"\s+instead\b", re.I)
_BARE_HOUR_RE = re.compile(rf"(?:1[0-2]|0?[1-9]|{_HW})", re.I)
_MOVED_REACH = 6  # turns back to the clock a booking was made for


def moved_before_dawn(
    turn: TurnText, found: list[ExtractedFact], before: list[tuple[int, ExtractedFact]]
) -> list[ExtractedFact]:
    """``found`` (the facts of ``turn``) with a bare hour a booking is moved to in the morning where the last
    clock of ``before`` (turn, fact), a few turns back, is before 7 am; the afternoon otherwise, as read."""
    text = turn.content or ""
    last = [f for seq, f in before if turn.seq - seq <= _MOVED_REACH and f.type == "time"]
    small_hours = bool(last) and re.fullmatch(r"0[0-6]:\d\d", last[-1].normalised) is not None
    if not small_hours:
        return found
    out = []
    for f in found:
        start, end = f.span
        moved = _MOVED_TO_RE.search(text[max(0, start - 40) : start]) or _INSTEAD_AFTER_RE.match(text, end)
        if (
            f.type == "time"
            and moved
            and _BARE_HOUR_RE.fullmatch(f.value)
            and re.fullmatch(r"1[3-8]:00", f.normalised)
        ):
            f = replace(f, normalised=f"{int(f.normalised[:2]) - 12:02d}:00")
        out.append(f)
    return out


# "make the pickup 6 instead of 5:30" long after "he'll pick you up at 5:30 am": the clock replaced, said with
# no half of the day, is the one said before with its half, and the hour put in its place is nearest it.
_INSTEAD_OF_BARE_CLOCK_RE = re.compile(
    r"(?:\s?-?ish)?\s+instead\s+of\s+(?:the\s+)?(?P<clock>(?:1[0-2]|0?[1-9])[:.][0-5]\d)(?!\s?[ap]\.?m\b|[\d:])",
    re.I,
)
_CLOCK_WITH_HALF_RE = re.compile(r"(?P<clock>(?:1[0-2]|0?[1-9])[:.][0-5]\d)\s?[ap]\.?m\.?", re.I)


def halves_said(found: list[ExtractedFact]) -> dict[str, str]:
    """The "HH:MM" of the clocks of ``found`` said with am or pm ("5:30 am"), by the clock alone ("5:30")."""
    return {
        m["clock"].replace(".", ":"): f.normalised
        for f in found
        if f.type == "time" and (m := _CLOCK_WITH_HALF_RE.fullmatch(f.value)) and len(f.normalised) == 5
    }


def replaced_as_said_before(
    turn: TurnText, found: list[ExtractedFact], said: dict[str, str]
) -> list[ExtractedFact]:
    """``found`` with a bare hour said "instead of" a clock with no half of the day in the half nearest that
    clock as said before with its half ("6 instead of 5:30" after "5:30 am" is 06:00)."""
    text, out = turn.content or "", []
    for f in found:
        replaced = _INSTEAD_OF_BARE_CLOCK_RE.match(text, f.span[1]) if f.type == "time" else None
        before = said.get(replaced["clock"].replace(".", ":")) if replaced else None
        if before and _BARE_HOUR_RE.fullmatch(f.value) and re.fullmatch(r"\d\d:00", f.normalised):
            hour, other = int(f.normalised[:2]) % 12, int(before[:2])
            near = min((hour, hour + 12), key=lambda h: min(abs(h - other), 24 - abs(h - other)))
            f = replace(f, normalised=f"{near:02d}:00")
        out.append(f)
    return out
