"""Venues offered one after another, each named and then given its address with no word that says so:
"try the tallow inn , 14 mill race , or the ferry house , 2 weir end ." A desk lists places this way in
tokenised text, with a house number and a street named by words that are no street type ("mill race",
"coldharbour", "the shambles"). Alone, "14 mill race" cannot be told from a count and its noun, so the
form is read only where it is a list of such pairs, or one pair straight after a word that offers it
("try", "how about", "i suggest ..."), or after a venue and "is" ("the restaurant is 12 horsefair , in the
centre ."), or between a venue and "on" and what the venue does ("the chemist on 9 cornhill is open late").
A street said after a venue and "on" or "off" in the middle of a sentence is read here too."""

from __future__ import annotations

import re

from facts.extraction.address_lines import _ONE_WORD_STREET_RE
from facts.extraction.calendar_words import _MONTH, _WEEKDAY
from facts.extraction.introduced_addresses import (
    _COUNTED_PLURAL_RE,
    _LINE_WORD,
    _NOT_ONE_WORD_STREET_RE,
    _POSITION_AFTER_RE,
    _UNIT_WORD,
    _WEAK_STREET,
    PLACE_DOES,
    VENUE_WORDS,
)
from facts.extraction.places import _WEAK_HOUSE
from facts.extraction.text import _about_a_place, _Sentence, venue_talked_of
from memadmin.providers.base import ExtractedFact

_NAME = r"(?:the\s+)?[a-z][a-z'&-]*(?:\s+(?:[a-z0-9][a-z0-9'&-]*|'s)){0,4}"
_ADDRESS_RE = re.compile(
    rf"""\s?,\s*(?P<address>(?P<house>{_WEAK_HOUSE})\s+(?P<street>(?:the\s+)?{_LINE_WORD}(?:\s+(?:{_LINE_WORD}|'s)){{0,2}}))
    (?=\s?,|\s+(?:or|and)\s+(?!\d)|\s?[.!;?]|\s*$)""",
    re.X,
)
# The first venue of the list, after the word that offers it ("try", "how about", "i suggest").
_OFFERED_RE = re.compile(
    r"(?:\b(?:try|suggest|recommend|how\s+about|what\s+about|there\s+is|there\s+'s|there\s+are|i\s+have"
    rf"|we\s+have|either|is|are)|:)\s+{_NAME}\s*$"
)
# A later venue of the list, after the one before it: ", or the ferry house".
_JOINED_RE = re.compile(rf"^\s?,?\s*(?:(?:or|and)\s+)?{_NAME}\s*$")
_ASKING_RE = re.compile(r"\b(?:how|what)\s+about\s+" + _NAME + r"\s*$")
# Words after a house number that say when, how much, how many or how big, never a street's name.
_NOT_A_STREET_RE = re.compile(
    r"(?:am|pm|a\.m\.|p\.m\.|o'clock|star|stars|rating|course|courses|seater|km|mile|pounds?|gbp|quid"
    r"|person|each|way|night|room|bed|table|floor|storey|minute|hour|day|week|month|year|ticket|minutes|walk"
    r"|twin|double|single|king|queen|suite|family|adult|child|kid|student|senior|only|total|more|less|extra"
    r"|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty"
    r"|seventy|eighty|ninety|hundred|thousand|half|quarter|nil|percent|per|of|off|up|down|out|away|over|past|to"
    r"|gone|open|closed|left|right|free|full|back|front|ahead|behind|inside|outside|for|inch|inches|litre|liter|oz"
    r"|cm|mm|ml|kg|lb|lbs|pint|main|mains|starter|change|stop|drink|glass|bottle|slice|portion|round|set|pass"
    r"|entry|ride|trip|seat|rows?)"
)


def _street_shaped(m: re.Match, plural_ok: bool = False) -> bool:
    """A house number and a street named by words: not a count, a time or a price ("2 double beds",
    "3 course meal", "8 pm"). A plural last word only if ``plural_ok`` ("the surgery is 8 lime kilns .")."""
    words = m["street"].split()
    named = [w for w in words if w not in ("the", "'s")]
    if m["house"].startswith("0") or not named or any(re.fullmatch(_UNIT_WORD, w) for w in words):
        return False
    if any(len(w) < 2 for w in named):  # "q x 4 , 2 l d": a postcode spelled out letter by letter
        return False
    if any(_NOT_ONE_WORD_STREET_RE.fullmatch(w) or _NOT_A_STREET_RE.fullmatch(w) for w in named):
        return False
    if re.search(r"\d{4}", m["house"]):
        return False  # a street named with no street word has a short house number; "1234" is a code
    street_word = re.fullmatch(_WEAK_STREET, named[-1])
    plural = re.search(r"[^'su]s$", named[-1]) and words[0] != "the" and not street_word
    plural = plural and not (plural_ok and len(named) > 1 and not _COUNTED_PLURAL_RE.match(" ".join(named)))
    return not plural and (len(named) > 1 or words[0] == "the" or len(named[0]) >= 4)


