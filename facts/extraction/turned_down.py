"""Days turned down: "Tomorrow's too late.", "Friday doesn't work for me.", "I can't do Monday.", "I won't
make it today.", "I work tomorrow.", "Thursday is fully booked." name a day that is not chosen, "10:20 won't
work", "Quarter past 8 is too late" and "8:30 pm. No, 9." a clock, and a value turned down is no value of the
conversation."""

from __future__ import annotations

import re

# What is said straight after a day that turns it down; "booked" and "full" only of a day (a clock said
# to be full, "Sorry, 8 pm is full.", is still the hour the place keeps).
_TURNED_DOWN_AFTER = (
    r"(?:(?:'s|\s+is|\s+are|\s+was|\s+would\s+be)?\s+(?:too\s+(?:early|late|soon|far(?:\s+out)?)|no\s+good|not\s+good"
    r"{taken})\b"
    # "Friday's hard, can it be Monday?", "Monday is tricky for me.": a word of trouble that ends its clause
    r"|(?:\s?'s|\s+is|\s+would\s+be)\s+(?:a\s+bit\s+|really\s+|quite\s+|very\s+)?"
    r"(?:hard|tricky|difficult|awkward|bad|impossible|not\s+possible)"
    r"(?:\s+for\s+(?:me|us|him|her|them))?\s*(?:$|[,.;!?]|\s+(?:but|so|though)\b)"
    r"|\s+(?:doesn'?t|does\s+not|won'?t|will\s+not|wouldn'?t|would\s+not)\s+work\b)"
    r"(?!\s+(?:if|unless)\b)"  # "Monday's too late if it rains again": turned down only on a condition
)
_TURNED_DOWN_AFTER_RE = re.compile(
    _TURNED_DOWN_AFTER.format(taken=r"|(?:fully\s+)?booked(?:\s+up)?|full"), re.I
)
_CLOCK_TURNED_DOWN_AFTER_RE = re.compile(_TURNED_DOWN_AFTER.format(taken=""), re.I)
# "The 6.38 is too early.": a service named by its clock, which runs whether or not it is taken.
_SERVICE_BEFORE_RE = re.compile(r"\bthe\s+$", re.I)
# What is said straight before a day that turns it down.
_TURNED_DOWN_BEFORE_RE = re.compile(
    r"\b(?:can'?t|cannot|can\s+not|couldn'?t)\s+(?:do|make)\s+$"
    # "I won't make it today.", "we can't make it Friday after all"
    r"|\b(?:won'?t|will\s+not|wouldn'?t|can'?t|cannot|couldn'?t)\s+(?:be\s+able\s+to\s+)?make\s+it\s+(?:in\s+)?$"
    r"|\bI(?:'m|\s+am)\s+(?:busy|working|(?:stuck\s+)?at\s+work)\s+$"  # "I'm stuck at work Monday morning."
    r"|\bI\s+work\s+$",  # "I work tomorrow."
    re.I,
)

# A clock taken back straight after it is said, for another clock: "8:30 pm. No, 9.", "6:10, actually 6:20",
# "4:45. Sorry, make it 4:40". Not "9 pm? No, that's fine." (no clock after it).
_TAKEN_BACK_AFTER_RE = re.compile(
    r"\s*[.,;!]\s*(?:no|nope|actually|sorry|wait|no\s+wait|scratch\s+that)\s*[,.]?\s+(?:make\s+it\s+|let'?s\s+say\s+)?"
    r"(?:\d{1,2}(?::\d\d)?(?:\s?[ap]\.?m\.?)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon)"
    r"\s*(?:$|[.!,;])",
    re.I,
)


def turned_down(text: str, start: int, end: int) -> bool:
    """Is the day said at ``start:end`` of ``text`` turned down there?"""
    return bool(
        _TURNED_DOWN_AFTER_RE.match(text, end)
        or _TURNED_DOWN_BEFORE_RE.search(text[max(0, start - 30) : start])
    )


def clock_turned_down(text: str, start: int, end: int) -> bool:
    """Is the clock said at ``start:end`` of ``text`` turned down there ("10:20 won't work", "Half past 8 is
    too late", "I can't do 4:30")?"""
    if _SERVICE_BEFORE_RE.search(text[max(0, start - 5) : start]):
        return False
    return bool(
        _CLOCK_TURNED_DOWN_AFTER_RE.match(text, end)
        or _TURNED_DOWN_BEFORE_RE.search(text[max(0, start - 30) : start])
        or _TAKEN_BACK_AFTER_RE.match(text, end)
    )
