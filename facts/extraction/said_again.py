"""Amounts said again: a sum pinned earlier, said later by its number alone.

People name a sum once with its currency ("the excess is £350", "deposit R800", "$625 is due at
signing") and afterwards by its number alone: "paid the 350 on my debit card", "350 exactly",
"yes 2450 minus the 800", "52?? i thought it was free", "eighty seven, fine", "twelve fifty for
both of us?". Such a number is the same amount, where nothing else took its text, nothing counted
or measured follows it ("800 people", "350 km"), no word before it makes it a clock, a room, a code
or the value turned down ("for 11", "room 350", "flight 625", "not 1,200"), and its sentence does
not ask about it ("What's the 350 for?" states nothing).
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from facts.extraction.number_words import _NUMBER_WORD, _spelled_number
from facts.extraction.text import _PLAIN, _sentences, is_instruction_attempt, is_question
from memadmin.providers.base import ExtractedFact, TurnText

_BARE_RE = re.compile(
    rf"""(?<![\w.,:£$€¥₹₦₱/#+-])
    (?:(?P<n>\d{{1,3}}(?:,\d{{3}})+|\d{{2,6}})(?:\.(?P<d>\d\d))?
      | (?P<k>\d{{1,3}}(?:\.\d)?)k\b  # "take it out of the 5k" after "$5,000"
      | (?i:(?P<spelled>\b{_NUMBER_WORD}(?:(?:\s+and\s+|[\s-]+){_NUMBER_WORD})*)))
    (?![\w%:/-]|[.,]\d|(?<!k)\s?(?i:k|grand|thousand)\b)""",
    re.X,
)
# What makes a number no sum: a clock, a place in a building or a vehicle, a code, a count.
_NOT_A_SUM_BEFORE_RE = re.compile(
    r"(?:\b(?:at|by|for|from|until|till|til|after|before|around|about|to|between|not|than)"
    r"|\b(?:room|flat|unit|apt|suite|no|number|ref|reference|flight|train|bus|route|gate|platform|seat|table|page"
    r"|level|floor|code|pin|ext|extension|version|year|aged?|row|bay|pier|terminal|exit|junction|highway|interstate"
    r"|lot|plot|stand|aisle)\.?(?:\s+(?:is|was|number|no\.?))?|[#№]"
    r"|\b(?:highs?|lows?)\s+(?:of|around|near))\s*$",  # "The flight is 275"; "a high of 61" is a temperature
    re.I,
)
_COUNTED_AFTER_RE = re.compile(
    r"\s*(?:[ap]\.?m\b|o'clock|hours?\b|hrs?\b|minutes?\b|mins?\b|days?\b|nights?\b|weeks?\b|months?\b"
    r"|years?\b|yrs?\b|km\b|kms\b|kg\b|miles?\b|metres?\b|meters?\b|%|percent\b|per\s+cent\b|people\b"
    r"|guests?\b|points?\b|calories\b|words\b|(?!(?:is|was|has|this|its|plus|minus|less|yes|as|us|thanks|please)\b)"
    r"[a-z]+s\b)",
    re.I,
)
# A question that asks (not a request: "can you take it out of the 5k?" states the sum).
_ASKS_RE = re.compile(
    r"^\W*(?:and\s+|so\s+|but\s+)?(?!(?:can|could|will|would)\s+(?:you|u)\b)"
    r"(?:what|which|when|where|who|why|how|is|are|was|were|do|does|did|can|could|will|would|should|has|have)\b",
    re.I,
)
_ONES = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
# Sums listed back as a question, to check them: "so 94 , 94 and 47 ?"; the answer states the total.
_N = r"\d[\d,]*(?:\.\d\d)?"
_LISTED_BACK_RE = re.compile(
    rf"^\W*(?:(?:so|that\s*'?s|thats|and|ok|okay)\s*,?\s*)?{_N}(?:\s*,\s*{_N})*\s*,?\s*(?:and|plus|\+)\s*{_N}\s*\?\s*$",
    re.I,
)


def sums_pinned(found: list[ExtractedFact]) -> dict[Decimal, ExtractedFact]:
    """The amounts of these facts by value (25 or more, or with cents: a smaller whole number is as often a
    clock or a count)."""
    out = {}
    for f in found:
        if f.type != "amount":
            continue
        value = Decimal(f.normalised.split()[0])
        if value >= 25 or value != value.to_integral_value():
            out[value] = f
    return out


def _values(m: re.Match) -> set[Decimal]:
    """What the number may be: "twelve fifty" is 1,250 or 12.50; "2,450" is 2450."""
    if m["n"]:
        return {Decimal(m["n"].replace(",", "") + (f".{m['d']}" if m["d"] else ""))}
    if m["k"]:
        return {Decimal(m["k"]) * 1000}
    words = m["spelled"].lower()
    whole = _spelled_number(words)
    if whole is not None:
        return {Decimal(whole)}
    parts = re.sub(r"\band\b|-", " ", words).split()
    for i in range(1, len(parts)):  # "twelve fifty", "three eighty": two numbers said one after the other
        first, second = _spelled_number(" ".join(parts[:i])), _spelled_number(" ".join(parts[i:]))
        if first is None or second is None or second >= 100 or parts[i] in _ONES:
            continue
        return {Decimal(first * 100 + second), Decimal(first) + Decimal(second) / 100}
    return set()


def repeated_sums(
    turn: TurnText, sums: dict[Decimal, ExtractedFact], found: list[ExtractedFact]
) -> list[ExtractedFact]:
    """The sums of the turns before said again in this turn with no currency (see the module)."""
    if not sums or turn.role not in ("user", "assistant"):
        return []
    content = turn.content or ""
    plain = content.translate(_PLAIN)
    out: list[ExtractedFact] = []
    for start, end in _sentences(plain):
        sentence = plain[start:end]
        if not _BARE_RE.search(sentence):
            continue
        asks = is_question(sentence) and (_ASKS_RE.search(sentence) or _LISTED_BACK_RE.match(sentence))
        if asks or is_instruction_attempt(sentence):
            continue
        for m in _BARE_RE.finditer(plain, start, end):
            if any(f.span[0] < m.end() and m.start() < f.span[1] for f in found + out):
                continue
            if _NOT_A_SUM_BEFORE_RE.search(plain, max(start, m.start() - 14), m.start()):
                continue
            if _COUNTED_AFTER_RE.match(plain, m.end(), end):
                continue
            same = [sums[v] for v in _values(m) if v in sums]
            if len(same) != 1:
                continue
            earlier = same[0]
            value = content[m.start() : m.end()]
            out.append(ExtractedFact("amount", earlier.key, value, turn.seq, m.span(), earlier.normalised))
    return out


def with_pinned_currency(
    found: list[ExtractedFact], sums: dict[Decimal, ExtractedFact]
) -> list[ExtractedFact]:
    """A sum read in this turn with no currency ("rua , 55 ." in a bill that adds up) that is a sum pinned
    earlier with its currency ("€55") takes that currency, as a sum said again does."""
    out = []
    for f in found:
        bare = f.type == "amount" and re.fullmatch(r"\d+(?:\.\d+)?", f.normalised or "")
        earlier = sums.get(Decimal(f.normalised)) if bare else None
        if earlier is not None and earlier.normalised[-3:].isalpha():
            f = replace(f, normalised=earlier.normalised)
        out.append(f)
    return out
