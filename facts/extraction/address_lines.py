"""Addresses in lower-case lines: postcodes and the line said before them, a line said alone, the whole
answer to "where is it ?", a unit or flat before its street, and a street said again without its number."""

from __future__ import annotations

import re
from collections.abc import Callable

from facts.extraction.introduced_addresses import _LINE_WORD, _NOT_ONE_WORD_STREET_RE, _WEAK_STREET
from facts.extraction.places import (
    _CAP,
    _STREET_TYPE,
    _UNIT_NAME,
    _WEAK_HOUSE,
    _line_before,
    _line_part,
    address_key,
)
from facts.extraction.text import (
    _PLAIN,
    _TRAILING,
    _about_a_place,
    _Sentence,
    _sentence_at,
    _words,
    is_instruction_attempt,
    is_question,
    open_question,
    venue_talked_of,
)
from memadmin.providers.base import ExtractedFact, TurnText

# ------------------------------------------------------------------ postcodes

_POSTCODE_CUE_RE = re.compile(
    r"\b(?:post\s?code|postal\s+code|zip(?:\s?code)?)s?\b(?:\s+(?:is|was|will\s+be)\b)?\s*[:-]?\s*", re.I
)
# A British ("SW1A 1AA") or Canadian ("K1A 0B1") postcode in capitals; any postcode takes these two in either
# case, and the forms of digits (and the Dutch digits and letters) other countries use.
CAPITALS_POSTCODE = r"[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]\d[A-Z]\s?\d[A-Z]\d"
POSTCODE_ONLY_RE = re.compile(CAPITALS_POSTCODE)
_ANY_POSTCODE = CAPITALS_POSTCODE.replace("A-Z", "A-Za-z") + (
    r"|\d{5}(?:-\d{4})?|\d{4}\s?[A-Za-z]{2}|\d{4}-\d{3}|\d{4,6}"
)
_POSTCODE_RE = re.compile(rf"(?<![\w-])(?:{_ANY_POSTCODE})(?![\w-])")
# A British postcode's shape in one case, whatever the letters of its second half ("bf1 1mp", "bf11ch"),
# ending an address line after its comma and ending the sentence: "3 market place , bf1 1mp .", "castle
# hill , brackenford , bf11ch ."; read only with the line before it.
_LINE_POSTCODE_RE = re.compile(
    r"(?<=,\s)(?:[a-z]{1,2}\d[a-z\d]?\s?\d[a-z]{2}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})(?![\w-])"
    # ... or before where it is: "21 mill lane , ab1 2xy , just behind the station"
    r"(?=\s*(?:[.!;]|$)|\s*,\s*(?:just\s+|right\s+)?(?:behind|beside|opposite|next\s+to|across\s+from|near|by\s+the"
    r"|round\s+the\s+corner|around\s+the\s+corner|a\s+(?:short|few|couple)|(?:a|one|two|three|four|five|ten|\d+)"
    r"\s+(?:minutes?|mins?)\s+(?:walk\s+)?from)\b)"
)
# A British postcode in either case with no word before it ("lf39hn", "cb2 1ab"): the letters of its
# second half are never C, I, K, M, O or V, and "4th" is an ordinal. A Canadian one ("m5v 2a4").
_BARE_POSTCODE_RE = re.compile(
    r"(?<![\w-])(?:(?:[A-Za-z]{1,2}\d[A-Za-z\d]?\s?\d(?!st|nd|rd|th)|[A-Za-z]{2}\d[A-Za-z\d]?\s?\d)"
    r"[ABD-HJLNP-UW-Zabd-hjlnp-uw-z]{2}"
    r"|[A-Za-z]\d[A-Za-z]\s\d[A-Za-z]\d"
    # An Irish Eircode in capitals ("D06 K2W8", "A94 X7P3"): a letter and two digits, then four of
    # letters and digits with both in them.
    r"|(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s(?=[0-9A-Z]{0,3}[A-Z])(?=[0-9A-Z]{0,3}\d)[0-9AC-FHKNPRTV-Y]{4})(?![\w-])"
)

