"""Prices said with no currency in the ways a counter or a desk says them, where the words around the number
leave no other reading:

- named straight after what they buy, ending the clause: "all tickets 45 .", "parking 12 ."
- refunded, charged or credited: "i 'll refund 6 and reissue it", "we charge 15 ."
- a rate with the hour it holds to, in talk of rates: "the evening rate is 12 before 6"
- bundles, each count for its price: "four concerts for 312 , or six for 444"
- paid in parts: "222 now and 222 by 1 october", after a question of paying
- pounds and pence no clock can be (9.90, 250.40), where the sentence speaks of paying or has a price with
  its currency: "so 9.90 back to the card", "you owe us the 250.40"
- charges counted by what they were for: "with 20 of bar charges"
- a voucher or a note chosen by its value after a price with its currency: "a 150 one ."
- a sum said again at the end of a clause just after it was said with its currency: "I can prepay one , 18 ."
- the sum a count of nights or people comes to at a rate said just before: "that 's four nights , so 88"
- a room, cabin or seat offered at a price no clock can be: "one double for wednesday at 99"

Never in a question, never before what is counted or measured ("20 minutes", "4 people").
"""

from __future__ import annotations

import re

from facts.extraction.calendar_words import _MONTH, _WEEKDAY
from facts.extraction.checked_sums import _COUNT, _NOT_MONEY_AFTER_RE, _count, _value
from facts.extraction.currencies import _AMOUNT_KEYS, _CURRENCY_AMOUNT_RE
from facts.extraction.money_numbers import _said_with_currency
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

