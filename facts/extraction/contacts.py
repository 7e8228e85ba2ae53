"""Identifiers and emails (phone numbers are read in phones.py)."""

from __future__ import annotations

import re

from facts.extraction.currencies import _SYMBOL
from facts.extraction.text import _Sentence, _words
from memadmin.providers.base import ExtractedFact

# ------------------------------------------------------------------ identifiers and emails

_PREFIX_KEYS = {"ORDER": "order_id", "ORD": "order_id", "PO": "order_id", "CASE": "case_id", "CS": "case_id"}
_PREFIX_KEYS |= {"TICKET": "ticket_id", "TCK": "ticket_id", "TKT": "ticket_id", "INC": "ticket_id"}
_PREFIX_KEYS |= {"ACCOUNT": "account_id", "ACCT": "account_id", "ACC": "account_id", "AC": "account_id"}
_PREFIX_KEYS |= {"CUST": "account_id", "INV": "invoice_id", "TRK": "tracking_number"}
_NOT_IDENTIFIERS = frozenset({"ISO", "RFC", "UTF", "COVID", "GPT", "RTX", "GTX", "USB", "HDMI", "MP"})
_PREFIXED_ID_RE = re.compile(
    # a prefix of two groups of capitals too: "EXC-RTB-30217", "WC-CV-2093", one of them a single capital
    # ("BD-Q-0512", a quote's); or of lower case ("pc-ie-55120881")
    r"(?<![\w-])(?P<prefix>[A-Z]{1,6}(?:-(?-i:[A-Z]{1,4}|[a-z]{2,4})(?=-))?)(?P<sep>[-#]?)"
    r"(?P<body>[A-Z0-9]*\d[A-Z0-9]*(?:-[A-Z0-9]+)*)(?![\w-])",
    re.I,
)
_CONTEXT_ID_RE = re.compile(
    r"""\b(?P<ctx>order|case|ticket|account|acct|invoice|reff?(?:e?r+[ae]?n[cs]e)?|tracking|booking
        |conf[a-z]{0,2}m[a-z]{1,5}n|rma|reservation|pnr|(?:record\s+)?locator
        |conf\.?(?=\s*(?:number|no\s?\.|no|num|\#|code)\b)  # "conf. no. 44812", "conf # 7Q2X"
        |claim|policy|member(?:ship)?|customer|receipt|serial|voucher|parcel|licen[cs]e|imei|iccid
        |permit  # "your permit is rp-55120", "the trades permit tp 2206 33 starts monday"
        |(?:air\s?)?way\s?bill|consignment(?:\s+note)?  # a courier's: "waybill KT 20417 3381"
        # a prepaid meter by its number, and the token bought for it, twenty digits in fours: "meter no
        # 30418822761", "your token is 4410 2291 0087 3316 5502"; not "a 400 meter walk"
        |(?<!\d\s)meter(?=(?:\s+(?:number|no\s?\.?|num|\#|id))?\s*(?:is\s+|:\s*)?\d{6,})
        |token(?=(?:\s+(?:number|no\s?\.?))?\s*(?:is\s+|:\s*)?\d{4}(?:\s?\d{4}){3,4}(?![\w-]|[.,:]\d))
        |(?:transaction|prescription|job|quote|collection|application|patient|sort|registration
            |certificate|report|crime|incident|complaint|student|employee|enrol(?:l)?(?:ment|ee)|matriculation
            |library\s+card|matter|file|loan|candidate|hire|rental|log|return|refund|dispute|repair|item
            |subscription)
            (?=\s+(?:number|no\s?\.|no|num|nr|\#|id|code|ref(?:erence)?)\b)
        |(?:micro)?chip(?=(?:\s+(?:number|no|code|id))?\s+(?:is|reads|:)?\s*\d{3}\s?\d{3}\s?\d{3}\s?\d{3}\s?\d{3}(?![\w-]|[.,]\d))
        |(?P<service>train|flight|bus|coach))
    (?P<named>(?:\s+(?:number|no\s?\.|no|num|nr|\#|id|code|ref(?:erence)?|conf[a-z]{0,2}m[a-z]{1,5}n)|\#)*)
    # who gave it, before the comma: "a crime reference from the police , kb-2026-60382"
    (?:\s+from\s+(?:the|my|your|their|our)\s+[a-z]+(?:\s+[a-z]+)?(?=\s*,))?
    (?P<comma>\s*,(?!\s*(?:please|thanks|and|but|so|which|if|or)\b))?  # "a case number , wri-204857"
    (?:\s+for\s+(?:your|the|this|that)\s+(?:\w+\s+){0,5}?\w+(?=\s*(?:is|was|will\s+be|:)\s)
        |\s+(?:on|for)\s+(?:that|this|it)(?=\s*(?:is|was|will\s+be|:)\s))?  # "the confirmation on that is"
    \s*(?P<said>(?:(?:is|was|will\s+be|would\s+be|stays|remains|becomes|reads|(?:has\s+)?changed\s+to|changes\s+to)
        (?:\s+(?:now|still))?(?![\w-])\s*|(?:still|now)\s+  # "is my reference still ..."
        |to\s+(?=(?-i:[A-Z0-9-]{5,})))?[:=]?)\s*\#?\s*  # "Change the reference to FLAT3-AUG" (checked below)
    (?P<id>[A-Za-z]{1,4}(?:/\d{2,8}){1,3}(?:/[A-Za-z]{1,4})?(?![\w/-])|(?-i:[A-Z0-9]{1,6}(?:/[A-Z0-9]{1,8}){1,3})(?![\w/-])
        |(?-i:[A-Z]{1,4})(?:\s\d{2,6}(?:-\d{2,6})?){1,4}(?:\s(?-i:[B-HJ-Z])(?![\w/-]))?  # "HRN 2291 D"
            (?!\s?[.,:]\d)
        |(?-i:[A-Z]{1,4})\s\d{7,10}(?![\w/-]|\s?[.,:]\d)  # a scheme's letters and its number: "MS 40877123"
        |(?-i:[A-Z]{3,12}\s[A-Z]{0,3}\d{1,4}[A-Z]?)(?![\w/-])  # a name and a code: "MOKOENA U12"
        |(?P<low>(?-i:[a-z]{2,4}))(?:\s\d{2,6}(?:-\d{2,6})?){1,4}
            (?:\s(?-i:[b-hj-np-z])(?![\w/'-]))?  # "bk 4471 r"
            (?!\s?[.,:]\d)
        |\d{3,6}(?:\s\d{2,10}){1,6}(?!\s?[.,:]\d)
        |(?:(?<=train\s)|(?<=train\s\#)|(?<=train\#))\d{3}(?=\s*(?:[.,;!?)]|$)(?!\d)|\s+(?:from|to|at|on|leav\w*|depart\w*|arriv\w*|gets|is|was)\b)
            # "on train 541 from San Jose", "Train #518 is on time"; not "the train 150 metres away"
        |(?=[A-Za-z0-9-]*[0-9A-Za-z])[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){3,29})(?![\w-])
  | \b(?:card|visa|mastercard|amex)\s+ending(?:\s+in)?\s+(?P<last4>\d{4})\b""",
    re.I | re.X,
)
# A code after a comma that follows the word for it, capitals then four digits or more: "your last invoice,
# INV 20417, was $312"; or, in lower case, letters and two groups of digits or more joined by dashes: "they
# gave me a reference , kx-2026-41173"; not "the claim, 20 ..." nor "the booking, 4 nights".
# The word for a code changed by the person: "Change the reference to FLAT3-AUG" (the new code in capitals
# with a digit); not "with reference to our call".
_CHANGED_BEFORE_RE = re.compile(
    r"\b(?:change|changed|update|updated|set|switch|put)\s+(?:the|my|his|her|its|our|your|their)\s+$", re.I
)
_APPOSITIVE_CODE_RE = re.compile(r"(?-i:[A-Z]{2,4})[\s-]?\d{4,10}|(?-i:[a-z]{2,4})(?:-\d{2,8}){2,3}")
# Words a booking reference is introduced by; after them an id needs fewer digits than elsewhere.
_BOOKING_CONTEXTS = frozenset({"reference", "ref", "booking", "confirmation", "ticket", "voucher", "receipt"})
_BOOKING_CONTEXTS |= {"reservation", "tracking", "parcel", "order"}
_VOWELS = frozenset("aeiouy")
_CONTEXT_KEYS = {"order": "order_id", "case": "case_id", "ticket": "ticket_id", "account": "account_id"}
_CONTEXT_KEYS |= {"acct": "account_id", "customer": "account_id", "invoice": "invoice_id"}
_CONTEXT_KEYS |= {"tracking": "tracking_number", "parcel": "tracking_number", "train": "train_id"}
_CONTEXT_KEYS |= {"waybill": "tracking_number", "meter": "meter_number", "token": "meter_token"}
_CONTEXT_KEYS |= {"bus": "train_id", "coach": "train_id", "flight": "flight_number", "claim": "case_id"}
# A service id said alone in a turn about that service: "tr4417 leaves at 09:40", "BA283 lands at 6".
_SERVICE_ID_RE = re.compile(r"(?<![\w-])[A-Za-z]{2}\d{3,5}(?![\w-])")
# A currency's sign before a figure is a sum, not a service: "RM 389 return each", "RM500 in new notes".
_SUM_AT_RE = re.compile(rf"(?:{_SYMBOL})\s?\d")
# A clock: "tr6107 , 11:10 - 12:58", "the 8:52 service , tr3064".
_TIMETABLE_RE = re.compile(r"(?<![\d.:])\d{1,2}[:.]\d\d(?![\d.:])")
_SERVICE_RE = _words(
    r"trains?|trainids?|flights?|bus(?:es)?|coach(?:es)?|leav(?:e|es|ing)|depart(?:s|ing|ure|ed)?|arriv(?:e|es|ing|al|ed)"
)

