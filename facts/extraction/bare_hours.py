"""Bare hours ("at 3", "around ten", "doors 7", "5ish"): when a number with no minutes, am/pm or
"o'clock" is a time. It is where the sentence says when something happens and the phrase ends with the
hour, where it answers or proposes a clock of the turns before ("at 10 instead"), or where an event, a
request or an offer names it; not in talk of money, counts or habits, nor in a question that only asks."""

from __future__ import annotations

import re

from facts.extraction.calendar_words import _WEEKDAY
from facts.extraction.clock_words import (
    _BARE_HOUR_END_RE,
    _GAME_SIDE_AFTER_RE,
    _HABIT_RE,
    _KEPT_HOUR_AFTER_RE,
    _NOON_WORDS,
    _NOT_BARE_HOUR_TALK_RE,
    _OPENING_HOUR_CUE_RE,
    _WHEN_TALK_RE,
    _money_talk,
)
from facts.extraction.cued_clocks import _ANSWER_CUE_RE
from facts.extraction.day_halves import GAME_START
from facts.extraction.nightly_hours import kept_nightly
from facts.extraction.proposed_hours import (
    asked_to_do,
    booked_before_party,
    entry_hour,
    party_then_hour,
    proposed_near,
    slot_asked,
    taken_up,
)
from facts.extraction.spoken_times import _EARLIER_CLOCK_RE, _HOW_MANY_RE, _last_clock
from facts.extraction.text import _words, is_question

# A return asked for after or before an hour, in talk of a ride: "and back after the meeting , after five ?"
_RIDE_BACK_RE = re.compile(r"^\W*(?:and|so|then)\s+(?:back|(?:the\s+)?return(?:ing)?)\b", re.I)
_RIDE_TALK_RE = _words(r"trains?|bus(?:es)?|coach(?:es)?|ferry|ferries|flights?|tickets?|single|return")
# A question for a ride after or before an hour states the hour wanted: "is there a train to tressing after
# 11 ?", "any buses back before 6 ?"; not "is it after 11 ?".
_RIDE_WANTED_RE = re.compile(
    r"^\W*(?:[^,?]{1,60},\s*)?(?:(?:and|so|also|ok(?:ay)?)\W+)?(?:is\s+there|are\s+there|do\s+you\s+have|have\s+you\s+got|any)\s+"
    r"(?:(?:a|an|any|another|one|something|anything)\s+)?(?:\w+\s+)?(?:trains?|bus(?:es)?|coach(?:es)?|taxis?|cabs?|flights?"
    r"|ferry|ferries|trams?)\b",
    re.I,
)

# A question asking to travel after or before an hour, in talk of a ride, states the hour wanted: "our train
# to stowbury , can we go after 11 ?", "could i leave before 6 ?"; not "can we go after 11 people ?".
_TRAVEL_ASKED_RE = re.compile(
    r"^\W*(?:[^,?]{1,60},\s*)?(?:(?:and|so|also|ok(?:ay)?)\W+)?(?:can|could)\s+(?:we|i|they|he|she)\s+"
    r"(?:go|leave|travel|set\s+off|get\s+(?:one|a\s+train|a\s+bus|the\s+train|the\s+bus)|come\s+back)\b",
    re.I,
)

