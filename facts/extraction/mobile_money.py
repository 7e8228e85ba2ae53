"""The code of a mobile-money payment after the service's name, as Kenyans are sent it: ten capitals and
digits after "M-Pesa" ("Paid KSh 2,700, M-Pesa RKR2C7TN8G", "by M-Pesa, RKP3H6YB1A", "mpesa code
QHX7K2LM9P"). Only with letters and digits both in it, so that a word ("by M-Pesa TODAY") or a sum is none."""

from __future__ import annotations

import re

from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_MPESA_CODE_RE = re.compile(
    r"\bM-?PESA\b(?:\s+(?:confirmation|code|ref(?:erence)?|transaction|message)(?:\s+(?:no\.?|number|code))?)?"
    r"(?:\s+(?:is|was))?\s*[:,#]?\s*"
    r"(?P<id>(?-i:(?=[A-Z0-9]{10}(?![\w-]))(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{10}))(?![\w-])",
    re.I,
)


def mobile_money_codes(s: _Sentence) -> list[ExtractedFact]:
    """The codes of the module in one sentence."""
    if "pesa" not in s.text.lower():
        return []
    return [
        s.fact("identifier", "reference", *m.span("id"), m["id"]) for m in _MPESA_CODE_RE.finditer(s.text)
    ]
