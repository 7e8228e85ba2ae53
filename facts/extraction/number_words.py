"""Numbers said in words: "a hundred and fifty", "fifteen hundred", "2 thousand", and dollars and cents said
as two numbers ("two hundred and sixty-four fifty")."""

from __future__ import annotations

import re
from decimal import Decimal

_UNITS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "thousand",
)
_NUMBER_WORD = "(?:" + "|".join(sorted(_UNITS, key=len, reverse=True)) + ")"


_WORD_VALUES = {word: i for i, word in enumerate(_UNITS[:20])}
_WORD_VALUES |= {word: 20 + 10 * i for i, word in enumerate(_UNITS[20:28])}


def _words_between(low: int, high: int) -> dict[str, int]:
    """The words, each with its value, of the one-word numbers from ``low`` to ``high`` ("ten" to "twenty"
    gives "ten" ... "nineteen", "twenty"): every rule that reads numbers in words takes them from here."""
    return {word: value for word, value in _WORD_VALUES.items() if low <= value <= high}


_HALF_SCALE_RE = re.compile(r"(?P<whole>.+?)\s+and\s+a\s+half\s+(?P<scale>hundred|thousand)", re.I)


def _spelled_number(words: str) -> int | None:
    """A number said in words ("a hundred and fifty", "2 thousand", "fifteen hundred"), or None
    when the words make no one number: "twelve fifty" may be 12.50 or 1,250, so it is no value. A half
    before the scale counts: "two and a half thousand" is 2,500."""
    if half := _HALF_SCALE_RE.fullmatch(words.strip()):
        whole = _spelled_number(half["whole"])
        scale = 1000 if half["scale"].lower() == "thousand" else 100
        return None if whole is None or whole >= 100 else int((whole + 0.5) * scale)
    total, current, last = 0, 0, ""
    for i, word in enumerate(re.sub(r"\band\b|-", " ", words.lower()).split()):
        if i == 0 and (word.isdigit() or word in ("a", "an")):
            current, last = (int(word) if word.isdigit() else 1), "count"
        elif word == "hundred":
            if last == "hundred" or current >= 100:
                return None
            current, last = (current or 1) * 100, "hundred"
        elif word == "thousand":
            if total:
                return None
            total, current, last = total + (current or 1) * 1000, 0, "thousand"
        elif (value := _WORD_VALUES.get(word)) is not None:
            units = value < 10
            if (units and current % 10) or (not units and current % 100) or last == "count":
                return None
            current, last = current + value, "word"
        else:
            return None
    return total + current


_CENTS_TAIL_RE = re.compile(
    r"^(?P<whole>.*\bhundred\b.*?)[\s-]+(?P<cents>(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
    r"(?:[\s-](?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|thirteen|fourteen|fifteen"
    r"|sixteen|seventeen|eighteen|nineteen)$",
    re.I,
)


def _with_cents(words: str) -> Decimal | None:
    """Dollars and cents said as two numbers, the first with "hundred": "two hundred and sixty-four
    fifty" is 264.50 (it reads as no one number); "twelve fifty" stays no value."""
    m = _CENTS_TAIL_RE.match(" ".join(words.split()))
    if not m:
        return None
    whole, cents = _spelled_number(m["whole"]), _spelled_number(m["cents"])
    if whole is None or cents is None:
        return None
    return Decimal(whole) + Decimal(cents) / 100
