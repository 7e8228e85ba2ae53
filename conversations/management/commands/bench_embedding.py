"""Embedding throughput, indexing throughput and search latency inside one conversation.

The DESIGN scale is 10,000 conversations x 100 turns (1,000,000 turns); the
defaults are smaller so that the command finishes in a minute or two. A
search reads one conversation's entries through the btree on the
conversation, so its work depends on the size of that conversation, not on how
many others the table holds; what the table's size does change is how much of
it stays in memory. So the same sample of searches runs twice: the first pass
(hybrid) meets pages as they are, cold at the DESIGN scale; the second pass,
per mode, meets them warm, as a conversation in the middle of a chat does.
"""

import os
import random
import time
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection

from conversations.benchdata import fill_conversations, percentiles, synthetic_conversations, timed_searches
from conversations.indexing import BulkIndexReport, index_bulk
from conversations.models import Conversation, TurnIndexEntry
from conversations.retrieval import MODES, exact_tokens
from memadmin.benchmarks import CpuClock, backend_cpu_seconds, report_benchmark
from memadmin.providers.base import TurnText
from memadmin.providers.embedders import Embedder, get_embedder

# Questions a customer asks about earlier turns, in the words of benchdata's templates.
_QUESTIONS = [
    "when is my order arriving?",
    "how much did you say you would refund?",
    "which address did I give you for the replacement?",
    "what's my case number?",
    "how do I prefer to be contacted?",
    "which colour did I ask for?",
    "was I charged twice?",
    "when will you call me back?",
]


class Command(BaseCommand):
    help = (
        "Print embedding throughput (turns/s), indexing throughput and hybrid search latency (p50/p95) "
        "inside one conversation, on synthetic conversations. Run against a database of its own "
        "(MEMADMIN_DATABASE_NAME=memadmin_bench). DESIGN scale: --conversations 10000 --turns-each 100."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--embedder", default=None, help="wordllama or minilm (default: MEMADMIN_EMBEDDER)."
        )
        parser.add_argument("--conversations", type=int, default=200)
        parser.add_argument("--turns-each", type=int, default=100)
        parser.add_argument(
            "--throughput-turns", type=int, default=10_000, help="Turns embedded for throughput."
        )
        parser.add_argument("--queries", type=int, default=500, help="Searches timed per mode.")
        parser.add_argument("--k", type=int, default=10)
        parser.add_argument(
            "--no-reembed", action="store_true", help="Skip timing a re-embedding of every entry."
        )
        parser.add_argument(
            "--keep-index",
            action="store_true",
            help="Keep the entries already written (e.g. by bench_import --index) rather than timing "
            "a first indexing afresh; only what is missing is written, untimed.",
        )
        parser.add_argument("--no-record", action="store_true", help="Do not update docs/benchmarks.md.")

    def handle(self, *args, **options):
        embedder_name = options["embedder"] or settings.MEMADMIN_EMBEDDER
        embedder = get_embedder(embedder_name)
        conversations, turns_each = options["conversations"], options["turns_each"]
        self.stdout.write(f"embedder {embedder.model_name} ({embedder.dimensions} dimensions)")

        throughput_turns, embed_seconds = _embedding_throughput(embedder, options["throughput_turns"])
        self._say(f"embedded {throughput_turns:,} turns in {embed_seconds:.1f} s")

        filled = fill_conversations(
            conversations=conversations, turns_each=turns_each, source="bench_embedding"
        )
        self._say(f"database holds the {len(filled):,} benchmark conversations")
        first, first_cpu = (None, "") if options["keep_index"] else _index_afresh(filled, embedder)
        if first:
            self._say(f"indexed {first.written:,} turns in {first.seconds:.1f} s ({first_cpu})")
        else:
            index_bulk(embedder=embedder, conversation_ids=[c.pk for c in filled])
        again, again_cpu = (None, "") if options["no_reembed"] else _reembed(filled, embedder)
        if again:
            self._say(f"re-embedded {again.written:,} turns in {again.seconds:.1f} s ({again_cpu})")
        _vacuum()

        samples = _sample_queries(filled, options["queries"], turns_each)
        # CPU seconds say how much work a search is when other work shares the cores and wall times
        # move with it: this process's and its PostgreSQL backend's, over every search timed.
        cpu_before = (time.process_time(), backend_cpu_seconds())
        cold = timed_searches(samples, embedder, mode="hybrid", k=options["k"])
        latencies = {mode: timed_searches(samples, embedder, mode=mode, k=options["k"]) for mode in MODES}
        searches = len(cold) + sum(len(timings) for timings in latencies.values())
        search_cpu = (
            f"{(time.process_time() - cpu_before[0]) / searches * 1000:.2f} ms in Python, "
            f"{(backend_cpu_seconds() - cpu_before[1]) / searches * 1000:.2f} ms in PostgreSQL "
            f"(every search above, {len(cold)} a pass); load average {os.getloadavg()[0]:.1f}"
        )
        figures = [
            ("embedder", f"{embedder.model_name}, {embedder.dimensions} dimensions"),
            ("embedding throughput", f"{throughput_turns / embed_seconds:,.0f} turns/s"),
            (
                "conversations x turns indexed",
                f"{len(filled):,} x {turns_each:,} (DESIGN scale: 10,000 x 100)",
            ),
            *(
                [
                    (
                        "first indexing, bulk (embed + COPY), wall time",
                        f"{first.seconds:.1f} s ({first.turns_per_second:,.0f} turns/s)",
                    ),
                    ("first indexing, CPU", first_cpu),
                ]
                if first
                else []
            ),
            *(
                [
                    (
                        "re-embedding every entry after a model change (reextract --index-only), wall time",
                        f"{again.seconds:.1f} s ({again.turns_per_second:,.0f} turns/s)",
                    ),
                    ("re-embedding, CPU", again_cpu),
                ]
                if again
                else []
            ),
            ("entries in the index table", f"{_entry_count():,}"),
            (
                f"search hybrid k={options['k']}, first pass (cold pages at scale), p50 / p95",
                percentiles(cold, "searches"),
            ),
            *(
                (
                    f"search {mode} k={options['k']}, same searches again (warm), p50 / p95",
                    percentiles(latencies[mode], "searches"),
                )
                for mode in ("hybrid", "lexical", "vector")
            ),
            ("search CPU per search", search_cpu),
        ]
        report_benchmark(
            self.stdout,
            f"Retrieval ({embedder.model_name})",
            command=(
                f"python manage.py bench_embedding --embedder {embedder_name}"
                f" --conversations {conversations} --turns-each {turns_each}"
                f" --throughput-turns {options['throughput_turns']} --queries {options['queries']}"
                f" --k {options['k']}"
                f"{' --keep-index' if options['keep_index'] else ''}"
                f"{' --no-reembed' if options['no_reembed'] else ''}"
            ),
            figures=figures,
            record=not options["no_record"],
        )

    def _say(self, text: str) -> None:
        self.stdout.write(text)
        self.stdout.flush()