# A service id said straight after "id" where no service is named: "id : tr1234 .", "the id is tr1234".
# Asked back as well: "is the id tr1234 ?" proposes the id, as "the id is tr1234" states it.
_ID_CUE = r"\bid\s*(?:[:#=]|(?:is|was)\b)\s*|\b(?:is|was)\s+(?:the|my|your|its|our|their)\s+id\s+"
_ID_SAID_RE = re.compile(rf"(?:{_ID_CUE})(?=[A-Za-z]{{2}}\d{{3,5}}(?![\w-]))", re.I)
_ID_BEFORE_RE = re.compile(rf"(?:{_ID_CUE})$", re.I)

_SERVICE_NAME_RE = re.compile(r"\b(?P<service>train|flight|bus|coach)(?:es|s)?\b", re.I)


def service_talked_of(text: str, current: str = "") -> str:
    """The service ("train", "flight", "bus") the conversation is about after this text: the last named."""
    named = [m["service"].lower() for m in _SERVICE_NAME_RE.finditer(text)]
    return ("bus" if named[-1] == "coach" else named[-1]) if named else current


# Lower-case words before groups of digits, which no code in tokenised text starts with ("is in 14 days").
_NOT_CODE_LETTERS = frozenset(
    re.split(
        r"\s+",
        "in on at by to for due now and or the is was are about from of per its our your my no it be like"
        " just only over under than with ends end",  # "account ends 4418" names the last digits
    )
)


def _lower_case_code(m: re.Match) -> bool:
    """Is "bct 77 418 20" after "claim reference is" a code: letters that are no word of English before
    groups of four digits or more in all, after a word of a code rather than of a service?"""
    digits = sum(c.isdigit() for c in m["id"])
    return m["low"] not in _NOT_CODE_LETTERS and digits >= 4 and not m["service"]


_UPS_RE = re.compile(r"\b1Z(?:\s?[0-9A-Z]){16}\b")  # "1Z4F8W220355128841", "1Z 4F8 W22 03 5512 8841"
# A code of capitals and digits that runs letters, digits, letters and digits again, said anywhere: an
# e-visa's application ("E27VN0918AB"); not a word, a model ("A320") or a plate.
_MIXED_CODE_RE = re.compile(r"(?<![\w/#-])[A-Z]{1,4}\d{1,6}[A-Z]{1,4}\d[A-Z0-9]{1,10}(?![\w-])")
# A handle people are paid or found by: "her handle is @jess-okoro", "Sent $20 to @sam_lee".
_HANDLE_RE = re.compile(r"(?<![\w.@/])@[A-Za-z][A-Za-z0-9_.-]{1,28}[A-Za-z0-9_](?![\w@-])")
_YEAR_OR_DATE_RE = re.compile(r"(?:19|20)\d\d|\d{4}-\d\d-\d\d")  # "order 2024" names no order


def _overlaps(fact: ExtractedFact, facts: list[ExtractedFact]) -> bool:
    return any(g.span[0] < fact.span[1] and fact.span[0] < g.span[1] for g in facts)