# An Irish Eircode in either case, with or without its space, ending an address line after a comma and ending
# the sentence: "the old mill , oughterard , h91r2x4", "3 quay street , galway , H91 TW5R"; its routing key a
# letter and two digits.
_LINE_EIRCODE_RE = re.compile(
    r"(?<=,\s)(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?(?=[0-9A-Z]{0,3}[A-Z])(?=[0-9A-Z]{0,3}\d)[0-9AC-FHKNPRTV-Y]{4}"
    r"(?![\w-])(?=\s*(?:[.!;]|$))",
    re.I,
)

# A six-digit postcode after its city, in a sentence that names a street before it: "Anson Road,
# Singapore 079903", "MG Road, Bengaluru 560001"; not "Order 560034" or "Room 104" (no city, or no street).
_SIX_DIGITS_RE = re.compile(r"(?<!\d)\d{6}(?!\d)")
_CITY_POSTCODE_RE = re.compile(
    r"(?<![\w-])(?!(?:Order|Invoice|Account|Ref|Reference|Booking|Ticket|Case|Room|Flat|Unit|Suite)\b)"
    r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)?,?\s(?P<code>\d{6})(?![\w-]|[.,]\d)"
)
_STREET_IN_RE = re.compile(rf"\b{_STREET_TYPE}", re.I)


# The whole answer to a question for a postcode: a British postcode's shape in one case, whatever its letters.
_POSTCODE_ANSWER_RE = re.compile(
    r"\s*(?:(?:yes|sure|okay|ok|of\s+course|certainly)\s*,?\s*)?(?:(?:it|that)\s*(?:is|'s)\s+)?"
    r"(?P<code>[a-z]{1,2}\d[a-z\d]?\s?\d[a-z]{2}|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\s*[.!]?\s*"
)


# The whole answer to "what is the address ?" or "where is it ?": a place said in a few lower-case words
# with no street word or house number ("it is on the backs .", "millholme , near the river ."); each part
# a few words, none a pronoun, verb, value, or word of how or where else ("it 's closed now ." is none).
_ANSWER_NOT = (
    r"(?:sorry|unfortunately|well|hmm|certainly|great|closed|open|near|opposite|next|behind|beside|off|just|close"
    r"|across|not|do|does|did|have|has|had|can|could|will|would|should|may|might|must|shall|know|sure|afraid"
    r"|unknown|listed|available|free|cheap|expensive|nice|lovely|good|fine|busy|quiet|far|nearby|central|about"
    r"|around|over|under|up|down|out|very|quite|really|still|also|only|all|both|none|nothing|something"
    r"|everything|somewhere|anywhere|nowhere|where|what|how|why|when|let|me|him|her|us|them|check|see|look)\b"
)
_ANSWER_PART = rf"(?:the\s+)?(?!{_ANSWER_NOT}){_LINE_WORD}(?:\s+(?!{_ANSWER_NOT}){_LINE_WORD}){{0,3}}"
_ADDRESS_ANSWER_RE = re.compile(
    rf"\s*(?P<lead>(?:it|that|they)\s*(?:is|'s|are|'re)\s+(?:at|on|in)\s+|(?:at|on)\s+"
    # a place or its way in said to be on a street: "st aldric 's is on north meadows .", "the entrance is on
    # kiln fields opposite the church ."
    r"|(?:[^,.]*,\s+)?(?P<subject>(?:the\s+)?(?!(?:he|she|we|i|you|it|that|they|there|this|who|what|which)\b)[a-z][\w']*"
    r"(?:\s+[a-z][\w']*){0,2}?(?:\s+'s)?)\s*(?:is|'s|are)\s+on\s+(?!the\b))?"
    # "21-23 the parade ." after "what number is it on the parade ?": a range of numbers
    rf"(?P<place>(?:\d{{1,5}}[a-z]?(?:-\d{{1,5}}[a-z]?)?\s+)?{_ANSWER_PART}(?:\s?,\s*{_ANSWER_PART})*)"
    r"\s*(?:[.!]\s*|(?:,\s*|(?<=\w)\s+(?=(?:opposite|next\s+to|behind|beside|across)\b))"
    r"(?P<near>near|opposite|next\s+to|behind|beside|off|just|by|close\s+to|across"
    # ", about five minutes from here"
    r"|(?:about|around|only)\s+(?:[\w-]+\s+){1,2}(?:minutes?|mins?)\b)\b.*"
    # "it is at millholme and rooms are gbp 62.75 a night .": what it costs, said after the place
    r"|,?\s+(?:and\s+(?:the\s+)?(?:rooms?|prices?|entry|entrance|admission|tickets?|it|they)"
    r"\s+(?:is|are|costs?|starts?)\b.*))?"
)
_NOT_AN_ANSWER_WORD_RE = re.compile(
    r"\b(?:[a-z]+(?:ed|ing|ly)|yup|yep|yes|goodbye|bye|enjoy|welcome|thanks|cheers|done|ball|game)\b"
)


