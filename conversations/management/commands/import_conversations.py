import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from conversations.indexing import index_bulk
from conversations.memory import ProviderEmbedder
from conversations.transfer import DEFAULT_BATCH_TURNS, conversations_import
from memadmin.permissions import Role, has_any_role
from memadmin.providers import get_provider
from memadmin.tasks import run_pending, task_mode


class Command(BaseCommand):
    help = "Import conversations from a JSON Lines file (docs/import-format.md). Safe to rerun."

    def add_arguments(self, parser):
        parser.add_argument("file", help="Path to a .jsonl file, or - for standard input.")
        parser.add_argument("--actor", help="Username recorded in the audit log as running the import.")
        parser.add_argument(
            "--client",
            help="Username of the API client whose conversations these are (it then reads them through "
            "the API); without it, only staff and clients granted every conversation see them.",
        )
        parser.add_argument("--batch-turns", type=int, default=DEFAULT_BATCH_TURNS)
        parser.add_argument("--no-progress", action="store_true", help="Do not draw a progress bar.")
        parser.add_argument(
            "--no-derive",
            action="store_true",
            help="Store the record only; index and summarise later (manage.py reextract).",
        )
        parser.add_argument(
            "--index-only",
            action="store_true",
            help="Store the record and write its retrieval index in bulk while the file is read (the "
            "fast way to load a big file); summaries and facts wait for manage.py reextract.",
        )

    def handle(self, *args, **options):
        actor = _user(options["actor"]) if options["actor"] else None
        client = _client(options["client"]) if options["client"] else None
        path = options["file"]
        try:
            stream = os.fdopen(os.dup(0), "rb") if path == "-" else open(path, "rb")  # noqa: SIM115
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}") from exc
        total = None if path == "-" else os.fstat(stream.fileno()).st_size
        embedder = ProviderEmbedder(get_provider()) if options["index_only"] else None
        with (
            stream,
            tqdm(
                total=total, unit="B", unit_scale=True, desc="importing", disable=options["no_progress"]
            ) as bar,
        ):
            report = conversations_import(
                stream=stream,
                actor=actor,
                source=path,
                batch_turns=options["batch_turns"],
                on_progress=bar.update,
                derive=not (options["no_derive"] or options["index_only"]),
                client=client,
                index_with=embedder,
            )
        if not (options["no_derive"] or options["index_only"]) and task_mode() != "celery":
            # Without a broker the work owed runs in this process: finish it before exiting.
            run_pending()
        if embedder is not None:
            if report.indexed.failed:
                self.stderr.write(
                    f"indexing stopped during the import ({report.indexed.failed}); continuing now"
                )
            # Whatever the import did not index as it went (turns stored earlier without entries).
            with tqdm(unit="turn", desc="indexing", disable=options["no_progress"]) as bar:
                rest = index_bulk(embedder=embedder, on_progress=bar.update)
            written = report.indexed.written + rest.written
            self.stdout.write(f"index: {written:,} entries written with {embedder.model_name}")
        for line_number, reason in report.rejected_lines:
            self.stderr.write(f"line {line_number}: {reason}")
        summary = ", ".join(f"{key.replace('_', ' ')}: {value}" for key, value in report.as_dict().items())
        self.stdout.write(summary)
        if report.rejected_lines:
            rejected = len(report.rejected_lines)
            raise CommandError(f"{rejected} line(s) rejected (listed above); every other line was imported.")


def _user(username: str):
    try:
        return get_user_model().objects.get(username=username)
    except get_user_model().DoesNotExist:
        raise CommandError(f"No user named {username!r}.") from None


def _client(username: str):
    user = _user(username)
    if not has_any_role(user, Role.CHAT_SERVICE):
        raise CommandError(f"{username!r} is not an API client (the chat_service role).")
    return user
