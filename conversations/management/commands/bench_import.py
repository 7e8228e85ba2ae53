import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection

from conversations.benchdata import synthetic_conversations, write_jsonl
from conversations.indexing import index_bulk
from conversations.memory import ProviderEmbedder
from conversations.models import Turn, TurnIndexEntry
from conversations.transfer import conversations_import
from memadmin.benchmarks import CpuClock, report_benchmark
from memadmin.providers import get_provider


class Command(BaseCommand):
    help = (
        "Generate a JSON Lines file of synthetic conversations, import it twice (the record only, "
        "as with --no-derive; with --index, the first import writes the retrieval index as it goes), "
        "print the timings."
    )

    def add_arguments(self, parser):
        parser.add_argument("--conversations", type=int, default=10_000)
        parser.add_argument("--turns-each", type=int, default=100)
        parser.add_argument(
            "--index",
            action="store_true",
            help="Write the retrieval index with the configured embedder while importing (as "
            "import_conversations --index-only does) and time the two together.",
        )
        parser.add_argument("--no-record", action="store_true", help="Do not update docs/benchmarks.md.")

    def handle(self, *args, **options):
        conversations, turns_each = options["conversations"], options["turns_each"]
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "bench.jsonl"
            started = time.perf_counter()
            with path.open("w", encoding="utf-8") as out:
                write_jsonl(synthetic_conversations(conversations=conversations, turns_each=turns_each), out)
            generated = time.perf_counter() - started
            size_mb = path.stat().st_size / 1e6
            self.stdout.write(f"generated {path.stat().st_size / 1e6:.0f} MB in {generated:.1f}s")

            embedder = ProviderEmbedder(get_provider()) if options["index"] else None
            if embedder is not None:
                embedder.embed_array(["loaded before the clock starts"])
            clock = CpuClock()
            started = time.perf_counter()
            report = self._import(path, embedder)
            imported = time.perf_counter() - started
            self.stdout.write(f"first import: {imported:.1f}s, {report.turns_stored:,} turns stored")
            rest = None
            if embedder is not None:
                # As import_conversations --index-only: whatever was not indexed along the way.
                rest = index_bulk(embedder=embedder)
                self.stdout.write(
                    f"index: {report.indexed.written:,} entries with {embedder.model_name} as it imported, "
                    f"{rest.written:,} after"
                )
            first = time.perf_counter() - started
            first_cpu = clock.figures(report.indexed.other_database_cpu_seconds if report.indexed else 0.0)
            started = time.perf_counter()
            rerun = self._import(path, None)
            second = time.perf_counter() - started
            self.stdout.write(f"rerun: {second:.1f}s, {rerun.turns_stored:,} turns stored (should be 0)")

        total_turns = conversations * turns_each
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT count(*) FROM {Turn._meta.db_table}")
            stored_now = cursor.fetchone()[0]
            cursor.execute(f"SELECT count(*) FROM {TurnIndexEntry._meta.db_table}")
            entries_now = cursor.fetchone()[0]
        indexing = []
        if rest is not None:
            indexing = [
                (
                    "first import with indexing, wall time",
                    f"{first:.1f} s ({report.turns_stored / first:,.0f} turns/s) with "
                    f"{settings.MEMADMIN_EMBEDDER}: {report.indexed.written:,} entries written as the "
                    f"batches committed (embedding: {report.indexed.embed_seconds:.1f} s in its thread), "
                    f"{rest.written:,} by the bulk pass after ({rest.seconds:.1f} s)",
                ),
            ]
        else:
            indexing = [("first import", f"{first:.1f} s ({report.turns_stored / first:,.0f} turns/s)")]
        figures = [
            (
                "conversations x turns",
                f"{conversations:,} x {turns_each:,} = {total_turns:,} turns ({size_mb:.0f} MB)",
            ),
            *indexing,
            (f"first import{' with indexing' if rest else ''}, CPU", first_cpu),
            ("rerun of the same file", f"{second:.1f} s, {rerun.turns_stored} turns stored"),
            ("turns / index entries in the database after", f"{stored_now:,} / {entries_now:,}"),
        ]
        report_benchmark(
            self.stdout,
            "Import",
            command=f"python manage.py bench_import --conversations {conversations} "
            f"--turns-each {turns_each}{' --index' if rest else ''}",
            figures=figures,
            record=not options["no_record"],
        )

    def _import(self, path: Path, embedder):
        with path.open("rb") as stream:
            return conversations_import(stream=stream, source=str(path), derive=False, index_with=embedder)
