"""Weekdays: which of them name a day (the tense of the sentence picks the one before or after the turn, a
shortened one counts only where a day is expected), and which tell the days a place keeps ("open monday to
friday", "closed Mondays")."""

from __future__ import annotations

import re
from datetime import date, datetime

from facts.extraction.calendar_words import _ABBR, _ABBREVIATED, _WEEKDAY
from facts.extraction.date_arithmetic import _weekday_date
from facts.extraction.text import _words

# The tense of the sentence: a bare weekday in a sentence about the past is the last one, not the next.
_PAST_RE = _words(
    r"was|were|did|had|ago|yesterday|last|bought|ordered|paid|came|arrived|received|placed|went|happened"
)
_FUTURE_RE = _words(r"will|'ll|shall|going\s+to|next|tomorrow")
# Two weekdays joined ("from friday to sunday", "monday through wednesday", "on monday and
# wednesday") are two days, unless the sentence tells the days a place keeps ("open monday to friday").
_RANGE_JOINER = r"(?:,?\s*(?:to|through|thru|till|until|and|or)|\s*-)"
_PAIRED_BEFORE_RE = re.compile(rf"\b(?P<first>{_WEEKDAY}){_RANGE_JOINER}\s+$", re.I)
_PAIRED_AFTER_RE = re.compile(rf"{_RANGE_JOINER}\s+{_WEEKDAY}\b", re.I)
_HABITUAL_RE = _words(
    r"open(?:s|ing)?|clos(?:e|es|ed|ing)|hours|every|daily|weekdays|usually|always|normally|generally|weekly"
)
# Hours a place keeps said as a range of clock times: "monday to friday , 9:30 to 12:30", "mon - sat 9am-5pm";
# one side at least is a clock ("9:30", "5pm"), so "monday to wednesday , 2 to 3 nights" is no range of hours.
_CLOCK = r"(?<![$£€\d.,])\d{1,2}(?:[:.][0-5]\d)?(?:\s*[ap]\.?m\b\.?)?"
_SURE_CLOCK = r"(?<![$£€\d.,])\d{1,2}(?:[:.][0-5]\d|\s*[ap]\.?m\b\.?)"
_CLOCK_JOINER = r"\s*(?:-|–|to|till|until|through)\s*"
_HOURS_RANGE_RE = re.compile(
    rf"(?:{_SURE_CLOCK}{_CLOCK_JOINER}{_CLOCK}|{_CLOCK}{_CLOCK_JOINER}{_SURE_CLOCK})(?![\d:.]*\d)", re.I
)


_RANGE_THEN_ON_RE = re.compile(
    rf"(?:{_SURE_CLOCK}{_CLOCK_JOINER}{_CLOCK}|{_CLOCK}{_CLOCK_JOINER}{_SURE_CLOCK})\s+on\s+$", re.I
)


# A place's hours said in the clause of a weekday in the plural ("open on Sundays", "closed Mondays"); a
# payment or a collection that comes round weekly is a day said ("The rest weekly on Mondays.").
_KEPT_HOURS_RE = _words(r"open(?:s|ing)?|clos(?:e|es|ed|ing)|hours")
_HABIT_RE = _words(r"every|daily|weekdays|usually|always|normally|generally|weekly")
_PAID_WEEKLY_RE = _words(r"weekly\s+on|pa(?:y|id|yments?)|rent|fees?|charged|taken|debited|instal\w*")


# A day a place keeps short hours on, said with one weekday: "half day wednesday", "early closing on thursday"
# (not "I took a half day on friday"), "closed wednesday afternoons" (a part of the day in the plural comes
# round every week); the last only in a clause of the hours kept, so "she works monday mornings" stays a day.
_SHORT_DAY_BEFORE_RE = re.compile(
    r"(?<!\ba\s)\b(?:half[\s-]+day|early[\s-]+clos(?:e|ing))\s+(?:on\s+)?$", re.I
)
_SHORT_KEPT_RE = _words(r"open(?:s|ing)?|clos(?:e|es|ed|ing)|shut|hours")
_PARTS_AFTER_RE = re.compile(r"\s+(?:morning|afternoon|evening|night)s\b", re.I)
# A clock a place keeps until on a weekday in the plural: "we run tests until 6.30 pm on thursdays"; not "the
# class goes from 6 pm on tuesdays", a day every week.
_LIMIT_THEN_ON_RE = re.compile(rf"\b(?:until|till|til)\s+{_SURE_CLOCK}(?:\s*[ap]\.?m\b\.?)?\s+on\s+$", re.I)


def short_day_kept(text: str, start: int, end: int) -> bool:
    """Is the weekday said from ``start`` to ``end`` a day of every week with short hours (see above)?"""
    if _SHORT_DAY_BEFORE_RE.search(text, 0, start):
        return True
    clause = re.split(r"[,;]", text[:start])[-1] + re.split(r"[,;]", text[end:])[0]
    return bool(_PARTS_AFTER_RE.match(text, end) and _SHORT_KEPT_RE.search(clause))


