"""What kind of answer a question asks for, and whether a turn holds one: "When ...?" wants a time.

A question asking when is answered by a turn that says when: a day, a date, a
time of day, or a time relative to the conversation ("yesterday", "last week",
"two days ago"). The search's time term credits such turns for such questions.
"""

import itertools
import re

# A question asking for a time: "When did ...", "What time ...", "On what day ...", "How long ago ...".
_ASKS_WHEN = re.compile(
    r"^\W*(?:when|what\s+(?:time|day|date)|(?:on|at)\s+what\s+(?:time|day|date)|how\s+long\s+ago)\b",
    re.IGNORECASE,
)
_WEEKDAYS = frozenset(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"])
# "may" is left out of the months: as a word it is far more often the verb.
_MONTHS = frozenset(
    [
        "january",
        "february",
        "march",
        "april",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ]
)
_TIME_WORDS = (
    _WEEKDAYS
    | _MONTHS
    | frozenset(
        [
            "yesterday",
            "today",
            "tonight",
            "tomorrow",
            "ago",
            "earlier",
            "later",
            "weekend",
            "morning",
            "afternoon",
            "evening",
        ]
    )
)
_RELATIVE = frozenset(("this", "last", "next"))
_SPAN_WORDS = _WEEKDAYS | frozenset(("night", "week", "month", "year", "time"))
_PUNCTUATION_TO_SPACE = str.maketrans(
    {char: " " for char in "!\"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\u2018\u2019\u201c\u201d'"}
)
_DIGIT = re.compile(r"\d")
_NUMERIC_TIME = re.compile(
    r"\b(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)"  # 7pm, 10:30 am
    r"|\d{1,2}(?:st|nd|rd|th)"  # the 3rd
    r"|(?:19|20)\d\d"  # a year
    r"|\d{1,2}[./-]\d{1,2}(?:[./-]\d{2,4})?"  # 3/4, 03.04.2025
    r")\b"
)


def asks_when(question: str) -> bool:
    """Whether the question asks for a time ("When did Sam move?", "What day is the party?")."""
    return bool(_ASKS_WHEN.search(question))


def tells_time(text: str) -> bool:
    """Whether the text says when something happens or happened.

    Words are looked up in sets and the numeric forms are searched only in a
    text holding a digit: this runs on every pooled turn of a question asking when.
    """
    words = text.lower().translate(_PUNCTUATION_TO_SPACE).split()
    present = set(words)
    if not _TIME_WORDS.isdisjoint(present):
        return True
    if not _RELATIVE.isdisjoint(present) and any(
        a in _RELATIVE and b in _SPAN_WORDS for a, b in itertools.pairwise(words)
    ):
        return True
    return _DIGIT.search(text) is not None and _NUMERIC_TIME.search(text) is not None