def _identifiers(s: _Sentence) -> list[ExtractedFact]:
    """Prefixed ids ("ORD-48213", "INV-2026-0042"), ids named by the word before them ("order
    number 48213", "case #20931"), UPS tracking numbers and the last four digits of a card."""
    returns = [s.fact("identifier", "return_id", *m.span(), m.group()) for m in _RMA_RE.finditer(s.text)]
    out, lowered_ids = list(returns), []
    for m in _PREFIXED_ID_RE.finditer(s.text):
        prefix, known = m["prefix"].upper(), _PREFIX_KEYS.get(m["prefix"].upper())
        if sum(c.isdigit() for c in m["body"]) < 3 or prefix in _NOT_IDENTIFIERS:
            continue
        if re.fullmatch(r"[A-Z]+-[A-Z]", prefix) and re.fullmatch(r"(?:19|20)\d\d", m["body"]):
            continue  # letters and a year ("the X-Y-2020 plan"), not a code
        # An unknown prefix must be upper case with a separator: "ABC-1234", not "abc1234" or "A320"; or
        # two capitals or more before digits grouped by a dash: "KP2027-114", not "GT40-style".
        grouped = len(prefix) >= 2 and re.fullmatch(
            r"(?!(?:19|20)\d\d-\d\d(?:\d\d)?$)\d{3,}(?:-\d{2,})+", m["body"]
        )
        # In lower-case text: two to four letters, a dash and four digits or more ("qd-5093", "chk-20559");
        # not a year ("pre-2020") nor a count ("covid-19"); a year's digits after letters that make no word
        # (no vowel in them) are a code's ("lf-1927", "tk-2031").
        lowered = (
            m["sep"] == "-"
            and 2 <= len(prefix) <= 4
            and re.fullmatch(r"(?!(?:19|20)\d\d(?:$|-))\d{4,8}(?:-\d{2,6})?", m["body"])
        ) or (
            m["sep"] == "-"
            and 2 <= len(prefix) <= 4
            and not _VOWELS & set(prefix.lower())
            and re.fullmatch(r"\d{4}", m["body"])
        )
        # "EXC-RTB-30217", unless a word before it names it; in lower case with five digits or more, none of
        # them a year ("pc-ie-55120881"; not "co-op-2000")
        if "-" in prefix and (
            m["prefix"].isupper() or (m["prefix"].islower() and re.fullmatch(r"\d{5,10}", m["body"]))
        ):
            lowered_ids.append(s.fact("identifier", "reference", *m.span(), m.group().upper()))
        elif (known and (m["sep"] or m["prefix"].isupper())) or (
            m["prefix"].isupper() and (m["sep"] or grouped)
        ):
            out.append(s.fact("identifier", known or "reference", *m.span(), m.group().upper()))
        elif lowered:  # kept unless a word before it names it ("ticket number is ph-33817")
            lowered_ids.append(s.fact("identifier", "reference", *m.span(), m.group().upper()))
    for m in _CONTEXT_ID_RE.finditer(s.text):
        if returns and _overlaps(s.fact("identifier", "", *m.span(), ""), returns):
            continue  # the number of "RMA 55-20931" is read with its "RMA"
        if m["last4"]:
            out.append(s.fact("identifier", "card_last4", *m.span("last4"), m["last4"]))
        elif (m["comma"] and not m["named"].strip() and not _APPOSITIVE_CODE_RE.fullmatch(m["id"])) or (
            m["low"] and not _lower_case_code(m)
        ):
            continue  # "the claim, 20 ...", "the reference is in 14 days", "the flight was like 16 hours"
        elif m["said"].strip().lower() == "to" and not (
            _CHANGED_BEFORE_RE.search(s.text, 0, m.start()) and any(c.isdigit() for c in m["id"])
        ):
            continue  # only a code the reference is changed to: "Change the reference to FLAT3-AUG"
        elif m["ctx"].lower() == "permit" and s.question:
            continue  # "is the permit pk/3301/27 ?" asks
        elif m["ctx"].lower() in ("hire", "rental") and not re.search(r"[a-z]", m["id"], re.I):
            continue  # "the car hire number is 01632 960 444" is a phone; "hire number DC 0093" a code
        elif _looks_like_id(m) and not _YEAR_OR_DATE_RE.fullmatch(m["id"]):
            key = _CONTEXT_KEYS.get(_context_word(m["ctx"]), "reference")
            out.append(s.fact("identifier", key, *m.span("id"), m["id"].upper().replace(" ", "")))
    # A sentence that times the id names a service too: "your best bet is tr2991 : off at 15:41".
    talked_of = s.service or _SERVICE_RE.search(s.turn.content or "") or _TIMETABLE_RE.search(s.text)
    if talked_of or _ID_SAID_RE.search(s.text):  # "book tr4417" after "which train ...", "id : tr4417"
        for m in _SERVICE_ID_RE.finditer(s.text):
            if _SUM_AT_RE.match(s.text, m.start()):
                continue
            if not (talked_of or _ID_BEFORE_RE.search(s.text, 0, m.start())):
                continue
            flight = re.search(r"\bflights?\b", s.turn.content, re.I) or s.service == "flight"
            key = "flight_number" if flight else "train_id"
            out.append(s.fact("identifier", key, *m.span(), m.group().upper()))
    # "ICE 123", "Eurostar 9014", "tr 4186"
    if s.service == "train" or _SERVICE_RE.search(s.turn.content or ""):
        for m in [*_RAIL_ID_RE.finditer(s.text), *_SPACED_TRAIN_RE.finditer(s.text)]:
            # a year's number is a train's in a sentence that times it ("tr 2083 leaves at 09:12") or ending
            # its clause ("which train ?" "tr 2083 ."); not "tr 2026 was a good year"
            ends = re.match(r"\s*(?:[,.!?;]|$)", s.text[m.end() :])
            timed = m.re is _SPACED_TRAIN_RE and (_TIMETABLE_RE.search(s.text) or ends)
            if timed or not _YEAR_OR_DATE_RE.fullmatch(m["number"]):
                out.append(s.fact("identifier", "train_id", *m.span(), m.group().replace(" ", "").upper()))
    if s.service == "flight" or _FLIGHT_TALK_RE.search(s.turn.content or ""):  # "NH 203", "LH 1034"
        for m in _SPACED_FLIGHT_RE.finditer(s.text):
            if _STATE_POSTCODE_RE.fullmatch(m.group()) and _TOWN_BEFORE_RE.search(s.text, 0, m.start()):
                continue  # "880 Beaufort St, Inglewood WA 6052": a state and its postcode, no flight
            if _SUM_AT_RE.match(s.text, m.start()):
                continue
            out.append(s.fact("identifier", "flight_number", *m.span(), m.group().replace(" ", "")))
        for m in _LOWER_FLIGHT_RE.finditer(s.text):
            if m["airline"] not in _NOT_AIRLINES and not _YEAR_OR_DATE_RE.fullmatch(m["number"]):
                said = m.group().replace(" ", "").upper()
                out.append(s.fact("identifier", "flight_number", *m.span(), said))
        for m in _THREE_LETTER_FLIGHT_RE.finditer(s.text):
            out.append(s.fact("identifier", "flight_number", *m.span(), m.group()))
    if s.service == "flight" or _FLIGHT_TALK_RE.search(s.turn.content or "") or _TIMETABLE_RE.search(s.text):
        for m in _AIRLINE_FLIGHT_RE.finditer(s.text):
            out.append(s.fact("identifier", "flight_number", *m.span(), m.group().upper()))
    out += [f for f in lowered_ids if not _overlaps(f, out)]
    out += [
        f
        for m in _NUMBER_SAID_RE.finditer(s.text)
        if not _overlaps(f := s.fact("identifier", "reference", *m.span("id"), m["id"].upper()), out)
    ]
    if (
        "identifier" in s.asked
        and (
            (m := _ID_ANSWER_RE.fullmatch(s.text))
            or (
                (m := _ID_ANSWER_GOES_ON_RE.match(s.text))
                and re.search(r"[A-Za-z]", m["id"])
                # three digits, or two in a code of six characters or more ("it 's tkr5v8wd , for ...")
                and (digits := sum(c.isdigit() for c in m["id"])) >= 2
                and (digits >= 3 or len(m["id"]) >= 6)
            )
        )
        and (_code_shaped(m["id"].replace(" ", "")) or _PIN_RE.fullmatch(m["id"]))
        and not _RX_RE.fullmatch(m["id"])  # a prescription's number is read with its kind below
    ):
        out.append(s.fact("identifier", "reference", *m.span("id"), m["id"].upper().replace(" ", "")))
    if _PLATE_RE.search(s.text) and any(_VEHICLE_RE.search(t) for t in (s.turn.content or "", *s.recent)):
        for m in _PLATE_RE.finditer(s.text):
            out.append(s.fact("identifier", "registration", *m.span(), m.group().replace(" ", "")))
    # "a silver skoda , reg ae14 kpt"; "the car is a white estate , lx19 vbn"; in lower case with its two
    # parts spaced, where the turn or the turns before speak of a car ("it 's wk68 rzn ." after "what 's the
    # car 's registration ?", "a permit for wk68 rzn")
    lower = [*_LOWER_PLATE_RE.finditer(s.text), *_DESCRIBED_PLATE_RE.finditer(s.text)]
    if _SPACED_LOWER_PLATE_RE.search(s.text) and any(
        _VEHICLE_RE.search(t) for t in (s.turn.content or "", *s.recent)
    ):
        lower += [
            m
            for m in _SPACED_LOWER_PLATE_RE.finditer(s.text)
            if not any(o.span("plate") == m.span("plate") for o in lower)
        ]
    for m in lower:
        out.append(
            s.fact("identifier", "registration", *m.span("plate"), m["plate"].replace(" ", "").upper())
        )
    for m in [*_ID_BEFORE_CUE_RE.finditer(s.text), *_QUOTE_ID_RE.finditer(s.text)]:
        if _code_shaped(m["id"]):
            ctx = m.groupdict().get("ctx")
            key = _CONTEXT_KEYS.get(_context_word(ctx), "reference") if ctx else "reference"
            out.append(s.fact("identifier", key, *m.span("id"), m["id"].upper()))
    out += [
        f for f in _access_codes(s) if not any(g.span[0] < f.span[1] and f.span[0] < g.span[1] for g in out)
    ]
    if not s.question and _A_CARD_RE.search(f"{s.previous} {s.text}"):
        out += [
            s.fact("identifier", "card_number", *m.span("id"), m["id"])
            for m in _CARD_GROUPS_RE.finditer(s.text)
            if not any(g.span[0] < m.end("id") and m.start("id") < g.span[1] for g in out)
        ]
    out += [
        s.fact("identifier", "reference", *m.span("id"), m["id"].upper().replace(" ", ""))
        for m in [*_SCHEME_ID_RE.finditer(s.text), *_LONG_CODE_RE.finditer(s.text)]
        if not any(g.span[0] < m.end("id") and m.start("id") < g.span[1] for g in out)
        and m.group("id")[:3] not in _NOT_IDENTIFIERS
    ]
    out += [
        s.fact("identifier", "reference", *m.span(), m.group().upper())
        for m in _SLASHED_CODE_RE.finditer(s.text)
        if not any(g.span[0] < m.end() and m.start() < g.span[1] for g in out)
    ]
    ups = _UPS_RE.finditer(s.text)
    out += [s.fact("identifier", "tracking_number", *m.span(), m.group().replace(" ", "")) for m in ups]
    out += [
        s.fact("identifier", "reference", *m.span(), m.group())
        for m in _MIXED_CODE_RE.finditer(s.text)
        if sum(c.isdigit() for c in m.group()) >= 4
        and not _overlaps(s.fact("identifier", "", *m.span(), ""), out)
    ]
    return out + [s.fact("identifier", "handle", *m.span(), m.group()) for m in _HANDLE_RE.finditer(s.text)]


