import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from facts.evaluation import conversations_from_file, evaluate, format_report


class Command(BaseCommand):
    help = (
        "Measure the configured extractor and summariser against the gold facts of import files "
        "(docs/import-format.md): recall by type, unsupported values, clean-conversation rate, the "
        "consistency of the facts kept, and what the summaries carry. Reads the files; stores nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="JSON Lines import files with gold_facts.")
        parser.add_argument("--json", action="store_true", help="Print one JSON object per file.")
        parser.add_argument("--misses", type=int, default=0, help="Also list this many missed gold values.")

    def handle(self, *args, **options):
        for name in options["files"]:
            path = Path(name)
            if not path.is_file():
                raise CommandError(f"Cannot read {path}: no such file.")
            try:
                conversations = conversations_from_file(path)
            except (ValueError, KeyError) as exc:
                raise CommandError(f"{path} is not an import file: {exc}") from exc
            report = evaluate(conversations, name=path.name)
            if options["json"]:
                self.stdout.write(json.dumps(report.as_dict()))
            else:
                self.stdout.write(format_report(report, misses=options["misses"]))
