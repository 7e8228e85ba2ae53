"""The words clock talk is made of, shared by the clocks of times.py and the windows of time_windows.py:
hours in words, money said before a number, the words that say something happens at an hour, and the talk
of opening hours and habits that makes a bare hour no time."""

from __future__ import annotations

import re

from facts.extraction.calendar_words import _MONTH
from facts.extraction.number_words import _words_between
from facts.extraction.text import _words

_HOUR_WORDS = _words_between(1, 12)
_HW = "|".join(sorted(_HOUR_WORDS, key=len, reverse=True))
# A weekday as people type it before a clock, whole or shortened ("wed", "thurs", "saturday").
_TYPED_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"


_MONEY_BEFORE_RE = _words(
    r"costs?|costing|price[ds]?|fees?|fares?|charge[ds]?|pay|paid|pounds?|gbp|tickets?|entrance|entry|admission"
    r"|total|per\s+person"
)


# Food served until an hour: "serves until 10", "breakfast is served till 10", "serving hot food till 9",
# "does food until 9"; and from an hour, said as it is: "they 'll do breakfast from 7", "serves from 5", "the
# inn has dinner from 6" (a place that has a meal, also with another meal said first in the sentence).
_SERVED = (
    r"\b(?:serv(?:es|ed|ing)|(?:do(?:es)?|has|have|offers?)(?=\s+(?:hot\s+)?(?:food|meals|breakfast|lunch|dinner)))"
    r"(?:\s+(?:hot\s+)?(?:food|meals|breakfast|lunch|dinner|drinks))?"
)
SERVED_UNTIL = rf"{_SERVED}\s+(?:until|till|til)\s+"
SERVED_FROM = rf"{_SERVED}\s+from\s+"


_TIMETABLE_VERB_RE = re.compile(
    r"\b(?:(?:leav|depart|arriv|open|clos)\w*|last\s+(?:entry|admission)(?:\s+(?:is|'s))?)"
    r"\s+(?:(?:at|by|around|after|before)\s+)?$",
    re.I,
)


def _money_talk(before: str) -> bool:
    """Do the three words before a number speak of money ("tickets at", "costs from"), rather than
    of a train leaving or a place opening?"""
    if _TIMETABLE_VERB_RE.search(before):
        return False
    return bool(_MONEY_BEFORE_RE.search(" ".join(before.split()[-3:])))


def _hour(word: str) -> int:
    return int(word) if word.isdigit() else _HOUR_WORDS[word.lower()]