# Letters, digits and letters between slashes are a code with or without a word for it: "they gave me a
# reference , lp/7713/sm", "i have saved it , kb/20417/tq"; no date or fraction has letters at both ends.
_SLASHED_CODE_RE = re.compile(r"(?<![\w/.-])[A-Za-z]{1,4}/\d{3,8}/[A-Za-z]{1,4}(?![\w/-])")


# A code after the capitals of the scheme it belongs to: "ABN 51 824 753 556", "BSB 064-122", "His CRN is
# 412 883 571A", "IFSC KRLB0004417", "Enrolment ID YSS-OSHC-20931", "UEN 53112233D"; digits in groups (a
# letter may end them), or capitals and digits; not "ID 4 digits long".
_SCHEME_ID_RE = re.compile(
    r"(?<![\w-])(?-i:BSB|CRN|ABN|ACN|TFN|IFSC|IBAN|BIC|SWIFT|UTR|PPSN?|SIN|NINO|GSTIN|PAN|PCN|UEN|NRIC|BVN|ID)"
    r"(?:\s+(?:number|no\.?))?(?:\s+(?:is|was))?\s*[:,]?\s*"
    r"(?P<id>\d{2,4}(?:[\s-]\d{2,4}){1,4}[A-Z]?|(?=[A-Z0-9-]*\d[A-Z0-9-]*\d[A-Z0-9-]*\d)[A-Z0-9]{2,}(?:-[A-Z0-9]+)*)"
    r"(?![\w-]|[.,:]\d|\s(?:digits?|numbers?|characters?|letters?|long))"
)
# A code of three to six capitals and five digits or more, said anywhere: a bag's file ("FRAEI40716"),
# a bank's branch code ("KRLB0004417"), a hotel's confirmation ("GLI7714320").
_LONG_CODE_RE = re.compile(r"(?<![\w/#-])(?P<id>[A-Z]{3,6}\d{5,10})(?![\w-])")
_FLIGHT_TALK_RE = _words(r"flights?|fly|flying|flew|airlines?|airways|airport|landing|lands|boarding")


