"""Prices a desk says with no currency at all: "a single to harwick is 23.60 , a return 41.20", "rooms
are 95 a night", "it is 32 a head , or 38 with wine", "adults 9.50 , 5 for children". The rules of
amounts.py read a bare number as a price after a few words of price; here the number is a price where it
sits as a price sits (after "is", "for", "about" ..., before what it is per or for whom, or listed after
another price) and, for whole numbers and numbers at a clause's end, where the sentence speaks of what
something costs or answers a question for a price. Two numbers side by side, each for whom it is for ("15 for
adults and 7 for kids"), or one after what is free for others ("free for students , and 15 for guests"), are
prices where nothing in the sentence counts people ("the boat seats 15 for adults")."""

from __future__ import annotations

import re
from itertools import pairwise

from facts.extraction.amounts import _AMOUNT_RE
from facts.extraction.calendar_words import _MONTH, _WEEKDAY
from facts.extraction.currencies import _AMOUNT_KEYS
from facts.extraction.money_numbers import _BOUGHT_FOR_RE, _TOTAL_BEFORE_RE
from facts.extraction.number_words import _NUMBER_WORD, _spelled_number
from facts.extraction.proposed_hours import entry_hour
from facts.extraction.spoken_prices import _ASKS_PRICE_RE, _WHOM
from facts.extraction.text import _nearest_key, _Sentence
from memadmin.providers.base import ExtractedFact

