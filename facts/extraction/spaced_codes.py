"""Codes in lower case, their groups set apart by spaces or a slash, as tokenised desk text writes them:
"your reference is wh 88 31 kp", "the quote reference is p2 07 vk", "the appointment number is hc 3390 q",
"cab number cc 118", "the code to show at the door is slc 55 019", "the tag on it is 4107/cd". Only after a
word that names a code and, for a number of anything, with a letter in it ("your room number is 12" is
none); the code ends its clause, so a count or a time after it is no part of it ("the reference is ab 12 ,
for 3 nights")."""

from __future__ import annotations

import re

from facts.extraction.address_lines import POSTCODE_ONLY_RE
from facts.extraction.text import _Sentence
from memadmin.providers.base import ExtractedFact

_CUE_RE = re.compile(
    r"\b(?P<cue>reference|ref|confirmation|(?<!post\s)(?<!zip\s)(?<!postal\s)code(?:\s+to\s+\w+(?:\s+\w+){0,3})?"
    r"|tag(?:\s+on\s+it)?"
    # a number of anything but a place, a phone or a count: "the delay number for your train is dl 0914 22"
    r"|(?!(?:room|house|flat|door|bus|platform|stand|phone|mobile|contact|fax|telephone|tel|the|your|a)\s)"
    r"[a-z]+\s+number(?:\s+(?:to\s+quote|for\s+(?:(?:your|the|my)\s+\w+|that|this|it)))?|log|job"
    # a code given or logged: "they gave me lp 26 0914 7", "i 've logged it for you as ar/1026/88"
    r"|(?P<given>(?:gave|given|sent)\s+(?:me|us|you|her|him|them)|logged\s+(?:it\s+)?(?:for\s+you\s+)?as)"
    # what a booking is kept under, and what to quote: "booked under oc 5531", "quote miu 55218 at the desk"
    r"|(?:booked|booking|reservation|table|order|it|them|(?:that|this)\s+one)(?:\s+(?:is|was|stands|'s))?"
    r"(?:\s+(?:held|kept))?\s+under|quote"
    r"|(?<=,\s)(?P<bare>under))"  # "booked with kelby cars , about 9 , under kc 4410 ."
    r"(?:\s+(?:is|was|stays|will\s+be))?\s*[:,]?\s+"
    r"(?P<id>(?!(?:is|was|are|stays|will)\b)[a-z0-9]{1,5}(?:(?:\x20|/|-)(?!(?:at|when)\b)(?:[a-z0-9]{1,5}|\d{6})){1,4})"
    r"(?=\s*(?:[.,;!]|$|\s(?:and|or|if|for|with|will|is|should|can|at|when)\b))",
    re.I,
)
_GROUP_RE = re.compile(r"[a-z0-9]+")
_BOOKED_RE = re.compile(r"\b(?:booked|booking|reserved|reservation)\b", re.I)
# A code after words that hand it over or keep a thing under it: "your code to collect is hb7720",
# "it 's held under tw4418", "that one 's under mq2290"; or a sentence that is only "that 's kp4471zq" after
# a statement that named a reference or code ("the reference is ready . that 's kp4471zq .").
_ONE_GROUP_RE = re.compile(
    r"(?:\bcode\s+to\s+\w+(?:\s+\w+){0,2}\s+is"
    r"|\b(?:it|(?:that|this)\s+one|(?:the|your|my|our)\s+(?:[a-z]+\s+){0,2}?(?:booking|reservation|order|table|block))"
    r"\s+(?:'s|is|was)\s+(?:held\s+|kept\s+)?under"
    r"|(?:^|(?<=,\s))(?P<alone>(?:that|it)\s+(?:'s|is))"
    # after a comma in a sentence that books: "they 've booked themselves , under bn6w2r8t , a double", "all
    # booked , kp4471 ."
    r"|(?<=,\s)(?P<booked>under|(?=[a-z]+\d[a-z\d]*\s*(?:[.!]|$))))\s*"
    r"(?P<id>[a-z0-9]{2,10}(?:-[a-z0-9]{2,6}){1,2}|[a-z0-9]{2,10}(?:(?(booked)(?!)|\x20)[a-z0-9]{1,5}){0,2})"
    r"(?=\s*(?:[.,;!]|$|\s(?:at|for|and|if)\b))",
    re.I,
)
_NAMED_RE = re.compile(r"\b(?:reference|ref|code|confirmation|booking\s+number)\b")
_BOOKING_MADE_RE = re.compile(r"\b(?:booked|confirmed|reserved)\b", re.I)
_DATE_RE = re.compile(r"(?<!\d)\d{1,2}/\d{1,2}(?!\d)")
# Short words a sentence goes on with, never a code's first group.
_WORDS = {"due", "on", "at", "in", "by", "for", "the", "not", "now", "out", "and", "its", "our", "my", "was"}
# Short words that join numbers, never a group of a code: "your order number is 3 of 5".
_JOINING = {"of", "to", "or", "per", "am", "pm"}