# Words that answer "where is it ?" without naming a place: "no idea .", "upstairs .", "the centre ."
_NOT_A_PLACE_ANSWER_RE = _words(
    r"no|yes|idea|clue|here|there|upstairs|downstairs|outside|inside|indoors|outdoors|online|everywhere|centre"
    r"|center|town|city|north|south|east|west|left|right|straight|ahead|home|work|unsure|dunno|same|either"
    r"|pounds?|gbp|dollars?|euros?|pence|quid|bucks|minutes?|mins|hours?|miles?|metres?|km|stars?|floors?"
)


# "it is at capacity", "they are at lunch": the states things are at, not places.
_NOT_A_PLACE_STATE_RE = _words(
    r"capacity|risk|home|work|school|lunch|dinner|breakfast|rest|peace|ease|fault|stake|war|sea|large|last|least"
    r"|best|worst|first|most|once|all|full|half|noon|midnight|night|dawn|dusk|present|times|hand|odds|play|random"
    r"|cost|heart|bay|issue|length|will|church|university|college|uni|limit|max(?:imum)?|min(?:imum)?"
    r"|peak|top|bottom|end|start|moment|point|level|stage|step|number|position|page|table|desk|reception|door"
    r"|counter|gate|front|back|side|corner|variance|fifty|hundred|zero|par"
    # "it is on sale", "it is on me", "they are on holiday"
    r"|sale|offer|me|us|you|hold|fire|way|time|schedule|track|display|duty|call|leave|holiday|strike|order|loan"
    r"|board|list|record|request|tap|show|air|tour|foot|sunday|monday|tuesday|wednesday|thursday|friday|saturday"
)


def _whole_answer(s: _Sentence, place: str) -> bool:
    """Is ``place`` the whole of its turn, in four words at most, none of direction, doubt or measure?"""
    whole = " ".join((s.turn.content or "").split()).rstrip(" .!").strip()
    words = re.findall(r"[\w'-]+", place)
    return whole == " ".join(place.split()) and len(words) <= 4 and not _NOT_A_PLACE_ANSWER_RE.search(place)


# What a place said to be on a street is: a place's way in or a place named with "'s" ("st aldric 's").
_PLACE_SUBJECT_RE = re.compile(r"(?:\b(?:entrance|way\s+in|gate|door|reception)|\s'?s)$")
# Not a street a place is on, but what it is on: "on special", "on short notice", "on the menu".
_ON_NOT_A_STREET_RE = _words(
    r"special|notice|standby|site|premises|camera|trial|diet|tv|radio|line|screen|website"
)


# A street of one word made of a place word and a street's ending: "parkside", "kingsway", "westgate".
_ONE_WORD_STREET_RE = re.compile(
    r"(?!(?:in|out|be|along|off|on|top|any|half|mid|under|some|broad|sub|gate|door|stair|rail|run)(?:side|way)$)"
    r"[a-z]{3,}(?:side|gate|way|field|fields|hill|croft|moor|bank|dale|brook|mead|lands)"
)


