"""Addresses named by the words before them: "the address is ...", "located at ...", "it 's on ..." (an
address even with no house number or street-type word), and an address said in lower case after a bare
"on", "at", "from" or "to" ("on bene't street", "at 2 mill race , orchard end")."""

from __future__ import annotations

import re

from facts.extraction.places import (
    _ADDRESS_KEYS,
    _CAP,
    _CLOSING_WORD,
    _MONTH_OR_DAY,
    _NOT_A_STREET_WORD,
    _ROMANCE,
    _STREET_TYPES,
    _TIME_OR_MONEY_RE,
    _WEAK_HOUSE,
)
from facts.extraction.text import (
    _ABBREVIATION_RE,
    _TRAILING,
    _about_a_place,
    _nearest_key,
    _Sentence,
    _words,
)
from memadmin.providers.base import ExtractedFact

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
# What a place does, said after its name or the street it is on: "the plough on low street does a roast for
# 16.95", "Lucky Dragon on Ferris opens at 5"; a name that reads as a plural takes the plural ("dominos on
# castle street do 3 large for 29.99"). No word of an address line is one of these.
PLACE_DOES = (
    r"does|serves|opens|closes|shuts|takes|sells|offers|stocks|hires|keeps|charges|lets|runs|rents|delivers"
    r"|do|serve|sell|stock|deliver"
)
# Where an introduced address ends: a sentence or clause end, a new clause, a postcode or a phone.
_ADDRESS_END_RE = re.compile(
    rf"""
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
        |can|could|should|may|might|on|at|next|this|last|every|each|starting|from
        |{PLACE_DOES})\b
  | \s+(?:after|before)\s+(?:work|school|class|church|practice  # "after work"
        |training)\b
  | (?=\s+(?:across|over)\s+the\s+(?:road|street|way)\b)  # "the retail park across the road"
    """,
    re.I | re.X,
)
_ANY_STREET_TYPE_RE = re.compile(
    rf"\b(?:{_STREET_TYPES}|street|road|lane|avenue|drive|way|close|court|crescent|terrace|gardens|square|place"
    r"|grove|row|mews|parade|walk|hill|park|green|passage|causeway|boulevard|highway|parkway|plaza|circle|alley"
    r"|yard|quay|wharf|bridge|gate|market|expressway|freeway|trail|path|strand|bldg|building|floor|suite|unit"
    # a station's bay before the station: "bay 3 , the coach station", "stand 4 , marlow interchange"
    r"|(?:bay|stand)\s+\d{1,2}(?=\s?,\s*(?:[\w']+\s+){0,3}(?:station|interchange|terminal|depot)\b)"
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
        |\d{{1,2}}(?:[.:]\d\d)?\s+(?:after|before|until|till|then|tonight|today|tomorrow|sharp
            |won'?t|wouldn'?t|doesn'?t|isn'?t|works|would|will)\b  # "the boat at 1 won't work"
        |(?:the\s+)?(?:first|second|third|fourth|fifth|sixth|ground|top|upper|lower|basement
            |\d{{1,2}}(?:st|nd|rd|th))\s+(?:floor|level|storey)(?:$|\s+of\b  # "the 2nd floor (of ...)"
            |\s*,(?!\s*\d{{1,5}}[a-z]?\s+(?!of\b)[a-z])))""",  # "..., 3 of us", not "..., 14 King Street"
    re.I | re.X,
)
# A street whose name begins with a word that, alone, says how a place is: "free school row", "great
# north road", "home farm close", "cheap street"; "the address is free" is none.
_STATE_FIRST = r"(?:free|great|good|nice|home|open|cheap)"
_NAMED_LIKE_A_STATE_RE = re.compile(
    rf"{_STATE_FIRST}\s+(?:(?!(?:the|a|an|of|to|for|in|on|at|and|or)\b)[a-z][a-z'-]*\s+){{0,2}}"
    r"(?:street|road|lane|avenue|drive|close|crescent|terrace|gardens|square|grove|mews|parade|walk|row|way)"
    r"\b(?=\s*(?:,|$))"
)
_ADDRESS_WORDS = 16


def _introduced_addresses(s: _Sentence) -> list[ExtractedFact]:
    """Addresses named by the words before them. After "address is" the phrase is one; after
    "located at", "is at", "'s on" only with a street-type word in it, or in capitals after
    "located at" ("located at Millbank"). Never a time, an amount or a question word."""
    out, question = [], s.question
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
        if named := _NAMED_STREET_THEN_WHEN_RE.match(s.text, start, end):
            end = named.end()  # "at Marlo's on Fenwick Road after dinner": the street ends before the when
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
            if not weak and on_street and _NAMED_VENUE_BEFORE_RE.search(s.text, 0, m.start("weak")):
                weak = on_street.end()  # "meet me at the Starbucks on Pine Street"
            if not weak and not question and m["weak"].lower() in ("on", "at"):
                weak = _kind_on_place(
                    s.text, m.start("weak"), start, end
                )  # "the hostel on the ramparts takes"
            moved_to = m["weak"].lower() == "to" and not question and _NAMED_STREET_RE.match(phrase)
            if not weak and moved_to and _MOVED_BEFORE_RE.search(s.text, 0, m.start("weak")):
                weak = moved_to.end()  # "we moved to Oak Avenue"
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
        if (m["weak"] or m["is_at"]) and (number := _NUMBER_AFTER_RE.match(s.text, end)):
            end, phrase = number.end(), s.text[start : number.end()]  # "on the high street , number 12"
        key = _nearest_key(s.text, start, end, _ADDRESS_KEYS, "address", reach=80)
        if key == "address" and _about_a_place(s):
            key = "place_address"
        out.append(s.fact("address", key, start, end, " ".join(phrase.split())))
    return out


# After a bare "on", "at", "from" or "to" an address is said in lower case and starts a phrase: a street
# named by a word or three and its type ("on bene't street", "at scudamore 's wharf , mill lane"), or
# (after "at" and "from") a house number and two or three words ("at 2 mill race , orchard end"), then
# the area or town after a comma. After "to" only with a house number: "to visit orchard gardens". No word of
# it is a negation or a pronoun: "on the due date, not before" says when, and "at the vet, he's limping" names
# no area after the comma.
_LINE_WORD = rf"(?!{_NOT_A_STREET_WORD}|{_CLOSING_WORD}"
_LINE_WORD += r"|(?:its|his|he|she|her|this|that|some|any|every|no|not|never|per)\b"
_LINE_WORD += r"|(?:located|situated|called|named|one|just|only|single|round|whole|other|same|best|wrong"
_LINE_WORD += (
    r"|easy|hard|quick|fast|quickest|fastest|shortest|easiest|each|left"  # "it 's one way" is no street
    # what a venue does
    rf"|{PLACE_DOES}|has|have|stays"
    # what a person does: "mum likes gardens" is no line
    r"|likes|loves|hates|prefers|wants|needs|enjoys|misses)\b)"
)
_LINE_WORD += r"[a-z][a-z'-]*"
_UNIT_WORD = (
    r"(?:degrees|percent|per|miles|km|songs|tracks|items|times|years|months|weeks|pounds|dollars"
    r"|inch(?:es)?|feet|foot|ft|cm|mm|metres?|meters?|kilos?|kg|lbs?|ounces?|oz|litres?|liters?|gallons?)\b"
)
# A day or a month is no place after a number: "free up to 3 march , after that ..." says a date.
_NOT_A_PLACE_WORD = (
    r"(?:sharp|noon|midnight|latest|earliest|each|apiece|onwards?|tops|max|ish|o'clock|until|till|sounds|works"
    rf"|suits|fits|looks|seems|would|should|[a-z]+ly|{_MONTH_OR_DAY})\b"
)
# The types of a street said in lower case; "the food bank" is no street, "withy bank" is one.
_WEAK_STREET = (
    r"(?:street|road|lane|avenue|drive|close|crescent|terrace|gardens|square|grove|mews|parade|wharf|quay"
    r"|causeway|boulevard|highway|parkway|way|row|walk|passage|green|common|yard|gate|approach|end|piece|pieces"
    r"|bank|rise|mead|fold|garth|wynd|brae|croft|hythe)\b"  # British street names: "withy bank", "saxon mead"
)
_WEAK_ADDRESS_RE = re.compile(
    rf"""(?P<building>(?:(?:the\s+)?{_LINE_WORD}(?:\s+(?:{_LINE_WORD}|'(?=\s))){{0,3}}\s?,\s*){{1,2}}(?=(?:{_WEAK_HOUSE}\s+)?
        (?:{_LINE_WORD}\s+|'s\s+){{1,3}}{_WEAK_STREET}|{_WEAK_HOUSE}\s+{_LINE_WORD}$))?
        # "heron park , water lane", "the mill , 2 ash end", "the old school , 4 kirkgate"
    (?:(?P<house>{_WEAK_HOUSE})\s+)?
    (?:
        (?P<street>(?:the\s+{_LINE_WORD}\s+(?!bank\b)|(?:st\s\.\s+)?(?:{_LINE_WORD}\s+|'s\s+){{1,3}}
          |{_STATE_FIRST}\s+(?:{_LINE_WORD}\s+){{0,2}})(?:{_WEAK_STREET}|place\b)
          (?:\s+(?:city|town)\s+cent(?:re|er)\b)?  # "at bridge street city centre": the area run on
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

_POSITION_WORDS = (
    r"(?:back|front|side|rear|left|right|corner|entrance|exit|door|desk|reception|counter|bar|top|bottom"
    r"|middle|end|start|moment|time|weekend|station|airport|hotel|restaurant|venue|museum|office|hospital)\b"
)
_POSITION_RE = re.compile(rf"the\s+{_POSITION_WORDS}")


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
# A street named with its street word, as the British say a place is in it: "it is in mill lane ."
_STREET_INSIDE_RE = re.compile(rf"(?:st\s+)?(?:{_LINE_WORD}\s+|'s\s+){{1,3}}{_WEAK_STREET}")
# The house number said after the street: "the shop is on the high street , number 12 .", "no . 4", "unit 3".
_NUMBER_AFTER = r"\s?,\s*(?:at\s+)?(?:number|no\s?\.?|unit)\s*\d{1,4}[a-z]?(?![\w:.,]\d|\w)"
_NUMBER_AFTER_RE = re.compile(_NUMBER_AFTER + r"(?=\s*(?:[.,;!]|$))", re.I)
_NUMBERED_PLACE_RE = re.compile(rf"(?:the\s+)?{_LINE_WORD}(?:\s+{_LINE_WORD}){{0,2}}{_NUMBER_AFTER}")


def _inside_address(s: _Sentence, start: int, end: int) -> int:
    """The length of the address after "is in" at ``start`` (the phrase read up to ``end``), or 0."""
    phrase = s.text[start:end]
    if any(c.isupper() for c in phrase) or s.question or not _about_a_place(s):
        return 0
    if number := _NUMBERED_PLACE_RE.match(s.text, start):
        return number.end() - start
    if _AREA_AND_TOWN_RE.fullmatch(phrase) and _AREA_ENDS_RE.match(s.text, end):
        return len(phrase)
    # a street: "it is in mill lane .", "the office is in bridge street , near the bank ."
    if (street := _STREET_INSIDE_RE.match(s.text, start)) and _AREA_ENDS_RE.match(s.text, street.end()):
        return street.end() - start
    return 0


# After a street's name, where the sentence says where on it the place is: ", close to the quay".
_POSITION_AFTER_RE = re.compile(
    r"\s*,\s*(?:just\s+|right\s+)?(?:behind|beside|opposite|next\s+to|near|close\s+to|past|off|by|across\s+from"
    r"|round\s+the\s+corner|at\s+the\s+(?:end|top|bottom|back|foot))\b"
    # and with no comma, ending the sentence: "... at the retail park across the road ."
    r"|\s+(?:just\s+|right\s+)?(?:across|over)\s+the\s+(?:road|street|way)\s*(?:[.!]|$)"
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
# A street named in capitals, with its number or not, followed by when ("on Fenwick Road after dinner", "at 4
# Kell Lane before noon"): the address ends at the street. In lower case an "after" may go on a street's name.
_NAMED_STREET_THEN_WHEN_RE = re.compile(
    r"(?:\d{1,5}[A-Za-z]?\s+)?" + _NAMED_STREET_RE.pattern + r"(?=\s+(?:after|before)\s)"
)


# A venue named in capitals after "at" just before "on" and its street: "at the Starbucks on Pine Street",
# "at Rosa's on Kell Road"; and a move to a street: "we moved to Oak Avenue", "they're moving to Holt Lane".
_NAMED_VENUE_BEFORE_RE = re.compile(r"\bat\s+(?:the\s+)?(?:[A-Z][\w'&-]*\s+){1,3}$")
_MOVED_BEFORE_RE = re.compile(r"\b(?:moved|moving|relocated|relocating)\s+(?:(?:back|over|out)\s+)?$", re.I)


def _weak_after(text: str, m: re.Match, cue: str, phrase: str, end: int, question: bool) -> int:
    """``_weak_address`` of the phrase after the cue ``m`` found, with what the sentence says around it."""
    venue = bool(_VENUE_NAMED_RE.search(text, 0, m.start()) and _ends_or_placed(text, end))
    placed = _placed(text, m.start(), end)
    return _weak_address(phrase, cue.lower(), question, _phrase_closed(text, end), placed, venue)


# A word after a comma that is a past participle starting a clause of its own, not an area or a town:
# "the forecast is on the board outside , updated at 0700", "the menu is on the wall , printed daily"
# (towns that end so end in "stead", "head" or "eed": "halstead").
_PARTICIPLE_AFTER_RE = re.compile(r",\s*[a-z]{2,}(?:[^aeiou\W]ed|ied)(?:\s|$)")


# A "place" that is a home or a rank, not a street named "... place".
_NOT_A_PLACE_STREET_RE = re.compile(
    r"(?:'s|\b(?:[a-z]|top|first|second|third|last|next|same|other|one))\s+place$"
)


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
    # not "on the board , updated at 7"
    named_area = named_area and not _PARTICIPLE_AFTER_RE.search(m.group())
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
    if (
        m["street"]
        and m["street"].endswith("place")
        and (cue != "on" or _NOT_A_PLACE_STREET_RE.search(m["street"]))
    ):
        return 0  # "the old bell on market place", not "at jo 's place" nor "on top place"
    if m["place"] and m["district"] is not None and m["place"].endswith("'s"):
        return 0  # "keys at the agent's, power on": a place named by whose it is has no area after it
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
    r"restaurant|caf[eé]|pub|bar|inn|bistro|brasserie|trattoria|pizzeria|tavern|diner|bakery|kitchen|hotel"
    r"|guest\s?house|hostel"
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


# What leads the address after its cue: "located at", "the following address:", and the corner before two
# streets that cross, whose place is the two streets ("is at the corner of chapel street and mardle road", as
# cross_streets.py reads it).
_LEADING_ADDRESS_RE = re.compile(
    r"(?:(?:located|situated)\s+(?:at|on|in)\s+)?(?:(?:the\s+)?(?:following\s+)?address\s*[:-]?\s*)?"
    r"(?:(?:the\s+)?(?:corner|junction|intersection|crossroads)\s+of\s+(?=[^,.;!?]*\s(?:and|&)\s))?",
    re.I,
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


# A place said by its kind with "the" just before "on" or "at" ("the fish shop on", "the premier lodge at"),
# a place of a word or two after it, then what the place does: "the hostel on the ramparts takes groups",
# "the fish shop on the cornhill is open till 10"; not "the hotel on the left has", "the bar on friday does".
_KIND_BEFORE_RE = re.compile(rf"\bthe\s+(?:[a-z'-]+\s+){{0,2}}(?:{VENUE_WORDS})\s+$")
_KIND_PLACE_RE = re.compile(
    rf"(?:the\s+)?(?!{_POSITION_WORDS}|(?:{_MONTH_OR_DAY})\b|(?:same|way|phone|line|day|night|weekend|morning"
    rf"|afternoon|evening|week|list|menu|water|river|beach|sea|front|coast)\b){_LINE_WORD}(?:\s+{_LINE_WORD})?"
)
_PLACE_DOES_RE = re.compile(rf"\s+(?:has|have|{PLACE_DOES}|is\s+open|(?:can|will)\s+(?:do|take|seat|fit))\b")


def _kind_on_place(text: str, cue_start: int, start: int, end: int) -> int:
    """The length of a place named after a place said by its kind and before what that place does, or 0."""
    if not _KIND_BEFORE_RE.search(text, 0, cue_start):
        return 0
    place = _KIND_PLACE_RE.fullmatch(text, start, end)
    if not place or _VENUE_NAMED_RE.search(place.group().split()[-1]):
        return 0  # "the box office at the corn hall sells them" names a venue, not where it is
    # before what the place does, or where it is from where one stands ("the cafe at the retail park across
    # the road .")
    return end - start if _PLACE_DOES_RE.match(text, end) or _POSITION_AFTER_RE.match(text, end) else 0
