"""Clock times as people say them: "14:30", "2.30pm", "half past two in the afternoon",
"a quarter to 4", "evening 6:15", "five pm", "11 o'clock at night", "leaves at 14.30", "a table
at 1715"; and windows ("between 8am and 12pm", "7am to 1pm") as one fact. The normalised value is
the 24-hour time ("14:30").

A bare number is a time only with something that makes it one: a colon and minutes, am/pm,
"o'clock", a part of the day, or "half past"/"quarter to"; minutes after a full stop, or four
digits, only after a word that asks for a time ("at", "by", "leaves"). "A table for 4 at 9" names
no time.
"""

from __future__ import annotations

import re

from facts.extraction.clock_words import (
    _BARE_HOUR_END_RE,
    _GAME_SIDE_AFTER_RE,
    _HABIT_RE,
    _HOUR_WORDS,
    _HW,
    _KEPT_HOUR_AFTER_RE,
    _NOT_BARE_HOUR_TALK_RE,
    _OPENING_HOUR_CUE_RE,
    _TIMETABLE_VERB_RE,
    _TYPED_WEEKDAY,
    _WHEN_TALK_RE,
    _hour,
    _money_talk,
    noon_in_a_name,
)
from facts.extraction.day_halves import (
    _24_HOUR_RE,
    GAME_START,
    _after_noon,
    _said_half_of_day,
    evening_hours,
    evening_said,
    half_by_what,
    half_from_clocks_said,
)
from facts.extraction.half_hours import HALF_CUE_RE, half_said_as_clock
from facts.extraction.proposed_hours import (
    booked_before_party,
    party_then_hour,
    proposed_near,
    slot_asked,
    taken_up,
)
from facts.extraction.spoken_times import (
    _EARLIER_CLOCK_RE,
    _HOW_MANY_RE,
    _last_clock,
    _nearest_half,
    spoken_clocks,
)
from facts.extraction.text import _Sentence, _words, is_question
from facts.extraction.time_windows import (
    WINDOW_OPENING_RE,
    _bare_windows,
    _dash_windows,
    _kept_hours,
    _military_clocks,
    _range_ends,
    _range_starts,
)
from memadmin.providers.base import ExtractedFact