def _on_a_street(place: str) -> bool:
    """Is ``place``, said of a place after "is on", a street of no street word: two words or more, not all
    of them of direction or measure, nor what a thing is on?"""
    words = place.split()
    return (
        (len(words) >= 2 or bool(_ONE_WORD_STREET_RE.fullmatch(place)))
        and not re.search(r"\d", place)  # "the hotel is on 3 floors"
        and not re.search(rf"\b{_WEAK_STREET}", place)  # one with its street word is read as introduced
        and not all(_NOT_A_PLACE_ANSWER_RE.fullmatch(w) for w in words)
        and not _ON_NOT_A_STREET_RE.search(place)
    )


def _answered_addresses(s: _Sentence) -> list[ExtractedFact]:
    """The place a sentence answering "what is the address ?" or "where is it ?" is, said whole: led by
    "it is at/on", "at"/"on" or "the", or followed by where it is from something ("near the river")."""
    if not (m := _ADDRESS_ANSWER_RE.fullmatch(s.text)):
        return []
    if (
        "address" not in s.asked or m["subject"]
    ):  # said with no question for it: "it is at ashgrove ." where a place is talked of
        stated = m["lead"] and re.match(r"\s*(?:it|they)\s*(?:is|'s|are|'re)\s+(?:at|on)\b", m["lead"], re.I)
        if m["subject"]:
            stated = _on_a_street(m["place"]) and (
                venue_talked_of(s.recent) or _PLACE_SUBJECT_RE.search(m["subject"])
            )
        elif not venue_talked_of(s.recent):
            return []
        if not stated or _NOT_A_PLACE_STATE_RE.search(m["place"]):
            return []
    placed = m["lead"] or m["near"] or m["place"].startswith("the ")
    placed = placed or _whole_answer(s, m["place"])  # "castle mound ." said alone, as the whole turn
    if not placed or _NOT_AN_ANSWER_WORD_RE.search(m["place"]):
        return []
    key = "place_address" if _about_a_place(s) else "address"
    return [s.fact("address", key, *m.span("place"), " ".join(m["place"].split()))]


# A unit or flat before a street with no house number: "unit 6 , tanners yard", "Flat 2, Mill Lane".
_UNIT_PART = rf"(?:the\s+)?(?:{_LINE_WORD}\s+|'s\s+){{0,3}}{_LINE_WORD}"
_UNIT_FIRST_RE = re.compile(
    rf"(?<![\w-])(?i:unit|flat|apartment|apt|suite)\.?\s*\#?\s*\d{{1,4}}[A-Za-z]?\s?,\s*"
    rf"(?:(?:{_UNIT_PART}\s?,\s*){{0,2}}"  # a building first: "unit 4 , the maltings , tan lane"
    rf"(?:(?:the\s+)?(?:{_LINE_WORD}\s+|'s\s+){{1,3}}(?:{_WEAK_STREET}|(?:park|estate|centre|center|buildings?"
    r"|court|house|lodge|mansions|heights|towers?)\b)"  # "flat 22 , larch court"
    r"|the\s+[a-z]+(?:yard|works|mill|wharf|quay)\b"  # "unit 3 , the boatyard"
    # a house number and a street of a word or two with no street word: "flat 1 , 23 ropewalk ."; not a count
    # ("flat 2 , 3 bedrooms")
    rf"|{_WEAK_HOUSE}\s+(?![a-z]+s\b|{_NOT_ONE_WORD_STREET_RE.pattern}\b){_LINE_WORD}(?:\s+(?![a-z]+s\b){_LINE_WORD})?(?=\s*(?:[.!;]|$)))"
    # and the street a park or centre is on: "unit 2 , kilnfield retail park , tanyard way ."
    rf"(?:\s?,\s*(?:the\s+)?(?:{_LINE_WORD}\s+|'s\s+){{1,3}}{_WEAK_STREET}"
    r"(?=\s*(?:[,.!?;]|$)|\s+(?:and|but|which|where|while|with)\b))*"
    # and the town, ending the sentence: "unit 2 , station yard , ashcombe ."
    rf"(?:\s?,\s*{_LINE_WORD}(?=\s*[.!]?\s*$))?"
    rf"|(?:{_CAP}\s+){{1,3}}(?:{_STREET_TYPE}|(?:Park|Estate|Centre|Center|Buildings?|Court|House|Lodge|Mansions"
    r"|Heights|Towers?)\b))"
)


