"""Addresses with no postcode that open with the house, flat or floor and name the building or estate before
the road, as Kenyans write them: "House No. 14, Riverside Gardens Estate, off Kiambu Road, Nairobi", "Apt B7,
Kileleshwa Heights, Othaya Rd, Kileleshwa, Nairobi", "4th floor, Mvuli Plaza, Mvuli Rd, Westlands, Nairobi".
The line runs from the house or floor over at most two names of buildings or estates to a road with its
street word ("off" before it is part of it), then over at most two names of areas and towns to where the
clause ends. A road said alone ("the garage on Tolka Rd") and a flat with no road after it ("Flat 2 is
free") are none here."""

from __future__ import annotations

import re

from facts.extraction.places import _STREET_TYPE
from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_CAP = r"[A-Z][\w'’-]*"
_HOUSE = (
    r"(?:House|Hse|Apt|Apartment|Flat|Unit|Block|Blk|Plot)\.?\s+(?:No\.?\s*)?[A-Z]?\d{1,4}[A-Z]?"
    r"|\d{1,2}(?:st|nd|rd|th)\s+[Ff]loor"
)
_BUILDING = (
    rf"{_CAP}(?:\s+{_CAP}){{0,3}}\s+(?:Estate|Heights|Plaza|Gardens|Court|Apartments|Towers?|Centre|Center"
    r"|Residences?|Mall|House|Flats|Complex|Villas?|Park)"
)
_ROAD = rf"(?:off\s+)?{_CAP}(?:\s+{_CAP}){{0,3}}\s+(?-i:{_STREET_TYPE})"
_AREA = rf"{_CAP}(?:\s+{_CAP})?"
_ESTATE_ADDRESS_RE = re.compile(
    rf"(?<![\w-])(?:{_HOUSE}),\s+(?:{_BUILDING}),\s+(?:(?:{_BUILDING}),\s+)?{_ROAD}(?:,\s+{_AREA}){{1,2}}"
    r"(?=\s*(?:[.;:!?)]|$|,\s*(?:[a-z\d+(])|\s+(?:will|on|at|is|was|for|by|from|and|until)\b))"
)


def estate_addresses(s: _Sentence) -> list[ExtractedFact]:
    """The addresses of the module in one sentence."""
    if "," not in s.text:
        return []
    return [
        s.fact("address", "address", *m.span(), " ".join(m.group().split()))
        for m in _ESTATE_ADDRESS_RE.finditer(s.text)
    ]
