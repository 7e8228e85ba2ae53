"""Which half of the day a clock said without am/pm is in: talk of dinner, the evening or a meal out puts it
in the evening, talk of lunch or an appointment in the afternoon, and a clock said with its half of the day
in the turns before tells a clock said in words which half it is in."""

from __future__ import annotations

import re

from facts.extraction.spoken_times import _EARLIER_CLOCK_RE
from facts.extraction.text import _words

# A clock said with no am/pm in talk of dinner or the evening is in the evening ("a table at half six",
# "8:15 tonight" is 18:30 and 20:15), in talk of lunch or an appointment in the afternoon ("lunch at 1",
# the dentist at "a quarter past four"); the turn and the turns just before it say which, and a word of
# the morning (or an alarm) in the turn or the one before says neither.
_MEAL_TURNS = 5
_EVENING_TALK_RE = _words(
    r"dinner|supper|tonight|this\s+evening|restaurants?|a\s+table|table\s+for|dine|dining|bistro|brasserie|pub"
    r"|gastropub|trattoria|pizzeria|steakhouse|cuisine|italian|indian|chinese|thai|french|mexican|japanese|lebanese"
    r"|turkish|greek|spanish|korean|vietnamese|seafood|tapas|sushi"
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
# A 24-hour clock in the sentence ("9.30 until 16.15", "09:58") says its other clocks are 24-hour too.
_24_HOUR_RE = re.compile(r"(?<![\w.:])(?:0\d|1[3-9]|2[0-3])[:.][0-5]\d(?![\w:]|[.,]\d)")


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
        int(c["h24"]) if c["h24"] is not None else int(c["h"]) % 12 + (12 if c["ap"].lower() == "p" else 0)
        for c in _EARLIER_CLOCK_RE.finditer(earlier)
        if c["h24"] is None or int(c["h24"]) >= 13
    ]
    return hours[-1] if hours else None
