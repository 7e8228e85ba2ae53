"""How good the memory is: extraction against gold labels, the consistency of the facts the
rules keep, and how much of them the durable summary carries.

One function, :func:`evaluate`, takes conversations (turns and gold values) from a file or from
the database and returns a report; ``manage.py eval_extraction`` prints it, and the QA pages'
evaluation runs (qa.runs) store it. It measures either the configured extractor or, with
``stored_facts`` on each conversation, the pinned facts as they stand. The extractor and
summariser are the configured provider's; facts are kept by the very rules the fact service
applies (:func:`facts.services.plan_extraction`), in memory, so nothing is written and a file of
thousands of turns takes seconds.

How an extracted value matches a gold value (same type, same turn, then the first that holds):
- the texts are equal once lower-cased, with spaces collapsed and quotes and trailing punctuation
  dropped, or the extracted text holds the gold text as whole words ("the 8th of March" holds
  "8th of March");
- amounts: the same number and the same currency ("$1,200" and "1200 dollars" and "1200 bucks");
  a gold value without a currency matches on the number;
- dates: the same ISO date, where the gold value is a date a reader can place without the turn
  ("March 2nd", "2 March 2026", "2026-03-02"; a year left out is the turn's year);
- times: the same clock time ("5:30 pm", "17:30");
- phones: the same digits, allowing for a country code said on one side only;
- identifiers and emails: case- and space-insensitive;
- addresses: the gold words, lower-cased with the usual abbreviations spelled out ("St" is
  "street", "Ave" "avenue"), appear in order within the extracted address.

A fact is unsupported (fabricated) when its value is not the text of its turn at its span, or,
without a span, is not said in any of its turns: a value the conversation does not say.

The figures:
- recall of a type: gold values of the type matched by an extracted value / gold values of it;
- precision of a type: extracted values that match a gold value / extracted values of the type,
  counted in the conversations whose gold set labels that type (a gold set labels the facts that
  carry consequences; it is not a list of every number said, so an email extracted from a
  conversation whose gold set has no email is not held against the extractor). Extracted values
  of a gold type that match no gold value are also reported as "extra" by type;
- clean rate: the share of conversations with every gold value captured;
- each again by conversation length: up to 20 turns, 21 to 50, over 50.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path

from dateutil import parser as date_parser

from facts.models import PinnedFact
from facts.slots import is_single_valued, slot_of
from memadmin.providers.base import ExtractedFact, Provider, TurnText

VALUE_TYPES = ("date", "time", "amount", "address", "phone", "identifier", "email")
GOLD_TYPES = (*VALUE_TYPES, "preference", "commitment")


@dataclass(frozen=True)
class GoldValue:
    type: str
    key: str
    value: str
    source_seq: int


@dataclass(frozen=True)
class StoredFact:
    """A pinned fact as stored, to measure instead of the extractor: the value and every turn that said it."""

    fact: ExtractedFact
    seqs: tuple[int, ...]


@dataclass
class EvalConversation:
    external_id: str
    turns: list[TurnText]
    gold: list[GoldValue]
    conversation_id: int | None = None
    # The facts to measure as they stand; None: run the provider's extractor over the turns.
    stored_facts: list[StoredFact] | None = None


@dataclass
class ConversationResult:
    external_id: str
    conversation_id: int | None = None
    gold: Counter = field(default_factory=Counter)  # by type
    found: Counter = field(default_factory=Counter)  # gold values matched, by type
    extracted: Counter = field(default_factory=Counter)  # extracted values of a gold type, by type
    correct: Counter = field(default_factory=Counter)  # ... that match a gold value, by type
    extra: Counter = field(default_factory=Counter)  # extracted values of a gold type that match none
    unsupported: int = 0
    fabricated: list[ExtractedFact] = field(default_factory=list)  # values the conversation does not say
    missed: list[GoldValue] = field(default_factory=list)
    slots_with_several_values: int = 0
    repeated_values: int = 0
    needs_review: int = 0
    durable_total: int = 0  # current values and preferences
    durable_carried: int = 0  # ... that the durable summary carries
    summary_sentences: int = 0
    summary_chatter: int = 0  # questions and small talk among them
    extract_ms: float = 0.0
    refresh_ms: float = 0.0  # extraction and both summaries
    turns: int = 0

    @property
    def clean(self) -> bool:
        """Every gold value captured."""
        return not self.missed


# ------------------------------------------------------------------ reading conversations


def _turn_text(turn: dict) -> TurnText:
    created = turn.get("created_at")
    when = datetime.fromisoformat(created.replace("Z", "+00:00")) if created else datetime(2026, 1, 1)
    return TurnText(
        seq=turn["seq"],
        role=turn["role"],
        content=turn.get("content") or "",
        created_at=when,
        tool_calls=turn.get("tool_calls"),
    )


def conversations_from_file(path: Path) -> list[EvalConversation]:
    """The conversations of an import file (docs/import-format.md) with their gold facts."""
    out = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            data = json.loads(line)
            turns, seq = [], 0
            for turn in data.get("turns", []):
                seq = turn.get("seq") or seq + 1
                turns.append(_turn_text({**turn, "seq": seq}))
            gold = [
                GoldValue(g["type"], g.get("key", ""), g["value"], g["source_seq"])
                for g in data.get("gold_facts") or []
            ]
            out.append(EvalConversation(data["external_id"], turns, gold))
    return out


def conversations_from_database(
    conversations: Iterable, *, stored_facts: bool = False
) -> Iterator[EvalConversation]:
    """Stored conversations with their gold facts (adjudicated or imported), one at a time.

    With ``stored_facts``, each carries its pinned facts as they stand (every status but
    retracted: a retracted fact is one a person said was wrong, and no longer in the memory).
    """
    from conversations.models import Turn
    from facts.models import GoldFact

    for conversation in conversations:
        turns = [t.as_text() for t in Turn.objects.for_conversation(conversation).chronological()]
        gold = [
            GoldValue(g.type, g.key, g.value, g.source_seq)
            for g in GoldFact.objects.filter(conversation=conversation)
        ]
        stored = None
        if stored_facts:
            rows = PinnedFact.objects.for_conversation(conversation).exclude(
                status=PinnedFact.Status.RETRACTED
            )
            stored = [
                StoredFact(
                    ExtractedFact(
                        f.type,
                        f.key,
                        f.value,
                        f.source_seq,
                        (f.span_start, f.span_end) if f.span_start is not None else (-1, -1),
                        f.normalised,
                    ),
                    tuple(f.turns),
                )
                for f in rows.order_by("source_seq", "id")
            ]
        yield EvalConversation(conversation.external_id, turns, gold, conversation.pk, stored)


# ------------------------------------------------------------------ matching values

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", '"': "'", "\u201c": "'", "\u201d": "'"})
_ABBREVIATIONS = {
    "st": "street",
    "rd": "road",
    "ave": "avenue",
    "av": "avenue",
    "blvd": "boulevard",
    "dr": "drive",
    "ln": "lane",
    "ct": "court",
    "pl": "place",
    "sq": "square",
    "hwy": "highway",
    "pkwy": "parkway",
    "n": "north",
    "s": "south",
    "e": "east",
    "w": "west",
    "apt": "apartment",
    "ste": "suite",
}
_CURRENCY_WORDS = {
    "$": "USD",
    "usd": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "buck": "USD",
    "bucks": "USD",
    "£": "GBP",
    "gbp": "GBP",
    "pound": "GBP",
    "pounds": "GBP",
    "quid": "GBP",
    "€": "EUR",
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
}


def _text(value: str) -> str:
    return " ".join(value.translate(_QUOTES).lower().strip(" .,;:!?").split())


def _words(value: str) -> list[str]:
    return re.findall(r"[a-z0-9]+|[$£€]", value.translate(_QUOTES).lower())


def _holds(longer: list[str], shorter: list[str]) -> bool:
    n = len(shorter)
    return n > 0 and any(longer[i : i + n] == shorter for i in range(len(longer) - n + 1))


def _amount(value: str) -> tuple[Decimal, str | None] | None:
    number = re.search(r"\d[\d,]*(?:\.\d+)?", value)
    if not number:
        return None
    try:
        amount = Decimal(number.group().replace(",", ""))
    except InvalidOperation:
        return None
    if pence := re.fullmatch(
        r"\s*[a-z]+\s+(\d{1,2})(?:\s*(?:pence|p|cents?))?\s*", value[number.end() :].lower()
    ):
        amount += Decimal(pence[1]) / 100  # "12 pounds 50" is 12.50
    tokens = re.findall(r"[$£€]|[a-z]+", value.lower())
    currency = next((_CURRENCY_WORDS[t] for t in tokens if t in _CURRENCY_WORDS), None)
    return amount, currency


def _clock(value: str) -> str | None:
    m = re.fullmatch(r"\s*(\d{1,2})(?:[:.](\d\d))?\s*([ap])?\.?\s*(?:m\.?)?\s*", value.lower())
    if not m or (not m[2] and not m[3]):
        return None
    hour, minute = int(m[1]), int(m[2] or 0)
    if m[3]:
        if hour > 12:
            return None
        hour = hour % 12 + (12 if m[3] == "p" else 0)
    return f"{hour:02d}:{minute:02d}" if hour < 24 and minute < 60 else None


def _absolute_date(value: str, when: date) -> str | None:
    """The ISO date of a value that names its month (or is numeric); None for relative words."""
    if not re.search(r"\d", value) or not re.search(r"[a-z]{3}|\d[-/.]\d", value.lower()):
        return None
    if re.search(r"\b(?:this|next|last)\b", value.lower()):
        return None
    try:
        default = datetime(when.year, when.month, 1)
        return date_parser.parse(value, default=default, dayfirst=True, fuzzy=False).date().isoformat()
    except (ValueError, OverflowError):
        return None


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


def value_matches(
    gold: GoldValue, fact: ExtractedFact, when: date, *, seqs: Sequence[int] | None = None
) -> bool:
    """Does the extracted ``fact`` carry the ``gold`` value? (The rules are in the module docstring.)

    ``seqs``: every turn the fact was said in (a stored fact keeps its repeats), else its own.
    """
    if fact.type != gold.type or gold.source_seq not in (seqs or (fact.source_seq,)):
        return False
    if _text(fact.value) == _text(gold.value) or _holds(_words(fact.value), _words(gold.value)):
        return True
    if gold.type == "amount":
        said, found = _amount(gold.value), _amount(fact.value)
        return bool(said and found and said[0] == found[0] and (said[1] is None or said[1] == found[1]))
    if gold.type == "date":
        iso = _absolute_date(gold.value, when)
        return iso is not None and fact.normalised == iso
    if gold.type == "time":
        clock = _clock(gold.value)
        return clock is not None and fact.normalised == clock
    if gold.type == "phone":
        said, found = _digits(gold.value), _digits(fact.value)
        return len(said) >= 7 and (said.endswith(found) or found.endswith(said)) and len(found) >= 7
    if gold.type in ("identifier", "email"):
        return re.sub(r"\s", "", gold.value.lower()) == re.sub(r"\s", "", fact.value.lower())
    if gold.type == "address":
        expand = lambda v: [_ABBREVIATIONS.get(w, w) for w in _words(v)]  # noqa: E731
        return _holds(expand(fact.value), expand(gold.value))
    return False


def normalised_value(type_: str, value: str, when: date) -> str:
    """A comparable form of a value, by the matching rules above: two annotators who labelled one
    fact in two ways ("$1,200" and "1200 dollars") give the same form."""
    if type_ == "amount" and (amount := _amount(value)):
        return f"{amount[0].normalize():f} {amount[1] or ''}".strip()
    if type_ == "date" and (iso := _absolute_date(value, when)):
        return iso
    if type_ == "time" and (clock := _clock(value)):
        return clock
    if type_ == "phone" and len(digits := _digits(value)) >= 7:
        return digits[-9:]  # a country code or trunk zero said on one side only
    if type_ in ("identifier", "email"):
        return re.sub(r"\s", "", value.lower())
    if type_ == "address":
        return " ".join(_ABBREVIATIONS.get(w, w) for w in _words(value))
    return _text(value)


# ------------------------------------------------------------------ summaries

_SMALL_TALK_RE = re.compile(
    r"^\W*(?:hi|hello|hey|thanks?|thank\s+you|cheers|bye|goodbye|ok(?:ay)?|sure|great|perfect|cool|no\s+problem"
    r"|you'?re\s+welcome|have\s+a\s+(?:good|nice|great)|that'?s\s+(?:all|it|great|perfect)|nothing\s+else"
    r"|no,?\s+thanks?|sounds\s+good|awesome|alright|yes|yeah|no)\b[^.]{0,30}[.!]?$",
    re.I,
)


_LINE_HEAD_RE = re.compile(r"^[-*]\s*(?:\[turns?[^\]]*\]\s*)?")


def summary_sentences(summary: str) -> list[str]:
    """The statements of a summary: its listed lines (a heading line ending in ":" is not one)."""
    lines = [line.strip() for line in summary.splitlines() if line.strip()]
    items = [
        re.sub(r"^[-*]\s*(?:\[turns?[^\]]*\]\s*)?", "", line) for line in lines if not line.endswith(":")
    ]
    return [item for item in items if item]


def is_chatter(sentence: str) -> bool:
    """A question or small talk: nothing a reader of the summary can rely on."""
    return sentence.rstrip(" \"')").endswith("?") or _SMALL_TALK_RE.match(sentence) is not None


def _carried(fact: PinnedFact, summary: str) -> bool:
    if fact.value.lower() in summary.lower():
        return True
    return bool(fact.normalised) and fact.normalised.lower() in summary.lower()


# ------------------------------------------------------------------ evaluating


def _said(fact: ExtractedFact, seqs: Sequence[int], by_seq: dict[int, TurnText]) -> bool:
    """Is the value the text of its turn at its span (or, for a stored fact without a span, said in
    one of its turns)?"""
    if not fact.value:
        return False
    turn = by_seq.get(fact.source_seq)
    if fact.span[0] >= 0:
        return turn is not None and turn.content[fact.span[0] : fact.span[1]] == fact.value
    return any(fact.value in by_seq[seq].content for seq in seqs if seq in by_seq)


def evaluate_conversation(
    conversation: EvalConversation, provider: Provider, *, measure_summaries: bool = True
) -> ConversationResult:
    from facts.services import plan_extraction, value_identity

    result = ConversationResult(conversation.external_id, conversation.conversation_id)
    turns = sorted(conversation.turns, key=lambda t: t.seq)
    by_seq = {t.seq: t for t in turns}
    started = time.perf_counter()
    if conversation.stored_facts is None:
        extraction = provider.extract_facts(turns=turns, known=[])
        candidates = [StoredFact(f, (f.source_seq,)) for f in extraction.facts]
        model = extraction.model
    else:
        candidates, model = conversation.stored_facts, "stored"
    result.extract_ms = (time.perf_counter() - started) * 1000
    facts = [c.fact for c in candidates]
    for candidate in candidates:
        if not _said(candidate.fact, candidate.seqs, by_seq):
            result.unsupported += 1
            result.fabricated.append(candidate.fact)
    fabricated = {id(f) for f in result.fabricated}  # a value not said is never a right one
    by_turn: dict[tuple[int, str], list[StoredFact]] = defaultdict(list)
    for candidate in candidates:
        for seq in candidate.seqs:
            by_turn[(seq, candidate.fact.type)].append(candidate)
    gold_types = {g.type for g in conversation.gold}
    matched: set[int] = set()
    seen_gold: set[tuple[str, str, int]] = set()
    for gold in conversation.gold:
        if (gold.type, gold.value, gold.source_seq) in seen_gold:
            continue
        seen_gold.add((gold.type, gold.value, gold.source_seq))
        result.gold[gold.type] += 1
        turn = by_seq.get(gold.source_seq)
        when = turn.created_at.date() if turn else date.today()
        hits = [
            c
            for c in by_turn[(gold.source_seq, gold.type)]
            if value_matches(gold, c.fact, when, seqs=c.seqs) and id(c.fact) not in fabricated
        ]
        if hits:
            result.found[gold.type] += 1
            matched.update(id(c.fact) for c in hits)
        else:
            result.missed.append(gold)
    for fact in facts:
        if fact.type in gold_types:
            result.extracted[fact.type] += 1
            if id(fact) in matched:
                result.correct[fact.type] += 1
            else:
                result.extra[fact.type] += 1
    result.turns = len(turns)

    plan = plan_extraction(live=[], seen=set(), extracted=facts, conversation_id=None, model=model)
    today = max((t.created_at.date() for t in turns), default=date.today())
    current = [f for f in plan.live if f.temporary_until is None or f.temporary_until >= today]
    values_by_slot: dict[str, set[str]] = defaultdict(set)
    repeats: Counter = Counter()
    for fact in current:
        slot = slot_of(fact)
        identity = value_identity(fact)
        values_by_slot[slot].add(identity) if is_single_valued(slot) else None
        repeats[(slot, identity)] += 1
    result.slots_with_several_values = sum(len(v) > 1 for v in values_by_slot.values())
    result.repeated_values = sum(n - 1 for n in repeats.values())
    result.needs_review = sum(f.needs_review for f in current)
    if not measure_summaries:
        return result

    started = time.perf_counter()
    static = provider.summarise(kind="static", turns=turns).text
    rolling = provider.summarise(kind="rolling", turns=turns).text
    result.refresh_ms = result.extract_ms + (time.perf_counter() - started) * 1000
    lasting = [f for f in current if f.type != "commitment" and f.status == PinnedFact.Status.ACTIVE]
    result.durable_total = len(lasting)
    result.durable_carried = sum(_carried(f, static) for f in lasting)
    sentences = summary_sentences(static) + summary_sentences(rolling)
    result.summary_sentences = len(sentences)
    result.summary_chatter = sum(is_chatter(s) for s in sentences)
    return result


LENGTH_BUCKETS = (("up to 20 turns", 0, 20), ("21 to 50 turns", 21, 50), ("over 50 turns", 51, None))


def length_bucket(turns: int) -> str:
    """The conversation-length group a conversation of ``turns`` turns is reported in."""
    return next(
        name for name, low, high in LENGTH_BUCKETS if turns >= low and (high is None or turns <= high)
    )


def _figures(results: Sequence[ConversationResult]) -> dict:
    """Recall, precision and the clean rate over ``results``, by type and in total."""
    gold, found, extracted, correct, extra = Counter(), Counter(), Counter(), Counter(), Counter()
    for r in results:
        gold.update(r.gold)
        found.update(r.found)
        extracted.update(r.extracted)
        correct.update(r.correct)
        extra.update(r.extra)
    types = [t for t in GOLD_TYPES if gold[t] or extracted[t]]
    return {
        "conversations": len(results),
        "gold_values": sum(gold.values()),
        "found": sum(found.values()),
        "recall": _share(sum(found.values()), sum(gold.values())),
        "extracted": sum(extracted.values()),
        "correct": sum(correct.values()),
        "precision": _share(sum(correct.values()), sum(extracted.values())),
        "fabricated": sum(r.unsupported for r in results),
        "clean_conversations": sum(r.clean for r in results),
        "clean_rate": _share(sum(r.clean for r in results), len(results)),
        "by_type": {
            t: {
                "gold": gold[t],
                "found": found[t],
                "recall": _share(found[t], gold[t]),
                "extracted": extracted[t],
                "correct": correct[t],
                "precision": _share(correct[t], extracted[t]),
            }
            for t in types
        },
        "_extra": extra,
    }


@dataclass
class FileReport:
    name: str
    conversations: list[ConversationResult]
    seconds: float

    def as_dict(self) -> dict:
        results = self.conversations
        overall = _figures(results)
        by_type = overall["by_type"]
        extra = overall.pop("_extra")
        turns_ms = [r.extract_ms for r in results]
        by_length = {}
        for name, _, _ in LENGTH_BUCKETS:
            figures = _figures([r for r in results if length_bucket(r.turns) == name])
            figures.pop("_extra")
            by_length[name] = figures
        return {
            "file": self.name,
            "conversations": len(results),
            "gold_values": overall["gold_values"],
            "found": overall["found"],
            "extracted": overall["extracted"],
            "correct": overall["correct"],
            "recall": overall["recall"],
            "recall_by_type": {t: f["recall"] for t, f in by_type.items() if f["gold"]},
            "gold_by_type": {t: f["gold"] for t, f in by_type.items() if f["gold"]},
            "precision": overall["precision"],
            "precision_by_type": {t: f["precision"] for t, f in by_type.items() if f["extracted"]},
            "extracted_by_type": {t: f["extracted"] for t, f in by_type.items() if f["extracted"]},
            "extra_by_type": {t: extra[t] for t in GOLD_TYPES if extra[t]},
            "unsupported": overall["fabricated"],
            "clean_rate": overall["clean_rate"],
            "clean_conversations": overall["clean_conversations"],
            "by_type": by_type,
            "by_length": by_length,
            "slots_with_several_current_values": sum(r.slots_with_several_values for r in results),
            "repeated_values": sum(r.repeated_values for r in results),
            "needs_review": sum(r.needs_review for r in results),
            "durable_summary_carries": _share(
                sum(r.durable_carried for r in results), sum(r.durable_total for r in results)
            ),
            "summary_chatter": _share(
                sum(r.summary_chatter for r in results), sum(r.summary_sentences for r in results)
            ),
            "extract_ms_per_conversation": round(sum(turns_ms) / len(turns_ms), 1) if turns_ms else 0.0,
            "refresh_ms_per_100_turns": _per_100(results),
            "seconds": round(self.seconds, 1),
        }


def _per_100(results: list[ConversationResult]) -> float:
    turns = sum(r.turns for r in results)
    return round(sum(r.refresh_ms for r in results) / turns * 100, 1) if turns else 0.0


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def evaluate(
    conversations: Iterable[EvalConversation],
    *,
    name: str = "",
    provider: Provider | None = None,
    measure_summaries: bool = True,
) -> FileReport:
    """Extraction recall and precision by type, unsupported values, clean-conversation rate (also by
    conversation length), fact consistency and summary measures over ``conversations`` (from
    :func:`conversations_from_file` or :func:`conversations_from_database`)."""
    if provider is None:
        from memadmin.providers import get_provider

        provider = get_provider()
    started = time.perf_counter()
    results = [evaluate_conversation(c, provider, measure_summaries=measure_summaries) for c in conversations]
    return FileReport(name, results, time.perf_counter() - started)


def _percent(share: float | None) -> str:
    return "n/a" if share is None else f"{share * 100:.1f}%"


def format_report(report: FileReport, *, misses: int = 0) -> str:
    """The report as a person reads it."""
    lines = [format_figures(report.as_dict())]
    if misses:
        shown = [(r.external_id, g) for r in report.conversations for g in r.missed][:misses]
        lines += [f"  missed {g.type} {g.value!r} (turn {g.source_seq} of {cid})" for cid, g in shown]
    return "\n".join(lines)


def format_figures(d: dict) -> str:
    """The figures of a report (``FileReport.as_dict``, or a stored run's) as a person reads them."""
    lines = [
        f"{d['file']}: {d['conversations']} conversations, {d['gold_values']} gold values ({d['seconds']} s)",
        f"  recall {_percent(d['recall'])}; unsupported {d['unsupported']}; "
        f"clean conversations {_percent(d['clean_rate'])}",
        "  by type: "
        + ", ".join(f"{t} {_percent(r)} of {d['gold_by_type'][t]}" for t, r in d["recall_by_type"].items()),
        "  precision "
        + _percent(d["precision"])
        + "; by type: "
        + ", ".join(
            f"{t} {_percent(r)} of {d['extracted_by_type'][t]}" for t, r in d["precision_by_type"].items()
        ),
        "  by length: "
        + "; ".join(
            f"{name}: {f['conversations']} conversations, recall {_percent(f['recall'])}, "
            f"clean {_percent(f['clean_rate'])}"
            for name, f in d["by_length"].items()
            if f["conversations"]
        ),
        "  extra (no gold label): "
        + (", ".join(f"{t} {n}" for t, n in d["extra_by_type"].items()) or "none"),
        f"  consistency: {d['slots_with_several_current_values']} single-valued slots with several current "
        f"values, {d['repeated_values']} repeated values, {d['needs_review']} facts needing review",
        f"  summaries: durable summary carries {_percent(d['durable_summary_carries'])} of current values "
        f"and preferences; {_percent(d['summary_chatter'])} of summary sentences are questions or small talk",
        f"  time: extraction {d['extract_ms_per_conversation']} ms per conversation; extraction and both "
        f"summaries {d['refresh_ms_per_100_turns']} ms per 100 turns",
    ]
    return "\n".join(lines)