def _listed_venues(s: _Sentence) -> list[ExtractedFact]:
    text = s.text
    if "," not in text or not re.search(r"\d", text):
        return []
    pairs = list(_ADDRESS_RE.finditer(text))
    question = s.question
    listed: list[re.Match] = []
    for i, m in enumerate(pairs):
        previous_end = pairs[i - 1].end() if i else -1
        joined = (
            i and _JOINED_RE.match(text[previous_end : m.start()]) and listed and listed[-1] is pairs[i - 1]
        )
        offered = _OFFERED_RE.search(text, 0, m.start())
        nxt = pairs[i + 1] if i + 1 < len(pairs) else None
        followed = nxt is not None and _JOINED_RE.match(text[m.end() : nxt.start()])
        # "how about the ferry house , 2 weir end ?" proposes the place; another question asks
        if joined or (offered and (followed or not question or _ASKING_RE.search(text, 0, m.start()))):
            listed.append(m)
    listed = [m for m in listed if _street_shaped(m)]
    key = "place_address" if _about_a_place(s) else "address"
    return [s.fact("address", key, *m.span("address"), " ".join(m["address"].split())) for m in listed]


# A venue named by what it is, then "is" and its address with no word that says so: "the restaurant is 12
# horsefair , in the centre .", "the galley cafe is 6 cowgate , right next to it ." Not "the hotel is 4
# stars", "the pub is 5 doors down", "the museum is 2 miles away" (the words are checked as in a list).
_VENUE_IS_RE = re.compile(
    rf"\b(?:{VENUE_WORDS})\s+(?:is|'s|are|'re)\s+"  # "the corn exchange is 3 cornmarket", "the rooms are ..."
    rf"(?P<address>(?P<house>{_WEAK_HOUSE})\s+(?P<street>(?:the\s+)?{_LINE_WORD}(?:\s+(?:{_LINE_WORD}|'s)){{0,2}}))"
    r"(?=\s?,|\s+and\s+(?!\d)|\s?[.!;]|\s*$)"
)


# "the hotel is 12 floors high", "the bar is 2 blocks north": a size or a distance, not a street.
_MEASURED_RE = re.compile(
    r"\b(?:high|long|wide|tall|deep|big|old|new|north|south|east|west|here|there|late|early|short|apart)\b"
)
_PLURAL_INSIDE_RE = re.compile(r"[^'su]s\b(?!\s*$)")  # "12 floors high"; a plural last word is checked apart


def _venue_is_addresses(s: _Sentence) -> list[ExtractedFact]:
    if s.question or not re.search(r"\d", s.text):
        return []
    key = "place_address" if _about_a_place(s) else "address"
    out = []
    for m in _VENUE_IS_RE.finditer(s.text):
        # a plural last word where the sentence ends or says where: "is 3 salt pans , by the quay"
        placed = _POSITION_AFTER_RE.match(s.text, m.end()) or re.match(r"\s*(?:[.!]|$)", s.text[m.end() :])
        named = re.search(rf"\b{_WEAK_STREET}$", m["street"])  # "2 gasworks end" ends in a street word
        if _street_shaped(m, bool(placed)) and not (
            _MEASURED_RE.search(m["street"]) or (_PLURAL_INSIDE_RE.search(m["street"]) and not named)
        ):
            out.append(s.fact("address", key, *m.span("address"), " ".join(m["address"].split())))
    return out


# A venue and "on", then a house number and a street before what the venue is or does: "the chemist on 23
# market place is open until 6", "saltmere cycles on 12 ropewalk hire bikes"; the venue named by what it is,
# or by a name that opens the sentence. Not "we waited on 3 platforms and ..." (a count before no such word).
_VENUE_ON_RE = re.compile(
    rf"(?:\b(?:{VENUE_WORDS})|^\W*{_NAME})\s+(?:on|at)\s+"
    rf"(?P<address>(?P<house>{_WEAK_HOUSE})\s+(?P<street>(?:the\s+)?{_LINE_WORD}(?:\s+(?:{_LINE_WORD}|'s|place)){{0,2}}))"
    r"(?=\s+(?:is|are|was|opens?|closes?|shuts?|does|has|have|sells?|serves?|hires?|rents?|runs?|offers?|takes?"
    r"|stocks?|will|can|do|keeps?|stays?|charges?)\b)"
)