def _unit_first_addresses(s: _Sentence) -> list[ExtractedFact]:
    out = []
    for m in _UNIT_FIRST_RE.finditer(s.text):
        key = "place_address" if _about_a_place(s) else "address"
        out.append(s.fact("address", key, *m.span(), " ".join(m.group().split())))
    return out


# A street with its street word and the town after it, with no house number: "at the astro, Keurboom Road,
# Rondebosch", "Coetzenburg Road, Stellenbosch 7600"; all in capitals, the town not a day or a month.
_STREET_TOWN_RE = re.compile(
    r"(?<![\w-])(?<!\d\s)(?-i:[A-Z][\w'-]+)(?:\s+(?-i:[A-Z][\w'-]+)){0,2}\s+"
    r"(?-i:Road|Street|Lane|Avenue|Drive|Way|Terrace|Crescent|Close|Boulevard|Parade|Rd|St|Ave)"
    r",\s+(?!(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b"
    rf"|{_UNIT_NAME})"
    r"(?-i:[A-Z][a-z]{2,})(?:\s+(?-i:[A-Z][a-z]{2,}))?"
    # the city after its district: "Domain Drive, Parnell, Auckland 1010"
    r"(?:,\s+(?!(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b)"
    r"(?-i:[A-Z][a-z]{2,})(?:\s+(?-i:[A-Z][a-z]{2,}))?(?=\s+\d{4}(?!\d)))?"
    r"(?:\s+\d{4}(?!\d))?(?![\w-]|,\s*\d)"
)


def _streets_in_towns(s: _Sentence) -> list[ExtractedFact]:
    if ", " not in s.text:
        return []
    key = "place_address" if _about_a_place(s) else "address"
    return [
        s.fact("address", key, *m.span(), " ".join(m.group().split()))
        for m in _STREET_TOWN_RE.finditer(s.text)
        # where a place is asked for or spoken of: not "I love Abbey Road, Sam."
        if "address" in s.asked
        or re.search(r"\b(?:at|on|in)\b", s.text[: m.start()], re.I)
        or (len(s.recent) > 1 and re.match(r"\W*where\b", s.recent[-2], re.I))  # "where exactly?"
    ]


# A building named with its word, in capitals: "Coppergate Centre", "the Meridian Building".
_BUILDING = (
    r"(?-i:[A-Z][\w'&-]*)(?:\s+(?-i:[A-Z][\w'&-]*)){0,3}\s+"
    r"(?-i:Centre|Center|House|Building|Plaza|Mall|Arcade|Exchange|Chambers|Court|Tower)"
)
# A building, then a house number and a street's name of no street word, and its town, ending the sentence:
# "a branch at Coppergate Centre, 12 Piccadilly, York."; not "at Fir Court, 3 of us."
_BUILDING_NUMBER_RE = re.compile(
    rf"\b(?:at|is|in)\s+(?P<address>{_BUILDING}"
    r",\s+\d{1,4}[A-Za-z]?\s+(?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+))?"
    r"(?:,\s+(?-i:[A-Z][a-z'-]+)(?:\s+(?-i:[A-Z][a-z'-]+))?)?)(?=\s*(?:[.;!]|$))"
)
# A building with no house number, and the floor or suite in it: "in the Meridian Building, 3rd floor",
# "at Halford House, suite 12". The floor says it is where something is, not a name said in passing.
_BUILDING_FLOOR_RE = re.compile(
    rf"\b(?:at|is|in|to)\s+(?:the\s+)?(?P<address>{_BUILDING},?\s+"
    r"(?:(?:\d{1,2}(?:st|nd|rd|th)|ground|first|second|third|fourth|fifth|top)\s+floor"
    r"|(?:suite|room|unit)\s+\d{1,4}[A-Za-z]?))(?![\w-]|[.,]\d)",  # not a part of "room 2.006"
    re.I,
)