_MINUTE_WORDS = {"five": 5, "ten": 10, "twenty": 20, "twenty-five": 25, "twenty five": 25}
# Minutes said after an hour in words: "seven thirty", "six forty-five", "nine oh five".
_UNIT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEEN_WORDS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen")
_TEEN_WORDS += ("eighteen", "nineteen")
_SPOKEN_MINUTES = {f"oh {w}": i + 1 for i, w in enumerate(_UNIT_WORDS)}
_SPOKEN_MINUTES |= {w: i + 10 for i, w in enumerate(_TEEN_WORDS)}
for _tens, _base in (("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50)):
    _SPOKEN_MINUTES[_tens] = _base
    _SPOKEN_MINUTES |= {f"{_tens} {w}": _base + i + 1 for i, w in enumerate(_UNIT_WORDS)}
_MW = "|".join(re.escape(w).replace(r"\ ", r"[\s-]") for w in sorted(_SPOKEN_MINUTES, key=len, reverse=True))
_PARTS = r"morning|afternoon|evening|night"
# "one" after a word that makes it a thing, not an hour: "that was the last one tonight", "the early one".
_ONE_AS_A_WORD = "".join(
    rf"(?<!\b{w}\s)"
    for w in (
        *(
            "the",
            "last",
            "first",
            "next",
            "that",
            "this",
            "which",
            "each",
            "every",
            "any",
            "another",
            "early",
        ),
        *("late", "later", "earlier", "new", "same", "only", "other", "one", "no", "big", "small", "direct"),
    )
)
_ONE_AS_A_WORD = rf"(?:(?!one\b)|{_ONE_AS_A_WORD})"
_GERMAN_HW = r"eins|zwei|drei|vier|f(?:ü|ue)nf|sechs|sieben|acht|neun|zehn|elf|zw(?:ö|oe)lf"
_TIME_RE = re.compile(
    rf"""
    (?<![\w:.,£$€/-])
    (?:
        \b(?P<word>(?:(?:12|twelve)\s+)?(?:noon|midday|midnight)(?:-?ish)?)\b
      | \b(?P<halb>halb)\s+(?P<halbh>{_GERMAN_HW})\b                   # "um halb sieben": 6:30
      | \b(?P<half>half)\s+(?P<halfh>1[0-2]|[1-9]|{_HW})\b            # "at half six"
            # "half six to seven", "at half one to beat the traffic"; not "half past", "half to each"
            (?!\s*(?:past|to(?!\s+(?:half\s+)?(?:1[0-2]|[1-9]|{_HW})\b|\s+(?:beat|miss|avoid|catch|get|make|be)\b)|an?|hours?|of|the|dozen|price|time|way|board|term|miles?|pints?|people|persons?|guests?
            |adults?|children|kids|tickets?|seats?|rooms?|nights?|days?|weeks?|months?|years?|minutes?|mins?)\b)
      | (?P<rel>half|(?:a\s+)?quarter|(?P<mins>[1-5]?\d|twenty[\s-]five|twenty|ten|five)(?:\s+minutes)?)
            \s+(?P<dir>past|to|after|till|til|of)\s+(?P<rh>1[0-2]|0?[1-9]|{_HW}|noon|midday|midnight)(?![\w:])
            # not a range of counts: "for 10 to 12 year olds", "fits 10 to 12 people"
            (?!\s*(?:(?:years?|year[\s-]olds?|yrs|people|persons?|guests?|adults?|kids|children|players|points?|goals?
            |minutes?|mins?|hours?|days?|weeks?|months?|miles?|km|pounds?|dollars?|euros?|per\s*cent)\b|%))
      | (?P<pp>{_PARTS})\s+(?P<ph>1[0-2]|0?[1-9])(?::(?P<pmin>[0-5]\d))?
            (?![\d:]|[.,]\d|\s*(?:[ap]\.?m\b|%|(?:people|persons?|guests?|tickets?|seats?|rooms?|adults?|kids|children
            |minutes?|mins?|hours?|days?|nights?|weeks?|bags?|stars?|dollars?|bucks|pounds?|euros?)\b))
      | (?P<fh>[01]?\d|2[0-3])h(?P<fm>[0-5]\d)?(?![\w:])                   # "19h30", "9h": French
      | (?P<hhmm>(?:[01]\d|2[0-3])[0-5]\d)(?![\d:]|[.,]\d)
      # "10:00: €58 a day" is ten o'clock; tokenised text spaces the colon: "10 : 46"
      | (?P<h>[01]?\d|2[0-3])(?:(?P<sep>[:.]|\x20:\x20)(?P<m>[0-5]\d))?(?!\d|:\d|[.,]\d|:(?!\s))
      | \b{_ONE_AS_A_WORD}(?P<hw>{_HW})(?:[\s-]+(?P<hwm>{_MW}))?\b  # "seven thirty in the morning"
    )
    """,
    re.I | re.X,
)
_SUFFIX_RE = re.compile(
    rf"""(?P<oclock>\s*o\s?['"\u2019]?\s?clock\b|\s(?i:uhr)\b)?(?:\s?(?P<ap>[ap]m\b|[ap]\.\s?m\.)|(?P<ap1>[ap])(?![\w'\u2019]))?
    (?:\s+(?:in\s+the\s+(?P<part>{_PARTS})|in\s+the\s+(?P<inap>[ap])(?:m\b|\.m\.)|at\s+(?P<night>night)|(?P<tonight>tonight)
        |(?:this|tomorrow)\s+(?P<part2>{_PARTS})(?!\s+\d)))?""",
    re.I | re.X,
)
# Before an hour written with one letter of its half ("at 7a", "from 7a to 3p"): what a clock follows.
_ONE_LETTER_LEAD_RE = re.compile(
    r"(?:\b(?:at|by|from|until|till|around|before|after)|\d[ap]\s*(?:-|\u2013|to|until|till))\s*$", re.I
)
_CALL_RE = _words(r"call(?:s|ing|ed)?|call-?backs?|ring|phone")
# "leaves at 14.30", "after 1715", "her last slot is five thirty": a clock written with a full stop,
# without a separator or in words with no am/pm is a time only straight after a word that asks for
# one, and not in talk of money ("tickets at 4.50").
_CLOCK_CUE_RE = re.compile(
    r"(?:\b(?:at|by|after|before|until|till|from|around|between|leav(?:es?|ing)|depart(?:s|ing|ures?)?|arriv(?:es?|ing|als?)"
    r"|opens?|closes?|(?:slot|time)s?\s+(?:is|are|was|will\s+be)|alarms?\s+for|time\s+to|let'?s\s+say|about|make\s+it"
    r"|(?:can|could)\s+(?:we|i)\s+do)"  # "can we do 19.45 ?"
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
# "the 19.20 show", "the 1715 train": a clock before the departure or event it names.
_EVENT_AFTER_RE = re.compile(
    r"\s+(?:shows?|showing|performance|screening|matinee|trains?|service|departure|bus|coach|ferry|flight|sailing"
    r"|tour|class|session|slot|sitting|film|movie|concert|(?P<route>from|to)\s+(?!\d)[a-z]{3,})\b",
    re.I,
)
_HHMM_AFTER_RE = re.compile(
    r"\s*(?:$|[.,;:!?)-]|(?:on|please|and|or|for|then|instead|tomorrow|today|tonight|this|next|if|so|would|will"
    r"|works?|is|hours?|hrs|to|until|till|in|at|from|arriving|leaving|departing|daily|every|except|sharp)\b)",
    re.I,
)


_NOON_WORDS = ("noon", "midday", "midnight")
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


def _cued_clock(text: str, start: int) -> bool:
    """Is the clock at ``start`` written after a word that asks for a time, away from talk of money?"""
    before = text[max(0, start - 40) : start]
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
    if not _HHMM_CUE_RE.search(before):
        uncued = asked_time or m["hhmm"][0] == "0"
        return bool(uncued) and not _NOT_A_CLOCK_BEFORE_RE.search(before) and not _money_talk(before)
    year_shape = m["hhmm"][:2] in ("19", "20")  # "after 2010" is a year, "at 2015" a clock
    timetable = re.search(r"\bat\s+$", before) or _TIMETABLE_VERB_RE.search(before)
    ride = _RIDE_RE.search(text) and not _YEARS_TALK_RE.search(text)
    answer = asked_time or (ride and _ANSWER_CUE_RE.search(before))  # "what time ?" "try 2005 ."
    year = year_shape and not (timetable or answer)
    return not year and not _money_talk(before)


# A sentence about a ride or a table asks for a clock ("i need a taxi after 1930", "a table by 2015"),
# unless it speaks of years ("the bus company was founded before 1990").
_YEARS_TALK_RE = _words(
    r"was|were|built|founded|opened|established|since|years?|century|decades?|born|history|historic|dates?"
)
_RIDE_RE = _words(
    r"trains?|bus(?:es)?|coach(?:es)?|taxis?|cabs?|flights?|ferry|ferries|trams?|table|pick\s+(?:me|us|them|her|him)\s+up"
)


# A question for a ride after or before an hour states the hour wanted: "is there a train to tressing after
# 11 ?", "any buses back before 6 ?"; not "is it after 11 ?".
_RIDE_WANTED_RE = re.compile(
    r"^\W*(?:(?:and|so|also|ok(?:ay)?)\W+)?(?:is\s+there|are\s+there|do\s+you\s+have|have\s+you\s+got|any)\s+"
    r"(?:(?:a|an|any|another|one|something|anything)\s+)?(?:\w+\s+)?(?:trains?|bus(?:es)?|coach(?:es)?|taxis?|cabs?|flights?"
    r"|ferry|ferries|trams?)\b",
    re.I,
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


# "19h30" is a clock unless it says how long ("takes 2h30", "a 1h15 drive"); "9h" alone only where a clock
# is asked for ("opens at 9h", "from 9h to 18h").
_DURATION_BEFORE_RE = re.compile(
    r"\b(?:takes?|took|taking|lasts?|lasted|in|for|about|roughly|approximately|every|within|over|a|an|the|just)\s+$",
    re.I,
)
_FRENCH_HOUR_CUE_RE = re.compile(
    r"(?:\b(?:at|from|until|till|to|by|before|after|around|opens?|closes?|and)|\d\s*h(?:\d\d)?\s*(?:-|to|and|until|till))\s+$",
    re.I,
)
# A bare hour ("at 3", "around ten") is a time where the sentence says when something happens - a day, a
# part of the day, an appointment, a visit, a delivery - and the phrase ends with it: "a slot this
# afternoon at 3 .", "the engineer can come thursday at 2 ." Not "a table for 4 at Luigi's", "at 9 per cent",
# nor after "start" said as a bidding ("Start one for the trip.": one of a thing, with nothing that starts).
_BARE_HOUR_CUE_RE = re.compile(
    r"\b(?:at|around|about|(?:in|arriv\w*|lands?|landing|back|home|there)\s+near|after|before|by|until|till|let'?s\s+say|from|(?<=\w\s)(?:starts?|begins?)|kicks?\s+off)\s+"
    r"(?:(?:like|maybe|roughly|say)\s+)?$"  # "leaving at like 6"
    r"|\b(?:later|earlier)\s*,\s*(?:say\s+|at\s+|about\s+|around\s+|like\s+)?$",  # "a bit later , 2 ?"
    re.I,
)
# The word of an event straight before its hour: "doors 7, show 8", "showtime is 9", "the show starts at 8"
# (said beside "doors open at 7", which is no opening hour of a place).
_EVENT_HOUR_CUE_RE = re.compile(
    rf"\b(?:doors(?:\s+open)?|show(?:time)?|curtain|{GAME_START}"
    r"|all\s+aboard|check-?\s?(?:in|out)|checkout|last\s+call|curfew)"  # "all aboard is 4", "check out is 11"
    r"\s*(?:(?:is|'s)\s+)?(?:(?:at|:)\s*)?$"  # "kick off is at 11"
    r"|\b(?:show|concert|gig|game|match|movie|film|party|set)\s+(?:starts?|begins?)\s+at\s+$",
    re.I,
)
# The hour somewhere else beside a clock said for here: "Noon your time is 2 here", "it's 5 there".
_ZONED_AFTER_RE = re.compile(r"\s+(?:here|there|(?:your|my|our|their|local)\s+time)\b", re.I)
_ZONED_BEFORE_RE = re.compile(r"(?<!\bthere\s)\b(?:is|it'?s|that'?s)\s+$", re.I)  # not "there is one here"
# A short reply agreeing to what the turn before asked, then the hour it is wanted by: "Yes, to the
# commissary, before 2." after "Reorder for delivery Thursday?"
_AGREED_RE = re.compile(r"^\W*(?:yes|yeah|yep|sure|ok(?:ay)?|please|sounds\s+good|perfect|great)\b", re.I)
# An hour opening a proposal of where to eat or meet: "6 at Hoang's?", "7 at the Lantern then."
_PLACED_AFTER_RE = re.compile(r"\s+at\s+(?:the\s+)?(?-i:[A-Z])[\w'&-]+", re.I)
_EATING_RE = _words(r"eat|dinner|lunch|brunch|breakfast|supper|drinks?|coffee")
_ALARM_RE = _words(r"alarms?|wake(?:\s+(?:me|us))?(?:\s+up)?")
# An alarm is set for a clock, and "the time" is changed to one: "an alarm for 7", "change the time to 8".
_CLOCK_ASKED_BEFORE_RE = re.compile(
    r"\b(?:alarms?\s+(?:for|at)|(?:the|its|a)\s+time\s+to"
    # "can we push tomorrow to 6?", "move it back to 4", "changed to 5 on tuesday"
    r"|(?:push|move|bring|put|switch|shift|(?P<change>change))(?:e?d|es|s)?\s+(?:\w+\s+){0,4}?"
    r"(?:back\s+|forward\s+)?to)\s+$",
    re.I,
)


# Money said in a sentence: "ten forty-five" there is a price as often as a clock.
_MONEY_SAID_RE = re.compile(
    r"[£$€¥₹]|\b(?:dollars?|bucks|pounds?|quid|euros?|cents?|pence|price|costs?|pay|paid)\b", re.I
)


_GERMAN_HOURS = {"eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fuenf": 5, "sechs": 6, "sieben": 7, "acht": 8}
_GERMAN_HOURS |= {"neun": 9, "zehn": 10, "elf": 11, "zwoelf": 12}


def _said_before_as_clock(m: re.Match, text: str, earlier: str, in_words: re.Match | None) -> bool:
    """Is "the 6.38" ("The 6.38 is too early.") a clock said with a colon in the turns before ("leaves
    at 6:38")? Not where the turns before said it as a price ("$6.38"). ``in_words``: where the turns
    before said it in words (``_in_words_before``)."""
    opens = not text[: m.start()].strip(" ,")  # "8.30 Friday, on the phone." after "Friday at 8:30"
    if not earlier or not (opens or re.search(r"\bthe\s+$", text[: m.start()], re.I)):
        return False
    if re.search(rf"(?<![\w.,:£$€])0?{int(m['h'])}:{m['m']}(?![\w:]|[.,]\d)", earlier):
        return True
    # ... or in words: "the 9.40" after "train 4116 at nine forty pm"
    return bool(in_words)


def _in_words_before(m: re.Match, earlier: str) -> re.Match | None:
    """Where the turns before said the clock of "the 9.40" in words ("nine forty pm"), with its am/pm."""
    hour = next((w for w, h in _HOUR_WORDS.items() if h == int(m["h"])), None)
    minutes = [w.replace(" ", r"[\s-]+") for w, n in _SPOKEN_MINUTES.items() if n == int(m["m"])]
    if not (hour and minutes):
        return None
    return re.search(rf"\b{hour}[\s-]+(?:{'|'.join(minutes)})\b(?:\s?(?P<ap>[ap])\.?m\b)?", earlier, re.I)


def _clock(
    m: re.Match, text: str, asked_time: bool = False, meal: str = "", earlier: str = "", turn_before: str = ""
) -> tuple[int, str] | None:
    """(end of the time, "HH:MM"), or None when the match names no time; ``earlier`` is the turns
    before this one, ``turn_before`` the sentences of this turn before this one."""
    if m["word"]:
        if noon_in_a_name(m["word"], text, m.end()):
            return None  # "Midnight Sun Rentals has a Subaru": a name
        return m.end(), "00:00" if "midnight" in m["word"].lower() else "12:00"
    suffix = _SUFFIX_RE.match(text, m.end())
    ap = (suffix["ap"] or "").lower().replace(".", "").replace(" ", "")
    ap = ap or (f"{suffix['inap'].lower()}m" if suffix["inap"] else "")  # "11:30 in the AM"
    if suffix["ap1"] and ((m["m"] and m["sep"] == ":") or _ONE_LETTER_LEAD_RE.search(text, 0, m.start())):
        ap = f"{suffix['ap1'].lower()}m"  # "6:30p", "at 7a", "7a-3p"; not "Flat 7a" nor "seat 14a"
    part = suffix["part"] or suffix["part2"] or suffix["night"] or ("night" if suffix["tonight"] else "")
    part = part.lower()
    if m["pp"]:
        hour, minute, part = int(m["ph"]), int(m["pmin"] or 0), m["pp"].lower()
        end = m.end()
    elif m["halb"]:  # German "halb sieben" is half way to seven: 6:30
        if text[max(0, m.start() - 1) : m.start()] in ('"', "'") and text[m.end() : m.end() + 1] in (
            '"',
            "'",
        ):
            return None  # '"halb sieben" is half past six' names the words, not a time
        hour, minute = _GERMAN_HOURS[m["halbh"].lower().replace("ü", "ue").replace("ö", "oe")] - 1 or 12, 30
        end = m.end()
    elif m["half"]:  # British "half six" is half past six, after a word that asks for a time
        answer = asked_time and not text[: m.start()].strip(" ,")  # "What time?" "Half eight."
        if not (HALF_CUE_RE.search(text[: m.start()]) or answer or half_said_as_clock(m, text)):
            return None
        hour, minute = _hour(m["halfh"]), 30
        end = suffix.end() if (ap or part) else m.end()
    else:
        if m["rel"]:
            hour = 12 if m["rh"].lower() in _NOON_WORDS else _hour(m["rh"])
            minute = 30 if m["rel"].lower() == "half" else 15 if "quarter" in m["rel"].lower() else None
            if minute is None:
                mins = " ".join(m["mins"].lower().split())
                minute = int(mins) if mins.isdigit() else _MINUTE_WORDS[mins]
                if mins.isdigit() and minute % 5 and "minute" not in m["rel"].lower():
                    return None  # "9 to 5", "2 to 3": a range or a count, not "7 minutes to 8"
                if mins.isdigit() and _COUNTED_BEFORE_RE.search(text, 0, m.start()):
                    return None  # "ages 5 to 12", "sizes 10 to 14": a range of what is counted
                if mins.isdigit() and m["dir"].lower() == "to" and _window_or_score(m, text, earlier):
                    return None  # "on 14 oct , 10 to 2": a window of hours; "augusto , 5 to 4": a score
            if minute >= 60:
                return None
            if m["dir"].lower() == "of" and not (
                "quarter" in m["rel"].lower() and _BARE_HOUR_END_RE.match(text, m.end())
            ):
                return None  # "a quarter of 5" is 4:45 (American); "ten of 12 people" is none
            if m["dir"].lower() in ("to", "till", "til", "of"):  # "five till 7", "a quarter of 5"
                hour, minute = (hour - 2) % 12 + 1, 60 - minute
            if m["rh"].lower() in _NOON_WORDS:  # "five to midnight" is 23:55, "ten past noon" 12:10
                before_it = m["dir"].lower() not in ("past", "after")
                hour = (
                    (11 if before_it else 12) if m["rh"].lower() != "midnight" else (23 if before_it else 0)
                )
                return m.end(), f"{hour:02d}:{minute:02d}"
        elif m["hw"]:
            hour = _hour(m["hw"])
            minute = _SPOKEN_MINUTES[" ".join(m["hwm"].lower().replace("-", " ").split())] if m["hwm"] else 0
            spoken = m["hwm"] and (
                _cued_clock(text, m.start())
                or _said_as_choice(m, text)
                or (asked_time and _BARE_HOUR_END_RE.match(text, m.end()) and not _MONEY_SAID_RE.search(text))
            )
            if not (
                ap
                or part
                or suffix["oclock"]
                or spoken
                or (not m["hwm"] and _bare_hour(m, text, meal, earlier, turn_before))
            ):
                return None
        elif m["fh"] is not None:  # "19h30", "9h"
            hour, minute = int(m["fh"]), int(m["fm"] or 0)
            before = text[max(0, m.start() - 30) : m.start()]
            if _DURATION_BEFORE_RE.search(before) or _money_talk(before):
                return None
            if not m["fm"] and not (
                _FRENCH_HOUR_CUE_RE.search(before)
                or re.match(r"\s*(?:-|to|until|till)\s*\d{1,2}h", text[m.end() :])
            ):
                return None
        elif m["hhmm"]:  # "after 1715"
            hour, minute = int(m["hhmm"][:2]), int(m["hhmm"][2:])
            if ap or not _four_digit_clock(m, text, asked_time):
                return None
        else:
            hour, minute = int(m["h"]), int(m["m"] or 0)
            said = _in_words_before(m, earlier) if m["m"] and m["sep"] == "." and earlier else None
            clock_said = m["m"] and (
                m["sep"] == ":"
                or (m["sep"] == " : " and not (_SCORE_TALK_RE.search(text) or _RATIO_RE.search(text)))
                or _cued_clock(text, m.start())
                or _before_event(m, text)
                or _said_before_as_clock(m, text, earlier, said)
            )
            if clock_said and not ap and said and said["ap"]:
                ap = f"{said['ap'].lower()}m"  # "the 9.40" after "nine forty pm" is 21:40
            if m["sep"] == "." and _said_as_choice(m, text) and not _MONEY_SAID_RE.search(text):
                clock_said = True  # "8.30 works for me."
            dotted = m["sep"] == "." and not (ap or part or clock_said)  # "2.50" alone is no clock
            bare = (
                not m["m"]
                and 1 <= hour <= 12
                and (_bare_hour(m, text, meal, earlier, turn_before) or _hour_of_event(m, text))
            )
            if not (clock_said or ap or part or suffix["oclock"] or bare) or dotted:
                return None
        end = suffix.end() if (ap or part or suffix["oclock"]) else m.end()
        if ish := _ISH_RE.match(text, end):  # "around 5ish", "7:30-ish": the clock as said
            end = ish.end()
    if (ap or part) and hour > 12:
        return None
    if ap == "pm" or part in ("afternoon", "evening") or (part == "night" and hour >= 6):
        hour = hour % 12 + 12
    elif ap == "am" or part == "morning" or part == "night":
        hour = hour % 12
    elif _after_noon(m, hour, meal) or (
        ((m["h"] and not m["m"]) or (m["hw"] and not m["hwm"]))  # a bare hour: "at 3", "around ten"
        and (hour <= 6 or re.search(r"\b(?:afternoon|evening)\b", text, re.I))
        and hour < 12
        and not _24_HOUR_RE.search(text)
        and not _ALARM_RE.search(text)  # "an alarm for 6" wakes one in the morning
    ):
        hour += 12
    in_words = m["half"] or m["rel"] or (m["hw"] and m["hwm"])  # "half five", "ten to six", "three-thirty"
    if in_words and not (ap or part) and hour < 12 and (other := _said_half_of_day(earlier)) is not None:
        hour = _nearest_half(hour, other)  # "Move it to half five." after "the call at 4 pm": 17:30
    near = _replaces_clock(m, text, earlier) or proposed_near(m, text, earlier)
    if near and (replaced := _last_clock(earlier)) is not None and hour < 12:
        # "at 10 instead" after "pick-up at 9 pm", "later, like 9?" after "the 6:50 pm": the half of the day
        # of the clock it replaces
        hour = _nearest_half(hour, replaced)
    return end, f"{hour:02d}:{minute:02d}"


# A request to move a clock of the turns before states the hour: "Could I keep the car until 11?" after
# "The car is due at 10:00."; not "Is it at 5?", which asks what the hour is, nor "Can you pick me up at
# 6?" with no clock before it.
_REQUEST_QUESTION_RE = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?|hey|hi|also)\W+)?(?:can|could|would|will|shall|should)\s+(?:I|we|you|she|he|they|it)\b",
    re.I,
)


_OFFER_QUESTION_RE = re.compile(r"^\W*(?:\w+\W+){0,2}?(?:shall|should)\s+(?:I|we)\b", re.I)


def _bare_hour(m: re.Match, text: str, meal: str, earlier: str = "", turn_before: str = "") -> bool:
    """Is a bare hour ("at 3", "around ten") a time here? (See _BARE_HOUR_CUE_RE.)"""
    before = text[max(0, m.start() - 40) : m.start()]
    if (booked := booked_before_party(m, text, meal, earlier)) is not None:
        return booked  # "Book it for 11 for 2.": the hour, then the party
    asked = _CLOCK_ASKED_BEFORE_RE.search(before)
    if asked and asked["change"] and _HOW_MANY_RE.search(f"{earlier[-300:]} {turn_before} {text}"):
        asked = None  # "Change it to four." after "for 3": the count changed, not the hour
    # "teacher says 5ish now": a clock said roughly; not an age ("The twins are 5ish now.")
    ish = _ISH_RE.match(text, m.end()) and not re.search(
        r"\b(?:is|are|was|were|be|turn(?:s|ed)?|aged?)\s+$|'s\s+$", before, re.I
    )
    # "Our flight's at 1:10, so 9 at the latest.": the last or first hour that will do
    latest = re.match(r"\s*,?\s*at\s+the\s+(?:latest|earliest)\s*(?:$|[.,;!?])", text[m.end() :], re.I)
    event = _EVENT_HOUR_CUE_RE.search(before)
    # "Noon your time is 2 here": beside a clock said in the same sentence
    zoned = m["h"] and _ZONED_BEFORE_RE.search(before) and _ZONED_AFTER_RE.match(text, m.end())
    zoned = zoned and (
        _EARLIER_CLOCK_RE.search(text) or re.search(rf"\b(?:{'|'.join(_NOON_WORDS)})\b", text, re.I)
    )
    placed = not text[: m.start()].strip(" \"'") and _PLACED_AFTER_RE.match(text, m.end())
    talk = f"{earlier[-200:]} {turn_before} {text}"
    counted = _HOW_MANY_RE.search(f"{turn_before} {text}") or re.search(
        r"\bhow\s+many\b", earlier[-200:], re.I
    )
    if placed and _EATING_RE.search(talk) and not counted:
        return True  # "6 at Hoang's?" after "Can we eat first?": an hour proposed for a meal
    # "shuts at 8 most days", "tip-off is at 7 against the Hawks": the hour, then the days or the side
    kept = _OPENING_HOUR_CUE_RE.search(before) and _KEPT_HOUR_AFTER_RE.match(text, m.end())
    kept = kept or (event and _GAME_SIDE_AFTER_RE.match(text, m.end()))
    if (
        not (
            _BARE_HOUR_CUE_RE.search(before)
            or asked
            or ish
            or latest
            or event
            or zoned
            or _OPENING_HOUR_CUE_RE.search(before)
        )
        or _money_talk(before)
        or not (_BARE_HOUR_END_RE.match(text, m.end()) or zoned or kept)
    ):
        return False
    if _replaces_clock(m, text, earlier):
        return True  # "Can I pick it up at 10 instead?" after "pick-up at 9 pm": a clock proposed
    if (
        proposed_near(m, text, earlier)
        or slot_asked(m, text)
        or taken_up(m, text, earlier)
        or party_then_hour(m, text)
    ):
        return True  # "Anything earlier, like 7?" after "The 6:50 pm ...", "Today after 5?"
    # "48 degrees at 7 am and 61 by 10": the second of two clocks, its half of the day left out
    if re.search(r"\b(?:at|by|until|till)\s+$", before) and _EARLIER_CLOCK_RE.search(text[: m.start()]):
        return True
    opening_hour = _OPENING_HOUR_CUE_RE.search(before) and not _HABIT_RE.search(text)
    if _NOT_BARE_HOUR_TALK_RE.search(text) and not (opening_hour or event):
        return False
    if _REQUEST_QUESTION_RE.match(text) and (
        _EARLIER_CLOCK_RE.search(earlier) or asked or _DEADLINE_CUE_RE.search(before)
    ):
        # "Could I keep the car until 11?" after "The car is due at 10:00."; a deadline asked for: "Can she
        # give us the keys before 2?" ("Can you pick me up at 6?" with no clock before stays none)
        return True
    if _OFFER_QUESTION_RE.match(text) and _WHEN_TALK_RE.search(text):
        return True  # "Shall I remind you on Friday at 5?": an offer names its hour
    if _RIDE_WANTED_RE.match(text) and _ANSWER_CUE_RE.search(before):
        return True  # "is there a train to tressing after 11 ?": the hour the ride is wanted at
    sharp = re.match(r"\s+sharp\b", text[m.end() :], re.I)  # "at 9 sharp", "Can they come at 8 sharp?"
    if is_question(text) and not sharp and not (_asks_after(text, m.end()) or _TAG_QUESTION_RE.search(text)):
        return False
    # agreeing to a time asked about in the turn before: "Yes, before 2." after "Delivery Thursday?"
    agreed = _AGREED_RE.match(text) and is_question(earlier) and _WHEN_TALK_RE.search(earlier[-200:])
    return bool(
        opening_hour
        or asked
        or event
        or zoned
        or agreed
        or meal
        or sharp
        or ish
        or latest
        or _WHEN_TALK_RE.search(text)
        or _ARRANGED_RE.search(text)
    )


_DEADLINE_CUE_RE = re.compile(r"\b(?:before|by|until|till|no\s+later\s+than)\s+$", re.I)


# A statement with a question tag after it: "they're dropping a car at 4. is that right?"
_TAG_QUESTION_RE = re.compile(
    r"(?:[.,]\s*|\s)(?:is\s+that\s+(?:right|correct|ok)|right|yeah|yes|correct|ok|isn'?t\s+it)\s*\?+\s*$",
    re.I,
)
# Something arranged for a clock: a car dropped off, someone coming, being there, set up or done by it.
_ARRANGED_RE = _words(
    r"drop(?:s|ping|ped)?(?:\s+\w+){0,3}\s+(?:off|to)|deliver(?:s|ing|y)?|collect(?:s|ing|ion)?|pick(?:s|ing)?\s+up"
    r"|bring(?:s|ing)?|brought"
    r"|be\s+there|get\s+there|meet(?:ing)?|coming|come\s+(?:round|over|by)|set\s+up|done"
)


# A statement before a request that ends the sentence with "?": "My parking ends at 7, can you extend it?"
_REQUEST_AFTER_RE = re.compile(r",\s*(?:so\s+)?(?:can|could|would|will)\s+you\b[^,?]*\?\s*$", re.I)
_QUESTION_OPENING_RE = re.compile(
    r"^\W*(?:is|are|was|were|do|does|did|can|could|would|will|shall|should|when|what|which|how)\b", re.I
)


def _asks_after(text: str, pos: int) -> bool:
    """Is the question of this sentence only a request after the statement that holds ``pos``?"""
    request = _REQUEST_AFTER_RE.search(text, pos)
    return bool(request) and not _QUESTION_OPENING_RE.search(text[:pos])


_ISH_RE = re.compile(r"\s?-?ish\b", re.I)
# A bare hour said in place of a clock of the turns just before: "at 10 instead", "around 4 instead".
_INSTEAD_RE = re.compile(r"(?:\s?-?ish)?\s+instead\b", re.I)
_REPLACE_CUE_RE = re.compile(r"\b(?:at|around)\s+$", re.I)


def _replaces_clock(m: re.Match, text: str, earlier: str) -> bool:
    """Is the bare hour at ``m`` said "instead" of a clock of the turns before ("at 10 instead")?"""
    if not (m["h"] or m["hw"]) or m["m"] or m["hwm"] or not earlier:
        return False
    before = text[max(0, m.start() - 20) : m.start()]
    return bool(
        _REPLACE_CUE_RE.search(before)
        and _INSTEAD_RE.match(text, m.end())
        and _EARLIER_CLOCK_RE.search(earlier)
    )


# A bare hour offered with a clock as the other choice, or listed with it: "at 10:30 or 11", "either 4 or
# 4:30", "tables at 6:30 and 8", "talks at 1 and 2:30".
_OR_AFTER_RE = re.compile(rf"\s*,?\s*(?P<j>or|and)\s+(?P<h>1[0-2]|0?[1-9]|{_HW})(?![\w:]|[.,]\d)", re.I)
_OR_BEFORE_RE = re.compile(
    rf"(?:^\W*|\b(?:at|around|either|after|before|say|try)\s+)(?P<h>1[0-2]|0?[1-9]|{_HW})\s*,?\s*(?P<j>or|and)\s+$",
    re.I,
)


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
        before = _listed_hour(_OR_BEFORE_RE.search(text, max(0, start - 30), start))
        if before and not _money_talk(text[: before.start("h")]):
            out.append(
                (before.start("h"), before.end("h"), f"{_nearest_half(_hour(before['h']), other):02d}:00")
            )
    return [f for f in out if not any(a < f[1] and f[0] < b for a, b, _ in found)]


# "three thirty then .", "seven fifteen works", "7 would be better": a clock chosen as the whole answer.
_CHOICE_AFTER_RE = re.compile(
    r"\s*(?:then|works|suits|(?:is|would\s+be|'?d\s+be)\s+(?:fine|good|better|great|perfect|best)|please|pls|plz"
    r"|it\s+is|sounds\s+good)\b",
    re.I,
)


def _said_as_choice(m: re.Match, text: str) -> bool:
    return not text[: m.start()].strip(" ,") and bool(_CHOICE_AFTER_RE.match(text, m.end()))


def _time_key(text: str, start: int) -> str:
    """The key of a time: "callback_time" after a call word that is not negated ("call you at 3pm",
    but not "don't call me before 10am", which is a preference)."""
    before = text[max(0, start - 40) : start]
    call = _CALL_RE.search(before)
    negated = call and re.search(r"\b(?:don'?t|do\s+not|never|not)\s+$", before[: call.start()], re.I)
    return "callback_time" if call and not negated else "time"


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


def _times(s: _Sentence) -> list[ExtractedFact]:
    """Single times, and windows ("between 8am and 12pm", "7am to 1pm") as one fact "08:00-12:00"."""
    found = []
    pos, meal = 0, "" if _24_HOUR_RE.search(s.text) else "evening" if evening_said(s.text) else s.meal
    while m := _TIME_RE.search(s.text, pos):
        pos = m.end()
        if found and m.start() < found[-1][1]:
            continue
        earlier, turn_before = " ".join(s.recent[:-1]), s.turn.content[: s.offset]
        if clock := _clock(m, s.text, "time" in s.asked, meal, earlier, turn_before):
            half = half_from_clocks_said(m, clock[0], clock[1], s)
            found.append((m.start(), clock[0], half_by_what(m, half, s)))
        elif m["rel"] and m["mins"] and m["mins"].isdigit():
            pos = m.start("rh")  # "from 1 to 5 pm" is no "1 minute to 5": read on from the "5"
    military = _military_clocks(s.text, found)  # "0900hrs" whole, not the "0900" read before
    found = [f for f in found if not any(a <= f[0] and f[1] <= b for a, b, _ in military)] + military
    previous = s.recent[-2] if len(s.recent) > 1 else ""
    spoken = spoken_clocks(
        s.text, found, asked_time="time" in s.asked, evening=meal == "evening", previous=previous
    )
    found = sorted([f for f in found if not any(a <= f[0] and f[1] <= b for a, b, _ in spoken)] + spoken)
    found = _kept_hours(s.text, found, "hours" in s.asked)
    found = found + _dash_windows(s.text, found)
    found = found + _range_starts(s.text, found)
    found = found + _range_ends(s.text, found)
    found = found + _alternatives(s.text, found)
    found = sorted(found + _bare_windows(s.text, meal, found, "time" in s.asked), key=lambda f: f[0])
    found = evening_hours(s.text, found)
    found = [
        f for f in found if not _named_only_to_ask(s.text, f[0]) and not _RACE_TIME_RE.search(s.text, 0, f[0])
    ]
    out, i = [], 0
    while i < len(found):
        start, end, clock = found[i]
        between = re.search(r"\bbetween\s+$", s.text[:start], re.I)
        joiner = s.text[end : found[i + 1][0]].strip().lower() if i + 1 < len(found) else None
        if joiner in ("-", "to", "until", "till") or (joiner == "and" and between):
            start = between.start() if between else start
            end, clock, i = found[i + 1][1], f"{clock}-{found[i + 1][2]}", i + 1
        out.append(s.fact("time", _time_key(s.text, start), start, end, clock))
        i += 1
    return out
