"""Entries written as a conversation grows wait in the GIN indexes' pending lists, which stay short.

Every search through a GIN index reads the index's whole pending list, whichever
conversation it is scoped to. The entries' indexes keep at most
``GIN_PENDING_LIST_KB`` there (migration 0016): a write that overfills the list
moves it into the index's tree. These tests index a few thousand appended turns
the way the chat service's appends are indexed and then read how many pages each
list holds (``gin_clean_pending_list`` returns the pages it moved).
"""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection

from conversations.models import GIN_PENDING_LIST_KB, Turn
from conversations.retrieval import index_turns, search
from tests.factories import ConversationFactory

pytestmark = pytest.mark.django_db

INDEXES = ("turn_index_text_idx", "turn_index_lexeme_idx")
CARGO = ["pears", "copper", "timber", "wool", "salt", "coffee", "marble", "rice", "tea", "glass", "cork"]
PORTS = ["Antwerp", "Valletta", "Bergen", "Oporto", "Gdansk", "Cadiz", "Riga", "Split", "Brest"]
START = datetime(2026, 2, 1, 6, 0, tzinfo=UTC)
# A page of the list holds a little under 8 kB of index tuples.
MOST_PAGES = GIN_PENDING_LIST_KB // 8


def pending_pages(index: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT gin_clean_pending_list(%s::regclass)", [index])
        return cursor.fetchone()[0]


def append(conversation, first: int, count: int) -> list[Turn]:
    return Turn.objects.bulk_create(
        Turn(
            conversation=conversation,
            seq=seq,
            role="user" if seq % 2 else "assistant",
            content=(
                f"Crate {seq} of {CARGO[seq % len(CARGO)]} left {PORTS[seq % len(PORTS)]} on berth "
                f"{seq % 53} with manifest m{seq * 7919} for the {CARGO[(seq * 3) % len(CARGO)]} buyers."
            ),
            created_at=START + timedelta(minutes=seq),
        )
        for seq in range(first, first + count)
    )


def test_appended_turns_leave_no_more_than_the_limit_pending_and_stay_searchable(embedder):
    for index in INDEXES:
        pending_pages(index)  # start from empty lists, whatever earlier tests left
    harbour = ConversationFactory(subject_id="harbour-master")
    seq = 1
    for _ in range(60):  # appends of 50 turns: 3,000 entries, about 1 MB of index tuples per index
        turns = append(harbour, seq, 50)
        assert index_turns(conversation=harbour, embedder=embedder, turns=turns) == 50
        seq += 50
    for index in INDEXES:
        assert 0 <= pending_pages(index) <= MOST_PAGES, index
    # What was moved out of the lists is found as before.
    hits = search(conversation=harbour, query="manifest m23757000", embedder=embedder, k=3, mode="lexical")
    assert hits[0].seq == 3000 and hits[0].exact_match


def test_searches_read_the_same_turns_before_and_after_the_lists_are_moved(embedder):
    harbour = ConversationFactory(subject_id="harbour-master")
    index_turns(conversation=harbour, embedder=embedder, turns=append(harbour, 1, 40))
    query = "Which crates of copper left Bergen?"
    before = search(conversation=harbour, query=query, embedder=embedder, k=10, mode="lexical")
    for index in INDEXES:
        pending_pages(index)
    after = search(conversation=harbour, query=query, embedder=embedder, k=10, mode="lexical")
    assert [hit.seq for hit in before] and [hit.seq for hit in after] == [hit.seq for hit in before]
