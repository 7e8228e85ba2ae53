from django.core.management.base import BaseCommand, CommandError

from conversations.transfer import conversations_export
from privacy.exports import export_recorded


class Command(BaseCommand):
    help = "Export conversations as JSON Lines (docs/import-format.md), to a file or standard output."

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", help="File to write; standard output when left out.")
        parser.add_argument(
            "--external-id", action="append", dest="external_ids", help="Only these (repeatable)."
        )

    def handle(self, *args, **options):
        path = options["output"]
        try:
            out = open(path, "w", encoding="utf-8") if path else self.stdout  # noqa: SIM115
        except OSError as exc:
            raise CommandError(f"Cannot write {path}: {exc.strerror}") from exc
        try:
            written = conversations_export(out=out, external_ids=options["external_ids"])
        finally:
            if path:
                out.close()
        if path:
            # A file of conversations on disk is a copy that a forget request must reach.
            export_recorded(path=path, conversations=written)
        self.stderr.write(f"{written} conversation(s) exported")
