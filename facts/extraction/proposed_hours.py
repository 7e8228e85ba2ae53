"""Bare hours proposed in a booking's back-and-forth: near the clocks just offered ("Anything earlier, like
7?" after "The 6:50 pm is the earliest."), with a day in a question of the two alone ("Today after 5?",
"Friday at 3?"), and booked before the party ("Book it for 11 for 2."). times.py asks these before its own
tests of a bare hour; a proposal near an offered clock takes that clock's half of the day. A short reply
takes up the hour of a clock just said ("Before 7 is good.")."""

from __future__ import annotations

import re

from facts.extraction.clock_words import _HW, _TYPED_WEEKDAY
from facts.extraction.spoken_times import _EARLIER_CLOCK_RE
from facts.extraction.text import is_question

# "Anything earlier, like 7?", "a bit later, say 9?": an hour near the clocks just offered.
_PROPOSED_NEAR_RE = re.compile(r"\b(?:later|earlier)\s*,\s*(?:say|like|maybe)\s+$", re.I)
# A booking made for an hour and then for its party: "Book it for 11 for 2.", "book us for 8 for four people";
# not "a table for 4 for 7" (the party first), nor "Book it for 2." (a party or an hour).
_BOOKED_FOR_RE = re.compile(r"\bbook(?:ed)?\s+(?:it|that|us|me|them)\s+for\s+$", re.I)
_PARTY_AFTER_RE = re.compile(
    rf",?\s+for\s+(?:[1-9]|1[0-2]|{_HW})(?:\s+(?:people|persons|guests|of\s+us|adults))?\s*(?:[.,;!]|$|please\b)",
    re.I,
)
# A question of a day and a bare hour alone proposes them: "Today after 5?", "Friday at 3?", "How about the
# 9th around 4?"; not "What about 5?" (no day) nor "Is Friday at 3 free?" (the sentence goes on).
_SLOT_ASKED_RE = re.compile(
    # "Later today at 4?"
    rf"^\W*(?:(?:and|so|or|ok(?:ay)?|maybe|how\s+about|what\s+about|later|earlier)\W+)?"
    rf"(?:today|tonight|tomorrow|{_TYPED_WEEKDAY}|the\s+[0-3]?\d(?:st|nd|rd|th))"
    r"\s+(?:at|after|before|around|about|by)\s+"
    r"(?=\S+\s*\?+\s*$)",
    re.I,
)


# A short reply that takes up the hour of a clock said in the turn before: "Yes. Before 7 is good." after
# "dropped off before 7 am", "After 3 works." after "any time after 3 pm".
_TAKEN_UP_RE = re.compile(
    r"^\W*(?:(?:before|after|by|at|around)\s+)?(?=\d)(?P<h>1[0-2]|[1-9])\s+(?:is|'s|works|would\s+be|sounds)"
    r"(?:\s+(?:good|fine|great|ok(?:ay)?|perfect|better|best))?\s*[.!]*\s*$",
    re.I,
)


def taken_up(m: re.Match, text: str, earlier: str) -> bool:
    """Is the bare hour at ``m`` a short reply taking up a clock of the turn before ("Before 7 is good.")?"""
    said = _TAKEN_UP_RE.match(text)
    if not said or said.start("h") != m.start():
        return False
    return bool(re.search(rf"(?<![\d:.]){said['h']}(?::00)?\s*[ap]\.?m\b", earlier[-250:], re.I))


# A question moving what is booked: "Can I pick up the car earlier, like 11?", "Could we check in a bit
# later, say 4?"
_MOVED_ASKED_RE = re.compile(
    r"^\W*(?:can|could|may)\s+(?:I|we)\s+(?:pick\s+up|drop\s+off|check\s+(?:in|out)|collect|return)"
    r"(?:\s+(?:it|the\s+\w+|my\s+\w+|our\s+\w+))?\s+(?:a\s+(?:bit|little)\s+)?(?:later|earlier)\s*,",
    re.I,
)