# A code to get in, pick up, pay less or join a call, after the word that names it: "the gate code is
# 4471", "door code, 2580#", "your pickup code is 482 117", "promo code SPRING25", "the gate PIN is 60917",
# "Wi-Fi password is harbor2291", "meeting ID 883 5102 4471"; not "the code is 4 digits long", "zip code
# 94110" (a postcode) or "area code 415".
_ACCESS_CODE_RE = re.compile(
    r"""(?<![\w-])(?<!zip\s)(?<!post\s)(?<!postal\s)(?<!area\s)(?<!country\s)(?<!dress\s)(?<!sort\s)(?<!tax\s)
    (?P<ctx>(?:(?:door|gate|access|entry|entrance|pick-?up|collection|alarm|locker|key\s?box|lock\s?box|room|key|building
        |buzzer|keypad|promo|promotion(?:al)?|discount|coupon|gift|wi-?fi|security|verification|parking|garage)\s+)?
        (?:codes?|pins?|pass\s?codes?|passwords?)
        # "the pin for the side door is 2280", "the code to the gate is 1945"
        (?:\s+(?:for|to|of)\s+(?:the|your|our|my)\s+(?:(?:front|back|side|main|garden|street)\s+)?
            (?:door|gate|building|garage|locker|alarm|safe|key\s?box|lock\s?box|shed|wi-?fi))?
      |(?:meeting|webinar|conference|zoom|call|dial-?in)\s+(?:id|number)|plate(?:\s+number)?
      |(?:registration|rego)(?:\s+(?:number|for))?)
    (?:\s+(?:is|was|will\s+be|(?:has\s+)?changed\s+to)(?:\s+now)?)?\s*[:,]?\s*
    (?P<id>\d{3,4}(?:\s\d{3,4}){1,3}\#?|\d{4,10}\#?
        # a British plate in its two parts, in either case: "kx19 tpo", "KX19 TPO"
        |(?P<british>(?-i:[a-z]{2}\d\d\s[a-z]{3}|[A-Z]{2}\d\d\s[A-Z]{3}))
        |(?=[A-Za-z-]*\d)(?=[\d-]*[A-Za-z])[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){3,19}(?:\s\d{3}(?!\d))?
        |(?P<spaced>(?-i:[A-Z0-9]{2,4}\s[A-Z0-9]{3,4})))  # a plate in two parts: "1XK 7RP"
    (?![\w-]|[.,:]\d|\s(?:digits?|numbers?|characters?|letters?|long|minutes?|hours?|days?|times?|percent|%))""",
    re.I | re.X,
)
# "Use code WELCOME10", "enter code 5521 at the keypad": a code after a verb of using it.
_USE_CODE_RE = re.compile(
    r"\b(?:use|enter|type|key\s+in|apply|punch\s+in)\s+(?:the\s+)?(?P<ctx>code|pin)\s+"
    r"(?P<id>\d{4,10}\#?|(?=[A-Za-z-]*\d)(?=[\d-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9-]{3,19})(?![\w-])",
    re.I,
)
# A prescription said with "Rx" before its number, or an account or card by its last four digits:
# "RX 6628104", "Rx #4410298"; "checking account ending 0392", "savings account ending in 7731", "their
# account ends in 4410".
_RX_RE = re.compile(r"(?<![\w-])Rx\s?\#?\s?\d{5,10}(?![\w-])", re.I)
# ... and a return by its authorisation, "RMA" in capitals before the number: "It's RMA 55-20931."
_RMA_RE = re.compile(r"(?<![\w-])RMA\s?\#?\s?\d{2,8}(?:-\d{2,8})?(?![\w-]|[.,]\d)")
_ENDING_RE = re.compile(
    # an account by its name too: "everyday ending in 3306", "current account", "joint ending 2210"; or
    # "ending" alone where a card or an account is spoken of: "the new card came, ending 9026"; its number
    # named: "your account number ends in 7781"
    r"(?:\b(?P<what>(?:account|card)\s+(?:number|no\.?)|account|checking|chequing|savings|everyday|current|joint"
    r"|business|spending|debit|credit|card|(?:the\s+)?one|it|that)\s*,?\s+)?"
    r"(?P<verb>ending(?:\s+in)?|ends(?:\s+(?:in|with))?)\s+(?P<last4>\d{4})(?![\w-]|[.,:/]\d)",
    re.I,
)
_CARD_WORDS = r"cards?|accounts?|visa|mastercard|amex|debit|credit"
_CARD_TALK_RE = _words(_CARD_WORDS)
_ACCOUNT_TALK_RE = _words(rf"{_CARD_WORDS}|bank|checking|chequing|savings|current")
# An account or card by its last digits said with the word "last": "only the last digits, 4418", "the last
# four digits (0392)", "last 4 of the card are 7731", "last four: 2290"; not "the last four years, 2019 to
# 2023", "the last 4 took 20 minutes", "the last digits are smudged", "the last 4 digits, 1500 dollars".
_LAST_DIGITS_RE = re.compile(
    r"\blast\s+(?:(?:four|4)(?:\s+digits)?|digits)(?:\s+of\s+(?:the|your|my|his|her|their|its)\s+[a-z]+)?"
    r"(?:\s*[,:(]\s*|\s+(?:are|were|is|was)\s+(?:\(\s*)?)(?P<last4>\d{4})"
    r"(?![\w-]|[.,]\d|\s*(?:-|to|and|through)\s*\d|\s*(?:%|percent|dollars|pounds|euros|quid|bucks|[ap]\.?m\b))",
    re.I,
)
# A card of a scheme by its number: "card number HC 4410 2297 38", "Harbor card HC 4410 2297 38", "library
# card is 29174 00583 2216"; not "card 2500 dollars".
_CARD_NUMBER_RE = re.compile(
    r"\bcard(?:,?\s+(?:number|no\.?|\#))?(?:\s+(?:is|was))?\s*[:,]?\s*"
    r"(?P<id>(?-i:[A-Z]{1,4})(?:\s\d{2,6}){2,4}|\d{4}(?:\s\d{4}){2,3}\s\d{1,3}|\d{4,6}(?:\s\d{2,6}){2,4})"
    r"(?![\w-]|[.,:]\d)",
    re.I,
)
# A card's number in its groups of four, the last group shorter or not ("4929 1180 0562 3", "5412 0091 7730
# 2218"), said where a card is talked of in the sentence or the turn before ("what's the long number on your
# card?" "mine's 4929 1180 0562 3."): no phone, which starts with 0 and has no group of one digit.
_CARD_GROUPS_RE = re.compile(
    r"(?<![\w.,:£$€/#+-])(?P<id>[1-9]\d{3}(?:\s\d{4}){2}\s\d{1,4}|[1-9]\d{3}(?:\s\d{4}){3}\s\d{1,3})"
    r"(?![.,:]\d)(?=\s*(?:$|[.,;!)]|(?:and|please|thanks)\b))"
)
_A_CARD_RE = _words(r"cards?")
# A train or bus named by its number after a comma: "The 7:12 am train, number 4083, gets in ...",
# "The last train leaves at 11:05 pm, number 4120."
_SERVICE_NUMBER_AFTER_RE = re.compile(r",\s*(?:number|no\.?|\#)\s*(?P<id>\d{3,5})(?![\w-]|[.,:]\d)", re.I)
_TRAIN_OR_BUS_RE = _words(r"trains?|bus(?:es)?|coach(?:es)?|tram|ferry|express|service")
# A word one of the forms above needs, looked for first: most sentences have none and cost one search.
_ACCESS_WORDS_RE = re.compile(
    r"code|pin|pass|\bid\b|plate|regist|rego|card|ending|ends\s|last|rx|number|\bno\b|\#|\bacc|branch|routing"
    r"|transit|a/c|pay\s?bill",
    re.I,
)


