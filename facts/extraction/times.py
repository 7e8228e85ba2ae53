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

from facts.extraction.bare_hours import _ALARM_RE, _ISH_RE, _bare_hour, _replaces_clock, replaced_hour
from facts.extraction.clock_lookalikes import (
    _COUNTED_BEFORE_RE,
    _RACE_TIME_RE,
    _RATIO_RE,
    _SCORE_TALK_RE,
    _named_only_to_ask,
    _window_or_score,
    price_then_another,
)
from facts.extraction.clock_words import (
    _BARE_HOUR_END_RE,
    _HOUR_WORDS,
    _HW,
    _MW,
    _NOON_WORDS,
    _SPOKEN_MINUTES,
    _TYPED_WEEKDAY,
    _hour,
    _money_talk,
    noon_in_a_name,
)
from facts.extraction.cued_clocks import _before_event, _cued_clock, _four_digit_clock, _hour_of_event
from facts.extraction.day_halves import (
    _24_HOUR_RE,
    _after_noon,
    _said_half_of_day,
    evening_hours,
    evening_said,
    half_by_what,
    half_from_clocks_said,
)
from facts.extraction.half_hours import HALF_CUE_RE, half_said_as_clock
from facts.extraction.listed_hours import _alternatives, _said_as_choice
from facts.extraction.overnight_hours import next_morning
from facts.extraction.proposed_hours import (
    proposed_near,
)
from facts.extraction.shift_hours import shift_windows
from facts.extraction.spoken_times import (
    _nearest_half,
    spoken_clocks,
)
from facts.extraction.text import _Sentence, _words
from facts.extraction.time_windows import (
    _bare_windows,
    _dash_windows,
    _dotted_starts,
    _kept_hours,
    _military_clocks,
    _range_ends,
    _range_starts,
    afternoon_end,
)
from memadmin.providers.base import ExtractedFact

