"""Page latency: the dashboard's pages against Django's own admin, in one run, over the same tables.

Fills a benchmark database with synthetic conversations (10,000 x 100 turns
by default, kept if already there), plus one conversation of 240 turns and
one of 5,000 whose layers are derived (summaries, facts, index, a snapshot).
Then requests, through Django's whole request path as a signed-in admin, the
conversation list, the detail page of both conversations and Django admin's
change page for the same two, in interleaved rounds, and reports server time
p50/p95 and the query count of each.
"""

import os
import secrets
import tempfile
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from conversations.assembly import context_assemble
from conversations.benchdata import fill_conversations, percentiles, synthetic_conversations, write_jsonl
from conversations.memory import turns_appended
from conversations.models import ContextSnapshot, Conversation, MemoryState, RefreshRun, Summary, Turn
from conversations.transfer import conversations_import
from facts.models import PinnedFact
from memadmin.accounts import user_ensure
from memadmin.benchmarks import report_benchmark
from memadmin.permissions import Role

BENCH_USER = "bench-pages-admin"


class Command(BaseCommand):
    help = (
        "Print server time (p50/p95) and query count of the list page, the detail page and Django admin's "
        "change page, at 10,000 conversations / 1,000,000 turns. Run against a database of its own "
        "(MEMADMIN_DATABASE_NAME=memadmin_bench)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--conversations", type=int, default=10_000)
        parser.add_argument("--turns-each", type=int, default=100)
        parser.add_argument("--long-turns", type=int, nargs="+", default=[240, 5000])
        parser.add_argument("--requests", type=int, default=40, help="Timed requests of each page.")
        parser.add_argument("--fill-only", action="store_true", help="Fill the database and stop.")
        parser.add_argument(
            "--rederive",
            action="store_true",
            help="Derive the long conversations' layers again (after the extractor or summariser changed).",
        )
        parser.add_argument("--no-record", action="store_true", help="Do not update docs/benchmarks.md.")

    def handle(self, *args, **options):
        long_turns = options["long_turns"]
        started = time.perf_counter()
        wanted = options["conversations"] - len(long_turns)
        # Generating and re-importing a million turns to store none takes minutes: count first.
        if Conversation.objects.filter(external_id__regex=r"^bench-[0-9]{7}$").count() < wanted:
            fill_conversations(conversations=wanted, turns_each=options["turns_each"], source="bench_pages")
        measured = [_long_conversation(turns, rederive=options["rederive"]) for turns in long_turns]
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        total_conversations = Conversation.objects.count()
        with connection.cursor() as cursor:
            # The planner's estimate: an exact count(*) of a million rows is itself a benchmark.
            cursor.execute("SELECT reltuples::bigint FROM pg_class WHERE relname = %s", [Turn._meta.db_table])
            total_turns = cursor.fetchone()[0]
        self.stdout.write(
            f"ready in {time.perf_counter() - started:.1f} s: {total_conversations:,} conversations, "
            f"about {total_turns:,} turns"
        )
        if options["fill_only"]:
            return

        client = Client()
        client.force_login(_bench_admin())
        list_url = reverse("conversations:list")
        order_id = (
            PinnedFact.objects.filter(conversation=measured[0], key="order_id")
            .values_list("value", flat=True)
            .first()
        )
        pages = [
            ("list page", list_url, {}),
            (
                "list page: its counts by filter (fetched by htmx after the rows)",
                list_url,
                _fragment("filter-counts"),
            ),
            (f"list page searching an order id ({order_id})", f"{list_url}?q={order_id}", {}),
        ]
        for conversation, turns in zip(measured, long_turns, strict=True):
            pages.append(
                (f"detail page, {turns:,} turns", reverse("conversations:detail", args=[conversation.pk]), {})
            )
            snapshot = ContextSnapshot.objects.filter(conversation=conversation).latest("created_at")
            pages.append(
                (
                    f"context inspector (with today's assembly), {turns:,} turns",
                    reverse("conversations:snapshot", args=[conversation.pk, snapshot.pk]),
                    {},
                )
            )
            pages.append(
                (
                    f"Django admin change page, {turns:,} turns",
                    reverse("admin:conversations_conversation_change", args=[conversation.pk]),
                    {},
                )
            )
        queries = {}
        for label, url, headers in pages:  # warm up, check, and count the queries once
            with CaptureQueriesContext(connection) as captured:
                response = client.get(url, **headers)
            if response.status_code != 200:
                raise CommandError(f"{label} ({url}) answered {response.status_code}")
            queries[label] = len(captured)
        load_before = os.getloadavg()[0]
        timings: dict[str, list[float]] = {label: [] for label, _, _ in pages}
        for _ in range(options["requests"]):
            for label, url, headers in pages:  # interleaved, so every page sees the same machine
                began = time.perf_counter()
                client.get(url, **headers)
                timings[label].append(time.perf_counter() - began)

        figures = [
            ("conversations / turns in the database", f"{total_conversations:,} / about {total_turns:,}"),
            (
                "load average (1 min) before / after the timed requests (the machine is shared)",
                f"{load_before:.1f} / {os.getloadavg()[0]:.1f}",
            ),
        ]
        for conversation, turns in zip(measured, long_turns, strict=True):
            facts = PinnedFact.objects.filter(conversation=conversation)
            figures.append(
                (
                    f"pinned facts of the {turns:,}-turn conversation (live / all)",
                    f"{facts.filter(status__in=['active', 'temporary']).count():,} / {facts.count():,}",
                )
            )
        for label, _, _ in pages:
            figures.append((f"{label}: p50 / p95", percentiles(timings[label], "requests")))
            figures.append((f"{label}: queries", str(queries[label])))
        for turns in long_turns:
            detail = _p95(timings[f"detail page, {turns:,} turns"])
            admin = _p95(timings[f"Django admin change page, {turns:,} turns"])
            figures.append(
                (f"detail p95 / admin p95, {turns:,} turns", f"{detail / admin:.2f} (goal: at most 0.50)")
            )
        long_args = " ".join(str(turns) for turns in long_turns)
        report_benchmark(
            self.stdout,
            "Pages",
            command=(
                f"MEMADMIN_DATABASE_NAME=memadmin_bench python manage.py bench_pages "
                f"--conversations {options['conversations']} --turns-each {options['turns_each']} "
                f"--long-turns {long_args} --requests {options['requests']}"
            ),
            figures=figures,
            record=not options["no_record"],
        )