# The house number said first, as "number", then the street with "the" and its street word, ending a clause:
# "the hotel is number 9 , the parade", "at number 4 , the crescent ,"; not "it is number 4 , the best".
_NUMBER_FIRST_RE = re.compile(
    rf"\b(?:at|is)\s+(?P<address>number\s+\d{{1,4}}[a-z]?\s?,\s*the\s+(?:[a-z][a-z'-]*\s+){{0,2}}{_STREET_TYPE})"
    r"(?=\s*(?:[.,;!]|$))",
    re.I,
)


def building_numbers(s: _Sentence) -> list[ExtractedFact]:
    """A building with its house number and street, or with its floor or suite, or a house number said
    before its street (see the patterns)."""
    if "," not in s.text or s.question:
        return []
    return [
        s.fact(
            "address", address_key(s, *m.span("address")), *m.span("address"), " ".join(m["address"].split())
        )
        for m in _BUILDING_NUMBER_RE.finditer(s.text)
    ] + [
        s.fact(
            "address", address_key(s, *m.span("address")), *m.span("address"), " ".join(m["address"].split())
        )
        for m in [*_BUILDING_FLOOR_RE.finditer(s.text), *_NUMBER_FIRST_RE.finditer(s.text)]
    ]


def _postcodes(s: _Sentence) -> list[ExtractedFact]:
    """A postcode after the word for it ("postcode cb21ab", "zip code is 94110", "post code : cb1 4rt"),
    and a British postcode in capitals anywhere ("CB2 1AB")."""
    spans = []
    for m in _POSTCODE_CUE_RE.finditer(s.text):
        if found := _POSTCODE_RE.match(s.text, m.end()):
            spans.append(found.span())
    spans += [m.span() for m in _BARE_POSTCODE_RE.finditer(s.text) if _postcode_case(m.group())]
    spans += [m.span() for m in _LINE_EIRCODE_RE.finditer(s.text) if _postcode_case(m.group())]
    spans += [m.span() for m in _LINE_POSTCODE_RE.finditer(s.text) if _line_before(s.text, m.start())]
    if "postcode" in s.asked and (answer := _POSTCODE_ANSWER_RE.fullmatch(s.text)):
        spans.append(answer.span("code"))  # "postcode ?" "it is xx1 4kt ."
    if _SIX_DIGITS_RE.search(s.text) and _STREET_IN_RE.search(s.text):
        cities = _CITY_POSTCODE_RE.finditer(s.text)
        spans += [m.span("code") for m in cities if _STREET_IN_RE.search(s.text, 0, m.start())]
    out = []
    for start, end in sorted(set(spans)):
        key = "place_postcode" if _about_a_place(s) else "postcode"
        out.append(s.fact("address", key, start, end, s.text[start:end].upper().replace(" ", "")))
        key = "place_address" if _about_a_place(s) else "address"
        if line := _line_before(s.text, start):
            if _LINE_POSTCODE_RE.match(s.text, start) and _ends_in_town(s.text[line[0] : line[1]]):
                # "22 high street , brackenford , bf1 2hs": the line, its town and its postcode as one
                line = (line[0], end)
            out.append(s.fact("address", key, *line, " ".join(s.text[line[0] : line[1]].split())))
        elif (
            POSTCODE_ONLY_RE.fullmatch(s.text[start:end])
            and (town := _TOWN_BEFORE_RE.search(s.text, 0, start))
            and (line := _line_before(s.text, town.start(1)))
        ):
            # "14 Gillygate, York YO31 7EQ", "Bootham Row, York YO30 7BZ": the line, its town and its postcode
            said = " ".join(s.text[line[0] : end].split())
            out.append(s.fact("address", address_key(s, line[0], end), line[0], end, said))
        if street := _STREET_AFTER_RE.match(s.text, end):  # "it is ae2 3ud , on market hill ."
            out.append(s.fact("address", key, *street.span("street"), " ".join(street["street"].split())))
    return out


