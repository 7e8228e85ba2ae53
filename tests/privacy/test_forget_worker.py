"""Forget requests through a real Celery worker on the real Redis: killed half-way, and beside a refresh."""

import hashlib
import json
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import redis
from django.conf import settings as django_settings

from conversations import tasks as conversation_tasks
from conversations.models import RefreshRun, Summary, Turn
from memadmin.celery import app as celery_app
from memadmin.tasks import dispatch_pending
from privacy import forget, tasks
from privacy.forget import forget_request_approve, residue_scan, target_of
from privacy.models import ForgetReceipt, ForgetRequest
from tests.celery_worker import (
    REDIS_URL,
    _forget_broker_connections,
    _wait_until_ready,
    _worker_environment,
    wait_for,
)
from tests.factories import ConversationFactory, TurnFactory
from tests.privacy.conftest import ask
from tests.privacy.world import database_hits

pytestmark = pytest.mark.slow
CANARY = "7 Quillfeather Mews"


def conversation_with_canary(subject_id: str, turns: int = 12):
    conversation = ConversationFactory(subject_id=subject_id)
    for seq in range(1, turns + 1):
        content = f"Deliver to {CANARY} please." if seq == 7 else f"Turn {seq}: still waiting on the parcel."
        TurnFactory(
            conversation=conversation, seq=seq, role="user" if seq % 2 else "assistant", content=content
        )
    return conversation


@pytest.fixture
def start_worker(transactional_db, tmp_path: Path, settings):
    """Start Celery workers as production does (``celery -A memadmin worker``); each can be killed."""
    redis.Redis.from_url(REDIS_URL).flushdb()
    saved = {key: celery_app.conf[key] for key in ("broker_url", "task_always_eager")}
    celery_app.conf.update(broker_url=REDIS_URL, task_always_eager=False)
    settings.MEMADMIN_TASKS = "celery"
    _forget_broker_connections()
    started: list[subprocess.Popen] = []

    def start(**extra: str) -> subprocess.Popen:
        log_path = tmp_path / f"worker-{len(started)}.log"
        with log_path.open("w") as log:
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "memadmin",
                    "worker",
                    "--pool=solo",
                    "--loglevel=INFO",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                ],
                cwd=django_settings.BASE_DIR,
                env=_worker_environment(extra),
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        started.append(process)
        _wait_until_ready(process, log_path)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=15)
    celery_app.conf.update(saved)
    _forget_broker_connections()
    redis.Redis.from_url(REDIS_URL).flushdb()


class TestAWorkerKilledHalfWay:
    def test_the_rerun_finishes_the_job_with_one_receipt_counting_each_row_once(
        self, start_worker, privacy_user, second_privacy_user
    ):
        conversations = [conversation_with_canary("cust-killed") for _ in range(5)]
        first = start_worker(MEMADMIN_FORGET_PAUSE_MS="500")
        request = ask(privacy_user, "subject", subject_id="cust-killed", phrases=[CANARY])
        forget_request_approve(request=request, actor=second_privacy_user, note="ok")

        wait_for(
            lambda: len(ForgetRequest.objects.get(pk=request.pk).steps_done) >= 2,
            message="the worker to get part of the way",
        )
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        cut_off = ForgetRequest.objects.get(pk=request.pk)
        assert cut_off.status == ForgetRequest.Status.RUNNING
        assert 2 <= len(cut_off.steps_done) < len(forget._steps(target_of(cut_off)))
        assert not ForgetReceipt.objects.exists()

        start_worker()
        tasks.forget_execute.delay(request.pk)  # the rerun
        done = wait_for(
            lambda: ForgetRequest.objects.filter(pk=request.pk, status__in=["completed", "failed"]).first(),
            message="the rerun to finish",
        )

        assert done.status == ForgetRequest.Status.COMPLETED, done.error
        assert ForgetReceipt.objects.filter(request=done).count() == 1
        stores = {row["store"]: row for row in done.receipt.document["stores"]}
        assert (stores["turns"]["rows_before"], stores["turns"]["removed"]) == (60, 60)
        assert stores["conversations"]["removed"] == 5
        assert not Turn.objects.filter(conversation__in=conversations).exists()
        assert database_hits([CANARY, "quillfeather"]) == []


def _vector(text: str) -> list[float]:
    """A distinct embedding per text, the same for the same text."""
    return [byte / 255 for byte in hashlib.sha256(text.encode()).digest()[:8]]


def _slow_summaries(gate: threading.Event, asked: threading.Event):
    """A model that echoes the turns it is given: its summary quotes whatever the record said then."""

    def answer(body: dict):
        if "response_format" in body:
            return json.dumps({"facts": []})
        prompt = body["messages"][-1]["content"]
        asked.set()
        gate.wait(20)
        return f"Summary of: {prompt}"

    return answer


@pytest.fixture
def worker_settings(fake_openai):
    return {"MEMADMIN_PROVIDER": "openai", "OPENAI_BASE_URL": fake_openai.base_url, "OPENAI_API_KEY": "test"}


class TestARefreshStartedBeforeTheRequest:
    def test_it_finishes_after_the_request_and_recreates_nothing(
        self, worker, fake_openai, privacy_user, second_privacy_user, django_capture_on_commit_callbacks
    ):
        gate, asked = threading.Event(), threading.Event()
        fake_openai.reply_chat(_slow_summaries(gate, asked))
        fake_openai.reply_embeddings(lambda inputs: [_vector(text) for text in inputs])
        conversation = conversation_with_canary("cust-overlap")
        conversation_tasks.refresh_memory.delay(conversation.pk, None, RefreshRun.Trigger.ON_DEMAND)
        assert asked.wait(30), "the refresh never asked for its summary"

        # The refresh has read the record (turn 7 with it) and waits on the model; the request runs now.
        request = ask(privacy_user, "turns", conversation=conversation, turn_seqs=(7,), phrases=[CANARY])
        with django_capture_on_commit_callbacks(execute=False):
            forget_request_approve(request=request, actor=second_privacy_user, note="ok")
        done = forget.forget_execute(request_id=request.pk)
        assert done.status == ForgetRequest.Status.COMPLETED
        dispatch_pending()  # the rebuild it queued, to the worker
        gate.set()

        refresh = wait_for(
            lambda: RefreshRun.objects.filter(
                conversation=conversation, trigger=RefreshRun.Trigger.ON_DEMAND, finished_at__isnull=False
            ).first(),
            message="the refresh to finish",
        )
        wait_for(
            lambda: RefreshRun.objects.filter(
                conversation=conversation, trigger=RefreshRun.Trigger.REBUILD, finished_at__isnull=False
            ).first(),
            message="the rebuild to finish",
        )
        assert refresh.finished_at > done.finished_at
        assert refresh.attempts == 2 and refresh.outcome == RefreshRun.Outcome.COMMITTED
        summaries = Summary.objects.filter(conversation=conversation)
        assert summaries.exists() and not any(CANARY in s.body for s in summaries)
        done.phrases = [CANARY]  # the scan reads the values; the request wiped its own copy
        assert set(residue_scan(target_of(done)).values()) == {0}
        assert database_hits([CANARY, "quillfeather"]) == []