# A bare hour ("at 3", "around ten") is a time where the sentence says when something happens - a day, a
# part of the day, an appointment, a visit, a delivery - and the phrase ends with it: "a slot this
# afternoon at 3 .", "the engineer can come thursday at 2 ." Not "a table for 4 at Luigi's", "at 9 per cent",
# nor after "start" said as a bidding ("Start one for the trip.": one of a thing, with nothing that starts).
_BARE_HOUR_CUE_RE = re.compile(
    r"\b(?:at|around|about|(?:in|arriv\w*|lands?|landing|back|home|there)\s+near|after|before|by|until|till|let'?s\s+say|from|(?<=\w\s)(?:starts?|begins?)|kicks?\s+off)\s+"
    r"(?:(?:like|maybe|roughly|say)\s+)?$"  # "leaving at like 6"
    r"|\b(?:later|earlier)\s*,\s*(?:say\s+|at\s+|about\s+|around\s+|like\s+)?$"  # "a bit later , 2 ?"
    # an arrival said roughly: "i'll arrive late, like 7 or 8", "we get in about 6"
    r"|\b(?:arriv(?:e|es|ing)|get(?:ting)?\s+(?:in|there)|be\s+there)(?:\s+(?:late|early|later|earlier))?\s*,?\s+"
    r"(?:like|maybe|roughly|say|about|around)\s+$",
    re.I,
)
# The word of an event straight before its hour: "doors 7, show 8", "showtime is 9", "the show starts at 8"
# (said beside "doors open at 7", which is no opening hour of a place).
_EVENT_HOUR_CUE_RE = re.compile(
    rf"\b(?:doors(?:\s+open)?|show(?:time)?|curtain(?:\s+up)?|{GAME_START}"
    r"|all\s+aboard|check-?\s?(?:in|out)|checkout|last\s+call|curfew"  # "all aboard is 4", "check out is 11"
    r"|last\s+(?:entry|admission|orders))"  # "last entry 4", "last orders at 10"
    r"\s*(?:(?:is|'s)\s+)?(?:(?:at|:)\s*)?$"  # "kick off is at 11"
    # the hour a stay or a visit opens or ends: "check-in is from 3", "check-out by 11", "last entry is 4"
    r"|\b(?:check-?\s?(?:in|out)|checkout|last\s+(?:entry|admission|entries))\s*(?:(?:is|'s)\s+)?"
    r"(?:from|after|by|until|till|before)\s+$"
    # when a place is busiest or quietest: "it 's busiest around ten", "quietest after 4"
    r"|\b(?:busiest|quietest|(?:most\s+)?(?:crowded|packed))\s+(?:around|about|at|before|after|from|by|until|till)\s+$"
    r"|\b(?:show|concert|gig|game|match|movie|film|party|set)\s+(?:starts?|begins?)\s+at\s+$"
    # the hours of shows or tours given on a day, one or a list of them: "the marionettes have shows every day
    # at 10 and 2", "bell tower tours on sunday at 10 , 12 and 2 pm", "talks daily at 2"
    r"|\b(?:shows|performances|screenings|showings|matinees|tours|talks|walks|sittings)"
    r"\s+(?:(?:every\s+day|daily|each\s+day|today|tonight|tomorrow|at\s+weekends|on\s+[a-z]+days?)\s+)?"
    r"at\s+(?:(?:1[0-2]|[1-9])\s*,\s*)*$"
    # the hours a meal is served: "breakfast is from 7", "tea is served in the lounge until 5"
    r"|\b(?:breakfast|brunch|lunch|dinner|supper|tea)\s+(?:is\s+|'s\s+)?(?:served\s+)?(?:(?:in|on)\s+the\s+\w+\s+)?"
    r"(?:from|until|till|starts\s+at)\s+$",
    re.I,
)
# The hour it is now, said beside the clocks of the turns before: "it 's only one now", "it is nearly 5 now",
# "it 's 10 now" (not in talk of money: "it 's 10 now" of a price cut).
_NOW_BEFORE_RE = re.compile(
    r"(?:^|[,;:]\s*|\b(?:but|and|so|well)\s+)it\s*(?:'\s*s|\s+is)\s+(?:(?:only|just|nearly|almost|already|gone|past)\s+)?$",
    re.I,
)
_PRICE_WORD_RE = _words(r"price[sd]?|costs?|fees?|fares?|charges?|rates?|cheaper|reduced|discount\w*|sale")
# Who may come in from or until an hour of the opening hours just said: "open 7 am to 10 pm , adults only
# after 8", "the pool is open 9 to 9 , families only until 11"; not "adults only after 8 people".
_ONLY_AFTER_RE = re.compile(
    r"\b(?:adults|grown-?ups|over\s*-?\s*1[68]s|members|children|kids|families|under\s*-?\s*1[0-8]s|residents|guests)"
    r"\s+only\s+(?:after|before|from|until|till)\s+$",
    re.I,
)
_OPEN_HOURS_RE = re.compile(
    r"\b(?:open|opens|hours)\b.*?(?:\d\s?[ap]\.?m\b|\d[:.]\d\d|\b\d{1,2}\s*(?:-|to|till|until)\s*\d{1,2}\b)",
    re.I,
)
# The hour a service runs from, every so often or on a line just given: "tours go every hour from 11", "buses
# every 20 minutes from 6", "the lost property line is 01632 960 748 , from 10"; not "from 10 to 12 people".
_SERVICE_FROM_RE = re.compile(
    r"\bevery\s+(?:hour|half\s+hour|(?:\d{1,2}|ten|fifteen|twenty|thirty)\s+min(?:ute)?s)\s+from\s+$"
    r"|\d{3}\s*,\s*from\s+$",
    re.I,
)
# The hour somewhere else beside a clock said for here: "Noon your time is 2 here", "it's 5 there".
_ZONED_AFTER_RE = re.compile(r"\s+(?:here|there|(?:your|my|our|their|local)\s+time)\b", re.I)
_ZONED_BEFORE_RE = re.compile(r"(?<!\bthere\s)\b(?:is|it'?s|that'?s)\s+$", re.I)  # not "there is one here"
# A short reply agreeing to what the turn before asked, then the hour it is wanted by: "Yes, to the
# commissary, before 2." after "Reorder for delivery Thursday?"
_AGREED_RE = re.compile(r"^\W*(?:yes|yeah|yep|sure|ok(?:ay)?|please|sounds\s+good|perfect|great)\b", re.I)
# An hour opening a proposal of where to eat or meet: "6 at Hoang's?", "7 at the Lantern then."
_PLACED_AFTER_RE = re.compile(r"\s+at\s+(?:the\s+)?(?-i:[A-Z])[\w'&-]+", re.I)
_EATING_RE = _words(r"eat|dinner|lunch|brunch|breakfast|supper|drinks?|coffee")
_ALARM_RE = _words(r"alarms?|wake(?:\s+(?:me|us))?(?:\s+up)?")
# An alarm is set for a clock, and "the time" is changed to one: "an alarm for 7", "change the time to 8".
_CLOCK_ASKED_BEFORE_RE = re.compile(
    r"\b(?:alarms?\s+(?:for|at)|(?:the|its|a)\s+time\s+to"
    # "can we push tomorrow to 6?", "move it back to 4", "changed to 5 on tuesday"
    r"|(?:push|move|bring|put|switch|shift|(?P<change>change))(?:e?d|es|s)?\s+(?:\w+\s+){0,4}?"
    r"(?:back\s+|forward\s+)?to)\s+$",
    re.I,
)