def limit_kept_weekly(text: str, start: int) -> bool:
    """Is the weekday in the plural at ``start`` the day a place keeps a clock until (see above)?"""
    return bool(_LIMIT_THEN_ON_RE.search(text, 0, start))


# Hours kept said as two bare hours joined by "till": "9 till 5 , monday to friday", "saturdays we 're 9 till
# 1"; not "2 till 3 nights".
BARE_HOURS_RE = re.compile(
    r"(?<![$£€\d.,:])\d{1,2}\s*(?:till|til|until)\s*\d{1,2}(?![\d:.]|\s*(?:nights?|days?|weeks?|months?|people)\b)",
    re.I,
)


def _keeps_hours(text: str, hours_asked: bool = False) -> bool:
    """Does a sentence tell the days a place keeps, so that a range of weekdays in it names no day?"""
    return hours_asked or bool(
        _HABITUAL_RE.search(text) or _HOURS_RANGE_RE.search(text) or BARE_HOURS_RE.search(text)
    )


# A weekday after "the" that ends a question, with or without its part of the day: "and the return on the
# wednesday ?", "can it be the monday ?". "The" marks a day both sides already know: the question asks about
# it and states no day.
_KNOWN_DAY_RE = re.compile(rf"{_WEEKDAY}(?:\s+(?:morning|afternoon|evening|night))?", re.I)


def known_day_asked(text: str, start: int, end: int) -> bool:
    """Is the weekday said from ``start`` to ``end`` a day already known, only asked about (see above)? Not
    "the Monday after next", a day counted on."""
    return bool(
        re.search(r"\bthe\s+$", text[:start], re.I)
        and _KNOWN_DAY_RE.fullmatch(text, start, end)
        and re.match(r"\s*\?\s*$", text[end:])
    )


# A clock said with its minutes or a half of the day ("6:20 am", "2:30") just before a range of weekdays, or
# just after it.
_CLOCK_BEFORE_RE = re.compile(rf"{_SURE_CLOCK}\s*,?\s*$", re.I)
_CLOCK_AFTER_RE = re.compile(rf"\s*,?\s*(?:at\s+)?{_SURE_CLOCK}", re.I)
# What opens a range of days that are dates: "from Monday to Thursday", "for thursday to sunday".
_DATED_RANGE_BEFORE_RE = re.compile(r"\b(?:from|for|between|this|next|until|till)\s+$", re.I)


def repeats_at_a_clock(text: str, first: int, last: int) -> bool:
    """Is the range of weekdays said from ``first`` to ``last`` the days something repeats at the clock said
    beside it ("Done, Monday to Friday at 8:00 am.", "tours at 10:30 and 2:30, friday to monday"), not days
    from one to another ("rooms from monday to thursday at 9 am") or a range with a clock elsewhere ("away
    Monday to Wednesday, back for the 2pm meeting")? Two days joined by "and" are two days, each at the clock:
    "the play is on friday and saturday at 7.30 pm"."""
    if _DATED_RANGE_BEFORE_RE.search(text, 0, first) or re.search(r"\b(?:and|or)\b", text[first:last], re.I):
        return False
    return bool(_CLOCK_BEFORE_RE.search(text, 0, first) or _CLOCK_AFTER_RE.match(text, last))


# A shortened weekday is a day where a day is expected: after "on", "from", "until", "next" ...
# ("on sat", "from fri", "next tues"), after another day and a joiner ("mon to wed"), or opening its
# sentence before a comma, a clock, "at" or a part of the day ("mon , from leeds", "sat 10:00"), or after
# what is held on it ("drinks there thurs for his leaving do"); not "i sat down", "the sun", "c'mon".
_ABBR_BEFORE_RE = re.compile(
    rf"(?:\b(?:on|from|until|till|til|by|before|after|for|this|next|coming|and|or|to|through|thru|it'?s|is"
    r"|(?:dinner|lunch|breakfast|brunch|drinks|meeting|appointment|party|class|call)(?:\s+(?:here|there))?)"
    rf"|(?:{_WEEKDAY}|{_ABBR}|\d(?:st|nd|rd|th))\s*(?:-|,|to|through|thru|till|until|and|or))\s+$|(?:^|[.!?])\s*$",
    re.I,
)
_ABBR_AFTER_RE = re.compile(
    r"\s*(?:$|[,;:!?)-]|\.(?!\w)|(?:at|morning|afternoon|evening|night|lunch|lunchtime|arvo|instead|please|then"
    r"|or|and|to|through|for|i|we|works?|is|would|will|from|ok|okay|fine|good|better|best)\b"
    # "wed can." (it can be done then)
    r"|can\s*(?:[.!]|$)|\d{1,2}(?:[:.]\d\d|\s?[ap]m\b)|\d{4}\b)",
    re.I,
)
# Words of setting a day, before a shortened weekday said last after a comma: "pay it next week instead, wed";
# not "eggs, milk, sun".
_WHEN_CHANGED_RE = _words(
    r"weeks?|wk|weekend|actually|instead|rather|latest|earliest|pay|book|move|deliver|come|collect|send|meet"
    r"|schedule|reschedule|postpone|push|make\s+it|do\s+it"
)
# "the thurs slot": a shortened weekday after "the", before what is booked on it.
_ABBR_SLOT_RE = re.compile(
    r"\s+(?:slot|one|appointment|session|class|game|match|meeting|shift|booking|lesson|practice|visit)s?\b",
    re.I,
)


