"""Phone numbers: in a phone's shape, near the words for a phone, in other countries' formats found by
libphonenumber's matcher, service and short numbers, with an extension said after them; normalised to E.164
where said with a country code."""

from __future__ import annotations

import re

import phonenumbers

from facts.extraction.text import _about_a_place, _Sentence, _words, is_question
from memadmin.providers.base import ExtractedFact

_PHONE_RE = re.compile(
    r"""
    (?<![\w\#/£$€,+-])(?<!\d\.)
    (?:
        \+\d{1,3}(?:[ .-]?\(\s?0\s?\))?[ .-]?\d{1,5}(?:(?:\s-\s|[ .-])?\d{2,5}){1,5}  # +44 7700 900123
      | 00[1-9]\d{0,2}(?:[ .-]?\(0\))?[ .-]\d{1,5}(?:[ .-]?\d{2,5}){1,5}  # 0044 1632 960417: "+" said as 00
      | (?:\+\d{1,3}[ .-]?)?\(\s?\d{3,5}\s?\)[ .-]?\d{3,4}[ .-]?\d{3,4}  # (555) 123-4567, ( 01632 ) 960 447
      | \(0\d{1,2}\)[ .-]?\d{3,4}[ .-]?\d{4}                           # (02) 9374 4418, (01) 555 0187
      | 0\d{5}[ .-]\d{5}                                                 # 016329 60417
      | 0\d{2}(?:[ .-]\d{3}){2}[ .-]\d{2}                                # 077 009 001 23: in threes, two last
      | 0\d{2,4}(?:(?:\s-\s|[ .-])?\d{3,4}){1,2}                          # 07700 900123, 01632 - 960 - 218
      | 0\d{3,4}(?:[ .-]\d{2}){3}                                        # 01632 96 05 55
      | \d{3}[.-]\d{3}[.-]\d{4}                                         # 555-123-4567
      | 1[ .-]\(?\d{3}\)?[ .-]?\d{3}[ .-]\d{4}                             # 1-800-431-9026
      | (?P<bare>\d{9,15}|\d{1,4}(?:[ .-]\d{2,4}){2,5})                  # only near phone words
      | (?P<spelled>1[38]\d0(?:[ .-]\d{1,4}){2,4})                        # 1890 24 7 365: grouped as it reads
    )
    (?![\w-]|[.,]\d)
    """,
    re.X,
)


def _without_spaced_dash_after(said: str) -> str:
    """A number with a country code, cut before a group after a spaced dash that makes it too long to be one:
    "+44 1632 960447 - 10" is "+44 1632 960447"; "+44 1632 - 960 - 447" stays whole."""
    while said.startswith("+") and " - " in said and not _possible(said):
        said = said[: said.rfind(" - ")]
    return said


def _possible(said: str) -> bool:
    try:
        return phonenumbers.is_possible_number(phonenumbers.parse(re.sub(r"\(\s?0\s?\)", "", said), None))
    except phonenumbers.NumberParseException:
        return False


# An extension said after the number: "ext 214", "ext. 31", "extension 3", "x4410", "x 22".
_EXTENSION_RE = re.compile(
    r"\s*,?\s*(?:ext\b\s*\.?|extension\b|x(?=\d)|x(?=\s\d{1,5}(?![\w-]|[.,]\d|\s+(?:or|times)\b)))\s*(?:no\.?\s*|number\s+)?(?P<ext>\d{1,5})(?![\w-]|[.,]\d)",
    re.I,
)
_PHONE_WORDS_RE = _words(
    r"phone|mobile|cell|tel|telephone|landline|call|ring|text|sms|whatsapp|number|reach|contact\w*"
)
_MOBILE_RE = _words(r"mobile|cell(?:phone)?")
# The word for a bank account straight before the digits: "A/c 00781045567", "account no. 0112445899".
_ACCOUNT_BEFORE_RE = re.compile(
    r"\b(?:a/c|acc|acct|account|pay\s?bill)(?:\s+(?:number|no\.?|\#))?\s*[:#]?\s*$", re.I
)


