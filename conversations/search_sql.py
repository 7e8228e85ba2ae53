"""The SQL of one search (``retrieval.search``): every arm's ranked pool and the pooled turns, one statement.

A search in a long conversation is bound by its database work, and each
statement costs a round trip, a parse and a plan besides its own work. So the
arms a search asks for (vector, lexical, exact) are CTEs of one statement,
which returns one row per pooled turn, with what each arm made of it and the
turn's shape (what the hybrid's turn terms read: its start and end, its words,
when it was said), read once however many arms pooled the turn; then one row
per turn the exact arm found that can reach the top k (``_exact_rows``).

Every part is scoped to the conversation (``conversation_id = %(conversation)s``):
the conversation is an authorisation boundary, not a ranking hint.
"""

import re
from functools import cache

from conversations.models import Turn, TurnIndexEntry, TurnIndexSize

ENTRIES = TurnIndexEntry._meta.db_table
SIZES = TurnIndexSize._meta.db_table
TURNS = Turn._meta.db_table

# Enough of a turn's start for any prefix, and of its end for a question mark after spaces.
HEAD, TAIL = 40, 16

# The vector arm: the cosine distance to every entry of the conversation made by the current model
# (an entry of another model is stale until re-embedded), no entry left out. The index keeps
# embeddings in half precision (models.TurnIndexEntry), and the query is rounded the same way.
# Everything it reads is in the btree on (conversation, model) that includes the seq, the turn and
# the embedding (turn_index_vector_idx), so the planner reads the entries from that index alone (an
# index-only scan) instead of visiting each entry's row in the table: at 5,000 turns 30% less of
# this arm's work (docs/benchmarks.md). A page of the table written since the last vacuum is
# still visited, to see which of its entries are visible.
_VECTOR_POOL = f"""
    SELECT e.seq, e.turn_id, e.embedding <=> %(vector)s::halfvec AS distance
    FROM {ENTRIES} AS e
    WHERE e.conversation_id = %(conversation)s
      AND e.embedding_model = %(model)s
      AND NOT e.seq = ANY(%(excluded)s::integer[])
    ORDER BY distance, e.seq DESC
    LIMIT %(pool)s
"""

# The query's lexemes, each quoted as a tsquery operand (quotes and backslashes
# doubled), joined by | : the words are OR'd, and the user's text reaches
# the tsquery parser only as quoted lexemes, never as operators.
_OR_QUERY = r"""
    q AS MATERIALIZED (
        SELECT string_agg('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''', ' | ')::tsquery
            AS terms
        FROM unnest(to_tsvector(%(config)s::regconfig, %(query)s))
    )
"""

# The conversation's entries holding any of the query's lexemes. In a long conversation
# they are found through the GIN index on (conversation, lexeme) keys (models.LexemeKeys),
# so that a search reads the turns that match and no others: a conversation of thousands
# of turns is not read whole for a question whose words a few hundred of them say. The
# keys come from the same function on both sides, and a key can only collide into an extra
# candidate, so the text vectors decide ("@@" with the query's words OR'd), as they did
# when every entry was matched one by one. In a short conversation the planner reads the
# entries through the btree on the conversation instead; the match then comes first (the
# key function costs more), so the keys are computed only for the entries that match. The
# match is written as a function call, which no index answers: as an "@@" the planner may
# answer it through the GIN index over every conversation (the list page's), reading every
# turn that says "order" in a million (measured: 121 ms at 1,000,000 entries).
_MATCHED = f"""
    {_OR_QUERY},
    words AS MATERIALIZED (
        SELECT tsvector_to_array(to_tsvector(%(config)s::regconfig, %(query)s)) AS lexemes,
               turn_index_lexeme_keys(%(conversation)s, to_tsvector(%(config)s::regconfig, %(query)s))
                   AS keys
    ),
    matched AS MATERIALIZED (
        SELECT e.seq, e.turn_id, e.search_vector
        FROM {ENTRIES} AS e
        WHERE e.conversation_id = %(conversation)s
          AND ts_match_vq(e.search_vector, (SELECT terms FROM q))
          AND turn_index_lexeme_keys(e.conversation_id, e.search_vector) && (SELECT keys FROM words)
    )
"""


def _ts_rank(rank_function: str) -> tuple[list[str], str]:
    """PostgreSQL's own ranking (no document frequency): the CTEs it needs and its pool."""
    pool = f"""
        SELECT m.seq, m.turn_id, {rank_function}(m.search_vector, q.terms, %(normalization)s) AS score
        FROM matched AS m, q
        WHERE NOT m.seq = ANY(%(excluded)s::integer[])
        ORDER BY score DESC, m.seq DESC
        LIMIT %(pool)s
    """
    return [_MATCHED], pool


