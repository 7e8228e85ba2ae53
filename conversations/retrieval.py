"""The retrieval index of a conversation's turns, and hybrid search inside one conversation.

Every query here has ``conversation_id = %s``: the conversation is an
authorisation boundary, not a ranking hint, so no arm ever looks at another
conversation's rows (it is also what keeps search fast: the btree on the
conversation narrows a million entries to a few hundred, then the distance is
exact; DESIGN.md, "Retrieval, as measured here").

Three arms, fused:

- vector: cosine distance to the query's embedding, over every entry made by
  the current embedder (entries of another model are stale and skipped), both
  in half precision, as the index keeps them;
- lexical: PostgreSQL full text, the query's words OR'd (AND-ing them, as
  ``plainto_tsquery`` does, finds almost nothing for a question), ranked by
  BM25 with document frequencies counted in the conversation's own entries;
  the entries holding a query word are found through a GIN index keyed by
  (conversation, word), so a long conversation is not read whole;
- exact: tokens of the query that look like identifiers or amounts (they hold
  a digit: ORD-48213, £147.50, 14/03) are looked up verbatim in the turns, and
  the turns that hold them come first, because a customer quoting an order
  number means that order, however the other arms rank it.

The arms run as one statement (``search_sql``), which also reads each pooled
turn's shape for the turn terms below. The vector and lexical scores are
fused (a weighted sum of each arm's scores mapped onto [0, 1]; reciprocal
rank fusion is the alternative), and each turn then gains a share of the
fused score of the turn before it: the answer follows its question. Last,
a turn said by a participant the question names ("What did Sam cook?" and a
turn starting "Sam:") gains a fixed weight, a turn that asks something loses
a little and a longer turn gains a little. The tuning
(``search_tuning.SearchTuning``) was chosen by measuring on labelled sets;
its docstring has the figures.
"""

import heapq
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from itertools import islice
from typing import Literal, NamedTuple, Protocol

import psycopg
from django.db import connection
from django.db.models import Count, Q

from conversations.answer_cues import asks_when, tells_time
from conversations.models import Conversation, Turn
from conversations.query_dates import DayNamed, days_named, near
from conversations.search_sql import ENTRIES, TURNS, search_sql
from conversations.search_tuning import DEFAULT_TUNING, SearchTuning
from conversations.speaker_names import SPEAKER_PREFIX, called_names, named_speakers, unlabelled_names
from memadmin.pgvector import Halfvec, HalfvecDumper

Mode = Literal["lexical", "vector", "hybrid"]
MODES: tuple[Mode, ...] = ("lexical", "vector", "hybrid")
# The text search configuration of the index; the query must be parsed with the same one.
TEXT_SEARCH_CONFIG = "english"
INDEX_BATCH = 500
# How many turns each arm hands to the fusion: max(MIN_POOL, POOL_PER_K * k). A turn
# one arm ranks deep can still win on the other arm and the turn terms: for the k=10 a
# context asks for, 100 rather than 50 lifted recall on every half of both labelled sets
# (real chats R@5 / R@10 0.503 / 0.579 -> 0.514 / 0.583, demo 0.942 -> 0.944 at 10) for
# ~0.1 ms of CPU a search. eval_retrieval asks for k=50, so its pools hold 250 either way.
MIN_POOL = 100
POOL_PER_K = 5


class Embedder(Protocol):
    """What the index needs of an embedder: a local one (memadmin.providers.embedders) or a provider's."""

    @property
    def model_name(self) -> str: ...

    def embed(self, texts: list[str]) -> list[list[float]]: ...


@dataclass
class Hit:
    """One turn found, with what each arm made of it (kept in context snapshots, shown on the dashboard)."""

    seq: int
    turn_id: int
    vector_rank: int | None = None
    lexical_rank: int | None = None
    exact_match: bool = False
    vector_distance: float | None = None
    lexical_score: float | None = None
    score: float = 0.0
    # The part of ``score`` that came from the turn before (hybrid only; see SearchTuning).
    previous_turn_score: float = 0.0
    # Hybrid only: what the turn's speaker being named in the question added, and what its
    # shape (length, a question mark at its end) added or took away (see SearchTuning).
    speaker: str = ""
    speaker_score: float = 0.0
    form_score: float = 0.0
    # Hybrid only: what the turn being said on (or just after) a day the question names added.
    date_score: float = 0.0
    # Hybrid only: what the turn saying when added, for a question asking when.
    time_score: float = 0.0
    exact_tokens: int = field(default=0, repr=False)


