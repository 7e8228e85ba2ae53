"""Writers of the index at once, each on its own connection: who waits for the kept count, and for what.

Each conversation's count of index entries is one row (``TurnIndexSize``),
updated by statement triggers as entries are written and locked until the
writer commits. These tests hold one writer's transaction open and show,
against the real PostgreSQL, that a writer of another conversation does not
wait for it, that a writer of the same conversation waits for exactly that
transaction and then adds its own entries to the count, that a search never
waits, and that two bulk writers crossing the same conversations in one
statement each finish without a deadlock, the counts exact afterwards, as do two
entries moved between two conversations in opposite directions at once.
"""

import contextlib
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

from conversations.indexing import index_bulk
from conversations.models import Conversation, Turn, TurnIndexEntry, TurnIndexSize
from conversations.retrieval import index_turns, search
from tests.conversations.test_search_index_size import bakery, counted_sizes, kept_sizes

pytestmark = pytest.mark.django_db(transaction=True)

# A writer that waits longer than this fails instead of hanging the test run.
LOCK_TIMEOUT = "10s"


class HeldTransaction:
    """Do something inside a transaction on a thread's own connection, and hold it open until released."""

    def __init__(self):
        self.done = threading.Event()
        self.release = threading.Event()
        self.backend_pid = 0
        self._thread = threading.Thread(target=self._run)

    def __enter__(self):
        self._thread.start()
        assert self.done.wait(30), f"{type(self).__name__} did not get its work done"
        return self

    def __exit__(self, *exc) -> None:
        self.release.set()
        self._thread.join(30)

    def work(self) -> None:
        raise NotImplementedError

    def _run(self) -> None:
        try:
            with transaction.atomic():
                self.backend_pid = _backend_pid()
                self.work()
                self.done.set()
                self.release.wait(30)
        finally:
            connection.close()


class HeldWriter(HeldTransaction):
    """Index some turns, the transaction held open until released."""

    def __init__(self, conversation: Conversation, embedder, seqs: range):
        super().__init__()
        self.written = 0
        self._work = (conversation, embedder, seqs)

    def work(self) -> None:
        self.written = index_seqs(*self._work)


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


class HeldCountRow(HeldTransaction):
    """One conversation's count row locked, the transaction held open until released."""

    def __init__(self, conversation_id: int):
        super().__init__()
        self.conversation_id = conversation_id

    def work(self) -> None:
        TurnIndexSize.objects.select_for_update().get(conversation_id=self.conversation_id)


def _move_in_thread(entry_pk: int, to: int, started: list[int]) -> int:
    try:
        with waiting_at_most():
            started.append(_backend_pid())
            return TurnIndexEntry.objects.filter(pk=entry_pk).update(conversation_id=to)
    finally:
        connection.close()


class TestEntriesMovedBetweenConversations:
    def test_two_moves_in_opposite_directions_at_once_both_finish(self, embedder):
        """Each move takes the two count rows in conversation order. The lower row is held elsewhere
        while one entry moves up and another down: both wait for that row, then go one after the
        other. Taken old row first, the downward move would hold the upper row while waiting for
        the lower, the upward move the lower while waiting for the upper: a deadlock."""
        lower, upper = sorted(
            (bakery(subject_id="baker-1"), bakery(9, subject_id="baker-2")), key=lambda c: c.pk
        )
        index_turns(conversation=lower, embedder=embedder)
        index_turns(conversation=upper, embedder=embedder)
        going_up = TurnIndexEntry.objects.get(conversation=lower, seq=1).pk
        going_down = TurnIndexEntry.objects.get(conversation=upper, seq=1).pk
        up_pid: list[int] = []
        down_pid: list[int] = []
        with ThreadPoolExecutor(max_workers=2) as pool:
            with HeldCountRow(lower.pk):
                up = pool.submit(_move_in_thread, going_up, upper.pk, up_pid)
                assert _wait_until_blocked(up_pid)
                down = pool.submit(_move_in_thread, going_down, lower.pk, down_pid)
                assert _wait_until_blocked(down_pid)
            assert up.result(timeout=30) == 1
            assert down.result(timeout=30) == 1
        assert kept_sizes() == counted_sizes() == {lower.pk: 6, upper.pk: 9}


@pytest.mark.parametrize(
    "target", ["0014_summary_versions_of_their_own", "0015_turn_index_size_moves_in_order"]
)
def test_the_migration_goes_back_and_forth_and_a_move_is_counted_either_way(embedder, target):
    first, second = bakery(subject_id="baker-1"), bakery(9, subject_id="baker-2")
    index_turns(conversation=first, embedder=embedder)
    index_turns(conversation=second, embedder=embedder)
    executor = MigrationExecutor(connection)
    try:
        executor.migrate([("conversations", "0014_summary_versions_of_their_own")])
        executor = MigrationExecutor(connection)
        executor.migrate([("conversations", target)])
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_get_functiondef('turn_index_size_moved'::regproc)")
            in_order = "OLD.conversation_id < NEW.conversation_id" in cursor.fetchone()[0]
        assert in_order == target.startswith("0015")

        TurnIndexEntry.objects.filter(conversation=first, seq=1).update(conversation=second)
        TurnIndexEntry.objects.filter(conversation=second, seq__in=[2, 3]).update(conversation=first)

        assert kept_sizes() == counted_sizes() == {first.pk: 7, second.pk: 8}
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
