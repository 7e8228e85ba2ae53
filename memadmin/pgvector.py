"""Creating the pgvector extension, with an error that names the fix."""

from django.contrib.postgres.operations import CreateExtension
from django.core.management.base import CommandError

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
