"""How a pinned fact reads to a person or a model: its source turns, and the date a relative value
names, so "Friday" said on Tuesday reads "Friday (Fri 23 Jan 2026)"."""

import re
from datetime import date, datetime, timedelta


def turns_label(fact) -> str:
    """ "turn 31", or "turn 31, said again at turn 32" for a value stated and then confirmed."""
    first, *again = fact.turns
    if not again:
        return f"turn {first}"
    return f"turn {first}, said again at turn{'s' if len(again) > 1 else ''} {', '.join(map(str, again))}"


def resolved_value(fact) -> str:
    """The date or time a relative value names, for the reader: " (Fri 23 Jan 2026)"."""
    normalised = fact.normalised
    if fact.type not in ("date", "time") or not normalised:
        return ""
    try:
        if fact.type == "date" and (period := _period(fact.value, date.fromisoformat(normalised))):
            shown = period
        elif fact.type == "date":
            shown = f"{date.fromisoformat(normalised):%a %-d %b %Y}"
        elif "T" in normalised:
            shown = f"{datetime.fromisoformat(normalised):%a %-d %b %Y %H:%M}"
        elif not re.search(r"\d", fact.value):
            shown = normalised  # "half past two" (14:30)
        else:
            return ""
    except ValueError:
        return ""
    said = " ".join(fact.value.lower().split())
    if shown.lower() == said or re.search(r"\b(?:19|20)\d\d\b", said) or normalised.lower() == said:
        return ""  # already absolute as said
    return f" ({shown})"


def _period(said: str, last_day: date) -> str:
    """A week or a month as its days ("this week" is "23–29 Mar 2026"); the extractor keeps its last
    day, so the reader sees the whole span, never a single day it did not name."""
    words = said.lower()
    if re.search(r"day\b|\d", words.replace("weekday", "")) and "weekend" not in words:
        return ""  # "Thursday next week", "the 3rd": one day
    if re.search(r"\bweek\b", words) and not re.search(r"\bend\s+of\b", words):
        first = last_day - timedelta(days=6)
    elif re.search(r"\bweekend\b", words):
        first = last_day - timedelta(days=1)
    elif re.search(r"\bmonth\b", words) and not re.search(r"\bend\s+of\b|\d", words):
        first = last_day.replace(day=1)
    else:
        return ""
    if first.month == last_day.month:
        return f"{first.day}\u2013{last_day:%-d %b %Y}"
    return f"{first:%-d %b}\u2013{last_day:%-d %b %Y}"
