"""Extractive summaries: sentences chosen from the turns and kept verbatim.

No model paraphrases anything here, so every amount, date and identifier a
chosen sentence holds survives exactly. The price is fluency: a summary reads
as a list of quoted sentences, each labelled with the turn it came from.
"""

import re

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
    r"my (?:email|phone|number|address))\b",
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
STATIC_SENTENCES = 12


def _sentences(turn: TurnText) -> list[str]:
    return [s.strip() for s in _SENTENCE_BREAK.split(turn.content) if len(s.strip()) > 3]


def rolling_summary(turns: list[TurnText]) -> str:
    """Recent topics and unfinished threads, from the last turns before the watermark."""
    recent = turns[-ROLLING_LOOKBACK_TURNS:]
    scored: list[tuple[float, int, str]] = []
    for position, turn in enumerate(recent):
        for sentence in _sentences(turn):
            score = 0.0
            if _EXACT_VALUE.search(sentence):
                score += 3
            if turn.role == "assistant" and _COMMITMENT.search(sentence):
                score += 3
            if _UNFINISHED.search(sentence):
                score += 2
            if turn.role == "user" and sentence.endswith("?"):
                score += 1.5
            if score:
                # Later turns win ties: the rolling summary is about what is recent.
                scored.append((score + position / len(recent), turn.seq, sentence))
    chosen = sorted(sorted(scored, reverse=True)[:ROLLING_SENTENCES], key=lambda item: item[1])
    if not chosen:
        return ""
    first, last = recent[0].seq, recent[-1].seq
    lines = [f"Recent topics (turns {first} to {last}):"]
    lines += [f"- [turn {seq}] {sentence}" for _, seq, sentence in chosen]
    return "\n".join(lines)


def static_summary(turns: list[TurnText]) -> str:
    """Who the person is and their lasting preferences, in their own words.

    Statements limited in time ("this week, text me") are left out: a
    temporary preference must not become a durable trait. Of several
    statements of where the person lives or works, only the latest is kept, so
    a move replaces the old place rather than sitting beside it.
    """
    kept: list[tuple[int, str]] = []
    latest_place: tuple[int, str] | None = None
    for turn in turns:
        if turn.role != "user":
            continue
        for sentence in _sentences(turn):
            if not _ABOUT_THE_PERSON.search(sentence) or _FOR_A_WHILE.search(sentence):
                continue
            if _PLACE_STATEMENT.search(sentence):
                latest_place = (turn.seq, sentence)
            else:
                kept.append((turn.seq, sentence))
    if latest_place:
        kept.append(latest_place)
    kept = sorted(kept)[-STATIC_SENTENCES:]
    if not kept:
        return ""
    return "About the person, in their words:\n" + "\n".join(f"- [turn {seq}] {s}" for seq, s in kept)
