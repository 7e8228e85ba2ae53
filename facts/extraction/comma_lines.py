"""Addresses written as one line of parts between commas that ends in a postcode, where no street word
marks the street: an Irish address ending in its Eircode ("its 7 Ard na Mara, Salthill, Galway H91 K2T7",
"theyre at Cargo Terminal 2, Dublin Airport, K67 W9T3") and an Indian one ending in its city and six-digit
PIN ("No. 14, 12th Main Road, HAL 2nd Stage, Indiranagar, Bengaluru 560038", "Flat 302, Sai Krupa
Apartments, 7th Cross, Jayanagar 4th Block, Bengaluru 560011"), and a Philippine one naming its barangay and
ending in its city and four-digit postal code ("Unit 12B, Palm Residences, 45 Kalayaan Ave, Brgy. Pinyahan,
Quezon City 1100"). The line is read back from the postcode
over parts of names and numbers, and begins where words that are not a name come before a part ("its",
"theyre at", "Saved the rental at"), or at the sentence's start. It needs a second part and a number of
its own: "Galway, H91 K2T7" and "Order 560034" are none.

And a number inside an address that a comma and a postcode with its town follow is the house number, not
a sum, in talk of money or rent: "Sol Rent a Car, Rua Castilho 59, 1250-068 Lisboa"."""

from __future__ import annotations

import re

from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

# An Eircode ("H91 K2T7", "K67 W9T3", "D6W XY12"): a letter and two digits, then four of letters and digits
# with both in them; or a city in capitals and an Indian PIN of six digits ("Bengaluru 560038").
_POSTCODE_END_RE = re.compile(
    r"(?<![\w-])(?:(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?(?=[0-9A-Z]{0,3}[A-Z])(?=[0-9A-Z]{0,3}\d)[0-9AC-FHKNPRTV-Y]{4}"
    r"|(?<=[A-Za-z]\s)\d{6}|(?P<ph>(?<=[A-Za-z]\s)\d{4}))(?![\w-]|[.,]\d)"
)
# A Philippine address names its barangay ("Brgy. Pinyahan", "Barangay San Roque") before the city or
# province and its four-digit postal code ("Quezon City 1100", "Rizal 1870"); four digits end a line only
# there.
_BARANGAY_RE = re.compile(r"\b(?:Brgy\.?|Barangay)\s+[A-Z]")
# A word of a part: a name in capitals ("Ard", "HAL", "No."), a number ("7", "302", "2B"), an ordinal
# ("12th", "4th") or a small word inside a name ("na", "de", "of").
_NAME_WORD = r"(?:[A-ZÀ-Þ][\w'’.-]*|\d{1,5}[A-Za-z]?|\d{1,3}(?:st|nd|rd|th))"
_PARTICLE = r"(?:na|an|de|da|do|das|dos|del|la|le|of|on|y)"
_PART_RE = re.compile(rf"{_NAME_WORD}(?:\s+(?:{_PARTICLE}\s+)?{_NAME_WORD}){{0,5}}")
_MAX_PARTS = 7
# Words that open a reply or say what follows, never the first word of a place: "Yes, Cargo Terminal 2, ...",
# "It's 31 Quarry Park, ..."
_NOT_A_NAME_RE = re.compile(
    r"(?i:yes|yeah|yep|no|ok|okay|sure|saved|noted|thanks|done|great|right|hi|hello|hey|it'?s|that'?s|there'?s"
    r"|here'?s|we'?re|they'?re|i'?m|you'?re|at|in|on|to|from|my|our|your|their|his|her|address)"
)
# A code's name before six digits: "Order 560034", "Room 560011" are no city and PIN.
_CODE_NAME_BEFORE_RE = re.compile(
    r"(?:Order|Invoice|Account|Ref|Reference|Booking|Ticket|Case|Room|Flat|Unit|Suite|No\.?|Rs\.?|INR)\s$",
    re.I,
)


def _tail(part: str) -> tuple[int, bool]:
    """Where the name at the end of a part begins, and whether the part is that name alone."""
    for m in re.finditer(r"\S+", part):
        rest = part[m.start() :].rstrip()
        if _NOT_A_NAME_RE.fullmatch(m.group().rstrip(",")) or re.fullmatch(_PARTICLE, m.group()):
            continue
        if _PART_RE.fullmatch(rest):
            return m.start(), not part[: m.start()].strip()
    return -1, False


def comma_lines(s: _Sentence) -> list[ExtractedFact]:
    """The address lines of the module in one sentence."""
    out = []
    for m in _POSTCODE_END_RE.finditer(s.text):
        if m.group().isdigit() and _CODE_NAME_BEFORE_RE.search(s.text, max(0, m.start() - 12), m.start()):
            continue
        parts_start = s.text.rfind(",", 0, m.start()) + 1
        if m["ph"] and not _BARANGAY_RE.search(s.text, max(0, parts_start - 80), parts_start):
            continue  # "Quezon City 1100" with its barangay before it; not "Terminal 3, Gate 1100"
        last = s.text[parts_start : m.start()]
        if last.strip() and not _PART_RE.fullmatch(last.strip()):
            continue  # "my order 560034" or "it's H91 K2T7": no city or place before the postcode
        start, parts, numbered = parts_start + len(last) - len(last.lstrip()), 1, bool(re.search(r"\d", last))
        while parts < _MAX_PARTS and parts_start > 0:
            before = s.text.rfind(",", 0, parts_start - 1) + 1
            part = s.text[before : parts_start - 1]
            at, whole = _tail(part)
            if at < 0 or (whole is False and re.fullmatch(r"\d{1,5}", part[at:].strip())):
                break  # "clinic room 412, St. Clare Medical Center, ...": a room's number is no house line
            start, parts = before + at, parts + 1
            numbered = numbered or bool(re.search(r"\d", part[at:]))
            if not whole or not before:
                break
            parts_start = before
        if parts >= 2 and numbered and not s.question:
            out.append(
                s.fact("address", "address", start, m.end(), " ".join(s.text[start : m.end()].split()))
            )
    return out


# A comma and a postcode with its town after a house number: "59, 1250-068 Lisboa", "33, 10435 Berlin".
_POSTCODE_TOWN_AFTER_RE = re.compile(r",\s*(?:\d{4}-\d{3}|\d{5})\s+[A-ZÀ-Þ]")


def house_numbers_kept(facts: list[ExtractedFact], content: str) -> list[ExtractedFact]:
    """The facts less each sum with no currency that is the house number of an address around it."""
    addresses = [f.span for f in facts if f.type == "address"]
    return [
        f
        for f in facts
        if not (
            f.type == "amount"
            and not f.normalised[-3:].isalpha()
            and _POSTCODE_TOWN_AFTER_RE.match(content, f.span[1])
            and any(a <= f.span[0] and f.span[1] < b for a, b in addresses)
        )
    ]