def _venue_on_addresses(s: _Sentence) -> list[ExtractedFact]:
    if s.question or not re.search(r"\s(?:on|at)\s+\d", s.text) or not _about_a_place(s):
        return []
    return [
        s.fact("address", "place_address", *m.span("address"), " ".join(m["address"].split()))
        for m in _VENUE_ON_RE.finditer(s.text)
        if _street_shaped(m) and not _MEASURED_RE.search(m["street"])
    ]


# A street said after a place one goes to and "on" or "off", in the middle of a sentence: "the cafe on
# Harbour Street does a good breakfast", "a bakery off Mill Lane opens early", "the pharmacy on castle
# street is open late .", "the bank on 5th Avenue"; the street named by a word or three, or a numbered one,
# and its type. Not in a question, and not a
# street said as a way ("the bus on Mill Road"), since only a place one goes to is at an address.
_VENUE_STREET_TYPE = "Street|St|Road|Rd|Lane|Ln|Avenue|Ave|Drive|Dr|Way|Terrace|Crescent|Row|Walk|Parade"
_VENUE_STREET_TYPE += "|Quay|Close|Boulevard|Blvd|Approach"
_THE_STREET = r"the\s+(?:parade|quay|strand|promenade|esplanade|by-?pass|seafront)\b"
# A street by its words and type, a numbered one, or one no town has two of ("the bypass").
_VENUE_STREET = rf"""(?P<street>(?:(?-i:The)\s+(?-i:{_VENUE_STREET_TYPE})\b
      |(?:the\s+)?(?:(?-i:[A-Z][\w'-]*)\s+|'s\s+){{1,3}}(?-i:{_VENUE_STREET_TYPE})\b
        (?:(?:(?<=St)|(?<=Rd)|(?<=Dr)|(?<=Ln)|(?<=Ave)|(?<=Blvd))\.)?  # "St.", not a sentence's full stop
      |(?:the\s+)?(?:{_LINE_WORD}\s+|'s\s+){{1,3}}(?:{_VENUE_STREET_TYPE.lower()})\b
      |[1-9]\d?(?:st|nd|rd|th)\s+(?-i:{_VENUE_STREET_TYPE})\b  # "the salon on 3rd Ave"
      # "the chemist on the parade opens at 9", "the garage on the bypass"
      |{_THE_STREET})
      # the part of a road said after it, as British ring roads are named: "on castle way south", "on
      # Tanner Way East"; not where a place is from it ("on mill road north of the bridge", "... east side")
      (?:\s+(?:north|south|east|west)\b(?!\s*(?:of|side|end|bank|bound|wing|entrance|exit|door|gate|-)\b))?)"""
# What goes on along a road, or is said of one, rather than a place on it.
_GOES_ON_A_ROAD = (
    r"it|we|i|you|they|he|she|us|them|me|was|were|is|are|be|been|got|get|stuck|traffic|queues?|roadworks|works"
    r"|accident|crash|jams?|delays?|diversion|closure|walks?|walking|stroll|strolls?|run|runs|ride|rides|cycle"
    r"|drive|driving|lights|cameras?|speed|limit|signs?|parking|park|stop|stops|bus|buses|lane|lanes|way|out"
    r"|down|up|along|just|only|all|off|left|right|straight|turn|here|there|somewhere|anywhere|nothing"
)
# What a place one goes to is, by its kind.
_VENUE_KIND = r"""caf[eé]|restaurant|hotel|guest\s?house|hostel|pub|bar|museum|gallery|shop|store|bakery
        |pharmacy
        |chemist|clinic|surgery|salon|gym|bank|library|church|cinema|theat(?:re|er)|office|branch|garage|market
        |deli|bistro|pizzeria|takeaway|station|school|hospital|practice|studio|venue|place|inn|hall|centre|center
        |depot|car\s?park|multi[\s-]?storey"""
