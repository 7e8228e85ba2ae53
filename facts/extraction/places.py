"""Addresses and the cities a person lives or works in."""

from __future__ import annotations

import re

from facts.extraction.text import (
    _TRAILING,
    _about_a_place,
    _nearest_key,
    _Sentence,
    _words,
    open_question,
)
from memadmin.providers.base import ExtractedFact

# ------------------------------------------------------------------ addresses and cities

_CAP = r"[A-ZÀ-Þ][\w'.-]*"
_STREET_TYPES = (
    r"Street|St|Road|Rd|Lane|Ln|Avenue|Ave|Av|Drive|Dr|Close|Way|Place|Pl|Court|Ct|Crescent|Terrace|Tce|Gardens"
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
# A city and its six-digit postcode straight after a floor and unit, with or without a comma: "#07-221
# Singapore 560408", "#01-34, Singapore 160071"; not a word that names a code ("Order 560034"). After a
# building's name the postcode stands apart ("#14-06, International Plaza, Singapore 079903").
_CITY_SIX_DIGITS = (
    r"(?!(?:Order|Invoice|Account|Ref|Reference|Booking|Ticket|Case|Room|Flat|Unit|Suite|Token|Meter)\b)"
    r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\s\d{6}(?![\w-]|[.,]\d)"
)
_UNIT = (
    r"(?:,?\s*\#\s*(?:[A-Za-z]?\d+[A-Za-z]?|[A-Za-z])(?:-[A-Za-z0-9]{1,4})?(?!\w)"
    rf"(?:\s?,?\s+{_CITY_SIX_DIGITS})?"
    r"|(?<!\.)\s+(?:[A-Z]|[A-Za-z]\d{2,4})(?=[.,]?\s*$|\s?[.,]\s|\s+(?:and|with|in)\b)"  # "219 Texas St C"
    r"|,?\s+(?i:suite|ste|apt|apartment|unit|floor|fl)\.?\s*\#?\s*\w*\d\w*"
    r"|,?\s+\d{1,2}(?:st|nd|rd|th)\s+(?i:floor))"
)
# "Ave 56", "Highway 101": a road named by its number after its type.
_NUMBERED_ROAD = r"(?:(?<=Ave)|(?<=Avenue)|(?<=Highway)|(?<=Hwy))\s+\d{1,3}(?![\d:]|[.,]\d)"
_ROMANCE = (
    r"(?:Rue|Rua|Via|Viale|Avenida|Calle|Carrer|Largo|Travessa|Praça|Piazza|Corso|Cours|Chaussée|Paseo|Jalan"
    r"|Avenue|Boulevard|Impasse|Quai|Chemin|Allée"
    r"|Av\.?|Avda\.?"  # "1909 Av des Pins", "Av. Álvaro Obregón 98": the short avenue of French and Spanish
    # Peru's slope, "jirón" and passage: "Jr. Ayacucho 214"
    r"|Cuesta|Jir[oó]n|Jr\.(?=\s[A-Z])|Pasaje|Psje\.)"
)
_PARTICLE = r"(?:de|da|das|do|dos|del|della|di|du|des|la|le|les|von|van|der|den|am|an)"
_COMPOUND = (
    r"[A-ZÀ-Þ]\w*?(?:straat|strasse|straße|weg|laan|plein|gasse|gracht|kade|dreef|allee|platz|damm|ufer)"
)
_HOUSE = (  # "4-6", "4 - 6" in tokenised text; a Dutch floor after the number: "87-II", "14-hs"
    r"\d{1,5}(?:bis|ter|[A-Za-z])?(?:\s?[-/]\s?\d{1,4}[A-Za-z]?)?(?:-(?:I{1,3}|IV|V|hs|huis|bg|boven)(?![\w-]))?"
)
_PROVINCE = r"(?:BC|AB|SK|MB|ON|QC|NB|NS|PE|NL|YT|NT|NU)"  # Canada's, before a postcode
_POSTCODE = (  # an Australian state and postcode too: "VIC 3121", "NSW 2010"
    r"(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|\d{4}-\d{3}|[A-Z]{2}\s\d{5}|(?:VIC|NSW|QLD|ACT|TAS|NT|SA|WA)\s\d{4}|\d{4,5}(?:\s?[A-Z]{2}(?![a-z]))?"
    # a Canadian province and postcode ("BC V6Z 1M4"), an Irish Eircode ("D06 K7P2", letters and digits)
    rf"|(?:{_PROVINCE}\s)?[A-Z]\d[A-Z]\s?\d[A-Z]\d"
    r"|(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s(?=[0-9A-Z]{0,3}[A-Z])(?=[0-9A-Z]{0,3}\d)[0-9AC-FHKNPRTV-Y]{4})"
)
_MONTH_OR_DAY = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?"
    r"|nov(?:ember)?|dec(?:ember)?|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|today|tomorrow|tonight|noon|midnight|christmas|easter"
)
# Words in capitals after a house number that name no street: units, time zones, a clock's words.
_NOT_A_STREET_NAME = (
    r"sharp|prompt|tonight|today|tomorrow|noon|midnight|eastern|central|pacific|mountain|atlantic|local|time"
    r"|degrees|percent|dollars|euros|pounds|minutes|hours|days|weeks|months|years|people|guests|points"
)
# A unit's word after a comma is no town: "2 Elm St, Building C", "5 Oak Rd, Suite 4".
_UNIT_NAME = r"(?:Building|Bldg|Suite|Ste|Unit|Apt|Apartment|Floor|Fl|Room|Tower)\b"
_CITY = r"[A-ZÀ-Þ][a-zß-ÿ'-]+(?:(?:[ -]|\s(?:of|de|du|la|am|an\s+der|upon)\s)[A-ZÀ-Þ][a-zß-ÿ'-]+){0,3}"
# A city's district said after it: "Dublin 6", "Dublin 15", "Dublin 6W"; not a time or a count ("Dublin 6
# pm").
_DISTRICT = r"(?:\s(?:6W|[1-9]|1\d|2[0-4])(?![\w:]|[.,]\d|\s?[ap]\.?m\b))"
# Words before a number that is no postcode: a year, a sum, a count ("since 2010", "total 1500").
_NOT_A_POSTCODE_TOWN = (
    r"(?i:since|until|till|before|after|around|about|circa|year|total|price|deposit|budget|cost|fee|rent"
    r"|balance|salary|pay|paid|owe|owes|only|just|over|under|call|text|phone|dial|code|ref|pin)\b"
)
_ADDRESS_RE = re.compile(
    rf"""
    (?<![\w-])
    (?:(?:Flat|Apt\.?|Apartment|Unit)\s+(?:\w+,?\s+|(?=\d{{1,4}}/\d))  # "Unit 3/41 Kent Street"
      |(?:Blk|Block)\s+(?=\d{{1,4}}[A-Z]?\s+[A-Z])  # a block is its house: "Blk 221 Serangoon Ave 4"
      |\d{{1,2}}/\d{{1,2}},\s+(?=\d)  # a flat's floor and door before its house: "3/2, 27 Ferry Road"
      |(?:Suite|Level|Floor)\s+\w*\d\w*,?\s+  # "Level 2, 90 Taranaki Street"
      # a floor before the house: "2nd Floor, 60 Queen Street", "2nd floor, 14 Long St"
      |(?:\d{{1,2}}(?:st|nd|rd|th)|(?i:ground|first|second|third|fourth|fifth|top))\s+(?i:floor),\s+(?=\d)
      # the plot is the house: "Plot 12 Adeola Crescent"
      |(?:Plot|Lot|Erf|Stand)\s+(?=\d{{1,5}}[A-Z]?\s+[A-Z])
    )?
    (?:
        {_HOUSE},?\s+(?:{_DIRECTION}\s+)?(?:(?:{_CAP}|{_ORDINAL_STREET}|'s)\s+){{1,4}}?
            (?:{_STREET_TYPE}|{_PLAIN_STREET_TYPE})(?:{_NUMBERED_ROAD})?(?:\s+{_DIRECTION})?{_UNIT}?
            (?!\s+(?!{_CITY_SIX_DIGITS})[A-Z][a-z])                                  # 221B Baker
      | {_HOUSE}\s+(?:{_DIRECTION}\s+)?(?:st\s?\.\s+)?(?:{_LOWER_WORD}\s+|'s\s+){{1,3}}?
            (?:{_PLAIN_STREET_TYPE}|{_STREET_TYPE}
            |{_HOUSE_STREET_TYPE}(?:\s+(?:{_PLAIN_STREET_TYPE}|{_STREET_TYPE}))?)
            (?:\s+{_DIRECTION})?{_UNIT}?                                            # 13 doolittle drive
      | {_HOUSE}\s+(?:{_DIRECTION}\s+)?(?:Broadway|Bowery|Esplanade|Embarcadero)\b{_UNIT}?  # 1619 Broadway
      | {_HOUSE}\s+{_DIRECTION}\s+\d{{1,3}}\s+(?i:street|st|avenue|ave)\b\.?{_UNIT}?  # 4 west 52 street
      | {_HOUSE},?\s+(?i:{_ROMANCE})\s+(?:(?:{_PARTICLE}|{_CAP})\s+){{0,4}}{_CAP}  # 3 rue Lallier
            (?:\s\d{{1,3}}(?=,))?                          # a street's own number: "8 Jalan Cempaka 3, ..."
      | {_HOUSE}\s+{_DIRECTION}\s+(?:Camino|Calle|Paseo|Avenida)\s+(?:(?:{_PARTICLE}|{_CAP})\s+){{0,3}}{_CAP}
                                                                              # 2218 N Camino Pio Decimo
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
      | {_HOUSE}\s+(?!(?i:{_MONTH_OR_DAY}|{_NOT_A_STREET_NAME})\b)(?:The\s+)?(?:{_CAP}\s+){{0,2}}{_CAP}
            (?=,\s*{_CITY},?\s+(?:[A-Z]{{2}}\s\d{{5}}|{_PROVINCE}\s[A-Z]\d[A-Z]\s?\d[A-Z]\d)(?![\w-]))
                                                    # 1433 The Alameda, San Jose, CA 95126: no street word
      | {_HOUSE},?\s+(?i:{_ROMANCE})\s+(?:(?:{_PARTICLE}|{_LOWER_WORD})\s+){{0,3}}{_LOWER_WORD}
                                                                              # 12 rue de rivoli
      | (?i:{_COMPOUND})\s+{_HOUSE}                                           # kantstrasse 41
      | (?-i:[A-ZÄÖÜ][a-zäöüß]+)\s+(?:Str\.|Straße|Strasse|Allee|Platz|Weg|Damm|Ufer|Gasse|Ring|Chaussee)
            \s+{_HOUSE}                                                        # Bernauer Str. 71
      | {_ORDINAL_STREET}\s+(?:and|&)\s+(?:{_ORDINAL_STREET}|[A-Za-z]|{_CAP}|{_LOWER_WORD})\s+
            (?:{_STREET_TYPE}|{_PLAIN_STREET_TYPE})                              # 9th and m street
    )
    (?!\w|:\d|[.,]\d)
    (?:\s+(?i:city|town)\s+(?i:centre|center)\b)?              # "14 bridge street city centre"
    (?:                                                      # " , " where the text is tokenised
        \s,\s(?:\d{{4,5}}(?:\s[a-z]{{2}})?\s)?{_LOWER_CITY}(?:\s\d{{1,2}})?
            (?=\s[.,;](?:\s|$))                                            # " , dublin 2 ,"
      |
        \s?,\s*(?i:Apt\.?|Apartment|Unit|Suite|Flat)\b\s*\w+
      | (?:\s?,)?\s+{_POSTCODE}(?![\w-])(?:\s+{_CITY})?
      | \s?,\s*(?!{_UNIT_NAME})(?:[A-Z]{{2,4}}\s(?=[A-Z][a-z]))?{_CITY}{_DISTRICT}?  # ", GRA Phase 2"
            (?:\s?,?\s+{_POSTCODE}(?![\w-])(?:\s+{_CITY})?)?
            (?:\s?,\s*[A-Z]{{2,4}}(?![\w-]))?                       # ", 06700 Ciudad de México, CDMX"
      | \s?,\s+{_LOWER_CITY}(?=\s*[.!?]?\s*$)                                # ", brooklyn." said last
      | ,\s+(?:new\s[a-z]{{3,}}|(?!{_NOT_A_POSTCODE_TOWN}){_LOWER_CITY})\s\d{{4,5}}(?=\s*(?:[.,;!?)]|$))
                                                    # ", darlinghurst 2010", ", new orleans 70116"
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


def address_key(s: _Sentence, start: int, end: int) -> str:
    """The key of an address said at [start, end): shipping, home, a place's, or none of these."""
    key = _nearest_key(s.text, start, end, _ADDRESS_KEYS, "address", reach=80)
    return "place_address" if key == "address" and _about_a_place(s) else key


def _addresses(s: _Sentence) -> list[ExtractedFact]:
    out = []
    for m in _ADDRESS_RE.finditer(s.text):
        start, end = m.start(), m.end()
        while end > start and s.text[end - 1] in _TRAILING:
            end -= 1
        after_comma = re.search(r",\s*$", s.text[:start])  # "the corn exchange , 3 wheeler street"
        if after_comma and (line := _line_before(s.text, start)):
            start = line[0]
        out.append(
            s.fact("address", address_key(s, start, end), start, end, " ".join(s.text[start:end].split()))
        )
    return out


# A house number and a street's name with no street word, where the sentence makes it an address: after "is
# at", "lives at", "located at", "moved to" or "meet me at" ("The store is at 560 Valencia.", "I live at 221
# Harmon, flat 3"). The name is one or two words in capitals ending the phrase; not a month, a day, a unit,
# a time zone or a clock's word ("is at 8 Sharp", "at 9 Eastern"). A number that could be a clock ("The game
# is at 7 Fenway") names an address only after a word of living or moving.
_NAME_WORD = rf"(?!(?:{_MONTH_OR_DAY}|{_NOT_A_STREET_NAME})\b)(?-i:[A-Z][a-z]{{2,}})"
_NUMBERED_NAME_RE = re.compile(
    r"(?:\b(?P<home>(?:live[sd]?|living|based|located|situated|reside[sd]?)\s+at|mov(?:e|ed|ing)\s+to)"
    r"|\b(?:is|are|was|were|meet\s+(?:me|us|them|him|her))\s+(?:now\s+)?at|'[sr]e?\s+(?:now\s+)?at)\s+"
    rf"(?P<said>(?P<house>\d{{1,5}}[A-Za-z]?)\s+{_NAME_WORD}(?:\s{_NAME_WORD})?)"
    r"(?=\s*(?:[.,;!)]|$)|\s+(?:by|near|next\s+to|opposite|across|behind|between)\b)",
    re.I,
)


def _numbered_names(s: _Sentence) -> list[ExtractedFact]:
    """A house number and a street's name said without its street word (see _NUMBERED_NAME_RE)."""
    if open_question(s.text):
        return []
    out = []
    for m in _NUMBERED_NAME_RE.finditer(s.text):
        house = m["house"]
        clock_like = house.isdigit() and (int(house) <= 24 or (len(house) == 4 and int(house[2:]) < 60))
        if clock_like and not m["home"]:
            continue
        start, end = m.span("said")
        out.append(s.fact("address", address_key(s, start, end), start, end, " ".join(m["said"].split())))
    return out


# ------------------------------------------------------------------ the line said before a postcode

# A part with a clock, a sum or a count in it is no part of an address line; a house number said in lower case
# is a number with a letter or a second number ("12b", "36 - 38").
_TIME_OR_MONEY_RE = re.compile(
    r"\d:\d\d|[$£€]|\b\d+\s?(?:[ap]\.?m|pounds|gbp|dollars|euros|people|nights?)\b", re.I
)
_WEAK_HOUSE = r"\d{1,5}[a-z]?(?:\s?-\s?\d{1,4}[a-z]?)?"

# The parts of an address line before its postcode ("castle ruin , castle hill , lf3 0af"): each a
# few words, none a pronoun, verb or value, the first led by a house number at most.
_BEFORE_POSTCODE_RE = re.compile(
    r"\s?,\s*(?:[a-z]{2}\s+)?(?:(?:(?:and\s+)?the\s+)?(?:post\s?code|postal\s+code|zip(?:\s?code)?)\b"
    r"(?:\s+is\b)?\s*[:-]?\s*)?$",  # "9 friar 's wynd , the postcode is es5 7dl"
    re.I,
)
# The words before an address line: "mary 's passage" is a name, "it 's" a cue; "saved 3 mill gate , ...",
# "i have it down as kirkgate , ...".
_LINE_CUE_RE = re.compile(
    r"^.*(?:\b(?:is|are|at|on|in|inside|within|from|to|of|located|address|saved|(?:down|saved|listed)\s+as)"
    r"|\b(?:it|that|there|here|he|she|which|what|where)\s?'s|\s?'re|[:;])\s+(?=\S)",
    re.I,
)
_NOT_A_LINE_WORD_RE = _words(
    r"i|you|we|they|he|she|it|me|us|them|my|your|our|their|its|is|are|was|were|be|been|has|have|had|will"
    r"|would|can|could|should|do|does|did|please|thanks|thank|booked|successful|costs?|open|closed|and|or"
    r"|but|if|which|what|where|when|how|there|here|yes|no|ok|okay|sure|great|people|nights?|stars?|hello|hi"
    r"|hey|alright|right|well|fine|perfect|cool|good|got|done|sorry|also|so|then|now|found|try|options?"
    r"|course|certainly|indeed|absolutely|actually"  # "of course , the post code is ..."
    r"|same|as"  # "it is the same as the hotel , pk2 6rd": a likeness, not a line
    r"|opposite|behind|beside|near|past"  # "opposite the church , pk2 6rd": where it is beside
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
            if re.search(r"\baddress\s+(?:of|for)\s+$", cue.group(), re.I):
                break  # "the address of the house, 1207 dumaine st": what the address is of, not its line
            part_start += cue.end()
            part = text[part_start:start]
            if re.search(r"\b(?:next|close|near)\s+to\s+$", text[:part_start], re.I):
                break  # "next to the abbey , kt1 4dq": where the place is beside, not its line
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


# A post office box: "PO Box 4471", "P.O. Box 88", "Post Office Box 1203"; with its town and its state and
# zip code or postcode after it: "PO Box 4471, Broken Arrow, OK 74012"; in Kenya with its postal code after a
# dash and its town: "P.O. Box 1187-40100, Kisumu".
_PO_BOX_RE = re.compile(
    r"(?<![\w.])(?:P\.?\s?O\.?|Post\s+Office)\s+Box\s+\d{1,6}"
    r"(?:-\d{5}(?-i:,\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+)?(?![\w-]))?)?(?![\w-]|[.,]\d)"
    rf"(?-i:(?:\s?,\s*{_CITY})?\s?,?\s+{_POSTCODE}(?![\w-]))?",
    re.I,
)


def _po_boxes(s: _Sentence) -> list[ExtractedFact]:
    if "box" not in s.text.lower():
        return []
    key = "place_address" if _about_a_place(s) else "address"
    return [
        s.fact("address", key, *m.span(), " ".join(m.group().split())) for m in _PO_BOX_RE.finditer(s.text)
    ]