# A request to move a clock of the turns before states the hour: "Could I keep the car until 11?" after
# "The car is due at 10:00."; not "Is it at 5?", which asks what the hour is, nor "Can you pick me up at
# 6?" with no clock before it.
_REQUEST_QUESTION_RE = re.compile(
    r"^\W*(?:(?:and|so|ok(?:ay)?|hey|hi|also)\W+)?(?:can|could|would|will|shall|should)\s+(?:I|we|you|she|he|they|it)\b",
    re.I,
)


# A clock said and taken back for an hour in the same breath: "8:30 pm. No, 9.", "7:15, actually 7."
_CLOCK_SAID = r"(?:\d[:.]\d\d|\d\s?[ap]\.?m\b)\.?\s*"
_TAKEN_BACK = r"(?:no|nope|actually|sorry|no\s+wait)\s*[,.]?\s+(?:make\s+it\s+)?"
_CORRECTED_CLOCK_BEFORE_RE = re.compile(rf"{_CLOCK_SAID}[.,;!]?\s*\b{_TAKEN_BACK}$", re.I)
# ... the same in two sentences: "8:30 pm. No, 9."
_CORRECTION_RE = re.compile(rf"\W*{_TAKEN_BACK}", re.I)
_CLOCK_ENDING_RE = re.compile(rf"{_CLOCK_SAID}[.!;]?\s*$", re.I)
# A clause opening with the collecting, leaving or returning of a car or a ride, then its hour: "Pick up
# nine, back by seven.", "drop off 6", "return by 8 is fine"; not "Pick up two, please." after a count is
# asked.
_PICKED_UP_BEFORE_RE = re.compile(
    r"(?:^|[.,;:]\s*)\W*(?:pick\s?-?up|drop\s?-?off|drop\s+(?:it|them)\s+off|return(?:\s+(?:it|them))?)"
    r"(?:\s+(?:at|by|around))?\s+$",
    re.I,
)


