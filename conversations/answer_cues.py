"""What kind of answer a question asks for, and whether a turn holds one: "When ...?" wants a time.

A question asking when is answered by a turn that says when: a day, a date, a
time of day, or a time relative to the conversation ("yesterday", "last week",
"two days ago"). The search's time term credits such turns for such questions.
"""

import re

# A question asking for a time: "When did ...", "What time ...", "On what day ...", "How long ago ...".
_ASKS_WHEN = re.compile(
    r"^\W*(?:when|what\s+(?:time|day|date)|(?:on|at)\s+what\s+(?:time|day|date)|how\s+long\s+ago)\b",
    re.IGNORECASE,
)
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
# "may" is left out of the months: as a word it is far more often the verb.
_MONTHS = "january|february|march|april|june|july|august|september|october|november|december"
_TELLS_TIME = re.compile(
    rf"\b(?:yesterday|today|tonight|tomorrow|ago|earlier|later|weekend|morning|afternoon|evening"
    rf"|(?:this|last|next)\s+(?:night|week|month|year|time|{_WEEKDAYS})"
    rf"|{_WEEKDAYS}|{_MONTHS}"
    r"|\d{1,2}(?::\d\d)?\s*(?:am|pm)"  # 7pm, 10:30 am
    r"|\d{1,2}(?:st|nd|rd|th)"  # the 3rd
    r"|(?:19|20)\d\d"  # a year
    r"|\d{1,2}[./-]\d{1,2}(?:[./-]\d{2,4})?"  # 3/4, 03.04.2025
    r")\b",
    re.IGNORECASE,
)


def asks_when(question: str) -> bool:
    """Whether the question asks for a time ("When did Sam move?", "What day is the party?")."""
    return bool(_ASKS_WHEN.search(question))


def tells_time(text: str) -> bool:
    """Whether the text says when something happens or happened."""
    return bool(_TELLS_TIME.search(text))
