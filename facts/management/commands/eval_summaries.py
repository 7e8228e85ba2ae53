import json

from django.core.management.base import BaseCommand, CommandError

from facts.management.files import read_import_file
from facts.summary_evaluation import evaluate_stored, evaluate_turns, format_report, report
from memadmin.providers import get_provider


class Command(BaseCommand):
    help = (
        "Measure the summaries: the share of a conversation's current values, preferences and commitments "
        "that its durable summary carries, and the share of summary statements that are questions, small "
        "talk or (durable) limited in time. Reads import files (summaries computed by the configured "
        "provider) or, with --database, the summaries stored for the conversations. Stores nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="*", help="JSON Lines import files (docs/import-format.md).")
        parser.add_argument("--database", action="store_true", help="Measure the stored summaries.")
        parser.add_argument("--json", action="store_true", help="Print one JSON object per file.")

    def handle(self, *args, **options):
        if not options["files"] and not options["database"]:
            raise CommandError("Name at least one import file, or pass --database.")
        reports = []
        for name in options["files"]:
            path, conversations = read_import_file(name)
            provider = get_provider()
            results = [evaluate_turns(c.external_id, c.turns, provider) for c in conversations]
            reports.append(report(path.name, results))
        if options["database"]:
            from conversations.models import Conversation

            reports.append(
                report("database", evaluate_stored(Conversation.objects.order_by("pk").iterator()))
            )
        for d in reports:
            self.stdout.write(json.dumps(d) if options["json"] else format_report(d))