_N = r"(?<![\w.,:£$€/#-])(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d\d)?|\d{1,4}(?:\.\d\d)?)(?![\w£$€%]|[.,:/-]\d)"
# A clause's end after a price.
_END = r"(?=\s*(?:[.,;!]|$|(?:and|but|or|so|if|then)\b))"
# A price named straight after what it buys, ending its clause: "all tickets 45", "parking 12".
_NAMED_BY_WHAT_RE = re.compile(
    rf"\b(?:tickets|admission|entry|fares?|parking)\s+{_N}(?=\s*(?:[.;!]|$))",
    re.I,
)
# Money given back, taken or put to an account, said straight after the verb: "refund 6", "charge you 15".
_MOVED_RE = re.compile(
    rf"\b(?:refund(?:ing|ed)?|charg(?:e|es|ed|ing)|credit(?:ing|ed)?|reimburs(?:e|ing))\s+"
    rf"(?:you\s+|your\s+card\s+|the\s+card\s+)?{_N}{_END}",
    re.I,
)
# A rate said with the hour it holds before or after: "the event rate on a sunday is 12 before 5".
_RATE_HOURS_RE = re.compile(
    rf"\b(?:rate|charge|fee|price)\b[^.,;?]*?\b(?:is|are|'s)\s+{_N}\s+(?:before|after)\s+\d{{1,2}}(?:[.:]\d\d)?\b",
    re.I,
)
# Where money was said, what a thing kept till an hour or for a length of time costs: "late check-out till 2
# is 45", "lessons meet at 9:45 , two hours , 115 ."
_TILL_CLOCK_IS_RE = re.compile(
    rf"\b(?:till|until)\s+\d{{1,2}}(?:[.:]\d\d)?\s*(?:[ap]\.?m\.?\s*)?(?:is|costs?|'s|will\s+be)\s+{_N}{_END}",
    re.I,
)
_LENGTH_THEN_SUM_RE = re.compile(
    rf"\b{_COUNT}\s+(?:hours|days|nights|weeks)\s*,\s*{_N}(?=\s*(?:[.;!]|$))",
    re.I,
)
# A room, cabin, pitch or seat offered at a price ending its clause, higher than any clock: "one double for
# wednesday at 99", "a twin at 85 .", "a cabin for 2 nights at 140 ."
_ROOM_AT_RE = re.compile(
    r"\b(?:rooms?|doubles?|twins?|singles?|suites?|cabins?|berths?|pitch(?:es)?|seats?)"
    rf"(?:\s+for\s+(?:(?:this|next|the)\s+)?(?:{_WEEKDAY}|tonight|tomorrow|\d{{1,2}}(?:st|nd|rd|th)"
    rf"|(?:\d|one|two|three|four|five|six|seven)\s+nights?))?\s+at\s+{_N}{_END}",
    re.I,
)
# Counts, each for its price: "four concerts for 312 , or six for 444".
_BUNDLES_RE = re.compile(
    rf"\b(?P<c1>{_COUNT})\s+(?:[a-z'-]+\s+){{0,5}}?for\s+(?P<p1>\d{{1,4}}(?:\.\d\d)?)\s*,?\s*(?:or|and)\s+"
    rf"(?P<c2>{_COUNT})\s+(?:[a-z'-]+\s+){{0,2}}?for\s+(?P<p2>\d{{1,4}}(?:\.\d\d)?)(?![\w.,]\d|\w)",
    re.I,
)
# A part of a sum paid now or by a day: "222 now and 222 by 1 october", "50 today , the rest later".
_PART_RE = re.compile(
    rf"(?:^|[,;]|\band|\bpay|\bis|\bthen)\s*{_N}\s+(?:now|today|up\s?front|on\s+the\s+day"
    rf"|(?:by|on|before)\s+(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}|{_MONTH}\s+\d|{_WEEKDAY}|the\s+\d))\b",
    re.I,
)
_PAYING_RE = re.compile(r"\b(?:pay|paying|paid|deposit|balance|owe|instal+ments?|half|split|spread)\b", re.I)
# Pounds and pence no clock can be ("9.90", "250.40"), not of a thing numbered or measured.
_PENCE_RE = re.compile(r"(?<![\w.,:£$€/#-])(?P<n>\d{1,4}\.\d\d)(?![\w£$€%]|[.,:/-]\d)")
_NUMBERED_BEFORE_RE = re.compile(
    r"\b(?:version|ver|v|no|number|room|platform|gate|flight|train|bus|route|page|step|level|floor|at|by"
    r"|until|till|from|after|before|around|about)\.?\s*$",
    re.I,
)
_CLOCK_TALK_RE = re.compile(
    r"\b(?:at|by|until|till|leaves?|leaving|departs?|arriv\w*|lands?|o'?clock|[ap]\.?m|morning|afternoon"
    r"|evening|tonight|train|bus|flight|time|clock|alarm)\b",
    re.I,
)
_COST_VERB_BEFORE_RE = re.compile(r"\b(?:was|were|came\s+to|comes\s+to|cost|costs)\s+$", re.I)
_MONEY_TALK_RE = re.compile(
    r"\b(?:pay|paying|paid|owe[sd]?|refund(?:s|ed|able)?|back\s+to\s+(?:the|your)\s+card|charged?|credit|balance"
    r"|bill|total|deposit|excess|claim)\b",
    re.I,
)
# Charges counted by what they were for: "with 20 of bar charges".
_CHARGES_OF_RE = re.compile(
    rf"{_N}\s+of\s+(?:[a-z]+\s+){{0,2}}?(?:charges|fees|extras|spending|purchases)\b",
    re.I,
)
# A voucher, a note or a card chosen by its value: "a 150 one ."
_CHOSEN_VALUE_RE = re.compile(r"^\W*(?:yes\s*,?\s*|please\s*,?\s*)?an?\s+(?P<n>\d{1,4})\s+one\b", re.I)
# A sum at the end of a clause, after a comma or a word that states it: "I can prepay one , 18 ."
_SAID_AGAIN_RE = re.compile(
    rf"(?:,|\bis|'s|\bthat\s*'s|\bso)\s*{_N}(?=\s*(?:[.;!]|$))",
    re.I,
)
# A count of nights or people, then the sum it comes to: "that 's four nights , so 88".
_COUNT_THEN_SUM_RE = re.compile(
    rf"\b(?P<c>{_COUNT})\s+(?P<unit>nights|days|weeks|people|adults|persons|tickets|lessons|sessions)\b"
    rf"\s*,?\s*(?:so\s+|that\s*'s\s+|which\s+is\s+|makes\s+|comes\s+to\s+)?{_N}(?=\s*(?:[.,;!]|$|for\b))",
    re.I,
)
_RATE = (
    r"(?P<r>\d{1,4}(?:\.\d\d)?)\s*(?:[a-z]+\s+)?(?:an?|per)\s+"
    r"(?P<per>night|day|week|head|person|adult|ticket|lesson|session)\b"
)
_RATE_SAID_RE = re.compile(rf"(?<![\w.,:]){_RATE}|(?<![\w.,:])(?P<e>\d{{1,4}}(?:\.\d\d)?)\s+each\b", re.I)
_UNITS = {
    "nights": {"night"},
    "days": {"day"},
    "weeks": {"week"},
    "people": {"head", "person", "adult"},
    "adults": {"head", "person", "adult"},
    "persons": {"head", "person"},
    "tickets": {"ticket"},
    "lessons": {"lesson"},
    "sessions": {"session"},
}