# A bank account, branch or routing number after the word that names it, digits in groups: "acc 62 8841
# 09127", "account 662 104", "branch code 250655", "branch 198765", an Indian "A/c 50200031847726" and a
# Kenyan "paybill 555014"; six digits or more, not a sum ("account
# for 2 500"), and the opening digits of the answer to a question for an account number ("Account number?"
# "1048 552 7730, branch 198765"); a single digit may open the groups ("account 7 004 318 552").
_BANK_NUMBER_RE = re.compile(
    r"\b(?:acc|acct|account|a/c|branch(?:\s+code)?|routing|transit|pay\s?bill)(?:\s+(?:number|no\.?|\#))?"
    r"(?:\s+(?:is|was))?\s*[:,]?\s*"
    r"(?P<id>\d{6,18}|\d{2,6}(?:[\s-]\d{2,6}){1,4}|\d\s\d{3}(?:\s\d{3}){1,3})(?![\w-]|[.,:]\d)",
    re.I,
)
_OPENING_DIGITS_RE = re.compile(r"\s*(?P<id>\d{2,6}(?:\s\d{2,6}){1,4})(?=\s*,)")


def _ends_a_card(s: _Sentence, m: re.Match) -> bool:
    """Are the digits after "ending" or "ends" the last of a card's or an account's? Named before it ("the
    debit card ending 4471"), or "it" / "that" in a turn about cards; "ending" alone in a statement where
    the sentence or the turn before speaks of a card or an account ("Which account?" "commbank ending
    3391"; not "the lease ending 2028")."""
    what = (m["what"] or "").lower()
    if what and what not in ("it", "that"):
        return True
    if what:
        return bool(_CARD_TALK_RE.search(s.turn.content or ""))
    return bool(
        m["verb"].lower().startswith("ending")
        and not s.question
        and (_ACCOUNT_TALK_RE.search(s.text) or _ACCOUNT_TALK_RE.search(s.previous))
    )


def _bank_numbers(s: _Sentence) -> list[ExtractedFact]:
    out = []
    for m in _BANK_NUMBER_RE.finditer(s.text):
        if sum(c.isdigit() for c in m["id"]) >= 6:
            out.append(s.fact("identifier", "account_id", *m.span("id"), m["id"].replace(" ", "")))
    if "identifier" in s.asked and (m := _OPENING_DIGITS_RE.match(s.text)):
        out.append(s.fact("identifier", "account_id", *m.span("id"), m["id"].replace(" ", "")))
    return out


def _access_codes(s: _Sentence) -> list[ExtractedFact]:
    """Door, gate, pickup and promo codes, PINs, passwords and meeting ids, plates, prescriptions,
    accounts and cards by their last digits or their number, and a train's number after a comma."""
    if not _ACCESS_WORDS_RE.search(s.text):
        return []
    out = _bank_numbers(s)
    for m in [*_ACCESS_CODE_RE.finditer(s.text), *_USE_CODE_RE.finditer(s.text)]:
        ctx = " ".join(m["ctx"].lower().split())
        plate = ctx.startswith(("plate", "registration", "rego"))
        if (
            plate and not (any(c.isalpha() for c in m["id"]) and 5 <= len(m["id"].replace(" ", "")) <= 8)
        ) or (
            (m.groupdict().get("spaced") or m.groupdict().get("british"))
            and not (plate and any(c.isdigit() for c in m["id"]))
        ):
            continue  # "plate 4" is no plate
        key = "registration" if plate else "meeting_id" if ctx.endswith(("id", "number")) else "access_code"
        key = "reference" if ctx in ("code", "codes") else key  # "show code ORX-50218": a booking's code
        out.append(s.fact("identifier", key, *m.span("id"), m["id"].upper()))
    out += [
        s.fact("identifier", "prescription_id", *m.span(), m.group().upper()) for m in _RX_RE.finditer(s.text)
    ]
    out += [  # "I have one ending 4471", "The credit card, ending 8832.", "It ends 6027." after "my new card"
        s.fact("identifier", "card_last4", *m.span("last4"), m["last4"])
        for m in _ENDING_RE.finditer(s.text)
        if _ends_a_card(s, m)
    ]
    out += [  # "I'd keep only the last digits, 4418, in your notes."
        s.fact("identifier", "card_last4", *m.span("last4"), m["last4"])
        for m in _LAST_DIGITS_RE.finditer(s.text)
        if not s.question
    ]
    out += [
        s.fact("identifier", "card_number", *m.span("id"), m["id"]) for m in _CARD_NUMBER_RE.finditer(s.text)
    ]
    if _TRAIN_OR_BUS_RE.search(s.text):
        for m in _SERVICE_NUMBER_AFTER_RE.finditer(s.text):
            out.append(s.fact("identifier", "train_id", *m.span("id"), m["id"]))
    return out


# A code said before the word that names it ("8xkq2v1z is your booking reference", "ab12cd34 is the
# ref .") or as what to quote ("quote kr4t91bz when you arrive", "show QX7R22 at the desk").
_ID_BEFORE_CUE_RE = re.compile(
    r"""(?<![\w#/£$€.,:-])(?<!\d\s)(?P<id>[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){4,15})(?![\w-])
    (?:\s+(?:is|was|will\s+be|remains|stays)\s+(?:now\s+|still\s+)?(?:your|the)\s+(?:new\s+)?
        (?:(?:booking|reservation|table|ticket|room|order|train|flight|hotel)\s+)?
        (?P<ctx>reff?(?:e?r+[ae]?n[cs]e)?|conf[a-z]{0,2}m[a-z]{1,5}n|booking|reservation|order|ticket)
        (?:\s+(?:number|no\s?\.|no|num|code|id))?(?![\w-])(?!\s+(?:time|date|day|fee|price|cost|desk|page|section|email)\b)
    )""",
    re.I | re.X,
)
_QUOTE_ID_RE = re.compile(
    r"\b(?:quote|show|give|mention)\s+(?P<id>[A-Za-z0-9](?:[A-Za-z0-9]|[-/](?=[A-Za-z0-9])){4,15})(?![\w/-])"
    r"(?=\s+(?:at|when|on|to|upon)\b)",
    re.I,
)


# A train named by its category or its operator and its number: "ICE 123", "TGV 6201", "Eurostar 9014".
_RAIL_ID_RE = re.compile(
    r"(?<![\w-])(?:(?:ICE|IC|EC|EN|ECE|TGV|RE|RB|IR|IRE|RJX?|NJ|ICN|EST|AVE|TER|SJ|FR|FA)\s?"
    r"|(?:Eurostar|Thalys|Amtrak|Frecciarossa|Italo|Railjet|Nightjet|Shinkansen)\s)(?P<number>\d{2,5})(?![\w-]|[.,:]\d)"
)