def _phones(s: _Sentence) -> list[ExtractedFact]:
    """Nine to fifteen digits in a phone's shape; a bare run of digits only near phone words. In a
    sentence about a phone, libphonenumber's matcher also finds numbers in other countries' national
    formats ("1793 414926"). Numbers said with a country code are normalised to E.164."""
    spans: list[tuple[int, int, str]] = []
    for m in _PHONE_RE.finditer(s.text):
        if _ACCOUNT_BEFORE_RE.search(s.text, max(0, m.start() - 30), m.start()):
            continue  # "A/c 00781045567": an account's number, read as one by contacts.py
        said = _without_spaced_dash_after(m.group())  # "+44 1632 960447 - 10 minutes": not the "10"
        raw = re.sub(r"^00(?=[1-9])", "+", said)  # the international prefix said as 00
        raw = re.sub(r"\(\s?0\s?\)", "", raw) if raw.startswith("+") else raw
        digits = re.sub(r"\D", "", raw)
        if not 9 <= len(digits) <= 15:
            continue
        near = _PHONE_WORDS_RE.search(s.text[max(0, m.start() - 40) : m.end() + 20])
        if m["bare"] and not near and not _valid_somewhere(raw):
            continue  # "it is 20 7946 0321": a London number said without its 0
        if m["spelled"] and (len(digits) != 10 or not _valid_somewhere(raw)):
            continue  # an Irish or Australian line of ten digits grouped as it reads: "1800 24 7 365"
        end = m.start() + len(said)
        spans.append((m.start(), end, _e164(raw) or ("+" if raw.startswith("+") else "") + digits))
    if _PHONE_WORDS_RE.search(s.text):
        for found in phonenumbers.PhoneNumberMatcher(s.text, "US", leniency=phonenumbers.Leniency.POSSIBLE):
            start, end = found.start, found.end
            if 9 <= sum(c.isdigit() for c in found.raw_string) <= 15 and not any(
                a < end and start < b for a, b, _ in spans
            ):
                spans.append((start, end, _e164(found.raw_string) or re.sub(r"\D", "", found.raw_string)))
        spans += _local_numbers(s.text, spans)
        spans += _named_country_numbers(s.text, spans)
        spans += _seven_digit_numbers(s.text, spans)
    if _EIGHT_DIGITS_RE.search(s.text):
        spans += _numbers_of_the_country(s, spans)
    spans += _service_numbers(s.text, spans, s.previous)
    content = s.turn.content or ""
    if "13 " in s.text and (_PHONE_WORDS_RE.search(content) or _LINE_RE.search(content)):
        spans += [
            (m.start(), m.end(), re.sub(r"\D", "", m.group()))
            for m in _SHORT_NUMBER_RE.finditer(s.text)
            if not any(a < m.end() and m.start() < b for a, b, _ in spans)
        ]
    out = []
    for start, end, normalised in sorted(spans):
        if extension := _EXTENSION_RE.match(s.text, end):  # "01632 960 775 ext 214": the line to ask for
            end, normalised = extension.end(), f"{normalised};ext={extension['ext']}"
        key = "mobile_phone" if _MOBILE_RE.search(s.text[max(0, start - 50) : end + 30]) else "phone"
        key = "place_phone" if _about_a_place(s) else key
        out.append(s.fact("phone", key, start, end, normalised))
    return out


# An Australian six-digit number said in three pairs ("13 22 47", a taxi or an insurer's line), in a turn
# about phoning.
_SHORT_NUMBER_RE = re.compile(r"(?<![\w.,:/$£€-])13\s\d\d\s\d\d(?![\w:-]|[.,]\d|\s\d)")
_LINE_RE = _words(r"lines?|taxis?|cabs?|hotline|helpline|dial")


# A three-digit service number said as one to ring: "call 999", "you can use 101 or the front desk line",
# "the non emergency number is 101",
# "dial 911"; where the sentence speaks of phones or of the police, an ambulance or an emergency, or answers
# a question of phoning ("can i do it by phone ?" "yes , on 101 ."), and does not ask ("should I call
# 999?"). Not "room 101", "the 111 bus".
_SERVICE_NUMBER_RE = re.compile(
    r"\b(?:call|ring|dial|phone|use|on|or|to|(?:emergency|police|phone|helpline)\s+number\s+(?:is|'s))\s+(?P<n>999|911|112|111|101|000|119|311|411)"
    r"(?![\w-]|[.,]\d)",
    re.I,
)
_SERVICE_TALK_RE = _words(r"line|police|ambulance|emergenc(?:y|ies)|non-?emergency|nhs|fire")
# A question of phoning, that a service number alone answers: "can i report it by phone ?" "yes , on 101 ."
_ASKS_PHONING_RE = _words(r"phone|telephone|call|ring|dial")


