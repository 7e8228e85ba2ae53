import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from conversations.retrieval import MODES
from conversations.retrieval_eval import (
    evaluate,
    format_table,
    import_and_index,
    labelled_and_indexed,
    macro_average,
    parse_tuning,
)
from memadmin.providers.embedders import get_embedder


class Command(BaseCommand):
    help = (
        "Measure retrieval on the labelled queries of one or more import files: recall@5, recall@10, "
        "hit@5 and MRR per mode (lexical, vector, hybrid) and category, a table per file, then the "
        "macro average over the files. Imports and indexes each file first; safe to rerun."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "files", nargs="*", help="JSON Lines import files with queries (docs/import-format.md)."
        )
        parser.add_argument(
            "--labelled",
            action="store_true",
            help="Measure the stored conversations whose questions were labelled (in the dashboard or "
            "by an import) instead of files.",
        )
        parser.add_argument("--json", action="store_true", help="Print one JSON object instead of tables.")
        parser.add_argument(
            "--embedder", default=None, help="wordllama or minilm (default: MEMADMIN_EMBEDDER)."
        )
        parser.add_argument(
            "--tuning",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="Change one search setting for this run, e.g. --tuning rrf_k=20 (repeatable; "
            "the names are the fields of conversations.search_tuning.SearchTuning).",
        )
        parser.add_argument(
            "--mode", action="append", choices=MODES, dest="modes", help="Only these modes (repeatable)."
        )

    def handle(self, *args, **options):
        paths = [Path(name) for name in options["files"]]
        if options["labelled"] == bool(paths):
            raise CommandError("Name import files, or measure the stored labelled questions with --labelled.")
        for path in paths:
            if not path.is_file():
                raise CommandError(f"Cannot read {path}: no such file.")
        try:
            tuning = parse_tuning(options["tuning"])
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        modes = tuple(mode for mode in MODES if mode in (options["modes"] or MODES))
        embedder = get_embedder(options["embedder"] or settings.MEMADMIN_EMBEDDER)
        files = []
        if options["labelled"]:
            conversations, _ = labelled_and_indexed(embedder=embedder)
            if not conversations:
                raise CommandError("No stored conversation has a labelled question yet.")
            results = evaluate(conversations=conversations, embedder=embedder, modes=modes, tuning=tuning)
            files.append(
                {
                    "file": "labelled questions",
                    "conversations": len(conversations),
                    "rejected_lines": 0,
                    "modes": results,
                }
            )
        for path in paths:
            conversations, report = import_and_index(path=path, embedder=embedder)
            if not conversations:
                raise CommandError(f"{path} holds no conversation that could be imported.")
            results = evaluate(conversations=conversations, embedder=embedder, modes=modes, tuning=tuning)
            files.append(
                {
                    "file": str(path),
                    "conversations": len(conversations),
                    "rejected_lines": len(report.rejected_lines),
                    "modes": results,
                }
            )
        macro = macro_average([entry["modes"] for entry in files])
        if options["json"]:
            document = {
                "embedder": embedder.model_name,
                "tuning": tuning.as_dict(),
                "files": files,
                "macro_average": macro,
            }
            self.stdout.write(json.dumps(document, indent=2))
            return
        self.stdout.write(f"embedder {embedder.model_name}; tuning {tuning.describe()}")
        for entry in files:
            queries = next(iter(entry["modes"].values()))["overall"]["queries"]
            self.stdout.write(
                f"\n{entry['file']}: {entry['conversations']} conversations, {queries} labelled queries"
            )
            if entry["rejected_lines"]:
                self.stdout.write(
                    f"({entry['rejected_lines']} line(s) of the file were rejected by the import)"
                )
            self.stdout.write(format_table(entry["modes"]))
        self.stdout.write(f"\nmacro average over {len(files)} file(s), each file counting once:")
        self.stdout.write(format_table(macro))
