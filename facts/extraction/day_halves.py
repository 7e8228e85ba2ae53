"""Which half of the day a clock said without am/pm is in: talk of dinner, the evening or a meal out puts it
in the evening, and so does a sentence of an evening out ("a party at 8"); talk of lunch or an appointment
puts it in the afternoon; a clock said with its half of the day in the turns before tells a clock said in
words which half it is in, and a clock said with pm near a clock in digits puts that in the afternoon."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from facts.extraction.clock_words import SERVED_UNTIL
from facts.extraction.spoken_times import _EARLIER_CLOCK_RE, hour_said
from facts.extraction.text import _Sentence, _words

# A clock said with no am/pm in talk of dinner or the evening is in the evening ("a table at half six",
# "8:15 tonight" is 18:30 and 20:15), in talk of lunch or an appointment in the afternoon ("lunch at 1",
# the dentist at "a quarter past four"); the turn and the turns just before it say which, and a word of
# the morning (or an alarm) in the turn or the one before says neither.
_MEAL_TURNS = 5
_EVENING_TALK_RE = _words(
    r"dinner|supper|tonight|this\s+evening|restaurants?|a\s+table|table\s+for|dine|dining|bistro|brasserie|pub"
    r"|gastropub|trattoria|pizzeria|steakhouse|cuisine|italian|indian|chinese|thai|french|mexican|japanese|lebanese"
    r"|turkish|greek|spanish|korean|vietnamese|seafood|tapas|sushi"
    r"|gigs?"  # a band's gig is played in the evening: "We start at 8.15" after its fee
)
_LUNCH_TALK_RE = _words(r"lunch(?:time|es)?|luncheon")
# Appointments are kept in the working day: "a quarter past four" at a dentist is 16:15.
_APPOINTMENT_TALK_RE = _words(
    r"appointments?|dentist|doctor|dr|clinic|surgery|gp|salon|haircut|manicure|pedicure|barbers?|stylist|viewings?"
    r"|meetings?|meet|interview|vet|class|lesson|consultation"
    # a child's day: collected from school, daycare or after-school care in the afternoon
    r"|pick-?\s?ups?|school|daycare|childcare|nursery|kindergarten|creche|oshc"
)
_MORNING_TALK_RE = _words(r"breakfast|brunch|morning|mornings|a\.?m\.?|coffee|alarms?|wake")
# Words of the morning said in a turn, not as a greeting ("Good morning!").
_MORNING_WORDS = r"breakfast|brunch|(?<!good\s)mornings?|wake"
_MORNING_SAID_RE = _words(_MORNING_WORDS)
# The sentence itself speaks of an evening meal or an evening out: "Push my dinner reservation to 6:45" after
# an alarm was set, "a party at 8", "drinks at 9, then the gig", "the show is at 8", "Reserve for two at
# eight". Not a party of people, a third party, nor what a party is bought with ("the party shop opens at 9").
_EVENING_SAID_RE = _words(
    r"dinner|supper|tonight|this\s+evening|drinks|gigs?|concerts?|karaoke|disco|prom|night\s+out"
    r"|(?:the|a|our|their)\s+show(?!\s+(?:home|house|room|flat|me|you|us|them|him|her)\b)|showtime|performances?"
    r"|curtain\s+up"
    # a reservation for a party of people: "Reserve for two at eight", "book us for 4 at 7:30"
    r"|(?:reserve|book)\s+(?:us\s+|it\s+|(?-i:[A-Z][\w']+)\s+)?for\s+(?:two|three|four|five|six|seven|eight|nine|ten|twelve|[2-9]|1[0-2])"
    r"(?:\s+(?:people|guests|of\s+us))?(?=\s+at\b)"
    # a party of people, then its hour: "for 4 people at 8", "room for 6 guests at 7"
    r"|\bfor\s+(?:two|three|four|five|six|seven|eight|nine|ten|twelve|[2-9]|1\d)\s+(?:people|guests|of\s+us)(?=\s+at\s+\w)"
    r"|(?<!third\s)(?<!third-)(?<!search\s)part(?:y|ies)"
    r"(?!\s+(?:of|size|shop|store|supplies|favou?rs?|bags?|hats?|line|leader|members?|wall|bus|boat)\b)"
)
# A 24-hour clock in the sentence ("9.30 until 16.15", "09:58") says its other clocks are 24-hour too; a
# price is none ("a steak pie for 14.50", "£ 13.20").
_24_HOUR_RE = re.compile(
    r"(?<![\w.:£$€])(?<![£$€]\s)(?:0\d|1[3-9]|2[0-3])(?::|(?<!\bfor\s\d\d)\.)[0-5]\d(?![\w:]|[.,]\d)"
)


def meal_talked_of(recent: list[str]) -> str:
    """ "evening", "lunch" or "day" (an appointment) when these turns (the last is the one being read)
    speak of a meal out, the evening or an appointment and the last two not of the morning, else ""."""
    text = " ".join(recent)
    if _MORNING_TALK_RE.search(" ".join(recent[-2:])):
        return ""
    if _EVENING_TALK_RE.search(text) and not (
        _LUNCH_TALK_RE.search(text) and not _EVENING_TALK_RE.search(recent[-1])
    ):
        return "evening"
    return "lunch" if _LUNCH_TALK_RE.search(text) else "day" if _APPOINTMENT_TALK_RE.search(text) else ""


def evening_said(sentence: str) -> bool:
    """Does the sentence speak of an evening meal or an evening out, and not of the morning or lunch?"""
    return bool(
        _EVENING_SAID_RE.search(sentence)
        and not _MORNING_SAID_RE.search(sentence)
        and not _LUNCH_TALK_RE.search(sentence)
    )


def _after_noon(m: re.Match, hour: int, meal: str) -> bool:
    """Is a clock said with no am/pm ("half six", "8:15", "quarter past eight") in the afternoon or
    evening by the meal spoken of? Not one written as a 24-hour clock ("09:58", "0930")."""
    if not meal or m["hhmm"] or m["word"] or (m["h"] and m["h"].startswith("0")):
        return False
    return 1 <= hour <= {"lunch": 4, "day": 6}.get(meal, 9)


def _said_half_of_day(earlier: str) -> int | None:
    """The hour (0-23) of the last clock of the turns before that says its half of the day: with am/pm
    ("4 pm") or on the 24-hour clock after noon ("17:30"); None if none does."""
    hours = [
        hour_said(c) for c in _EARLIER_CLOCK_RE.finditer(earlier) if c["h24"] is None or int(c["h24"]) >= 13
    ]
    return hours[-1] if hours else None


# A clock with no half of the day said near one said with its own is in the afternoon where that puts it
# nearest a clock said with pm: "at 3:52 pm; it gets to Congress and 9th at 4:18" is 16:18, "yes 6:15 is good"
# after "6:15 p.m. tomorrow" 18:15. Near means within three hours of one in the same turn, in the order said
# ("at 9:40 and 7:30 PM" keeps 9:40 in the morning), or in the two turns before: within three hours of one
# said in the same sitting ("the bus gets in at 6:45 pm" "can Dad come at 8:30?"), within an hour of one said
# before it (the evening before "dropped him at 8.30" is another day); and not where a clock said with am is
# nearer, in a turn that speaks of the morning ("Wake me up at 6:15"), nor in a sentence of 24-hour clocks.
_SAME_TURN_REACH, _SAME_SITTING_REACH, _TURNS_BEFORE_REACH = 180, 180, 60  # minutes
_SITTING = timedelta(hours=1)  # turns said closer together than this are one sitting


def same_sitting(said_at: list[datetime]) -> int:
    """How many of the turns before the last of ``said_at`` were said in its sitting, going back from it."""
    n = 0
    for before, after in zip(reversed(said_at[:-1]), reversed(said_at[1:]), strict=True):
        if after - before > _SITTING:
            break
        n += 1
    return n


_HALF_OF_DAY = r"[ap]\.?\s?m\b|morning|afternoon"  # "7 pm", "in the morning"
_HALF_SAID_RE = re.compile(rf"{_HALF_OF_DAY}|evening|night", re.I)


def _minutes_said(c: re.Match) -> int:
    return hour_said(c) * 60 + int(c["m"] or 0)


def half_from_clocks_said(m: re.Match, end: int, clock: str, s: _Sentence) -> str:
    """``clock`` ("HH:MM", read from ``m`` up to ``end`` of the sentence) in the afternoon where a clock said
    with pm near it says so (see above), else as it is."""
    hour, minute = int(clock[:2]), int(clock[3:])
    if (
        not m["h"]
        or m["h"].startswith("0")
        or not 1 <= hour <= 11
        or _HALF_SAID_RE.search(s.text, m.start(), end)
    ):
        return clock
    if _24_HOUR_RE.search(s.text) or _MORNING_SAID_RE.search(s.turn.content or ""):
        return clock
    at, morning, afternoon = s.offset + m.start(), hour * 60 + minute, (hour + 12) * 60 + minute
    said = [(c, True, _SAME_TURN_REACH) for c in _EARLIER_CLOCK_RE.finditer(s.turn.content or "") if c["ap"]]
    before = s.recent[:-1]
    said += [
        (c, False, _SAME_SITTING_REACH if len(before) - i <= s.sitting else _TURNS_BEFORE_REACH)
        for i, text in enumerate(before)
        for c in _EARLIER_CLOCK_RE.finditer(text)
        if c["ap"]
    ]
    pm, am = [], []
    for c, here, reach in said:
        said_at = _minutes_said(c)
        if c["ap"].lower() == "a":
            am.append(abs(morning - said_at))
        elif here and (afternoon > said_at if c.start() > at else afternoon < said_at):
            continue  # clocks of one turn go on in the order said
        elif abs(afternoon - said_at) <= reach:
            pm.append(abs(afternoon - said_at))
    if pm and min(pm) < min(am, default=24 * 60):
        return f"{hour + 12:02d}:{minute:02d}"
    return clock


# In a sentence of an evening out with no half of the day said, its bare hours are the evening's and go on
# into the night in the order said: "the party is from 8 till 11" is 20:00 to 23:00, "the party starts at
# 8 and ends at 11" 20:00 then 23:00. Not where a half of the day is said or the clocks are 24-hour.
_DAY_HALF_SAID_RE = re.compile(rf"{_HALF_OF_DAY}|noon|midday|midnight", re.I)


def evening_hours(text: str, found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """``found`` (start, end, "HH:MM") with the bare hours of an evening out in the evening (see above)."""
    if not evening_said(text) or _DAY_HALF_SAID_RE.search(text) or _24_HOUR_RE.search(text):
        return found
    out, evening = [], False
    for start, end, clock in found:
        hour = int(clock[:2]) if clock[:2].isdigit() and clock[2:3] == ":" and len(clock) == 5 else None
        if hour is not None and (5 <= hour <= 9 or (evening and 10 <= hour <= 11)):
            clock = f"{hour + 12:02d}{clock[2:]}"
        evening = hour is not None and 17 <= int(clock[:2]) <= 23
        out.append((start, end, clock))
    return out


# What a bare clock is said of puts it after noon where nothing says the morning: a closing hour ("Close is
# ten", "we shut at 7", "closing time's 9:30", "closes at ten to five" by the hour named) from 5 to 11; the
# last entry or orders of the day ("last entry is at 10 to 4") from 1 to 9; a booking ("book us for 2:45",
# "a table for 3 at 1:15", "a reservation at 4:30") from 1 to 6; a British half hour in the day's plans
# ("leave at half two") from 1 to 4; a game ("tip-off is at 7", "kick off at 8") or a show's doors ("Doors at
# 6.45") from 1 to 9. Opening hours
# ("opens at ten"), a 24-hour clock ("09:30") and a clock near a word of the morning ("the 6:15 train, early",
# "breakfast") stay as said, and so does an hour said just after a morning clock ("in by 7:40, the gate shuts
# at 8").
_CLOSING_BEFORE_RE = re.compile(
    # "Closing is at 6", not "the closing is at 10" (a sale's)
    r"\b(?:clos(?:e|es)|closing(?:\s+time|(?=\s+at\b)|(?<!the\sclosing)(?=(?:\s+is|\s*'s|\s+will\s+be)\s+at\b))"
    r"|shut(?:s|ting)?(?:\s+up)?|last\s+orders"
    r"|open\s+(?:until|till|til))"
    r"\s*(?:(?:is|'s|are|will\s+be)\s+)?(?:(?:at|by)\s+)?(?:(?:around|about|roughly)\s+)?$"
    rf"|{SERVED_UNTIL}$",  # "the kitchen serves until 10"
    re.I,
)
# The last of a day's visits, rounds or sessions, before its hour: "last entry is at 10 to 4", "last admission
# 3.45", "last swim at 5.15", "the last tour of the day is at 4". Not the last train or bus, which runs late.
_LAST_CALL_BEFORE_RE = re.compile(
    r"\blast\s+(?:entry|entries|admissions?|orders|sittings?|swims?|tours?|sessions?|lessons?|class(?:es)?"
    r"|appointments?|bookings?|rides?|shows?|performances?|screenings?|showings?|tee\s+times?)"
    r"(?:\s+of\s+the\s+day)?"
    r"\s*(?:(?:is|'s|are)\s+)?(?:(?:at|by)\s+)?(?:(?:around|about|roughly)\s+)?$",
    re.I,
)
_BOOKING_BEFORE_RE = re.compile(
    r"\b(?:(?:book|reserve)(?:ed|ing)?\s+(?:(?:us|me|it|them|him|her|one|a\s+table)\s+)?(?:in\s+)?for"
    r"|(?:a\s+)?table\s+for\s+(?:\w+\s+)?at|(?:reservation|booking|appointment)\s+(?:for\s+\w+\s+)?(?:is\s+)?at)"
    r"\s+(?:(?:around|about)\s+)?$",
    re.I,
)
# The words a game starts with, before its hour ("kick off at 8", "tip-off is at 7").
GAME_START = r"kick(?:s|ed)?[\s-]?off|tip(?:s|ped)?[\s-]?off|first\s+pitch|puck\s+drop|face[\s-]?off"
_GAME_BEFORE_RE = re.compile(
    rf"\b(?:{GAME_START})\s*(?:(?:is|'s)\s+)?(?:(?:at|:)\s*)?(?:(?:around|about)\s+)?$",
    re.I,
)
# An event's doors, said alone before their hour, open for a show: "Doors at 6.45", "doors are from 7",
# "doors: 7.30"; not a shop's "doors open at 8".
_DOORS_BEFORE_RE = re.compile(
    r"\bdoors\s*(?:(?:are|'re)\s+)?(?:(?:at|from)\s+|:\s*)?(?:(?:around|about)\s+)?$", re.I
)
# The nights or evenings an hour is kept on, said after it: "opens at 7 most nights", "a quiz at 8 every
# evening", "till 11 on weeknights".
_NIGHTS_AFTER_RE = re.compile(
    r"\s+(?:(?:most|some|every|each|on|all)\s+(?:nights?|evenings?|weeknights|weekday\s+evenings)|nightly"
    r"|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:nights|evenings))\b",
    re.I,
)
# "Doors open at 7" in talk of a show, a gig or tickets (this turn and the two before): the doors of the
# show, in the evening; a shop's "doors open at 8" keeps its morning.
_DOORS_OPEN_BEFORE_RE = re.compile(r"\bdoors\s+(?:will\s+)?open\s+(?:at\s+)?(?:(?:around|about)\s+)?$", re.I)
_SHOW_TALK_RE = _words(
    r"shows?|concerts?|gigs?|tickets?|comedy|plays?|theatre|theater|performances?|bands?|festival|screening"
    r"|premiere|quiz|recital|opera|ballet|musical|dj|live\s+music"
)


def show_doors(before: str, s: _Sentence) -> bool:
    """Is the hour after ``before`` that of a show's doors ("Doors open at 7" after "tickets for the gig")?"""
    return bool(_DOORS_OPEN_BEFORE_RE.search(before)) and any(_SHOW_TALK_RE.search(t) for t in s.recent[-3:])