def _service_numbers(
    text: str, spans: list[tuple[int, int, str]], previous: str = ""
) -> list[tuple[int, int, str]]:
    if is_question(text) or not _SERVICE_NUMBER_RE.search(text):
        return []
    asked = is_question(previous) and _ASKS_PHONING_RE.search(previous)
    if not (_PHONE_WORDS_RE.search(text) or _SERVICE_TALK_RE.search(text) or asked):
        return []
    return [
        (m.start("n"), m.end("n"), m["n"])
        for m in _SERVICE_NUMBER_RE.finditer(text)
        if not any(a < m.end("n") and m.start("n") < b for a, b, _ in spans)
    ]


# A local number of seven digits said as a phone ("their number is 555-0192", "call 555.0147", "call the desk
# at 555-0134"): three and four digits with a dash or a dot, straight after a word of phoning; not after a
# booking or order word. A local number of eight digits in two groups of four, as Australia, Singapore and
# Hong Kong say them ("he'll ring from 5430 4444", "call me on 9123 4567"), after the same words.
_SEVEN_DIGIT_RE = re.compile(
    r"\b(?P<cue>(?:phone|telephone|tel|mobile|cell)(?:\s+(?:number|no\.?))?|number|dial|reach\s+(?:\w+\s+)?(?:at|on)"
    r"|(?:call|ring)(?:\s+(?:[\w']+\s+){0,3}?(?:at|on|from))?"  # "Call their front desk at 555-0134."
    r"|text)(?:\s+(?:is|was|'s))?\s*:?\s+(?P<n>[2-9]\d{2}[-.]\d{4}|[2-9]\d{3}\x20\d{4})(?![\w-]|[.,]\d|\x20\d)",
    re.I,
)
_NOT_PHONE_BEFORE_RE = _words(
    r"order|booking|confirmation|reference|ref|ticket|account|case|invoice|tracking|reservation|flight|room|policy|claim"
)


