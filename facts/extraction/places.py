"""Addresses and the cities a person lives or works in."""

from __future__ import annotations

import re

from facts.extraction.text import _TRAILING, _about_a_place, _nearest_key, _Sentence, _words
from memadmin.providers.base import ExtractedFact

# ------------------------------------------------------------------ addresses and cities

_CAP = r"[A-ZÀ-Þ][\w'.-]*"
_STREET_TYPES = (
    r"Street|St|Road|Rd|Lane|Ln|Avenue|Ave|Av|Drive|Dr|Close|Way|Place|Pl|Court|Ct|Crescent|Terrace|Gardens"
    r"|Square|Sq|Boulevard|Blvd|Grove|Row|Mews|Parade|Walk|Hill|Park|Green|Wharf|Quay|Highway|Hwy|Common"
    r"|Circle|Cir|Parkway|Pkwy|Plaza|Trail|Trl|Loop|Alley|Expressway|Expy|Freeway|Fwy|Turnpike|Center|Centre"
    r"|Pike|Crossing|Path|Heights|Ridge|Promenade|Real|Embarcadero|Esplanade|Broadway|Bowery"
)
_STREET_TYPE = rf"(?:{_STREET_TYPES})\b\.?"
# Said in lower case, only the words that cannot be anything but a street ("the park" is no address).
_PLAIN_STREET_TYPE = (
    r"(?i:street|st|road|rd|avenue|ave|drive|dr|lane|ln|boulevard|blvd|parkway|pkwy|highway|hwy|expressway"
    r"|way|court|common|circle|plaza|terrace|crescent)"
    r"\b\.?"
)
_DIRECTION = r"(?i:north|south|east|west|northeast|northwest|southeast|southwest|NE|NW|SE|SW|N|S|E|W)\b\.?"
_ORDINAL_STREET = r"\d{1,3}(?:st|nd|rd|th)"
_NOT_A_STREET_WORD = (
    r"(?:the|a|an|at|in|on|for|to|of|and|or|with|by|from|is|are|was|were|be|that|which|who|we|i|you|they|it"
    r"|my|your|their|our|people|persons?|guests?|tickets?|nights?|days?|rooms?|bedrooms?|baths?|bathrooms?"
    r"|seats?|adults?|stars?|minutes?|hours?|more|other|different|new|main|apartments?|options?|hotels?"
    r"|results?|properties|places?|houses?|homes?|units?|events?|restaurants?|cars?|flights?|buses|movies?)\b"
)
_CLOSING_WORD = (
    r"(?:please|right|thanks|thank|okay|ok|yes|yeah|yep|no|sure|correct|too|then|now|instead|cheers|again"
    r"|though|correct|yet|anyway|today|tomorrow|tonight|ever|either|also|first|last|there|here)\b"
)
_LOWER_CITY = rf"(?!{_NOT_A_STREET_WORD}|{_CLOSING_WORD})[a-z]{{3,}}(?:\s[a-z]{{3,}})?"
_LOWER_WORD = rf"(?!{_NOT_A_STREET_WORD})[a-z][a-z'-]*"
_UNIT = (
    r"(?:\s*\#\s*(?:[A-Za-z]?\d+[A-Za-z]?|[A-Za-z])(?:-[A-Za-z0-9]{1,4})?(?!\w)"
    r"|(?<!\.)\s+(?:[A-Z]|[A-Za-z]\d{2,4})(?=[.,]?\s*$|[.,]\s|\s+(?:and|with|in)\b)"  # "219 Texas Street C"
    r"|,?\s+(?i:suite|ste|apt|apartment|unit|floor|fl)\.?\s*\#?\s*\w*\d\w*"
    r"|\s+\d{1,2}(?:st|nd|rd|th)\s+(?i:floor))"
)
_ROMANCE = (
    r"(?:Rue|Rua|Via|Viale|Avenida|Calle|Carrer|Largo|Travessa|Praça|Piazza|Corso|Cours|Chaussée|Paseo|Jalan"
    r"|Avenue|Boulevard|Impasse|Quai|Chemin|Allée)"
)
_PARTICLE = r"(?:de|da|das|do|dos|del|della|di|du|des|la|le|les|von|van|der|den|am|an)"
_COMPOUND = (
    r"[A-ZÀ-Þ]\w*?(?:straat|strasse|straße|weg|laan|plein|gasse|gracht|kade|dreef|allee|platz|damm|ufer)"
)
_HOUSE = r"\d{1,5}(?:bis|ter|[A-Za-z])?(?:[-/]\d{1,4}[A-Za-z]?)?"
_POSTCODE = (
    r"(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\d{4}-\d{3}|[A-Z]{2}\s\d{5}|\d{4,5}(?:\s?[A-Z]{2}(?![a-z]))?)"
)
_CITY = r"[A-ZÀ-Þ][a-zß-ÿ'-]+(?:(?:[ -]|\s(?:of|de|du|la)\s)[A-ZÀ-Þ][a-zß-ÿ'-]+){0,3}"
_ADDRESS_RE = re.compile(
    rf"""
    (?<![\w-])
    (?:(?:Flat|Apt\.?|Apartment|Unit)\s+\w+,?\s+)?
    (?:
        {_HOUSE},?\s+(?:{_DIRECTION}\s+)?(?:(?:{_CAP}|{_ORDINAL_STREET})\s+){{1,4}}?
            (?:{_STREET_TYPE}|{_PLAIN_STREET_TYPE})(?:\s+{_DIRECTION})?{_UNIT}?(?!\s+[A-Z][a-z])  # 221B Baker
      | {_HOUSE}\s+(?:{_DIRECTION}\s+)?(?:{_LOWER_WORD}\s+){{1,3}}?(?:{_PLAIN_STREET_TYPE}|{_STREET_TYPE})
            (?:\s+{_DIRECTION})?{_UNIT}?                                            # 13 doolittle drive
      | {_HOUSE}\s+(?:{_DIRECTION}\s+)?(?:Broadway|Bowery)\b{_UNIT}?              # 1619 Broadway
      | {_HOUSE},?\s+{_ROMANCE}\s+(?:(?:{_PARTICLE}|{_CAP})\s+){{0,4}}{_CAP}    # 12 Rue de Rivoli
      | {_ROMANCE}\s+(?:(?:{_PARTICLE}|{_CAP})\s+){{0,4}}{_CAP},?\s+{_HOUSE}    # Rua das Flores 28
      | {_COMPOUND}\s+{_HOUSE}                                                # Kerkstraat 12
    )
    (?![\w:]|[.,]\d)
    (?:
        ,\s*(?:Apt\.?|Apartment|Unit|Suite|Flat)\b\s*\w+
      | ,?\s+{_POSTCODE}(?![\w-])(?:\s+{_CITY})?
      | ,\s*{_CITY}(?:,?\s+{_POSTCODE}(?![\w-]))?
      | ,\s+{_LOWER_CITY}(?=\s*[.!?]?\s*$)                                    # ", brooklyn." said last
    ){{0,4}}
    """,
    re.X,
)
_SHIPPING_WORDS = (
    r"ship(?:ped|ping)?|deliver(?:y|ed)?|send|sent|post|courier|dispatch(?:ed)?|(?:go|goes|going|went)\s+to"
)
_ADDRESS_KEYS = ((_words(_SHIPPING_WORDS), "shipping_address"),)
_ADDRESS_KEYS += ((_words(r"live[sd]?|living|moved|move|home|reside"), "home_address"),)
_CITY_RE = re.compile(
    rf"""\b(?:
        (?P<moved>(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|now\s+|finally\s+)?(?:moved|relocated)
          |(?P<job>(?i:my|our)\s+(?:office|job|work|company|employer|team)\s+(?:has\s+|have\s+)?(?:moved|relocated)))
          (?:\s+(?:house|home|back|over))?\s+to
      | (?P<live>I(?:'m|\s+am)?\s+(?:now\s+)?(?:live|living))\s+in
      | (?P<work>I(?:'m|\s+am)?\s+(?:now\s+)?(?:work|working))\s+(?:in|from|out\s+of)
    )\s+(?P<city>{_CITY})""",
    re.X,
)
_NOT_CITY_RE = re.compile(
    r"(?:Sales|Marketing|Finance|Support|Engineering|Retail|Education|Healthcare|Tech|Accounts|Operations|Customer"
    r"|Admin|Logistics|Legal|Hospitality|Construction|Design|Research|Insurance|Banking|Media|Law|The)\b"
)
_WORK_WORDS_RE = _words(r"work|job|office|employer|company|transferred|posted|contract|career")


