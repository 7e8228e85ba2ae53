"""Windows of two times said as one: "between 8 and noon", "from 1 to 5 pm", "2-4pm", "9am-5pm", "the 22nd,
9 till 1"; and clocks of four digits with "hrs" as rotas write them ("1430 hrs"). Each reads the clocks
times.py has found in a sentence and returns (start, end, "HH:MM") for the hours they leave."""

from __future__ import annotations

import re

from facts.extraction.calendar_words import _MONTH
from facts.extraction.clock_words import (
    _BARE_HOUR_END_RE,
    _HW,
    _NOT_BARE_HOUR_TALK_RE,
    _TYPED_WEEKDAY,
    _WHEN_TALK_RE,
    _hour,
    _money_talk,
)
from facts.extraction.text import _words, is_question
from memadmin.providers.base import ExtractedFact

# The first hour of a window whose second is a clock: "between 8 and noon", "from 1 to 5 pm", "from 8 till
# 4:30". The first is said bare; the clock after it says it is one.
_RANGE_START_RE = re.compile(
    rf"\b(?:between|from)\s+(?P<h>1[0-2]|0?[1-9]|{_HW})\s*(?:and|to|till|until|-)\s*$", re.I
)
# ... and with no "from" before a clock with am/pm: "the party is 2-4pm", "1 - 3 pm", "3 to 4 pm".
_BARE_RANGE_START_RE = re.compile(
    r"(?<![\w:.,£$€/#+-])(?P<h>1[0-2]|0?[1-9])(?::(?P<m>[0-5]\d))?\s*(?:-|–|to)\s*$",
    re.I,
)
_AM_PM_RE = re.compile(r"[ap]\.?m\b", re.I)
# A month straight before a number: the number is its day, never the first hour of a window.
_DAY_OF_MONTH_BEFORE_RE = re.compile(rf"\b{_MONTH}\s+$", re.I)
# ... and before "till" or "until" and a clock: "the 22nd, 9 till 1" (not opening hours: "open 9 till 5").
_TILL_START_RE = re.compile(r"(?<![\w:.,£$€/#+-])(?P<h>1[0-2]|0?[1-9])\s+(?:till|until|til)\s+$", re.I)
# The end of a window written with a dash after a clock: "9am-5pm", "9:30-11", "10:15 - 11:45"; or with "to"
# after "from" and a clock: "from 9 am to 12".
_RANGE_END_RE = re.compile(
    r"\s*(?:[-–]|(?P<word>to|till|until)\s)\s*(?P<h>1[0-2]|0?[1-9]|1\d|2[0-3])(?::(?P<m>[0-5]\d))?"
    r"(?:\s?(?P<ap>[ap])(?:m\b|\.m\.)|(?P<ap1>[ap])(?=[\s.,;!?)]|$))?(?![\w:/-]|[.,]\d)",  # "7a-3p"
    re.I,
)


# A window of two bare hours where the sentence says when something happens: "can call tomorrow between
# 10 and 1", "booked for Friday, from 8 to 10", "from 8 to about 1", "book 2 to 4 on thursday", or straight
# after the day it is on ("Sat 23 Oct, 12 to 3"). Not a count ("between 2 and 3 weeks", "from 8 to 10
# people"), opening hours or a habit, a question, or talk of money.
_DAY_BEFORE = (
    rf"(?:{_TYPED_WEEKDAY}s?|weekdays|weekends|today|tomorrow|tonight"
    rf"|[0-3]?\d(?:st|nd|rd|th)|{_MONTH}(?:\s+[0-3]?\d)?)"
)
_WINDOW_OPENING = rf"(?:\b(?P<cue>between|btw|from|book(?:ed)?)|\b{_DAY_BEFORE}\s?,?)\s+"  # "btw 12 and 3"
_BARE_WINDOW_RE = re.compile(
    rf"{_WINDOW_OPENING}(?P<a>1[0-2]|0?[1-9]|{_HW})\s*(?:and|to|till|until|-)\s*"
    rf"(?:(?:about|around|roughly)\s+)?(?P<b>1[0-2]|0?[1-9]|{_HW})(?![\w:]|[.,]\d)",
    re.I,
)

# What opens a window of hours straight before "10 to 2": "from", "between", or the day it is on ("on 14 oct ,
# 10 to 2", "tuesday 10 to 2"); "10 to 2" there is no clock of ten minutes to two.
WINDOW_OPENING_RE = re.compile(rf"{_WINDOW_OPENING}$", re.I)