# A train id of the tokenised desks written with a space: "tr 4186".
_SPACED_TRAIN_RE = re.compile(r"(?<![\w-])(?i:tr)\s(?P<number>\d{4})(?![\w-]|[.,:]\d)")


# A flight said with a space between airline and number, in a turn about a flight: "AS 1187", "NH 203".
# An airline's code may start with a digit ("4Z 312", "6E 2041"); "R1 289" is rand with its thousands set
# apart by a space, as South Africans write them, never a flight.
_SPACED_FLIGHT_RE = re.compile(
    r"(?<![\w-])(?!AM|PM|UK|US|EU|NO|ID|TV|R\d\s\d{3}(?!\d))(?:[A-Z][A-Z0-9]|\d[A-Z])\s\d{2,4}(?![\w-]|[.,:]\d)"
)
# ... and in lower case, as tokenised text writes it, three or four digits after two letters that are no word
# of English: "zq 4418 from rotterdam", "it 's on ba 117 , landing at 21:50"; not "at 1530", "tr 4417" (a
# train) or "in 2026".
_LOWER_FLIGHT_RE = re.compile(r"(?<![\w-])(?P<airline>[a-z][a-z0-9])\s(?P<number>\d{3,4})(?![\w-]|[.,:]\d)")
_NOT_AIRLINES = _NOT_CODE_LETTERS | {"tr", "am", "pm", "so", "we", "me", "he", "if", "as", "us", "ok", "do"}
_NOT_AIRLINES |= {"go", "up", "an", "hi", "uk", "eu", "vs", "st", "nd", "rd", "th", "mr", "dr", "ms", "no"}
# ... and by the airline's code of three capitals, written against its number: "EZY6113", "BAW2231".
_THREE_LETTER_FLIGHT_RE = re.compile(r"(?<![\w-])[A-Z]{3}\d{3,4}(?![\w-]|[.,:]\d)")
# An Australian state of two letters and its postcode after the town that ends a street's line: "Inglewood WA
# 6052", "Glenelg SA 5045", "Parap NT 0820".
_STATE_POSTCODE_RE = re.compile(r"(?:WA|SA|NT)\s\d{4}")
_TOWN_BEFORE_RE = re.compile(r",\s*[A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2}\s$")
# A flight said by its airline's name and its number: "She's on United 1432", "Alaska 331 leaves at 7:10 am".
_AIRLINE_FLIGHT_RE = re.compile(
    r"(?<![\w-])(?:United|Delta|American|Southwest|Alaska|JetBlue|Spirit|Frontier|Hawaiian|Allegiant"
    r"|Sun\sCountry|Air\sCanada|WestJet|Aer\sLingus|Lufthansa|Qantas|Emirates|KLM|Air\sFrance"
    r"|British\sAirways|Virgin\sAtlantic)\s\d{1,4}(?![\w-]|[.,:]\d)"
)
# The whole answer to "what is your account number ?", "booking reference ?", "can you read me the
# IMEI?": a code said alone ("It says 358240517734921."), or after the name of the scheme it belongs to
# ("Yes, KrisFlyer 8874 4120 96."); a door or key-box code of four digits or more ("It's 4471.").
_ID_ANSWER_LEAD = (
    r"\s*(?i:(?:yes|yeah|sure|okay|ok|of\s+course|certainly)\s*[,:]?\s*)?"
    r"(?:(?i:it|that|mine)\s*(?i:is|'s|s|says|reads)\s+|(?-i:[A-Z][a-z]+[A-Z]?[a-z]*)\s+(?=\d))?"
)
_ID_ANSWER_ID = (
    r"(?P<id>[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){4,15}|\d{16,22}|[A-Z]{1,4}(?:\s\d{2,6}){1,4}|[A-Z]{1,4}\s\d{7,12}"
    r"|\d{2,6}(?:\s\d{2,6}){1,4}|\d{4}"
    # in lower case, as tokenised text writes it: "dl 0914 22 ."
    r"|(?!(?:at|by|on|in|to|for|the|and|ok|yes|no|or|is|it|its|me|us|my)\s)[a-z]{2,4}(?:\s\d{2,6}){1,4})"
)
_ID_ANSWER_RE = re.compile(_ID_ANSWER_LEAD + _ID_ANSWER_ID + r"(?:\s+(?i:i\s+think|i\s+believe))?\s*[.!]?\s*")
# ... and the code first in an answer that goes on: "yes , it 's hq5512zt , at the kings arms .", "CLM 6627
# 1183. they said an assessor will ring"; read only where the code has letters and digits both.
_ID_ANSWER_GOES_ON_RE = re.compile(
    r"(?:(?i:i\s+can\s+see\s+it|here\s+it\s+is|got\s+it|one\s+sec)\s*,\s*)?"
    + _ID_ANSWER_LEAD
    + _ID_ANSWER_ID
    + r"(?=\s*[,;.!]\s*\S)"
)
_PIN_RE = re.compile(r"(?!(?:19|20)\d\d)\d{4}")
# A number that is a code, said after "number is": letters and four digits or more ("the number was
# T00418822", "my card number is A2093841"); a phone's digits have no letter.
_NUMBER_SAID_RE = re.compile(
    r"\bnumber\s*(?:(?:is|was)\b|:)\s*(?P<id>[A-Za-z]{1,3}\d{4,12}[A-Za-z]?)(?![\w-]|[.,:]\d)", re.I
)
# A British registration plate (two letters, two digits, three letters: "SK17 HVD"), in a turn about a car.
_PLATE_RE = re.compile(r"(?<![\w-])[A-Z]{2}\d{2}\s?[A-Z]{3}(?![\w-])")
# ... in lower case, straight after "reg" or "registration": "reg ae14 kpt".
_LOWER_PLATE_RE = re.compile(
    r"\breg(?:istration)?(?:\s+(?:number|no|plate))?(?:\s+(?:is|was))?\s*:?\s+(?P<plate>[a-z]{2}\d{2}\s?[a-z]{3})(?![\w-])"
)
# ... or alone in lower case, its two parts spaced, the last not a word: "wk68 rzn" (not "at12 for").
_SPACED_LOWER_PLATE_RE = re.compile(
    r"(?<![\w-])(?P<plate>[a-z]{2}\d{2} (?!(?:and|the|for|you|are|was|not|but|can|our|now|off|per|all|any)\b)"
    r"[a-z]{3})(?![\w-])"
)
# ... or after a comma, in a sentence that describes the car or cab: "the cab is a grey estate , lx19 vbn",
# "it 's a white vauxhall , sf67 npl".
_DESCRIBED_PLATE_RE = re.compile(
    r"(?:\b(?:car|cab|taxi|van|minibus|vehicle)\s+(?:is|will\s+be)\b|\bit\s*(?:'s|is|will\s+be)(?=\s+an?\s))"
    r"[^.,;?!]{1,40},\s*"
    r"(?P<plate>[a-z]{2}\d{2}\s?[a-z]{3})(?![\w-])"
)
_VEHICLE_RE = _words(
    r"cars?|vans?|vehicles?|reg|registrations?|plates?|number\s+plate|motor|hire|MOT|drivers?|driving|drove|crash\w*"
)