# --- the index -------------------------------------------------------------------------------


def index_turns(
    *, conversation: Conversation, embedder: Embedder, turns: Iterable[Turn] | None = None
) -> int:
    """Write index entries for the conversation's turns that have none, or one made by another model.

    ``turns`` narrows the work to those turns (the ones just appended); turns of
    other conversations among them are ignored. An entry is rewritten only when
    missing or stale, so running this twice writes nothing the second time; a
    caller that changes a turn's text (a forget request) deletes its entry first.
    Returns how many entries were written.
    """
    written = 0
    for batch in _batched(_turns_to_index(conversation, embedder.model_name, turns), INDEX_BATCH):
        texts = [turn.as_text().rendered() for turn in batch]
        vectors = embedder.embed(texts)
        written += _upsert_entries(conversation, batch, texts, vectors, embedder.model_name)
    return written


def index_state(conversation: Conversation, embedder_model: str) -> dict[str, int]:
    """How much of the conversation the index covers for ``embedder_model`` (for the dashboard)."""
    counts = Turn.objects.for_conversation(conversation).aggregate(
        turns=Count("pk"),
        indexed=Count("pk", filter=Q(index_entry__embedding_model=embedder_model)),
        missing=Count("pk", filter=Q(index_entry__isnull=True)),
    )
    counts["stale"] = counts["turns"] - counts["indexed"] - counts["missing"]
    return counts


def _turns_to_index(
    conversation: Conversation, model_name: str, turns: Iterable[Turn] | None
) -> Iterator[Turn]:
    queryset = (
        Turn.objects.for_conversation(conversation)
        .filter(Q(index_entry__isnull=True) | ~Q(index_entry__embedding_model=model_name))
        .only("seq", "role", "content", "tool_calls", "created_at")
        .chronological()
    )
    if turns is not None:
        queryset = queryset.filter(pk__in=[turn.pk for turn in turns])
    return queryset.iterator(chunk_size=INDEX_BATCH)


def _batched(turns: Iterator[Turn], size: int) -> Iterator[tuple[Turn, ...]]:
    # itertools.batched arrives with Python 3.12; the project supports 3.11.
    while batch := tuple(islice(turns, size)):
        yield batch


# An entry written again (the turn re-embedded) replaces the one there was: one clause for
# both writers of the index (this per-conversation one, and the bulk one in indexing.py).
UPSERT_ENTRY = """ON CONFLICT (turn_id) DO UPDATE SET
        seq = EXCLUDED.seq,
        embedding = EXCLUDED.embedding,
        embedding_model = EXCLUDED.embedding_model,
        search_vector = EXCLUDED.search_vector,
        indexed_at = EXCLUDED.indexed_at"""

_UPSERT_SQL = f"""
    INSERT INTO {ENTRIES}
        (turn_id, conversation_id, seq, embedding, embedding_model, search_vector, indexed_at)
    SELECT t.id, t.conversation_id, t.seq, batch.embedding::halfvec, %(model)s,
           to_tsvector(%(config)s::regconfig, batch.body), now()
    FROM unnest(%(turn_ids)s::bigint[], %(embeddings)s::text[], %(bodies)s::text[])
        AS batch (turn_id, embedding, body)
    -- The join drops a turn deleted meanwhile (forget) and any turn of another conversation.
    JOIN {TURNS} AS t ON t.id = batch.turn_id AND t.conversation_id = %(conversation)s
    {UPSERT_ENTRY}
"""


def _upsert_entries(
    conversation: Conversation,
    turns: tuple[Turn, ...],
    texts: list[str],
    vectors: list[list[float]],
    model_name: str,
) -> int:
    """One statement per batch; the tsvector is computed by PostgreSQL, with the search's own config."""
    with connection.cursor() as cursor:
        cursor.execute(
            _UPSERT_SQL,
            {
                "model": model_name,
                "config": TEXT_SEARCH_CONFIG,
                "turn_ids": [turn.pk for turn in turns],
                "embeddings": [_vector_literal(vector) for vector in vectors],
                "bodies": texts,
                "conversation": conversation.pk,
            },
        )
        return cursor.rowcount