# A sentence that speaks of what something costs.
_PRICE_TALK_RE = re.compile(
    # not "last entry 4.30", the hour of the last visitors let in
    r"\b(?:singles?|returns?|fares?|tickets?|(?<!last\s)entry|entrance|(?<!last\s)admission|deposits?|fees?|charges?|prices?|costs?"
    r"|rates?|menus?|mains|wristbands?|refunds?|pass(?:es)?|hire|rental|lets|excess|membership"
    r"|seats\s+(?:in|on)\s+the"  # "seats in the stalls are 26"
    # "the extra night is 110"
    r"|(?:extra|additional)\s+(?:night|bed|day|hour|bag)\s+(?:is|costs?|'s|will\s+be)"
    r"|(?:with|without)\s+(?:a\s+)?\w+\s?card)\b",
    re.I,
)
_NUMBER_RE = re.compile(
    r"(?<![\w.,:£$€/#-])(?P<n>\d{1,3}(?:,\d{3})+|\d{1,4}(?:\.\d\d)?)(?![\w£$€%]|[.,:/-]\d)"
)
# Where a price sits before its number: after a verb or word that gives it, a list's comma, or first.
_LEAD_RE = re.compile(
    r"(?:^|\b(?:is|are|was|be|for|from|about|around|only|just|of|costs?)|'s|\bthey\s*'re|[,:])\s*(?:a\s+flat\s+)?$"
    r"|\b(?:an?\s+)?(?:single|return)\s+$",
    re.I,
)
# What a number after it is the number of, never a price: "platform 2", "your ticket number is 14".
_NUMBERED = r"platform|gate|room|table|seat|row|floor|number|no|aged?"
# Before a clock or a count, never a price: "at 10.46", "the 7.15", "platform 2".
_NOT_LEAD_RE = re.compile(
    rf"\b(?:at|by|until|till|after|before|the|under|over|{_NUMBERED})\s*[.:]?\s*$", re.I
)
# A day, then "around" or "about": a clock, even where "about" would lead a price ("pick up the 22nd
# around 5", "Friday about 6").
_DAY_THEN_ABOUT_RE = re.compile(
    rf"(?:\d(?:st|nd|rd|th)|\b{_WEEKDAY}|\btoday|\btomorrow|\btonight)\s+(?:around|about)\s+$", re.I
)
# Said to be the number of a thing, even after a word that would give a price: "the room is 12"; or the hour a
# stay ends or starts: "check out is 11, and a late one costs 20".
_NUMBERED_RE = re.compile(
    rf"\b(?:{_NUMBERED})\s+(?:is|was|will\s+be)\s*$|\bcheck[\s-]?(?:in|out)(?:\s+time)?\s*(?:is|'s)\s*$", re.I
)
# A clock of minutes after the word of a start, set-up or doors and "from" or "at": "Set up from 6.30", "doors
# at 7.15", "we start from 8.45"; a clock, not a price, where the sentence says no currency.
_START_CLOCK_BEFORE_RE = re.compile(
    r"\b(?:set(?:ting)?[\s-]?up|doors?(?:\s+open)?|start(?:s|ing)?|load[\s-]?in|arriv(?:e|al))"
    r"\s+(?:is\s+|are\s+)?(?:from|at)\s+$",
    re.I,
)
# A time spent doing a thing, before a number per a night or a day: "he sleeps for 8 a night", "she trains 2 a
# day"; hours, not a price.
_SPENT_BEFORE_RE = re.compile(
    r"\b(?:sleep(?:s|ing)?|slept|nap(?:s|ping)?|work(?:s|ed|ing)?|stud(?:y|ies|ying|ied)|train(?:s|ed|ing)?"
    r"|practi[cs](?:e|es|ed|ing)|rest(?:s|ed|ing)?|read(?:s|ing)?|walk(?:s|ed|ing)?|revis(?:e|es|ed|ing))"
    r"\s+(?:for\s+)?(?:about\s+|around\s+|roughly\s+|only\s+|just\s+)?$",
    re.I,
)
# A count of things before the price they are sold at together: "3 for twenty", "two for £5", "4 for 10"; a
# count where the number after "for" is the larger ("36.80 for two" is a price for two people).
_FOR_PRICE_AFTER_RE = re.compile(
    rf"\s+for\s+(?:just\s+|only\s+)?(?:[£$€]\s?)?(?:(?P<n>\d{{1,4}}(?:\.\d\d)?)|(?P<w>{_NUMBER_WORD}))(?![\w.,]\d|\w)",
    re.I,
)
# A unit price, then the sum it comes to: "At 1.42 that's 88.04", "at 3.20 , that comes to 48".
_UNIT_PRICE_THEN_SUM_RE = re.compile(
    r"\s*,?\s*(?:that\s*'?s|thats|that\s+is|that\s+comes\s+to|that\s+makes|comes\s+to|makes)\s+"
    r"(?:about\s+|around\s+|roughly\s+)?(?:[£$€]\s?\d|\d{1,5}\.\d\d(?!\d))",
    re.I,
)
_UNIT = r"night|head|bed|ride|month|term|week|person|ticket|session|lesson|hour|day|adult|child|dozen"
# A rate per thing and per time is a price, whatever the thing: "38 a bay a day", "12 a pitch per night".
_TWO_RATES = r"\s+(?:an?|per)\s+\w+\s+(?:an?|per)\s+(?:day|night|week|month|hour)\b"
# The units only a price is said per; a count is said per the others too ("the dose is 2 a day", "lessons are
# 3 a week", "the limit is 2 per person"): there a number is a price only in talk of prices or with pence.
_PRICED_UNITS = {"night", "head", "bed", "month", "dozen"}
_RATE_UNITS = {"night", "bed"}  # a room's rate is labelled with its "a night"
# What follows a price: what it is per or for whom, or a way to pay less; then a clause's end or a list.
_PRICED_AFTER_RE = re.compile(
    # "1 single ticket" counts what is bought
    rf"\s+(?:(?:an?|per)\s+(?:{_UNIT})\b|each\b|single\b(?!\s+(?:tickets?|rooms?|beds?|fares?|journeys?|trips?))|for\s+(?:the\s+|an?\s+)?{_WHOM}\b"
    r"|for\s+(?:you|me|us|him|her|them)\b(?!\s+to\b)"
    r"|(?:with|without)\s+(?:a\s+)?(?:\w+\s+)?(?:card|railcard|pass|wine|drinks?|a\s+drink|breakfast)\b"
    r"|without\s*[.,;!]|without$"
    r"|(?:with|without)\s+[a-z]+(?:\s+[a-z]+)?\s*,\s*or\b)",  # "about 180 with bubble wrap , or 210 crated"
    re.I,
)
# Straight before a whole number that ends its clause: "a family day ticket is 11 .", "a deposit of 50 ."
_WHOLE_LEAD_RE = re.compile(
    r"\b(?:is|are|costs?|around|about|(?:deposit|fee|charge|fine|excess)\s+of)\s*$", re.I
)
# After a whole number that ends its clause, or is said to be asked for: "a deposit of 60 is needed ."
_WHOLE_END_RE = re.compile(
    r"\s*(?:[.,;!]|$|\s(?:is|are|will\s+be)\s+(?:needed|required|payable|due|taken|refundable)\b)", re.I
)
# A fare or price said roughly, then the sentence going on: "the fare is about 9 and the driver will call".
_ROUGH_PRICE_LEAD_RE = re.compile(
    r"\b(?:fare|price|cost|charge|fee)\s+(?:is|'s|will\s+be|should\s+be|would\s+be)\s+(?:about|around|roughly)\s+$",
    re.I,
)
_GOES_ON_RE = re.compile(r"\s(?:and|but)\s+(?!a\s+half\b)(?=[a-z])", re.I)
# What says a number is a sum of money, whole or with pence: a total ("27 in total", "36.80 for the two of
# you", "6 for the day", "8.50 extra"), or what it buys entry to ("6 to go up", "4 to get in").
_TOTAL_AFTER_RE = re.compile(
    r"\s+(?:in\s+total|in\s+all|together|altogether|all\s+in|extra\b"
    r"|for\s+(?:the\s+)?(?:two|three|four|five|six|both|pair|lot|day|week|weekend|stay|term|season)"
    r"(?:\s+of\s+(?:you|us|them))?"
    r"|for\s+(?:an|one|half\s+an)\s+hour"  # "45 for an hour"
    r"|to\s+(?:get\s+in|go\s+(?:in|up|round)|enter|park|visit))\b",
    re.I,
)
_SUM_END_RE = re.compile(r"\s*(?:[.,;!]|$|\s(?:and|for\s+the\s+\w+)\b)", re.I)
# A price said in a turn just before, for a sum: with its currency, pence, or what it is per or for.
_PRICE_SAID_RE = re.compile(
    rf"(?<![\d.:])\d{{1,4}}\.\d\d(?![\d:])"
    rf"|\d\s+(?:each|(?:an?|per)\s+(?:{_UNIT})\b|for\s+(?:the\s+|an?\s+)?{_WHOM})|\d{_TWO_RATES}",
    re.I,
)
# A list's word before a price said with what it is for or a total: "or 3.60 for under 19s", "and 11 for a
# young person".
_JOINED_LEAD_RE = re.compile(r"\b(?:or|and)\s*$", re.I)
_CLOCK_AFTER = r"\s*(?:[ap]\.?m\b|:\s?\d|o'?\s?clock)"
# A sum in thousands with pence, that nothing but money is written as: "room 1,781.62 , lessons 440".
_RATE_SAID_RE = re.compile(
    r"(?<![\w.,:])\d{2,4}(?:\.\d\d)?(?=\s+(?:an?|per)\s+(?:day|night|week|month|head|person|adult|child)\b)",
    re.I,
)
_THOUSANDS_WITH_PENCE_RE = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+\.\d\d(?![\w.,]|\s?%)")
# After a price listed after another: what it is with or without ("or 38 with wine", "24 without").
_LISTED_TAIL_RE = re.compile(
    r"\s+(?:(?:with|without|for)\s+\w+|[a-z]+ed\s*(?:[.,;!]|$)"
    # what hour the other price is for: "6.80 , or 5 after 3 pm", "or 9 before noon"
    r"|(?:after|before|from)\s+(?:(?:1[0-2]|[1-9])(?:[:.][0-5]\d)?\s?[ap]\.?m\b|noon|midday|\d{1,2}:\d\d))",
    re.I,
)
# After a price with pence, the word for what it is: "a 2.75 booking fee", "a 1.50 charge".
_FEE_AFTER_RE = re.compile(r"\s+(?:\w+\s+)?(?:fee|charge|supplement|surcharge|deposit)s?\b", re.I)
_PER_UNIT_RE = re.compile(rf"\s+(?:an?|per)\s+(?P<unit>{_UNIT})\b", re.I)
# A fare said roughly after the clock a ride is booked for: "pick up at 10:15 . it should be about 8 .", "from
# the station at 9:40 , about 14 ."; not "about 11 minutes" nor "back about 11".
_FARE_LEAD_RE = re.compile(r"(?:^|,|\bbe)\s*(?:about|around|roughly)\s+$", re.I)
# ... and one said with where the ride goes, in talk of a ride's price: "How much is a cab?" "About 14 to the
# harbour."; not "about 10 to 2" (a clock) nor "about 12 minutes to the pier".
_FARE_TO_LEAD_RE = re.compile(r"(?:^|,|\b(?:be|is)|'s)\s*(?:about|around|roughly)\s+$", re.I)
_FARE_TO_RE = re.compile(r"\s+(?:to|from)\s+(?:the\s+)?[a-z][\w']*(?:\s+[a-z][\w']*)?\s*(?:[.,;!]|$)", re.I)
_RIDE_RE = re.compile(
    r"\b(?:cabs?|taxis?|minicabs?|drivers?|pick\s+(?:\w+\s+)?up|pick-?ups?|collect)\b", re.I
)
_CLOCK_SAID_RE = re.compile(r"\b\d{1,2}\s?[:.]\s?\d\d\b|\b\d{1,2}\s?[ap]\.?m\b", re.I)
# A total proposed as a question after prices ("two bays for two days , so 152 ?") and the answer that
# agrees by saying it again ("yes , 152 .").
_PROPOSED_TOTAL_RE = re.compile(
    r"(?:^|,)\s*(?:so\s+(?:that\s*'s\s+)?|that\s*'s\s+)(?P<n>\d{1,4}(?:\.\d\d)?)\s*\?", re.I
)
_AGREED_RE = re.compile(
    r"^\W*(?:yes|yeah|yep|correct|right|exactly|that\s*'s\s+right)\s*,?\s*(?P<n>\d{1,4}(?:\.\d\d)?)\s*[.!]?\s*$",
    re.I,
)
_TWO_RATES_RE = re.compile(_TWO_RATES, re.I)
# What a thing will cost someone, said as running or setting them back: "it 'll run you about 6 from the
# station", "that 'll set you back 40 ."; not "it 'll run you about 6 minutes".
_RUNS_YOU_RE = re.compile(
    r"\b(?:run|set)\s+(?:you|us|them|him|her)\s+(?:back\s+)?(?:about|around|roughly)?\s*$", re.I
)
_RUNS_END_RE = re.compile(r"\s*(?:[.,;!]|$|\s(?:from|to|for|each|or|and)\b)", re.I)
# A price with pence and where it is paid: "it 's 1.50 at the desk", "they 're 2.20 at the kiosk".
_PAID_THERE_RE = re.compile(r"\s+at\s+the\s+(?:desk|counter|kiosk|till|shop|bar)\b", re.I)
# A room or a bed a place has at a price, where money was said: "the station hotel has a room at 72 , or the
# crown has one at 95"; a number no clock has (25 or more), ending its clause.
_ROOM_AT_RE = re.compile(
    r"\b(?:has|have|had|got)\s+(?:an?\s+|one\s+|two\s+)?(?:(?:single|double|twin|family|private)\s+)?"
    r"(?:rooms?|beds?|one|pitch(?:es)?)\s+(?:left\s+|free\s+|available\s+)?at\s+$",
    re.I,
)
_SUM_AT_RE = re.compile(r"\bat\s+\d{1,4}(?:\.\d\d)?\s+(?:is|comes\s+to|makes)\s*$", re.I)
# ... or a price said again: "about 7.80 again ."
_CLAUSE_END_RE = re.compile(
    r"\s*(?:[.,;!]|$|\s(?:or|and|if|otherwise|to|against|versus)\b|\sagain\s*(?:[.,;!]|$))", re.I
)
# Between a price and the next one of its list: ", a return", "or", "and", "otherwise", "to" (a range).
_LISTED_RE = re.compile(
    r"(?:\s+(?:an?|per)\s+\w+|\s+each|\s+(?:for|with|without)(?:\s+[\w']+){1,3}|\s+if(?:\s+[\w']+){1,5}"
    r"|\s+to\s+(?:get|go|enter|park|visit)(?:\s+(?:in|up|round))?)?"
    r"\s*(?:,\s*(?:(?:or|and)\s+)?|\s+(?:or|and|against|versus)\s+|\s+to\s+|,?\s*otherwise\s+)"
    # what the next price is for, in a few words: ", a young person 's return 19", ", or two for 24"
    rf"(?:(?:an?\s+)?(?:[\w']+\s+){{0,3}}(?:single|return|{_WHOM}|for)\s+)?$",
    re.I,
)


