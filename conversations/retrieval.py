"""The retrieval index of a conversation's turns, and hybrid search inside one conversation.

Every query here has ``conversation_id = %s``: the conversation is an
authorisation boundary, not a ranking hint, so no arm ever looks at another
conversation's rows (it is also what keeps search fast: the btree on the
conversation narrows a million entries to a few hundred, then the distance is
exact; DESIGN.md, "Retrieval, as measured here").

Three arms, fused:

- vector: exact cosine distance to the query's embedding, over the entries
  made by the current embedder (entries of another model are stale and skipped);
- lexical: PostgreSQL full text, the query's words OR'd (AND-ing them, as
  ``plainto_tsquery`` does, finds almost nothing for a question);
- exact: tokens of the query that look like identifiers or amounts (they hold
  a digit: ORD-48213, £147.50, 14/03) are looked up verbatim in the turns, and
  the turns that hold them come first, because a customer quoting an order
  number means that order, however the other arms rank it.

The vector and lexical ranks are fused by reciprocal rank fusion. The tuning
(``SearchTuning``) was chosen by measuring on a labelled set; its docstring
has the figures.
"""

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Literal, Protocol

from django.db import connection
from django.db.models import Count, Q

from conversations.models import Conversation, Turn, TurnIndexEntry

Mode = Literal["lexical", "vector", "hybrid"]
MODES: tuple[Mode, ...] = ("lexical", "vector", "hybrid")
# The text search configuration of the index; the query must be parsed with the same one.
TEXT_SEARCH_CONFIG = "english"
INDEX_BATCH = 500
MIN_POOL = 50
POOL_PER_K = 5

ENTRIES = TurnIndexEntry._meta.db_table
TURNS = Turn._meta.db_table


class Embedder(Protocol):
    """What the index needs of an embedder: a local one (memadmin.providers.embedders) or a provider's."""

    @property
    def model_name(self) -> str: ...

    def embed(self, texts: list[str]) -> list[list[float]]: ...


@dataclass(frozen=True)
class SearchTuning:
    """The choices behind a search; the defaults won on the labelled set.

    Measured with ``eval_retrieval`` on the demo conversations (50 conversations,
    271 queries) and on the same turns joined ten by ten into five long
    conversations of 240-450 turns (133 unambiguous queries), with wordllama
    and minilm. Hybrid recall@10 / MRR on the long set:

    ============================  ===============  ===============
    choice                        wordllama        minilm
    ============================  ===============  ===============
    rrf k=10, weights 1:1         0.593 / 0.491    0.681 / 0.550
    rrf k=10, vector weight 2     0.608 / 0.498    0.741 / 0.568
    rrf k=10, vector weight 3     0.615 / 0.499    0.760 / 0.587
    rrf k=60, weights 1:1         0.572 / 0.493    0.651 / 0.542
    lexical mode (+ exact arm)    0.531 / 0.453    0.531 / 0.453
    vector alone                  0.608 / 0.467    0.737 / 0.501
    ============================  ===============  ===============

    k=10 beat 20 and 60 on the long set with both embedders (as DESIGN.md found;
    on the short demo conversations every k ties within 0.002); k=5 ties with 10.
    Weighting the vector arm 2:1 beat 1:1 on both sets and both embedders;
    3:1 gains one or two queries more here, but this set is synthetic and
    rich in paraphrase, and on DESIGN.md's public set lexical was the stronger
    arm, so the weight stops at 2. ts_rank beat ts_rank_cd by a hair, and any
    length normalisation lost (long set, lexical alone: recall@10 0.531 with
    none, 0.489 with 1 + log(length)). BM25 computed in SQL over the
    conversation's entries did not beat ts_rank (0.523 against 0.531), so it
    is not here. The 'simple' configuration lost to 'english' on the long set
    (lexical recall@10 0.392 against 0.531). Embedding the query as
    "user: <query>", to look like the indexed turns, lost badly (0.318 against
    0.608, vector alone). The exact arm changes these figures by under a
    point: it exists for the queries that quote an identifier.
    """

    rrf_k: int = 10
    vector_weight: float = 2.0
    lexical_weight: float = 1.0
    lexical_rank: Literal["ts_rank", "ts_rank_cd"] = "ts_rank"
    # ts_rank's normalisation bit mask; 0 (none) won.
    rank_normalization: int = 0
    exact_first: bool = True


DEFAULT_TUNING = SearchTuning()


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


