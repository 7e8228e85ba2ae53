"""A bare hour offered or listed beside a clock takes that clock's half of the day ("at 10:30 or 11",
"either 4 or 4:30", "tables at 6:30 and 8"), and a clock said as the whole of a choice ("three thirty
then .", "7 would be better")."""

from __future__ import annotations

import re

from facts.extraction.clock_words import _BARE_HOUR_END_RE, _HW, _hour, _money_talk
from facts.extraction.spoken_times import _nearest_half

# A bare hour offered with a clock as the other choice, or listed with it: "at 10:30 or 11", "either 4 or
# 4:30", "tables at 6:30 and 8", "talks at 1 and 2:30"; half past it as the British say it, before a clock
# or the hours after it: "i can do half eight or after 21:00".
_OR_AFTER_RE = re.compile(rf"\s*,?\s*(?P<j>or|and)\s+(?P<h>1[0-2]|0?[1-9]|{_HW})(?![\w:]|[.,]\d)", re.I)
_OR_BEFORE_RE = re.compile(
    rf"(?:^\W*|\b(?:at|around|either|after|before|say|try|do|offer(?:ed)?)\s+)(?P<half>half\s+)?"
    rf"(?P<h>1[0-2]|0?[1-9]|{_HW})\s*,?\s*(?P<j>or|and)\s+(?(half)(?:after\s+|from\s+)?)$",
    re.I,
)
# A clock written with a full stop offered with a clock as the other choice: "i can offer 6.45 or quarter past
# eight", "5.30 or 6:15".
_DOTTED_OR_BEFORE_RE = re.compile(r"(?<![\w:.,£$€/#+-])(?P<h>1[0-2]|0?[1-9])\.(?P<m>[0-5]\d)\s*,?\s*or\s+$")


def _listed_hour(m: re.Match | None) -> re.Match | None:
    """An hour joined by "or", or by "and" in digits ("one at 18:20 and one at 20:50" lists no hour)."""
    return m if m and (m["j"].lower() == "or" or m["h"].isdigit()) else None


def _alternatives(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out: list[tuple[int, int, str]] = []
    for start, end, clock in found:
        if "-" in clock or "T" in clock:
            continue
        other = int(clock[:2])
        after = _listed_hour(_OR_AFTER_RE.match(text, end))
        if after and _BARE_HOUR_END_RE.match(text, after.end()) and not _money_talk(text[:start]):
            out.append(
                (after.start("h"), after.end("h"), f"{_nearest_half(_hour(after['h']), other):02d}:00")
            )
        dotted = _DOTTED_OR_BEFORE_RE.search(text, max(0, start - 12), start)
        if (
            dotted
            and int(dotted["m"]) % 5 == 0
            and not (_money_talk(text[:start]) or re.search("[£$€]", text))
        ):
            hour = _nearest_half(int(dotted["h"]), other)
            out.append((dotted.start("h"), dotted.end("m"), f"{hour:02d}:{dotted['m']}"))
        before = _listed_hour(_OR_BEFORE_RE.search(text, max(0, start - 30), start))
        if before and not _money_talk(text[: before.start("h")]):
            hour, minutes = _nearest_half(_hour(before["h"]), other), ":30" if before["half"] else ":00"
            out.append(
                (before.start("half" if before["half"] else "h"), before.end("h"), f"{hour:02d}{minutes}")
            )
    return [f for f in out if not any(a < f[1] and f[0] < b for a, b, _ in found)]


# "three thirty then .", "seven fifteen works", "7 would be better": a clock chosen as the whole answer.
_CHOICE_AFTER_RE = re.compile(
    r"\s*(?:then|works|suits|(?:is|would\s+be|'?d\s+be)\s+(?:fine|good|better|great|perfect|best|safer|easier)"
    r"|please|pls|plz"
    r"|it\s+is|sounds\s+good)\b",
    re.I,
)


def _said_as_choice(m: re.Match, text: str) -> bool:
    return not text[: m.start()].strip(" ,") and bool(_CHOICE_AFTER_RE.match(text, m.end()))