# A number per a thing or a time, after a price said just before it in the turn or the two turns before:
# "it 's 4.50 a child ..." "the workshops are 95 a session", "0.38 a unit , or a flat 5 a day", "so 64 a
# day"; not a count of doses or visits ("take 2 a day").
_RATE_AFTER_RE = re.compile(
    rf"\s+(?:an?|per)\s+(?:{_UNIT}|wash|load|cycle|go|use|visit|round|game|item|bag|kilo|bottle|foot|metre|pitch|bay)\b",
    re.I,
)
_RATE_LEAD_RE = re.compile(
    r"(?:^|[,:]|'s|'re|\b(?:is|are|was|at|so|extra|flat|only|just|about|around))\s*$", re.I
)
# The next of the goods listed with their prices, by a measure of goods: "scones 2.50 each and muffins 15 a
# dozen", "apples 3 a kilo , pears 4 a kilo"; not a count in time ("and the kids 2 a day").
_LISTED_GOODS_RE = re.compile(r"(?:,|\band)\s+(?:the\s+)?[a-z]{3,}s\s*$", re.I)
_GOODS_UNITS = {"dozen", "kilo", "bag", "item", "bottle"}
_COUNTED_PER_RE = re.compile(
    r"\b(?:tablets?|pills?|doses?|capsules?|puffs?|drops|spoonfuls?|times|lessons|classes|visits|trips|walks|meals)\b",
    re.I,
)