_OFFER_QUESTION_RE = re.compile(r"^\W*(?:\w+\W+){0,2}?(?:shall|should)\s+(?:I|we)\b", re.I)


# A size said as two numbers, at a sentence's start or after "a", "the", "that": "a 10 by 10 unit", "10 by 15
# please." Not "61 by 10" said after a clock of the day ("48 degrees at 7 am and 61 by 10").
_SIZE_BEFORE_RE = re.compile(
    r"(?:^|[.!?:]\s+|\b(?:a|an|the|one|that|this|their)\s+)\d{1,3}(?:\.\d)?\s*(?:x|by)\s+$", re.I
)


# An hour and the side of it that will do, in talk of a day or a booking: "on Thursday after work, 6 or
# later"; not "ages 6 or older", "iOS 6 or later", "6 or more".
_OR_LATER_RE = re.compile(r"\s+or\s+(?:later|after|earlier|before)\s*(?:$|[.,;!?])", re.I)
_NOT_AN_HOUR_BEFORE_RE = _words(
    r"versions?|v|ios|android|windows|levels?|grades?|sizes?|aged?|ages|models?|series"
)


# A bare hour put in a question of its own after asking for a later or earlier slot, once clocks were
# offered: "Anything after work? Like 5 or so?", "Anything later? Say 6?" after "8:20 am and 1:50 pm".
_LATER_ASKED_RE = re.compile(
    r"\b(?:later|earlier|after\s+(?:work|school|lunch|dinner)|in\s+the\s+(?:morning|afternoon|evening))\s*\?\s*$",
    re.I,
)
_ROUGHLY_OPENS_RE = re.compile(r"^\W*(?:like|say|maybe|around|about|perhaps)\s+$", re.I)


