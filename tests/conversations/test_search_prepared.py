"""The search statement is prepared by the server after a few runs; prepared, it ranks as at first.

A search sends its parameters apart from its statement and reads its rows in
binary (``retrieval._search_cursor``), so that after a few runs on one
connection PostgreSQL keeps the statement prepared, then plans it once for
every conversation (its generic plan). These tests run searches in two
conversations of different lengths, in turn, past that point, and hold every
run to the first: the same turns, ranks, distances and scores.
"""

import itertools

import psycopg._queries
import pytest
from django.db import connection

from conversations.retrieval import index_turns, search
from conversations.search_sql import search_sql
from memadmin.db import PREPARE_THRESHOLD
from tests.factories import ConversationFactory, TurnFactory

BAKERY_CHAT = [
    ("user", "Maelle: I ordered a rye loaf and two almond croissants for Saturday."),
    ("assistant", "Corentin: Noted. The rye loaf will be ready at nine."),
    ("user", "Maelle: Could you slice the rye loaf? My knife is blunt."),
    ("assistant", "Corentin: Of course, sliced thin or thick?"),
    ("user", "Maelle: Thick slices please, for toast."),
    ("assistant", "Corentin: Thick it is. The croissants come warm from the oven at eight."),
    ("user", "Maelle: Then I will come at nine for both."),
]
QUERIES = ["when is the rye loaf ready", "what did Maelle order", "thick or thin slices", "croissants warm"]
# Enough runs for the server to prepare the statement (after PREPARE_THRESHOLD) and then to
# settle on a generic plan (after five custom plans of the prepared statement).
RUNS = PREPARE_THRESHOLD + 8


@pytest.fixture
def bakeries(db, embedder):
    short = ConversationFactory(subject_id="cust-bakery-short")
    for seq, (role, content) in enumerate(BAKERY_CHAT, start=1):
        TurnFactory(conversation=short, seq=seq, role=role, content=content)
    index_turns(conversation=short, embedder=embedder)
    long = ConversationFactory(subject_id="cust-bakery-long")
    for seq in range(1, 61):
        role, content = BAKERY_CHAT[seq % len(BAKERY_CHAT)]
        TurnFactory(conversation=long, seq=seq, role=role, content=f"{content} (week {seq})")
    index_turns(conversation=long, embedder=embedder)
    return short, long


def ranking(hits):
    return [
        (hit.seq, hit.vector_rank, hit.vector_distance, hit.lexical_rank, hit.lexical_score, hit.score)
        for hit in hits
    ]


def prepared_searches() -> list[tuple[str, int]]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements")
        return [(statement, runs) for statement, runs in cursor.fetchall() if "_ranked AS" in statement]


@pytest.mark.parametrize("mode", ["hybrid", "lexical", "vector"])
def test_a_prepared_search_ranks_as_the_first_run_did(bakeries, embedder, mode):
    short, long = bakeries
    first = {}
    for run in range(RUNS):
        for conversation in (short, long):
            for excluded in ((), (6, 7)):
                for query in QUERIES:
                    hits = search(
                        conversation=conversation,
                        query=query,
                        embedder=embedder,
                        mode=mode,
                        exclude_seqs=excluded,
                    )
                    key = (conversation.pk, excluded, query)
                    first.setdefault(key, ranking(hits))
                    assert hits and ranking(hits) == first[key], (run, key)
                    assert not set(excluded) & {hit.seq for hit in hits}

    # Every run past the first few of each statement ran prepared.
    assert sum(runs for _, runs in prepared_searches()) > RUNS


def test_the_statement_is_prepared_on_the_server(bakeries, embedder):
    short, _ = bakeries
    assert prepared_searches() == []

    for _ in range(PREPARE_THRESHOLD + 2):
        search(conversation=short, query="when is the rye loaf ready", embedder=embedder)

    [(statement, runs)] = prepared_searches()
    assert statement.lstrip().startswith("WITH") and "$1" in statement
    assert runs >= 1


def test_a_prepared_search_is_still_counted_as_one_query(bakeries, embedder, django_assert_num_queries):
    short, _ = bakeries
    for _ in range(PREPARE_THRESHOLD + 2):
        search(conversation=short, query="thick slices", embedder=embedder)

    with django_assert_num_queries(1) as captured:
        hits = search(conversation=short, query="thick slices", embedder=embedder)

    assert "vector_ranked AS" in captured.captured_queries[0]["sql"]
    assert 5 in {hit.seq for hit in hits}


# Every statement search_sql builds: a search has a vector or a lexical arm, the exact arm besides.
STATEMENTS = [
    (vector, lexical, length_normalised, exact)
    for vector, lexical, length_normalised, exact in itertools.product(
        [True, False], ["bm25", "ts_rank", "ts_rank_cd", None], [False, True], [False, True]
    )
    if vector or lexical
]


@pytest.mark.parametrize(("vector", "lexical", "length_normalised", "exact"), STATEMENTS)
def test_every_statement_is_short_enough_for_psycopg_to_keep_its_conversion(
    vector, lexical, length_normalised, exact
):
    """psycopg converts a statement's %(name)s placeholders once and keeps the result only for
    statements of at most MAX_CACHED_STATEMENT_LENGTH bytes; a longer one is converted on every run."""
    sql = search_sql(vector=vector, lexical=lexical, length_normalised=length_normalised, exact=exact)

    assert len(sql.encode()) <= psycopg._queries.MAX_CACHED_STATEMENT_LENGTH
