import tempfile
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection

from conversations.benchdata import synthetic_conversations, write_jsonl
from conversations.indexing import index_bulk
from conversations.memory import ProviderEmbedder
from conversations.models import Turn
from conversations.transfer import conversations_import
from memadmin.benchmarks import CpuClock, report_benchmark
from memadmin.providers import get_provider


class Command(BaseCommand):
    help = (
        "Generate a JSON Lines file of synthetic conversations, import it twice (the record only, "
        "as with --no-derive), print the timings."
    )

    def add_arguments(self, parser):
        parser.add_argument("--conversations", type=int, default=10_000)
        parser.add_argument("--turns-each", type=int, default=100)
        parser.add_argument(
            "--index",
            action="store_true",
            help="After the first import, write the retrieval index in bulk with the configured embedder "
            "(as import_conversations --index-only does) and time the two together.",
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

            clock = CpuClock()
            first, report = self._timed_import(path)
            self.stdout.write(f"first import: {first:.1f}s, {report.turns_stored:,} turns stored")
            indexed = None
            if options["index"]:
                embedder = ProviderEmbedder(get_provider())
                indexed = index_bulk(embedder=embedder)
                self.stdout.write(
                    f"index: {indexed.written:,} entries with {embedder.model_name} in {indexed.seconds:.1f}s"
                )
            first_cpu = clock.figures()
            second, rerun = self._timed_import(path)
            self.stdout.write(f"rerun: {second:.1f}s, {rerun.turns_stored:,} turns stored (should be 0)")

        total_turns = conversations * turns_each
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT count(*) FROM {Turn._meta.db_table}")
            stored_now = cursor.fetchone()[0]
        figures = [
            (
                "conversations x turns",
                f"{conversations:,} x {turns_each:,} = {total_turns:,} turns ({size_mb:.0f} MB)",
            ),
            ("first import", f"{first:.1f} s ({report.turns_stored / first:,.0f} turns/s)"),
            *(
                [
                    (
                        f"bulk indexing after it ({settings.MEMADMIN_EMBEDDER})",
                        f"{indexed.seconds:.1f} s ({indexed.turns_per_second:,.0f} turns/s), "
                        f"{indexed.written:,} entries",
                    ),
                    (
                        "first import with indexing, wall time",
                        f"{first + indexed.seconds:.1f} s "
                        f"({report.turns_stored / (first + indexed.seconds):,.0f} turns/s)",
                    ),
                ]
                if indexed
                else []
            ),
            (f"first import{' with indexing' if indexed else ''}, CPU", first_cpu),
            ("rerun of the same file", f"{second:.1f} s, {rerun.turns_stored} turns stored"),
            ("turns in the database after", f"{stored_now:,}"),
        ]
        report_benchmark(
            self.stdout,
            "Import",
            command=f"python manage.py bench_import --conversations {conversations} "
            f"--turns-each {turns_each}{' --index' if indexed else ''}",
            figures=figures,
            record=not options["no_record"],
        )

    def _timed_import(self, path: Path):
        started = time.perf_counter()
        with path.open("rb") as stream:
            report = conversations_import(stream=stream, source=str(path), derive=False)
        return time.perf_counter() - started, report