_VENUE_STREET_RE = re.compile(
    rf"""(?:\b(?:{_VENUE_KIND}
        |park|wing|department|ward|block  # "the lake is in victoria park off queens drive"
        |one|lights|roundabout|junction|crossing)s?  # "the one on main road", "at the lights on Derby Road"
      # a place by its name: "City Dental on", or a name of one word with a capital inside it: "Stash-It on"
      | (?:^|(?<=[a-z,]\s))(?-i:(?!(?:We|I|You|They|He|She|It|Then|So|And|But|Just|Turn|Go|Drive|Walk)\b)
          (?:[A-Z][\w&'-]+(?:\s+[A-Z][\w&'-]+){{1,3}}|[A-Z][a-z&']*(?:-[A-Z]|[A-Z])[\w&'-]*)))
    (?:\s*,)?\s+(?:just\s+|right\s+|down\s+|up\s+)?(?:on|off)\s+  # "in the east wing , off mill road"
    {_VENUE_STREET}
    (?!\s*(?:\d|[A-Z]{{1,2}}\d))""",
    re.I | re.X,
)


# A street said first, then what is on it: "on station approach there is a phone shop", "just off Mill Lane
# you 'll find a bakery"; not "on the way there is a cafe" (no street).
_STREET_FIRST_RE = re.compile(
    rf"""(?:^|,|\b(?:yes|and|but|also))\s*(?:just\s+|right\s+|down\s+|up\s+)?(?:on|off)\s+{_VENUE_STREET}
    \s*,?\s+(?:there\s*(?:is|'s|are)|you\s*(?:'ll|will)\s+find)\s+(?:an?|the|two|some|several)\s+
    (?:[\w'-]+\s+){{0,2}}?(?:{_VENUE_KIND})s?\b""",
    re.I | re.X,
)
# A place named after its kind and "is", then its street: "the nearest garage is moorside motors on the
# bypass", "a garage with a call out service is dale motors off mill road"; not "the hotel is open on the
# parade" (no name).
_KIND_IS_NAMED_RE = re.compile(
    rf"""\b(?:{_VENUE_KIND})s?(?:\s+(?:with|for|that|which)(?:\s+[\w'-]+){{1,4}}?)?\s+(?:is|'s)\s+
    (?!(?:just|right|down|up|open|closed|shut|busy|not|now|still|also|only|located|situated|based|always|usually
      |right|there|here|on|off|in|at|by|near|quiet|full|cheap|cheaper|better|nearer|further|a\s+bit)\b)
    (?:[a-z][\w'&-]*\s+){{1,3}}(?:just\s+|right\s+)?(?:on|off)\s+{_VENUE_STREET}
    (?!\s*(?:\d|[A-Z]{{1,2}}\d))""",
    re.I | re.X,
)
# A street walked along for some minutes: "it 's about 10 minutes along queen 's parade".
_WALKED_ALONG_RE = re.compile(
    rf"""\b(?:minutes?|mins?|walk)\s+(?:along|up|down)\s+{_VENUE_STREET}(?!\s*(?:\d|[A-Z]{{1,2}}\d))""",
    re.I | re.X,
)


def streets_placed(s: _Sentence) -> list[ExtractedFact]:
    """A street said before what is on it, after a place named after its kind, or walked along (see above);
    not in a question."""
    if s.question or not re.search(r"\s(?:on|off|along|up|down)\s", s.text):
        return []
    found = [m for r in (_STREET_FIRST_RE, _KIND_IS_NAMED_RE, _WALKED_ALONG_RE) for m in r.finditer(s.text)]
    return [
        s.fact("address", "place_address", *m.span("street"), " ".join(m["street"].split())) for m in found
    ]


# The answer to a question about a place one goes to, naming it and its street in lower case: "unichem on
# cuba st usually" after "Which pharmacy do you use?".
_NAMED_ON_STREET_RE = re.compile(
    rf"^\W*(?:the\s+)?[\w'&-]+(?:\s+[\w'&-]+)?\s+(?:on|off)\s+"
    rf"(?P<street>(?:{_LINE_WORD}\s+){{1,2}}(?:{_VENUE_STREET_TYPE.lower()})\b|{_THE_STREET})(?!\s*\d)",
    re.I,
)


# A request for a ride that stops at a venue: "can the taxi stop at the station inn on mill road ?".
_RIDE_REQUEST_RE = re.compile(
    r"^\W*(?:(?:and|so|also|ok(?:ay)?)\W+)?(?:can|could|would|will)\s+(?:you|we|i|it|they|(?:the|a)\s+\w+)\b"
    r"[^?]*\b(?:stops?|stopping|pick(?:s|ing)?\s+(?:\w+\s+)?up|drops?|collects?|calls?\s+at)\b",
    re.I,
)