def _counted_for_a_price(m: re.Match) -> bool:
    """Is the number a count of things sold together for the larger number after it ("3 for twenty")?"""
    after = _FOR_PRICE_AFTER_RE.match(m.string, m.end())
    if not after:
        return False
    price = float(after["n"]) if after["n"] else _spelled_number(after["w"])
    return price is not None and price > float(m["n"].replace(",", ""))


def _rate_after_price(s: _Sentence, m: re.Match) -> bool:
    """A room's rate ("108.80 a night") is read by the rules of prices per night, with their span. With
    pence a rate needs no price said before it: "yes , 2.40 a wash and 1.20 to dry"."""
    before, rate = s.text[: m.start()], _RATE_AFTER_RE.match(s.text, m.end())
    unit = rate.group().split()[-1].lower() if rate else ""
    return bool(
        rate
        and unit not in _RATE_UNITS
        and (_RATE_LEAD_RE.search(before) or (_LISTED_GOODS_RE.search(before) and unit in _GOODS_UNITS))
        and not _COUNTED_PER_RE.search(s.text)
        and (_price_said(s, before) or re.fullmatch(r"\d{1,3}\.\d\d", m["n"]))
    )


def desk_prices(s: _Sentence) -> list[ExtractedFact]:
    """Prices with no currency in a sentence that speaks of prices; never in a question."""
    text = s.text
    if not re.search(r"\d", text):
        return []
    if s.question or _AGREED_RE.match(text):
        return _proposed_totals(s)
    previous = s.previous
    asked = bool(_ASKS_PRICE_RE.search(previous))
    # "and the ashgrove ?" after a price was said: the question for a price asked again of another thing
    said = s.recent[-3] if len(s.recent) >= 3 else ""
    again = _FOLLOW_UP_RE.match(previous) and (_PRICE_SAID_RE.search(said) or _AMOUNT_RE.search(said))
    talk = bool(_PRICE_TALK_RE.search(text) or asked or again)
    prices = [(m.start(), m.end()) for m in _AMOUNT_RE.finditer(text)]
    prices += [m.span() for m in _THOUSANDS_WITH_PENCE_RE.finditer(text)]
    if s.money_said:  # "adults are 129 a day , youth 96": a rate where money was said heads a list
        prices += [m.span() for m in _RATE_SAID_RE.finditer(text)]
    out, left = [], []
    for m in _NUMBER_RE.finditer(text):
        before, after = text[: m.start()], text[m.end() :]
        per_unit = _PER_UNIT_RE.match(text, m.end())
        unit = per_unit["unit"].lower() if per_unit else ""
        two_rates = _TWO_RATES_RE.match(text, m.end())
        total = _TOTAL_AFTER_RE.match(text, m.end())
        priced = _PRICED_AFTER_RE.match(text, m.end())
        at_each = re.search(r"\bat\s+$", before) and _EACH_END_RE.match(after)  # "two doubles at 72 each"
        sold = _SOLD_AT_RE.search(before) and _CLAUSE_END_RE.match(after)  # "sells meal deals at 6"
        lead = (
            _LEAD_RE.search(before)
            or at_each
            or sold
            or ((per_unit or two_rates) and re.search(r"\bat\s+$", before))  # "at 95 a night"
            or ((priced or total) and _JOINED_LEAD_RE.search(before))
            or (total and _TOTAL_BEFORE_RE.search(before) and _price_said(s, before))
        )
        decimal = "." in m["n"]
        # "a roast for 14.95", "rolls at 3.80", "they have one at 38.50": minutes or hours no clock has
        no_clock = decimal and (int(m["n"][-2:]) >= 60 or int(m["n"].split(".")[0].replace(",", "")) >= 25)
        # "At 1.42 that's 88.04": a unit price, then the sum it comes to
        unit_price = decimal and re.search(r"(?i)\bat\s+$", before) and _UNIT_PRICE_THEN_SUM_RE.match(after)
        not_a_price = (
            (
                _NOT_LEAD_RE.search(before)
                and not (lead or no_clock or unit_price or _ROOM_AT_RE.search(before))
            )
            or _NUMBERED_RE.search(before)
            or re.search(r"\d\s?:\s?$", before)  # the minutes of "20 : 15"
            or _DAY_THEN_ABOUT_RE.search(before)
            or entry_hour(m["n"], m.start(), text, s.earlier)  # "tickets for around 11"
            or _BOUGHT_FOR_RE.search(before[-40:])  # "$6.85 a shirt for 400" counts the shirts
            or _SPENT_BEFORE_RE.search(before)  # "he sleeps for 8 a night"
            or _counted_for_a_price(m)  # "3 for twenty"
            or (
                decimal
                and not no_clock
                and _START_CLOCK_BEFORE_RE.search(before)
                and not (prices or _PRICE_TALK_RE.search(text))
            )
        )
        if not_a_price or re.match(_CLOCK_AFTER, after, re.I):
            continue
        listed = any(_LISTED_RE.fullmatch(text, end, m.start()) for _, end in prices)
        whole = _WHOLE_LEAD_RE.search(before) and _WHOLE_END_RE.match(after)
        whole = whole or (_ROUGH_PRICE_LEAD_RE.search(before) and _GOES_ON_RE.match(after))
        clause_end = _CLAUSE_END_RE.match(text, m.end())
        placed = lead and (priced or (decimal and clause_end) or whole)
        at = re.search(r"\bat\s+$", before)
        ended = listed and (priced or _CLAUSE_END_RE.match(after) or _LISTED_TAIL_RE.match(after))
        fee = decimal and _FEE_AFTER_RE.match(after)
        per_price = per_unit and (talk or decimal or unit in _PRICED_UNITS)
        per_price = per_price or (
            two_rates and not _THERE_RE.search(before)
        )  # not "there are 7 a class a day"
        # "six rooms for four nights at 95 is 2,280 .": the sum of a count at a price
        sum_at = _SUM_AT_RE.search(before) and _WHOLE_END_RE.match(after)
        sum_at = sum_at or unit_price
        so_far = s.recent[-1][: s.offset] + before if s.recent else before
        fare = (
            _FARE_LEAD_RE.search(before)
            and re.match(r"\s*(?:[.,;!]|$)", after)
            and any(_CLOCK_SAID_RE.search(t) for t in [*s.recent[-2:-1], so_far])
            and any(_RIDE_RE.search(t) for t in [*s.recent[-3:-1], so_far])
        )
        fare = fare or (
            _FARE_TO_LEAD_RE.search(before)
            and _FARE_TO_RE.match(after)
            and (talk or any(_CLOCK_SAID_RE.search(t) for t in [*s.recent[-2:-1], so_far]))
            and any(_RIDE_RE.search(t) for t in [*s.recent[-3:-1], so_far])
        )
        # "is 7 for adults"; not "there are 8 for adults"
        for_whom = priced and _STATED_LEAD_RE.search(before) and not per_unit and not _THERE_RE.search(before)
        summed = (
            _TOTAL_BEFORE_RE.search(before) and _SUM_END_RE.match(after) and _price_said(s, text[: m.start()])
        )
        # "breakfast 5.75 extra", "does a flat white for 3.20", "a late fee of 50 after 10"; a whole number
        # extra ending its clause in talk of prices: "98 a night , breakfast 6 each extra"
        added = _SUM_AFTER_RE.match(after) and (decimal or ((talk or prices) and _EXTRA_END_RE.match(after)))
        # the second of two things priced alike, its verb left out: "stalls are 32.50 and the circle 24"
        elided = talk and clause_end and any(_ELIDED_RE.fullmatch(text, end, m.start()) for _, end in prices)
        # where a price is asked for, the least or most a thing costs: "pasta from 9 , mains up to 19.50"
        ranged = asked and clause_end and _FROM_OR_UP_TO_RE.search(before)
        done_for = decimal and _DOES_FOR_RE.search(before) and clause_end
        # a thing for a whole number ending its clause, after a price or "free" said earlier in the sentence:
        # "mains are from 11.50 , and a burger and a pint for 15 .", "it is free , with a talk for 4"
        bought_for = (
            not decimal
            and _BOUGHT_AFTER_PRICE_RE.search(before)
            and clause_end
            and (any(end <= m.start() for _, end in prices) or _FREE_BEFORE_RE.search(before))
            and not _HOLDS_RE.search(before[max(before.rfind(","), before.rfind(";")) + 1 :])
        )
        fee_of = _OF_FEE_RE.search(before) and not _NOT_SUM_UNIT_RE.match(after)
        ride = _RIDE_TO_RE.search(before) and clause_end and not re.match(r"\s+to\b", after)
        runs = _RUNS_YOU_RE.search(before) and _RUNS_END_RE.match(after)
        paid_there = (
            decimal and re.search(r"(?:\bis|'s|'re|\bare)\s*$", before) and _PAID_THERE_RE.match(after)
        )
        room_at = (
            (s.money_said or talk)
            and not decimal
            and int(m["n"].replace(",", "")) >= 25
            and _ROOM_AT_RE.search(before)
            and clause_end
        )
        if not (
            (lead and (per_price or total or for_whom))
            or room_at
            or at_each
            or sold
            or added
            or elided
            or ranged
            or done_for
            or bought_for
            or fee_of
            or ride
            or runs
            or paid_there
            or (decimal and placed and priced)
            or (talk and placed)
            or (no_clock and (lead or at) and clause_end)
            or ended
            or fee
            or summed
            or fare
            or sum_at
            or _rate_after_price(s, m)
        ):
            if lead and clause_end and not re.match(r"\s+to\b", after):  # not "3 to 6" (a range)
                left.append(
                    m
                )  # a price if one is listed after it: "a day rider is 5.20 , or 3.60 for under 19s"
            continue
        out.append(_price(s, m, per_unit, unit))
        prices.append(m.span())
    # A number placed as a price before one found after it, or two so placed, one with pence, in one list:
    # "a day rider is 5.20 , or 3.60 for under 19s", "a bed for 24.50 , or a private room for 58".
    pairs = [(a, b) for a in left for b in left if b.start() > a.end() and "." in a["n"] + b["n"]]
    listed = {b for a, b in pairs if _LISTED_RE.fullmatch(text, a.end(), b.start())}
    listed |= {a for a, b in pairs if b in listed}
    for m in left:
        later = [start for start, _ in prices if start > m.end()]
        if (
            m in listed
            or any(_LISTED_RE.fullmatch(text, m.end(), start) for start in later)
            or (
                talk
                and not _PEOPLE_ARE_RE.search(text, 0, m.start())
                and any(_LIKE_PRICE_RE.fullmatch(text, m.end(), start) for start in later)
            )
            or _like_a_price_before(text, m, prices)
        ):
            out.append(_price(s, m, None, ""))
            prices.append(m.span())
    out += _listed_by_name(s, prices, left)
    found = [f.span for f in out] + prices
    out += [_price(s, m, None, "") for m in _priced_by_whom(text) if m.span() not in found]
    return sorted(out, key=lambda f: f.span)