def _bare_hour(m: re.Match, text: str, meal: str, earlier: str = "", turn_before: str = "") -> bool:
    """Is a bare hour ("at 3", "around ten") a time here? (See _BARE_HOUR_CUE_RE.)"""
    before = text[max(0, m.start() - 40) : m.start()]
    if (
        _ROUGHLY_OPENS_RE.match(text[: m.start()])
        and _LATER_ASKED_RE.search(turn_before)
        and _EARLIER_CLOCK_RE.search(earlier[-300:])
        and _BARE_HOUR_END_RE.match(text, m.end())
    ):
        return True  # "Anything after work? Like 5 or so?" after clocks offered
    if (
        _OR_LATER_RE.match(text, m.end())
        and _WHEN_TALK_RE.search(text)
        and not _money_talk(before)
        and not _NOT_AN_HOUR_BEFORE_RE.search(before)
    ):
        return True  # "Book me a nail appointment on Thursday after work, 6 or later."
    if _SIZE_BEFORE_RE.search(text, 0, m.start()):
        return False  # "a 10 by 10 unit", "5 by 10 at the other place": a size, not a deadline
    if _replaces_clock(m, text, earlier) and not _money_talk(before):
        # "Can I pick it up at 10 instead?" after "pick-up at 9 pm", "make it 6 instead of 5:30": a clock
        # proposed
        return True
    if (
        _NOW_BEFORE_RE.search(before)
        and re.match(r"\s+now\b", text[m.end() :])
        and _EARLIER_CLOCK_RE.search(earlier)
        and not _money_talk(before)
        and not _PRICE_WORD_RE.search(text)
    ):
        return True  # "it 's only one now ." after "check-in is from 4 pm": the hour it is now
    if _ONLY_AFTER_RE.search(before) and _OPEN_HOURS_RE.search(text[: m.start()]):
        return True  # "open 7 am to 10 pm , adults only after 8": an hour inside the opening hours
    if kept_nightly(m, text):
        return True  # "a quiz at 8 every evening": an hour a place keeps every evening
    if _SERVICE_FROM_RE.search(before) and _BARE_HOUR_END_RE.match(text, m.end()):
        return True  # "climbs go every hour from 11", "the line is 01632 960 748 , from 10": when it starts
    corrected = _CORRECTED_CLOCK_BEFORE_RE.search(before) or (
        _CORRECTION_RE.fullmatch(text[: m.start()]) and _CLOCK_ENDING_RE.search(turn_before)
    )
    if corrected and _BARE_HOUR_END_RE.match(text, m.end()):
        return True  # "8:30 pm. No, 9.": the hour put in place of the clock just said
    if (
        _PICKED_UP_BEFORE_RE.search(before)
        and _BARE_HOUR_END_RE.match(text, m.end())
        and not _HOW_MANY_RE.search(f"{earlier[-200:]} {turn_before} {text}")
        and not _money_talk(before)
    ):
        return True  # "Pick up nine, back by seven at night.": the hour a car or a ride is collected
    if asked_to_do(m, text, earlier):
        return True  # "Actually can they do 11?" after "They have 10:30 am on Tuesday."
    if entry_hour(m["h"], m.start(), text, earlier):
        return True  # "Two tickets for around 11." after "open from 10 am to 5 pm"
    if (booked := booked_before_party(m, text, meal, earlier)) is not None:
        return booked  # "Book it for 11 for 2.": the hour, then the party
    asked = _CLOCK_ASKED_BEFORE_RE.search(before)
    if asked and asked["change"] and _HOW_MANY_RE.search(f"{earlier[-300:]} {turn_before} {text}"):
        asked = None  # "Change it to four." after "for 3": the count changed, not the hour
    # "teacher says 5ish now": a clock said roughly; not an age ("The twins are 5ish now.")
    ish = _ISH_RE.match(text, m.end()) and not re.search(
        r"\b(?:is|are|was|were|be|turn(?:s|ed)?|aged?)\s+$|'s\s+$", before, re.I
    )
    # "Our flight's at 1:10, so 9 at the latest.": the last or first hour that will do
    latest = re.match(r"\s*,?\s*at\s+the\s+(?:latest|earliest)\s*(?:$|[.,;!?])", text[m.end() :], re.I)
    event = _EVENT_HOUR_CUE_RE.search(before)
    # "Noon your time is 2 here": beside a clock said in the same sentence
    zoned = m["h"] and _ZONED_BEFORE_RE.search(before) and _ZONED_AFTER_RE.match(text, m.end())
    zoned = zoned and (
        _EARLIER_CLOCK_RE.search(text) or re.search(rf"\b(?:{'|'.join(_NOON_WORDS)})\b", text, re.I)
    )
    placed = not text[: m.start()].strip(" \"'") and _PLACED_AFTER_RE.match(text, m.end())
    talk = f"{earlier[-200:]} {turn_before} {text}"
    counted = _HOW_MANY_RE.search(f"{turn_before} {text}") or re.search(
        r"\bhow\s+many\b", earlier[-200:], re.I
    )
    if placed and _EATING_RE.search(talk) and not counted:
        return True  # "6 at Hoang's?" after "Can we eat first?": an hour proposed for a meal
    # "shuts at 8 most days", "tip-off is at 7 against the Hawks": the hour, then the days or the side
    kept = _OPENING_HOUR_CUE_RE.search(before) and _KEPT_HOUR_AFTER_RE.match(text, m.end())
    kept = kept or (event and _GAME_SIDE_AFTER_RE.match(text, m.end()))
    if (
        not (
            _BARE_HOUR_CUE_RE.search(before)
            or asked
            or ish
            or latest
            or event
            or zoned
            or _OPENING_HOUR_CUE_RE.search(before)
        )
        or _money_talk(before)
        or not (_BARE_HOUR_END_RE.match(text, m.end()) or zoned or kept)
    ):
        return False
    if (
        proposed_near(m, text, earlier)
        or slot_asked(m, text)
        or taken_up(m, text, earlier)
        or party_then_hour(m, text)
    ):
        return True  # "Anything earlier, like 7?" after "The 6:50 pm ...", "Today after 5?"
    # "48 degrees at 7 am and 61 by 10": the second of two clocks, its half of the day left out
    if re.search(r"\b(?:at|by|until|till)\s+$", before) and _EARLIER_CLOCK_RE.search(text[: m.start()]):
        return True
    opening_hour = _OPENING_HOUR_CUE_RE.search(before) and not _HABIT_RE.search(text)
    # "so around 11 that morning": the hour of one day, whatever the sentence says is usual
    one_day = _THAT_DAY_AFTER_RE.match(text, m.end())
    # "an alarm for seven every weekday": an alarm set for the hour, whatever days it goes off on
    alarm = asked and re.match(r"alarm", asked.group(), re.I)
    if _NOT_BARE_HOUR_TALK_RE.search(text) and not (
        opening_hour or event or one_day or alarm or _arranged_before_hours(m, text)
    ):
        return False
    if _REQUEST_QUESTION_RE.match(text) and (
        _EARLIER_CLOCK_RE.search(earlier)
        or asked
        or _DEADLINE_CUE_RE.search(before)
        or _BOOKED_AT_RE.search(text, 0, m.start())
        or (re.search(r"\bat\s+$", before) and _DAY_NAMED_RE.search(text, 0, m.start()))
    ):
        # "Could I keep the car until 11?" after "The car is due at 10:00."; a deadline asked for: "Can she
        # give us the keys before 2?"; an hour asked for on a day named before it: "could we meet friday at
        # 3?" ("Can you pick me up at 6?" with no clock or day before stays none)
        return True
    if _OFFER_QUESTION_RE.match(text) and _WHEN_TALK_RE.search(text):
        return True  # "Shall I remind you on Friday at 5?": an offer names its hour
    if _RIDE_WANTED_RE.match(text) and _ANSWER_CUE_RE.search(before):
        return True  # "is there a train to tressing after 11 ?": the hour the ride is wanted at
    if (
        _TRAVEL_ASKED_RE.match(text)
        and _ANSWER_CUE_RE.search(before)
        and _RIDE_TALK_RE.search(f"{earlier[-300:]} {text}")
    ):
        return True  # "our train to stowbury , can we go after 11 ?": the hour the visitor asks to travel at
    if _RIDE_BACK_RE.match(text) and _ANSWER_CUE_RE.search(before) and _RIDE_TALK_RE.search(earlier[-300:]):
        return True  # "and back after five ?" after a train booked: the hour the return is wanted at
    sharp = re.match(r"\s+sharp\b", text[m.end() :], re.I)  # "at 9 sharp", "Can they come at 8 sharp?"
    if is_question(text) and not sharp and not (_asks_after(text, m.end()) or _TAG_QUESTION_RE.search(text)):
        return False
    # agreeing to a time asked about in the turn before: "Yes, before 2." after "Delivery Thursday?"
    agreed = _AGREED_RE.match(text) and is_question(earlier) and _WHEN_TALK_RE.search(earlier[-200:])
    # "after 4 ." after "what time would you like to leave ?": the hour a ride or a visit is wanted at
    answered = _CLOCK_ASKED_RE.search(earlier[-200:]) and _ANSWER_HOUR_CUE_RE.search(before)
    return bool(
        answered
        or opening_hour
        or asked
        or event
        or zoned
        or agreed
        or meal
        or sharp
        or ish
        or latest
        or one_day
        or _WHEN_TALK_RE.search(text)
        or _ARRANGED_RE.search(text)
    )


