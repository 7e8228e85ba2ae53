import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from facts.evaluation import evaluate, format_report
from facts.management.files import read_import_file
from memadmin.errors import ApplicationError


class Command(BaseCommand):
    help = (
        "Measure the configured extractor and summariser against the gold facts of import files "
        "(docs/import-format.md): recall and precision by type, unsupported values, clean-conversation "
        "rate (also by conversation length), the consistency of the facts kept, and what the summaries "
        "carry. Reads the files; stores nothing. With --gold-sets, measures every conversation with a "
        "gold set in the database instead and stores the run, as the dashboard's runs page does. "
        "A file's conversations without gold facts are left out, and counted."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="*", help="JSON Lines import files with gold_facts.")
        parser.add_argument("--json", action="store_true", help="Print one JSON object per file (or run).")
        parser.add_argument("--misses", type=int, default=0, help="Also list this many missed gold values.")
        parser.add_argument(
            "--gold-sets",
            action="store_true",
            help="Measure against the gold sets in the database and store the run (seen at /qa/runs/).",
        )
        parser.add_argument(
            "--stored-facts",
            action="store_true",
            help="With --gold-sets: measure the pinned facts as they stand rather than run the extractor.",
        )
        parser.add_argument("--actor", help="With --gold-sets: the username the run is recorded for.")

    def handle(self, *args, **options):
        if options["gold_sets"]:
            if options["files"]:
                raise CommandError("Give files or --gold-sets, not both.")
            return self._gold_sets(options)
        if options["stored_facts"]:
            raise CommandError("--stored-facts measures the database's gold sets: add --gold-sets.")
        if not options["files"]:
            raise CommandError("Name at least one import file, or measure the database with --gold-sets.")
        for name in options["files"]:
            path, conversations = read_import_file(name)
            # A conversation without gold facts (an export holds those still waiting to be labelled)
            # has nothing to be measured against: it would count as clean and say nothing.
            labelled = [c for c in conversations if c.gold]
            left_out = len(conversations) - len(labelled)
            report = evaluate(labelled, name=path.name)
            if options["json"]:
                self.stdout.write(json.dumps({**report.as_dict(), "left_out_without_gold": left_out}))
            else:
                self.stdout.write(format_report(report, misses=options["misses"]))
                if left_out:
                    self.stdout.write(f"  left out: {left_out} conversations without gold facts")

    def _gold_sets(self, options) -> None:
        from facts.evaluation import format_figures
        from qa.runs import evaluation_run_now

        actor = None
        if options["actor"]:
            actor = get_user_model().objects.filter(username=options["actor"]).first()
            if actor is None:
                raise CommandError(f"No user {options['actor']!r}.")
        source = "stored" if options["stored_facts"] else "extractor"
        try:
            run = evaluation_run_now(actor=actor, source=source)
        except ApplicationError as exc:
            raise CommandError(exc.message) from None
        if run.status != "done":
            raise CommandError(f"Run {run.pk} {run.status}: {run.error}")
        if options["json"]:
            self.stdout.write(json.dumps({"run": run.pk, **run.figures}))
        else:
            self.stdout.write(f"run {run.pk} ({run.provider} / {run.model}), stored")
            self.stdout.write(format_figures(run.figures))