# A bare hour ends its phrase, or goes on with a word of when: "at 7, then", "at 9 this Friday".
_BARE_HOUR_END_RE = re.compile(
    r"(?:\s?-?ish\b)?\s*(?:$|[.,;!?)]|(?:then|but|is|works|suits|please|on|tomorrow|today|tonight|sharp|or|and|if|instead|so|though"
    # the day straight after the hour, as a desk says it: "after 2 friday , at the front desk"
    r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?!\s*(?:to|till|until|-|through|and)\b)"
    r"|would|will|that|it|at|for|with|yesterday|last\s+night|now|any|every|(?:after|before)\s+(?:work|school|lunch)"
    r"|there(?!\s*(?:is|are|'s|'re|were|was)\b)"  # "i have a meeting at nine there"
    r"|I\s+(?:guess|think|suppose|reckon)"  # "um, eleven thirty I guess"
    r"|lol|lmao|haha"  # what typed chat ends a phrase with: "sold out by 10 lol"
    r"|anyway"  # "the bus gets in at five anyway"
    r"|from\s+(?:platform|bay|gate|stand|stop|pier|berth|track)"  # "departs at 4 from platform 2"
    # "the boat goes at 11 from the harbour steps", "the coach leaves at 9 from the bus station"
    r"|from\s+the\s+(?:[a-z']+\s+){0,2}(?:steps|quay|pier|harbour|station|jetty|slipway|square|stop|stand|bay|gate)"
    r"|(?:this|next)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|week))\b)",
    re.I,
)
_WHEN_TALK_RE = _words(
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|morning|afternoon|evening"
    r"|january|february|march|april|june|july|august|september|october|november|december|\d{1,2}(?:st|nd|rd|th)"
    r"|slots?|appointments?|booked|book|reserve[ds]?|reserving|reservations?|come|coming|arrive|arriving|expect|meet"
    r"|meeting|pick\s+up|collect|collection"
    r"|leaves?|leaving|deliver\w*|ready|start|starts|visit|call|ring|busy|free|gets?\s+in|getting\s+in"
    r"|lands?|landing|boards?|boarding|departs?|departing"  # "on United 1432 landing at 5"
    r"|docks?|docking|sails?|sailing|arrives"  # "the ship docks at 7"
    r"|check(?:ing)?[\s-]?(?:in|out)s?"  # "check out is by 11", "check in from 3"
    r"|(?:first|second|third|next|last)\s+stop"  # a ride's stops: "first stop 18 orchard way at 9"
    r"|any\s?time|pick\s+(?:\w+\s+){0,2}up|pick-?ups?|drop\s+(?:\w+\s+){0,2}off|drop-?offs?"
    # a ride to take at an hour, or an hour gone by: "the UP Express, around 5", "at 10 last night"
    r"|trains?|bus(?:es)?|express|flights?|ferry|taxis?|cabs?|yesterday|last\s+night"
    # what happens at an hour: "a client presentation at two", "I'm on a school run at twelve"
    r"|presentations?|interviews?|lessons?|class|classes|sessions?|school\s+run|shifts?|rehearsals?|workshops?"
    r"|keynotes?|talks?|demos?|briefings?|trainings?|practices?|matches|kick-?off|closing(?='s|\s+is\b)"
    r"|part(?:y|ies)|celebrations?|receptions?|ceremon(?:y|ies)|games?|concerts?|gigs?"
    r"|tours?|showings?|performances?|screenings?|matinees?|sailings?"
    r"|bands?|recitals?|dances?|cruises?|photos"  # "a brass band at 2 and 4", "the photos at 3"
    r"|trips?|goes(?=\s+(?:out\s+)?at\b)"  # "the seal trip goes at 11"
    # when something ends, or one is met: "my parking ends at 7", "the show finishes at 10", "see you at 8"
    r"|ends|ending|finish(?:es)?|runs\s+(?:until|till)|see\s+you"
    # a day said by its month and number: "or May 31 at 2" ("may" alone is a verb as often)
    r"|(?-i:May)\s+\d{1,2}(?:st|nd|rd|th)?"
)
# Opening hours and habits ("chat is open from eight till eight", "we usually close at 5") are said with
# bare hours as often as not, and a question ("is it at 5 ?") only asks: neither makes a bare hour a time.
_NOT_BARE_HOUR_TALK_RE = _words(
    # (a closing that is an event is none of these: "the closing is at 2", "closing's at 2, right?")
    r"open(?:s|ing)?|clos(?:e|es|ed)|closing(?!'s|\s+is\b)|hours|usually|always|normally|generally|every|weekdays"
    r"|weekends"
    r"|daily(?!\s+(?:rate|price|charge|fee|cost|limit))"  # "the same daily rate" is a price, not a habit
)
# ... but the hour a place opens or shuts at is said of it: "it opens at 10 and closes at 6", "the office
# shuts at 6", "they are open until 9", "Close is ten on Thursdays."; not a habit ("we usually close at 5").
_OPENING_HOUR_CUE_RE = re.compile(
    r"\b(?:opens?|closes?|shuts?|open|(?:is|are)\s+closed)\s+(?:again\s+)?(?:at|until|till)\s+$"
    r"|\bopens?\s+from\s+$"  # "a kiosk on the platform , open from 6 ."
    r"|\b(?:close|closing(?:\s+time)?|opening(?:\s+time)?|last\s+orders)\s+(?:is|'s)\s+$"
    # the hour food is served until, and the hour a stay ends or starts: "the kitchen serves until 10", "they
    # do food till 9", "check out is 11", "check-in's 3"
    rf"|{SERVED_UNTIL}$|{SERVED_FROM}$|\bcheck[\s-]?(?:in|out)(?:\s+time)?\s*(?:is|'s)\s+$",
    re.I,
)
# After the hour a place opens or shuts at, the days or season it keeps it: "the deli shuts at 8 most days",
# "opens at 10 in winter", "closes at 6 during the week".
_KEPT_HOUR_AFTER_RE = re.compile(
    r"\s+(?:(?:most|some)\s+(?:days|nights|evenings|weeks|weekdays|weeknights)"
    r"|during\s+the\s+week|in\s+(?:the\s+)?(?:winter|summer|spring|autumn|week|season|off[\s-]?season)"
    r"|out\s+of\s+season)\b",
    re.I,
)
# After the hour a game starts at, the side it is against: "tip-off is at 7 against the Hawks".
_GAME_SIDE_AFTER_RE = re.compile(r"\s+(?:against|versus|vs\.?|v\.?)\s", re.I)
_HABIT_RE = _words(r"usually|always|normally|generally|often|sometimes")


# "Midnight Sun Inn", "the Noon Bell Cafe": noon or midnight written as the first word of a name, before a
# capitalised word that is no day, month, zone or part of the day ("Midnight Friday works." keeps its hour).
_NAME_AFTER_NOON_RE = re.compile(r"\s+(?P<next>[A-Z][a-z]+)\b")
_NOT_A_NAME_AFTER_NOON_RE = re.compile(
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|tonight|tomorrow|eastern|central|mountain|pacific"
    r"|local|time|sharp|please|then|works|is|on|or|and|at|it|that|this",
    re.I,
)


def noon_in_a_name(word: str, text: str, end: int) -> bool:
    """Is the noon or midnight ``word`` ending at ``end`` the first word of a name ("Midnight Sun Inn")?"""
    after = _NAME_AFTER_NOON_RE.match(text, end)
    if not word[:1].isupper() or word.isupper() or not after:
        return False
    return not (
        _NOT_A_NAME_AFTER_NOON_RE.fullmatch(after["next"]) or re.fullmatch(_MONTH, after["next"], re.I)
    )


# Minutes said after an hour in words: "seven thirty", "six forty-five", "nine oh five".
_UNIT_WORDS = tuple(_words_between(1, 9))
_TEEN_WORDS = tuple(_words_between(10, 19))
_SPOKEN_MINUTES = {f"oh {w}": i + 1 for i, w in enumerate(_UNIT_WORDS)}
_SPOKEN_MINUTES |= {w: i + 10 for i, w in enumerate(_TEEN_WORDS)}
for _tens, _base in (("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50)):
    _SPOKEN_MINUTES[_tens] = _base
    _SPOKEN_MINUTES |= {f"{_tens} {w}": _base + i + 1 for i, w in enumerate(_UNIT_WORDS)}
_MW = "|".join(re.escape(w).replace(r"\ ", r"[\s-]") for w in sorted(_SPOKEN_MINUTES, key=len, reverse=True))


_NOON_WORDS = ("noon", "midday", "midnight")
