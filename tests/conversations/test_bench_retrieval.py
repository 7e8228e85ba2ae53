"""The import and retrieval benchmarks run end to end at a tiny scale and say what they measured."""

import io
import re

import pytest
from django.core.management import call_command

from conversations.benchdata import fill_conversations
from conversations.models import Turn, TurnIndexEntry
from memadmin.models import AuditEntry


def run(command: str, *args: str) -> str:
    out = io.StringIO()
    call_command(command, *args, "--no-record", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
class TestBenchImport:
    def test_with_index_it_imports_indexes_and_times_both(self):
        output = run("bench_import", "--conversations", "3", "--turns-each", "10", "--index")

        assert Turn.objects.count() == 30
        assert TurnIndexEntry.objects.count() == 30
        assert re.search(
            r"^first import with indexing, wall time: [\d.]+ s .*: 30 entries written as the batches",
            output,
            re.MULTILINE,
        )
        assert re.search(
            r"^first import with indexing, CPU: [\d.]+ s in Python, [\d.]+ s in PostgreSQL", output, re.M
        )


# It vacuums the index table, which cannot happen inside a test's transaction.
@pytest.mark.django_db(transaction=True)
class TestBenchEmbedding:
    def test_it_times_indexing_re_embedding_and_searches(self):
        output = run(
            "bench_embedding",
            *("--conversations", "3", "--turns-each", "12", "--throughput-turns", "40", "--queries", "8"),
        )

        assert TurnIndexEntry.objects.count() == 36
        assert set(TurnIndexEntry.objects.values_list("embedding_model", flat=True)) == {
            "wordllama-l2-supercat-256"
        }
        assert "first indexing, bulk (embed + COPY), wall time" in output
        assert re.search(r"^re-embedding every entry .*: [\d.]+ s \([\d,]+ turns/s\)", output, re.MULTILINE)
        for mode in ("hybrid", "lexical", "vector"):
            assert re.search(
                rf"^search {mode} k=10, .*p50 / p95: [\d.]+ ms / [\d.]+ ms", output, re.MULTILINE
            )

    def test_keep_index_times_only_the_re_embedding(self):
        run(
            "bench_embedding",
            "--conversations",
            "2",
            "--turns-each",
            "6",
            "--throughput-turns",
            "20",
            "--queries",
            "4",
        )

        output = run(
            "bench_embedding",
            *("--conversations", "2", "--turns-each", "6", "--throughput-turns", "20", "--queries", "4"),
            "--keep-index",
        )

        assert "first indexing" not in output
        assert "re-embedding every entry" in output
        assert TurnIndexEntry.objects.count() == 12


@pytest.mark.django_db
class TestBenchData:
    def test_a_filled_database_is_not_imported_again_and_a_partly_filled_one_is_completed(self):
        first = fill_conversations(conversations=2, turns_each=5, source="test")
        imports = AuditEntry.objects.filter(action="memadmin.record.imported").count()

        again = fill_conversations(conversations=2, turns_each=5, source="test")

        assert [c.pk for c in again] == [c.pk for c in first]
        assert AuditEntry.objects.filter(action="memadmin.record.imported").count() == imports
        Turn.objects.filter(conversation=first[1], seq=5).delete()
        completed = fill_conversations(conversations=2, turns_each=5, source="test")
        assert AuditEntry.objects.filter(action="memadmin.record.imported").count() == imports + 1
        assert Turn.objects.filter(conversation__in=completed).count() == 10
