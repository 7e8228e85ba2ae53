"""The database the project runs on: embedded by default, and a clear error without pgvector."""

import os
import subprocess
import sys
import time
import uuid

import psycopg
import pytest
from django.conf import settings
from django.db import connection

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

    for _ in range(50):  # the reload reaches new connections within moments
        with psycopg.connect(url) as conn:
            current = {name: conn.execute(f"SHOW {name}").fetchone()[0] for name in EMBEDDED_SETTINGS}
        if current == EMBEDDED_SETTINGS:
            break
        time.sleep(0.1)
    assert current == EMBEDDED_SETTINGS == {"max_wal_size": "4GB", "checkpoint_timeout": "15min"}
