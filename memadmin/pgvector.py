"""Creating the pgvector extension, with an error that names the fix; sending a vector in binary."""

import struct
from collections.abc import Sequence

import numpy as np
from django.contrib.postgres.operations import CreateExtension
from django.core.management.base import CommandError
from psycopg.adapt import Dumper
from psycopg.pq import Format

MISSING_PGVECTOR = (
    "This PostgreSQL server has no pgvector extension, which memadmin needs for its retrieval index. "
    "Fix: install pgvector on the server (Debian/Ubuntu: apt-get install postgresql-<version>-pgvector; "
    "see https://github.com/pgvector/pgvector#installation), or unset DATABASE_URL to use the embedded "
    "PostgreSQL 18 with pgvector that memadmin starts by itself."
)


class PgvectorMissing(CommandError):
    """A CommandError, so manage.py prints the message alone rather than a traceback."""


def vector_extension_available(connection) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")
        return cursor.fetchone() is not None


class CreateVectorExtension(CreateExtension):
    def __init__(self):
        super().__init__("vector")

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if not vector_extension_available(schema_editor.connection):
            raise PgvectorMissing(MISSING_PGVECTOR)
        super().database_forwards(app_label, schema_editor, from_state, to_state)


class Halfvec(bytes):
    """A vector in pgvector's binary form of ``halfvec``, to send as a statement's parameter.

    A search sends its query's embedding with every statement; as text that is
    a few thousand characters to format here and parse on the server (256
    numbers for the default embedder), as binary it is two bytes a number.
    The values are rounded to half precision as the server's own text input
    rounds them (to nearest, ties to even), so the vector is the same either
    way. The statement must cast the parameter (``%s::halfvec``): it is sent
    with no type of its own, and takes the cast's.
    """

    @classmethod
    def of(cls, vector: Sequence[float]) -> "Halfvec":
        values = np.asarray(vector, dtype=np.float32)
        if values.ndim != 1:
            raise ValueError("A halfvec is one row of numbers.")
        # A value beyond half precision becomes infinite, which the server refuses as it refuses
        # the same value in text.
        with np.errstate(over="ignore"):
            halves = values.astype(">f2")
        # halfvec_recv: the dimensions and an unused int16, then each value, all big-endian.
        return cls(struct.pack(">HH", len(values), 0) + halves.tobytes())


class HalfvecDumper(Dumper):
    """Sends a ``Halfvec`` as it is, in binary, its type left to the statement's cast."""

    format = Format.BINARY
    oid = 0

    def dump(self, obj: Halfvec) -> bytes:
        return obj