def _price(s: _Sentence, start: int, end: int) -> ExtractedFact:
    key = _nearest_key(s.text, start, end, _AMOUNT_KEYS, "amount")
    return s.fact("amount", key, start, end, s.text[start:end].replace(",", ""))


def _bundles(text: str) -> list[tuple[int, int]]:
    out = []
    for m in _BUNDLES_RE.finditer(text):
        counts = [_count(m["c1"]), _count(m["c2"])]
        prices = [_value(m["p1"]), _value(m["p2"])]
        if None in counts or _NOT_MONEY_AFTER_RE.match(text, m.end()):
            continue
        if all(p >= 10 and p > c for p, c in zip(prices, counts, strict=True)) and prices[1] != prices[0]:
            out += [m.span("p1"), m.span("p2")]
    return out


def _paid_in_parts(s: _Sentence) -> list[tuple[int, int]]:
    if not (_PAYING_RE.search(s.text) or _PAYING_RE.search(s.previous)):
        return []
    return [m.span("n") for m in _PART_RE.finditer(s.text) if _value(m["n"]) >= 10]


def _pence_in_money_talk(s: _Sentence) -> list[tuple[int, int]]:
    text = s.text
    talk = _MONEY_TALK_RE.search(text) or _CURRENCY_AMOUNT_RE.search(text)
    if not talk:
        return []
    out = []
    for m in _PENCE_RE.finditer(text):
        whole, pence = m["n"].split(".")
        # "9.45" may be a clock, but not beside a sum with its currency where nothing speaks of the hour:
        # "€23.60 in tolls, plus the transponder was 9.25"
        priced = (
            _CURRENCY_AMOUNT_RE.search(text)
            and not _CLOCK_TALK_RE.search(text)
            and _COST_VERB_BEFORE_RE.search(text, 0, m.start())
        )
        if int(pence) < 60 and int(whole) < 25 and not priced:
            continue
        if _NUMBERED_BEFORE_RE.search(text, 0, m.start()) or _NOT_MONEY_AFTER_RE.match(text, m.end()):
            continue
        out.append(m.span("n"))
    return out


def _chosen_value(s: _Sentence) -> list[tuple[int, int]]:
    m = _CHOSEN_VALUE_RE.match(s.text)
    if not m or int(m["n"]) < 5 or not _CURRENCY_AMOUNT_RE.search(s.previous):
        return []
    return [m.span("n")]


def _said_again(s: _Sentence) -> list[tuple[int, int]]:
    return [
        m.span("n")
        for m in _SAID_AGAIN_RE.finditer(s.text)
        if "," not in m["n"] and _said_with_currency(m["n"], None, s.earlier)
    ]


def _counted_sums(s: _Sentence) -> list[tuple[int, int]]:
    out = []
    for m in _COUNT_THEN_SUM_RE.finditer(s.text):
        count = _count(m["c"])
        if count is None or count < 2:
            continue
        units = _UNITS[m["unit"].lower()]
        earlier = [*s.recent[:-1], s.text[: m.start()]]
        rates = [r for text in earlier for r in _RATE_SAID_RE.finditer(text)]
        if any(
            (r["e"] or r["per"].lower() in units) and count * _value(r["e"] or r["r"]) == _value(m["n"])
            for r in rates
        ):
            out.append(m.span("n"))
    return out


def bare_prices(s: _Sentence) -> list[ExtractedFact]:
    """Prices said with no currency in the forms of the module's docstring; never in a question."""
    text = s.text
    if s.question or not re.search(r"\d", text):
        return []
    spans = [m.span("n") for m in _NAMED_BY_WHAT_RE.finditer(text) if _value(m["n"]) >= 5]
    spans += [m.span("n") for m in _MOVED_RE.finditer(text) if not _NOT_MONEY_AFTER_RE.match(text, m.end())]
    spans += [m.span("n") for m in _RATE_HOURS_RE.finditer(text)]
    spans += [m.span("n") for m in _CHARGES_OF_RE.finditer(text)]
    spans += _bundles(text) + _paid_in_parts(s) + _pence_in_money_talk(s) + _chosen_value(s)
    spans += _said_again(s) + _counted_sums(s)
    spans += [m.span("n") for m in _ROOM_AT_RE.finditer(text) if _value(m["n"]) >= 25]
    if s.money_said:
        spans += [
            m.span("n")
            for m in [*_TILL_CLOCK_IS_RE.finditer(text), *_LENGTH_THEN_SUM_RE.finditer(text)]
            if _value(m["n"]) >= 10 and not _NOT_MONEY_AFTER_RE.match(text, m.end())
        ]
    return [_price(s, a, b) for a, b in sorted(set(spans))]
