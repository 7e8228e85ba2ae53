"""Writers of the index at once, each on its own connection: who waits for the kept count, and for what.

Each conversation's count of index entries is one row (``TurnIndexSize``),
updated by statement triggers as entries are written and locked until the
writer commits. These tests hold one writer's transaction open and show,
against the real PostgreSQL, that a writer of another conversation does not
wait for it, that a writer of the same conversation waits for exactly that
transaction and then adds its own entries to the count, that a search never
waits, and that two bulk writers crossing the same conversations in one
statement each finish without a deadlock, the counts exact afterwards.
"""

import contextlib
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, transaction

from conversations.indexing import index_bulk
from conversations.models import Conversation, Turn
from conversations.retrieval import index_turns, search
from tests.conversations.test_search_index_size import bakery, counted_sizes, kept_sizes

pytestmark = pytest.mark.django_db(transaction=True)

# A writer that waits longer than this fails instead of hanging the test run.
LOCK_TIMEOUT = "10s"


class HeldWriter:
    """Index some turns inside a transaction on a thread's own connection, and hold it open until released."""

    def __init__(self, conversation: Conversation, embedder, seqs: range):
        self.indexed = threading.Event()
        self.release = threading.Event()
        self.backend_pid = 0
        self.written = 0
        self._thread = threading.Thread(target=self._run, args=(conversation, embedder, seqs))

    def __enter__(self) -> "HeldWriter":
        self._thread.start()
        assert self.indexed.wait(30), "the held writer did not index its turns"
        return self

    def __exit__(self, *exc) -> None:
        self.release.set()
        self._thread.join(30)

    def _run(self, conversation: Conversation, embedder, seqs: range) -> None:
        try:
            with transaction.atomic():
                self.backend_pid = _backend_pid()
                self.written = index_seqs(conversation, embedder, seqs)
                self.indexed.set()
                self.release.wait(30)
        finally:
            connection.close()


def index_seqs(conversation: Conversation, embedder, seqs: range) -> int:
    """Index these turns of the conversation, as an append indexes the turns it stored."""
    turns = Turn.objects.filter(conversation=conversation, seq__in=list(seqs))
    return index_turns(conversation=conversation, embedder=embedder, turns=turns)


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


@contextlib.contextmanager
def waiting_at_most():
    """A transaction in which waiting for a lock longer than ``LOCK_TIMEOUT`` is an error."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'")
        yield


def _index_in_thread(conversation: Conversation, embedder, seqs: range, started: list[int]) -> int:
    try:
        with waiting_at_most():
            started.append(_backend_pid())
            return index_seqs(conversation, embedder, seqs)
    finally:
        connection.close()


def _blocking_pids(pid: int) -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_blocking_pids(%s)", [pid])
        return list(cursor.fetchone()[0])


def _wait_until_blocked(pid_holder: list[int], timeout: float = 30) -> list[int]:
    """The pids blocking the backend whose pid the list receives, once it blocks (empty if it never does)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pid_holder and (blockers := _blocking_pids(pid_holder[0])):
            return blockers
        time.sleep(0.02)
    return []


class TestWritersOfDifferentConversations:
    def test_do_not_wait_for_each_other(self, embedder):
        first, second = bakery(subject_id="baker-1"), bakery(9, subject_id="baker-2")
        with HeldWriter(first, embedder, range(1, 7)) as held:
            # Here, on the test's own connection, while the first writer's count row stays locked:
            # a wait would end in the lock timeout, not in the entries written.
            with waiting_at_most():
                started = time.monotonic()
                assert index_turns(conversation=second, embedder=embedder) == 9
            assert time.monotonic() - started < 5
            assert not held.release.is_set()
            assert kept_sizes() == counted_sizes() == {second.pk: 9}
        assert held.written == 6
        assert kept_sizes() == counted_sizes() == {first.pk: 6, second.pk: 9}

    def test_a_first_entry_of_each_conversation_does_not_wait_either(self, embedder):
        """Neither conversation has a count row yet: each writer inserts its own, and neither waits."""
        first, second = bakery(subject_id="baker-1"), bakery(subject_id="baker-2")
        with HeldWriter(first, embedder, range(1, 2)), waiting_at_most():
            assert index_turns(conversation=second, embedder=embedder) == 6
        assert kept_sizes() == counted_sizes() == {first.pk: 1, second.pk: 6}


class TestWritersOfOneConversation:
    def test_the_second_waits_for_the_first_to_commit_and_both_are_counted(self, embedder):
        conversation = bakery(subject_id="baker-1")
        index_seqs(conversation, embedder, range(1, 2))
        started: list[int] = []
        with ThreadPoolExecutor(max_workers=1) as pool:
            with HeldWriter(conversation, embedder, range(2, 4)) as held:
                second = pool.submit(_index_in_thread, conversation, embedder, range(4, 7), started)
                blockers = _wait_until_blocked(started)
                assert blockers == [held.backend_pid]
                assert not second.done()
                # What the others see meanwhile: the committed entry alone, counted.
                assert kept_sizes() == counted_sizes() == {conversation.pk: 1}
            assert second.result(timeout=30) == 3
        assert held.written == 2
        assert kept_sizes() == counted_sizes() == {conversation.pk: 6}

    def test_a_search_does_not_wait_for_a_writer(self, embedder):
        conversation = bakery(subject_id="baker-1")
        index_seqs(conversation, embedder, range(1, 4))
        with HeldWriter(conversation, embedder, range(4, 7)):
            with waiting_at_most():
                hits = search(conversation=conversation, query="rye starter", embedder=embedder, k=10)
            # The search read the committed entries only: turns 1 to 3.
            assert hits and {hit.seq for hit in hits} <= {1, 2, 3}


class TestBulkWritersAcrossConversations:
    def test_two_bulk_writers_over_the_same_conversations_finish_with_exact_counts(self, embedder):
        """Pages cutting across conversations, written by two at once: each page's statement takes the
        count rows in conversation order, so the two wait for each other but never deadlock."""
        conversations = [bakery(subject_id=f"baker-{n}") for n in range(6)]
        ids = [conversation.pk for conversation in conversations]
        barrier = threading.Barrier(2)

        def bulk(order: list[int]) -> int:
            try:
                barrier.wait(timeout=30)
                return index_bulk(embedder=embedder, conversation_ids=order, page=7).written
            finally:
                connection.close()

        with ThreadPoolExecutor(max_workers=2) as pool:
            written = list(pool.map(bulk, [ids, list(reversed(ids))]))

        # Between them every turn was written once at least; a turn both wrote is one entry.
        assert sum(written) >= 36
        assert kept_sizes() == counted_sizes() == {pk: 6 for pk in ids}
