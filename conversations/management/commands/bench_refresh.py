"""Refresh cost as a conversation grows: a boundary refresh at 100, 1,000 and 10,000 turns.

Each size gets a synthetic conversation of its own, rebuilt once from its raw
turns (timed too); then, several times, ten more turns are stored and the work
an append owes is done and timed: index the new turns, refresh the summaries
and facts at the boundary. With the refresh reading only its window, that
time stays flat as the conversation grows.
"""

import statistics
import time
from datetime import datetime

from django.conf import settings
from django.core.management.base import BaseCommand

from conversations.benchdata import synthetic_conversations
from conversations.memory import memory_rebuild, turns_appended
from conversations.models import Conversation, RefreshRun, Turn
from memadmin.benchmarks import report_benchmark
from memadmin.providers import get_provider


class Command(BaseCommand):
    help = (
        "Print the time of a boundary refresh at several conversation sizes (default 100, 1,000, 10,000 "
        "turns). Run against a database of its own (MEMADMIN_DATABASE_NAME=memadmin_bench)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000, 10_000])
        parser.add_argument("--repeats", type=int, default=5, help="Boundary refreshes timed per size.")
        parser.add_argument("--no-record", action="store_true", help="Do not update docs/benchmarks.md.")

    def handle(self, *args, **options):
        provider = get_provider()
        every = settings.MEMADMIN_REFRESH_EVERY
        figures = [("provider", f"{provider.name} ({provider.summary_model}, {provider.embedding_model})")]
        for size in options["sizes"]:
            turns = next(
                synthetic_conversations(
                    conversations=1, turns_each=size + every * options["repeats"], seed=size
                )
            )["turns"]
            conversation = _fresh_conversation(f"bench-refresh-{size}", turns[:size])
            began = time.perf_counter()
            run = memory_rebuild(conversation_id=conversation.pk, provider=provider)
            rebuild_seconds = time.perf_counter() - began
            if run.outcome != RefreshRun.Outcome.COMMITTED:
                self.stderr.write(f"the rebuild at {size} turns ended {run.outcome}: {run.error}")
            timings = []
            for repeat in range(options["repeats"]):
                first = size + repeat * every
                _store(conversation, turns[first : first + every])
                began = time.perf_counter()
                run = turns_appended(
                    conversation_id=conversation.pk,
                    first_seq=first + 1,
                    last_seq=first + every,
                    provider=provider,
                )
                timings.append(time.perf_counter() - began)
                if run is None or run.outcome != RefreshRun.Outcome.COMMITTED:
                    self.stderr.write(
                        f"a boundary refresh at {size} turns did not commit: {run and run.error}"
                    )
            figures.append(
                (
                    f"{size:,} turns: boundary refresh (index {every} new turns + summaries + facts)",
                    f"median {statistics.median(timings) * 1000:,.0f} ms, max {max(timings) * 1000:,.0f} ms "
                    f"({len(timings)} refreshes)",
                )
            )
            figures.append(
                (
                    f"{size:,} turns: rebuild from the raw turns (re-index included)",
                    f"{rebuild_seconds:.1f} s",
                )
            )
        report_benchmark(
            self.stdout,
            "Refresh cost",
            command=(
                f"python manage.py bench_refresh --sizes {' '.join(str(s) for s in options['sizes'])} "
                f"--repeats {options['repeats']}"
            ),
            figures=figures,
            record=not options["no_record"],
        )


def _fresh_conversation(external_id: str, turns: list[dict]) -> Conversation:
    Conversation.objects.filter(external_id=external_id).delete()
    conversation = Conversation.objects.create(external_id=external_id, subject_id=external_id)
    _store(conversation, turns)
    return conversation


def _store(conversation: Conversation, turns: list[dict]) -> None:
    """The record only: the derived work is what is timed."""
    Turn.objects.bulk_create(
        [
            Turn(
                conversation=conversation,
                seq=turn["seq"],
                role=turn["role"],
                content=turn["content"],
                created_at=datetime.fromisoformat(turn["created_at"]),
            )
            for turn in turns
        ],
        batch_size=5000,
    )