# A shortened weekday said after what happens on it in its clause, as owners type a delivery, a payment, a
# pickup or a meeting: "deliver weds am", "funds wed", "answer mon", "pay it on ros fri", "send the docs fri
# too", "pick up the van fri at 10", "pickup at their yard sat 9ish", "out sick weds"; the day then ends the
# clause or goes on with its part or its clock. Not the verb "sat" ("i sat there") nor "the sun".
_ERRAND_CLAUSE_RE = _words(
    r"deliver\w*|pick\s*-?\s*up|pickup|collect\w*|drop(?:\s*-?\s*off)?|send|sending|pay|paying|payment|funds"
    r"|answer|decision|meeting|due|arriv\w*|back|service|sick|docs"
)
_ERRAND_AFTER_RE = re.compile(
    r"\s*(?:$|[,;!?)]|\.(?!\w)|(?:am|pm|morning|afternoon|evening|night|at|after|before|too|then|sharp)\b"
    r"|\d{1,2}(?:[:.]\d\d|\s?[ap]m\b|\s?-?ish\b)?(?![\w:.]))",
    re.I,
)
_ERRAND_NOT_BEFORE_RE = re.compile(r"\b(?:i|we|he|she|they|you|just|had|have|the|a)\s+$", re.I)


def _errand_day(text: str, start: int, end: int) -> bool:
    """Is the shortened weekday from ``start`` to ``end`` the day of an errand said before it (see above)?"""
    clause = re.split(r"[,;.!?]", text[:start])[-1]
    return bool(
        _ERRAND_CLAUSE_RE.search(clause)
        and _ERRAND_AFTER_RE.match(text, end)
        and not _ERRAND_NOT_BEFORE_RE.search(text, 0, start)
    )


def _abbreviated_day(m: re.Match, when: datetime, text: str, hours_asked: bool = False) -> date | None:
    """The date a shortened weekday names, or None where it is no day (see _ABBR_BEFORE_RE)."""
    before = text[: m.start("abbr")]
    if m["amod"]:
        mod = "this" if m["amod"].lower() == "coming" else m["amod"].lower()
    elif re.match(r"\s+(?:at\s+)?\d{1,2}(?::\d\d|h\d\d\b|\s?[ap]m\b)", text[m.end("abbr") :], re.I):
        mod = None  # "can we do mon at 10:00", "remind me thurs at 16h30"
    elif re.search(r"\bthe\s+$", before, re.I) and _ABBR_SLOT_RE.match(text, m.end("abbr")):
        mod = None  # "the thurs slot went"
    elif (
        re.search(r",\s*$", before)
        and _WHEN_CHANGED_RE.search(before)
        and re.match(r"\s*(?:[.!]|$)", text[m.end("abbr") :])
    ):
        mod = None  # "move it to next week, thurs": a day said last, after a comma, where a day is set
    elif _ABBR_BEFORE_RE.search(before) and (
        m["abbr"].endswith(".") or _ABBR_AFTER_RE.match(text, m.end("abbr"))
    ):
        if re.search(r"\b(?:and|or|to|through|thru)\s+$", before, re.I) and not re.search(
            rf"(?:{_WEEKDAY}|{_ABBR}|\d(?:st|nd|rd|th))\s*,?\s*(?:and|or|to|through|thru)\s+$", before, re.I
        ):
            return None  # "cakes and sun", "go to sat": a joiner counts after another day only
        mod = None
    elif _errand_day(text, m.start("abbr"), m.end("abbr")):
        mod = None  # "deliver weds am", "funds wed"
    else:
        return None
    joined = re.search(rf"(?:{_WEEKDAY}|{_ABBR})\s*(?:-|to|through|thru|till|until)\s*$", before, re.I)
    if (
        joined
        or re.match(
            rf"\s*(?:-|to|through|thru|till|until)\s*(?:{_WEEKDAY}|{_ABBR})", text[m.end("abbr") :], re.I
        )
    ) and _keeps_hours(text, hours_asked):
        return None  # "open mon - fri"
    past = bool(_PAST_RE.search(text)) and not _FUTURE_RE.search(text)
    return _weekday_date(when.date(), _ABBREVIATED[m["ab"].lower()], mod, past)
