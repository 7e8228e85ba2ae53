"""Extractive summaries: values and sentences taken from the turns and kept verbatim.

No model paraphrases anything here, so every amount, date and identifier
survives exactly. The durable summary says who the person is and what lasts:
the current values the extractor keeps (each with the turns that said it),
the preferences they stated, the agent's commitments, and a few statements
about themselves in their own words. The rolling summary lists the recent
decisions and open threads. Neither ever holds a question or small talk, and
the durable one nothing limited in time.
"""

import re
from datetime import date, datetime

from memadmin.providers.base import TurnText

# A sentence ends at . ! or ? followed by a space, or at a line break; the
# point inside "£147.50" or "v2.1" ends nothing.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n+")
# A sentence with something exact in it: a digit, a currency sign, an email.
_EXACT_VALUE = re.compile(r"[\d£$€@]")
_COMMITMENT = re.compile(r"\b(I'll|I will|we'll|we will|I've arranged|I have arranged|promise)\b", re.I)
_UNFINISHED = re.compile(
    r"\b(still|waiting|pending|not yet|haven't|hasn't|follow up|chase|when will)\b", re.I
)
# Statements of identity and lasting preference. A bare "I'm" is too common
# ("I'm hopeless with websites") to mean a trait; "I'm a/an ..." usually does.
_ABOUT_THE_PERSON = re.compile(
    r"\b(my name is|I am an?|I'm an?|I live|I work|I've moved|I have moved|I moved|I prefer|I'd rather|"
    r"I would rather|I always|I never|please always|please never|I'm based|I am based|call me|"
    r"my (?:email|e-mail|phone|mobile|number|address|postcode)(?: number| address)? (?:is|was|has\s+changed))"
    r"\b",
    re.I,
)
_FOR_A_WHILE = re.compile(
    r"\b(this week|today|tonight|tomorrow|for now|for the next|until|while I'm|while I am|temporarily|"
    r"at the moment|right now)\b",
    re.I,
)
_PLACE_STATEMENT = re.compile(
    r"\b(I live|I work|I've moved|I have moved|I moved|I'm based|I am based)\b", re.I
)

ROLLING_SENTENCES = 14
ROLLING_LOOKBACK_TURNS = 40
STATIC_OWN_WORDS = 5
STATIC_VALUES = 30
STATIC_COMMITMENTS = 5

# Small talk: nothing a reader of a summary can rely on.
_SMALL_TALK = re.compile(
    r"^\W*(?:hi|hello|hey|thanks?|thank\s+you|cheers|bye|goodbye|ok(?:ay)?|sure|great|perfect|cool|no\s+problem"
    r"|you'?re\s+welcome|have\s+a\s+(?:good|nice|great)|that'?s\s+(?:all|it|great|perfect)|nothing\s+else"
    r"|no,?\s+thanks?|sounds\s+good|awesome|alright|yes|yeah|no|brilliant|lovely|wonderful|my\s+pleasure)\b"
    r"[^.]{0,30}[.!]?$",
    re.I,
)


def is_question(sentence: str) -> bool:
    return sentence.rstrip(" \"')").endswith("?")


def is_small_talk(sentence: str) -> bool:
    return _SMALL_TALK.match(sentence) is not None


def is_time_limited(sentence: str) -> bool:
    """Words that limit a statement in time: "this week", "for now", "until Friday"."""
    return _FOR_A_WHILE.search(sentence) is not None


def is_chatter(sentence: str) -> bool:
    """A question or small talk: never a line of a summary."""
    return is_question(sentence) or is_small_talk(sentence)


def _sentences(turn: TurnText) -> list[str]:
    return [s.strip() for s in _SENTENCE_BREAK.split(turn.content) if len(s.strip()) > 3]


def rolling_summary(turns: list[TurnText]) -> str:
    """Recent decisions and open threads, from the last turns before the watermark: statements
    with exact values, the agent's commitments, and what is still pending; never a question or
    small talk."""
    recent = turns[-ROLLING_LOOKBACK_TURNS:]
    scored: list[tuple[float, int, str]] = []
    for position, turn in enumerate(recent):
        for sentence in _sentences(turn):
            if is_chatter(sentence):
                continue
            score = 0.0
            if _EXACT_VALUE.search(sentence):
                score += 3
            if turn.role == "assistant" and _COMMITMENT.search(sentence):
                score += 3
            if _UNFINISHED.search(sentence):
                score += 2
            if score:
                # Later turns win ties: the rolling summary is about what is recent.
                scored.append((score + position / len(recent), turn.seq, sentence))
    chosen = sorted(sorted(scored, reverse=True)[:ROLLING_SENTENCES], key=lambda item: item[1])
    if not chosen:
        return ""
    first, last = recent[0].seq, recent[-1].seq
    lines = [f"Recent decisions and open threads (turns {first} to {last}):"]
    lines += [f"- [turn {seq}] {sentence}" for _, seq, sentence in chosen]
    return "\n".join(lines)


