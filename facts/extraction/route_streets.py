"""Streets named in directions, in lower case with their street word and no house number: after "onto",
"along" or "into", after a word of going and "to" ("down to", "up to", "back to", "round to"), and after a
bus, a train or a walk "to": "turn left onto harbour road and follow it down .", "the number 2 goes down to
gaol lane .", "it 's a short walk or the number 2 bus to carrick street ."; the street ends its clause or
is followed by what comes next on the way ("and", "then", "by", "from", "at"). Not in a question, not a
road said in general ("along the main road", "down to the end"), not a way of doing ("along the way")."""

from __future__ import annotations

import re

from facts.extraction.introduced_addresses import _LINE_WORD
from facts.extraction.text import _about_a_place, _Sentence
from memadmin.providers.base import ExtractedFact

# The types of a street that a direction names; "end", "bank", "way" and "green" are left out, since "down to
# the end", "along the bank" and "along the way" name none.
_ROUTE_STREET_WORD = r"(?:street|road|lane|avenue|drive|crescent|terrace|square|quay|wharf|parade|row|hill)\b"
# Words that make a road one said in general, not a named street: "the main road", "the next street".
_GENERAL_ROAD = (
    r"(?:main|same|next|first|second|third|last|other|busy|wrong|right|left|long|short|back|side|big|little|small"
    r"|quiet|narrow|wide|steep|nearest|closest)\b"
)
_ROUTE_STREET_RE = re.compile(
    r"\b(?:onto|along|into|(?:down|up|back|round|over|across|through)\s+to"
    r"|(?:bus|buses|train|tram|coach|walk|stroll|ride|drive|lift)\s+to)\s+"
    rf"(?P<street>(?:the\s+)?(?!{_GENERAL_ROAD})(?:(?!the\b){_LINE_WORD}\s+|'s\s+){{1,3}}{_ROUTE_STREET_WORD})"
    r"(?=\s*(?:[.!;,]|$|\s(?:and|then|by|near|opposite|behind|next\s+to|from|at|for|past|until|till|where)\b))",
)


def route_streets(s: _Sentence) -> list[ExtractedFact]:
    """The streets of the directions above, each one fact with its span."""
    if s.question or any(c.isupper() for c in s.text):
        return []
    key = "place_address" if _about_a_place(s) else "address"
    return [
        s.fact("address", key, *m.span("street"), " ".join(m["street"].split()))
        for m in _ROUTE_STREET_RE.finditer(s.text)
        if not re.search(r"\d", m["street"])
    ]
