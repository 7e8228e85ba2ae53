"""Addresses and the cities a person lives or works in."""

from __future__ import annotations

import re

from facts.extraction.text import (
    _ABBREVIATION_RE,
    _TRAILING,
    _about_a_place,
    _nearest_key,
    _Sentence,
    _words,
)
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
# After a house number and a name, words that are streets in Britain too ("12 church close").
_HOUSE_STREET_TYPE = (
    r"(?i:close|square|grove|walk|row|gardens|mews|parade|quay|wharf|yard|hill|green|causeway)\b"
)
_DIRECTION = r"(?i:north|south|east|west|northeast|northwest|southeast|southwest|NE|NW|SE|SW|N|S|E|W)\b\.?"
_ORDINAL_STREET = r"\d{1,3}(?:st|nd|rd|th)(?:\s1/2|\s?½)?"  # "E 38th 1/2 St": a half street between two
_NOT_A_STREET_WORD = (
    r"(?:the|a|an|at|in|on|for|to|of|and|or|with|by|from|is|are|was|were|be|that|which|who|we|i|you|they|it"
    r"|my|your|their|our|people|persons?|guests?|tickets?|nights?|days?|rooms?|bedrooms?|baths?|bathrooms?"
    r"|seats?|adults?|stars?|minutes?|hours?|more|other|different|new|apartments?|options?|hotels?"
    r"|results?|properties|places?|houses?|homes?|units?|events?|restaurants?|cars?|flights?|buses|movies?"
    r"|miles?|km|kilometres?|kilometers?|metres?|meters?|yards?|blocks?|degrees|percent"
    r"|am|pm)\b"  # "the 6 pm court" is a time
)
_CLOSING_WORD = (
    r"(?:please|right|thanks|thank|okay|ok|yes|yeah|yep|no|sure|correct|too|then|now|instead|cheers|again"
    r"|though|correct|yet|anyway|today|tomorrow|tonight|ever|either|also|first|last|there|here"
    r"|cheap|expensive|moderate|moderately|pricey|lovely|busy|quiet|popular|nearby|free)\b"
)
_LOWER_CITY = rf"(?!{_NOT_A_STREET_WORD}|{_CLOSING_WORD})[a-z]{{3,}}(?:\s[a-z]{{3,}})?"
_LOWER_WORD = rf"(?!{_NOT_A_STREET_WORD})[a-z][A-Za-z'-]*"
_UNIT = (
    r"(?:\s*\#\s*(?:[A-Za-z]?\d+[A-Za-z]?|[A-Za-z])(?:-[A-Za-z0-9]{1,4})?(?!\w)"
    r"|(?<!\.)\s+(?:[A-Z]|[A-Za-z]\d{2,4})(?=[.,]?\s*$|\s?[.,]\s|\s+(?:and|with|in)\b)"  # "219 Texas St C"
    r"|,?\s+(?i:suite|ste|apt|apartment|unit|floor|fl)\.?\s*\#?\s*\w*\d\w*"
    r"|,?\s+\d{1,2}(?:st|nd|rd|th)\s+(?i:floor))"
)
# "Ave 56", "Highway 101": a road named by its number after its type.
_NUMBERED_ROAD = r"(?:(?<=Ave)|(?<=Avenue)|(?<=Highway)|(?<=Hwy))\s+\d{1,3}(?![\d:]|[.,]\d)"
_ROMANCE = (
    r"(?:Rue|Rua|Via|Viale|Avenida|Calle|Carrer|Largo|Travessa|Praça|Piazza|Corso|Cours|Chaussée|Paseo|Jalan"
    r"|Avenue|Boulevard|Impasse|Quai|Chemin|Allée)"
)
_PARTICLE = r"(?:de|da|das|do|dos|del|della|di|du|des|la|le|les|von|van|der|den|am|an)"
_COMPOUND = (
    r"[A-ZÀ-Þ]\w*?(?:straat|strasse|straße|weg|laan|plein|gasse|gracht|kade|dreef|allee|platz|damm|ufer)"
)
_HOUSE = (  # "4-6", "4 - 6" in tokenised text; a Dutch floor after the number: "87-II", "14-hs"
    r"\d{1,5}(?:bis|ter|[A-Za-z])?(?:\s?[-/]\s?\d{1,4}[A-Za-z]?)?(?:-(?:I{1,3}|IV|V|hs|huis|bg|boven)(?![\w-]))?"
)
_POSTCODE = (  # an Australian state and postcode too: "VIC 3121", "NSW 2010"
    r"(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\d{4}-\d{3}|[A-Z]{2}\s\d{5}|(?:VIC|NSW|QLD|ACT|TAS|NT|SA|WA)\s\d{4}|\d{4,5}(?:\s?[A-Z]{2}(?![a-z]))?"
    # a Canadian province and postcode ("BC V6Z 1M4"), an Irish Eircode ("D06 K7P2", letters and digits)
    r"|(?:(?:BC|AB|SK|MB|ON|QC|NB|NS|PE|NL|YT|NT|NU)\s)?[A-Z]\d[A-Z]\s?\d[A-Z]\d"
    r"|(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s(?=[0-9A-Z]{0,3}[A-Z])(?=[0-9A-Z]{0,3}\d)[0-9AC-FHKNPRTV-Y]{4})"
)
_MONTH_OR_DAY = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?"
    r"|nov(?:ember)?|dec(?:ember)?|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|today|tomorrow|tonight|noon|midnight|christmas|easter"
)
# A unit's word after a comma is no town: "2 Elm St, Building C", "5 Oak Rd, Suite 4".
_UNIT_NAME = r"(?:Building|Bldg|Suite|Ste|Unit|Apt|Apartment|Floor|Fl|Room|Tower)\b"
_CITY = r"[A-ZÀ-Þ][a-zß-ÿ'-]+(?:(?:[ -]|\s(?:of|de|du|la|am|an\s+der|upon)\s)[A-ZÀ-Þ][a-zß-ÿ'-]+){0,3}"
# A city's district said after it: "Dublin 6", "Dublin 15"; not a time or a count ("Dublin 6 pm").
_DISTRICT = r"(?:\s(?:[1-9]|1\d|2[0-4])(?![\w:]|[.,]\d|\s?[ap]\.?m\b))"
_ADDRESS_RE = re.compile(
    rf"""
    (?<![\w-])
    (?:(?:Flat|Apt\.?|Apartment|Unit)\s+(?:\w+,?\s+|(?=\d{{1,4}}/\d))  # "Unit 3/41 Kent Street"
      |(?:Suite|Level|Floor)\s+\w*\d\w*,?\s+)?  # "Level 2, 90 Taranaki Street"
    (?:
        {_HOUSE},?\s+(?:{_DIRECTION}\s+)?(?:(?:{_CAP}|{_ORDINAL_STREET}|'s)\s+){{1,4}}?
            (?:{_STREET_TYPE}|{_PLAIN_STREET_TYPE})(?:{_NUMBERED_ROAD})?(?:\s+{_DIRECTION})?{_UNIT}?
            (?!\s+[A-Z][a-z])                                                        # 221B Baker
      | {_HOUSE}\s+(?:{_DIRECTION}\s+)?(?:st\s?\.\s+)?(?:{_LOWER_WORD}\s+|'s\s+){{1,3}}?
            (?:{_PLAIN_STREET_TYPE}|{_STREET_TYPE}
            |{_HOUSE_STREET_TYPE}(?:\s+(?:{_PLAIN_STREET_TYPE}|{_STREET_TYPE}))?)
            (?:\s+{_DIRECTION})?{_UNIT}?                                            # 13 doolittle drive
      | {_HOUSE}\s+(?:{_DIRECTION}\s+)?(?:Broadway|Bowery|Esplanade|Embarcadero)\b{_UNIT}?  # 1619 Broadway
      | {_HOUSE}\s+{_DIRECTION}\s+\d{{1,3}}\s+(?i:street|st|avenue|ave)\b\.?{_UNIT}?  # 4 west 52 street
      | {_HOUSE},?\s+(?i:{_ROMANCE})\s+(?:(?:{_PARTICLE}|{_CAP})\s+){{0,4}}{_CAP}  # 3 rue Lallier
      | [1-9]\d?-[1-9]\d?-[1-9]\d{{0,2}}\s+{_CAP}(?:,\s+{_CAP}-(?:ku|shi|cho|machi|gun))?
            (?:,?\s+\d{{3}}-\d{{4}}(?![\w-]))?                              # 2-13-5 Jingumae, Shibuya-ku
      | {_ROMANCE}\s+(?:(?:{_PARTICLE}|{_CAP})\s+){{0,4}}{_CAP},?\s+{_HOUSE}    # Rua das Flores 28
      | (?i:{_ROMANCE})\s+(?:(?:{_PARTICLE}|{_LOWER_WORD})\s+){{0,3}}{_LOWER_WORD},?\s+{_HOUSE}
                                                                              # calle de la cruz 14
      | {_COMPOUND}\s+{_HOUSE}                                                # Kerkstraat 12
      | (?:[A-ZÀ-Þ]\w*-)+(?:Ring|Weg|Platz|Allee|Straße|Strasse|Damm|Ufer|Markt|Gasse|Chaussee)\s+{_HOUSE}
                                                                              # Hugo-Eckener-Ring 12
      | {_HOUSE}\s+(?:{_CAP}\s+){{1,3}}{_CAP}(?<![^s]s)(?=,?\s+(?i:suite|ste)\b\.?\s*\#?\s*\w*\d)
                                                                              # 310 Capitol Mall, Suite 800
      | {_HOUSE},?\s+(?i:{_ROMANCE})\s+(?:(?:{_PARTICLE}|{_LOWER_WORD})\s+){{0,3}}{_LOWER_WORD}
                                                                              # 12 rue de rivoli
      | (?i:{_COMPOUND})\s+{_HOUSE}                                           # kantstrasse 41
      | {_ORDINAL_STREET}\s+(?:and|&)\s+(?:{_ORDINAL_STREET}|[A-Za-z]|{_CAP}|{_LOWER_WORD})\s+
            (?:{_STREET_TYPE}|{_PLAIN_STREET_TYPE})                              # 9th and m street
    )
    (?!\w|:\d|[.,]\d)
    (?:\s+(?i:city|town)\s+(?i:centre|center)\b)?              # "14 bridge street city centre"
    (?:                                                      # " , " where the text is tokenised
        \s,\s(?:\d{{4,5}}(?:\s[a-z]{{2}})?\s)?{_LOWER_CITY}(?:\s\d{{1,2}})?
            (?=\s[.,;](?:\s|$))                                            # " , dublin 2 ,"
      |
        \s?,\s*(?:Apt\.?|Apartment|Unit|Suite|Flat)\b\s*\w+
      | (?:\s?,)?\s+{_POSTCODE}(?![\w-])(?:\s+{_CITY})?
      | \s?,\s*(?!{_UNIT_NAME}){_CITY}{_DISTRICT}?(?:\s?,?\s+{_POSTCODE}(?![\w-]))?
      | \s?,\s+{_LOWER_CITY}(?=\s*[.!?]?\s*$)                                # ", brooklyn." said last
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
        after_comma = re.search(r",\s*$", s.text[:start])  # "the corn exchange , 3 wheeler street"
        if after_comma and (line := _line_before(s.text, start)):
            start = line[0]
        key = _nearest_key(s.text, start, end, _ADDRESS_KEYS, "address", reach=80)
        if key == "address" and _about_a_place(s):
            key = "place_address"
        out.append(s.fact("address", key, start, end, " ".join(s.text[start:end].split())))
    return out


# ------------------------------------------------------------------ addresses named by the words before them

# "the address is ...", "their address : ...", "located at ...", "it 's on ...": the phrase after
# these is an address even with no house number or street-type word ("fen causeway , newnham").
_ADDRESS_CUE_RE = re.compile(
    r"""
    \b(?P<strong>add?ress?(?:es)?|addr\.?)  # "adress", "addres": misspelt as often as not
        (?:\s+(?:of|for)\s+(?:the\s+|their\s+|your\s+|my\s+|this\s+|that\s+|our\s+)?[\w'-]+(?:\s+[\w'-]+){0,4}?)?
        (?:\s+(?:is|was|will\s+be|would\s+be|shows\s+up\s+as|(?:is\s+)?(?:listed|given)\s+as|as)(?![\w'-])\s*[:-]?
        |\s*[:-])\s*
  | \b(?P<located>located|situated|based|(?:find|visit|locate|reach|see|meet)
        \s+(?:us|them|it|him|her|the\s+\w+)|(?:be|is|are|can\s+be)\s+found)\s+(?:at|on)\s+
  | \b(?P<location>location(?:\s+address)?(?:\s+(?:of|for)\s+(?:the|their|this|that|your)\s+\w+)?
        \s+(?:is|as)(?:\s+(?:at|on))?)\s+
  | (?:\b(?:is|are)|\s?'s|\s?'re)\s+(?P<inside>in)\s+
  | (?:\b(?:is|are)|\s?'s|\s?'re)\s+(?:now\s+)?(?P<is_at>at|on)\s+
  | (?<![\w'])(?P<weak>at|on|from|to)\s+
    """,
    re.I | re.X,
)
# Where an introduced address ends: a sentence or clause end, a new clause, a postcode or a phone.
_ADDRESS_END_RE = re.compile(
    r"""
    \s*(?P<stop>[.!?;])(?=\s|$)|\s*\.(?=[A-Z][a-z])|\s*[()]|\s*$              # "Gardens.Rent per week"
  | \s*,?\s+(?:and|but|with|which|where|who|if|or|so|for|from|near|next\s+to|close\s+to|called|named|while
        |whilst|whereas|although|because|since
        |in\s+(?:the|a|an)|on\s+(?:the|a)|at\s+(?:the|a|\d)|by|to|phone|tel|telephone|postcode|post\s+code
        |postal|zip|number|call|contact|it|its|it's|they|their|they're|you|your|i|we|the\s+(?:phone|number|price
        |cost|fee|rent|entrance|postcode)|[$£€]|\d+(?:[:.]\d\d)?\s?(?:[ap]\.?m\b|pounds|gbp|dollars))\b
  | \s*,\s*(?:the|a|which|and|it|they|you|i|we|phone|tel|postcode|post\s+code|their|its|about|around
        |approximately|roughly|only|just|opposite|behind|beside|across|near|past|cheap|expensive|moderate|moderately|pricey
        |lovely|busy|quiet|popular|nearby|free)\b
  | \s*,?\s+(?:now|instead|please|then|too|again|though|anyway|thanks|today|tomorrow|tonight|right|correct
        |yet|either|as\s+well|that|whose|has|have|had|is|was|are|were|costs?|costing|rents?|renting|would|will
        |can|could|should|may|might|on|at|next|this|last|every|each|starting|from)\b
    """,
    re.I | re.X,
)
_ANY_STREET_TYPE_RE = re.compile(
    rf"\b(?:{_STREET_TYPES}|street|road|lane|avenue|drive|way|close|court|crescent|terrace|gardens|square|place"
    r"|grove|row|mews|parade|walk|hill|park|green|passage|causeway|boulevard|highway|parkway|plaza|circle|alley"
    r"|yard|quay|wharf|bridge|gate|market|expressway|freeway|trail|path|strand|bldg|building|floor|suite|unit"
    rf"|{_ROMANCE}|camino|jalan|calle)\b",
    re.I,
)
_NOT_AN_ADDRESS_RE = re.compile(
    rf"""^(?:(?:correct|right|wrong|fine|not|n't|needed|required|missing|below|above|same|different|unknown
        |none|listed|available|attached|here|there|the\s+same|on\s+file|also|still|ready|confirmed|open|closed
        |updated|changed|saved|verified|removed|deleted|invalid|incomplete
        |free|cheap|expensive|moderate(?:ly)?|busy|full|great|good|nice|perfect|okay|ok|yes|no|sorry|just|only
        |around|about|least|most|once|home|work|(?:its|the|my|your|his|her|their|our)\s+way|the\s+(?:top|bottom|end|start|moment|time|weekend|centre
        |center|north|south|east|west)|{_MONTH_OR_DAY})\b|(?:at|on|in|to|by|of|with|expected|going|about|currently)\b
        |[\d:.]+\s*(?:[ap]\.?m\b|o\s?'?\s?clock)|\d+(?::\d\d)?$|\W  # a clock: "at 6 after work" below
        |\d{{1,2}}(?:[.:]\d\d)?\s+(?:after|before|until|till|then|tonight|today|tomorrow|sharp)\b
        |(?:the\s+)?(?:first|second|third|fourth|fifth|sixth|ground|top|upper|lower|basement
            |\d{{1,2}}(?:st|nd|rd|th))\s+(?:floor|level|storey)$)""",  # "haematology is on the second floor"
    re.I | re.X,
)
# A street whose name begins with a word that, alone, says how a place is: "free school row", "great
# north road", "home farm close"; "the address is free" is none.
_NAMED_LIKE_A_STATE_RE = re.compile(
    r"(?:free|great|good|nice|home|open)\s+(?:(?!(?:the|a|an|of|to|for|in|on|at|and|or)\b)[a-z][a-z'-]*\s+){0,2}"
    r"(?:street|road|lane|avenue|drive|close|crescent|terrace|gardens|square|grove|mews|parade|walk|row|way)"
    r"\b(?=\s*(?:,|$))"
)
_TIME_OR_MONEY_RE = re.compile(
    r"\d:\d\d|[$£€]|\b\d+\s?(?:[ap]\.?m|pounds|gbp|dollars|euros|people|nights?)\b", re.I
)
_ADDRESS_WORDS = 16


def _introduced_addresses(s: _Sentence) -> list[ExtractedFact]:
    """Addresses named by the words before them. After "address is" the phrase is one; after
    "located at", "is at", "'s on" only with a street-type word in it, or in capitals after
    "located at" ("located at Millbank"). Never a time, an amount or a question word."""
    out, question = [], s.text.rstrip().endswith("?")
    proposed = question and _PROPOSES_WHERE_RE.match(s.text)  # "is it still on abbey road ?" names the street
    for m in _ADDRESS_CUE_RE.finditer(s.text):
        if m["strong"] and re.search(r"\b(?:e-?mail|web|ip|mac|return)\s*$", s.text[: m.start()], re.I):
            continue
        start = m.end()
        start += _LEADING_ADDRESS_RE.match(s.text, start).end() - start  # "at the following address: 8 ..."
        part_of_it = m["strong"] or m["located"]  # ", the lanterns shopping centre , ..." goes on
        end = next(
            (
                e.start()
                for e in _ADDRESS_END_RE.finditer(s.text, start)
                if not (
                    _abbreviation(s.text, e)
                    or (part_of_it and _NEXT_PART_RE.match(s.text, e.start()))
                    or ((m["weak"] or m["is_at"]) and _BUILDING_ON_STREET_RE.match(s.text, e.start()))
                )
            ),
            len(s.text),
        )
        while end > start and s.text[end - 1] in _TRAILING:
            end -= 1
        phrase = s.text[start:end]
        words = phrase.split()
        not_one = _NOT_AN_ADDRESS_RE.match(phrase) and not _NAMED_LIKE_A_STATE_RE.match(phrase)
        if not words or len(re.findall(r"\w+", phrase)) > _ADDRESS_WORDS or not_one:
            continue
        if _TIME_OR_MONEY_RE.search(phrase) or _QUESTION_WORD_RE.match(phrase):
            continue
        if not any(c.isalpha() for c in phrase):
            continue  # "call them at 415-555-0139" is a phone
        named = all(w[0].isupper() or w[0].isdigit() or w[0] in ",-#" for w in words)  # "31 The Causeway #4"
        numbered = bool(re.match(r"\d+[a-z]?\s+[a-z]", phrase, re.I))  # "27 via lucia # 3304"
        numbered |= bool(
            m["located"] and re.search(r",\s*\d+[a-z]?\s+[a-z]", phrase, re.I)
        )  # "the mill , 7 ..."
        street = _ANY_STREET_TYPE_RE.search(phrase)
        if m["inside"] and not (numbered and street):
            # "is in the centre" names an area, "is in 2176 orchard avenue" an address; so do an area and its
            # town ("is in parkside , marrowby .") and a place and its number ("in the shambles , number 12")
            if not (inside := _inside_address(s, start, end)):
                continue
            end = start + inside
            phrase, street = s.text[start:end], True
        numbered_place = False
        if m["weak"] and proposed and (street_named := _PROPOSED_STREET_RE.match(phrase)):
            end = start + street_named.end()  # a street proposed as where a place is
            phrase, numbered_place = s.text[start:end], True
        elif m["weak"]:  # "on mill lane , larkfield", "at 2 mill race", "from 22 linden close"
            weak = _weak_after(s.text, m, m["weak"], phrase, end, question)
            on_street = m["weak"].lower() == "on" and not question and _NAMED_STREET_RE.match(phrase)
            if not weak and on_street and _HOMES_RE.search(s.text):
                weak = on_street.end()  # "a two-bed on Otley Road"
            if not weak:
                continue  # not "on its way", "to visit orchard gardens", "at 28 degrees"
            end = start + weak
            phrase, numbered_place = s.text[start:end], True
        elif (
            m["is_at"] and not street and (weak := _weak_after(s.text, m, m["is_at"], phrase, end, question))
        ):
            end = start + weak  # "it is at 2 the pightle": as after a bare "at"
            phrase, numbered_place = s.text[start:end], True
        elif (
            m["is_at"]
            and m["is_at"].lower() == "at"
            and not street
            and (inside := _inside_address(s, start, end))
        ):
            end = start + inside  # an area and its town: "the police station is at parkside , marrowby ."
            phrase, numbered_place = s.text[start:end], True
        if question and not (street or numbered):
            continue  # "What address is the gallery located at?"
        # "located at the old forge": in lower-case text a short phrase after "located at/on" is one
        lowered = bool(m["located"] and re.match(r"(?:located|situated)\b", m["located"], re.I))
        lowered = lowered and phrase.islower() and len(words) <= 6 and not _PRONOUN_RE.match(phrase)
        if not (
            m["strong"]
            or street
            or numbered_place
            or lowered
            or ((m["located"] or m["location"]) and (named or numbered))
        ):
            continue
        key = _nearest_key(s.text, start, end, _ADDRESS_KEYS, "address", reach=80)
        if key == "address" and _about_a_place(s):
            key = "place_address"
        out.append(s.fact("address", key, start, end, " ".join(phrase.split())))
    return out


# After a bare "on", "at", "from" or "to" an address is said in lower case and starts a phrase: a street
# named by a word or three and its type ("on bene't street", "at scudamore 's wharf , mill lane"), or
# (after "at" and "from") a house number and two or three words ("at 2 mill race , orchard end"), then
# the area or town after a comma. After "to" only with a house number: "to visit orchard gardens".
_LINE_WORD = rf"(?!{_NOT_A_STREET_WORD}|{_CLOSING_WORD}|(?:its|his|her|this|that|some|any|every|no|per)\b"
_LINE_WORD += r"|(?:located|situated|called|named|one|just|only|single|round|whole|other|same|best|wrong"
_LINE_WORD += (
    r"|easy|hard|quick|fast|quickest|fastest|shortest|easiest|each|left"  # "it 's one way" is no street
    r"|sells|serves|hires|rents|opens|closes|shuts|does|has|have|offers|stocks|keeps)\b)"  # what a venue does
)
_LINE_WORD += r"[a-z][a-z'-]*"
_UNIT_WORD = r"(?:degrees|percent|per|miles|km|songs|tracks|items|times|years|months|weeks|pounds|dollars)\b"
_NOT_A_PLACE_WORD = (
    r"(?:sharp|noon|midnight|latest|earliest|each|apiece|onwards?|tops|max|ish|o'clock|until|till|sounds|works"
    r"|suits|fits|looks|seems|would|should|[a-z]+ly)\b"
)
_WEAK_STREET = (
    r"(?:street|road|lane|avenue|drive|close|crescent|terrace|gardens|square|grove|mews|parade|wharf|quay"
    r"|causeway|boulevard|highway|parkway|way|row|walk|passage|green|common|yard|gate|approach|end|piece|pieces"
    r"|bank|rise|mead|fold|garth|wynd|croft|hythe)\b"  # British street names: "withy bank", "saxon mead"
)
_WEAK_HOUSE = r"\d{1,5}[a-z]?(?:\s?-\s?\d{1,4}[a-z]?)?"
_WEAK_ADDRESS_RE = re.compile(
    rf"""(?P<building>(?:(?:the\s+)?{_LINE_WORD}(?:\s+(?:{_LINE_WORD}|'(?=\s))){{0,3}}\s?,\s*){{1,2}}(?=(?:{_WEAK_HOUSE}\s+)?
        (?:{_LINE_WORD}\s+|'s\s+){{1,3}}{_WEAK_STREET}|{_WEAK_HOUSE}\s+{_LINE_WORD}$))?
        # "heron park , water lane", "the mill , 2 ash end", "the old school , 4 kirkgate"
    (?:(?P<house>{_WEAK_HOUSE})\s+)?
    (?:
        (?P<street>(?:the\s+{_LINE_WORD}\s+|(?:st\s\.\s+)?(?:{_LINE_WORD}\s+|'s\s+){{1,3}}){_WEAK_STREET}
          (?=\s*(?:,|$)|\s+[a-z]{{1,2}}\d[a-z\d]?\s?\d[abd-hjlnp-uw-z]{{2}}\s*(?:,|$)))  # "tan lane lf12ab"
      | (?P<place>(?P<the>the\s+)?(?!{_UNIT_WORD}|{_NOT_A_PLACE_WORD}){_LINE_WORD}
          (?P<more>(?:\s+(?!{_UNIT_WORD}){_LINE_WORD}|\s+'s(?=\s)){{1,2}})?(?=\s*(?:,|$)))(?P<district>(?=\s?,\s*{_LINE_WORD}))?
    )
    (?:\s?,\s*{_LINE_WORD}(?:\s+{_LINE_WORD}){{0,2}}(?=\s*(?:,|$)))*""",
    re.X,
)

# A yes/no question about where a place already talked of is, which proposes a street and its type: "is
# that on mill road ?", "is it still at the surgery on abbey road ?"; not "is there a cafe on mill road ?".
_PROPOSES_WHERE_RE = re.compile(
    r"^\W*(?:(?:and|so|but|sorry)\W+)?(?:is|was)\s+(?:it|that|this|the\s+[a-z]+(?:\s+[a-z]+)?)\s+(?:still\s+)?"
    r"(?:on|at|in|off)\b"
)
_PROPOSED_STREET_RE = re.compile(
    rf"(?:the\s+{_LINE_WORD}(?:\s+{_LINE_WORD})?\s+on\s+)?(?:\d{{1,4}}[a-z]?\s+)?(?:{_LINE_WORD}\s+){{1,2}}"
    rf"(?:street|road|lane|avenue|drive|close|crescent|terrace|square|parade|row|walk|way)\b(?=\s*\??\s*$)"
)

# After "the address is unit 3", a part after a comma that names a street, a shopping centre or a park
# ("unit 3 , the lanterns shopping centre , pellow road") is more of the address, not a new clause.
_NEXT_PART_RE = re.compile(
    rf"\s*,\s*(?:the\s+)?(?:{_LINE_WORD}\s+|'s\s+){{0,3}}(?:{_WEAK_STREET}|centre|center|park|estate|precinct"
    r"|arcade|mall|buildings?|exchange|hall)"
    r"(?=\s*(?:,|[.!?]?\s*$))"
)

# After "at": a building and the street it is on, after a part of it ("at the box office , the pier , marine
# parade , from 7 pm"): the phrase goes on past ", the".
_BUILDING_ON_STREET_RE = re.compile(
    rf"\s*,\s*the\s+{_LINE_WORD}(?:\s+{_LINE_WORD}){{0,2}}\s?,\s*(?:{_LINE_WORD}\s+|'s\s+){{1,3}}{_WEAK_STREET}"
    r"(?=\s*(?:,|[.!?]?\s*$))"
)

_POSITION_RE = re.compile(
    r"the\s+(?:back|front|side|rear|left|right|corner|entrance|exit|door|desk|reception|counter|bar|top|bottom"
    r"|middle|end|start|moment|time|weekend|station|airport|hotel|restaurant|venue|museum|office|hospital)\b"
)


# After "is in" (or "is at"): an area and the town after a comma ending the sentence ("the police station
# is in parkside , marrowby ."), said of a place; a street or building and its number or unit ("is in the
# shambles , number 12", "in the arcade , unit 4"). Not a state ("is in stock , thanks", "is in hospital ,
# sadly").
_AREA_AND_TOWN_RE = re.compile(
    rf"(?!{_NOT_A_PLACE_WORD}|{_UNIT_WORD}|(?:town|stock|hospital|bed|school|work|class|charge|use|time|trouble|place"
    rf"|touch|love|pain|luck|fact|total|general|particular|person|cash|full|home|lunch|dinner|breakfast|rest|risk"
    rf"|ease|peace|sea|least|best|worst|once|capacity)\b){_LINE_WORD}(?:\s+{_LINE_WORD})?"
    rf"\s?,\s*(?!{_NOT_A_PLACE_WORD}|{_UNIT_WORD}){_LINE_WORD}(?:\s+{_LINE_WORD})?(?=\s*[.!?]?\s*$)"
)
_NUMBERED_PLACE_RE = re.compile(
    rf"(?:the\s+)?{_LINE_WORD}(?:\s+{_LINE_WORD}){{0,2}}\s?,\s*(?:number|no\s?\.?|unit)\s+\d{{1,4}}[a-z]?(?![\w:.,]\d|\w)"
)


def _inside_address(s: _Sentence, start: int, end: int) -> int:
    """The length of the address after "is in" at ``start`` (the phrase read up to ``end``), or 0."""
    phrase = s.text[start:end]
    if any(c.isupper() for c in phrase) or s.text.rstrip().endswith("?") or not _about_a_place(s):
        return 0
    if number := _NUMBERED_PLACE_RE.match(s.text, start):
        return number.end() - start
    if _AREA_AND_TOWN_RE.fullmatch(phrase) and _AREA_ENDS_RE.match(s.text, end):
        return len(phrase)
    return 0


# After a street's name, where the sentence says where on it the place is: ", close to the quay".
_POSITION_AFTER_RE = re.compile(
    r"\s*,\s*(?:just\s+|right\s+)?(?:behind|beside|opposite|next\s+to|near|close\s+to|past|off|by|across\s+from"
    r"|round\s+the\s+corner|at\s+the\s+(?:end|top|bottom|back|foot))\b"
)
# Where an area and its town end: the sentence, or where the sentence goes on to say where in it ("is in
# kelderby , brackwater , behind the library .").
_AREA_ENDS_RE = re.compile(r"\s*(?:[.!?]|$)|" + _POSITION_AFTER_RE.pattern)


def _phrase_closed(text: str, end: int) -> bool:
    """Does the phrase ending at ``end`` end its clause (a comma or the sentence's end), rather than
    run on into more words ("a table at 25 lusk tomorrow")?"""
    return bool(re.match(r"\s*(?:[,.!?;]|$)", text[end:]) or _NEXT_VALUE_RE.match(text, end))


# "... and the postcode is ...": a phrase ends where the next value of the same place is named.
_NEXT_VALUE_RE = re.compile(
    r"\s+and\s+(?:the|its|their|the\s+\w+\s*'s)\s+(?:post\s?code|phone|telephone|number|entrance|admission"
    r"|price|fee|rooms?)\b"
)


# A street named in capitals with a word that is nothing but a street, after a bare "on" in a sentence about
# a home or a venue: "a two-bed on Otley Road", "the church hall on Quarry Lane"; not "The bus on Mill Road
# was late", nor "on Capitol Hill" or "on Union Square", which name places as often as streets.
_HOMES_RE = _words(
    r"(?:one|two|three|four|1|2|3|4)-beds?|flats?|houses?|homes?|apartments?|studios?|cottages?|bungalows?"
    r"|rooms?|lets?|rentals?|live[sd]?|living|moved|halls?|churche?s?|shops?|offices?|caf[eé]s?|restaurants?"
    r"|pubs?|hotels?|clinics?|surger(?:y|ies)|schools?|venues?|branch(?:es)?"
)
_NAMED_STREET_RE = re.compile(
    rf"(?:{_CAP}\s+){{1,3}}(?:Road|Rd|Street|St|Avenue|Ave|Lane|Drive|Crescent|Terrace|Boulevard|Blvd|Mews)\b\.?"
    r"(?!\s+[A-Z]|-)"
)


def _weak_after(text: str, m: re.Match, cue: str, phrase: str, end: int, question: bool) -> int:
    """``_weak_address`` of the phrase after the cue ``m`` found, with what the sentence says around it."""
    venue = bool(_VENUE_NAMED_RE.search(text, 0, m.start()) and _ends_or_placed(text, end))
    placed = _placed(text, m.start(), end)
    return _weak_address(phrase, cue.lower(), question, _phrase_closed(text, end), placed, venue)


def _weak_address(
    phrase: str, cue: str, question: bool, closed: bool = False, placed: bool = False, venue: bool = False
) -> int:
    """The length of the address that starts ``phrase`` after a bare "on"/"at"/"from"/"to", or 0.
    ``venue``: the sentence names a place one goes to before the cue, and the phrase ends it."""
    m = _WEAK_ADDRESS_RE.match(phrase)
    if not m or any(c.isupper() for c in m.group()) or (question and not m["house"]):
        return 0
    named_area = m["the"] and m["district"] is not None and cue in ("at", "on") and m.end() == len(phrase)
    named_area = named_area and not _POSITION_RE.match(phrase)  # "at the wend , eastfield", not "at the back"
    if (
        m["place"]
        and not named_area
        and not (m["house"] and (cue in ("at", "from") or m["district"] is not None))
        and not (cue == "on" and closed and _named_after_on(m, placed))
        and not (
            cue == "on" and venue and m["house"] and not m["more"]
        )  # "the inn is cheap , on 8 cornhill ."
    ):
        return 0  # "to 58 bridgefoot , saxonford": to a house number, a place and its district
    if m["place"] and not (
        m["more"] or m["the"] or m["district"] is not None or (closed and _one_word_street(m, cue, venue))
    ):
        return 0  # one word after a number ("at 8 sharp") only as "2 the pightle", with a district, or a name
    if cue == "to" and not m["house"]:
        return 0
    return m.end()


# After "at" and a house number, one word that ends the phrase is a street named by one word
# ("it is at 8 saltergate ."), unless it says when, how much or how many ("at 7 sharp", "at 5 euros").
_NOT_ONE_WORD_STREET_RE = re.compile(
    rf"(?:{_MONTH_OR_DAY}|mon|tues?|wed|thurs?|fri|sat|sun|yesterday|morning|afternoon|evening|night|latest"
    r"|earliest|prompt|precisely|exactly|dot|ish|onwards?|euros?|quid|bucks?|pence|cents?|percent|degrees|mph|kph"
    r"|miles?|metres?|meters?|feet|seconds?|secs|mins?|minutes?|hrs?|hours?|days?|weeks?|months?|years?|points?"
    r"|people|pax|guests?|persons?|adults?|kids|children|overall|total|max|tops|please|thanks|sharp|noon"
    r"|charge|battery|speed|level|rate|capacity|volume|power|strength"
    r"|condition|occasion|basis|request|average|call|duty|offer|sale|display|loan|site|board|record)",
    re.I,
)


def _named_after_on(m: re.Match, placed: bool = False) -> bool:
    """After "on", a house number and two or three words ending the clause are a street with no street
    word ("a club on 18 withy bank ."), not a count ("on 3 separate occasions", "on 2 march next year").
    A plural last word ("on 7 salt pans") only where the phrase is ``placed`` (see :func:`_placed`)."""
    words = m["place"].split()
    house = m["house"] and not m["house"].startswith("0")
    plural = re.search(r"[^'s]s$", words[-1])
    return bool(
        house
        and m["more"]
        and (not plural or (placed and not _COUNTED_PLURAL_RE.match(m["place"])))
        and not any(_NOT_ONE_WORD_STREET_RE.fullmatch(w) for w in words)
    )


# Words that are places people go to, named by what they are: "the surgery is on 8 lime kilns".
VENUE_WORDS = (
    r"restaurant|caf[eé]|pub|bar|inn|bistro|brasserie|tavern|diner|bakery|kitchen|hotel|guest\s?house|hostel"
    r"|museum|gallery|shop|theat(?:re|er)|cinema|pool|lido|library|clinic|surgery|pharmacy|chemist|church|club"
    r"|nightclub|college|office|station|hall|centre|center|exchange|rooms|pavilion|baths|depot|practice|studio"
    r"|terminal|market|arena|stadium|lodge|garage|dentist|branch|yard|hire|pound|halls|works"
)
_VENUE_BEFORE_RE = re.compile(rf"\b(?:{VENUE_WORDS})\s+(?:is|are)?\s*$")
# Words before a plural, or the plural itself, that make a house number and two words a count: "on 3
# separate occasions", "4 flat tyres", "2 pool tables"; not "7 salt pans".
_COUNTED_PLURAL_RE = re.compile(
    r"(?:separate|different|other|more|extra|few|several|many|double|single|twin|full|half|whole|consecutive"
    r"|successive|spare|free|empty|new|old|big|small|large|flat|long|short|further|previous|earlier|later)\b"
    r"|.*\b(?:tables|rooms|bedrooms|bathrooms|beds|seats|lanes|courts|screens|floors|storeys|tyres|wheels|doors"
    r"|pitches|tickets|spaces|places|stops|items|bags|cars|bikes|adults|kids|visits|sessions|classes|lessons)$"
)


_VENUE_NAMED_RE = re.compile(rf"\b(?:{VENUE_WORDS})\b")


def _ends_or_placed(text: str, end: int) -> bool:
    """Does the phrase ending at ``end`` end its sentence, or go on to say where on the street it is?"""
    return bool(re.match(r"\s*(?:[.!]|$)", text[end:]) or _POSITION_AFTER_RE.match(text, end))


def _placed(text: str, cue_start: int, end: int) -> bool:
    """Is the phrase ending at ``end`` said as where a place is: followed by where on the street it is
    (", beside the canal"), or ending a sentence that names the place before the cue ("the inn is on ...")?"""
    if _POSITION_AFTER_RE.match(text, end):
        return True
    return bool(re.match(r"\s*(?:[.!]|$)", text[end:]) and _VENUE_BEFORE_RE.search(text, 0, cue_start))


def _one_word_street(m: re.Match, cue: str, venue: bool = False) -> bool:
    word = m["place"]
    house = m["house"] and not m["house"].startswith("0")  # "at 0 charge" is no house
    plural = re.search(r"[^'su]s$", word)  # "we sat at 12 tables" counts them
    return bool(
        (cue == "at" or (cue == "on" and venue))
        and house
        and len(word) >= 4
        and not plural
        and not _NOT_ONE_WORD_STREET_RE.fullmatch(word)
    )


_LEADING_ADDRESS_RE = re.compile(
    r"(?:(?:located|situated)\s+(?:at|on|in)\s+)?(?:(?:the\s+)?(?:following\s+)?address\s*[:-]?\s*)?", re.I
)


def _abbreviation(text: str, end: re.Match) -> bool:
    """A full stop after "St", "Ave", "N" ends no address: "104 N. Ave 56"; nor does one written
    apart inside a sentence, which the sentence split kept as "Saint" ("11 st . aldwyn street")."""
    dot = end.start("stop") if end["stop"] == "." else -1
    if dot > 0 and text[dot - 1].isspace() and text[dot + 1 :].strip():
        return True
    return dot > 0 and bool(
        _ABBREVIATION_RE.search(text, max(0, dot - 8), dot) or re.search(r"(?<!\w)[A-Z]$", text[:dot])
    )


_PRONOUN_RE = _words(
    r"my|your|his|her|their|our|its|this|that|these|those|here|there|home|work|least|most|and|or|but|if|so|then"
)
_QUESTION_WORD_RE = _words(r"what|which|where|who|how|when|why|whether|that|this|it|them|you|me|us")

# ------------------------------------------------------------------ the line said before a postcode

# The parts of an address line before its postcode ("castle ruin , castle hill , lf3 0af"): each a
# few words, none a pronoun, verb or value, the first led by a house number at most.
_BEFORE_POSTCODE_RE = re.compile(
    r"\s?,\s*(?:[a-z]{2}\s+)?(?:(?:(?:and\s+)?the\s+)?(?:post\s?code|postal\s+code|zip(?:\s?code)?)\b"
    r"(?:\s+is\b)?\s*[:-]?\s*)?$",  # "9 friar 's wynd , the postcode is es5 7dl"
    re.I,
)
_LINE_CUE_RE = re.compile(
    r"^.*(?:\b(?:is|are|at|on|in|inside|within|from|to|of|located|address)|\b(?:it|that|there|here|he|she|which"
    r"|what|where)\s?'s|\s?'re|[:;])\s+(?=\S)",  # "mary 's passage" is a name, "it 's" a cue
    re.I,
)
_NOT_A_LINE_WORD_RE = _words(
    r"i|you|we|they|he|she|it|me|us|them|my|your|our|their|its|is|are|was|were|be|been|has|have|had|will"
    r"|would|can|could|should|do|does|did|please|thanks|thank|booked|successful|costs?|open|closed|and|or"
    r"|but|if|which|what|where|when|how|there|here|yes|no|ok|okay|sure|great|people|nights?|stars?|hello|hi"
    r"|hey|alright|right|well|fine|perfect|cool|good|got|done|sorry|also|so|then|now|found|try|options?"
    r"|course|certainly|indeed|absolutely|actually"  # "of course , the post code is ..."
)


def _line_before(text: str, postcode_start: int) -> tuple[int, int] | None:
    """[start, end) of the address line said just before a postcode, after a comma; None if none."""
    comma = _BEFORE_POSTCODE_RE.search(text[:postcode_start])
    if not comma:
        return None
    end, start = comma.start(), comma.start()
    while start > 0:
        boundary = text.rfind(",", 0, start - 1 if text[start - 1] == "," else start)
        part_start = boundary + 1
        part = text[part_start:start]
        if cue := _LINE_CUE_RE.match(part):
            part_start += cue.end()
            part = text[part_start:start]
        if not _line_part(part):
            break
        if re.search(r"\d", part) and not re.fullmatch(rf"\s*{_WEAK_HOUSE}\s+\D+", part, re.I):
            break
        start = part_start
        if cue or boundary < 0:
            break
    while start < end and text[start] in " ,":
        start += 1
    if start >= end or not any(c.isalpha() for c in text[start:end]):
        return None
    return start, end


_AREA_RE = re.compile(
    r"\s*the\s+(?:north|south|east|west|centre|center|middle|city\s+cent(?:re|er))(?:\s+of\s+(?:town|the\s+city))?\s*",
    re.I,
)


def _line_part(part: str) -> bool:
    """A part of an address line: a few words, none a pronoun, verb or value, a house number at most."""
    words = re.sub(r"(?<=\d)\s?-\s?(?=\d)", "-", part).split()  # "36 - 38" is one house number
    if not words or len(words) > 5 or _NOT_A_LINE_WORD_RE.search(part) or _TIME_OR_MONEY_RE.search(part):
        return False
    if _AREA_RE.fullmatch(part):
        return False  # "the theatre is in the east , postcode ...": a part of town, not its address
    if not re.search(r"[^\W\d_]{2}", part):
        return False  # "c b 2 , 1 a b": a postcode spelled out letter by letter names no street
    return not re.search(r"\d", part) or bool(re.fullmatch(rf"\s*{_WEAK_HOUSE}\s+\D+", part))


# ------------------------------------------------------------------ cities and post office boxes


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


# A post office box: "PO Box 4471", "P.O. Box 88", "Post Office Box 1203".
_PO_BOX_RE = re.compile(r"(?<![\w.])(?:P\.?\s?O\.?|Post\s+Office)\s+Box\s+\d{1,6}(?![\w-]|[.,]\d)", re.I)


def _po_boxes(s: _Sentence) -> list[ExtractedFact]:
    if "box" not in s.text.lower():
        return []
    key = "place_address" if _about_a_place(s) else "address"
    return [
        s.fact("address", key, *m.span(), " ".join(m.group().split())) for m in _PO_BOX_RE.finditer(s.text)
    ]