_MINUTE_WORDS = {"five": 5, "ten": 10, "twenty": 20, "twenty-five": 25, "twenty five": 25}


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
        *("late", "later", "earlier", "new", "same", "other", "one", "no", "big", "small", "direct"),
    )
)
# ... and after "only" ("the only one"), but for the hour it is: "it 's only one now", "it is only one"
_ONE_AS_A_WORD += r"(?<!(?<!s\s)\bonly\s)"
_ONE_AS_A_WORD = rf"(?:(?!one\b)|{_ONE_AS_A_WORD})"
_GERMAN_HW = r"eins|zwei|drei|vier|f(?:ü|ue)nf|sechs|sieben|acht|neun|zehn|elf|zw(?:ö|oe)lf"
_TIME_RE = re.compile(
    rf"""
    (?<![\w:.,£$€/-])
    (?:
        # noon and midnight, their "12" run into them as typed ("12noon"); as Filipinos write them, 12NN, 12MN
        \b(?P<word>(?:12\s*|twelve\s+)?(?:noon|midday|midnight)(?:-?ish)?|12\s?(?-i:NN|MN))\b
      | \b(?P<halb>halb)\s+(?P<halbh>{_GERMAN_HW})\b                   # "um halb sieben": 6:30
      | \b(?P<half>half)\s+(?P<halfh>1[0-2]|[1-9]|{_HW})\b            # "at half six"
            # "half six to seven", "at half one to beat the traffic"; not "half past", "half to each"
            (?!\s*(?:past|to(?!\s+(?:half\s+)?(?:1[0-2]|[1-9]|{_HW})\b|\s+(?:beat|miss|avoid|catch|get|make|be)\b)|an?|hours?|of|the|dozen|price|time|way|board|term|miles?|pints?|people|persons?|guests?
            |adults?|children|kids|tickets?|seats?|rooms?|nights?|days?|weeks?|months?|years?|minutes?|mins?)\b)
      | (?P<rel>half|(?:a\s+)?quarter|(?P<mins>[1-5]?\d|twenty[\s-]five|twenty|ten|five)(?:\s+minutes)?)
            \s+(?P<dir>past|to|after|till|til|of)\s+(?P<rh>1[0-2]|0?[1-9]|{_HW}|noon|midday|midnight)(?![\w:])
            # not a range of counts: "for 10 to 12 year olds", "fits 10 to 12 people", "5 to 7 working days"
            (?!\s*(?:(?:(?:working|business|school|calendar|more|extra|further)\s+)?
            (?:years?|year[\s-]olds?|yrs|people|persons?|guests?|adults?|kids|children|players|points?|goals?
            |minutes?|mins?|hours?|days?|nights?|weeks?|months?|miles?|km|pounds?|dollars?|euros?|per\s*cent)\b|%))
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
# After an hour written with one letter of its half, the other end of a range written the same way: "7a-3p".
_ONE_LETTER_RANGE_RE = re.compile(
    r"\s*(?:-|\u2013|to|until|till)\s*(?:1[0-2]|0?[1-9])(?::[0-5]\d)?[ap](?![\w'\u2019])", re.I
)
_CALL_RE = _words(r"call(?:s|ing|ed)?|call-?backs?|ring|phone")


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


# Money said in a sentence: "ten forty-five" there is a price as often as a clock.
_MONEY_SAID_RE = re.compile(
    r"[£$€¥₹₦₱]|\b(?:dollars?|bucks|pounds?|quid|euros?|cents?|pence|price|costs?|pay|paid)\b", re.I
)


_GERMAN_HOURS = {"eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fuenf": 5, "sechs": 6, "sieben": 7, "acht": 8}
_GERMAN_HOURS |= {"neun": 9, "zehn": 10, "elf": 11, "zwoelf": 12}


# Before a clock with a dot, what books or fixes it ("book it for 12.30", "order for 6.30", "get them there
# for 4.15", "book the second one too , for 10.30", "the viewing is 5.45"), or the day it is on and a comma
# ("the first slot tomorrow , 7.30 ,", "the same day , 4.30 ,").
_DOTTED_CLOCK_BEFORE_RE = re.compile(
    r"\b(?:book(?:ed|ing)?|order(?:ed)?|reserve[ds]?|table|slot|get\s+(?:\w+\s+){1,2}there|deliver\w*|collect\w*"
    r"|pick\s*(?:\w+\s+)?up)\b[^.?!,]{0,24}(?:\bfor|,\s*for)\s+$"
    rf"|\b(?:today|tomorrow|tonight|same\s+day|{_TYPED_WEEKDAY})\s*,\s*$"
    # what is fixed at a clock and never priced so: "the appointment is 2.15 on the 9th", "check-in 's 3.30"
    r"|\b(?:appointment|appt|meeting|interview|viewing|check-?in|check-?out|pick-?up|drop-?off|kick-?off)"
    r"\s*(?:is|'s|was|starts|begins)\s+(?:now\s+)?(?:at\s+)?$"
    # what arrived or was done at it, typed with no "at": "the parts came 10.40", "van picked up 9.15",
    # "trailer back 4.45", "set up 7.30"
    # (not a sum something came to: "it came 12.50 with postage", "the bill came 30.20")
    r"|(?<!\bit\s)(?<!\ball\s)(?<!\bthat\s)(?<!\bbill\s)(?<!\btotal\s)(?<!\bwhich\s)"
    r"\b(?:came|arrived|landed|back|picked\s+up|dropped\s+off|delivered|collected|set\s+up)\s+$"
    r"|\bcurtain\s+up\s+(?:(?:is|'s)\s+)?(?:at\s+)?$",  # "curtain up 7.45", as a theatre says its start
    re.I,
)

# What a party is counted for, just before "for 3 tonight": a table, seats, or a clock said ("20:30 for 2").
_PARTY_BEFORE_RE = re.compile(
    r"(?:\b(?:tables?|seats?|places?|spaces?)\b(?:\s+\w+){0,2}|\d[:.]\d\d(?:\s*[ap]m)?)\s+for\s+$", re.I
)
# A clock said after "at" straight after a day: "for 2 tonight at 19:45", "for 4 tonight , at 8".
_AT_CLOCK_AFTER_RE = re.compile(
    rf"\s*,?\s*at\s+(?:\d|(?:noon|midday|half|quarter|{_HW})\b)",
    re.I,
)


def _dotted_clock(m: re.Match, text: str, asked_time: bool) -> bool:
    """Is "4.30" a clock where no money is said: after what books it or the day it is on (above), or first in
    the answer to a question for a time, then a comma, "or" or the end ("7.45, and ...", "4.15 or 16:40")?"""
    if _MONEY_SAID_RE.search(text) or int(m["h"]) > 23 or int(m["m"]) % 5:
        return False
    if _DOTTED_CLOCK_BEFORE_RE.search(text, 0, m.start()):
        return True
    first = not text[: m.start()].strip(" ,")
    return asked_time and first and bool(re.match(r"\s*(?:[,;.!]|or\b|$)", text[m.end() :]))


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
        return m.end(), "00:00" if re.search(r"midnight|MN", m["word"], re.I) else "12:00"
    suffix = _SUFFIX_RE.match(text, m.end())
    ap = (suffix["ap"] or "").lower().replace(".", "").replace(" ", "")
    ap = ap or (f"{suffix['inap'].lower()}m" if suffix["inap"] else "")  # "11:30 in the AM"
    lead = _ONE_LETTER_LEAD_RE.search(text, 0, m.start()) or _ONE_LETTER_RANGE_RE.match(text, suffix.end())
    if suffix["ap1"] and ((m["m"] and m["sep"] == ":") or lead):
        ap = f"{suffix['ap1'].lower()}m"  # "6:30p", "at 7a", "7a-3p"; not "Flat 7a" nor "seat 14a"
    part = suffix["part"] or suffix["part2"] or suffix["night"] or ("night" if suffix["tonight"] else "")
    part = part.lower()
    booked = False  # a clock with a dot read by what books it (_dotted_clock): from 1 to 6, after noon
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
                if mins.isdigit() and price_then_another(text, m.start()):
                    return None  # "entry is 6.80 , or 5 after 3 pm": a price for after three
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
            if (
                suffix["tonight"]
                and not (m["m"] or ap)
                and re.search(r"\bfor\s+$", text[: m.start()], re.I)
                and (
                    _AT_CLOCK_AFTER_RE.match(text, suffix.end()) or _PARTY_BEFORE_RE.search(text[: m.start()])
                )
            ):
                # "a table for 1 tonight at 19:45": the party, then the day and its clock; "a table for 3
                # tonight", "it has 20:30 for 2 tonight": the party of a table or of a clock just said
                return None
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
            booked = not clock_said and m["sep"] == "." and _dotted_clock(m, text, asked_time)
            clock_said = clock_said or booked
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
    if suffix["tonight"] and not (ap or suffix["part"] or suffix["part2"] or suffix["night"]) and hour > 12:
        part, end = "", m.end()  # "at 17:45 tonight": a clock of the 24-hour day, and the day after it
    if (ap or part) and hour > 12:
        return None
    if ap == "pm" or part in ("afternoon", "evening") or (part == "night" and hour >= 6):
        hour = hour % 12 + 12
    elif ap == "am" or part == "morning" or part == "night":
        hour = hour % 12
    elif (
        _after_noon(m, hour, meal)
        or (booked and 1 <= hour <= 6)
        or (
            ((m["h"] and not m["m"]) or (m["hw"] and not m["hwm"]))  # a bare hour: "at 3", "around ten"
            and (hour <= 6 or re.search(r"\b(?:afternoon|evening)\b", text, re.I))
            and hour < 12
            and not _24_HOUR_RE.search(text)
            and not _ALARM_RE.search(text)  # "an alarm for 6" wakes one in the morning
        )
    ):
        hour += 12
    in_words = m["half"] or m["rel"] or (m["hw"] and m["hwm"])  # "half five", "ten to six", "three-thirty"
    if in_words and not (ap or part) and hour < 12 and (other := _said_half_of_day(earlier)) is not None:
        hour = _nearest_half(hour, other)  # "Move it to half five." after "the call at 4 pm": 17:30
    near = _replaces_clock(m, text, earlier) or proposed_near(m, text, earlier)
    if near and (replaced := replaced_hour(m, text, earlier)) is not None and hour < 12:
        # "at 10 instead" after "pick-up at 9 pm", "later, like 9?" after "the 6:50 pm": the half of the day
        # of the clock it replaces
        hour = _nearest_half(hour, replaced)
    return end, f"{hour:02d}:{minute:02d}"


def _time_key(text: str, start: int) -> str:
    """The key of a time: "callback_time" after a call word that is not negated ("call you at 3pm",
    but not "don't call me before 10am", which is a preference)."""
    before = text[max(0, start - 40) : start]
    call = _CALL_RE.search(before)
    negated = call and re.search(r"\b(?:don'?t|do\s+not|never|not)\s+$", before[: call.start()], re.I)
    return "callback_time" if call and not negated else "time"


def _times(s: _Sentence) -> list[ExtractedFact]:
    """Single times, and windows ("between 8am and 12pm", "7am to 1pm") as one fact "08:00-12:00"."""
    found = []
    evening_here = evening_said(s.text)
    pos, meal = 0, "" if _24_HOUR_RE.search(s.text) else "evening" if evening_here else s.meal
    while m := _TIME_RE.search(s.text, pos):
        pos = m.end()
        if found and m.start() < found[-1][1]:
            continue
        earlier, turn_before = s.earlier, s.turn.content[: s.offset]
        if clock := _clock(m, s.text, "time" in s.asked, meal, earlier, turn_before):
            half = half_from_clocks_said(m, clock[0], clock[1], s)
            found.append((m.start(), clock[0], next_morning(m, half_by_what(m, half, s), s, evening_here)))
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
    found = found + _range_starts(s.text, found, "hours" in s.asked)
    found = found + _dotted_starts(s.text, found)
    found = found + _range_ends(s.text, found)
    found = found + shift_windows(s.text, found)
    found = found + _alternatives(s.text, found)
    found = sorted(found + _bare_windows(s.text, meal, found, "time" in s.asked), key=lambda f: f[0])
    found = evening_hours(s.text, found)
    found = [
        f for f in found if not _named_only_to_ask(s.text, f[0]) and not _RACE_TIME_RE.search(s.text, 0, f[0])
    ]
    out, i = [], 0
    while i < len(found):
        start, end, clock = found[i]
        between = re.search(r"\b(?:between|btw)\s+$", s.text[:start], re.I)
        joiner = s.text[end : found[i + 1][0]].strip().lower() if i + 1 < len(found) else None
        if joiner in ("-", "to", "until", "till") or (joiner == "and" and between):
            start = between.start() if between else start
            second = afternoon_end(clock, found[i + 1][2], s.text[found[i + 1][0] : found[i + 1][1]])
            end, clock, i = found[i + 1][1], f"{clock}-{second}", i + 1
        out.append(s.fact("time", _time_key(s.text, start), start, end, clock))
        i += 1
    return out