_HALF_PLANS_BEFORE_RE = re.compile(r"\b(?:at|by|from|until|till|around|about|for|after|before)\s+$", re.I)
_MORNING_NEAR_RE = _words(rf"{_MORNING_WORDS}|a\.?m\.?|early|dawn|sunrise|alarms?")
_NIGHT_NEAR_RE = _words(r"night|midnight|late|bed|home|overnight")


def half_by_what(m: re.Match, clock: str, s: _Sentence) -> str:
    """``clock`` ("HH:MM", read from ``m`` in the sentence ``s``) after noon where what it is said of puts it
    there (see above), else as it is."""
    hour, text = int(clock[:2]), s.text
    if not 1 <= hour <= 11 or m["hhmm"] or m["word"] or (m["h"] and m["h"].startswith("0")):
        return clock
    nightly = _NIGHTS_AFTER_RE.match(text, m.end())  # "most nights" says no half of the day of its own
    said = text[
        m.start() : m.end() if nightly else m.end() + 20
    ]  # the half of the day said with it: "ten to noon"
    if _24_HOUR_RE.search(text) or _HALF_SAID_RE.search(said) or _DAY_HALF_SAID_RE.search(said):
        return clock
    if _MORNING_NEAR_RE.search(" ".join(s.recent[-2:])):
        return clock
    # "in by 7:40, the gate shuts at 8": the hour just after a clock of the morning said before it
    said = [int(c["h24"]) for c in _EARLIER_CLOCK_RE.finditer(text, 0, m.start()) if c["h24"] is not None]
    if any(1 <= h <= 11 and 0 <= hour - h <= 1 for h in said):
        return clock
    before = text[max(0, m.start() - 40) : m.start()]
    # "closes at ten to five": the hour named as well as the one the minutes count back from
    named = hour % 12 + 1 if m["rel"] and m["dir"].lower() in ("to", "till", "til", "of") else hour
    closing, last_call = _CLOSING_BEFORE_RE.search(before), _LAST_CALL_BEFORE_RE.search(before)
    if nightly:
        later = True  # "the cellar bar opens at 7 most nights"
    elif closing or last_call:  # a closing hour from 5 to 11, the last entry or orders from 1 to 9
        later = any((closing and 5 <= h <= 11) or (last_call and 1 <= h <= 9) for h in (hour, named))
    elif _GAME_BEFORE_RE.search(before) or _DOORS_BEFORE_RE.search(before) or show_doors(before, s):
        later = 1 <= hour <= 9
    elif m["half"]:
        later = bool(_HALF_PLANS_BEFORE_RE.search(before)) and hour <= 4 and not _NIGHT_NEAR_RE.search(text)
    else:
        later = bool(_BOOKING_BEFORE_RE.search(before)) and hour <= 6
    return f"{hour + 12:02d}{clock[2:]}" if later else clock