def _vector_literal(vector: list[float]) -> str:
    """The vector as pgvector's text; 9 significant digits give back each single-precision value exactly,
    so an entry written from this text is the same as one written from the binary COPY (indexing.py)."""
    return "[" + ",".join(f"{value:.9g}" for value in vector) + "]"


# --- search ----------------------------------------------------------------------------------


def search(
    *,
    conversation: Conversation,
    query: str,
    embedder: Embedder,
    k: int = 10,
    mode: Mode = "hybrid",
    exclude_seqs: Iterable[int] = frozenset(),
    tuning: SearchTuning = DEFAULT_TUNING,
) -> list[Hit]:
    """The ``k`` turns of ``conversation`` that best answer ``query``, best first.

    ``mode``: "hybrid" (all three arms), "lexical" (full text and exact
    matches: no model needed) or "vector" (the embedding alone).

    ``exclude_seqs`` (the recent window, which the context carries anyway) are
    left out before the top ``k`` is taken, so they never cost a place.
    """
    if mode not in MODES:
        raise ValueError(f"Unknown search mode {mode!r}: use one of {', '.join(MODES)}.")
    if k <= 0 or not query.strip():
        return []
    hybrid = mode == "hybrid"
    days = days_named(query) if hybrid and tuning.date_weight > 0 else []
    asks_time = hybrid and tuning.time_weight > 0 and asks_when(query)
    scope = _Scope(
        conversation.pk, sorted(set(exclude_seqs)), max(MIN_POOL, POOL_PER_K * k), bool(days), asks_time
    )
    hits: dict[int, Hit] = {}
    shapes: dict[int, _Shape] = {}
    # The exact arm needs no model, so it also serves the lexical mode, which is
    # what a caller falls back to when the embedder is down.
    tokens = exact_tokens(query) if mode in ("lexical", "hybrid") and tuning.exact_first else []
    vector = _query_vector(query, embedder) if mode in ("vector", "hybrid") else None
    exact = _read_arms(
        scope,
        query,
        vector=vector,
        model=embedder.model_name if vector is not None else "",
        lexical=mode in ("lexical", "hybrid"),
        tokens=tokens,
        tuning=tuning,
        hits=hits,
        shapes=shapes,
    )
    _fuse(hits.values(), tuning)
    if mode == "hybrid":
        _add_previous_turn(hits, tuning.previous_turn_weight)
        _add_turn_terms(scope, query, days, hits, shapes, tuning)
        if scope.whole_text:
            _add_time_term(hits, shapes, tuning.time_weight, k)
    # Exact matches are marked last: they come first whatever the other arms made of them.
    for seq, turn_id, matched in exact:
        hit = hits.setdefault(seq, Hit(seq=seq, turn_id=turn_id))
        hit.exact_match, hit.exact_tokens = True, matched
    return heapq.nsmallest(k, hits.values(), key=_hit_order)


@dataclass(frozen=True)
class _Scope:
    """What every arm filters on: the conversation (always), the excluded seqs, how many to take."""

    conversation_id: int
    excluded: list[int]
    pool: int
    # Whether the arms return when each pooled turn was said (for the date term: a question naming a day)
    # and its whole text (for the time term: a question asking when); each only when asked for.
    said_at: bool = False
    whole_text: bool = False

    def params(self, **extra) -> dict:
        return {
            "conversation": self.conversation_id,
            "excluded": self.excluded,
            "pool": self.pool,
            "said_at": self.said_at,
            "whole_text": self.whole_text,
            **extra,
        }


class _Shape(NamedTuple):
    """What the hybrid's turn terms read of a turn: its "Name:" prefix, an ending "?", its words, its time.

    A tuple rather than a frozen dataclass: a search in a long conversation makes one per pooled
    turn (~170), and a frozen dataclass's construction cost twice as much as the rest of reading
    its row.
    """

    prefix: str
    asks: bool
    words: int
    said_at: datetime | None
    # The whole text, read only for a question asking when (the time term looks in it).
    text: str | None = None


