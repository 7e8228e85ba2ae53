from django.core.management.base import BaseCommand
from tqdm import tqdm

from conversations.indexing import index_bulk
from conversations.memory import ProviderEmbedder, memory_rebuild
from conversations.models import Conversation, RefreshRun
from memadmin.providers import get_provider


class Command(BaseCommand):
    help = (
        "Re-read every turn of every conversation (or those named) with the current extractor, summariser "
        "and embedder, e.g. after the fact schema or the embedding model changed. Facts already pinned "
        "are not duplicated; index entries missing or made by another model are written first, in bulk."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--external-id", action="append", dest="external_ids", help="Only these (repeatable)."
        )
        parser.add_argument(
            "--index-only",
            action="store_true",
            help="Only write the retrieval index entries that are missing or made by another model "
            "(minutes for a million turns); summaries and facts stay as they are.",
        )
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, **options):
        conversations = Conversation.objects.order_by("id")
        if options["external_ids"]:
            conversations = conversations.filter(external_id__in=options["external_ids"])
        conversation_ids = list(conversations.values_list("id", flat=True))
        self._index(conversation_ids if options["external_ids"] else None, options["no_progress"])
        if options["index_only"]:
            return
        outcomes: dict[str, int] = {}
        for conversation_id in tqdm(conversation_ids, unit="conversation", disable=options["no_progress"]):
            run = memory_rebuild(conversation_id=conversation_id)
            outcomes[run.outcome] = outcomes.get(run.outcome, 0) + 1
            if run.outcome == RefreshRun.Outcome.FAILED:
                self.stderr.write(f"conversation {conversation_id}: {run.error}")
        self.stdout.write(
            ", ".join(f"{outcome}: {count}" for outcome, count in sorted(outcomes.items())) or "none"
        )

    def _index(self, conversation_ids: list[int] | None, no_progress: bool) -> None:
        embedder = ProviderEmbedder(get_provider())
        with tqdm(unit="turn", desc="indexing", disable=no_progress) as bar:
            report = index_bulk(embedder=embedder, conversation_ids=conversation_ids, on_progress=bar.update)
        self.stdout.write(
            f"index: {report.written:,} entries written with {embedder.model_name} in {report.seconds:.1f} s"
        )
