import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from conversations.retrieval_eval import evaluate, format_table, import_and_index
from memadmin.providers.embedders import get_embedder


class Command(BaseCommand):
    help = (
        "Measure retrieval on the labelled queries of an import file: recall@5, recall@10, hit@5 and MRR "
        "per mode (lexical, vector, hybrid) and category. Imports and indexes the file first; safe to rerun."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="A JSON Lines import file with queries (docs/import-format.md).")
        parser.add_argument("--json", action="store_true", help="Print one JSON object instead of a table.")
        parser.add_argument(
            "--embedder", default=None, help="wordllama or minilm (default: MEMADMIN_EMBEDDER)."
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"Cannot read {path}: no such file.")
        embedder = get_embedder(options["embedder"] or settings.MEMADMIN_EMBEDDER)
        conversations, report = import_and_index(path=path, embedder=embedder)
        if not conversations:
            raise CommandError(f"{path} holds no conversation that could be imported.")
        results = evaluate(conversations=conversations, embedder=embedder)
        if options["json"]:
            document = {
                "file": str(path),
                "embedder": embedder.model_name,
                "conversations": len(conversations),
                "rejected_lines": len(report.rejected_lines),
                "modes": results,
            }
            self.stdout.write(json.dumps(document, indent=2))
            return
        queries = results["hybrid"]["overall"]["queries"] if results else 0
        self.stdout.write(
            f"{path}: {len(conversations)} conversations, {queries} labelled queries, "
            f"embedder {embedder.model_name}"
        )
        if report.rejected_lines:
            self.stdout.write(
                f"({len(report.rejected_lines)} line(s) of the file were rejected by the import)"
            )
        self.stdout.write(format_table(results))