def _query_vector(query: str, embedder: Embedder) -> list[float] | None:
    """The query's embedding; None when it has no known token (the cosine distance to 0 is undefined)."""
    vector = embedder.embed([query])[0]
    return vector if any(vector) else None


class _LoggedCursor(psycopg.Cursor):
    """A psycopg cursor that keeps the statement it ran when it ran it prepared.

    psycopg keeps the statement sent (what Django logs, and tests count and
    read) only when it sends it whole; a prepared run sends its name alone.
    """

    def _send_query_prepared(self, name, pgq, **options):
        self._query = pgq
        super()._send_query_prepared(name, pgq, **options)


def _search_cursor():
    """A cursor for the search statement: parameters sent apart from it, rows read in binary.

    Django's own cursors quote each parameter into the statement's text (the
    query's embedding alone is 256 numbers) and read rows as text; a search in
    a long conversation reads ~170 rows of a dozen columns. A psycopg cursor of
    the same connection sends the parameters beside the statement and reads
    the rows in binary: the same rows for less of this process's work (the
    query's embedding goes as pgvector's binary halfvec, ``Halfvec``). Sent
    so, the statement is also prepared by the server after a few runs on one
    connection (``memadmin.db.PREPARE_THRESHOLD``), which spares PostgreSQL
    its parsing and, with a generic plan, its planning. The cursor is wrapped
    as Django wraps its own, so the statement is logged and counted like any.
    """
    connection.ensure_connection()
    cursor = _LoggedCursor(connection.connection)
    cursor.format = psycopg.pq.Format.BINARY
    cursor.adapters.register_dumper(Halfvec, HalfvecDumper)
    if connection.queries_logged:
        return connection.make_debug_cursor(cursor)
    return connection.make_cursor(cursor)


def _read_arms(
    scope: _Scope,
    query: str,
    *,
    vector: list[float] | None,
    model: str,
    lexical: bool,
    tokens: list[str],
    tuning: SearchTuning,
    hits: dict[int, Hit],
    shapes: dict[int, _Shape],
) -> list[tuple[int, int, int]]:
    """Run the arms asked for in one statement (search_sql); fill ``hits`` and ``shapes`` with the pooled
    turns, and return the exact arm's (seq, turn id, tokens matched) for the caller to mark last."""
    if vector is None and not lexical:
        return []
    sql = search_sql(
        vector=vector is not None,
        lexical=tuning.lexical_rank if lexical else None,
        length_normalised=tuning.bm25_b > 0,
        exact=bool(tokens),
    )
    params = scope.params(
        vector=Halfvec.of(vector) if vector is not None else None,
        model=model,
        config=TEXT_SEARCH_CONFIG,
        query=query,
        normalization=tuning.rank_normalization,
        k1=tuning.bm25_k1,
        b=tuning.bm25_b,
        tokens=tokens,
        digits=[max(_DIGITS.findall(token), key=len, default="") for token in tokens],
    )
    with _search_cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    exact = []
    speaker_prefix = SPEAKER_PREFIX.match
    # The columns unpacked by name, without a starred rest (a list made for every row), and a turn's
    # start read for a "Name:" prefix only when it holds a colon (the pattern needs one): in a support
    # chat no turn has the prefix, and the pattern's attempts were a quarter of this loop.
    for (
        seq,
        turn_id,
        vector_rank,
        distance,
        lexical_rank,
        score,
        matched,
        head,
        tail,
        words,
        said_at,
        text,
    ) in rows:
        if matched is not None:
            exact.append((seq, turn_id, matched))
            continue
        # An arm that did not pool the turn gives NULL for its rank and its score alike.
        hits[seq] = Hit(seq, turn_id, vector_rank, lexical_rank, False, distance, score)
        prefix = speaker_prefix(head) if ":" in head else None
        shapes[seq] = _Shape(
            prefix.group(1) if prefix else "", tail.rstrip().endswith("?"), words, said_at, text
        )
    return exact