def _addresses(s: _Sentence) -> list[ExtractedFact]:
    out = []
    for m in _ADDRESS_RE.finditer(s.text):
        start, end = m.start(), m.end()
        while end > start and s.text[end - 1] in _TRAILING:
            end -= 1
        key = _nearest_key(s.text, start, end, _ADDRESS_KEYS, "address", reach=80)
        if key == "address" and _about_a_place(s):
            key = "place_address"
        out.append(s.fact("address", key, start, end, " ".join(s.text[start:end].split())))
    return out


def _cities(s: _Sentence) -> list[ExtractedFact]:
    """A city said about oneself: "I live in / work in X" states one; "I've moved to X" replaces
    the home city, and also the work city when the sentence says work words ("for a new job"):
    the one case where two facts share a span. "My office moved to X" replaces the work city."""
    out = []
    for m in _CITY_RE.finditer(s.text):
        if _NOT_CITY_RE.match(m["city"]):
            continue
        changed = bool(m["moved"]) or " now " in f" {m.group().lower()} "
        for_work = bool(m["moved"] and _WORK_WORDS_RE.search(s.text))
        keys = (
            ["work_city"]
            if m["job"] or m["work"]
            else ["home_city", "work_city"]
            if for_work
            else ["home_city"]
        )
        out += [s.fact("address", key, *m.span("city"), m["city"], supersedes=changed) for key in keys]
    return out
