"""The names of the months and the weekdays as people write them, whole or shortened ("March", "sept",
"Jan.", "tues", "Sat."), shared by the dates of dates.py, the weekdays of weekdays.py and the windows of hours
said after a day in time_windows.py."""

from __future__ import annotations

_MONTH = (
    r"(?:jan(?:uary|\.)?|feb(?:ruary|\.)?|mar(?:ch|\.)?|apr(?:il|\.)?|may|june?|july?|aug(?:ust|\.)?"
    r"|sep(?:tember|t\.?|\.)?|oct(?:ober|\.)?|nov(?:ember|\.)?|dec(?:ember|\.)?)(?![a-z])"
)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = "(?:" + "|".join(_WEEKDAYS) + ")"
# Weekdays as people shorten them ("mon", "tues", "thurs", "sat"), a full stop after them allowed.
_ABBREVIATED = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3}
_ABBREVIATED |= {"fri": 4, "sat": 5, "sun": 6}
_ABBR_WORD = r"(?:mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)"
_ABBR = _ABBR_WORD + r"\.?"