# A question for the hour something is wanted at, and the word that answers it with an hour: "what time would
# you like to leave ?" - "after 4 .", "not before 8 ."; "would you like to leave after a certain time ?"
_CLOCK_ASKED_RE = re.compile(
    r"\bwhat\s+time\b[^?]*\?\s*$"
    r"|\b(?:leave|arrive|depart|travel|go|get\s+in|be\s+there)\s+(?:after|before|by)\s+(?:a\s+)?(?:certain|particular"
    r"|specific)\s+time\b[^?]*\?\s*$",
    re.I,
)
_ANSWER_HOUR_CUE_RE = re.compile(r"\b(?:after|before|by|around|about)\s+$", re.I)
# A booking asked for at an hour: "can we book two lanes at 7 ?", "could you reserve us a table at 8 ?".
_BOOKED_AT_RE = re.compile(r"\b(?:book|reserve)\s+(?:[\w']+\s+){0,4}?at\s+$", re.I)
_DEADLINE_CUE_RE = re.compile(r"\b(?:before|by|until|till|no\s+later\s+than)\s+$", re.I)
# The day an hour is asked for on, named before it: "friday", "tomorrow", "the 14th".
_DAY_NAMED_RE = re.compile(rf"\b(?:{_WEEKDAY}|today|tomorrow|tonight|the\s+\d{{1,2}}(?:st|nd|rd|th))\b", re.I)


