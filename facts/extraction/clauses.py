"""Clauses: preferences, commitments, and statements that a value changed."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta

from facts.extraction.amounts import _AMOUNT_RE, _currency
from facts.extraction.date_arithmetic import _day_of_month, _month_end, _week_end
from facts.extraction.dates import _DATE_FORMS, _DATE_RE, _NUMBER, _UNIT_DAYS, _count, _resolve_date
from facts.extraction.text import _PLAIN, _clause, _Sentence, _words
from memadmin.providers.base import ExtractedFact

_GENERIC_KEYS = frozenset({"amount", "date", "time", "address"})
_CITY_KEYS = {"home_city", "work_city"}

# ------------------------------------------------------------------ preferences and commitments

_PREFERENCE_RE = re.compile(
    r"""
    \bI(?:'d|\s+would)?\s+(?:much\s+|really\s+|actually\s+)?prefer\b | \bmy\s+(?:preferred|preference)\b
  | \bI(?:'d|\s+would)\s+(?:much\s+)?rather\b
  | \bI(?:'d|\s+would)\s+like\b[^.;]*?,?\s+(?:not|rather\s+than|instead\s+of)\s     # "..., not store credit"
  | \b(?:don't|dont|do\s+not|never)\s+(?:call|phone|ring|text|e-?mail|message|contact|send\s+me|leave)\b
  | \b(?:text|e-?mail|call|phone|ring|message|contact|reach)\s+me\s+(?:\d+\s+(?:minutes?|mins?|hours?)\s+)?
        (?:instead|only|rather|by|via|on\s+my|at\s+my|after|before|between|when|first|in\s+the\s+(?:morning|evening))\b
  | \binstead\s+of\s+(?:calling|phoning|ringing|texting|emailing|a\s+(?:call|text|email)|calls|texts|emails)\b
  | \buse\s+my\s+(?:mobile|personal|work|home|other|new|landline|e-?mail|cell)\b
  | \bbest\s+(?:way|time|number)\s+to\s+(?:reach|contact|call|get\s+hold\s+of)\s+me\b
  | \bI\s+(?:don't|do\s+not)\s+(?:want|like)\s+(?:any\s+|a\s+|to\s+(?:get|receive)\s+)?(?:\w+\s+)?
        (?:calls?|texts?|e-?mails?|messages?|newsletters?|voicemails?)\b
  | \bno\s+(?:more\s+)?(?:marketing|promotional|sales|spam)\s+(?:e-?mails?|calls?|texts?|messages?)\b
  | \b(?:e-?mail|text|texts|phone|calls|post|sms|whatsapp)\s+only\b
  | \bonly\s+(?:by|via)\s+(?:e-?mail|text|phone|post)\b
  | \bleave\s+(?:it|them|the\s+parcel|parcels)\s+(?:with|at|in|behind|by|outside)\b
  | \bplease\s+(?:also\s+)?(?:always|never|switch\s+my|make\s+sure)\b
  | (?P<change>(?:^\W*|[,;:]\s*
        |\b(?:actually|please|can\s+you|could\s+you|let's|then|just|instead|no|yes|ok(?:ay)?)\W*)
        (?P<makeit>make\s+it\b)(?!\s+(?:to|through|work|happen|easier|clear))       # "make it" as a request
        |\b(?:switch|change)\s+(?:it|that)\s+to\b)
    """,
    re.I | re.X,
)
# A request asked: "can you", "could they", "would you please" just before what is asked for.
_ASKED_BEFORE_RE = re.compile(
    r"\b(?:can|could|would|will|may)\s+(?:you|they|we|i|u|someone)\s+(?:please\s+|just\s+|also\s+)?$", re.I
)
_CONTACT_RE = _words(
    r"call(?:s|ing|ed)?|phon(?:e|es|ing)|ring(?:ing)?|text(?:s|ing)?|sms|e-?mails?|e-?mailing|whatsapp|messages?"
    r"|mobile|landline|voicemail|contact(?:ed|ing)?|reach|newsletters?"
)
_TEMPORARY_RE = re.compile(
    rf"""
    \b(?:until|till|til)\s+(?P<until>(?!further\s+notice)\S)
  | \bfor\s+the\s+(?:next|coming)\s+(?:(?P<n>{_NUMBER}|few)\s+)?(?P<unit>days?|weeks?)\b
  | \bfor\s+(?:a|one|the\s+next|the\s+coming)\s+(?P<unit1>week|fortnight|day)\b
  | \b(?P<period>this\s+(?:week(?:end)?|month)|(?:the\s+)?rest\s+of\s+(?:the|this)\s+(?:week|month))\b
  | \b(?P<today>today|tonight|this\s+(?:morning|afternoon|evening))\b | \b(?P<tomorrow>tomorrow)\b
  | \b(?:while\s+I(?:'m|\s+am)\s+\w+|for\s+now|temporar(?:y|ily)|for\s+the\s+time\s+being|at\s+the\s+moment)\b
    """,
    re.I | re.X,
)
_SITUATION_DAYS = 7


def _temporary_until(text: str, when: datetime) -> date | None:
    """The last day a preference holds when the sentence limits it; None when it is durable.

    End of "this week" is the coming Sunday, "until Friday" that Friday, "today" the turn's date,
    "for the next N days" the date plus N. A limit with no date ("while I'm travelling", "for
    now", "until I'm back") holds for a week: it must be restated to last, never become durable.
    """
    today = when.date()
    for m in _TEMPORARY_RE.finditer(text):
        if m["until"]:
            found = _DATE_RE.match(text, m.start("until"))
            form = next((f for f in _DATE_FORMS if found and found[f]), None)
            resolved = _resolve_date(form, found, when, text) if form else None
            if type(resolved) is date:
                return resolved
            if ordinal := re.match(r"the\s+(\d{1,2})(?:st|nd|rd|th)\b", text[m.start("until") :], re.I):
                return _day_of_month(today, int(ordinal[1]))
        elif m["unit"] or m["unit1"]:
            n = 3 if (m["n"] or "").lower() == "few" else _count(m["n"]) if m["n"] else 1
            return today + timedelta(days=n * _UNIT_DAYS[(m["unit"] or m["unit1"]).lower().rstrip("s")])
        elif m["period"]:
            return _month_end(today) if "month" in m["period"].lower() else _week_end(today)
        elif m["today"] or m["tomorrow"]:
            return today + timedelta(days=1 if m["tomorrow"] else 0)
        return today + timedelta(days=_SITUATION_DAYS)
    return None


def _preferences(s: _Sentence, values: list[ExtractedFact]) -> list[ExtractedFact]:
    """A statement of preference, as the clause that says it; "contact_preference" when it is
    about how to reach the person. Its time limit is read from its own clause, else from the rest
    of the sentence less any other preference ("I'm away this week, so text me"). A temporary
    preference never supersedes the durable one."""
    clauses: dict[tuple[int, int], None] = {}
    for m in _PREFERENCE_RE.finditer(s.text):
        verb = m.start("makeit") if m["makeit"] else m.start()
        if s.question and _ASKED_BEFORE_RE.search(s.text, 0, verb):
            continue  # "Can you make it 2 people?", "Could they leave it with a neighbour?": a request, asked
        start, end = _clause(s.text, verb, m.end(), from_trigger=False)
        if not (m["change"] and any(s.offset + start <= f.span[0] < s.offset + end for f in values)):
            clauses[(start, end)] = None  # "make it £120": the amount is the fact, not a preference
    out, when = [], s.turn.created_at
    for start, end in clauses:
        rest = list(s.text)
        for a, b in clauses:
            rest[a:b] = rest[a:b] if (a, b) == (start, end) else " " * (b - a)
        until = _temporary_until(s.text[start:end], when) or _temporary_until("".join(rest), when)
        key = "contact_preference" if _CONTACT_RE.search(s.text[start:end]) else "preference"
        changed = _CHANGE_RE.search(s.text) is not None and until is None
        out.append(s.fact("preference", key, start, end, supersedes=changed, temporary_until=until))
    return out


_COMMITMENT_RE = re.compile(
    r"""
    \b(?:I|we)(?:'ll|\s+will|\s+shall|(?:'m|\s+am|'re|\s+are)\s+going\s+to)\s+
        (?:also\s+|now\s+|just\s+|personally\s+|then\s+|definitely\s+|immediately\s+|still\s+)?
        (?:call|ring|phone|e-?mail|text|send|refund|issue|arrange|process|escalate|book|schedule|credit|follow\s+up
        |get\s+back|look\s+into|chase|replace|re-?send|dispatch|cancel|raise|waive|reimburse|contact|confirm|check
        |update|organi[sz]e|reverse|request|submit|log|expedite|investigate|make\s+sure|ensure|keep\s+you|monitor
        |apply|honou?r|cover|pay|transfer|post|ship|collect|be\s+in\s+touch|let\s+you\s+know|notify|sort|fix|add
        |order|lock|remove|delete|close|pass|forward|review|put|open|reserve)\b
  | \b(?:I|we)(?:'ve|\s+have)\s+(?:also\s+|now\s+|just\s+|already\s+|gone\s+ahead\s+and\s+)?
        (?:arranged|escalated|booked|scheduled|issued|processed|requested|raised|submitted|refunded|credited|sent
        |cancell?ed|ordered|expedited|logged|set\s+up|put\s+through|approved|waived|applied|added|reversed|opened
        |initiated|authori[sz]ed|organi[sz]ed|e-?mailed|reserved|flagged|removed|deleted|redacted|locked|moved)\b
  | \byou(?:'ll|\s+will|\s+should)\s+
        (?:receive|get|see|be\s+(?:refunded|credited|reimbursed|contacted|called|sent|emailed))\b
  | \b(?:your|the)\s+(?:refund|replacement|credit|callback|courier|engineer|technician|collection|label
        |voucher)\s+(?:will|'ll|has\s+been|is\s+being|is\s+on\s+its\s+way)\b
    """,
    re.I | re.X,
)


def _commitments(s: _Sentence) -> list[ExtractedFact]:
    """What the assistant promised or did for the customer, as the clause it said; questions
    ("Shall I call you back?") promise nothing."""
    if s.question:
        return []
    spans = (_clause(s.text, m.start(), m.end(), from_trigger=True) for m in _COMMITMENT_RE.finditer(s.text))
    return [s.fact("commitment", "commitment", *span) for span in spans]


# ------------------------------------------------------------------ statements of change

_CHANGE_RE = re.compile(
    r"""
    ^\W*(?:correction|sorry,?\s+I\s+meant|I\s+meant|oops|update|scratch\s+that|make\s+it)\b
  | \bactually\b(?![^.?!]*\?\s*$)                                     # not in a question
  | \b(?:my|our|the|your)\s+new\s+(?:(?:home|postal|shipping|delivery|billing|email|e-mail|phone|mobile)\s+)?
        (?:address|e-?mail|number|phone|mobile|account|postcode|details|city|one)\b
  | \b(?:change|changed|update|updated|switch|correct)\s+(?:my|the|our|it|that)\b
        (?:\s+[\w-]+){0,3}?\s+(?:to|from)\b
  | \b(?:has|have|'ve)\s+changed\b | \bmoved\b | \bnow\s+(?:live|lives|living|work|works|working)\b
  | \b(?:will|'ll|should|can)\s+now\s+(?:go|be|ship|arrive|come|reach)\b | \b(?:is|are|it's|'re)\s+now\b
  | \bnow\s+(?:goes|going\s+to|ships|use|using)\b
  | \bno\s+longer\b | \bany\s?more\b | \bshould\s+(?:have\s+been|read)\b | \bwas\s+wrong\b | \btypo\b
  | \bcorrection\b | \bfrom\s+now\s+on\b | \bchanged\s+my\s+mind\b | \bchange\s+of\s+plans?\b
  | \binstead\b(?!\s+of)
    """,
    re.I | re.X,
)
_NEGATED_RE = re.compile(r"\b(?:not|instead\s+of|rather\s+than)\s*[:-]?\s*$", re.I)
# Said to be the value that no longer holds: kept as history, never current.
_OLD_VALUE_RE = re.compile(
    r"\b(?:used\s+to\s+be|previously|formerly|old(?:\s+\w+){0,2}(?:\s+(?:is|was))?|(?:was|were)\s+at)\s*[:,-]?\s*$",
    re.I,
)
_FROM_RE = re.compile(r"\bfrom\s*[:-]?\s*$", re.I)


def _apply_change(s: _Sentence, facts: list[ExtractedFact], latest: dict[str, str]) -> list[ExtractedFact]:
    """A value said to be wrong ("not £147.50") is dropped. A value said to be the old one ("my old
    address, ...", and "from a@b.com" in a sentence that states a change) is kept, marked old. In
    a sentence that states a change the other values supersede."""
    out, changing = [], _CHANGE_RE.search(s.text) is not None
    for f in facts:
        if f.key in _CITY_KEYS:  # a city statement carries its own change
            out.append(f)
            continue
        before = s.text[max(0, f.span[0] - s.offset - 30) : f.span[0] - s.offset]
        if _NEGATED_RE.search(before) and not f.old:
            continue  # (a price "rather than 89" is read as the old one: see price_changes.py)
        renamed = f.key in _GENERIC_KEYS and (not changing or _change_of(s.text, f.type))
        key = latest.get(_kind(f.type, f.value), f.key) if renamed else f.key
        if _OLD_VALUE_RE.search(before) or (changing and _FROM_RE.search(before)):
            out.append(replace(f, key=key, old=True))
        else:
            out.append(replace(f, key=key, supersedes=True) if changing else f)
    return out


# Words of change that say what changed: a new address or number is one of an address or a contact; "no
# longer" and "any more" say a thing stopped and name no new value ("The laptop I got last Christmas won't
# charge any more."). A move ("Moved to Friday, February 26") may be of any value.
_NARROW_CHANGE_RE = re.compile(
    r"(?:.*\b(?:address|postcode|city|e-?mail|number|phone|mobile|account|details)"
    r"|now\s+(?:live|lives|living|work|works|working)|no\s+longer|any\s?more)",
    re.I,
)


def _change_of(text: str, type_: str) -> bool:
    """Does a word of change in ``text`` say that a value of this type changed, so that a value with a
    generic key takes the key of the latest one of its kind? Any correction or move does; a new address only
    for an address."""
    for m in _CHANGE_RE.finditer(text):
        cue = " ".join(m.group().split())
        if not _NARROW_CHANGE_RE.fullmatch(cue) or (
            type_ == "address" and not re.search("longer|more", cue, re.I)
        ):
            return True
    return False


def _kind(type_: str, value: str) -> str:
    """What a generic key inherits from: the latest fact of its type, for an amount in its currency
    ("correction: it was £120" corrects the pound refund, not the dollar store credit)."""
    amount = _AMOUNT_RE.search(value.translate(_PLAIN)) if type_ == "amount" else None
    return f"amount {_currency(amount)}" if amount else type_
