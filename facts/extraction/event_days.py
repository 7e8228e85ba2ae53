"""Days counted from an event whose date is not known: "the Monday after I move", "the Friday before we
leave", "that first Monday" (of something that starts). The weekday names no day of the calendar until the
event has one, so the rules read no date rather than the weekday next after the turn."""

import re

# "the Monday after I move", "the Friday before our trip": a weekday placed by what someone does
_AFTER_EVENT_RE = re.compile(
    r"\s+(?:after|before)\s+(?:(?:I|we|you|he|she|they)\b(?!['\u2019])|(?:my|our|your|his|her|their)\s+(?!next\b)[a-z]+)",
    re.I,
)
# "that first Monday", "the first Tuesday": the first of a run that starts on a day not said here;
# "the first Monday of May" names its month, and is left to the other rules
_FIRST_OF_RUN_BEFORE_RE = re.compile(r"\b(?:that|the)\s+(?:very\s+)?first\s+$", re.I)
_MONTH_AFTER_RE = re.compile(r"\s+(?:of|in)\b", re.I)


def counted_from_event(text: str, start: int, end: int) -> bool:
    """Whether the weekday at ``text[start:end]`` is counted from an event with no date said with it."""
    if _AFTER_EVENT_RE.match(text, end):
        return bool(re.search(r"\bthe\s+$", text[:start], re.I))
    return bool(_FIRST_OF_RUN_BEFORE_RE.search(text[:start])) and not _MONTH_AFTER_RE.match(text, end)


# "I'm moving at the end of the month", "we move out end of the month": the month of a move, which the chat
# has not placed ("the month" may be the one the move was said to be in, not this one)
_MOVE_RE = re.compile(r"\b(?:mov(?:e|es|ed|ing)(?:\s+(?:out|in|house))?|relocat\w+)\b", re.I)


def month_of_a_move(text: str) -> bool:
    """Whether ``text`` speaks of a move, whose month "the end of the month" is counted in."""
    return bool(_MOVE_RE.search(text))
