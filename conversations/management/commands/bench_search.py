"""Search latency on the labelled questions of import files: real conversations, real questions.

``bench_embedding`` times searches on synthetic conversations of one length;
here the conversations and questions are people's own (a labelled set such as
the ones ``eval_retrieval`` measures), so the work each search does (how many
turns its words match, whether it names a speaker or a day) is what real use
gives. Every labelled question is searched as assembly searches: k=10, the
recent window of its conversation left out. The same questions run twice in
hybrid (the first pass meets the pages as they are, the second warm), then
once per arm. Prints the figures; records nothing.
"""

from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from conversations.benchdata import percentiles, timed_searches
from conversations.models import Conversation, LabelledQuery
from conversations.retrieval_eval import import_and_index
from memadmin.benchmarks import CpuClock, machine_description
from memadmin.providers.embedders import get_embedder


@dataclass(frozen=True)
class _Question:
    conversation: Conversation
    query: str
    recent: range


class Command(BaseCommand):
    help = (
        "Print hybrid search latency (p50/p95, first pass and warm, and each arm warm) over the labelled "
        "questions of import files, k=10 with the recent window left out as assembly does. Imports and "
        "indexes each file first (safe to rerun); run against a database of its own."
    )

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="JSON Lines import files with labelled queries.")
        parser.add_argument(
            "--embedder", default=None, help="wordllama or minilm (default: MEMADMIN_EMBEDDER)."
        )
        parser.add_argument("--k", type=int, default=10)
        parser.add_argument(
            "--min-turns",
            type=int,
            default=0,
            help="Only the questions of conversations of at least this many turns.",
        )

    def handle(self, *args, **options):
        embedder = get_embedder(options["embedder"] or settings.MEMADMIN_EMBEDDER)
        self.stdout.write(f"embedder {embedder.model_name}; {machine_description()}")
        for name in options["files"]:
            path = Path(name)
            if not path.is_file():
                raise CommandError(f"Cannot read {path}: no such file.")
            conversations, _ = import_and_index(path=path, embedder=embedder)
            questions = _questions(conversations, options["min_turns"])
            if not questions:
                raise CommandError(f"{path} holds no labelled question to search.")
            sizes = sorted(question.recent.stop - 1 for question in questions)
            self.stdout.write(
                f"\n{path}: {len(questions)} questions in {len(conversations)} conversations "
                f"({sizes[0]:,}-{sizes[-1]:,} turns)"
            )
            clock = CpuClock()
            k = options["k"]
            rows = [("hybrid, first pass", timed_searches(questions, embedder, mode="hybrid", k=k))]
            rows += [(f"{m}, warm", timed_searches(questions, embedder, mode=m, k=k)) for m in _MODES]
            for label, seconds in rows:
                self.stdout.write(
                    f"  search {label} k={options['k']}, p50 / p95: {percentiles(seconds, 'searches')}"
                )
            self.stdout.write(f"  CPU: {clock.figures()}")


_MODES = ("hybrid", "lexical", "vector")


def _questions(conversations: list[Conversation], min_turns: int) -> list[_Question]:
    recent_turns = settings.MEMADMIN_RECENT_TURNS
    questions = []
    for conversation in conversations:
        turns = conversation.turns.count()
        if turns < max(1, min_turns):
            continue
        recent = range(max(1, turns - recent_turns + 1), turns + 1)
        for labelled in LabelledQuery.objects.filter(conversation=conversation).order_by("id"):
            questions.append(_Question(conversation, labelled.query, recent))
    return questions