# A statement with a question tag after it: "they're dropping a car at 4. is that right?"
_TAG_QUESTION_RE = re.compile(
    r"(?:[.,]\s*|\s)(?:is\s+that\s+(?:right|correct|ok)|right|yeah|yes|correct|ok|isn'?t\s+it)\s*\?+\s*$",
    re.I,
)
# Something arranged for a clock: a car dropped off, someone coming, being there, set up or done by it.
_ARRANGED_RE = _words(
    r"drop(?:s|ping|ped)?(?:\s+\w+){0,3}\s+(?:off|to)|deliver(?:s|ing|y)?|collect(?:s|ing|ion)?|pick(?:s|ing)?\s+up"
    r"|bring(?:s|ing)?|brought|return(?:s|ing|ed)?\s+(?:the|my|our|his|her|their)\s+(?:hire\s+|rental\s+)?(?:car|van|keys?)"
    r"|be\s+there|get\s+there|meet(?:ing)?|coming|come\s+(?:round|over|by)|set\s+up|done"
    r"|sold\s+out|(?:ran|run|running)\s+out"  # "sold out of kale by 10": the hour a stall or a shop runs out
    # someone wanted somewhere at an hour, or something else at that hour: "they want me in the office at 9",
    # "that clashes with a work thing at 11"
    r"|(?:want|need|expect)(?:s|ed)?\s+(?:me|us|you|him|her|them)\s+(?:in|at|there|here|back)"
    r"|clash(?:es|ed)?\s+with"
)
# A place's hours said in a clause after the hour of something arranged: "set up from 6, opens 8 till 12".
_CLAUSE_CUT_RE = re.compile(r"[,;]")


# A statement before a request that ends the sentence with "?": "My parking ends at 7, can you extend it?"
_REQUEST_AFTER_RE = re.compile(r",\s*(?:so\s+)?(?:can|could|would|will)\s+you\b[^,?]*\?\s*$", re.I)
_QUESTION_OPENING_RE = re.compile(
    r"^\W*(?:is|are|was|were|do|does|did|can|could|would|will|shall|should|when|what|which|how)\b", re.I
)


def _arranged_before_hours(m: re.Match, text: str) -> bool:
    """Is the hour at ``m`` that of something arranged, said in a clause of its own before a clause that tells
    a place's hours ("set up from 6, opens 8 till 12")?"""
    cut = _CLAUSE_CUT_RE.search(text, m.end())
    if cut is None:
        return False
    start = max(text.rfind(",", 0, m.start()), text.rfind(";", 0, m.start())) + 1
    return bool(
        _ARRANGED_RE.search(text, start, m.start())
        and not _NOT_BARE_HOUR_TALK_RE.search(text, 0, cut.start())
    )


