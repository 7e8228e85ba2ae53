from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from qa.services import gold_export


class Command(BaseCommand):
    help = (
        "Write the gold facts as CSV: conversation, type, key, value, source turn, and where the gold "
        "set came from (adjudicated by whom and when, or imported from which file)."
    )

    def add_arguments(self, parser):
        parser.add_argument("-o", "--output", help="The CSV file to write (default: standard output).")
        parser.add_argument(
            "--external-id", action="append", dest="external_ids", help="Only this conversation."
        )
        parser.add_argument("--actor", help="The username the export is recorded for in the audit log.")

    def handle(self, *args, **options):
        actor = None
        if options["actor"]:
            actor = get_user_model().objects.filter(username=options["actor"]).first()
            if actor is None:
                raise CommandError(f"No user {options['actor']!r}.")
        if options["output"]:
            with open(options["output"], "w", newline="", encoding="utf-8") as out:
                written = gold_export(out=out, actor=actor, external_ids=options["external_ids"])
            self.stderr.write(f"{written} gold facts written to {options['output']}")
        else:
            # csv ends every row with a line break, so the wrapper adds none.
            gold_export(out=self.stdout, actor=actor, external_ids=options["external_ids"])