# A question asking the other side to do an hour, after clocks were offered: "Actually can they do 11?",
# "Could you do 4 instead?"; not with no clock before ("Can they do 11?" alone may be a count or a price).
_DO_ASKED_RE = re.compile(
    r"^\W*(?:(?:actually|and|so|ok(?:ay)?|or|hmm+|then)\W+)*(?:can|could|would)\s+(?:they|you|she|he|y'?all)"
    r"\s+(?:do|manage)\s+$",
    re.I,
)
_DO_ASKED_END_RE = re.compile(r"\s*(?:instead|then|please)?\s*\?", re.I)


def asked_to_do(m: re.Match, text: str, earlier: str) -> bool:
    """Is the bare hour at ``m`` asked of the other side after clocks were offered ("Can they do 11?")?"""
    return bool(
        _DO_ASKED_RE.match(text[: m.start()])
        and _DO_ASKED_END_RE.match(text, m.end())
        and _EARLIER_CLOCK_RE.search(earlier[-300:])
    )


# Tickets asked for an hour of the clocks just offered: "Two tickets for around 11." after "open from 10 am to
# 5 pm, $33 each"; not where a sum of about its size was said ("$12 each" then "tickets for about 10").
_ENTRY_AT_RE = re.compile(
    r"\b(?:tickets?|passes|seats|spots|places|entry|entries|admission)\s+(?:for|at)\s+(?:around|about|roughly)\s+$",
    re.I,
)
_SUM_SAID_RE = re.compile(r"[£$€]\s?(?P<n>\d{1,4})(?:\.\d\d)?(?![\d,])")


def entry_hour(hour: str | None, start: int, text: str, earlier: str) -> bool:
    """Is the bare hour said at ``start`` the hour tickets are wanted for, after clocks were offered?"""
    if not (hour and hour.isdigit() and 1 <= int(hour) <= 12 and _ENTRY_AT_RE.search(text[:start])):
        return False
    said = [int(x["n"]) for x in _SUM_SAID_RE.finditer(earlier[-300:])]
    sized = any(0.5 <= int(hour) / x <= 2 for x in said if x)
    return bool(_EARLIER_CLOCK_RE.search(earlier[-300:])) and not sized


def proposed_near(m: re.Match, text: str, earlier: str) -> bool:
    """Is the bare hour at ``m`` proposed near the clocks said before ("Anything earlier, like 7?"), or in a
    question moving a pick-up or a check-in ("Can I pick up the car earlier, like 11?")?"""
    before = text[max(0, m.start() - 40) : m.start()]
    if not _PROPOSED_NEAR_RE.search(before):
        return False
    return bool(_EARLIER_CLOCK_RE.search(earlier) or (is_question(text) and _MOVED_ASKED_RE.match(text)))


def booked_before_party(m: re.Match, text: str, meal: str, earlier: str) -> bool | None:
    """For a bare hour booked before its party ("Book it for 11 for 2."): a time in talk of a meal or after
    clocks said in the turns before; None where the hour is not said so."""
    before = text[max(0, m.start() - 40) : m.start()]
    if not (_BOOKED_FOR_RE.search(before) and _PARTY_AFTER_RE.match(text, m.end())):
        return None
    return bool(meal or _EARLIER_CLOCK_RE.search(earlier))


# The party, then the hour: "Make it for 4 people at 8.", "a table for two people at 7"
_PARTY_BEFORE_RE = re.compile(
    rf"\bfor\s+(?:[1-9]|1[0-2]|{_HW})\s+(?:people|persons|guests|adults|of\s+us)\s+(?:at|around|for)\s+$",
    re.I,
)


def party_then_hour(m: re.Match, text: str) -> bool:
    """Is the bare hour at ``m`` said after the party it is booked for ("for 4 people at 8")?"""
    return bool(_PARTY_BEFORE_RE.search(text[max(0, m.start() - 40) : m.start()]))


def slot_asked(m: re.Match, text: str) -> bool:
    """Is the bare hour at ``m`` the hour of a question of a day and an hour alone ("Today after 5?")?"""
    asked = _SLOT_ASKED_RE.match(text)
    return bool(asked) and asked.end() == m.start()
