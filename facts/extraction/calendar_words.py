"""The names of the months as people write them, whole or shortened ("March", "sept", "Jan."), shared by
the dates of dates.py and the windows of hours said after a day in time_windows.py."""

from __future__ import annotations

_MONTH = (
    r"(?:jan(?:uary|\.)?|feb(?:ruary|\.)?|mar(?:ch|\.)?|apr(?:il|\.)?|may|june?|july?|aug(?:ust|\.)?"
    r"|sep(?:tember|t\.?|\.)?|oct(?:ober|\.)?|nov(?:ember|\.)?|dec(?:ember|\.)?)(?![a-z])"
)
