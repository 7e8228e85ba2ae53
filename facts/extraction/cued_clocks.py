"""Clocks that are clocks only after a word that asks for one: minutes after a full stop ("leaves at
14.30"), four digits ("a table at 1715", "leaving after 0930", but "from 2018" is a year and "at 4180
harbour road" a house number), and minutes in words ("her last slot is five thirty"); and a clock said
between "the" and the departure or event it names ("the 19.20 show", "the 11 tour")."""

from __future__ import annotations

import re

from facts.extraction.clock_words import _TIMETABLE_VERB_RE, _TYPED_WEEKDAY, _money_talk
from facts.extraction.currencies import _MONEY_WORDS_RE
from facts.extraction.text import _words

# "leaves at 14.30", "after 1715", "her last slot is five thirty": a clock written with a full stop,
# without a separator or in words with no am/pm is a time only straight after a word that asks for
# one, and not in talk of money ("tickets at 4.50").
_CLOCK_CUE_RE = re.compile(
    r"(?:\b(?:at|by|after|before|until|till|from|around|between|leav(?:es?|ing)|depart(?:s|ing|ures?)?|arriv(?:es?|ing|als?)"
    r"|opens?|closes?|(?:slot|time)s?\s+(?:is|are|was|will\s+be)|alarms?\s+for|time\s+to|let'?s\s+say|about|make\s+it"
    r"|(?:can|could)\s+(?:we|i)\s+do"  # "can we do 19.45 ?"
    r"|last\s+(?:entry|entries|admissions?|orders)(?:\s+(?:is|'s))?)"  # "last entry 4.30", "last orders 10"
    # a day said just before: "today about 7.50", "wed 14th 5.30", "thurs at 5.40"
    rf"|(?:today|tonight|tomorrow|tmrw|{_TYPED_WEEKDAY}"
    r"|\d(?:st|nd|rd|th))(?:\s+(?:at|about|around))?"
    r"|(?:\d[:.]\d\d|\b\d{4}|\d\s?[ap]\.?m\.?|\bo\s?'?\s?clock|\bnoon|\bmidday)\s*(?:-|to|and|until|till)"
    # an alternative to a clock said before it: "10.40 with Dr Ngata, or 3.15"
    r"|\d[:.][0-5]\d(?:\s?[ap]\.?m\.?)?\b[^.!?$£€]{0,40}?\bor)\s+$",
    re.I,
)
# Four digits are a year after "from 2018", a house number in "at 4180 harbour road": "1715" is a
# clock only after "at", "by", "after", "before" or a word of leaving or arriving (or another
# clock), and before the end of its phrase or a word that goes on with a time; one that could be
# a year ("2015") only after "at" or a word of leaving or arriving.
_HHMM_CUE_RE = re.compile(
    r"(?:\b(?:at|leav(?:es?|ing)|depart(?:s|ing|ures?)?|arriv(?:es?|ing|als?)|after|before|by|make\s+it|try|how\s+about"
    r"|what\s+about)|(?:\d|\d\s?[ap]\.?m\.?|\bo\s?'?\s?clock|\bnoon|\bmidday)\s*(?:-|to|and|until|till))\s+$",
    re.I,
)
# Four digits said as a clock with no word asking for one: where a clock is the answer (after "what
# time ?", "another time ?"), and "0815" with its leading zero (no year, price or house number) - but
# not the digits of a card, a PIN, a room or an account ("card ending 0824", "room 0912").
_NOT_A_CLOCK_BEFORE_RE = re.compile(
    r"\b(?:in|since|of|year|ending|ends|pin|code|digits|numbers?|no|nos?|room|flat|unit|apartment|apt|suite"
    r"|house|platform|gate|seat|route|account|card|extension|ext|ref(?:erence)?|id|is|was|[£$€])\s*[.:#]?\s*$",
    re.I,
)
# "the 19.20 show", "the 1715 train", "on the 5.50 tide": a clock before the departure or event it names.
_EVENT_AFTER_RE = re.compile(
    r"\s+(?:shows?|showing|performance|screening|matinee|trains?|service|departure|bus|coach|ferry|flight|sailing"
    r"|tide|boat|crossing|tram|shuttle"
    r"|tour|class|session|slot|sitting|film|movie|concert|(?P<route>from|to)\s+(?!\d)[a-z]{3,})\b",
    re.I,
)
_HHMM_AFTER_RE = re.compile(
    r"\s*(?:$|[.,;:!?)-]|(?:on|please|and|or|for|then|instead|tomorrow|today|tonight|this|next|if|so|would|will"
    r"|works?|is|hours?|hrs|to|until|till|in|at|from|arriving|leaving|departing|daily|every|except|sharp)\b)",
    re.I,
)