def _venue_streets(s: _Sentence) -> list[ExtractedFact]:
    if not re.search(r"\s(?:on|off)\s", s.text):
        return []
    if s.question and not _RIDE_REQUEST_RE.match(s.text):
        return []
    found = list(_VENUE_STREET_RE.finditer(s.text))
    if not found and len(s.recent) > 1 and venue_talked_of([s.recent[-2]]):
        found = list(_NAMED_ON_STREET_RE.finditer(s.text))
    return [
        s.fact("address", "place_address", *m.span("street"), " ".join(m["street"].split())) for m in found
    ]


# A street of one or two words with no street word after a place named by its capitalised words, ending in
# a word of what it is ("Catalina Eye Care on Oracle, they know him", "Harbour Cinema on Mission has ...") or
# with "&" ("Petal & Stem on Gillygate has good reviews"), before what it is or does or the end of its
# clause; not a day, a month or a service it is found on ("Halo Hair on Instagram").
_BARE_STREET_VENUE = (
    r"Care|Cinema|Theat(?:re|er)|Bar|Caf[eé]|Clinic|Dental|Vets?|Hair|Salon|Pharmacy|Bakery|Flowers|Florist"
    r"|Grill|Kitchen|Diner|Pizza|Books|Hardware|Optic(?:ian|s)|Physio|Dentist|Surgery|Gym|Barbers?"
)
_BARE_STREET = rf"""(?P<street>(?-i:(?!(?i:{_WEEKDAY})s?\b|(?i:{_MONTH})\b
        |(?i:Instagram|Facebook|Google|Yelp|TikTok|Twitter|Tripadvisor|Netflix|Amazon|Etsy|eBay|Deliveroo|Uber|Zoom|Teams|WhatsApp|Christmas|Easter|Sundays?)\b)
        [A-Z][a-z]{{3,}}(?:\s+[A-Z][a-z]{{3,}})?))"""
_VENUE_ON_BARE_STREET_RE = re.compile(
    rf"""(?-i:(?:[A-Z][\w'-]*\s+){{0,3}}(?:{_BARE_STREET_VENUE})|[A-Z][\w'-]*\s+&\s+[A-Z][\w'-]*)
    \s+on\s+{_BARE_STREET}
    (?=\s*(?:[,.!;]|$)|\s+(?:has|have|is|are|does|do|opens?|closes?|sells?|serves?|offers?|takes?|was|will|can)\b)""",
    re.X,
)


# ... and after a place said by what it is, with "the" ("the branch on Monroe tomorrow morning", "a police
# officer at the crossing on Grand."), before the end of its clause or the day or hour it is for; not "the one
# on Friday", "the store on Amazon".
_PLACE_ON_BARE_STREET_RE = re.compile(
    rf"""\b(?i:the)\s+(?:branch|showroom|store|shop|office|crossing|intersection|corner|lights|location|site|warehouse
        |depot|clinic|pharmacy|bakery|salon|gym|library|garage|yard)
    \s+on\s+{_BARE_STREET}
    (?=\s*(?:[,.!;]|$)|\s+(?:today|tonight|tomorrow|this|next|at|by|before|after|on|and|has|is|opens?|closes?)\b)""",
    re.X,
)
# ... and after a name of two or three capitalised words, before what the place does ("Fleet Feet on Sprague
# offers Friday", "Lucky Dragon on Ferris opens at 5").
_NAMED_ON_BARE_STREET_RE = re.compile(
    rf"""(?-i:\b[A-Z][\w'&-]+(?:\s+[A-Z][\w'&-]+){{1,2}})\s+on\s+{_BARE_STREET}
    (?=\s+(?:{PLACE_DOES})\b)""",
    re.X,
)


# A request asked after the place: "The showroom on Broad, can we go Saturday?"
_REQUEST_AFTER_RE = re.compile(r"\s*,\s*(?:can|could|shall|should|would)\s+(?:we|you|I)\b", re.I)
# ... or after any place named in capitals and before what it has or does, a street said just before with its
# street word: "Pescara on Congress has a table" after "their office on Congress Street"; not "Dana on Mill is
# at home" (a person). Its verbs are fewer than PLACE_DOES on purpose: a person on a street also runs,
# keeps or takes things ("Dana on Mill runs the club"); only what a venue has, sells or opens makes a place.
_NAMED_ON_RE = re.compile(
    r"(?-i:(?<![\w'-])[A-Z][\w'&-]+(?:\s+[A-Z][\w'&-]+){0,3})\s+on\s+(?P<street>(?-i:[A-Z][a-z]{3,}))"
    r"(?=\s+(?:has|have|does|opens?|closes?|sells?|serves?|offers?|takes?\s+bookings)\b)"
)
_STREET_WORD = "Street|St|Road|Rd|Avenue|Ave|Lane|Boulevard|Blvd|Drive|Dr|Way"