def spaced_codes(s: _Sentence) -> list[ExtractedFact]:
    """Lower-case codes in groups after the word that names them, never in a question."""
    if s.question:
        return []
    out = []
    for m in _CUE_RE.finditer(s.text):
        code = m["id"]
        digits, letters = sum(c.isdigit() for c in code), sum(c.isalpha() for c in code)
        groups = _GROUP_RE.findall(code)
        if digits < 2 or (letters == 0 and not m["cue"].startswith(("reference", "ref", "confirmation"))):
            continue
        if code != code.lower() and not m["cue"].endswith("under"):
            continue  # capitals are read with their kind by contacts.py, but for what a booking is under
        if "-" in code and not m["cue"].endswith("log"):
            continue  # a code joined by dashes after other words is read, with its kind, by contacts.py
        if m["bare"] and not _BOOKED_RE.search(s.text, 0, m.start()):
            continue  # ", under" names what a booking is under only after the booking: not ", under 16 s"
        if (m["cue"].endswith(("under", "quote")) or m["given"]) and (letters < 2 or digits < 3):
            continue  # what a booking is under or what to quote is a code, not "12 b" or a name
        if letters and all(g.isalpha() for g in groups[:-1]) and len(groups) > 2 and "-" not in code:
            continue  # "the code is in the 12": words, not a code
        if any(g.isalpha() and len(g) > 3 for g in groups):
            continue  # a word among the groups: "the reference is under 12 b"
        if (
            POSTCODE_ONLY_RE.fullmatch(code.upper())
            or _DATE_RE.search(code)
            or groups[0] in _WORDS
            or _JOINING & set(groups[1:] if m["cue"].endswith("under") else groups)
        ):
            # "the post code for it is kb4 4ht", "the ref is due 12/07", "the code is on 12 b"; what a booking
            # is under joins nothing with its first group ("the booking is under or 55 19")
            continue
        out.append(s.fact("identifier", "reference", *m.span("id"), code.replace(" ", "").upper()))
    return out or _one_group_code(s) or _shaped_code(s) or _number_given(s)


def _one_group_code(s: _Sentence) -> list[ExtractedFact]:
    """A code of one group with letters and three digits after "code to collect is", "held under", or alone
    after "that 's" when the statement just before it in the turn named a reference, or after "it 's" or
    "that 's" following a comma in a sentence that says a booking was made."""
    if s.question:
        return []
    for m in _ONE_GROUP_RE.finditer(s.text):
        code, groups = m["id"], m["id"].split()
        if sum(c.isdigit() for c in code) < 3 or sum(c.isalpha() for c in code) < 2 or groups[0] in _WORDS:
            continue
        if any(g.isalpha() and len(g) > 3 for g in groups) or _JOINING & set(groups):
            continue
        if m["booked"] is not None and not (m.start() and _BOOKING_MADE_RE.search(s.text, 0, m.start())):
            continue  # not ", under 12s", nor a code closing a sentence that books nothing
        if m["alone"]:
            # a reference named in the statements before it in the turn, or a booking made in its own
            # sentence: "the reference is ready . that 's kp4471zq .", "that 's all booked , it 's qm72kd4x ."
            before = s.turn.content[: s.offset].lower().rsplit("?", 1)[-1]
            booked = m.start() and _BOOKING_MADE_RE.search(s.text, 0, m.start())
            if not (_NAMED_RE.search(before) or booked) or POSTCODE_ONLY_RE.fullmatch(code.upper()):
                continue
        return [s.fact("identifier", "reference", *m.span("id"), code.replace(" ", "").upper())]
    return []


