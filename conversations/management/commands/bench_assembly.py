"""Assembly latency: the whole POST .../context/ path minus HTTP, p50 and p95.

Each timed call does what the chat service's request does: embed the message,
search the conversation, read the summaries, facts and recent window, count
tokens, and store the snapshot.
"""

import random
import time

from django.core.management.base import BaseCommand
from django.db import connection

from conversations.assembly import context_assemble
from conversations.benchdata import fill_conversations, percentiles
from conversations.memory import turns_appended
from conversations.models import ContextSnapshot, MemoryState, RefreshRun, Summary, TurnIndexEntry
from facts.models import PinnedFact
from memadmin.benchmarks import report_benchmark
from memadmin.providers import get_provider

_MESSAGES = [
    "Where are you sending the replacement?",
    "How much was the refund again?",
    "What was my case number?",
    "Can you remind me when my order is due?",
    "Did you update my email address?",
    "Which colour did I choose in the end?",
]


class Command(BaseCommand):
    help = (
        "Print context assembly latency (p50/p95) on synthetic conversations whose layers are derived first. "
        "Run against a database of its own (MEMADMIN_DATABASE_NAME=memadmin_bench)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--conversations", type=int, default=200)
        parser.add_argument("--turns-each", type=int, default=100)
        parser.add_argument("--calls", type=int, default=500)
        parser.add_argument("--no-record", action="store_true", help="Do not update docs/benchmarks.md.")

    def handle(self, *args, **options):
        conversations = fill_conversations(
            conversations=options["conversations"], turns_each=options["turns_each"], source="bench_assembly"
        )
        provider = get_provider()
        _reset_summaries_and_facts(conversations)
        started = time.perf_counter()
        for conversation in conversations:
            turns_appended(conversation_id=conversation.pk, provider=provider)
        derive_seconds = time.perf_counter() - started
        self.stdout.write(
            f"derived the layers of {len(conversations):,} conversations in {derive_seconds:.1f} s"
        )
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {TurnIndexEntry._meta.db_table}")

        rng = random.Random(5)
        context_assemble(conversation=conversations[0], message=_MESSAGES[0], provider=provider)  # warm up
        timings, totals = [], []
        for _ in range(options["calls"]):
            conversation = rng.choice(conversations)
            began = time.perf_counter()
            snapshot = context_assemble(
                conversation=conversation, message=rng.choice(_MESSAGES), provider=provider
            )
            timings.append(time.perf_counter() - began)
            totals.append(snapshot.token_counts["total"])
        figures = [
            ("conversations x turns", f"{len(conversations):,} x {options['turns_each']:,}"),
            ("provider", f"{provider.name} ({provider.embedding_model})"),
            (
                "deriving summaries + facts from scratch (index entries already there are kept)",
                f"{derive_seconds:.1f} s ({derive_seconds / len(conversations) * 1000:.0f} ms each)",
            ),
            ("assembly p50 / p95", percentiles(timings, "calls")),
            ("tokens per context, mean", f"{sum(totals) / len(totals):,.0f}"),
            ("snapshots stored", f"{ContextSnapshot.objects.count():,}"),
        ]
        report_benchmark(
            self.stdout,
            "Assembly",
            command=(
                f"python manage.py bench_assembly --conversations {options['conversations']} "
                f"--turns-each {options['turns_each']} --calls {options['calls']}"
            ),
            figures=figures,
            record=not options["no_record"],
        )


def _reset_summaries_and_facts(conversations) -> None:
    """Drop what a previous run derived, so the derive figure always means the same work."""
    for model in (Summary, PinnedFact, RefreshRun, MemoryState, ContextSnapshot):
        model.objects.filter(conversation__in=conversations).delete()