def _asks_after(text: str, pos: int) -> bool:
    """Is the question of this sentence only a request after the statement that holds ``pos``?"""
    request = _REQUEST_AFTER_RE.search(text, pos)
    return bool(request) and not _QUESTION_OPENING_RE.search(text[:pos])


_ISH_RE = re.compile(r"\s?-?ish\b", re.I)
_THAT_DAY_AFTER_RE = re.compile(r"\s+that\s+(?:morning|afternoon|evening|night|day)\b", re.I)
# A bare hour said in place of a clock of the turns just before ("at 10 instead", "make it 6 instead"), or of
# one said after it: "make it 6 instead of 5:30", "can we do 7 instead of 6.45 pm". The clock replaced has
# minutes or am/pm ("6 instead of 5" may be a count).
_INSTEAD_RE = re.compile(r"(?:\s?-?ish)?\s+instead\b", re.I)
_INSTEAD_OF_CLOCK_RE = re.compile(
    r"(?:\s?-?ish)?\s+instead\s+of\s+(?:the\s+)?(?P<h>1[0-2]|0?[1-9])"
    r"(?:(?P<sep>[:.])[0-5]\d(?:\s?(?P<ap>[ap])\.?m\b\.?)?|\s?(?P<ap1>[ap])\.?m\b\.?)(?![\d:.]\d)",
    re.I,
)
_REPLACE_CUE_RE = re.compile(
    r"\b(?:at|around|make\s+it|(?:can|could)\s+(?:we|you|I|they)\s+do|(?:can|could)\s+(?:it|that|this)\s+be"
    r"|(?:how|what)\s+about|let'?s\s+(?:say|do))\s+$",
    re.I,
)
# "make the pickup 6 instead of 5:30": what is moved named, with the clock it replaces said after the hour
_MADE_CUE_RE = re.compile(r"\bmake\s+(?:that|(?:the|our|my|his|her|their)\s+[\w-]+)\s+$", re.I)
_PRICE_TALK_RE = re.compile(r"[£$€]|\b(?:pounds?|dollars?|euros?|bucks|quid|price|costs?|pay)\b", re.I)


def _instead_of_clock(m: re.Match, text: str) -> re.Match | None:
    """The clock after "instead of" that the bare hour at ``m`` replaces, if said ("6 instead of 5:30")."""
    said = _INSTEAD_OF_CLOCK_RE.match(text, m.end())
    if said is None or (said["sep"] == "." and _PRICE_TALK_RE.search(text)):
        return None  # "make it 6 instead of 5.50" in talk of prices is a sum
    return said


def _replaces_clock(m: re.Match, text: str, earlier: str) -> bool:
    """Is the bare hour at ``m`` said "instead" of a clock of the turns before ("at 10 instead") or of the
    clock said after it ("make it 6 instead of 5:30")?"""
    if not (m["h"] or m["hw"]) or m["m"] or m["hwm"]:
        return False
    before = text[max(0, m.start() - 30) : m.start()]
    if _instead_of_clock(m, text):
        return bool(_REPLACE_CUE_RE.search(before) or _MADE_CUE_RE.search(before))
    cued = _REPLACE_CUE_RE.search(before) and _INSTEAD_RE.match(text, m.end())
    return bool(cued and earlier and _EARLIER_CLOCK_RE.search(earlier))


def replaced_hour(m: re.Match, text: str, earlier: str) -> int | None:
    """The hour (0-23) of the clock the hour at ``m`` replaces: the one after "instead of" where it says its
    half of the day ("6 instead of 5:30 am"), else the last clock of the turns before said with its half."""
    said = _instead_of_clock(m, text)
    ap = said and (said["ap"] or said["ap1"])
    if said and ap:
        return int(said["h"]) % 12 + (12 if ap.lower() == "p" else 0)
    return _last_clock(earlier)