# A number for whom it is for: "15 for adults", "and 7 for the kids".
_FOR_WHOM_RE = re.compile(rf"\s+for\s+(?:the\s+|an?\s+)?(?P<whom>{_WHOM})\b", re.I)
# Nothing to pay, for whom: "it is free for exchange students , and 15 for guests".
_FREE_FOR_RE = re.compile(rf"\bfree(?=\s+for\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+)?{_WHOM}\b)", re.I)
# What counts people, not prices them: "the boat seats 15 for adults", "there are 8 for kids", "room for 6".
_HOLDS_RE = re.compile(
    r"\b(?:seats?|sleeps?|holds?|takes?|fits?|room|space|spaces|places|beds|tables?|aged?|ages|there\s*(?:is|are|'s))\b",
    re.I,
)


def _priced_by_whom(text: str) -> list[re.Match]:
    """Numbers listed side by side, each for whom it is for ("15 for adults and 7 for kids"), or after what is
    free for someone ("free for students , and 15 for guests"): prices, where nothing counts people."""
    if _HOLDS_RE.search(text):
        return []
    placed = []
    for m in _NUMBER_RE.finditer(text):
        whom = _FOR_WHOM_RE.match(text, m.end())
        before = text[: m.start()]
        if whom and (_LEAD_RE.search(before) or _JOINED_LEAD_RE.search(before)):
            placed.append((m, whom["whom"].lower()))
    out = []
    for (a, whom_a), (b, whom_b) in pairwise(placed):
        if whom_a != whom_b and _LISTED_RE.fullmatch(text, a.end(), b.start()):
            out += [a, b]
    for free in _FREE_FOR_RE.finditer(text):
        out += [m for m, _ in placed if _LISTED_RE.fullmatch(text, free.end(), m.start())]
    return out


