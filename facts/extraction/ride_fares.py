"""Fares with no currency said of a ride, where nothing else can be meant:

- a taxi or a cab for about a sum, in a statement of how to get somewhere: "or a taxi for about 8 ."; not
  "i 've booked a taxi for about 6.30" (when it comes) nor "a taxi for about 8 minutes";
- what the ride comes to, said straight after it was set for a clock: "the cab can collect at 21:45 . it
  's 7.40 to the hotel .", "the taxi firm can send a car at 11:10 . it 's about 9 ."; not "it 's about 20
  minutes";
- what a driver or a firm can do the ride for, a sum no clock can be: "they can do it for 38".

Never in a question.
"""

from __future__ import annotations

import re

from facts.extraction.checked_sums import _NOT_MONEY_AFTER_RE
from facts.extraction.desk_prices import _CLOCK_SAID_RE, _NUMBER_RE, _RIDE_RE, _price
from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_ROUGHLY = r"(?:about|around|roughly|only|just)"
# A ride for a rough sum: "a taxi for about 8"; "a cab back for around 12".
_RIDE_FOR_RE = re.compile(
    rf"\b(?:taxi|cab|minicab)s?\s+(?:(?:back|there|home|over)\s+)?for\s+{_ROUGHLY}\s+$", re.I
)
# What asks for a ride at an hour, before the ride: "book a taxi for about 6.30", "i need a cab for around 7".
_BOOKED_BEFORE_RE = re.compile(
    r"\b(?:book(?:ed|ing)?|order(?:ed|ing)?|call(?:ed|ing)?|arrang(?:e|ed|ing)|schedul(?:e|ed|ing)|need|want"
    r"|like|send|sent|sending|get\s+me|got\s+you)\s+(?:(?:me|you|us|them|him|her)\s+)?(?:an?|the|your|my)?\s*"
    r"(?:taxi|cab|minicab)",
    re.I,
)
# What the ride comes to, opening the sentence after it was set for a clock: "it 's about 9", "that 's 7.40 to
# the hotel".
_FARE_OPENS_RE = re.compile(
    rf"^\W*(?:it|that|the\s+fare)\s*(?:'s|is|will\s+be|'ll\s+be|should\s+be)\s+(?:{_ROUGHLY}\s+)?$", re.I
)
_TO_PLACE_RE = re.compile(r"\s+(?:to|from)\s+(?:the\s+)?[a-z][\w']*(?:\s+[a-z][\w']*)?\s*(?:[.,;!]|$)", re.I)
_NOT_A_PLACE_RE = re.compile(r"\s+to\s+(?:the\s+)?(?:hour|minute|half)\b", re.I)
# What a driver or a firm can do a ride for: "they can do it for 38", "we could do that for about 40".
_DO_IT_FOR_RE = re.compile(
    rf"\b(?:can|could|will|would|'ll|'d)\s+do\s+(?:it|that|this|them|the\s+(?:trip|run|ride|transfer|journey))"
    rf"\s+for\s+(?:{_ROUGHLY}\s+)?$",
    re.I,
)
_END_RE = re.compile(r"\s*(?:[.,;!]|$|\s(?:or|and|each|one\s+way|return)\b)", re.I)


def _no_clock(n: str) -> bool:
    """Is the number one no clock can be: over 24, or with 60 or more after its point?"""
    whole, _, pence = n.replace(",", "").partition(".")
    return int(whole) > 24 or (pence != "" and int(pence) >= 60)


def ride_fares(s: _Sentence) -> list[ExtractedFact]:
    """Fares with no currency in the forms of the module's docstring."""
    text = s.text
    if s.question or not re.search(r"\d", text):
        return []
    so_far = s.recent[-1][: s.offset] if s.recent else ""
    set_for_a_clock = bool(_RIDE_RE.search(so_far) and _CLOCK_SAID_RE.search(so_far))
    rides = bool(_RIDE_RE.search(f"{s.previous} {so_far} {text}"))
    out = []
    for m in _NUMBER_RE.finditer(text):
        before, after = text[: m.start()], text[m.end() :]
        if _NOT_MONEY_AFTER_RE.match(after):
            continue
        ended = _END_RE.match(after)
        ride_for = ended and _RIDE_FOR_RE.search(before) and not _BOOKED_BEFORE_RE.search(before)
        comes_to = (
            set_for_a_clock
            and _FARE_OPENS_RE.search(before)
            and (re.match(r"\s*(?:[.,;!]|$)", after) or _TO_PLACE_RE.match(after))
            and not _NOT_A_PLACE_RE.match(after)
            and m["n"] not in _CLOCK_SAID_RE.findall(so_far)
        )
        done_for = ended and rides and _DO_IT_FOR_RE.search(before) and _no_clock(m["n"])
        if ride_for or comes_to or done_for:
            out.append(_price(s, m, None, ""))
    return out