def afternoon_window(first: int, second: int) -> tuple[int, int] | None:
    """Two bare hours of a window on the 24-hour clock, or None where they make none: "from 1 to 5" is the
    afternoon, "8.30 till 3" and "between 10 and 1" run into it, "the score was 3 to 1" is no window."""
    if first <= 6 and first < second <= 7:
        return first + 12, second + 12
    if second < first and second < 12:
        return None if first < 6 else (first, second + 12)
    return first, second


# The half of the day said with the end of a window: "until 4.30 am", "till 5 in the morning", "2 at night".
_END_HALF_SAID_RE = re.compile(r"[ap]\.?m\b|morning|night|[ap]$", re.I)


def afternoon_end(first: str, second: str, said: str) -> str:
    """The end ``second`` ("HH:MM", ``said`` as written) of a window from ``first``: where the window starts
    in the morning and its end, said with no half of the day, would come before its start, the end is in the
    afternoon ("open from 10 until 4.30" is 10:00-16:30, "9 till 5.15" 09:00-17:15); else as it is."""
    if len(first) != 5 or len(second) != 5 or said[:1] == "0" or _END_HALF_SAID_RE.search(said):
        return second
    start, end = int(first[:2]), int(second[:2])
    return f"{end + 12:02d}{second[2:]}" if 6 <= start <= 11 and 1 <= end < start else second


# A price by the hour before the window it is hired for: "the hall is 35 an hour , from 1 to 5".
_HIRED_BY_THE_HOUR_RE = re.compile(r"\d\s+(?:an|per|by\s+the)\s+hour\b", re.I)
# How often a thing runs, straight before the window it runs in: "the boat goes on the hour from 10 to 4",
# "tours every half hour from 11 until 3", "the bus is hourly between 7 and 11", "every 20 minutes from 9
# to 5"; a timetable, whatever price or habit is said beside it ("the climb is 3 extra , on the hour from
# 11 to 4").
_RUNS_EVERY_RE = re.compile(
    r"(?:\bon\s+the\s+(?:half\s+)?hour|\bevery\s+(?:half\s+(?:an\s+)?hour|hour|(?:\d{1,2}|ten|fifteen|twenty|thirty"
    r"|forty)\s+minutes)|\b(?:half[\s-])?hourly)\s*,?\s*$",
    re.I,
)


def _bare_windows(
    text: str, meal: str, found: list[tuple[int, int, str]], asked_time: bool = False
) -> list[tuple[int, int, str]]:
    """``asked_time``: the turn answers a question for a time ("What time is it?" "From 2 till 4.")."""
    out: list[tuple[int, int, str]] = []
    for m in _BARE_WINDOW_RE.finditer(text):
        # the second hour may be read already ("about 1"): the window then adds its first
        taken = [(s, e) for s, e, _ in found if s < m.end() and m.start() < e]
        if any((s, e) != m.span("b") for s, e in taken) or not _BARE_HOUR_END_RE.match(text, m.end()):
            continue
        # "boats are £ 12 for half an hour , from 10 until 6 .": "from" one hour "until" another closes a
        # clause with a window of hours whatever was said before it
        until = (
            (m["cue"] or "").lower() == "from"
            and _TILL_JOIN_RE.fullmatch(text[m.end("a") : m.start("b")].strip())
            and re.match(r"\s*(?:$|[.;!])", text[m.end() :])
            and not _money_talk(text[max(0, m.start() - 12) : m.start()])
        )
        until = until or (
            (m["cue"] or "").lower() in ("from", "between", "btw")
            and _RUNS_EVERY_RE.search(text, 0, m.start())
        )
        if is_question(text) or (
            not until and (_NOT_BARE_HOUR_TALK_RE.search(text) or _money_talk(text[: m.start()]))
        ):
            continue
        if m["cue"] and not (
            meal or asked_time or until or _WHEN_TALK_RE.search(text) or _HIRED_BY_THE_HOUR_RE.search(text)
        ):
            continue
        if (
            m["cue"]
            and m["cue"].lower() not in ("between", "btw")
            and text[m.end("a") : m.start("b")].strip().lower() == "and"
        ):
            continue  # "from 2 and 3", "book 2 and 3"
        first, second = _hour(m["a"]), _hour(m["b"])
        if first == second or (window := afternoon_window(first, second)) is None:
            continue
        first, second = window
        out += [(m.start("a"), m.end("a"), f"{first:02d}:00")]
        out += [] if taken else [(m.start("b"), m.end("b"), f"{second:02d}:00")]
    return out