def _fuse(hits: Iterable[Hit], tuning: SearchTuning) -> None:
    """Set each hit's ``score`` from what the arms made of it (see ``SearchTuning.fusion``)."""
    hits = list(hits)
    if tuning.fusion == "rrf":
        for hit in hits:
            hit.score = _rrf_part(hit.vector_rank, tuning.vector_weight, tuning.rrf_k) + _rrf_part(
                hit.lexical_rank, tuning.lexical_weight, tuning.rrf_k
            )
        return
    similarity = _min_max({hit.seq: 1.0 - hit.vector_distance for hit in hits if hit.vector_rank is not None})
    lexical = _min_max(
        {hit.seq: float(hit.lexical_score) for hit in hits if hit.lexical_rank is not None}, floor=0.0
    )
    for hit in hits:
        hit.score = tuning.vector_weight * similarity.get(hit.seq, 0.0) + tuning.lexical_weight * lexical.get(
            hit.seq, 0.0
        )


def _add_previous_turn(hits: dict[int, Hit], weight: float) -> None:
    """Give each hit ``weight`` times the fused score of the turn before it, when that turn was found too.

    In a conversation the answer is the turn after the question: a reply ("yes,
    the blue one", "Sunday at 3") shares few words with a later question about
    it, but the turn it answers may share many. Only turns already in an arm's
    pool are scored; the bonus is read from the scores before any is added.
    The sum is divided by ``1 + weight``, so a score fused onto [0, 1] stays there.
    """
    if weight <= 0:
        return
    fused = {seq: hit.score for seq, hit in hits.items()}
    for seq, hit in hits.items():
        hit.previous_turn_score = weight * fused.get(seq - 1, 0.0) / (1 + weight)
        hit.score = hit.score / (1 + weight) + hit.previous_turn_score


# A prefix counts as a speaker when it starts at least this many of the turns found (and
# this share of them): "Here's what I can do: ..." once is a sentence, not a speaker.
MIN_SPEAKER_TURNS = 3
MIN_SPEAKER_SHARE = 0.05


def _add_turn_terms(
    scope: _Scope,
    query: str,
    days: list[DayNamed],
    hits: dict[int, Hit],
    shapes: dict[int, _Shape],
    tuning: SearchTuning,
) -> None:
    """Add what each hit's speaker and shape (read by the arms' queries) say about it.

    Chats between people are mostly about one of them at a time ("What are
    Sam's hobbies?"), and the turns that answer are that person's own. The
    speakers are the "Name:" prefixes that start several of the turns found;
    when the question names some of them but not all, their turns gain
    ``speaker_weight``. A question may name a speaker by another name than
    their label, one the others call them by (``speaker_names.called_names``:
    one query more, made only when the question holds a capitalised word that
    names no speaker). Turns without a prefix (a support chat's) are untouched.
    A question naming a day ("on 3 March 2025") is about what was said that
    day or just after: those turns gain ``date_weight``. A question asking
    when is answered by a turn that says when: those gain ``time_weight``.
    """
    weights = (
        tuning.speaker_weight,
        tuning.question_weight,
        tuning.length_weight,
        tuning.date_weight,
    )
    if not shapes or not any(weights):
        return
    prefixes = Counter(shape.prefix for shape in shapes.values() if shape.prefix)
    speakers = {
        name
        for name, count in prefixes.items()
        if count >= MIN_SPEAKER_TURNS and count >= MIN_SPEAKER_SHARE * len(shapes)
    }
    called = {}
    if tuning.called_names and tuning.speaker_weight and speakers:
        called = called_names(scope.conversation_id, unlabelled_names(query, speakers), speakers)
    named = named_speakers(query, speakers, called)
    for seq, shape in shapes.items():
        hit = hits[seq]
        hit.speaker = shape.prefix if shape.prefix in speakers else ""
        hit.speaker_score = tuning.speaker_weight if shape.prefix in named else 0.0
        hit.form_score = tuning.length_weight * math.log1p(shape.words) - (
            tuning.question_weight if shape.asks else 0.0
        )
        if (
            days
            and shape.said_at
            and near(shape.said_at, days, tuning.date_days_before, tuning.date_days_after)
        ):
            hit.date_score = tuning.date_weight
        hit.score += hit.speaker_score + hit.form_score + hit.date_score


