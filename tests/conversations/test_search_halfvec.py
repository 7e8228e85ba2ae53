"""The query's embedding sent in binary is the same halfvec the server makes of its text.

A search sends its query's vector as pgvector's binary halfvec, rounded to
half precision here; the index's entries were rounded by the server from
text or from single precision. A vector rounded differently would move
distances in their last bits and, with them, ties in the ranking.
"""

import math
import random

import numpy as np
import psycopg
import pytest
from django.db import DataError, connection, transaction

from memadmin.pgvector import Halfvec, HalfvecDumper

# Values at the edges of half precision: ties between two halves (round to even), the smallest
# subnormals and the largest finite values, negative zero, and numbers half precision cannot hold.
EDGES = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    1 + 2**-11,  # halfway between 1 and the next half: stays 1 (even)
    1 + 3 * 2**-11,  # halfway again: goes up to the even neighbour
    2**-24,  # the smallest subnormal half
    2**-25,  # half of it: rounds to 0 (even)
    3 * 2**-26,  # three quarters of it: rounds up
    6.097555e-5,  # just under the smallest normal half
    65504.0,  # the largest finite half
    65519.0,  # rounds down to it
    1e-9,
    0.1,
    -0.333333,
]


def binary_cursor() -> psycopg.Cursor:
    """A cursor as the search's: parameters apart from the statement, in binary, the Halfvec dumper on."""
    connection.ensure_connection()
    cursor = psycopg.Cursor(connection.connection)
    cursor.format = psycopg.pq.Format.BINARY
    cursor.adapters.register_dumper(Halfvec, HalfvecDumper)
    return cursor


def server_and_binary(vectors: list[list[float]]) -> list[tuple[str, str]]:
    """Each vector made a halfvec by the server from its text, and sent as a binary Halfvec."""
    pairs = []
    with connection.cursor() as text_cursor, binary_cursor() as cursor:
        for vector in vectors:
            literal = "[" + ",".join(repr(float(np.float32(value))) for value in vector) + "]"
            text_cursor.execute("SELECT %s::halfvec::text", [literal])
            cursor.execute("SELECT %s::halfvec::text", [Halfvec.of(vector)])
            pairs.append((text_cursor.fetchone()[0], cursor.fetchone()[0]))
    return pairs


@pytest.mark.django_db
class TestTheBinaryHalfvec:
    def test_edge_values_round_as_the_server_rounds_text(self):
        for from_text, from_binary in server_and_binary([EDGES, [-value for value in EDGES]]):
            assert from_binary == from_text

    def test_random_vectors_of_every_scale_round_the_same(self):
        rng = random.Random(20261201)
        vectors = [[rng.gauss(0, 1) * 10 ** rng.uniform(-9, 1) for _ in range(256)] for _ in range(200)]
        for from_text, from_binary in server_and_binary(vectors):
            assert from_binary == from_text

    def test_the_dimensions_come_from_the_vector(self):
        (pair,) = server_and_binary([[0.5] * 384])
        assert pair[0] == pair[1]
        assert pair[1].count(",") == 383

    def test_a_value_too_large_for_half_precision_is_refused_as_text_is(self):
        with (
            pytest.raises(DataError, match="out of range"),
            transaction.atomic(),
            connection.cursor() as text_cursor,
        ):
            text_cursor.execute("SELECT %s::halfvec", ["[1,1000000]"])
        with (
            pytest.raises(psycopg.DataError, match="infinite value"),
            transaction.atomic(),
            binary_cursor() as cursor,
        ):
            cursor.execute("SELECT %s::halfvec", [Halfvec.of([1.0, 1e6])])

    def test_a_table_of_vectors_is_not_one_vector(self):
        with pytest.raises(ValueError):
            Halfvec.of([[0.1, 0.2], [0.3, 0.4]])
        assert math.isclose(np.frombuffer(Halfvec.of([0.25])[4:], dtype=">f2")[0], 0.25)
