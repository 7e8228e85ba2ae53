"""An extension said alone, the line of a department or a desk inside a number said before it or known to
the caller: "the practice nurse is extension 214", "the heart clinic there is extension 4471", "ask for
extension 31". The number it belongs to is not repeated, so the extension is the value; "extension 3 of
the course" or "an extension of 2 weeks" is none, and a question ("is that extension 214 ?") states none."""

from __future__ import annotations

import re

from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_EXTENSION_ALONE_RE = re.compile(
    r"\b(?:is|'s|on|ask\s+for|dial|press)\s+(?:on\s+)?(?:extension|ext\b\s*\.?)\s*(?P<ext>\d{2,5})"
    r"(?=\s*(?:[.,;!]|$|\s(?:on|and|or|if)\b))",
    re.I,
)


def extensions_alone(s: _Sentence) -> list[ExtractedFact]:
    """Extensions said alone, never in a question."""
    if s.question:
        return []
    return [
        s.fact("phone", "phone", *m.span("ext"), f"ext={m['ext']}")
        for m in _EXTENSION_ALONE_RE.finditer(s.text)
    ]