# Between a price and one said of something else in the same way, in talk of prices: "seats in the stalls
# are 26 and the circle is 21", "the small ones are 4 , the big ones are 7".
_LIKE_PRICE_RE = re.compile(
    r"\s*(?:,\s*(?:and|but|while)?|\s+(?:and|but|while|whereas))\s+(?:the\s+|a\s+|an\s+)?(?:[\w']+\s+){0,3}?"
    r"(?:is|are|'s)\s+",
    re.I,
)
# ... not the age of people said beside a price: "the kids are 7 and the ticket is 12".
_PEOPLE_ARE_RE = re.compile(
    r"\b(?:kids|children|boys|girls|twins|sons?|daughters?|he|she|they|we|i|you)\s*(?:is|are|was|were|'s|'re)\s*$",
    re.I,
)


def _like_a_price_before(text: str, m: re.Match, prices: list[tuple[int, int]]) -> bool:
    """A number placed as a price after a price said with pence, a rate or "each", of something else said in
    the same way: "premium is 94 each , the space itself is 47"."""
    if _PEOPLE_ARE_RE.search(text, 0, m.start()):
        return False
    for start, end in prices:
        rate = _PRICED_BEFORE_RE.match(text, end)
        priced = rate or "." in text[start:end]
        if (
            end <= m.start()
            and priced
            and _LIKE_PRICE_RE.fullmatch(text, rate.end() if rate else end, m.start())
        ):
            return True
    return False