def _code_shaped(token: str) -> bool:
    """Does a word said before "is your reference" or after "quote" look like a code: letters and two
    digits or more ("7hq2mzx1", "RS-44K7P"), or five digits or more ("448812"); not "tr6621 is the
    train" (no booking word follows it), "table4" or a year."""
    digits = sum(c.isdigit() for c in token)
    letters = sum(c.isalpha() for c in token)
    if not letters:
        return len(token) >= 5 and not _YEAR_OR_DATE_RE.fullmatch(token)
    return digits >= 2 or (digits == 1 and len(token) >= 6 and token.isupper())


def _context_word(ctx: str) -> str:
    """The word an id was introduced by; misspelt ("refernce", "confimation") as meant."""
    ctx = ctx.lower()
    if ctx == "pnr" or ctx.endswith("locator"):  # an airline's booking reference
        return "reference"
    if ctx.endswith("bill") or ctx.startswith("consignment"):  # "air waybill", "consignment note"
        return "waybill"
    return "reference" if ctx.startswith("ref") else "confirmation" if ctx.startswith("conf") else ctx


_BARE_CODE_RE = re.compile(r"(?=(?:[a-z]*\d)?[a-z]*$)[a-z\d]{8}", re.I)
_ENGLISH_ENDING_RE = re.compile(
    r"(?:ed|ing|ble|ly|ive|ent|ant|ous|ful|ion|ate|ite|ure|ness|less|ward|where|thing|body|one|self|ment|ship"
    r"|hood|ial|al|als|ers|er|ies|es|ons|ics|ism|ist|ory|ary|ery|ance|ence|ity|age|ise|ize|ain)$"
)
# Words that follow "reference number is" and are no reference: "is below", "is attached".
_NOT_AN_ID_RE = re.compile(
    r"(?:ed|ing|ble|ly|ive|ent|ant|ous|ful|ion|ate|ite|ure|ness|less|ward|where|thing|body|one|self)$"
    r"|^(?:below|above|correct|wrong|unknown|tomorrow|tonight|today|already|different|required|there|their"
    r"|please|thanks|again|anyway|instead|though|either|perhaps)$"  # "can i have the ref # please ?"
)


def _looks_like_id(m: re.Match) -> bool:
    """Is the word after "order", "reference", "train" ... an id? Two digits make one anywhere.
    After a booking word ("reference", "confirmation number") a code of five or more letters with a
    digit or written in capitals or with the look of random letters (few vowels: "qztmbkrw") is one
    too, "reference number is below" is not; after a service word the id mixes letters and digits.
    After a booking word and ":" or "#", or "is" after its name ("reference number is", "ref :"; not
    "the reservation is quarter past 12") a code of six to twelve letters that does not end as an
    English word does ("qaeuzjno"; not "is attached")."""
    token = m["id"]
    digits = sum(c.isdigit() for c in token)
    if m["service"]:  # "tr4417", "train 2151 departs", but not "the train 2 hours later" or "is 1530"
        said_alone = not m["said"].strip() or m["named"].strip()  # "train 2151", "train number is 2151"
        return digits >= 2 and (any(c.isalpha() for c in token) or (digits >= 3 and bool(said_alone)))
    if digits > 1:
        return True
    if token.isupper() and token.count("-") >= 2 and digits:  # "reference NGL-CM2-HOLD"
        return True
    booking = _context_word(m["ctx"]) in _BOOKING_CONTEXTS
    code_word = _context_word(m["ctx"]) == "reference"
    bare = not (m["named"] or m["said"].strip())
    ends_clause = re.match(r"\s*(?:[.,;!?]|$)", m.string[m.end() :])
    letters_only = token.isalpha() and 6 <= len(token) <= 12 and not _ENGLISH_ENDING_RE.search(token.lower())
    if code_word or _context_word(m["ctx"]) == "confirmation":
        # "reference YQSMGL.", "confirmation qkzvtbnm .": capitals in a sentence that has small letters,
        # or letters with no vowel, straight after the word and ending the clause
        cased = token.isupper() and any(c.islower() for c in m.string)
        no_vowel = not any(c in _VOWELS for c in token.lower())  # "workflow", "strength" are words
        if bare and ends_clause and letters_only and (cased or no_vowel):
            return True
    if booking and bare and digits == 1 and 6 <= len(token) <= 12 and token.isalnum():
        # "change reservation apun1rbb": letters and a digit straight after a booking word; not "7pm"
        word = re.fullmatch(
            r"\d([a-z]+)|([a-z]+)\d", token, re.I
        )  # "4people", "table4"; "7bqxkzmt" is a code
        letters = word and (word[1] or word[2]).lower()
        if not letters or sum(c in _VOWELS for c in letters) <= len(letters) // 4:
            return True
    if code_word and bare and _BARE_CODE_RE.fullmatch(token):
        # "booked ! ref kaxeuvio .": eight letters (a digit at most) ending the clause straight after
        # "ref" or "reference", and not ending as an English word does ("the reference material ."). Not
        # after "confirmation", which English goes on from ("confirmation complete").
        english = _ENGLISH_ENDING_RE.search(token.lower()) or _NOT_AN_ID_RE.search(token.lower())
        return bool(ends_clause) and not english
    dashed_code = "-" in token and token.isupper() and digits == 1  # "work order is WO-KPEF4N"
    if not booking or not (m["named"] or m["said"].strip()) or ("-" in token and not dashed_code):
        return False  # "the ticket costs $48" names no ticket
    letters = [c for c in token.lower() if c.isalpha()]
    if digits == 1:
        return len(token) >= 5
    if len(token) >= 6 and (token.isupper() or sum(c in _VOWELS for c in letters) <= len(letters) // 4):
        return True
    # "ref :", "ref #", "reference is", "booking number is"; not "reference please", "reservation is quarter"
    named = m["named"].strip() or _context_word(m["ctx"]) in ("reference", "confirmation")
    said = ":" in m["said"] or "#" in m["named"] or (m["said"].strip() and named)
    return bool(said) and 6 <= len(token) <= 12 and not _NOT_AN_ID_RE.search(token.lower())


_EMAIL_RE = re.compile(
    r"(?<![\w.+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}(?![\w-]|\.[A-Za-z])"
)


def _emails(s: _Sentence) -> list[ExtractedFact]:
    return [s.fact("email", "email", *m.span(), m.group().lower()) for m in _EMAIL_RE.finditer(s.text)]