def _current_facts(turns: list[TurnText]) -> list:
    """The facts the rules keep current after these turns, as the fact service would keep them."""
    from facts.extraction import extract_facts
    from facts.services import plan_extraction

    plan = plan_extraction(
        live=[], seen=set(), extracted=extract_facts(turns), conversation_id=None, model="local-rules-1"
    )
    return [f for f in plan.live if f.temporary_until is None and not f.needs_review]


def _own_words(turns: list[TurnText]) -> list[tuple[int, str]]:
    """Statements about themselves, in their words; of several about where they live or work only
    the latest (a move replaces the old place); nothing limited in time, no question."""
    kept: list[tuple[int, str]] = []
    latest_place: tuple[int, str] | None = None
    for turn in turns:
        if turn.role != "user":
            continue
        for sentence in _sentences(turn):
            if (
                not _ABOUT_THE_PERSON.search(sentence)
                or _FOR_A_WHILE.search(sentence)
                or is_chatter(sentence)
            ):
                continue
            if _PLACE_STATEMENT.search(sentence):
                latest_place = (turn.seq, sentence)
            else:
                kept.append((turn.seq, sentence))
    if latest_place:
        kept.append(latest_place)
    return sorted(kept)[-STATIC_OWN_WORDS:]


_ABSOLUTE_DATE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:19|20)\d\d\b|\d[/.-]\d", re.I
)


def gone_by(fact, today: date) -> bool:
    """A date or moment said relative to its turn ("yesterday", "tomorrow", "this weekend") that is
    over by ``today``: it held for a while and the pinned facts keep it; what lasts is stated."""
    if fact.key not in ("date", "time") or not fact.normalised or _ABSOLUTE_DATE.search(fact.value):
        return False
    try:
        day = datetime.fromisoformat(fact.normalised).date()
    except ValueError:
        return False  # a time of day with no date
    return day < today


def _value_lines(values: list, today: date) -> list[str]:
    """The person's own values first (where they are, how to reach them), then the latest others,
    ``STATIC_VALUES`` at most, each with the turns that said it; a relative date gone by is left out."""
    from facts.presentation import resolved_value, turns_label
    from facts.slots import is_single_valued, slot_label

    values = [f for f in values if not gone_by(f, today)]
    values = sorted(values, key=lambda f: (not is_single_valued(f.key), -max(f.turns)))
    values = sorted(values[:STATIC_VALUES], key=lambda f: (not is_single_valued(f.key), f.source_seq))
    return [f"- {slot_label(f.key)}: {f.value}{resolved_value(f)} [{turns_label(f)}]" for f in values]


_RELATIVE_DAY = re.compile(r"\b(?:today|tonight|tomorrow|this\s+(?:morning|afternoon|evening|week))\b", re.I)


def _said_on(fact, said_on: dict) -> str:
    """ " (said Tue 20 Jan 2026)" for a commitment that names its day relatively ("I'll call you
    today"), so it still reads right after that day."""
    when = said_on.get(fact.source_seq)
    return f" (said {when:%a %-d %b %Y})" if when and _RELATIVE_DAY.search(fact.value) else ""


def static_summary(turns: list[TurnText]) -> str:
    """Who the person is and what lasts: current values with the turns that said them, stated
    preferences, the agent's commitments, and statements about themselves in their own words.

    Values replaced since ("I've moved to Lisbon") and preferences limited in time ("this week,
    text me") are left out: a temporary preference must not become a durable trait.
    """
    from facts.presentation import turns_label

    facts = _current_facts(turns)
    values = [f for f in facts if f.type not in ("preference", "commitment")]
    preferences = [f for f in facts if f.type == "preference"]
    commitments = [f for f in facts if f.type == "commitment"][-STATIC_COMMITMENTS:]
    said_on = {t.seq: t.created_at for t in turns}
    own = _own_words(turns)
    sections = []
    if values:
        today = max(t.created_at for t in turns).date()
        if lines := _value_lines(values, today):
            sections.append("Current facts:\n" + "\n".join(lines))
    if preferences:
        lines = [f"- [{turns_label(f)}] {f.value}" for f in preferences]
        sections.append("Preferences they stated:\n" + "\n".join(lines))
    if commitments:
        lines = [f"- [{turns_label(f)}] {f.value}{_said_on(f, said_on)}" for f in commitments]
        sections.append("Commitments made to them:\n" + "\n".join(lines))
    if own:
        sections.append(
            "About the person, in their words:\n" + "\n".join(f"- [turn {seq}] {s}" for seq, s in own)
        )
    return "\n".join(sections)
