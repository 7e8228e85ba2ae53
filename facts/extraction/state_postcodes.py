"""An Australian street address said in lower case goes on over its suburb and its state, and the postcode
after them is an address of its own, as a postcode is: "17 banksia crescent , northcote vic 3070", "1 wharf
parade , southbank vic 3006". (In capitals, "42 Ocean Drive, Manly NSW 2095" is read whole by places.py.)"""

from __future__ import annotations

import re
from dataclasses import replace

from memadmin.providers.base import ExtractedFact

_STATE_AFTER_RE = re.compile(
    r"\s?,\s*(?P<town>[A-Za-z][a-z]+(?:\s[A-Za-z][a-z]+){0,2})\s+"
    r"(?P<state>(?i:vic|nsw|qld|tas|act)|WA|SA|NT)\s+(?P<postcode>\d{4})(?![\w-])"
)


def with_states(facts: list[ExtractedFact], content: str) -> list[ExtractedFact]:
    """Each address followed by a town, an Australian state and a postcode, read as the street, town and
    state, and the postcode apart (where no other value took the text)."""
    out = []
    for f in facts:
        m = _STATE_AFTER_RE.match(content, f.span[1]) if f.type == "address" else None
        if m is None or any(g is not f and g.span[0] < m.end() and f.span[1] < g.span[1] for g in facts):
            out.append(f)
            continue
        value = content[f.span[0] : m.end("state")]
        out.append(
            replace(f, value=value, span=(f.span[0], m.end("state")), normalised=" ".join(value.split()))
        )
        out.append(
            replace(
                f,
                key="postcode",
                value=m["postcode"],
                span=m.span("postcode"),
                normalised=m["postcode"],
            )
        )
    return out
