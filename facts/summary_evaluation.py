"""How usable the summaries are: what the durable summary carries, and what neither should hold.

``manage.py eval_summaries`` prints these figures, for import files (summaries computed by the
configured provider from the turns, as a refresh would) or for the conversations stored in the
database (the summaries and pinned facts a refresh stored).

Measures, per conversation and summed over a file:
- what the durable (static) summary carries, as a share: of the person's own current values (the
  single-valued slots: where they live, how to reach them, when to call back), of their stated
  preferences, of the commitments made to them, and of every current value;
- what no summary should hold, as a share of its statements: questions, small talk, and (durable
  summary only) statements limited in time: a temporary preference, "this week", "for now", a date
  said relative to its turn that is over ("tomorrow" said last week).

A value is carried when the summary holds it as said or in its normalised form. A statement is a
listed line of a summary ("- ..."), or a sentence of a summary that is not a list.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from django.conf import settings

from facts.slots import is_single_valued
from memadmin.providers.base import Provider, TurnText
from memadmin.providers.extractive import gone_by, is_question, is_small_talk, is_time_limited

MEASURES = ("own", "preferences", "commitments", "all")


@dataclass
class SummaryResult:
    external_id: str
    total: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MEASURES, 0))
    carried: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MEASURES, 0))
    statements: dict[str, int] = field(default_factory=lambda: {"static": 0, "rolling": 0})
    questions: dict[str, int] = field(default_factory=lambda: {"static": 0, "rolling": 0})
    small_talk: dict[str, int] = field(default_factory=lambda: {"static": 0, "rolling": 0})
    time_limited: int = 0  # durable statements that hold only for a while
    static_chars: int = 0
    ms: float = 0.0


@dataclass(frozen=True)
class _Fact:
    """What the measures read of a current fact (from the fact rules or the database)."""

    type: str
    key: str
    value: str
    normalised: str
    temporary_until: date | None = None


def statements(summary: str) -> list[str]:
    """The statements of a summary: its listed lines (a heading ending in ":" is none), or its
    sentences when it is prose (a model's summary)."""
    lines = [line.strip() for line in summary.splitlines() if line.strip() and not line.strip().endswith(":")]
    if any(line.startswith(("-", "*")) for line in lines):
        items = [re.sub(r"^[-*]\s*(?:\[turns?[^\]]*\]\s*)?", "", line) for line in lines]
        return [item for item in items if item]
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", " ".join(lines)) if s.strip()]


def carries(summary: str, fact: _Fact) -> bool:
    text = summary.lower()
    return fact.value.lower() in text or (bool(fact.normalised) and fact.normalised.lower() in text)


_VALUE_LINE_RE = re.compile(r"^[\w ()-]+: ")  # "home city: Lisbon [turn 16]": a value, dated where relative


def _time_limited(statement: str, facts: Sequence[_Fact], today: date) -> bool:
    """A statement that holds only for a while: a temporary preference, a date said relative to its
    turn that is over ("yesterday", "tomorrow" said last week), or words limiting it in time ("this
    week", "for now") outside a value line."""
    held = [f for f in facts if f.value and f.value.lower() in statement.lower()]
    if any(f.temporary_until is not None for f in held):
        return True
    if _VALUE_LINE_RE.match(statement):
        return any(gone_by(f, today) for f in held if statement.split(":", 1)[1].lstrip().startswith(f.value))
    if any(f.type == "commitment" for f in held):
        return False  # an open commitment belongs in the durable summary, with the day it was said
    return not _VALUE_LINE_RE.match(statement) and is_time_limited(statement)


def measure(
    external_id: str, static: str, rolling: str, facts: Sequence[_Fact], today: date, ms: float = 0.0
) -> SummaryResult:
    result = SummaryResult(external_id, static_chars=len(static), ms=ms)
    durable = [f for f in facts if f.temporary_until is None]
    groups = {
        "own": [f for f in durable if f.type not in ("preference", "commitment") and is_single_valued(f.key)],
        "preferences": [f for f in durable if f.type == "preference"],
        "commitments": [f for f in durable if f.type == "commitment"],
        "all": [f for f in facts if f.type != "commitment"],
    }
    for name, group in groups.items():
        result.total[name] = len(group)
        result.carried[name] = sum(carries(static, f) for f in group)
    for kind, text in (("static", static), ("rolling", rolling)):
        said = statements(text)
        result.statements[kind] = len(said)
        result.questions[kind] = sum(is_question(s) for s in said)
        result.small_talk[kind] = sum(is_small_talk(s) and not is_question(s) for s in said)
        if kind == "static":
            result.time_limited = sum(_time_limited(s, facts, today) for s in said)
    return result


# ------------------------------------------------------------------ from a file or the database


def evaluate_turns(external_id: str, turns: list[TurnText], provider: Provider) -> SummaryResult:
    """The summaries a refresh computes from these turns (the rolling one from its window), against
    the facts the fact rules keep current."""
    from facts.services import plan_extraction

    turns = sorted(turns, key=lambda t: t.seq)
    started = time.perf_counter()
    static = provider.summarise(kind="static", turns=turns).text
    rolling = provider.summarise(kind="rolling", turns=turns[-settings.MEMADMIN_ROLLING_WINDOW :]).text
    ms = (time.perf_counter() - started) * 1000
    extraction = provider.extract_facts(turns=turns, known=[])
    plan = plan_extraction(
        live=[], seen=set(), extracted=extraction.facts, conversation_id=None, model=extraction.model
    )
    days = {t.seq: t.created_at.date() for t in turns}
    today = max(days.values(), default=date.today())
    facts = [
        _Fact(f.type, f.key, f.value, f.normalised, f.temporary_until)
        for f in plan.live
        if not f.needs_review and (f.temporary_until is None or f.temporary_until >= today)
    ]
    return measure(external_id, static, rolling, facts, today, ms)


def evaluate_stored(conversations: Iterable) -> list[SummaryResult]:
    """The summaries and active pinned facts the database holds for these conversations."""
    from conversations.models import Summary, SummaryKind, Turn
    from facts.models import PinnedFact

    out = []
    for conversation in conversations:
        latest = {}
        for kind in (SummaryKind.STATIC, SummaryKind.ROLLING):
            summary = (
                Summary.objects.filter(conversation=conversation, kind=kind).order_by("-version").first()
            )
            latest[kind] = summary.body if summary else ""
        days = dict(
            Turn.objects.for_conversation(conversation).values_list("seq", "created_at__date").iterator()
        )
        today = max(days.values(), default=date.today())
        active = PinnedFact.objects.filter(
            conversation=conversation, status=PinnedFact.Status.ACTIVE, needs_review=False
        )
        facts = [
            _Fact(f.type, f.key, f.value, f.normalised, f.temporary_until)
            for f in active
            if f.temporary_until is None or f.temporary_until >= today
        ]
        name = conversation.external_id or str(conversation.pk)
        out.append(measure(name, latest[SummaryKind.STATIC], latest[SummaryKind.ROLLING], facts, today))
    return out


# ------------------------------------------------------------------ reporting


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def report(name: str, results: Sequence[SummaryResult]) -> dict:
    """The figures of one file (or of the database), summed over its conversations."""

    def total(attr: str, key: str) -> int:
        return sum(getattr(r, attr)[key] for r in results)

    return {
        "file": name,
        "conversations": len(results),
        "durable_carries": {m: _share(total("carried", m), total("total", m)) for m in MEASURES},
        "durable_counts": {m: total("total", m) for m in MEASURES},
        "questions": {
            k: _share(total("questions", k), total("statements", k)) for k in ("static", "rolling")
        },
        "small_talk": {
            k: _share(total("small_talk", k), total("statements", k)) for k in ("static", "rolling")
        },
        "durable_time_limited": _share(sum(r.time_limited for r in results), total("statements", "static")),
        "statements": {k: total("statements", k) for k in ("static", "rolling")},
        "durable_chars_median": sorted(r.static_chars for r in results)[len(results) // 2] if results else 0,
        "summaries_ms_per_conversation": round(sum(r.ms for r in results) / len(results), 1)
        if results
        else 0.0,
    }


def _percent(share: float | None) -> str:
    return "n/a" if share is None else f"{share * 100:.1f}%"


def format_report(d: dict) -> str:
    carries, counts = d["durable_carries"], d["durable_counts"]
    questions, small_talk = d["questions"], d["small_talk"]
    labels = {
        "own": "their own current values",
        "preferences": "stated preferences",
        "commitments": "commitments made to them",
        "all": "all current values",
    }
    return "\n".join(
        [
            f"{d['file']}: {d['conversations']} conversations",
            "  durable summary carries: "
            + "; ".join(f"{labels[m]} {_percent(carries[m])} of {counts[m]}" for m in MEASURES),
            f"  questions: durable {_percent(questions['static'])}, "
            f"rolling {_percent(questions['rolling'])}; "
            f"small talk: durable {_percent(small_talk['static'])}, "
            f"rolling {_percent(small_talk['rolling'])} "
            f"(of {d['statements']['static']} and {d['statements']['rolling']} statements)",
            f"  durable statements limited in time: {_percent(d['durable_time_limited'])}; median durable "
            f"summary {d['durable_chars_median']} characters; {d['summaries_ms_per_conversation']} ms per "
            "conversation",
        ]
    )