# A thing that is more or extra: "breakfast 5.75 extra", "260 in all", "6 each extra".
_SUM_AFTER_RE = re.compile(r"\s+(?:(?:each\s+)?extra|in\s+total|in\s+all|altogether)\b", re.I)
_EXTRA_END_RE = re.compile(r"\s+(?:each\s+)?extra\s*(?:[.,;!]|$)", re.I)  # not "2 extra chairs"
# Between a price and the next, said of another thing with its verb left out: " and the circle ".
_ELIDED_RE = re.compile(
    r"\s+and\s+(?:the\s+)?(?!(?:kids?|children|boys|girls)\b)[a-z]+(?:\s+[a-z]+)?\s+", re.I
)
# What a thing costs at least or at most: "pasta from 9", "mains up to 19.50"; not what a thing holds or takes
# ("the boat takes up to 20").
_FROM_OR_UP_TO_RE = re.compile(
    r"(?:^|,)\s*(?:the\s+)?(?!(?:it|they|he|she|we|you|i|that|this|there|which)\b)[a-z]+\s+(?:from|up\s+to)\s+$",
    re.I,
)
# A short question going on from the last one to another thing: "and the ashgrove ?", "what about the other ?"
_FOLLOW_UP_RE = re.compile(r"^\W*(?:and|what\s+about|how\s+about)\s+(?:the\s+)?[\w' -]{2,30}\?\s*$", re.I)
# After "at" and before "each" that ends its clause: "at 72 each"; not "at 7 each morning".
_EACH_END_RE = re.compile(r"\s+each\s*(?:[.,;!]|$|\s(?:or|and|if|for)\b)", re.I)
# What a place sells, at or for a number: "the cafe sells meal deals at 6"; a thing it does, serves or offers
# for a number with pence: "does a good flat white for 3.20", "serves a steak pie for 14.50".
_SOLD_AT_RE = re.compile(r"\b(?:sells?|sold|selling)\s+(?:[\w']+\s+){1,4}?(?:at|for)\s+$", re.I)
_DOES_FOR_RE = re.compile(
    r"\b(?:does|do|sells?|sold|serves?|offers?|makes?)\s+(?:an?\s+|the\s+|some\s+)?(?:[\w']+\s+){1,4}?for\s+$",
    re.I,
)
# A thing named with "a" or "the", then "for" and its price: "a burger and a pint for 15"; not "for the
# 15", "for about 20 minutes" (the number ends its clause).
_BOUGHT_AFTER_PRICE_RE = re.compile(
    r"(?:,|\band|\bwith)\s+(?:an?|the)\s+(?!(?:[\w']+\s+){0,5}?(?:taxis?|cabs?|cars?|minibus|bus|coach|van|lift|ride"
    r"|booking|reservation|slot|party|group|menu|meal|dinner|lunch|breakfast|tour|trip|class|session|lesson)\s)"
    r"(?:[a-z][\w']*\s+){0,5}?for\s+$",
    re.I,
)
_FREE_BEFORE_RE = re.compile(r"\b(?:is|are|'s|'re|it\s*'s|entry|admission)\s+free\b", re.I)
# "a late fee of 50 after 22:00", "an excess of 250 on the van"; not "a fee of 10 percent".
_OF_FEE_RE = re.compile(
    r"\b(?:deposit|fee|charge|fine|excess|supplement|surcharge|guarantee|advance|retainer)\s+of"
    r"\s+(?:just\s+|only\s+|about\s+)?$",
    re.I,
)
_NOT_SUM_UNIT_RE = re.compile(
    r"\s*(?:%|per\s*cent|percent|(?:[a-z]+\s+)?(?:minutes?|hours?|days?|weeks?|months?|years?|people|persons?|points?)\b)",
    re.I,
)
# A ride to a place and what it is, roughly: "a taxi to holme moor would be around 95", "the ride to the town
# centre is about 7"; not "the taxi to the airport is at 7" nor "the ride is about 20 minutes".
_RIDE_TO_RE = re.compile(
    r"\b(?:taxi|cab|minicab|ride|fare|trip)\s+(?:back\s+)?(?:in)?to\s+(?:[\w']+\s+){1,4}?"
    r"(?:is|'s|would\s+be|will\s+be|should\s+be|costs?)\s+(?:about|around|roughly|only|just)\s+$",
    re.I,
)
# Between a price and the next of a list named by a word or three: "most bowls are 9.50 , the large ones
# 11.95", "cod and chips is 11.20 , haddock 12.40"; not "leaves at 9.50 , arriving 11.20".
_NAMED_NEXT_RE = re.compile(
    r"(?:\s+(?:an?|per)\s+\w+|\s+each)?\s*,\s*(?:(?:or|and)\s+)?"
    r"(?!(?:[\w']+\s+)*(?:at|by|until|till|after|before|from|to|in|on|arriving|arrives|leaving|leaves|departs"
    r"|departing|back|returning|gets|platform|gate|room|table|seat|row|number)\s)(?:[a-z']+\s+){1,3}$",
    re.I,
)
# Two numbers after "at" in one list, one a price: "rooms at 89 , and the guest house has a single at 62
# pounds", "four family rooms at 84 a night and three twins at 69".
_AT_LIST_RE = re.compile(
    r"(?:\s+(?:an?|per)\s+\w+|\s+each)?\s*,?\s+(?:and|or)\s+(?:[\w']+\s+){1,12}?at\s+$", re.I
)


# What a price before a whole number of its list is said with, that makes the list one of prices: pence, a
# rate ("110 a day , students 85") or "each" ("94 each , the box 47").
_PRICED_BEFORE_RE = re.compile(
    r"\.\d\d$|\s+(?:an?|per)\s+(?:day|night|week|head|person|adult|child|hour)|\s+each", re.I
)


# After a whole number listed after a price, whom or what it is for, ending its clause: "15 for a rabbit".
_FOR_WHOM_NEXT_RE = re.compile(r"\s+for\s+(?:an?|the|each|every)\s+[a-z]+(?:\s+[a-z]+)?\s*(?:[.,;!]|$)", re.I)


# Before a number of a date, never a price: "october 14", "delivered february 25".
_DAY_NAMED_RE = re.compile(rf"\b(?:{_MONTH}|{_WEEKDAY})\s+$", re.I)
# Words between a price and a number that make the number a count or a limit, not the next price.
_NOT_A_NAME_RE = re.compile(
    r"\b(?:of|over|under|than|up|aged|ages|groups?|max(?:imum)?|min(?:imum)?|limit)\b", re.I
)


def _whole_listed(text: str, m: re.Match, found: list[tuple[int, int]]) -> bool:
    """A whole number of ten or more named after a price of its list said with pence, a rate or "each", or in
    talk of prices: "rooms 1,181.62 , meals 310.20 , transfers 150", "adults are 110 a day , students 85"."""
    if "." in m["n"] or int(m["n"].replace(",", "")) < 10 or _DAY_NAMED_RE.search(text, 0, m.start()):
        return False
    for start, end in found:
        if end > m.start():
            continue
        rate = _PRICED_BEFORE_RE.match(text, end)
        at = rate.end() if rate else end
        named = _NAMED_NEXT_RE.fullmatch(text, at, m.start()) or (
            _FOR_WHOM_NEXT_RE.match(text, m.end())
            and re.fullmatch(r"[^.,;]*,\s*(?:and\s+|or\s+)?", text[at : m.start()])
        )
        if named and _NOT_A_NAME_RE.search(text, at, m.start()):
            continue  # "11.50 each , for groups of 15", "47 a day , october 14"
        if named and (rate or "." in text[start:end] or _PRICE_TALK_RE.search(text)):
            return True
    return False


