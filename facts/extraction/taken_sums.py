"""A sum the other side just offered, taken up as the whole of a short reply: "okay , 4 is fine ." after
"it 's 2.80 online , otherwise 4 .", "Yes, 12 then." after "the small one is 12 and the large 18". The
number is that amount (with its currency) because the turn before said it as one; a number the turn before
gave as a clock as well, or gave no amount of, is left to the clock rules."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from facts.extraction.text import _PLAIN
from memadmin.providers.base import ExtractedFact, TurnText

_TAKEN_SUM_RE = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|yes|yeah|yep|right|fine|sure)\s*[,.!]?\s+)?(?P<n>\d{1,4}(?:\.\d\d)?)\s+"
    r"(?:(?:is|'s|would\s+be)\s+(?:fine|ok(?:ay)?|good|great|perfect|better)|works|then|please|it\s+is)\b",
    re.I,
)


def _number(value: str) -> Decimal | None:
    try:
        return Decimal(value.split()[0])
    except (InvalidOperation, IndexError):
        return None


def taken_sums(
    turn: TurnText, offered: list[ExtractedFact], found: list[ExtractedFact]
) -> list[ExtractedFact]:
    """The amount of the turn before that this turn takes up by its number alone, if it does so."""
    content = turn.content or ""
    m = _TAKEN_SUM_RE.match(content.translate(_PLAIN))
    if not m or any(f.span[0] < m.end("n") and m.start("n") < f.span[1] for f in found):
        return []
    said = Decimal(m["n"])
    if any(f.type == "time" and re.match(rf"0?{int(said)}:", f.normalised) for f in offered if said % 1 == 0):
        return []  # "2 is fine" after "2 pm or £2": a clock as much as a sum
    same = [f for f in offered if f.type == "amount" and _number(f.normalised) == said]
    if len({f.normalised for f in same}) != 1:
        return []
    return [ExtractedFact("amount", same[0].key, m["n"], turn.seq, m.span("n"), same[0].normalised)]