# A street of one word ending in "gate", as old towns name them ("the pizza barn on fishergate", "parking on
# Westgate"), after "on", "off" or "along"; not a word of football or law ("won on aggregate").
_GATE_STREET_RE = re.compile(
    r"\b(?:on|off|along)\s+(?P<street>(?!(?i:aggregate|delegate|tailgate|floodgate|navigate|investigate)\b)"
    r"[A-Za-z][a-z]{2,}gate)\b(?!\s+(?i:street|road|lane|avenue|way|place|centre|center|car\s+park)\b)"
)

# A road said with "the", or a street with its street word, after a place named in lower case by a word or
# three that is no venue word, ending its clause or before what the place is or does: "the big tesco on the
# bypass is open late", "there 's a lidl on the bypass", "the nearest is morrisons on the seafront .",
# "dominos on castle street do 3 large for 29.99"; not what goes on along the road
# ("there 's traffic on the bypass", "a walk on the promenade", "we got stuck on the bypass").
_NAMED_ON_THE_STREET_RE = re.compile(
    rf"""(?:^\W*|(?<=[.!]\s)|\b(?:the|a|an|is|try|there\s*'s|there\s+is)\s+)
    (?!(?:{_GOES_ON_A_ROAD})\b)[a-z][\w'&-]*(?:\s+(?!(?:{_GOES_ON_A_ROAD})\b)[a-z][\w'&-]*){{0,2}}
    \s+on\s+(?P<street>{_THE_STREET}|(?:(?!(?:{_GOES_ON_A_ROAD}|the|a|an|its|my|your|his|her|our|their|this|that|every|each|one)\b)
        [a-z][\w'-]*\s+){{1,2}}(?:{_VENUE_STREET_TYPE.lower()})\b)
    (?=\s*(?:[,.!;]|$)|\s+(?:is|are|has|have|does|do|opens?|closes?|sells?|serves?|stocks?|was|will|can)\b)""",
    re.X,
)


# A street of one word made of a place word and a street's ending, after "on" and ending its clause: "the
# harbour view is 4 stars on quayside .", "bikes from the sports centre on parkway ."; not "on the wayside".
_ON_ONE_WORD_STREET_RE = re.compile(r"(?<![\w'])on\s+(?P<street>[a-z]{6,})(?=\s*(?:[.,;!]|$))")


def venue_on_bare_streets(s: _Sentence) -> list[ExtractedFact]:
    """A street of no street word after a named place and "on" (see above), or a one-word street ending in
    "gate"; not in a question, but before a request asked after it."""
    if " on " not in s.text and "gate" not in s.text:
        return []
    found = [m.span("street") for m in _GATE_STREET_RE.finditer(s.text) if not s.question]
    found += [
        m.span("street")
        for m in _ON_ONE_WORD_STREET_RE.finditer(s.text)
        # "gate" streets are read above, with the words of football and law that end so left out
        if not s.question and _ONE_WORD_STREET_RE.fullmatch(m["street"]) and not m["street"].endswith("gate")
    ]
    found += [
        m.span("street")
        for r in (
            _VENUE_ON_BARE_STREET_RE,
            _PLACE_ON_BARE_STREET_RE,
            _NAMED_ON_BARE_STREET_RE,
            _NAMED_ON_THE_STREET_RE,
        )
        for m in r.finditer(s.text)
        if not s.question or (r is _PLACE_ON_BARE_STREET_RE and _REQUEST_AFTER_RE.match(s.text, m.end()))
    ]
    earlier = s.said_before
    for m in _NAMED_ON_RE.finditer(s.text):
        said = re.search(rf"\b{re.escape(m['street'])}\s+(?:{_STREET_WORD})\b", earlier)
        if said and not s.question and m.span("street") not in found:
            found.append(m.span("street"))
    return [s.fact("address", "place_address", a, b, s.text[a:b]) for a, b in sorted(set(found))]
