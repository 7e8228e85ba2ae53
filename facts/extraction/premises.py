"""The premises an address line opens with, before the house number or the building that was read: a lot,
plot, house, shop, unit, level or villa and its number ("Plot 23, Mumbwa Road, Lusaka", "House 12, Plot 4471,
Lubwa Road", "Lp 12, 5th Avenue, Barataria", "Unit 12-3A, Residensi Melati, Jalan Melati 5", "No. 14, Jalan
Bunga Raya 2"), as people in the Caribbean, Malaysia, the Gulf and southern Africa write them. Where the
address read starts at the number and its comma ("23, Mumbwa Road") the word before it joins it (not before
a house with no comma: "the house 1872 Quebec St"); where it starts at a name, the premises and number said
straight before it with a comma join it. A premises word with no number ("the shop, 14 King St") and a
number that is no premises' ("page 3, 14 King St") are left as they are."""

from __future__ import annotations

import re
from dataclasses import replace

from memadmin.providers.base import ExtractedFact

_PREMISES = (
    r"(?:(?i:lot|lp|plot|house|hse|shop|unit|level|villa|warehouse|office|stand|erf|apt|apartment|flat|suite"
    r"|block|blk|floor)\.?|(?-i:No)\.?|\#)"
)
_NUMBER = r"(?:(?i:no)\.?\s*)?[A-Z]?\d{1,5}[A-Z]?(?:[-/]\d{1,3}[A-Z]?)*"
# "House 12, " before "Plot 4471, ..." or before "Residensi Melati, ..."
_WHOLE_BEFORE_RE = re.compile(rf"(?<![\w-])(?:{_PREMISES}\s+{_NUMBER},\s+)+$")
# "Plot " before "23, Mumbwa Road": the number was read, its premises word was not
_WORD_BEFORE_RE = re.compile(rf"(?<![\w-])(?:{_PREMISES}\s+{_NUMBER},\s+)*{_PREMISES}\s+(?:(?i:no)\.?\s*)?$")


def with_premises(facts: list[ExtractedFact], content: str) -> list[ExtractedFact]:
    """Each address with the premises said straight before it, read from the premises."""
    out = []
    for f in facts:
        start = f.span[0]
        before = content[max(0, start - 80) : start]
        m = None
        if f.type == "address" and re.match(r"[A-Z]?\d[\w/-]*,", f.value):
            m = _WORD_BEFORE_RE.search(before)
        elif f.type == "address" and re.match(r"[A-Z]", f.value):
            m = _WHOLE_BEFORE_RE.search(before)
        if m is None or any(
            g is not f and g.span[1] > start - len(before) + m.start() and g.span[0] < start
            for g in facts
            if g.type != "address"
        ):
            out.append(f)
            continue
        new_start = start - len(before) + m.start()
        value = content[new_start : f.span[1]]
        out.append(replace(f, value=value, span=(new_start, f.span[1]), normalised=" ".join(value.split())))
    return out
