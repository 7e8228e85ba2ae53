"""A value the other side just said, asked back to check it ("the fee is 23.60 ." "sorry , 23.60 ?", "it was
250 pounds , right ?", "hmm , wait , the fare is 23.60 pounds ?", "so that 's 01632 960 215 ?"): the question
only checks what was heard, states nothing, and the value stays pinned from the turn that said it. Only a
question that is the value with words of checking around it and ends its turn ("£78? Fine, book it." takes the
value up), and only a value the other side said in the last few turns; a question that proposes a value of
its own ("could we do 7.30 ?") or asks for another ("is there one at 8 ?") is read as before."""

from __future__ import annotations

import re

from facts.extraction.text import _sentences
from memadmin.providers.base import ExtractedFact, TurnText

# The types a check is asked of: a sum, a number to ring, a clock or a day heard.
_CHECKED_TYPES = frozenset({"amount", "phone", "time", "date"})
# How many turns back the other side's value may have been said.
CHECK_TURNS = 3

_BEFORE_RE = re.compile(
    r"^\W*(?:(?:sorry|pardon|so|oh|ok(?:ay)?|right|wait|hmm+|hang\s+on|just\s+to\s+check|did\s+you\s+say"
    r"|you\s+said)\s*[,.]?\s*)*"
    r"(?:(?:that\s*'?s|that\s+is|it\s*'?s|it\s+is|it\s+was|(?:the|your|my)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:is|was|'s))\s+)?"
    r"(?:only\s+|just\s+)?$",
    re.I,
)
_AFTER_RE = re.compile(
    r"^\s*(?:,?\s*(?:right|correct|yes|is\s+it|is\s+that\s+right|is\s+that\s+correct|then))?\s*\?+\s*$", re.I
)


def asked_back(
    turn: TurnText, found: list[ExtractedFact], heard: list[tuple[int, str, ExtractedFact]]
) -> list[ExtractedFact]:
    """``found`` without the values this turn only asks back; ``heard`` is (turn, role, fact) of the
    turns before."""
    content = turn.content or ""
    clocks = [seq for seq, _, f in heard if f.type == "time"]
    said = {
        (f.type, f.normalised)
        for seq, role, f in heard
        if role != turn.role
        and turn.seq - seq <= CHECK_TURNS
        and f.normalised
        # a clock among others offered may be chosen by asking it ("we have 7.30 or 8 ." "7.30 ?")
        and (f.type != "time" or clocks.count(seq) == 1)
    }
    if not said or "?" not in content:
        return found
    out = []
    for f in found:
        if f.type in _CHECKED_TYPES and (f.type, f.normalised) in said and _only_checked(content, f):
            continue
        out.append(f)
    return out


def _only_checked(content: str, fact: ExtractedFact) -> bool:
    """Is the sentence of ``fact`` the value asked back, with nothing around it but words of checking, and
    the last of its turn? A turn that goes on takes the value up ("£78? Fine, book it.")."""
    start, end = fact.span
    for a, b in _sentences(content):
        if a <= start and end <= b:
            last = not content[b:].strip()
            return bool(last and _BEFORE_RE.match(content[a:start]) and _AFTER_RE.match(content[end:b]))
    return False