# A code by its shape alone, said to be what a thing named just before it is: a group of one to three
# letters, then groups of digits set apart by spaces or slashes, four digits or more ("the survey is
# sv/2211/064", "the job card is eng 26 117", "the report is wc 71 0442 if you need it", "that one 's rj
# 558219"). A postcode, a clock or a price never has this shape; a word of a sentence before digits ("the fee
# is on 12 may") is no first group. Codes in one piece are read, with their kind, by the other rules.
_SHAPED_RE = re.compile(
    r"(?:\b(?:the|your|his|her|their|our|my)\s+(?:[a-z]+\s+){0,2}[a-z]+|\b(?:that|this)\s+one)\s+(?:is|was|'s)\s+"
    r"(?P<id>[a-z]{1,3}[\x20/]\d{2,6}(?:[\x20/]\d{1,6}){0,3})"
    r"(?=\s*(?:[.,;!]|$|\s(?:and|or|if|for|with|when)\b))"
)


def _shaped_code(s: _Sentence) -> list[ExtractedFact]:
    """Codes by their shape after "the <thing> is" or "that one 's", never in a question."""
    if s.question:
        return []
    out = []
    for m in _SHAPED_RE.finditer(s.text):
        code = m["id"]
        letters = re.match(r"[a-z]+", code)[0]
        if sum(c.isdigit() for c in code) < 4 or letters in _WORDS or letters in _JOINING:
            continue
        out.append(s.fact("identifier", "reference", *m.span("id"), re.sub(r"\s", "", code).upper()))
    return out


# The turn before names a number of a thing to give or bring ("did they take the frame number ?", "bring the
# entry number ."); not a phone, a room, a count or a place.
_NUMBER_NAMED_RE = re.compile(
    r"\b(?!(?:room|house|flat|door|bus|platform|stand|phone|mobile|contact|fax|telephone|tel|the|your|a|any|what"
    r"|which|same|right|wrong|whole|round|lucky|page|table|seat|pitch)\s)[a-z]+\s+number\b"
)
# ... and the answer opens the turn with the code said alone: "yes , it 's wtu 2210 k 4 .", "that 's sx 26 441
# .": groups of letters and digits set apart by spaces, with three digits or more and a letter.
_GIVEN_ALONE_RE = re.compile(
    r"^\W*(?:(?:yes|yeah|yep|sure|ok(?:ay)?|right)\s*,?\s+)?(?:it|that|this)\s*(?:'s|is|'\s+s)\s+"
    r"(?P<id>[a-z0-9]{1,6}(?:\x20[a-z0-9]{1,6}){1,4})(?=\s*(?:[.,;!]|$))"
)


def _number_given(s: _Sentence) -> list[ExtractedFact]:
    """A code in groups given alone, opening the turn, for the number of a thing the turn before named."""
    if s.offset or s.question or not _NUMBER_NAMED_RE.search(s.previous.lower()):
        return []
    m = _GIVEN_ALONE_RE.match(s.text)
    if not m:
        return []
    code, groups = m["id"], m["id"].split()
    if sum(c.isdigit() for c in code) < 3 or not any(c.isalpha() for c in code):
        return []
    if any(g.isalpha() and len(g) > 3 for g in groups) or _JOINING & set(groups) or groups[0] in _WORDS:
        return []  # words among the groups: "it 's in 12 b", "that 's 3 of 5"
    if POSTCODE_ONLY_RE.fullmatch(code.upper()) or _DATE_RE.search(code):
        return []
    return [s.fact("identifier", "reference", *m.span("id"), code.replace(" ", "").upper())]