# The first hour of a place's hours said first in the answer to a question for them, with no "from": "ten
# until half past five , last entry at 4:30 .", "we 're open nine till 5.30".
_HOURS_ANSWER_START_RE = re.compile(
    rf"^\W*(?:(?:we|they|it)\s*(?:'\s*re|'\s*s|are|is)\s+open\s+|open\s+)?(?P<h>1[0-2]|0?[1-9]|{_HW})"
    r"\s+(?:till|until|til|to)\s+$",
    re.I,
)


def _range_starts(
    text: str, found: list[tuple[int, int, str]], asked_hours: bool = False
) -> list[tuple[int, int, str]]:
    """``asked_hours``: the turn answers a question for a place's hours."""
    out = []
    for start, end, clock in found:
        m = _RANGE_START_RE.search(text, max(0, start - 30), start)
        if not m and asked_hours and "-" not in clock:
            m = _HOURS_ANSWER_START_RE.search(text, 0, start)
        if not m and "-" not in clock and not _NOT_BARE_HOUR_TALK_RE.search(text):
            m = _TILL_START_RE.search(text, max(0, start - 12), start)  # "the 22nd, 9 till 1"
        if not m and _AM_PM_RE.search(text, start, end) and "-" not in clock:
            m = _BARE_RANGE_START_RE.search(text, max(0, start - 12), start)
            if m and (
                _money_talk(text[: m.start("h")]) or _DAY_OF_MONTH_BEFORE_RE.search(text, 0, m.start("h"))
            ):
                m = None  # "moved the pickup on May 1 to 9:30 am": the day of a month, then the clock
        if not m or any(s <= m.start("h") < e for s, e, _ in found):
            continue
        hour, second = _hour(m["h"]), int(clock[:2])
        if second >= 12 and hour + 12 <= second and hour != 12:
            hour += 12  # "from 1 to 5 pm" is 13:00
        minute = m.groupdict().get("m")
        end = m.start("h") + len(m["h"]) + (len(minute) + 1 if minute else 0)
        out.append((m.start("h"), end, f"{hour:02d}:{minute or '00'}"))
    return out


# The first of two clocks written with a full stop and joined by "to", "till" or a dash, where the second is
# read: "next tuesday, 8.00 to 12.00", "he can come 7.30 to 9.30"; not a sum ("from 8.00 to 12.00 a night").
_DOTTED_START_RE = re.compile(
    r"(?<![\w:.,£$€/#+-])(?P<h>1\d|2[0-3]|0?\d)\.(?P<m>[0-5]\d)\s*(?:-|–|to|till|until)\s*$", re.I
)


