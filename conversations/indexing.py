"""Writing the retrieval index in bulk: a first import, or every entry after the embedder changed.

``retrieval.index_turns`` indexes one conversation's new turns after an
append, one statement per few hundred turns. Here the same entries are written
for many conversations at once, at the speed the embedder allows:

- the turns to index (no entry, or an entry of another model) are read in
  pages of the turns table, in primary-key order, so a rerun after an
  interruption starts where the work is still to do;
- one thread embeds the next page while the database writes the last one;
- a page is written by binary COPY (vectors as pgvector's binary format) into
  a scratch table, then one INSERT ... ON CONFLICT moves it into the index
  (the embeddings rounded to half precision, as the index keeps them),
  with the full-text vector computed by PostgreSQL with the search's own
  configuration. A turn deleted meanwhile (a forget request) drops out at the
  join; an entry of another model is replaced, with the model it was made by.
  The join reads only the page's range of turn ids: unbounded, the planner
  hashes the whole turns table for every page.

An import with indexing (``IndexAlongside``) writes the same entries from the
lines in memory as each batch commits, while it reads the next lines.

The record is the truth: nothing here reads or writes anything but the index.
"""

import contextlib
import json
import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime

import numpy as np
from django.db import connection, connections, transaction
from pgvector.psycopg.vector import register_vector_info
from psycopg.types import TypeInfo

from conversations.retrieval import ENTRIES, TEXT_SEARCH_CONFIG, TURNS, UPSERT_ENTRY
from memadmin.benchmarks import backend_cpu_seconds
from memadmin.providers.base import TurnText

BULK_PAGE = 5_000


@dataclass(frozen=True)
class BulkIndexReport:
    written: int
    seconds: float
    embed_seconds: float
    # CPU seconds of database backends other than the caller's (IndexAlongside's own), for benchmarks.
    other_database_cpu_seconds: float = 0.0
    # Why indexing stopped early, if it did; the turns it did not reach have no entry yet.
    failed: str = ""

    @property
    def turns_per_second(self) -> float:
        return self.written / self.seconds if self.seconds else 0.0


def index_bulk(
    *,
    embedder,
    conversation_ids: Iterable[int] | None = None,
    page: int = BULK_PAGE,
    on_progress: Callable[[int], None] | None = None,
) -> BulkIndexReport:
    """Write an entry, made by ``embedder``, for every turn that has none or one of another model.

    ``conversation_ids`` narrows the work to those conversations (all of them
    when None). Running it twice writes nothing the second time. Returns how
    many entries were written and how long it took (embedding alone too).
    """
    started = time.perf_counter()
    ids = None if conversation_ids is None else sorted(set(conversation_ids))
    pages = _pages_to_index(embedder.model_name, ids, page)
    written, embed_seconds = 0, 0.0
    for rows, vectors, seconds in _embedded_ahead(pages, embedder):
        written += write_entries(rows, vectors, embedder.model_name)
        embed_seconds += seconds
        if on_progress:
            on_progress(len(rows))
    return BulkIndexReport(written, time.perf_counter() - started, embed_seconds)


_PAGE_SQL = f"""
    SELECT t.id, t.conversation_id, t.seq, t.role, t.content, t.tool_calls::text, t.created_at
    FROM {TURNS} AS t
    LEFT JOIN {ENTRIES} AS e ON e.turn_id = t.id
    WHERE t.id > %(after)s
      AND (e.turn_id IS NULL OR e.embedding_model <> %(model)s)
      AND (%(all)s OR t.conversation_id = ANY(%(conversations)s::bigint[]))
    ORDER BY t.id
    LIMIT %(page)s
"""


@dataclass(frozen=True)
class _Row:
    turn_id: int
    conversation_id: int
    seq: int
    text: str