def _fragment(target: str) -> dict:
    return {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": target}


def _p95(seconds: list[float]) -> float:
    ordered = sorted(seconds)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def _long_conversation(turns: int, *, rederive: bool = False) -> Conversation:
    """One conversation of ``turns`` turns with its layers derived and one snapshot taken."""
    external_id = f"bench-pages-{turns}"
    conversation = Conversation.objects.filter(external_id=external_id).first()
    if conversation is None:
        record = next(iter(synthetic_conversations(conversations=1, turns_each=turns, seed=turns)))
        record["external_id"] = external_id
        record["title"] = f"Benchmark conversation of {turns:,} turns"
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "long.jsonl"
            with path.open("w", encoding="utf-8") as out:
                write_jsonl(iter([record]), out)
            with path.open("rb") as stream:
                conversations_import(stream=stream, source="bench_pages", derive=False)
        conversation = Conversation.objects.get(external_id=external_id)
    if rederive:
        for model in (Summary, PinnedFact, RefreshRun, MemoryState, ContextSnapshot):
            model.objects.filter(conversation=conversation).delete()
    if not ContextSnapshot.objects.filter(conversation=conversation).exists():
        turns_appended(conversation_id=conversation.pk)
        context_assemble(conversation=conversation, message="Where is my order, and what was the refund?")
    return conversation


def _bench_admin():
    user = user_ensure(username=BENCH_USER, password=secrets.token_urlsafe(24), roles=[Role.ADMIN])
    if not user.is_staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    return user
