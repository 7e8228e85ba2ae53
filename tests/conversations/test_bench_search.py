"""bench_search times searches on the labelled questions of import files, at a tiny scale here."""

import io
import json
import re

import pytest
from django.core.management import CommandError, call_command

from conversations.demo import demo_conversations
from conversations.models import LabelledQuery, TurnIndexEntry


@pytest.fixture
def labelled_file(tmp_path):
    path = tmp_path / "labelled.jsonl"
    records = list(demo_conversations())[:3]
    path.write_text("".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records))
    return path


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("bench_search", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
class TestBenchSearch:
    def test_it_imports_indexes_and_times_every_labelled_question(self, labelled_file):
        output = run(str(labelled_file))

        questions = LabelledQuery.objects.count()
        assert questions > 0
        assert TurnIndexEntry.objects.exists()
        assert f": {questions} questions in 3 conversations" in output
        for label in ("hybrid, first pass", "hybrid, warm", "lexical, warm", "vector, warm"):
            assert re.search(
                rf"search {label} k=10, p50 / p95: [\d.]+ ms / [\d.]+ ms \({questions} searches\)", output
            )
        assert re.search(r"CPU: [\d.]+ s in Python, [\d.]+ s in PostgreSQL", output)

    def test_conversations_shorter_than_asked_are_left_out(self, labelled_file):
        with pytest.raises(CommandError, match="no labelled question"):
            run(str(labelled_file), "--min-turns", "100000")

    def test_a_missing_file_is_named(self, tmp_path):
        with pytest.raises(CommandError, match=r"missing\.jsonl"):
            run(str(tmp_path / "missing.jsonl"))


# It vacuums the index table, which cannot happen inside a test's transaction.
@pytest.mark.django_db(transaction=True)
def test_bench_embedding_gives_the_cpu_of_a_search_beside_its_wall_time():
    out = io.StringIO()
    call_command(
        "bench_embedding",
        *("--conversations", "2", "--turns-each", "12", "--throughput-turns", "40", "--queries", "6"),
        *("--no-reembed", "--no-record"),
        stdout=out,
    )

    assert re.search(
        r"^search CPU per search: [\d.]+ ms in Python, [\d.]+ ms in PostgreSQL "
        r"\(every search above, 6 a pass\)",
        out.getvalue(),
        re.MULTILINE,
    )
