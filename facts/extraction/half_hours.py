"""British half hours said in words: "half six" is 6:30 after a word that asks for a time ("at half six",
"make it half seven") or where the words around it say a clock ("half eight to half ten", "pick-up is half
five", "half seven ideally"). times.py reads the clock; these say whether it is one."""

from __future__ import annotations

import re

from facts.extraction.clock_words import _HW

# The words before "half six" that ask for a time: "at", "by", "make it", "moved it to", "can we do", and
# the start of a show: "curtain up half seven".
HALF_CUE_RE = re.compile(
    r"\b(?:at|by|from|until|till|around|about|for|before|after|like|prefer|say|try|make\s+it|(?:it|that)\s+to"
    r"|(?:move|moved|change|changed|push|pushed|bring|brought|shift|shifted)\s+(?:\w+\s+){0,4}?to"
    r"|(?:can|could)\s+(?:we|you|they|I)\s+do|curtain(?:\s+up|\s+goes\s+up)?"
    # the hour it is now: "it 's only half eleven", "it is nearly half five"
    r"|\bit\s*(?:'\s*s|\s+is)\s+(?:only|just|nearly|almost|already|gone))\s+$",
    re.I,
)


# "half eight to half ten", "2:30 to half three": a half hour that opens or closes a range of clocks;
# "pick-up is half five", "doors are half seven"; "half seven ideally", "half six at the latest".
_HALF_RANGE_AFTER_RE = re.compile(rf"\s*(?:-|–|to|till|until)\s*(?:half\s+)?(?:1[0-2]|[1-9]|{_HW})\b", re.I)
_HALF_RANGE_BEFORE_RE = re.compile(
    rf"(?:\bhalf\s+(?:{_HW}|1[0-2]|[1-9])|\d[:.][0-5]\d|\b(?:1[0-2]|[1-9]))\s*(?:-|–|to|till|until)\s*$", re.I
)
# "from 1pm or half 3", "2:30 or half 4": a half hour offered as the other choice to a clock.
_HALF_CHOICE_BEFORE_RE = re.compile(
    rf"(?:\d[:.][0-5]\d|\b(?:1[0-2]|[1-9])\s*[ap]\.?m\.?|\bhalf\s+(?:{_HW}|1[0-2]|[1-9]))\s*(?:or|,)\s*$",
    re.I,
)
_HALF_NAMED_BEFORE_RE = re.compile(
    r"\b(?:pick-?\s?ups?|drop-?\s?offs?|start|finish|kick-?off|doors|check-?in|check-?out|arrival|departure"
    r"|dinner|lunch|breakfast|it|that|the\s+bell)\s*(?:is|'s|are|was)\s+$",
    re.I,
)
# "last entry half five", "last admission is half four": the last hour a place lets one in.
_HALF_LAST_ENTRY_RE = re.compile(r"\blast\s+(?:entry|entries|admission)\s*(?:(?:is|'s|at)\s+)?$", re.I)
_HALF_CHOSEN_AFTER_RE = re.compile(
    r"\s*,?\s*(?:ideally|please|at\s+the\s+latest|latest|or\s+so|sharp|if\s+poss(?:ible)?)\b", re.I
)

# "they came half 12.", "can he start half 9", "meeting fri 14th half 2": a half hour straight after a verb of
# arriving, starting or meeting, or after the day it is on, that ends its clause; not "half 12 boxes".
_HALF_DONE_BEFORE_RE = re.compile(
    r"\b(?:came|come|comes|arrived|arrives|landed|start|starts|started|finish(?:es|ed)?|leave|leaves|left"
    r"|meeting|collect(?:s|ed|ing)?|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
    r"|today|tonight|tmrw|tomorrow|[0-3]?\d(?:st|nd|rd|th))\s+$",
    re.I,
)
_HALF_CLAUSE_END_RE = re.compile(r"\s*(?:$|[.,;!?)]|(?:then|works|ok|sharp|please|if|and|so)\b)", re.I)


def half_said_as_clock(m: re.Match, text: str) -> bool:
    """Is "half six" a clock by the words around it, with no word before it that asks for a time?"""
    before = text[max(0, m.start() - 30) : m.start()]
    return bool(
        _HALF_RANGE_AFTER_RE.match(text, m.end())
        or _HALF_RANGE_BEFORE_RE.search(before)
        or _HALF_CHOICE_BEFORE_RE.search(before)
        or _HALF_NAMED_BEFORE_RE.search(before)
        or _HALF_LAST_ENTRY_RE.search(before)
        or _HALF_CHOSEN_AFTER_RE.match(text, m.end())
        or (_HALF_DONE_BEFORE_RE.search(before) and _HALF_CLAUSE_END_RE.match(text, m.end()))
    )
