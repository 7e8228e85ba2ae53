"""Retrieval quality on labelled queries: recall@k, hit@k and MRR, per category and overall.

DESIGN.md asks that every retrieval change be measured on a labelled set; this
is the measuring. The search pool is every turn of the conversation (nothing
excluded), so the figures say how well the arms rank, not how big the recent
window is.
"""

import dataclasses
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from conversations.indexing import index_bulk
from conversations.models import Conversation, LabelledQuery
from conversations.retrieval import MODES, Mode, search
from conversations.search_tuning import DEFAULT_TUNING, SearchTuning
from conversations.transfer import ImportReport, conversations_import
from memadmin.providers.embedders import Embedder

# Deep enough that MRR sees evidence ranked below 10, as far as the arms' pools reach.
EVAL_DEPTH = 50
METRICS = ("recall@5", "recall@10", "hit@5", "mrr")
OVERALL = "overall"


@dataclass(frozen=True)
class Outcome:
    """One labelled query and the seqs the search ranked for it, best first."""

    category: str
    ranked: tuple[int, ...]
    evidence: frozenset[int]


def recall_at(ranked: tuple[int, ...], evidence: frozenset[int], k: int) -> float:
    """The share of the evidence turns found in the top ``k``."""
    return len(evidence.intersection(ranked[:k])) / len(evidence)


def hit_at(ranked: tuple[int, ...], evidence: frozenset[int], k: int) -> float:
    """1 when any evidence turn is in the top ``k``: the model sees at least part of the answer."""
    return 1.0 if evidence.intersection(ranked[:k]) else 0.0


def reciprocal_rank(ranked: tuple[int, ...], evidence: frozenset[int]) -> float:
    """1 / the rank of the first evidence turn; 0 when none is ranked."""
    for rank, seq in enumerate(ranked, start=1):
        if seq in evidence:
            return 1.0 / rank
    return 0.0


def query_metrics(outcome: Outcome) -> dict[str, float]:
    return {
        "recall@5": recall_at(outcome.ranked, outcome.evidence, 5),
        "recall@10": recall_at(outcome.ranked, outcome.evidence, 10),
        "hit@5": hit_at(outcome.ranked, outcome.evidence, 5),
        "mrr": reciprocal_rank(outcome.ranked, outcome.evidence),
    }


def summarise(outcomes: Iterable[Outcome]) -> dict[str, dict[str, float]]:
    """Mean of each metric over the queries, per category and overall (with the query counts)."""
    groups: dict[str, list[dict[str, float]]] = {OVERALL: []}
    for outcome in outcomes:
        metrics = query_metrics(outcome)
        groups[OVERALL].append(metrics)
        groups.setdefault(outcome.category or "uncategorised", []).append(metrics)
    return {name: _mean(rows) for name, rows in groups.items()}


def _mean(rows: list[dict[str, float]]) -> dict[str, float]:
    means = {metric: (sum(row[metric] for row in rows) / len(rows) if rows else 0.0) for metric in METRICS}
    return {**means, "queries": len(rows)}


def outcomes_for(
    *,
    conversations: Iterable[Conversation],
    embedder: Embedder,
    mode: Mode,
    tuning: SearchTuning = DEFAULT_TUNING,
) -> Iterator[Outcome]:
    """Run every labelled query of ``conversations`` through ``search`` in ``mode``."""
    for conversation in conversations:
        queries = LabelledQuery.objects.filter(conversation=conversation).order_by("id")
        for labelled in queries:
            if not labelled.evidence_seqs:
                continue  # nothing to find: recall is undefined
            hits = search(
                conversation=conversation,
                query=labelled.query,
                embedder=embedder,
                k=EVAL_DEPTH,
                mode=mode,
                tuning=tuning,
            )
            yield Outcome(
                category=labelled.category,
                ranked=tuple(hit.seq for hit in hits),
                evidence=frozenset(labelled.evidence_seqs),
            )


def evaluate(
    *,
    conversations: list[Conversation],
    embedder: Embedder,
    modes: Iterable[Mode] = MODES,
    tuning: SearchTuning = DEFAULT_TUNING,
) -> dict[str, dict[str, dict[str, float]]]:
    """Figures per mode, then per category: ``{"hybrid": {"overall": {"recall@10": ...}}}``."""
    return {
        mode: summarise(
            outcomes_for(conversations=conversations, embedder=embedder, mode=mode, tuning=tuning)
        )
        for mode in modes
    }