def _bm25(length_normalised: bool) -> tuple[list[str], str]:
    """BM25 over the conversation's own entries: the CTEs it needs and its pool.

    A term's weight is its inverse document frequency among the conversation's
    entries, so a name said in every turn counts for little and a word said once
    counts for much. A term's document frequency is the number of matched
    entries holding it, and the conversation's size is kept beside the index
    (``models.TurnIndexSize``), so no entry is read for either; only the
    length-normalised variant (b > 0) counts the entries, as it reads their
    lengths anyway. Document frequencies are counted before the
    excluded seqs are dropped: they describe the conversation, not the pool.
    Each matched entry's vector is cut down to the query's lexemes (marked with
    weight A, the others filtered out) before it is unnested: unnesting whole
    vectors cost more than the rest of the arm. The cut-down vector is unnested in
    the select list, not as a function in the FROM list: there each entry's
    unnest is a function scan of its own, which stores its rows before handing
    them on (at 5,000 turns ~6% of the arm's work, docs/benchmarks.md). The
    terms of an entry are summed in lexeme order, so that two entries matching
    the same terms score exactly the same and the later turn wins the tie, as
    everywhere. A document's length
    is its number of distinct lexemes (what length() gives); with b = 0 (the
    default) lengths play no part and are not read. Float8 arithmetic
    throughout: numeric's ln() costs more than the rest of the query.
    """
    if length_normalised:
        size = f"""
        SELECT count(*)::float8 AS n, avg(length(e.search_vector))::float8 AS avgdl
        FROM {ENTRIES} AS e WHERE e.conversation_id = %(conversation)s"""
    else:
        size = f"""
        SELECT coalesce(
                   (SELECT s.entries FROM {SIZES} AS s WHERE s.conversation_id = %(conversation)s), 0
               )::float8 AS n,
               1.0::float8 AS avgdl"""
    document_length = "length(m.search_vector)::float8" if length_normalised else "1.0::float8"
    corpus = f"""
    corpus AS MATERIALIZED ({size}
    ),
    tf AS (
        SELECT x.seq, x.turn_id, (x.term).lexeme, cardinality((x.term).positions)::float8 AS tf, x.dl,
               count(*) OVER (PARTITION BY (x.term).lexeme)::float8 AS df
        FROM (
            SELECT m.seq, m.turn_id, {document_length} AS dl,
                   unnest(ts_filter(setweight(m.search_vector, 'A', words.lexemes), '{{a}}')) AS term
            FROM matched AS m, words
        ) AS x
    )
    """
    pool = """
        SELECT tf.seq, tf.turn_id,
               sum(ln(1 + (corpus.n - tf.df + 0.5) / (tf.df + 0.5))
                   * tf.tf * (%(k1)s + 1)
                   / (tf.tf + %(k1)s * (1 - %(b)s + %(b)s * tf.dl / corpus.avgdl))
                   ORDER BY tf.lexeme) AS score
        FROM tf, corpus
        WHERE NOT tf.seq = ANY(%(excluded)s::integer[])
        GROUP BY tf.seq, tf.turn_id
        ORDER BY score DESC, tf.seq DESC
        LIMIT %(pool)s
    """
    return [_MATCHED, corpus], pool


# The exact arm: the turns holding each of the query's identifiers verbatim, in their text or
# tool calls. A turn is read in lower case only when it holds the token's longest run of
# digits as written: lower() leaves digits as they are and makes none, so a turn without the
# run cannot match, and the case-sensitive test is a fraction of the cost of lowering every
# turn of a long conversation. (A token whose digits are not ASCII has an empty run, which
# every turn holds.) strpos, not LIKE: the token is matched as it is, with no wildcard to escape.
_EXACT = f"""
    exact AS MATERIALIZED (
        SELECT t.seq, t.id, count(*) AS tokens
        FROM {TURNS} AS t, unnest(%(tokens)s::text[], %(digits)s::text[]) AS token (token, digits)
        WHERE t.conversation_id = %(conversation)s
          AND NOT t.seq = ANY(%(excluded)s::integer[])
          AND CASE
              WHEN strpos(t.content, token.digits) > 0
                OR strpos(coalesce(t.tool_calls::text, ''), token.digits) > 0
              THEN strpos(lower(t.content || ' ' || coalesce(t.tool_calls::text, '')), lower(token.token)) > 0
              ELSE false
          END
        GROUP BY t.seq, t.id
    )
"""

# Each pooled turn's shape, read after the pools are ranked and cut: a few dozen turns, each
# by its primary key (a lateral subquery the planner cannot flatten, so that it never
# hashes the whole turns table instead, as it chose to for a small one). The ends are cut
# in SQL and read in Python (a regular expression in SQL cost more than an arm's
# ranking). Words are counted as spaces + 1. When the turn was said comes only for a
# question naming a day, and its whole text only for one asking when.
_SHAPE = f"""
    SELECT left(t.content, {HEAD}) AS head,
           right(t.content, {TAIL}) AS tail,
           length(t.content) - length(replace(t.content, ' ', '')) + 1 AS words,
           CASE WHEN %(said_at)s THEN t.created_at END AS said_at,
           CASE WHEN %(whole_text)s THEN t.content END AS text
    FROM {TURNS} AS t
    WHERE t.id = p.turn_id
    OFFSET 0
"""