def _seven_digit_numbers(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    out = []
    for m in _SEVEN_DIGIT_RE.finditer(text):
        if any(a < m.end("n") and m.start("n") < b for a, b, _ in spans):
            continue
        if m["cue"].lower() == "number" and _NOT_PHONE_BEFORE_RE.search(
            text[max(0, m.start() - 25) : m.start()]
        ):
            continue  # "your order number is 555-0192"
        out.append((m.start("n"), m.end("n"), re.sub(r"\D", "", m["n"])))
    return out


def _local_numbers(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """A number in the national format of the country whose code a number before it in the sentence
    has: "+65 9123 4567, or the office 6221 5580" (a Singapore number of eight digits). Only numbers
    valid in that country's plan (libphonenumber's rules), so a price or a count beside it is none."""
    out: list[tuple[int, int, str]] = []
    regions = {
        phonenumbers.region_code_for_number(n)
        for _, _, e164 in spans
        if e164.startswith("+") and (n := _parsed(e164))
    }
    after = min((a for a, _, e164 in spans if e164.startswith("+")), default=len(text))
    for region in sorted(r for r in regions if r and r != "US"):  # the US format is read above
        for found in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID):
            if found.start > after and not any(a < found.end and found.start < b for a, b, _ in spans + out):
                e164 = phonenumbers.format_number(found.number, phonenumbers.PhoneNumberFormat.E164)
                out.append((found.start, found.end, e164))
    return out


# A country named before a number in a sentence about a phone: "my Singapore number is 9123 4567", "her
# Indian mobile: 98450 12763", "call the Hong Kong office on 2511 3300".
_COUNTRY_REGIONS = {"singapore": "SG", "hong kong": "HK", "india": "IN", "indian": "IN", "canada": "CA"}
_COUNTRY_REGIONS |= {"canadian": "CA", "south africa": "ZA", "south african": "ZA", "australia": "AU"}
_COUNTRY_REGIONS |= {"australian": "AU", "new zealand": "NZ", "kiwi": "NZ", "ireland": "IE", "irish": "IE"}
_COUNTRY_REGIONS |= {"france": "FR", "french": "FR", "germany": "DE", "german": "DE", "japan": "JP"}
_COUNTRY_REGIONS |= {"japanese": "JP", "malaysia": "MY", "malaysian": "MY", "denmark": "DK", "danish": "DK"}
_COUNTRY_RE = re.compile(
    r"\b(?P<country>" + "|".join(sorted(_COUNTRY_REGIONS, key=len, reverse=True)) + r")\b", re.I
)


# Between the country and the number, what says the number is its phone: "Singapore number is", "Hong
# Kong office on"; not "Singapore team has 8123 4410 fans".
_BETWEEN_COUNTRY_RE = re.compile(
    r"^\s*(?:(?:mobile|cell|phone|number|landline|office|line|desk|branch)\b[^.,;]{0,20}|[:-]\s*$)", re.I
)


# A local number of eight digits in two fours ("9123 4567"), in a conversation about a country that dials them
# (Singapore, Hong Kong): named, or a number with its country code said, in this turn or the two before.
# The number ends its clause: "the Singapore team has 8123 4410 fans" counts.
_EIGHT_DIGITS_RE = re.compile(
    r"(?<![\w.,:/#$£€+-])\d{4}\s\d{4}(?=\s*(?:[.,;!)]|$|(?:and|or|too|if|please|pls|thanks)\b))"
)
_COUNTRY_CODE_RE = re.compile(r"\+(?:65|852)[ .-]?\d{4}[ .-]?\d{4}(?!\d)")
_EIGHT_DIGIT_REGIONS = ("SG", "HK")
# What says the number is a phone: a word of phoning or of a line, or the person it reaches named just
# before it ("the agent is Mei Tan 9123 4567", "Saved Wei Ling, 8123 4410").
_LINE_WORDS_RE = _words(r"lines?|hotline|whatsapp|agent|contact|landline|office|desk|clinic")
_NAME_BEFORE_RE = re.compile(r"(?-i:[A-Z][a-z]+\s[A-Z][a-z]+),?\s$")


def _numbers_of_the_country(s: _Sentence, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    said = " ".join(s.recent) or s.text
    regions = {r for m in _COUNTRY_RE.finditer(said) if (r := _COUNTRY_REGIONS[m["country"].lower()])}
    regions |= {"SG" if "+65" in m.group() else "HK" for m in _COUNTRY_CODE_RE.finditer(said)}
    regions &= set(_EIGHT_DIGIT_REGIONS)
    if not regions or is_question(s.text):
        return []
    out: list[tuple[int, int, str]] = []
    for m in _EIGHT_DIGITS_RE.finditer(s.text):
        before = s.text[max(0, m.start() - 30) : m.start()]
        if any(a < m.end() and m.start() < b for a, b, _ in spans) or _NOT_PHONE_BEFORE_RE.search(before):
            continue  # "booking 6221 5580" names a booking
        named = _NAME_BEFORE_RE.search(before)
        if not (named or _PHONE_WORDS_RE.search(s.text) or _LINE_WORDS_RE.search(s.text)):
            continue
        for region in sorted(regions):
            number = phonenumbers.parse(m.group(), region)
            if phonenumbers.is_valid_number_for_region(number, region):
                out.append(
                    (
                        m.start(),
                        m.end(),
                        phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164),
                    )
                )
                break
    return out


def _named_country_numbers(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """A number valid in the plan of a country named before it in the sentence (see _COUNTRY_RE)."""
    out: list[tuple[int, int, str]] = []
    for country in _COUNTRY_RE.finditer(text):
        region = _COUNTRY_REGIONS[country["country"].lower()]
        for found in phonenumbers.PhoneNumberMatcher(text, region, leniency=phonenumbers.Leniency.VALID):
            between = text[country.end() : found.start]
            if (
                found.start > country.end()
                and _BETWEEN_COUNTRY_RE.search(between)
                and not any(a < found.end and found.start < b for a, b, _ in spans + out)
            ):
                e164 = phonenumbers.format_number(found.number, phonenumbers.PhoneNumberFormat.E164)
                out.append((found.start, found.end, e164))
    return out


def _parsed(e164: str) -> phonenumbers.PhoneNumber | None:
    try:
        return phonenumbers.parse(e164, None)
    except phonenumbers.NumberParseException:
        return None


# Where a number said with neither a phone word nor a country code is looked up, in this order:
# the countries whose national formats the supported conversations use most.
_REGIONS = ("GB", "US", "FR", "DE", "IE", "NL", "ES", "IT", "AU", "IN", "CA")


def _valid_somewhere(raw: str) -> bool:
    """Is this run of digits a valid number of one of ``_REGIONS`` (libphonenumber's rules, not
    just its length)? Only runs of nine to fifteen digits in groups reach here, so it is cheap."""
    for region in _REGIONS:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(raw, region)):
                return True
        except phonenumbers.NumberParseException:
            return False
    return False


def _e164(raw: str) -> str:
    """A number said with its country code, in E.164 ("+44 (0)20 7946 0018" is "+442079460018")."""
    if not raw.lstrip().startswith("+"):
        return ""
    try:
        number = phonenumbers.parse(raw, None)
    except phonenumbers.NumberParseException:
        return ""
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)