# A booking moved to a clock: "can we change that to 5.45 ?", "move it back to 6.15", "push the table to
# 8.30"; read only where the sentence says no money ("the fee was 4.50 , can we change that to 3.80 ?").
_MOVED_TO_RE = re.compile(
    r"\b(?:change|move|push|bring|switch|shift)\s+(?:it|that|this|them|(?:the|our|my)\s+(?:table|booking|slot"
    r"|reservation|appointment|time))\s+(?:back\s+|forward\s+)?to\s+$",
    re.I,
)


def _cued_clock(text: str, start: int) -> bool:
    """Is the clock at ``start`` written after a word that asks for a time, away from talk of money?"""
    before = text[max(0, start - 40) : start]
    if _MOVED_TO_RE.search(before):
        return not _MONEY_WORDS_RE.search(text)
    return bool(_CLOCK_CUE_RE.search(before)) and not _money_talk(before)


def _four_digit_clock(m: re.Match, text: str, asked_time: bool = False) -> bool:
    """Is "1715" a clock here ("a table at 1715", "leaving after 0930")? One with a year's shape
    ("after 1930") only after "at", a word of leaving or arriving, or in the answer to "what time"."""
    before = text[max(0, m.start() - 40) : m.start()]
    if re.search(r"\bthe\s+$", before) and (event := _EVENT_AFTER_RE.match(text, m.end())):
        year_shape = m["hhmm"][:2] in ("19", "20")  # "the 2003 show", "the 1990 to 2000 boom" are years
        return not year_shape or bool(_RIDE_RE.search(event.group() if not event["route"] else text))
    if not _HHMM_AFTER_RE.match(text, m.end()):
        return False
    if _listed_after_clock(m, text, asked_time):
        return True
    if not _HHMM_CUE_RE.search(before):
        uncued = asked_time or m["hhmm"][0] == "0"
        return bool(uncued) and not _NOT_A_CLOCK_BEFORE_RE.search(before) and not _money_talk(before)
    year_shape = m["hhmm"][:2] in ("19", "20")  # "after 2010" is a year, "at 2015" a clock
    timetable = re.search(r"\bat\s+$", before) or _TIMETABLE_VERB_RE.search(before)
    ride = _RIDE_RE.search(text) and not _YEARS_TALK_RE.search(text)
    answer = asked_time or (ride and _ANSWER_CUE_RE.search(before))  # "what time ?" "try 2005 ."
    year = year_shape and not (timetable or answer)
    return not year and not _money_talk(before)


# "at 0700 and 1900", "flights at 0915 or 1340", "0600, 1200 and 1800": four digits listed straight after
# four digits read as a clock are a clock too, whatever their shape.
_LISTED_AFTER_RE = re.compile(
    r"(?<![\d.,:£$€-])(?P<hhmm>[0-2]\d[0-5]\d)\s*(?:,\s*(?:and|or)?|and|or|&|/)\s*$", re.I
)

_HHMM_AT_RE = re.compile(r"(?P<hhmm>\d{4})")


def _listed_after_clock(m: re.Match, text: str, asked_time: bool) -> bool:
    """Is "1900" the next of a list of four-digit clocks ("leaves at 0700 and 1900")?"""
    if not (int(m["hhmm"][:2]) <= 23 and int(m["hhmm"][2:]) <= 59):
        return False
    listed = _LISTED_AFTER_RE.search(text, max(0, m.start() - 12), m.start())
    if listed is None or int(listed["hhmm"][:2]) > 23:
        return False
    return _four_digit_clock(_HHMM_AT_RE.match(text, listed.start("hhmm")), text, asked_time)


# A sentence about a ride or a table asks for a clock ("i need a taxi after 1930", "a table by 2015"),
# unless it speaks of years ("the bus company was founded before 1990").
_YEARS_TALK_RE = _words(
    r"was|were|built|founded|opened|established|since|years?|century|decades?|born|history|historic|dates?"
)
_RIDE_RE = _words(
    r"trains?|bus(?:es)?|coach(?:es)?|taxis?|cabs?|flights?|ferry|ferries|trams?|table|pick\s+(?:me|us|them|her|him)\s+up"
)


# In the answer to "what time ...", or where the sentence speaks of a ride or a table, a clock of a
# year's shape straight after one of these is a time.
_ANSWER_CUE_RE = re.compile(r"\b(?:after|before|by)\s+$")


# "the 11 tour", "the 2 matinee": a bare hour names an event held at it (not a route: "the 11 bus").
_HELD_AT_AFTER_RE = re.compile(
    r"\s+(?:show|showing|performance|screening|matinee|tour|sitting|concert|recital|talk|walk)\b(?!\s*(?:s\b|-))",
    re.I,
)


def _hour_of_event(m: re.Match, text: str) -> bool:
    return bool(re.search(r"\bthe\s+$", text[: m.start()])) and bool(_HELD_AT_AFTER_RE.match(text, m.end()))


def _before_event(m: re.Match, text: str) -> bool:
    """Is the clock said between "the" and the departure or event it names ("the 19.20 show")?"""
    return bool(re.search(r"\bthe\s+$", text[: m.start()])) and bool(_EVENT_AFTER_RE.match(text, m.end()))
