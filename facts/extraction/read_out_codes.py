"""Codes read out as they were given, letters first and groups joined by slashes or hyphens, in lower case
as a visitor types them (codes in capitals have rules of their own): a crime number "kt/25/11902", a lost
property number "fp-2026-0457", a report "rb/cx/55120". Three groups or more, a group of letters, four digits
or more in all, and never a date (which opens with digits), words and a year ("pre-covid-2019") nor a web
address (a full stop or a slash before it).

Never in a question, but for a code said first and then asked to be noted: "it 's kt/25/11902 , can you keep
it ?" states the code and asks for nothing about it."""

from __future__ import annotations

import re

from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_READ_OUT_RE = re.compile(
    r"(?<![\w/.@:-])(?P<id>[a-z]{2,4}(?P<j>[/-])[a-z0-9]{2,8}(?:(?P=j)[a-z0-9]{2,8}){1,3})(?![\w/@-]|[.,:]\w)"
)
# A code stated, then a request about it: "it 's kt/25/11902 , can you keep it ?", "the number was
# fp-2026-0457 , could you put it on file ?"
_STATED_BEFORE_RE = re.compile(
    r"^\W*(?:(?:it|that|the\s+(?:number|reference|ref|code))\s*(?:'\s*s|is|was)|they\s+(?:said|gave\s+me))\s+$",
    re.I,
)
_REQUEST_AFTER_RE = re.compile(
    r"\s*,\s*(?:(?:can|could|would|will)\s+you|please)\b[^,;.]*\?\s*$",
    re.I,
)


def read_out_codes(s: _Sentence) -> list[ExtractedFact]:
    """The codes of the module said in one sentence."""
    out = []
    for m in _READ_OUT_RE.finditer(s.text):
        code = m["id"]
        if sum(c.isdigit() for c in code) < 4 or not any(c.isdigit() for c in code.rsplit(m["j"], 1)[-1]):
            continue
        if re.fullmatch(r"[a-z]+(?:[/-][a-z]+)*[/-](?:19|20)\d\d", code):
            continue  # "a co-op-2000 kettle", "pre-covid-2019": words and a year
        if s.question and not (
            _STATED_BEFORE_RE.match(s.text[: m.start()]) and _REQUEST_AFTER_RE.match(s.text, m.end())
        ):
            continue
        out.append(s.fact("identifier", "reference", *m.span("id"), code.upper()))
    return out