_UPSERT_SQL = f"""
    INSERT INTO {ENTRIES}
        (turn_id, conversation_id, seq, embedding, embedding_model, search_vector, indexed_at)
    SELECT t.id, t.conversation_id, t.seq, batch.embedding::vector, %(model)s,
           to_tsvector(%(config)s::regconfig, batch.body), now()
    FROM unnest(%(turn_ids)s::bigint[], %(embeddings)s::text[], %(bodies)s::text[])
        AS batch (turn_id, embedding, body)
    -- The join drops a turn deleted meanwhile (forget) and any turn of another conversation.
    JOIN {TURNS} AS t ON t.id = batch.turn_id AND t.conversation_id = %(conversation)s
    ON CONFLICT (turn_id) DO UPDATE SET
        seq = EXCLUDED.seq,
        embedding = EXCLUDED.embedding,
        embedding_model = EXCLUDED.embedding_model,
        search_vector = EXCLUDED.search_vector,
        indexed_at = EXCLUDED.indexed_at
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
    return "[" + ",".join(f"{value:.7g}" for value in vector) + "]"


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
    scope = _Scope(conversation.pk, sorted(set(exclude_seqs)), max(MIN_POOL, POOL_PER_K * k))
    hits: dict[int, Hit] = {}
    if mode in ("vector", "hybrid"):
        _vector_arm(scope, query, embedder, tuning, hits)
    if mode in ("lexical", "hybrid"):
        _lexical_arm(scope, query, tuning, hits)
    _fuse(hits.values(), tuning)
    # The exact arm needs no model, so it also serves the lexical mode, which is
    # what a caller falls back to when the embedder is down.
    if mode in ("lexical", "hybrid") and tuning.exact_first:
        _exact_arm(scope, query, hits)
    return sorted(hits.values(), key=_hit_order)[:k]


@dataclass(frozen=True)
class _Scope:
    """What every arm filters on: the conversation (always), the excluded seqs, how many to take."""

    conversation_id: int
    excluded: list[int]
    pool: int

    def params(self, **extra) -> dict:
        return {"conversation": self.conversation_id, "excluded": self.excluded, "pool": self.pool, **extra}


_VECTOR_SQL = f"""
    SELECT e.seq, e.turn_id, e.embedding <=> %(vector)s::vector AS distance
    FROM {ENTRIES} AS e
    WHERE e.conversation_id = %(conversation)s
      AND e.embedding_model = %(model)s
      AND NOT e.seq = ANY(%(excluded)s::integer[])
    ORDER BY distance, e.seq DESC
    LIMIT %(pool)s
"""


def _vector_arm(
    scope: _Scope, query: str, embedder: Embedder, tuning: SearchTuning, hits: dict[int, Hit]
) -> None:
    """Exact cosine distance over the conversation's entries of the current model."""
    vector = embedder.embed([query])[0]
    if not any(vector):
        return  # no known token: cosine distance to the zero vector is undefined
    params = scope.params(vector=_vector_literal(vector), model=embedder.model_name)
    with connection.cursor() as cursor:
        cursor.execute(_VECTOR_SQL, params)
        for rank, (seq, turn_id, distance) in enumerate(cursor.fetchall(), start=1):
            hit = hits.setdefault(seq, Hit(seq=seq, turn_id=turn_id))
            hit.vector_rank, hit.vector_distance = rank, distance


# The query's lexemes, each quoted as a tsquery operand (quotes and backslashes
# doubled), joined by | : the words are OR'd, and the user's text reaches
# the tsquery parser only as quoted lexemes, never as operators.
_OR_QUERY_SQL = r"""
    SELECT string_agg('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''', ' | ')::tsquery
        AS terms
    FROM unnest(to_tsvector(%(config)s::regconfig, %(query)s))
"""
_TS_RANKS = {"ts_rank": "ts_rank", "ts_rank_cd": "ts_rank_cd"}


def _lexical_sql(rank_function: str) -> str:
    return f"""
        WITH q AS ({_OR_QUERY_SQL})
        SELECT e.seq, e.turn_id,
               {_TS_RANKS[rank_function]}(e.search_vector, q.terms, %(normalization)s) AS score
        FROM {ENTRIES} AS e, q
        WHERE e.conversation_id = %(conversation)s
          AND e.search_vector @@ q.terms
          AND NOT e.seq = ANY(%(excluded)s::integer[])
        ORDER BY score DESC, e.seq DESC
        LIMIT %(pool)s
    """


def _lexical_arm(scope: _Scope, query: str, tuning: SearchTuning, hits: dict[int, Hit]) -> None:
    """Full text over every entry of the conversation (the tsvector does not depend on the embedder)."""
    params = scope.params(config=TEXT_SEARCH_CONFIG, query=query, normalization=tuning.rank_normalization)
    with connection.cursor() as cursor:
        cursor.execute(_lexical_sql(tuning.lexical_rank), params)
        for rank, (seq, turn_id, score) in enumerate(cursor.fetchall(), start=1):
            hit = hits.setdefault(seq, Hit(seq=seq, turn_id=turn_id))
            hit.lexical_rank, hit.lexical_score = rank, score


def _fuse(hits: Iterable[Hit], tuning: SearchTuning) -> None:
    """Reciprocal rank fusion: each arm adds weight / (k + rank) for the turns it ranked."""
    for hit in hits:
        hit.score = 0.0
        if hit.vector_rank is not None:
            hit.score += tuning.vector_weight / (tuning.rrf_k + hit.vector_rank)
        if hit.lexical_rank is not None:
            hit.score += tuning.lexical_weight / (tuning.rrf_k + hit.lexical_rank)


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


_EXACT_SQL = f"""
    SELECT t.seq, t.id, count(*) AS tokens
    FROM {TURNS} AS t, unnest(%(tokens)s::text[]) AS token
    WHERE t.conversation_id = %(conversation)s
      AND NOT t.seq = ANY(%(excluded)s::integer[])
      -- strpos, not LIKE: the token is matched as it is, with no wildcard to escape.
      AND strpos(lower(t.content || ' ' || coalesce(t.tool_calls::text, '')), lower(token)) > 0
    GROUP BY t.seq, t.id
"""


def _exact_arm(scope: _Scope, query: str, hits: dict[int, Hit]) -> None:
    """Mark the turns that hold the query's identifiers verbatim (in their text or tool calls)."""
    tokens = exact_tokens(query)
    if not tokens:
        return
    with connection.cursor() as cursor:
        cursor.execute(_EXACT_SQL, scope.params(tokens=tokens))
        for seq, turn_id, matched in cursor.fetchall():
            hit = hits.setdefault(seq, Hit(seq=seq, turn_id=turn_id))
            hit.exact_match, hit.exact_tokens = True, matched


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
