"""What looks like a clock and is not one: a game's result or a window of hours ("augusto , 5 to 4", "on
14 oct , 10 to 2"), a range of what is counted ("ages 5 to 12"), a mixture said with a spaced colon ("1 :
10"), a service named by its clock only to ask about it ("How much is the eleven o'clock?"), and how long a
race took ("the winning time was 15:48")."""

from __future__ import annotations

import re

from facts.extraction.text import _words, is_question
from facts.extraction.time_windows import WINDOW_OPENING_RE

# A game's result, in the sentence or the turn before it: "who won ?" "augusto , 5 to 4".
_SCORE_TALK_RE = _words(
    r"scores?|scored|won|win|wins|winning|winners?|lost|lose|losing|beat|beaten|drew|draw|matches|match|games?"
    r"|goals?|points|finals?|semi-?finals?|league|fixtures?|half[\s-]?time|full-time"
)
# A side's standing said after its result: "we were 5 to 4 down", "2 to 1 up at the break".
_STANDING_AFTER_RE = _words(r"\s*(?:down|up|ahead|behind)")
# A mixture or odds said "1 : 10" with a spaced colon, as tokenised text writes a clock.
_RATIO_RE = _words(r"mix|mixed|ratio|odds|dilute|diluted|parts?")
# A clock's own cue straight before "10 to 2": "at", "by", "around" ... ("the game starts at 10 to 2").
_CLOCK_AT_RE = re.compile(r"\b(?:at|by|around|about|until|till|before|after)\s+$", re.I)


def _window_or_score(m: re.Match, text: str, earlier: str) -> bool:
    """Is "10 to 2" with digits a window of two hours (after "from" or the day it is on) or a game's result,
    rather than ten minutes to two? A clock's cue before it keeps it a clock."""
    if WINDOW_OPENING_RE.search(text, 0, m.start()):
        return True
    if _STANDING_AFTER_RE.match(text, m.end()):
        return True
    if _CLOCK_AT_RE.search(text, 0, m.start()):
        return False
    return bool(_SCORE_TALK_RE.search(text) or _SCORE_TALK_RE.search(earlier[-200:]))


# Words before "5 to 12" that make it a range of what is counted, not five minutes to twelve.
_COUNTED_BEFORE_RE = re.compile(
    r"\b(?:ages?|aged|grades?|years?|sizes?|levels?|rooms?|pages?|chapters?|rows?|seats?|tables?|numbers?|nos?"
    r"|platforms?|gates?|floors?|lines?|groups?|classes|years|kids|children)\s+$",
    re.I,
)


# A question about a train, bus or slot named by its time asks about it and states no time: "How much is
# the eleven o'clock?", "which platform does the 10:42 leave from?", "is there still room on the 7.15?"; a
# question that proposes one ("What about the 10:15?", "Can I take the 9 o'clock?") states it. "What's the
# 2:30?" asks what the thing said at that hour is, and states none.
_ASKS_ABOUT_RE = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?|right)\W+)?(?:how\s+(?:much|many|long|full|busy|late)"
    r"|(?:what|which)\s+platform|what(?:'s|\s+is|\s+are)\s+the\s+(?:price|fare|fares|cost|platform)"
    r"|(?:is|are)\s+there\s+(?:still\s+)?(?:any\s+)?(?:room|space|seats?|places?))\b"
    # "What's the 2:30?": what the thing named by its clock is
    r"|^\W*(?:(?:and|so|ok(?:ay)?|right)\W+)?what(?:'s|\s+is|\s+was)\s+the\s+(?=\d{1,2}(?:[:.]\d\d)?(?:\s*[ap]\.?m\.?)?\s*\?+\s*$)",
    re.I,
)


def _named_only_to_ask(text: str, start: int) -> bool:
    """Is the clock at start the name of a service ("the 10:42") in a question about it?"""
    return bool(
        is_question(text) and re.search(r"\bthe\s+$", text[:start], re.I) and _ASKS_ABOUT_RE.search(text)
    )


# How long a race took, in minutes and seconds: "the winning time was 15:48", "she finished in 22:10".
_RACE_TIME_RE = re.compile(
    r"\b(?:(?:winning|finish(?:ing)?|race|lap|chip|best)\s+time\s+(?:was|is|of)|finished\s+in)\s+$", re.I
)


# A price, then the other price said for after or before an hour: "entry is 6.80 , or 5 after 3 pm", "£12 ,
# or 9 after 6"; the "5" is a price, not five minutes past three.
_PRICE_OR_BEFORE_RE = re.compile(
    r"(?:[£$€]\s?\d{1,4}(?:\.\d\d)?|(?<![\d:.])\d{1,4}\.\d\d(?:\s+(?:pounds|gbp|euros?|dollars))?)"
    r"(?:\s+(?:an?|per)\s+[a-z]+)?\s*,?\s*or\s+$",
    re.I,
)

_CLOCK_LEAD_RE = re.compile(r"\b(?:at|by|around|about|until|till|before|after|the|from)\s+$", re.I)


def price_then_another(text: str, start: int) -> bool:
    """Is the number at ``start`` the other price said after a price and "or"?"""
    price = _PRICE_OR_BEFORE_RE.search(text, max(0, start - 40), start)
    # not a clock and the minutes past another: "the bus is at 4.50 , or 5 past 6"
    return bool(price) and not _CLOCK_LEAD_RE.search(text, 0, price.start())