def _add_time_term(hits: dict[int, Hit], shapes: dict[int, _Shape], weight: float, k: int) -> None:
    """For a question asking when, the turns that say when gain ``weight`` (answer_cues.tells_time).

    Only the turns that can reach the top ``k`` with it are read: a turn
    scoring ``weight`` or more below the k-th stays out of the top ``k`` either
    way, so the result is the same as reading every pooled turn, at a fraction
    of the cost.
    """
    scores = sorted((hit.score for hit in hits.values()), reverse=True)
    floor = scores[min(k, len(scores)) - 1] - weight if scores else 0.0
    for seq, shape in shapes.items():
        hit = hits[seq]
        if hit.score >= floor and shape.text is not None and tells_time(shape.text):
            hit.time_score = weight
            hit.score += weight


def _rrf_part(rank: int | None, weight: float, k: int) -> float:
    return 0.0 if rank is None else weight / (k + rank)


def _min_max(scores: dict[int, float], floor: float | None = None) -> dict[int, float]:
    """Scores mapped onto [0, 1] within one arm's pool: the best is 1, the lowest (or ``floor``) is 0.

    The lexical arm's floor is 0 (a turn sharing no term with the query), so a
    turn matching half as well scores half; the vector arm's floor is the
    weakest similarity in its pool, as cosine similarities crowd together.
    """
    if not scores:
        return {}
    top = max(scores.values())
    bottom = min(scores.values()) if floor is None else floor
    spread = top - bottom
    if spread <= 0:
        return {seq: 1.0 for seq in scores}
    return {seq: (value - bottom) / spread for seq, value in scores.items()}


# A token holding a digit, cut from the query at whitespace, without the
# punctuation around it: "ORD-48213?" -> "ORD-48213", "(£147.50)" -> "£147.50".
_TOKEN_EDGES = "\"'()[]{}<>,;:!?.\u2018\u2019\u201c\u201d"
_POSSESSIVE = re.compile(r"['\u2019]s$", re.IGNORECASE)
MIN_EXACT_TOKEN = 3


def exact_tokens(query: str) -> list[str]:
    """The tokens of ``query`` that must match verbatim: identifiers, amounts, dates, times.

    Tokens shorter than three characters ("2", "14") are left out: they occur
    inside too many other numbers to point at one turn.
    """
    tokens = []
    for raw in query.split():
        token = _POSSESSIVE.sub("", raw.strip(_TOKEN_EDGES)).strip(_TOKEN_EDGES)
        if len(token) >= MIN_EXACT_TOKEN and any(char.isdigit() for char in token) and token not in tokens:
            tokens.append(token)
    return tokens


_DIGITS = re.compile(r"[0-9]+")


def _hit_order(hit: Hit) -> tuple:
    """Exact matches first (the most tokens matched first), then by fused score; ties to the later turn."""
    return (-hit.exact_tokens, -hit.score, -hit.seq)


# --- explaining a search (read-only, for the dashboard) -------------------------------------------

# Each word of the query with the lexemes it stands for, kept where the turn's
# tsvector holds one of them: the words the lexical arm matched, as typed.
_MATCHED_WORDS_SQL = f"""
    WITH words AS (
        SELECT DISTINCT word, lexeme
        FROM regexp_split_to_table(%(query)s, '\\s+') AS word,
             unnest(to_tsvector(%(config)s::regconfig, word)) AS lexemes
        WHERE word <> ''
    )
    SELECT e.seq, array_agg(DISTINCT w.word ORDER BY w.word)
    FROM {ENTRIES} AS e, words AS w
    WHERE e.conversation_id = %(conversation)s
      AND e.seq = ANY(%(seqs)s::integer[])
      AND e.search_vector @@
          ('''' || replace(replace(w.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery
    GROUP BY e.seq
"""


def matched_words(*, conversation: Conversation, query: str, seqs: Iterable[int]) -> dict[int, list[str]]:
    """For each of ``seqs``, the words of ``query`` its index entry matched lexically (one query).

    Says why the lexical arm ranked a turn: "refund" and "refunded" share a
    lexeme, so a turn saying "refunded" is listed under the query's "refund".
    """
    seqs = sorted(set(seqs))
    if not seqs or not query.strip():
        return {}
    params = {"query": query, "config": TEXT_SEARCH_CONFIG, "conversation": conversation.pk, "seqs": seqs}
    with connection.cursor() as cursor:
        cursor.execute(_MATCHED_WORDS_SQL, params)
        return {seq: [w.strip(_TOKEN_EDGES) for w in words] for seq, words in cursor.fetchall()}