def _dotted_starts(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out = []
    for start, _, clock in found:
        m = _DOTTED_START_RE.search(text, max(0, start - 16), start)
        if not m or "-" in clock or not re.match(r"\d{1,2}\.\d\d", text[start:]) or _money_talk(text[:start]):
            continue
        if any(s <= m.start("h") < e for s, e, _ in found):
            continue
        hour, minute, second = int(m["h"]), int(m["m"]), int(clock[:2]) * 60 + int(clock[3:5])
        if hour < 12 and (hour + 12) * 60 + minute < second:
            hour += 12  # "1.30 to 3.00" in the afternoon
        if hour * 60 + minute < second:
            out.append((m.start("h"), m.end("m"), f"{hour:02d}:{minute:02d}"))
    return out


# An hour in words ending a window after half an hour in words: "half seven till six ."
_HALF_END_WORD_RE = re.compile(rf"\s+(?:till|until)\s+(?P<w>{_HW})(?=\s*(?:$|[.,;!?]))", re.I)


# Two hours joined by a dash with am/pm after the second: "2-4pm", "1-3 pm" (the "4pm" is not read alone).
_DASH_WINDOW_RE = re.compile(
    r"(?<![\w:.,£$€/#+-])(?P<a>1[0-2]|0?[1-9])\s?[-–](?P<b>1[0-2]|0?[1-9])(?::(?P<bm>[0-5]\d))?"
    r"\s?(?P<ap>[ap])(?:m\b|\.m\.)",
    re.I,
)


def _dash_windows(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out = []
    for m in _DASH_WINDOW_RE.finditer(text):
        if any(s < m.end() and m.start() < e for s, e, _ in found) or _money_talk(text[: m.start()]):
            continue
        pm = m["ap"].lower() == "p"
        if int(m["a"]) % 12 >= int(m["b"]) % 12 and not (pm and 9 <= int(m["a"]) <= 11):
            continue  # "3-2 pm" is no window; "11-1 pm" runs over noon
        second = int(m["b"]) % 12 + (12 if pm else 0)
        first = int(m["a"]) % 12 + (12 if pm and int(m["a"]) % 12 + 12 <= second else 0)
        out += [
            (m.start("a"), m.end("a"), f"{first:02d}:00"),
            (m.start("b"), m.end(), f"{second:02d}:{m['bm'] or '00'}"),
        ]
    return out


def _range_ends(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The end of a window after a clock with am/pm or a colon, or noon, and a dash or "to": "9am-5pm",
    "9:30-11", "noon to 3"."""
    out = []
    for start, end, clock in found:
        said = text[start:end]
        opened = re.search(r"\bfrom\s+$", text[:start], re.I)
        # a clock of minutes with a full stop opens one after "from": "from 6.15 to 7 at the pool"; half an
        # hour in words before "till" or "until" opens one too: "Saturday half eight till 3"
        half = re.match(r"half\s", said, re.I) and re.match(r"\s+(?:till|until)\s", text[end:], re.I)
        noon = said.lower() in ("noon", "midday")  # "the open house runs noon to 3"
        if "-" in clock or not (
            _AM_PM_RE.search(said)
            or ":" in said
            or (opened and "." in said)
            or half
            or noon
            or said[-1:] in "apAP"
        ):
            continue
        m = _RANGE_END_RE.match(text, end)
        if not m and half and (word := _HALF_END_WORD_RE.match(text, end)):
            # "they open half seven till six": the end an hour in words, later in the day than the start
            hour, first = _hour(word["w"]), int(clock[:2])
            hour += 12 if hour <= first % 12 else 0
            if first < hour <= 23 and not any(s < word.end() and word.start("w") < e for s, e, _ in found):
                out.append((word.start("w"), word.end("w"), f"{hour:02d}:00"))
            continue
        if not m or any(s < m.end() and m.start("h") < e for s, e, _ in found):
            continue
        # "from 9 am to 12", "9:30 to 12 at weekends"; not "9 am to 12 people"
        if m["word"] and not (
            (opened or half or noon or ":" in said)
            and (m["m"] or m["ap"] or _BARE_HOUR_END_RE.match(text, m.end()))
        ):
            continue
        hour, minute, first = int(m["h"]), int(m["m"] or 0), int(clock[:2])
        if m["ap"] or m["ap1"]:
            if hour > 12:
                continue
            hour = hour % 12 + (12 if (m["ap"] or m["ap1"]).lower() == "p" else 0)
        elif hour <= 12 and (hour + 12 > first >= 12 or hour < first < hour + 12):
            hour = hour % 12 + 12  # "4:30-6" after "4:30 pm", "9:30-5:30": into the afternoon or evening
        elif not m["m"] and hour <= first % 12:
            continue  # "10:30-5" is no window in the same morning
        out.append((m.start("h"), m.end(), f"{hour:02d}:{minute:02d}"))
    return out


# A clock of four digits with "hrs" after it, as rotas and schedules write them ("1430 hrs", "0900hrs"), or
# with "hours" or "h" after a word that says when ("from 1430 hours", "until 1600h"); not "lasts 1200
# hours", "2000 hours of work".
_MILITARY_RE = re.compile(
    r"(?<![\w:.,/£$€-])(?P<h>[01]\d|2[0-3])(?P<m>[0-5]\d)\s?(?:(?P<hrs>hrs?)|hours|h)\b"
    r"(?!\s+(?:of|a|an|per|in|left|later|ago|long|away|old|each|to\s+go)\b)",
    re.I,
)
_MILITARY_CUE_RE = re.compile(r"\b(?:at|from|until|till|by|before|after|to|and|between)\s+$", re.I)


def _military_clocks(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out = []
    for m in _MILITARY_RE.finditer(text):
        cued = m["hrs"] or _MILITARY_CUE_RE.search(text, max(0, m.start() - 12), m.start())
        if cued and not any(
            a < m.end() and m.start() < b and not (m.start() <= a and b <= m.end()) for a, b, _ in found
        ):
            out.append((m.start(), m.end(), f"{m['h']}:{m['m']}"))
    return out


# The hours a place keeps, said as two clocks with no word asking for either: "8.30 till 3 on weekdays", "open
# 10 to 4 in winter", "9.30 till 4.30 daily", "6.45 to 9 in the morning and 5 to 8 in the evening". Read only
# where the sentence speaks of opening hours or answers a question about them, and not after a word that makes
# "10 to 4" ten minutes to four ("leaves at 10 to 4"), nor before a count ("open 2 to 3 nights").
_KEPT_CLOCK = rf"(?:1\d|2[0-3]|0?[1-9])(?:[:.][0-5]\d)?|\b{_HW}\b"
_KEPT_WINDOW_RE = re.compile(
    rf"(?<![\w:.,£$€/#+-])(?<!half\s)(?<!past\s)(?<!to\s)(?P<a>{_KEPT_CLOCK})\s*(?:-|–|to|till|until|til)\s*"
    # "ten till half four", "9.30 till five": hours in words, the end also half past one
    rf"(?P<b>{_KEPT_CLOCK}|\bhalf\s+(?:1[0-2]|[1-9]|{_HW})\b)(?:\s?(?P<ap>[ap])(?:m\b|\.m\.))?"
    r"(?:\s+in\s+the\s+(?P<part>morning|afternoon|evening)|\s+at\s+(?P<night>night))?"  # "8 till 10 at night"
    r"(?=\s*(?:$|[.,;!?)]|(?:on|every|daily|each|in|at|from|weekdays|weekends|and|then|except|but|all|most"
    r"|mon|tues|wednes|thurs|fri|satur|sun)\w*\b))",
    re.I,
)
# A place opening and closing, not a habit: "i work 9 to 5 on weekdays" keeps no hours; a service's hours:
# "the clinic runs 8 till 12", not "my son runs 8 till 12".
_KEPT_TALK_RE = _words(
    r"open(?:s|ing)?|clos(?:e|es|ed|ing)|hours"
    r"|(?:clinic|service|desk|office|surgery|session|class|market|line)s?\s+runs?"
)
# ... and in a question, a place opening or closing: "So you're open 10 till 4?", not "8.30 till 3, that's
# 19.5 hours?" (a sum of a person's hours).
_OPEN_TALK_RE = _words(r"open(?:s|ing)?|clos(?:e|es|ed|ing)")
# A question that asks rather than restates: it opens with the word that asks.
_ASKS_RE = re.compile(
    r"^\W*(?:(?:and|so|but)\s+)?(?:is|are|was|were|do|does|did|can|could|will|would|what|when|which|how|where|why)\b",
    re.I,
)
_KEPT_WINDOW_NOT_AFTER_RE = re.compile(
    r"\b(?:at|by|until|till|before|after|around|about|takes?|lasts?|of|ages?|aged|years?|grades?|sizes?|rooms?"
    r"|platforms?|gates?|levels?|floors?|lines?|pages?|rows?|seats?|tables?|numbers?|nos?|scores?|won|lost|beat|was)\s+$",
    re.I,
)


# The days a place keeps straight before its hours: "weekdays 8 till 4", "saturdays 10 till 2", "daily 9 to
# 5"; not a person's own habit ("i work weekdays 9 to 5").
_KEPT_DAYS_BEFORE_RE = re.compile(
    r"\b(?:weekdays|weekends|daily|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\s*,?\s*$"
    # and after "every" and a day or two, with "from": "the market is every thursday and saturday from 8
    # till 4"
    r"|\bevery\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+(?:and|or|&)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)?"
    r"\s*,?\s*from\s+$",
    re.I,
)
_OWN_HABIT_RE = _words(r"i|i'm|i\s*'m|my|me")
_TILL_JOIN_RE = _words(r"till|until|til")
_FROM_BEFORE_RE = re.compile(r"\b(?:from|between)\s+$", re.I)
_TO_JOIN_RE = _words(r"to")


def _clock_parts(said: str) -> tuple[int, int]:
    """(hour, minute) of "9.30", "5", "five" or "half four"."""
    if said.lower().startswith("half"):
        return _hour(said.split()[-1]), 30
    hour, _, minute = said.replace(".", ":").partition(":")
    return _hour(hour), int(minute or 0)


def _kept_hours(
    text: str, found: list[tuple[int, int, str]], asked_hours: bool
) -> list[tuple[int, int, str]]:
    """``found`` with the windows of hours kept read as their two clocks, in place of what was read there. A
    question proposes the hours it names where it speaks of opening hours itself ("So it's open 10 till
    4?")."""
    question = is_question(text)
    if question and _ASKS_RE.match(text):
        return found  # "is it open 9 to 5 ?" asks, it does not say
    talk = bool(_OPEN_TALK_RE.search(text)) if question else asked_hours or bool(_KEPT_TALK_RE.search(text))
    windows = []
    for m in _KEPT_WINDOW_RE.finditer(text):
        days = _KEPT_DAYS_BEFORE_RE.search(text, 0, m.start()) and not _OWN_HABIT_RE.search(text)
        # two hours joined by "till" say a window alone ("03 9281 4470 , 9 till 5 .", "7 till 10 , ...");
        # "5 till" and "10 till" are also minutes to an hour ("10 till 4" is 03:50): they need talk of hours
        till = (
            _TILL_JOIN_RE.search(m.group())
            and m["a"].lower() not in ("5", "10", "05", "five", "ten", "twenty")
            and not _FROM_BEFORE_RE.search(text, 0, m.start())  # "from 3 till 5" has rules of its own
            and not (question or _OWN_HABIT_RE.search(text))
        )
        if not (talk or till or (days and not question)):
            continue
        if _KEPT_WINDOW_NOT_AFTER_RE.search(text[: m.start()]) or _money_talk(text[: m.start()]):
            continue
        if any(s == m.start("a") for s, _, _ in found) and any(s == m.start("b") for s, _, _ in found):
            continue  # "6:30 to 23:00": both clocks read already
        (first, first_min), (second, second_min) = _clock_parts(m["a"]), _clock_parts(m["b"])
        later = (m["ap"] and m["ap"].lower() == "p") or m["part"] in ("afternoon", "evening")
        if ((m["ap"] or m["part"]) and second > 12) or (first > 12 and later):
            continue
        if m["night"]:  # "open 8 till 10 at night": the day through to the evening
            if not 6 <= second <= 11:
                continue
            second += 12
        elif later:
            second, first = second % 12 + 12, first % 12 + 12 if first % 12 < second % 12 else first
        elif not (m["ap"] or m["part"]):
            if (window := afternoon_window(first, second)) is None:
                continue
            first, second = window
            if (
                (first, first_min) == (second, second_min)
                and 6 <= first <= 11
                and not _TO_JOIN_RE.search(m.group())
            ):
                second += 12  # "open 8 till 8": the morning to the evening ("10 to 10" is ten minutes to ten)
        if (first, first_min) >= (second, second_min):
            continue
        windows.append(
            [
                (m.start("a"), m.end("a"), f"{first:02d}:{first_min:02d}"),
                (m.start("b"), m.end(), f"{second:02d}:{second_min:02d}"),
            ]
        )
    if not windows:
        return found
    kept = [f for f in found if not any(w[0][0] < f[1] and f[0] < w[1][1] for w in windows)]
    return sorted(kept + [clock for w in windows for clock in w])


# The word a place's opening hours follow straight: "open 10 to 5", "opens from 9 till 4:30", "open daily 10
# to 6". A number there is an hour, never a price, even after a price said in the sentence ("the toy museum is
# £6 , open 10 to 5").
_OPEN_BEFORE_RE = re.compile(r"\bopen(?:s|ing)?\s+(?:(?:from|daily|every\s+day)\s+)?$", re.I)


def hours_over_prices(values: list[ExtractedFact], text: str) -> list[ExtractedFact]:
    """``values`` without the numbers read as prices inside a window of opening hours read as times:
    "open 10 to 5" after "£6 ," is 10:00-17:00, not a price of 10."""
    windows = [
        f.span
        for f in values
        if f.type == "time" and "-" in f.normalised and _OPEN_BEFORE_RE.search(text, 0, f.span[0])
    ]
    return [
        f
        for f in values
        if not (
            f.type == "amount"
            and f.value[:1].isdigit()
            and any(a < f.span[1] and f.span[0] < b for a, b in windows)
        )
    ]