def import_and_index(*, path: Path, embedder: Embedder) -> tuple[list[Conversation], ImportReport]:
    """Import the file (turns already stored are kept as they are) and index its conversations.

    Safe to rerun: the import skips what is stored and indexing writes only
    missing or stale entries. Nothing else is derived (no summaries, no facts):
    only the index is measured. Returns the file's conversations, in file order.
    """
    with path.open("rb") as stream:
        report = conversations_import(stream=stream, source=str(path), derive=False)
    external_ids = _external_ids(path)
    stored = {c.external_id: c for c in Conversation.objects.filter(external_id__in=external_ids)}
    conversations = [stored[external_id] for external_id in external_ids if external_id in stored]
    index_bulk(embedder=embedder, conversation_ids=[conversation.pk for conversation in conversations])
    return conversations, report


def labelled_and_indexed(*, embedder: Embedder) -> tuple[list[Conversation], None]:
    """The stored conversations with labelled questions (from the dashboard or an import), indexed."""
    conversations = list(
        Conversation.objects.filter(pk__in=LabelledQuery.objects.values("conversation_id")).order_by("id")
    )
    index_bulk(embedder=embedder, conversation_ids=[conversation.pk for conversation in conversations])
    return conversations, None


def _external_ids(path: Path) -> list[str]:
    """The external ids the file names, in order; lines the import rejected are left out by the lookup."""
    ids: list[str] = []
    with path.open("rb") as stream:
        for raw in stream:
            try:
                record = json.loads(raw)
            except (UnicodeDecodeError, json.JSONDecodeError):
                continue
            if isinstance(record, dict) and isinstance(record.get("external_id"), str):
                ids.append(record["external_id"])
    return list(dict.fromkeys(ids))


Results = dict[str, dict[str, dict[str, float]]]


def macro_average(per_file: list[Results]) -> Results:
    """The mean of the files' figures, each file counting once however many queries it holds.

    Per mode and category; a category is averaged over the files that have it
    (``files`` says how many), and ``queries`` is their total.
    """
    macro: Results = {}
    for results in per_file:
        for mode, categories in results.items():
            for category, row in categories.items():
                macro.setdefault(mode, {}).setdefault(category, []).append(row)  # type: ignore[arg-type]
    return {
        mode: {
            category: {
                **{metric: sum(row[metric] for row in rows) / len(rows) for metric in METRICS},
                "queries": sum(row["queries"] for row in rows),
                "files": len(rows),
            }
            for category, rows in categories.items()
        }
        for mode, categories in macro.items()
    }


def format_table(results: Results) -> str:
    """The figures as a plain-text table: one row per mode and category."""
    header = f"{'mode':<8} {'category':<16} {'queries':>7} " + " ".join(f"{m:>9}" for m in METRICS)
    lines = [header, "-" * len(header)]
    for mode, categories in results.items():
        for category in _category_order(categories):
            row = categories[category]
            figures = " ".join(f"{row[m]:>9.3f}" for m in METRICS)
            lines.append(f"{mode:<8} {category:<16} {row['queries']:>7} {figures}")
    return "\n".join(lines)


def parse_tuning(settings: list[str], base: SearchTuning = DEFAULT_TUNING) -> SearchTuning:
    """``["rrf_k=20", "vector_weight=1"]`` applied to ``base``; an unknown name or bad value is refused."""
    fields = {f.name: f for f in dataclasses.fields(SearchTuning)}
    changes: dict = {}
    for setting in settings:
        name, sep, raw = setting.partition("=")
        name = name.strip()
        if not sep or name not in fields:
            raise ValueError(
                f"Cannot read tuning {setting!r}: write name=value, name one of {', '.join(fields)}."
            )
        current = getattr(base, name)
        try:
            if isinstance(current, bool):
                if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError(raw)
                value = raw.lower() in ("true", "1", "yes")
            else:
                value = type(current)(raw)
        except ValueError:
            raise ValueError(
                f"Cannot read tuning {setting!r}: {name} takes a {type(current).__name__}."
            ) from None
        changes[name] = value
    return dataclasses.replace(base, **changes)


def _category_order(categories: dict) -> list[str]:
    return [OVERALL, *sorted(name for name in categories if name != OVERALL)]
