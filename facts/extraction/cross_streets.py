"""Two streets that cross, said as a place: "at 15th Street and Wazee", "Congress and 9th", "the corner of
Westlake and Denny", "the intersection of Main and 3rd", "on the corner of kiln street and ferry road", "at
the junction of Mill Road and Hills Road". The value is the two streets.

After "corner of" or "intersection of" both names may be bare ("Westlake and Denny"); after these and
"junction of" or "crossroads of", two streets each with its street word, in lower case too ("kiln street and
ferry road"). After a word that places something ("at", "near", "from", "to", "on", "off") one of the two
must show it is a street: a street word ("15th Street", "Oak Ave"), a numbered street ("9th", "W 32nd") or a
side of town before its name ("North Lamar and Koenig"; not a region, "from North Carolina and Virginia"), or
be the name of a street pinned earlier with its number ("near Burnet and 183" after "4501 Burnet Road"). Not
two numbered days ("the 9th and 10th"), not a month or a weekday ("from March and 9th"), not people ("at Kim
and Ray's"), and not in a question that asks ("What's good near Main and 3rd?"; "Is it at Main and 3rd?"
proposes it, and states it; see text.open_question).
"""

from __future__ import annotations

import re

from facts.extraction.address_lines import said_of_pinned
from facts.extraction.calendar_words import _ABBR_WORD, _MONTH, _WEEKDAY
from facts.extraction.introduced_addresses import _LINE_WORD, _WEAK_STREET
from facts.extraction.places import _CAP, _STREET_TYPE
from facts.extraction.text import _about_a_place, _Sentence, open_question
from memadmin.providers.base import ExtractedFact, TurnText

_NOT_A_NAME = (
    rf"(?:{_MONTH}|(?:{_WEEKDAY}|{_ABBR_WORD})\b"
    r"|(?:Mr|Mrs|Ms|Dr|I|The|A|An|My|Your|His|Her|Their|Our|This|That)\b)"
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
# A street with its street word, in lower case too: "kiln street", "Mill Road", "St John's Road".
_WORDED = rf"(?:(?:{_LINE_WORD}|{_CAP})\s+|'s\s+){{1,3}}(?:{_WEAK_STREET}|{_STREET_TYPE})"
# A street word shortened with its full stop, which the full stop belongs to.
_SHORT_TYPE_RE = re.compile(r"\b(?:St|Rd|Ln|Ave?|Dr|Pl|Ct|Sq|Blvd|Hwy|Cir|Pkwy|Trl|Expy|Fwy)\.$", re.I)
_CROSS_RE = re.compile(
    rf"""(?:
        \b(?:corner|intersection)\s+of\s+(?P<cross>{_SIDE}\s(?:and|&)\s{_SIDE})
      | \b(?:corner|intersection|junction|crossroads)\s+of\s+(?P<worded>{_WORDED}\s*(?:and|&)\s+{_WORDED})
      | \b(?:at|near|from|to|on|off|by)\s+
        (?P<placed>{_STREET}\s(?:and|&)\s{_SIDE}|{_NAME}\s(?:and|&)\s{_STREET})
    )(?![\w'-])(?!\s(?-i:[A-Z][a-z]+)'s\b)""",
    re.I | re.X,
)


def cross_streets(s: _Sentence) -> list[ExtractedFact]:
    """The two streets of a corner (see the module)."""
    if (" and " not in s.text and "&" not in s.text) or open_question(s.text):
        return []
    out = []
    key = "place_address" if _about_a_place(s) else "address"
    for m in _CROSS_RE.finditer(s.text):
        group = next(g for g in ("cross", "worded", "placed") if m[g])
        start, end = m.span(group)
        if s.text[end - 1] == "." and not _SHORT_TYPE_RE.search(s.text, start, end):
            end -= 1  # "Lodge Road." ends its sentence; "Elm Ave." keeps its own full stop
        value = s.text[start:end]
        if re.fullmatch(rf"{_ORDINAL}\s(?:and|&)\s{_ORDINAL}", value, re.I):
            continue  # "the 9th and 10th" are two days
        out.append(s.fact("address", key, start, end, " ".join(value.split())))
    return out


# The name of a street pinned with its street word and house number ("2200 Westlake Ave") crossed with
# another ("near Burnet and 183", "at Westlake & 9th"): it needs a word of place before it, and no question
# that asks ("Where is Burnet and 183?" names it only to ask; "Is it near Burnet and 183?" proposes it).
def _crossing(_house: str, words: str) -> str:
    street = r"(?-i:[A-Z][a-z]+|\d{1,3}(?:st|nd|rd|th)?)"
    crossing = rf"(?P<said>{words}\s(?:and|&)\s{street}|{street}\s(?:and|&)\s{words})"
    return rf"\b(?:at|near|from|to|on|off|by)\s+{crossing}(?![\w'-])(?!\s+{_STREET_TYPE})"


def pinned_crossings(
    turn: TurnText, pinned: set[tuple[str, str]], found: list[ExtractedFact]
) -> list[ExtractedFact]:
    """A pinned street's name crossed with another (see above), ``pinned`` read by numbered_streets_pinned."""
    return said_of_pinned(turn, pinned, found, _crossing)
