"""Streets said with no house number, where their form or the question before them makes them an address:

- a street in capitals given as the whole answer to "where is it?" or "what's the address?": "Marchmont
  Crescent", "on Dunmore Place";
- a street in capitals with its town, an Australian state and a postcode: "Sturt Mall Place, Ballarat VIC
  3350";
- a street in capitals and its town after "at" or "on", ending a clause: "Saved the surgery at Marchmont
  Crescent, Edinburgh.";
- a street in lower case with its street word after "off", ending a clause, where something is: "the car
  park is round the back , off fenwick road .", "it 's just off the high street , by the bank".

Never in a question."""

from __future__ import annotations

import re

from facts.extraction.address_lines import _STREET_PART_RE
from facts.extraction.places import _CAP, _CITY
from facts.extraction.text import _about_a_place, _Sentence
from memadmin.providers.base import ExtractedFact

# Capitalised words that start a sentence and are no part of a street's name.
_NOT_A_NAME = (
    r"(?!(?:Yes|No|Saved|Noted|Booked|Added|Moved|Changed|Sent|Got|It|Its|It's|The|At|On|In|Off|Near)\b)"
)
# The words that name only a street, written whole: "Marchmont Crescent"; not a park, a centre or a venue
# named after a street ("First Ave.").
_STREET_WORD = (
    r"(?:Street|Road|Lane|Avenue|Drive|Place|Crescent|Terrace|Way|Close|Court|Square|Row|Parade|Mews|Grove"
    r"|Boulevard|Wynd)\b"
)
_STREET = rf"(?:{_NOT_A_NAME}{_CAP}\s+){{1,3}}{_STREET_WORD}"
_ANSWER_RE = re.compile(
    rf"\s*(?:(?:it'?s\s+|it\s+is\s+)?(?:at|on)\s+)?(?P<street>{_STREET}(?:,\s*{_CITY})?)\s*[.!]?\s*"
)
_STATE_RE = re.compile(
    rf"(?<![\w-])(?P<street>{_STREET},\s*{_CITY}\s+(?:VIC|NSW|QLD|ACT|TAS|NT|SA|WA)\s\d{{4}})(?![\w-])"
)
_AT_RE = re.compile(rf"\b(?:at|on)\s+(?P<street>{_STREET},\s*{_CITY})(?=\s*(?:[.!;,]|$))")
_OFF_RE = re.compile(
    rf"(?:,\s*|\s)(?:just\s+|right\s+)?off\s+(?P<street>(?:the\s+)?{_STREET_PART_RE.pattern})"
    r"(?=\s*(?:[.!;,]|$|\s(?:by|near|opposite|behind|next\s+to)\b))"
)


def named_streets(s: _Sentence) -> list[ExtractedFact]:
    """The streets of the forms above, each one fact with its span."""
    if s.question:
        return []
    text = s.text
    spans = [m.span("street") for m in _STATE_RE.finditer(text)]
    spans += [m.span("street") for m in _AT_RE.finditer(text)]
    if "address" in s.asked and s.offset == 0 and (m := _ANSWER_RE.fullmatch(text)):
        spans.append(m.span("street"))
    if not any(c.isupper() for c in text):
        spans += [m.span("street") for m in _OFF_RE.finditer(text) if not re.search(r"\d", m["street"])]
    key = "place_address" if _about_a_place(s) else "address"
    return [s.fact("address", key, a, b, " ".join(text[a:b].split())) for a, b in sorted(set(spans))]