def indexed_row(
    *,
    turn_id: int,
    conversation_id: int,
    seq: int,
    role: str,
    content: str,
    tool_calls: list | dict | None,
    created_at: datetime,
) -> _Row:
    """A turn as the index takes it: its text composed as the per-append path composes it."""
    text = TurnText(
        seq=seq, role=role, content=content, created_at=created_at, tool_calls=tool_calls
    ).rendered()
    return _Row(turn_id, conversation_id, seq, text)


def _pages_to_index(model_name: str, conversation_ids: list[int] | None, page: int) -> Iterator[list[_Row]]:
    after = 0
    params = {"model": model_name, "all": conversation_ids is None, "conversations": conversation_ids or []}
    while True:
        with connection.cursor() as cursor:
            cursor.execute(_PAGE_SQL, {**params, "after": after, "page": page})
            fetched = cursor.fetchall()
        if not fetched:
            return
        yield [
            indexed_row(
                turn_id=turn_id,
                conversation_id=conversation_id,
                seq=seq,
                role=role,
                content=content,
                tool_calls=None if tools is None else json.loads(tools),
                created_at=created_at,
            )
            for turn_id, conversation_id, seq, role, content, tools, created_at in fetched
        ]
        after = fetched[-1][0]


def _embedded_ahead(pages: Iterator[list[_Row]], embedder) -> Iterator[tuple[list[_Row], np.ndarray, float]]:
    """Each page with its vectors; the next page is embedded in a thread while the caller writes this one.

    The embedder spends most of its time outside the GIL (tokenizer, numpy) and
    the database works in its own process, so the two overlap. Pages are read
    on the caller's thread, which owns the database connection.
    """
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="index-embedder") as pool:
        previous: tuple[list[_Row], Future] | None = None
        for rows in pages:
            embedding = pool.submit(_embed_timed, embedder, rows)
            if previous is not None:
                yield previous[0], *previous[1].result()
            previous = (rows, embedding)
        if previous is not None:
            yield previous[0], *previous[1].result()


def _embed_timed(embedder, rows: list[_Row]) -> tuple[np.ndarray, float]:
    started = time.perf_counter()
    vectors = embed_array(embedder, [row.text for row in rows])
    return vectors, time.perf_counter() - started


def embed_array(embedder, texts: list[str]) -> np.ndarray:
    """The embedder's vectors as one float32 array (without a detour through Python lists when it can)."""
    if hasattr(embedder, "embed_array"):
        return np.asarray(embedder.embed_array(texts), dtype=np.float32)
    return np.asarray(embedder.embed(texts), dtype=np.float32)


_SCRATCH_SQL = (
    "CREATE TEMP TABLE IF NOT EXISTS index_page "
    "(turn_id bigint, embedding vector, body text) ON COMMIT DELETE ROWS"
)
_MOVE_SQL = f"""
    INSERT INTO {ENTRIES}
        (turn_id, conversation_id, seq, embedding, embedding_model, search_vector, indexed_at)
    SELECT t.id, t.conversation_id, t.seq, p.embedding::halfvec, %(model)s,
           to_tsvector(%(config)s::regconfig, p.body), now()
    FROM index_page AS p
    -- The join drops a turn deleted meanwhile (forget); the id range keeps it to the page's turns.
    JOIN {TURNS} AS t ON t.id = p.turn_id AND t.id BETWEEN %(first)s AND %(last)s
    {UPSERT_ENTRY}
"""


def write_entries(rows: list[_Row], vectors: np.ndarray, model_name: str) -> int:
    """COPY one page of embedded turns into the index (binary vectors); return the entries written."""
    if not rows:
        return 0
    vectors = np.asarray(vectors, dtype=np.float32)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(_SCRATCH_SQL)
        # Empty already unless this runs inside an outer transaction (which commits later).
        cursor.execute("TRUNCATE index_page")
        raw = cursor.cursor
        register_vector_info(raw, _vector_type(raw.connection))
        with raw.copy("COPY index_page (turn_id, embedding, body) FROM STDIN (FORMAT BINARY)") as copy:
            copy.set_types(["int8", "vector", "text"])
            for row, vector in zip(rows, vectors, strict=True):
                copy.write_row((row.turn_id, vector, row.text))
        ids = [row.turn_id for row in rows]
        cursor.execute(
            _MOVE_SQL,
            {"model": model_name, "config": TEXT_SEARCH_CONFIG, "first": min(ids), "last": max(ids)},
        )
        return cursor.rowcount


