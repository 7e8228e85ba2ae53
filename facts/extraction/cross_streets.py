"""Two streets that cross, said as Americans give a place: "at 15th Street and Wazee", "Congress and 9th",
"the corner of Westlake and Denny", "the intersection of Main and 3rd".

After "corner of" or "intersection of" both names may be bare ("Westlake and Denny"). After a word that
places something ("at", "near", "from", "to", "on", "off") one of the two must show it is a street: a
street word ("15th Street", "Oak Ave"), a numbered street ("9th", "W 32nd") or a side of town before its
name ("North Lamar and Koenig"; not a region, "from North Carolina and Virginia"). Not two numbered days
("the 9th and 10th"), not a month or a weekday ("from March and 9th"), not people ("at Kim and Ray's"),
and not in a question that asks ("What's good near Main and 3rd?"; "Is it at Main and 3rd?" proposes it,
and states it).
"""

from __future__ import annotations

import re

from facts.extraction.places import _STREET_TYPE
from facts.extraction.text import _about_a_place, _Sentence
from memadmin.providers.base import ExtractedFact

_NOT_A_NAME = (
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August"
    r"|September|October|November|December|Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun|Monday|Tuesday"
    r"|Wednesday|Thursday|Friday|Saturday|Sunday|Mr|Mrs|Ms|Dr|I|The|A|An|My|Your|His|Her|Their|Our|This|That)\b"
)
_NAME = rf"(?!{_NOT_A_NAME})(?-i:[A-Z][a-z]+)(?:\s(?!{_NOT_A_NAME})(?-i:[A-Z][a-z]+))?"
_ORDINAL = r"(?:(?-i:[NSEW])\.?\s)?\d{1,3}(?:st|nd|rd|th)(?![\w-])"
_TYPED = rf"\s{_STREET_TYPE}"
# "North Lamar", "South Congress": a street named with its side of town, not a region ("North Carolina",
# "South Africa", "East London", "the West End").
_REGION = (
    r"(?:Carolina|Dakota|Africa|America|Korea|Wales|Island|Yorkshire|London|Sussex|Coast|Europe|Asia|Virginia"
    r"|Bank|Side|End|Midlands|Texas|Bay|Shore|Ireland|Pole|Sea|Indies|Timor|Sudan|Ossetia|Germany|Berlin)\b"
)
_SIDE_OF_TOWN = rf"(?-i:North|South|East|West)\s(?!{_REGION})(?-i:[A-Z][a-z]+)"
# A side that shows it is a street, and one that may be a bare name.
_STREET = rf"(?:{_ORDINAL}(?:{_TYPED})?|{_NAME}{_TYPED}|{_SIDE_OF_TOWN}(?:{_TYPED})?)"
_SIDE = rf"(?:{_STREET}|{_NAME})"
_CROSS_RE = re.compile(
    rf"""(?:
        \b(?:corner|intersection)\s+of\s+(?P<cross>{_SIDE}\s(?:and|&)\s{_SIDE})
      | \b(?:at|near|from|to|on|off|by)\s+
        (?P<placed>{_STREET}\s(?:and|&)\s{_SIDE}|{_NAME}\s(?:and|&)\s{_STREET})
    )(?![\w'-])(?!\s(?-i:[A-Z][a-z]+)'s\b)""",
    re.I | re.X,
)


_ASKS_RE = re.compile(r"^\W*(?:and\s+|so\s+)?(?:what|where|which|how|when|who)\b[^?]*\?", re.I)


def cross_streets(s: _Sentence) -> list[ExtractedFact]:
    """The two streets of a corner (see the module)."""
    if (" and " not in s.text and "&" not in s.text) or _ASKS_RE.search(s.text):
        return []
    out = []
    key = "place_address" if _about_a_place(s) else "address"
    for m in _CROSS_RE.finditer(s.text):
        group = "cross" if m["cross"] else "placed"
        start, end = m.span(group)
        if s.text[end - 1] == "." and len(s.text[start:end].split()[-1]) > 5:
            end -= 1  # "Elm Avenue." ends its sentence; "Elm Ave." keeps its own full stop
        value = s.text[start:end]
        if re.fullmatch(rf"{_ORDINAL}\s(?:and|&)\s{_ORDINAL}", value, re.I):
            continue  # "the 9th and 10th" are two days
        out.append(s.fact("address", key, start, end, " ".join(value.split())))
    return out
