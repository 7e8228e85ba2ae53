"""How a pinned fact reads to a person or a model: its source turns, and the date a relative value
names, so "Friday" said on Tuesday reads "Friday (Fri 23 Jan 2026)"."""

import re
from datetime import date, datetime


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
        if fact.type == "date":
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