# A town in capitals between an address line's comma and a British or Canadian postcode in capitals.
_TOWN_BEFORE_RE = re.compile(r",\s*((?-i:[A-Z][a-z'\u2019-]+(?:\s+[A-Z][a-z'\u2019-]+)?))\s+$")


# A sentence that is only an address line, or a name and its address line, with no postcode after it
# ("kestlebury police station , marram way .", "bellfounder road , orton green ."): from the first
# part that ends in a street word, each part a few lower-case words with no verb, pronoun or value.
_STREET_PART_RE = re.compile(
    rf"(?:{_WEAK_HOUSE}\s+)?(?:{_LINE_WORD}\s+|'s\s+){{1,3}}(?:{_WEAK_STREET}|(?:place|hill|hills)\b)"
)
# ... and the street said after a postcode, ending the sentence: "it is ae2 3ud , on market hill ."
_STREET_AFTER_RE = re.compile(rf"\s?,\s*(?:on|off)\s+(?P<street>{_STREET_PART_RE.pattern})(?=\s*(?:[.!;]|$))")
_LINE_START_RE = re.compile(r"(?:(?:yes|sure|okay|ok|of\s+course|certainly|it\s+is|it\s+'s)\s*,?\s+)?")


def _address_lines(s: _Sentence) -> list[ExtractedFact]:
    text = s.text.rstrip(_TRAILING)
    start = _LINE_START_RE.match(text).end()
    if s.question or any(c.isupper() for c in text[start:]):
        return []
    parts, at, street = [], start, None
    for piece in text[start:].split(","):
        part = piece.strip()
        if not _line_part(part):
            return []
        if street is None and _STREET_PART_RE.fullmatch(part):
            street = at + piece.index(part)
        parts.append(part)
        at += len(piece) + 1
    if street is None or len(parts) > 5:
        return []
    key = "place_address" if _about_a_place(s) else "address"
    return [s.fact("address", key, street, len(text), " ".join(text[street:].split()))]


def _ends_in_town(line: str) -> bool:
    """Does an address line end in a town after its street: a last part of a word or two, with no number
    and no street word ("castle hill , brackenford")?"""
    parts = [p.strip() for p in line.split(",")]
    return (
        len(parts) >= 2
        and bool(re.fullmatch(r"[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?", parts[-1], re.I))
        and not _STREET_PART_RE.fullmatch(parts[-1])
        and any(re.search(rf"\b(?:{_WEAK_STREET}|place|hill)", p) for p in parts[:-1])
    )


def _postcode_case(code: str) -> bool:
    """One case throughout: "CB2 1AB" or "cb21ab", not "Tr2 3ab"."""
    letters = [c for c in code if c.isalpha()]
    return all(c.isupper() for c in letters) or all(c.islower() for c in letters)


# ------------------------------------------------------------------ a street said again

# A street pinned with its house number ("it is at 7 salt pans ."), said again later with no number and no
# word for it: "the number 14 bus stops on salt pans every 20 minutes", "we walked down salt pans". Its name
# alone may have no street word, so it is read only once the conversation has pinned it, after a word of
# place, outside a question; a name of two words or more.
_NUMBERED_STREET_RE = re.compile(
    rf"{_WEAK_HOUSE}\s+(?P<street>{_LINE_WORD}(?:\s+(?:{_LINE_WORD}|'s)){{1,3}})"
)


def streets_pinned(facts: list[ExtractedFact]) -> set[str]:
    """The street names of the addresses among ``facts`` said as a house number and a lower-case name."""
    return {
        " ".join(m["street"].split())
        for f in facts
        if f.type == "address" and (m := _NUMBERED_STREET_RE.fullmatch(f.value))
    }


