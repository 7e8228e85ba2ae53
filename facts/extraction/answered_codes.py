"""Codes given place by place in answer to a question for one: "do we need a code for the gate ?" "yes , the
pontoon gate is 4471 and the shower block is c2209 ."; "Is there a code to get in?" "The side door's 2291.".
Said without the question, "the gate is 4471" may be a gate's number, so the question must ask for a code."""

from __future__ import annotations

import re

from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_ASKS_CODE_RE = re.compile(r"\b(?:codes?|pins?|combination)\b[^?]*\?", re.I)
_PLACE_CODE_RE = re.compile(
    r"\b(?:gate|door|block|box|safe|entrance|lock|locker|shed|store|barrier|cupboard|cage|room)"
    r"\s*(?:is|'s|'\s+s|:)\s*(?P<id>[a-z]{0,2}\d{3,8}[a-z]?)(?![\w£$€%]|[.,:/-]\d)",
    re.I,
)


def codes_for_places(s: _Sentence) -> list[ExtractedFact]:
    """The codes of the places an answer names, where the turn before asked for a code."""
    if "identifier" not in s.asked or len(s.recent) < 2 or not _ASKS_CODE_RE.search(s.recent[-2]):
        return []
    return [
        s.fact("identifier", "access_code", *m.span("id"), m["id"].upper())
        for m in _PLACE_CODE_RE.finditer(s.text)
    ]