def _embedding_throughput(embedder: Embedder, turns: int) -> tuple[int, float]:
    """Embed ``turns`` rendered synthetic turns in index-sized batches; the database is not involved."""
    texts = []
    for record in synthetic_conversations(conversations=max(1, turns // 100 + 1), turns_each=100, seed=7):
        texts.extend(_rendered(turn) for turn in record["turns"])
    texts = texts[:turns]
    embedder.embed(texts[:10])  # the first call pays for lazy initialisation
    started = time.perf_counter()
    for start in range(0, len(texts), 500):
        embedder.embed(texts[start : start + 500])
    return len(texts), time.perf_counter() - started


def _rendered(turn: dict) -> str:
    created_at = datetime.fromisoformat(turn["created_at"])
    return TurnText(
        seq=turn["seq"], role=turn["role"], content=turn["content"], created_at=created_at
    ).rendered()


def _index_afresh(conversations: list[Conversation], embedder: Embedder) -> tuple[BulkIndexReport, str]:
    """Drop the conversations' entries, then write them all in bulk, as a first import with indexing does."""
    TurnIndexEntry.objects.filter(conversation__in=conversations).delete()
    _vacuum()
    clock = CpuClock()
    report = index_bulk(embedder=embedder, conversation_ids=[c.pk for c in conversations])
    return report, clock.figures()


def _reembed(conversations: list[Conversation], embedder: Embedder) -> tuple[BulkIndexReport, str]:
    """Mark every entry as made by another model (not timed), then re-embed them all, as reextract does."""
    TurnIndexEntry.objects.filter(conversation__in=conversations).update(embedding_model="previous-model")
    _vacuum()
    clock = CpuClock()
    report = index_bulk(embedder=embedder, conversation_ids=[c.pk for c in conversations])
    return report, clock.figures()


def _vacuum() -> None:
    with connection.cursor() as cursor:
        # What autovacuum would do shortly: done now, it neither runs during the timed
        # work nor leaves the searches planned on stale statistics.
        cursor.execute(f"VACUUM (ANALYZE) {TurnIndexEntry._meta.db_table}")


@dataclass(frozen=True)
class _Sample:
    conversation: Conversation
    query: str
    recent: range


def _sample_queries(conversations: list[Conversation], count: int, turns_each: int) -> list[_Sample]:
    """The searches to time: random conversations, the recent window excluded as assembly does.

    One query in four quotes an identifier of its conversation, so the exact arm does its work.
    """
    rng = random.Random(11)
    recent = range(max(1, turns_each - settings.MEMADMIN_RECENT_TURNS + 1), turns_each + 1)
    samples = []
    for number in range(count):
        conversation = rng.choice(conversations)
        query = _identifier_question(conversation, rng) if number % 4 == 0 else rng.choice(_QUESTIONS)
        samples.append(_Sample(conversation, query, recent))
    return samples


def _identifier_question(conversation: Conversation, rng: random.Random) -> str:
    """A question quoting an identifier or amount said early in the conversation."""
    contents = list(conversation.turns.order_by("seq").values_list("content", flat=True)[:20])
    tokens = exact_tokens(rng.choice(contents)) if contents else []
    return f"what happened with {rng.choice(tokens) if tokens else 'ORD-00000'}?"


def _entry_count() -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {TurnIndexEntry._meta.db_table}")
        return cursor.fetchone()[0]
