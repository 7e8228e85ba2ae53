from django.core.management.base import BaseCommand
from tqdm import tqdm

from conversations.memory import memory_rebuild
from conversations.models import Conversation, RefreshRun


class Command(BaseCommand):
    help = (
        "Re-read every turn of every conversation (or those named) with the current extractor, summariser "
        "and embedder, e.g. after the fact schema or the embedding model changed. Facts already pinned "
        "are not duplicated; index entries of another model are re-embedded."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--external-id", action="append", dest="external_ids", help="Only these (repeatable)."
        )
        parser.add_argument("--no-progress", action="store_true")

    def handle(self, *args, **options):
        conversations = Conversation.objects.order_by("id")
        if options["external_ids"]:
            conversations = conversations.filter(external_id__in=options["external_ids"])
        outcomes: dict[str, int] = {}
        for conversation_id in tqdm(
            list(conversations.values_list("id", flat=True)),
            unit="conversation",
            disable=options["no_progress"],
        ):
            run = memory_rebuild(conversation_id=conversation_id)
            outcomes[run.outcome] = outcomes.get(run.outcome, 0) + 1
            if run.outcome == RefreshRun.Outcome.FAILED:
                self.stderr.write(f"conversation {conversation_id}: {run.error}")
        self.stdout.write(
            ", ".join(f"{outcome}: {count}" for outcome, count in sorted(outcomes.items())) or "none"
        )
