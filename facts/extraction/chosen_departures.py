"""A sailing, a tour or a train chosen by the clock it was offered at, said as "the" and that clock: "book
the 11 on tuesday please" after "the boat goes at 11 and 2", "can you book the 2 for us ?", "we 'll take the
9.40 then". The clock is the one said a few turns before, with its reading, also where it was said with
its half of the day and is chosen without it ("i 'd take the 10" after "it leaves at 10 am and 1 pm"); in
a request asked as a question too, but not in a question of which to choose ("should we take the 2 or the
11 ?"). A reply that agrees to such a clock names it too, with no word of choosing: "yes , the 10 then .",
"ok , the 9.40 please". A visit booked by its kind for the hour offered is chosen so too: "can i book a
climb for 11 tomorrow ?" after "climbs go every hour from 11".

Not "the 2 of us" (a count), "the 11 bus" (a route), nor a number no clock was said as.
"""

from __future__ import annotations

import re

from facts.extraction.text import _PLAIN, _sentence_at, is_instruction_attempt, is_question
from memadmin.providers.base import ExtractedFact, TurnText

_CHOOSES = (
    r"book(?:ed)?|reserve[ds]?|take|taking|get|catch|want|prefer|(?:go|going)\s+for|make\s+it|do"
    r"|put\s+(?:us|me|you|them|him|her)\s+(?:down\s+)?(?:on|for)"
)
_CHOSEN_RE = re.compile(
    rf"\b(?:{_CHOOSES})\s+(?:(?:us|me|them|him|her)\s+(?:on(?:to)?\s+)?)?the\s+"
    r"(?P<clock>(?:1[0-9]|2[0-3]|[1-9])(?:[.:][0-5]\d)?)"
    r"(?=\s*(?:[.,!?;]|$)|\s+(?:on|for|please|then|instead|one|tomorrow|today|tonight|this|next|if|and|or"
    r"|sailing|departure|slot|session|tour|showing|sitting|trip)\b(?!\s+(?:of|people|adults|persons)\b))",
    re.I,
)
# A visit booked by its kind and the hour it was offered at: "can i book a climb for 11 tomorrow ?" after
# "climbs go every hour from 11"; not "a table for 11" nor "two seats for 8" (a party, not a clock).
_BOOKED_FOR_RE = re.compile(
    r"\b(?:book|reserve)(?:ed)?\s+(?:(?:us|me|them|him|her)\s+)?(?:a|an|one)\s+"
    r"(?!(?:table|room|seat|place|ticket|space|spot|bed|pitch|cabin|party|group|taxi|cab)s?\b)[a-z]+\s+for\s+"
    r"(?P<clock>1[0-2]|[1-9])(?=\s*(?:[.!?]|$)|\s+(?:tomorrow|today|tonight|on|this|next|then|please)\b)",
    re.I,
)
# A reply agreeing to a clock just said or offered, with no word of choosing: "yes , the 10 then .", "the 9.40
# please"; not "yes , the 2 of us" (a count, and no clock said as "2" before).
_AGREED_RE = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|ok(?:ay)?|right|fine|great|lovely|perfect|sure|go\s+on)\W+)?(?:then\s+)?the\s+"
    r"(?P<clock>(?:1[0-9]|2[0-3]|[1-9])(?:[.:][0-5]\d)?)(?=\s+(?:then|please|one(?:\s+then|\s+please)?)\s*[.!]?\s*$)",
    re.I,
)
# A clock said with its half of the day, chosen without it: "10 am" taken up as "the 10".
_HALF_OF_DAY_RE = re.compile(r"\s*[ap]\.?\s?m\.?$", re.I)
_WITHIN_TURNS = 6
# A question that asks for the clock to be booked, not which to choose: "can you book the 2 for us ?"; not
# "should we take the 2 or the 11 ?".
_REQUEST_RE = re.compile(
    r"^\W*(?:(?:and|so|also|ok(?:ay)?)\W+)?(?:(?:can|could|would|will)\s+(?:you|we|i)\b|please\b)", re.I
)


def departures_chosen(
    turn: TurnText, said_clocks: list[tuple[int, ExtractedFact]], found: list[ExtractedFact]
) -> list[ExtractedFact]:
    """A clock said in the last few turns, chosen again as "the" and that clock (see the docstring above)."""
    content = turn.content or ""
    plain = content.translate(_PLAIN)
    recent = _recent_clocks([f for seq, f in said_clocks if turn.seq - seq <= _WITHIN_TURNS])
    out = []
    for m in [*_CHOSEN_RE.finditer(plain), *_AGREED_RE.finditer(plain), *_BOOKED_FOR_RE.finditer(plain)]:
        earlier = recent.get(m["clock"].lower())
        start, end = m.span("clock")
        if earlier is None or any(f.span[0] < end and start < f.span[1] for f in found):
            continue
        sentence = _sentence_at(plain, start)
        if is_instruction_attempt(sentence) or (is_question(sentence) and not _REQUEST_RE.match(sentence)):
            continue
        out.append(
            ExtractedFact("time", earlier.key, content[start:end], turn.seq, (start, end), earlier.normalised)
        )
    return out


def _recent_clocks(clocks: list[ExtractedFact]) -> dict[str, ExtractedFact]:
    """The clocks said lately by the text they were said as, and those said with "am" or "pm" by their text
    without it where no other clock of that text and another reading was said ("10 am and 10 pm")."""
    bare: dict[str, list[ExtractedFact]] = {}
    for f in clocks:
        if (stripped := _HALF_OF_DAY_RE.sub("", f.value.lower())) != f.value.lower():
            bare.setdefault(stripped, []).append(f)
    recent = {k: fs[-1] for k, fs in bare.items() if len({f.normalised for f in fs}) == 1}
    return recent | {f.value.lower(): f for f in clocks}