def _vector_type(conn) -> TypeInfo:
    info = TypeInfo.fetch(conn, "vector")
    if info is None:
        raise RuntimeError("The database has no vector type: run manage.py migrate.")
    return info


class IndexAlongside:
    """Index turns as an import stores them, while it reads the next lines.

    The import hands over each batch's new turns once the batch has committed
    (``add``); a thread embeds them and writes their entries through a database
    connection of its own, so the import's Python work, the embedding and two
    PostgreSQL backends overlap on different cores instead of running one after
    the other. At most ``ahead`` batches wait, so memory stays bounded.

    Inside an outer transaction (a caller's ``atomic``, a test) another
    connection could not see the turns, so each batch is indexed on the
    caller's connection as it is handed over: the same entries, in sequence.

    Indexing is derived work: if it fails (the embedder, the database), the
    import goes on storing the record and ``finish`` says why indexing stopped.
    A turn it never reached has no entry; ``index_bulk`` (what import
    --index-only runs after, and reextract --index-only) writes it.
    """

    def __init__(self, embedder, *, ahead: int = 2) -> None:
        self.embedder = embedder
        self.written = 0
        self.embed_seconds = 0.0
        # CPU seconds of the thread's own PostgreSQL backend (for benchmarks), measured as it closes.
        self.database_cpu_seconds = 0.0
        self._started = time.perf_counter()
        self._error: BaseException | None = None
        self._inline = connection.in_atomic_block
        self._queue: queue.Queue[list[_Row] | None] = queue.Queue(maxsize=ahead)
        self._thread: threading.Thread | None = None
        if not self._inline:
            self._thread = threading.Thread(target=self._run, name="index-alongside", daemon=True)
            self._thread.start()

    def add(self, rows: list[_Row]) -> None:
        """Index these stored (committed) turns, unless indexing has stopped."""
        if not rows or self._error is not None:
            return
        if not self._inline:
            self._queue.put(rows)
            return
        try:
            with transaction.atomic():
                self._index(rows)
        except Exception as exc:
            self._error = exc

    def finish(self) -> BulkIndexReport:
        """Wait for every batch handed over; the entries written, the time since the start, any failure."""
        self._stop()
        failed = "" if self._error is None else f"{type(self._error).__name__}: {self._error}"
        seconds = time.perf_counter() - self._started
        return BulkIndexReport(self.written, seconds, self.embed_seconds, self.database_cpu_seconds, failed)

    def abandon(self) -> None:
        """Stop after the batch in hand (the import failed); the turns stored are indexed later, in bulk."""
        if self._thread is not None:
            self._error = self._error or RuntimeError("the import stopped")
            while True:
                try:
                    self._queue.get_nowait()
                except queue.Empty:
                    break
        self._stop()

    def _stop(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        try:
            while (rows := self._queue.get()) is not None:
                if self._error is None:
                    self._index(rows)
        except Exception as exc:  # reported by finish(); the import goes on without indexing
            self._error = exc
            # Keep taking batches so that the importing thread never blocks on a full queue.
            while self._queue.get() is not None:
                pass
        finally:
            # A figure for benchmarks; the connection may be what failed.
            with contextlib.suppress(Exception):
                self.database_cpu_seconds = backend_cpu_seconds()
            connections.close_all()

    def _index(self, rows: list[_Row]) -> None:
        vectors, seconds = _embed_timed(self.embedder, rows)
        self.embed_seconds += seconds
        self.written += write_entries(rows, vectors, self.embedder.model_name)
