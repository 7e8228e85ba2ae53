"""A day counted from a date said nearby: "the day before", "the next morning", and a weekday said after "a"
that confirms the date just said ("Yes, a Wednesday.")."""

from __future__ import annotations

import re
from datetime import date, timedelta

from facts.extraction.calendar_words import _WEEKDAY, _WEEKDAYS
from facts.extraction.text import _PLAIN, _sentence_at, is_instruction_attempt, is_question
from facts.extraction.weekdays import _HABITUAL_RE
from memadmin.providers.base import ExtractedFact, TurnText

# "the day before", "the next morning", "the following day": a day counted from the date said last, in
# this turn before it or in the last few turns ("due November 30" ... "move it the day before"). Not
# where it counts from something else ("the day before the exam", "the day before yesterday"), in a
# question, or with no date said nearby.
_RELATIVE_DAY_RE = re.compile(
    r"\b(?P<said>the\s+(?:(?P<before>day|night|evening)\s+before|(?P<prev>previous|preceding)\s+(?:day|night|evening)"
    r"|day\s+after|(?:next|following)\s+(?:day|morning|afternoon|evening)))\b"
    r"(?!\s+(?:the|a|an|my|your|his|her|our|their|that|this|its|yesterday|tomorrow|today|tonight|we|you|i|he|she"
    r"|they|it|last|next)\b|\s+(?:of|at|in|on)\s+(?:the|a|my|your)\b)",
    re.I,
)


_ISO_RE = re.compile(r"\d{4}-\d\d-\d\d")


def relative_days(
    turn: TurnText, anchors: list[tuple[int, ExtractedFact]], found: list[ExtractedFact]
) -> list[ExtractedFact]:
    """The days a turn counts from a date said just before it (see _RELATIVE_DAY_RE)."""
    content = turn.content or ""
    out: list[ExtractedFact] = []
    if "the " not in content.lower():
        return out
    plain = content.translate(_PLAIN)
    values = [f for f in found if f.type not in ("preference", "commitment")]
    for m in _RELATIVE_DAY_RE.finditer(plain):
        start, end = m.span("said")
        if any(f.span[0] < end and start < f.span[1] for f in values):
            continue
        sentence = _sentence_at(plain, start)
        if is_question(sentence) or is_instruction_attempt(sentence):
            continue
        dated = [f for f in values if f.type == "date" and _ISO_RE.fullmatch(f.normalised)]
        after = [f for f in dated if f.span[0] >= end and re.fullmatch(r",?\s*", plain[end : f.span[0]])]
        here = [f for f in dated if f.span[1] <= start]
        anchor = here[-1] if here else (anchors[-1][1] if anchors else None)
        if after:  # "the day before, November 29": the date said with it says which day
            day = date.fromisoformat(after[0].normalised)
        elif anchor is not None:
            day = date.fromisoformat(anchor.normalised) + timedelta(
                days=-1 if m["before"] or m["prev"] else 1
            )
        else:
            continue
        out.append(ExtractedFact("date", "date", content[start:end], turn.seq, (start, end), day.isoformat()))
    return out


# A weekday said after "a" confirming the date just said ("... for 2026-11-18." "Is that a Wednesday?"
# "Yes, a Wednesday."). "a Wednesday" alone names no day ("any day but a Wednesday", "I'd like a
# Wednesday"), so it is a date only where a date said in this turn before it or in the turns just before
# falls on that weekday: that date.
_A_WEEKDAY_RE = re.compile(
    rf"(?<![\w-])a\s+(?P<wd>{_WEEKDAY})\b(?=\s*(?:$|[.,;!)]|(?:then|too|yes|indeed|as\s+well|that)\b))", re.I
)  # the weekday ends its phrase: not "on a Saturday in June", "a Saturday morning thing"


def confirmed_weekdays(
    turn: TurnText, anchors: list[tuple[int, ExtractedFact]], found: list[ExtractedFact]
) -> list[ExtractedFact]:
    """Weekdays said after "a" that name a date said just before (see _A_WEEKDAY_RE)."""
    content = turn.content or ""
    out: list[ExtractedFact] = []
    if not (anchors or found) or not _A_WEEKDAY_RE.search(content):
        return out
    plain = content.translate(_PLAIN)
    for m in _A_WEEKDAY_RE.finditer(plain):
        start, end = m.span("wd")
        if any(
            f.span[0] < end and start < f.span[1] and f.span != (start, end)
            for f in found
            if f.type == "date"
        ):
            continue
        sentence = _sentence_at(plain, start)
        if is_question(sentence) or is_instruction_attempt(sentence) or _HABITUAL_RE.search(sentence):
            continue
        # "A Wednesday" opening a sentence is read by the weekday rule as the next one (the span skipped
        # above); the date it confirms replaces that
        here = [f for f in found if f.type == "date" and f.span[1] <= m.start()]
        dates = [f.normalised for _, f in anchors] + [f.normalised for f in here]
        weekday = _WEEKDAYS.index(m["wd"].lower())
        days = [d for d in dates if _ISO_RE.fullmatch(d) and date.fromisoformat(d).weekday() == weekday]
        if days:
            out.append(ExtractedFact("date", "date", content[start:end], turn.seq, (start, end), days[-1]))
    return out