def repeated_streets(turn: TurnText, streets: set[str], found: list[ExtractedFact]) -> list[ExtractedFact]:
    """A street pinned before with its house number, said again without one after "on", "at", "along" ...
    ("the shop on salt pans"), outside a question. Most turns name none of them: those cost a substring
    test a street, not a search."""
    if not streets:
        return []
    content = turn.content or ""
    plain = content.translate(_PLAIN)
    out: list[ExtractedFact] = []
    for street in streets:
        if street.split()[0] not in plain:
            continue
        name = r"\s+".join(re.escape(w) for w in street.split())
        for m in re.finditer(
            rf"\b(?:on|at|along|into|from|via|down|up|off)\s+(?P<street>{name})(?![\w'-])", plain
        ):
            if any(f.span[0] < m.end() and m.start("street") < f.span[1] for f in found + out):
                continue
            sentence = _sentence_at(plain, m.start())
            if is_question(sentence) or is_instruction_attempt(sentence):
                continue
            value = content[m.start("street") : m.end("street")]
            out.append(ExtractedFact("address", "place_address", value, turn.seq, m.span("street"), street))
    return out


# An address pinned with its street word ("2200 Westlake Ave", "4501 Burnet Road, Suite 120") said again
# by its number and name alone ("It's at 2200 Westlake, right?"): that address, also in a question that
# checks it. (The name of such a street crossed with another is read in cross_streets.py.)
_PINNED_STREET_RE = re.compile(
    rf"^(?P<house>\d{{1,5}}[A-Za-z]?)\s+(?P<name>(?:(?-i:[NSEW])\.?\s+)?{_CAP}(?:\s+{_CAP}){{0,2}}?)\s+{_STREET_TYPE}",
)


def numbered_streets_pinned(facts: list[ExtractedFact]) -> set[tuple[str, str]]:
    """(house number, street name) of the addresses among ``facts`` said with a capitalised street word."""
    out = set()
    for f in facts:
        if f.type == "address" and (m := _PINNED_STREET_RE.match(f.value)) and "\n" not in f.value:
            out.add((m["house"], " ".join(m["name"].split())))
    return out


def said_of_pinned(
    turn: TurnText,
    pinned: set[tuple[str, str]],
    found: list[ExtractedFact],
    pattern: Callable[[str, str], str],
) -> list[ExtractedFact]:
    """What ``pattern(house, name as a pattern)`` finds (its group "said") for each pinned street whose name
    the turn says, where no fact is yet, in sentences that do not ask (text.open_question) and are no
    instruction attempt."""
    if not pinned:
        return []
    content = turn.content or ""
    plain = content.translate(_PLAIN)
    out: list[ExtractedFact] = []
    taken = lambda a, b: any(f.span[0] < b and a < f.span[1] for f in found + out)  # noqa: E731
    for house, name in pinned:
        if name.split()[-1] not in plain:
            continue
        for m in re.finditer(pattern(house, r"\s+".join(re.escape(w) for w in name.split())), plain):
            sentence = _sentence_at(plain, m.start())
            if taken(*m.span("said")) or open_question(sentence) or is_instruction_attempt(sentence):
                continue
            value = content[m.start("said") : m.end("said")]
            out.append(
                ExtractedFact("address", "address", value, turn.seq, m.span("said"), " ".join(value.split()))
            )
    return out


def _said_again(house: str, words: str) -> str:
    return rf"\b(?:at|to|from|near|is|'s|on|by)\s+(?P<said>{house}\s+{words})(?=\s*(?:[,.;!?]|$|and\b|or\b))"


def repeated_numbered_streets(
    turn: TurnText, pinned: set[tuple[str, str]], found: list[ExtractedFact]
) -> list[ExtractedFact]:
    """An address said again by its number and name alone."""
    return said_of_pinned(turn, pinned, found, _said_again)
