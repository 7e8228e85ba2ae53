"""A sum to send or ask for, changed in the reply before it goes: "Actually make it forty." after "Please
confirm: send $32.50 to Dana", "Round it to four hundred." after "request $413.50 from Priya", "it's
fourteen hundred now" after "send $1,375 to ...", "actually 25" after "request $20 from ..."; and dollars
and cents said in words in the sentence after a sum to send is spoken of: "Send Dana her share of the bill.
It's thirty two fifty."; and a sum in words opening the sentence after one that names a person to pay: "I
need to pay our sitter. A hundred and twenty for the weekend." (five or more, never a count for a day).

The new sum, in figures or in words, ends its phrase, is of the size of a sum with its currency said in the
turn before (half to twice), and that turn moves money (send, transfer, request, pay); a question that
proposes it counts ("Can you make it sixty?"); never before what is counted ("make it 4 people"). Dollars
and cents in words follow the rules of paid_in_words (not where a rent or a deposit is spoken of).
"""

from __future__ import annotations

import re
from decimal import Decimal

from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.number_words import _NUMBER_WORD, _spelled_number
from facts.extraction.paid_in_words import _BIG_SUMS_RE, _CENTS_WORD, _WHOLE_WORD, sums_in_figures
from facts.extraction.text import _nearest_key, _Sentence, _words
from memadmin.providers.base import ExtractedFact

_MADE_IT_RE = re.compile(
    r"\b(?:make\s+it|round\s+it(?:\s+(?:up|down|off))?\s+to|change\s+it\s+to|bump\s+it(?:\s+up)?\s+to"
    r"|(?:it'?s|it\s+is)(?:\s+(?:actually|now|really))?|(?<![\w'])actually)\s+"  # "it's fourteen hundred now"
    r"(?:(?:just|only|an\s+even)\s+)?"
    rf"(?P<n>\d{{1,3}}(?:,\d{{3}})+|\d{{1,6}}|{_NUMBER_WORD}(?:[\s-]+(?:and\s+)?{_NUMBER_WORD})*)"
    r"(?:\.(?P<c>\d\d))?(?![\w%£$€:-]|[.,]\d)"
    r"(?=\s*(?:$|[.,;!?]|(?:then|instead|please|bucks|dollars|now)\b))",
    re.I,
)
_MOVES_MONEY_RE = _words(r"send|sent|transfer|request|requested|pay|paid|owe|lend|split|venmo|zelle")
# The sentence after a sum to send is named: "It's thirty two fifty.", "That's about twelve forty."
_SUM_NEXT_RE = re.compile(
    rf"^\W*(?:it'?s|it\s+is|that'?s|that\s+is|it\s+comes?\s+to|comes\s+to)\s+(?:(?:about|around|like)\s+)?"
    rf"(?P<whole>{_WHOLE_WORD})[\s-]+(?P<cents>{_CENTS_WORD})\s*[.!]?\s*$",
    re.I,
)
_PAID_PERSON_RE = re.compile(
    r"\b(?:pay|send|request|transfer|give|owe|lend|venmo)\s+"
    r"(?:(?:him|her|them|(?-i:[A-Z][a-z]+)|(?:my|our)\s+(?!rent\b|bill\b|bills\b)[a-z]+)\b)",
    re.I,
)
# A sum in words opening the sentence after one that pays a person: "I need to pay our sitter. A hundred and
# twenty for the weekend."; not a count or an hour ("Two for Friday at 7" names no payment before it).
_SUM_OPENING_RE = re.compile(
    rf"^\W*(?P<n>(?:a\s+)?{_NUMBER_WORD}(?:[\s-]+(?:and\s+)?{_NUMBER_WORD})*)"
    r"(?=\s*(?:[.!]|$|(?:for|dollars|bucks|total|in\s+total|altogether)\b))(?!\s+for\s+(?:\d|one|two|three|four)\b)",
    re.I,
)


def sums_changed(s: _Sentence) -> list[ExtractedFact]:
    """A sum changed before it is sent, or said in words after a sum to send is named (see the module)."""
    out = []
    before = s.recent[-2] if len(s.recent) > 1 else ""
    if _MOVES_MONEY_RE.search(before):
        said = sums_in_figures(before)
        for m in _MADE_IT_RE.finditer(s.text):
            n = m["n"].replace(",", "")
            whole = int(n) if n.isdigit() else _spelled_number(m["n"])
            value = Decimal(whole or 0) + Decimal(m["c"] or 0) / 100
            if whole and any(x and Decimal("0.5") <= value / x <= 2 for x in said):
                key = _nearest_key(s.text, m.start("n"), m.end(), _AMOUNT_KEYS, "amount")
                out.append(s.fact("amount", key, m.start("n"), m.end(), f"{value:.2f}"))
    turn = s.recent[-1] if s.recent else ""
    earlier = turn[: s.offset]
    m = None if s.question else _SUM_NEXT_RE.match(s.text)
    if m and _PAID_PERSON_RE.search(earlier) and not _BIG_SUMS_RE.search(turn):
        value = Decimal(_spelled_number(m["whole"]) or 0) + Decimal(_spelled_number(m["cents"]) or 0) / 100
        key = _nearest_key(s.text, m.start("whole"), m.end("cents"), _AMOUNT_KEYS, "amount")
        out.append(s.fact("amount", key, m.start("whole"), m.end("cents"), f"{value:.2f}"))
    opening = None if s.question or s.offset == 0 else _SUM_OPENING_RE.match(s.text)
    if opening and _PAID_PERSON_RE.search(earlier) and not _BIG_SUMS_RE.search(turn):
        whole = _spelled_number(opening["n"])
        if whole and whole >= 5:
            key = _nearest_key(s.text, *opening.span("n"), _AMOUNT_KEYS, "amount")
            out.append(s.fact("amount", key, *opening.span("n"), f"{Decimal(whole):.2f}"))
    return out