def _listed_by_name(s: _Sentence, prices: list[tuple[int, int]], left: list[re.Match]) -> list[ExtractedFact]:
    """Numbers listed after a price, named by a word or three ("... is 11.20 , haddock 12.40"), or after
    "at" as a price before or after them is ("rooms at 89 , and ... a single at 62 pounds")."""
    text, out, found = s.text, [], list(prices)
    placed = [m for m in left if "." in m["n"] and m.span() not in prices]
    for m in _NUMBER_RE.finditer(text):
        if m.span() not in found and _FOR_WHOM_NEXT_RE.match(text, m.end()) and _whole_listed(text, m, found):
            out.append(_price(s, m, None, ""))  # "25 a night for a large dog , 15 for a rabbit ."
            found.append(m.span())
            continue
        if m.span() in found or not _CLAUSE_END_RE.match(text, m.end()):
            continue
        if re.match(_CLOCK_AFTER, text[m.end() :]):
            continue
        named = "." in m["n"] and [
            p
            for p in [*found, *(p.span() for p in placed)]
            if _NAMED_NEXT_RE.fullmatch(text, p[1], m.start())
        ]
        if not named and _whole_listed(text, m, found):
            named = [m.span()]
        no_clock = float(m["n"].replace(",", "")) > 24 or ("." in m["n"] and int(m["n"][-2:]) >= 60)
        at_before = no_clock and re.search(r"\bat\s+$", text[: m.start()])
        at = at_before and any(
            re.search(r"\bat\s+$", text[:start])
            and (
                _AT_LIST_RE.fullmatch(text, end, m.start())
                if end <= m.start()
                else start >= m.end() and _AT_LIST_RE.fullmatch(text, m.end(), start)
            )
            for start, end in prices
        )
        if named or at:
            out.append(_price(s, m, None, ""))
            found.append(m.span())
            for p in placed:
                if named and p.span() in named and p.span() not in found:
                    out.append(_price(s, p, None, ""))
                    found.append(p.span())
    return out


# Before a price said of whom it is for: "the museum is 7 for adults", "it 's 16 for an adult single".
_STATED_LEAD_RE = re.compile(r"(?:\b(?:is|are|costs?)|'s|\bthey\s*'re)\s*(?:a\s+flat\s+)?$", re.I)
_THERE_RE = re.compile(r"\bthere\s*(?:is|are|'s)\s*$", re.I)


# A rate proposed in a question that asks whether it will do: "is 45 a night ok?", "would 60 a head be
# alright?", "could you do 300 a month?"; not "is 45 a night?" (it asks what the rate is) nor "is 2 a day
# ok?".
_PROPOSED_RATE_RE = re.compile(
    r"\b(?:(?P<will>is|would|will)|(?:can|could|would)\s+(?:you|they|she|he|we)\s+do)\s+"
    rf"(?P<n>\d{{1,4}}(?:\.\d\d)?)\s+(?:an?|per)\s+(?:{'|'.join(sorted(_PRICED_UNITS))})\b"
    r"(?(will)(?:\s+(?:be|sound|seem))?\s+(?:ok(?:ay)?|alright|all\s+right|fine|acceptable|reasonable)\b)",
    re.I,
)


def _proposed_totals(s: _Sentence) -> list[ExtractedFact]:
    """A total proposed in a question after prices were said, and the answer agreeing with it by saying it;
    a rate proposed in a question of whether it will do."""
    if s.question and (rate := _PROPOSED_RATE_RE.search(s.text)):
        unit = _PER_UNIT_RE.match(s.text, rate.end("n"))
        return [_price(s, rate, unit, unit["unit"].lower())]
    agreed = _AGREED_RE.match(s.text)
    if agreed and not s.question:
        asked = s.previous
        for q in _PROPOSED_TOTAL_RE.finditer(asked):
            if q["n"] == agreed["n"] and _total_after_prices(q, [*s.recent[-3:-2], asked[: q.start()]]):
                return [_price(s, agreed, None, "")]
        return []
    q = _PROPOSED_TOTAL_RE.search(s.text)
    earlier = [*s.recent[-3:-1], s.recent[-1][: s.offset] + s.text[: q.start()]] if q and s.recent else []
    return [_price(s, q, None, "")] if q and _total_after_prices(q, earlier) else []


def _total_after_prices(q: re.Match, earlier: list[str]) -> bool:
    """Is the number big enough for a sum and were prices said before it?"""
    big = "." in q["n"] or int(q["n"]) >= 20
    return big and any(_AMOUNT_RE.search(text) or _PRICE_SAID_RE.search(text) for text in earlier)


def _price_said(s: _Sentence, before: str) -> bool:
    """Was a price said before this point of the turn or in the two turns before it?"""
    earlier = [*s.recent[:-1], s.recent[-1][: s.offset] + before] if s.recent else [before]
    return any(_AMOUNT_RE.search(text) or _PRICE_SAID_RE.search(text) for text in earlier)


def _price(s: _Sentence, m: re.Match, per_unit: re.Match | None, unit: str) -> ExtractedFact:
    key = _nearest_key(s.text, m.start(), m.end(), _AMOUNT_KEYS, "amount")
    end = per_unit.end() if per_unit and unit in _RATE_UNITS else m.end("n")
    return s.fact("amount", key, m.start("n"), end, m["n"].replace(",", ""))
