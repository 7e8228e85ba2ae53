"""Work owed after a stored turn: after the response, never lost when the broker is down, retried."""

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import redis
from django.db import OperationalError
from django.utils import timezone

from conversations.models import RefreshRun, Turn, TurnIndexEntry
from memadmin.models import PendingTask
from memadmin.tasks import run_pending
from tests.celery_worker import _worker_environment, wait_for
from tests.factories import ConversationFactory, TurnFactory


def conversation_with_turns(count: int, created_by=None):
    conversation = ConversationFactory(created_by=created_by)
    for seq in range(1, count + 1):
        role = "user" if seq % 2 else "assistant"
        TurnFactory(
            conversation=conversation, seq=seq, role=role, content=f"Turn {seq}: order ORD-{seq:05d}."
        )
    return conversation


def append(client, conversation, content: str):
    return client.post(
        f"/api/v1/conversations/{conversation.pk}/turns/", {"role": "user", "content": content}, format="json"
    )


class TestWithoutABroker:
    def test_the_refresh_runs_after_the_response_in_a_worker_thread(
        self, transactional_db, service_client, service_user, settings, fake_openai
    ):
        from memadmin.providers import get_provider

        settings.MEMADMIN_TASKS = "thread"
        settings.MEMADMIN_REFRESH_EVERY = 4
        settings.MEMADMIN_PROVIDER = "openai"
        settings.OPENAI_BASE_URL = fake_openai.base_url
        settings.OPENAI_API_KEY = "test-key"
        fake_openai.reply_embeddings(lambda inputs: [[0.1, 0.2, 0.3] for _ in inputs])
        fake_openai.reply_chat(lambda body: '{"facts": []}' if "extract" in str(body).lower() else "summary")
        fake_openai.hang_next(3)  # the derived work's first model call is slow
        get_provider.cache_clear()
        conversation = conversation_with_turns(3, created_by=service_user)
        try:
            started = time.monotonic()
            response = append(service_client, conversation, "Where is ORD-00004?")
            answered_in = time.monotonic() - started
            assert not RefreshRun.objects.exclude(outcome="running").exists()  # not done when the answer came

            run = wait_for(
                lambda: RefreshRun.objects.exclude(outcome="running").first(),
                timeout=60,
                message="the boundary refresh to finish in the worker thread",
            )
        finally:
            get_provider.cache_clear()

        assert response.status_code == 201
        assert answered_in < 3
        assert (run.trigger, run.target_upto_seq) == ("boundary", 4)
        assert wait_for(lambda: not PendingTask.objects.exists(), message="the task row to go")


@pytest.mark.django_db
class TestRetries:
    def test_a_transient_error_is_retried_later_with_backoff(self, monkeypatch, settings):
        from conversations import memory

        conversation = conversation_with_turns(2)
        PendingTask.objects.create(
            task="conversations.tasks.turns_appended", args=[conversation.pk, 1, 2], run_after=timezone.now()
        )
        calls = []

        def lost_connection(**kwargs):
            calls.append(kwargs)
            if len(calls) == 1:
                raise OperationalError("server closed the connection unexpectedly")
            return real(**kwargs)

        real = memory.turns_appended
        monkeypatch.setattr(memory, "turns_appended", lost_connection)

        assert run_pending() == 1
        pending = PendingTask.objects.get()
        assert pending.attempts == 1
        assert pending.run_after > timezone.now()
        assert "OperationalError" in pending.last_error

        PendingTask.objects.update(run_after=timezone.now())
        run_pending()

        assert len(calls) == 2
        assert not PendingTask.objects.exists()
        assert TurnIndexEntry.objects.filter(conversation=conversation).count() == 2


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class OwnRedis:
    """A redis-server of this test's own, on a free port, that the test stops and starts."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            cwd=self.folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self._answers, timeout=15, message="redis-server to start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=15)
            self.process = None

    def _answers(self) -> bool:
        try:
            return redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping()
        except redis.ConnectionError:
            return False


@pytest.fixture
def own_redis(tmp_path):
    server = OwnRedis(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def broker_url(own_redis) -> str:
    return own_redis.url


@pytest.fixture
def worker_settings() -> dict[str, str]:
    return {"MEMADMIN_REFRESH_EVERY": "4"}


@pytest.mark.slow
class TestABrokerThatIsDown:
    def test_the_turn_is_stored_once_answered_201_and_the_work_runs_once_the_broker_is_back(
        self, worker, own_redis, service_client, service_user, api_client_for, support_user, settings
    ):
        settings.MEMADMIN_REFRESH_EVERY = 4
        conversation = conversation_with_turns(3, created_by=service_user)
        asked_about = conversation_with_turns(2)
        own_redis.stop()

        response = append(service_client, conversation, "Where is ORD-00004?")
        refresh = api_client_for(support_user).post(
            f"/api/v1/conversations/{asked_about.pk}/refresh/", {"reason": "check"}, format="json"
        )

        assert response.status_code == 201
        assert refresh.status_code == 202
        assert list(Turn.objects.filter(conversation=conversation).values_list("seq", flat=True)) == [
            1,
            2,
            3,
            4,
        ]
        assert PendingTask.objects.count() == 2  # the turn's derived work and the request, kept
        assert RefreshRun.objects.get().outcome == RefreshRun.Outcome.QUEUED

        own_redis.start()
        # The next request that owes work hands everything waiting to the broker.
        assert append(service_client, conversation, "Any news?").status_code == 201

        wait_for(
            lambda: (
                RefreshRun.objects.filter(outcome="committed").count() == 2
                and TurnIndexEntry.objects.filter(conversation=conversation).count() == 5
            ),
            timeout=90,
            message="the worker to do the work owed",
        )
        assert not PendingTask.objects.exists()
        runs = RefreshRun.objects.values_list("conversation_id", "trigger", "outcome", "covered_upto_seq")
        assert sorted(runs) == [
            (conversation.pk, "boundary", "committed", 4),
            (asked_about.pk, "on_demand", "committed", 2),
        ]
        assert Turn.objects.filter(conversation=conversation).count() == 5


class TestTheWebProcessDrainsWhatWaits:
    """Without a broker, work an earlier process left in the outbox runs once the web process
    serves, not only when that process next enqueues work."""

    def test_runserver_drains_it_after_its_first_request_with_one_thread(self, transactional_db, tmp_path):
        conversation = conversation_with_turns(2)
        PendingTask.objects.create(
            task="conversations.tasks.turns_appended", args=[conversation.pk, 1, 2], run_after=timezone.now()
        )
        port = _free_port()
        log_path = tmp_path / "server.log"
        environment = _worker_environment({"MEMADMIN_TASKS": "thread"})
        environment.pop("REDIS_URL", None)
        with log_path.open("w") as log:
            # The development server with its autoreloader: a watching parent and a serving child.
            server = subprocess.Popen(
                [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}"],
                cwd=Path(__file__).resolve().parents[2],
                env=environment,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            wait_for(lambda: "Quit the server" in log_path.read_text(), message="the server to start")
            assert PendingTask.objects.exists()  # starting up runs nothing
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/login/", timeout=30) as response:
                assert response.status == 200
            wait_for(lambda: not PendingTask.objects.exists(), message="the waiting task to run")
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)

        assert TurnIndexEntry.objects.filter(conversation=conversation).count() == 2
        assert log_path.read_text().count("the task thread started") == 1