@cache
def search_sql(
    *, vector: bool, lexical: str | None, length_normalised: bool = False, exact: bool = False
) -> str:
    """The statement for the arms asked for; ``lexical`` names the rank function (None: no lexical arm).

    Columns: seq, turn_id, vector rank, distance, lexical rank, lexical score,
    exact tokens matched (set on the exact arm's rows alone), then the shape.
    """
    if not (vector or lexical or exact):
        raise ValueError("A search needs at least one arm.")
    ctes: list[str] = []
    if vector:
        ctes.append(f"""
    vector_ranked AS MATERIALIZED (
        SELECT pool.seq, pool.turn_id, pool.distance,
               row_number() OVER (ORDER BY pool.distance, pool.seq DESC) AS rank
        FROM ({_VECTOR_POOL}) AS pool
    )""")
    if lexical:
        needed, pool = _bm25(length_normalised) if lexical == "bm25" else _ts_rank(lexical)
        ctes.extend(needed)
        ctes.append(f"""
    lexical_ranked AS MATERIALIZED (
        SELECT pool.seq, pool.turn_id, pool.score,
               row_number() OVER (ORDER BY pool.score DESC, pool.seq DESC) AS rank
        FROM ({pool}) AS pool
    )""")
    if exact:
        ctes.append(_EXACT)
    parts = []
    if vector or lexical:
        # Each pooled turn once, with what each arm made of it: the arms' rows grouped by turn (an arm
        # that did not pool the turn gives NULLs, which max() passes over). Grouping needs no estimate of
        # how many rows each arm returns, so the plan is the same whatever the conversation: a prepared
        # statement's generic plan (retrieval._search_cursor) joined the pools in a nested loop, costing
        # more than the planning it saved.
        arms = []
        if vector:
            arms.append("SELECT seq, turn_id, rank, distance, NULL::bigint, NULL::float8 FROM vector_ranked")
        if lexical:
            arms.append("SELECT seq, turn_id, NULL::bigint, NULL::float8, rank, score FROM lexical_ranked")
        parts.append(f"""
    SELECT p.seq, p.turn_id, p.vector_rank, p.distance, p.lexical_rank, p.score, NULL::bigint,
           shape.head, shape.tail, shape.words, shape.said_at, shape.text
    FROM (
        SELECT arm.seq, arm.turn_id, max(arm.vector_rank) AS vector_rank, max(arm.distance) AS distance,
               max(arm.lexical_rank) AS lexical_rank, max(arm.score) AS score
        FROM ({" UNION ALL ".join(arms)}) AS arm (seq, turn_id, vector_rank, distance, lexical_rank, score)
        GROUP BY arm.seq, arm.turn_id
    ) AS p
    CROSS JOIN LATERAL ({_SHAPE}) AS shape""")
    if exact:
        pooled = [
            f"SELECT seq FROM {arm}_ranked"
            for arm, asked in (("vector", vector), ("lexical", lexical))
            if asked
        ]
        parts.append(_exact_rows(pooled))
    return _compact("WITH " + ",".join(ctes) + "\n" + "\n    UNION ALL".join(parts))


def _compact(sql: str) -> str:
    """The statement with each run of spaces and line breaks made one space.

    psycopg keeps a statement's conversion (its %(name)s placeholders turned into
    PostgreSQL's $n) for statements of at most 4,096 bytes and converts a longer one
    anew on every run: 0.46 ms of this process a search for the full statement (4,905
    bytes as laid out here, 4,058 compacted; docs/benchmarks.md). The spaces after an
    opening parenthesis and before a closing one go too. No literal of these statements
    holds a line break, two spaces or a space beside a parenthesis, and none holds a
    comment, which a line break would end.
    """
    return re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", re.sub(r"\s+", " ", sql))).strip()


def _exact_rows(pooled: list[str]) -> str:
    """The exact arm's rows a search can rank in its top k: every turn an arm pooled, and of the others
    the first ``pool`` by tokens matched, then the later turn.

    A turn no arm pooled scores 0, so among those the order is (tokens, seq) alone, and any
    below the first ``pool`` of them has at least ``pool`` >= k exact matches ahead of it
    whatever the pooled turns score: it cannot reach the top k. A question quoting a number
    said all through a long conversation ("2026") matches a thousand turns; only these reach
    this process.
    """
    pooled_sql = f"x.seq IN ({' UNION '.join(pooled)})" if pooled else "false"
    return f"""
    SELECT x.seq, x.id, NULL::bigint, NULL::float8, NULL::bigint, NULL::float8, x.tokens,
           NULL::text, NULL::text, NULL::integer, NULL::timestamptz, NULL::text
    FROM (
        SELECT x.*, row_number() OVER (PARTITION BY x.pooled ORDER BY x.tokens DESC, x.seq DESC) AS place
        FROM (SELECT x.seq, x.id, x.tokens, {pooled_sql} AS pooled FROM exact AS x) AS x
    ) AS x
    WHERE x.pooled OR x.place <= %(pool)s"""
