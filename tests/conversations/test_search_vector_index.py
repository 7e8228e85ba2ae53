"""The vector arm reads a conversation's embeddings from the index that holds them, not row by row.

The index on (conversation, model) includes each entry's seq, turn and
embedding (migration 0013), so PostgreSQL can answer the arm from the index
alone: these tests run a search's own statement under EXPLAIN ANALYZE in a
long conversation, once the table is vacuumed as autovacuum leaves it, and
read what the plan did.
"""

import json
import time
from datetime import UTC, datetime

import pytest
from django.db import connection

from conversations import retrieval
from conversations.indexing import index_bulk
from conversations.models import Turn, TurnIndexEntry
from tests.factories import ConversationFactory

pytestmark = pytest.mark.django_db(transaction=True)

LINES = [
    ("user", "The greenhouse heater clicks on at dawn and the tomatoes look happier."),
    ("assistant", "Keep the vents open at noon so the leaves do not scorch."),
    ("user", "The basil went leggy again; should I pinch the tops?"),
    ("assistant", "Pinch above a pair of leaves and it will branch out."),
]
TURNS = 400
START = datetime(2026, 4, 1, 7, 0, tzinfo=UTC)


@pytest.fixture
def greenhouse(embedder):
    conversation = ConversationFactory(subject_id="grower-1")
    Turn.objects.bulk_create(
        Turn(
            conversation=conversation, seq=seq, role=role, content=f"{content} (day {seq})", created_at=START
        )
        for seq in range(1, TURNS + 1)
        for role, content in [LINES[seq % len(LINES)]]
    )
    # Other growers' conversations, so that the table holds more than this one (in a table of one
    # conversation, reading it whole is the cheaper plan).
    for grower in range(2, 14):
        other = ConversationFactory(subject_id=f"grower-{grower}")
        Turn.objects.bulk_create(
            Turn(
                conversation=other, seq=seq, role="user", content=f"Seedlings, tray {seq}.", created_at=START
            )
            for seq in range(1, TURNS + 1)
        )
    index_bulk(embedder=embedder)
    _vacuum()
    return conversation


def _vacuum() -> None:
    """VACUUM the entries until every page is marked all-visible, as autovacuum leaves a settled table.

    A page can be marked only once no open snapshot of the database predates its rows; an ANALYZE
    that autovacuum runs on another table at that moment holds one, so the VACUUM is repeated.
    """
    table = TurnIndexEntry._meta.db_table
    with connection.cursor() as cursor:
        for _ in range(40):
            cursor.execute(f"VACUUM (ANALYZE) {table}")
            cursor.execute("SELECT relpages, relallvisible FROM pg_class WHERE oid = %s::regclass", [table])
            pages, all_visible = cursor.fetchone()
            if all_visible >= pages:
                return
            time.sleep(0.25)
    raise AssertionError(f"{table}: {all_visible} of {pages} pages all-visible after 40 VACUUMs")


def _vector_scan(conversation, embedder, *, exclude_seqs=range(TURNS - 9, TURNS + 1)) -> dict:
    """The plan node that read the entries for a hybrid search's vector arm, as EXPLAIN ANALYZE saw it."""
    statements = []

    def capture(execute, sql, params, many, context):
        statements.append((sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(capture):
        retrieval.search(
            conversation=conversation,
            query="when should the vents be open",
            embedder=embedder,
            exclude_seqs=exclude_seqs,
        )
    [(sql, params)] = [(sql, params) for sql, params in statements if "vector_ranked AS" in sql]
    with retrieval._search_cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params)
        (plan,) = cursor.fetchone()
    plan = json.loads(plan) if isinstance(plan, str) else plan
    scans = [node for node in _nodes(plan[0]["Plan"]) if node.get("Index Name") == "turn_index_vector_idx"]
    assert len(scans) == 1, [node["Node Type"] for node in _nodes(plan[0]["Plan"])]
    return scans[0]


def _nodes(node: dict):
    yield node
    for child in node.get("Plans", []):
        yield from _nodes(child)


def test_the_vector_arm_reads_the_embeddings_from_the_index_alone(greenhouse, embedder):
    scan = _vector_scan(greenhouse, embedder)

    assert scan["Node Type"] == "Index Only Scan"
    assert scan["Heap Fetches"] == 0
    # Every entry of the conversation but the ten left out, and none of the other growers'.
    assert scan["Actual Rows"] == TURNS - 10


def test_entries_of_another_model_are_not_read(greenhouse, embedder):
    TurnIndexEntry.objects.filter(conversation=greenhouse, seq__lte=100).update(
        embedding_model="previous-model"
    )
    _vacuum()

    scan = _vector_scan(greenhouse, embedder)

    assert scan["Node Type"] == "Index Only Scan"
    assert scan["Actual Rows"] == TURNS - 100 - 10
