"""A worker killed in the middle of a refresh: the task runs again at once and leaves one result."""

import os
import signal
import threading
from pathlib import Path

import pytest
from django.utils import timezone

from conversations.memory import memory_state
from conversations.models import MemoryState, RefreshRun, Summary, TurnIndexEntry
from memadmin.models import PendingTask
from memadmin.tasks import run_pending
from tests.celery_worker import Worker, wait_for
from tests.factories import ConversationFactory, TurnFactory


class HeldModel:
    """The model's first summary call hangs until released: the moment the worker is killed."""

    def __init__(self, fake_openai) -> None:
        self.reached = threading.Event()
        self.release = threading.Event()
        self._lock = threading.Lock()
        self.calls = 0
        fake_openai.reply_embeddings(lambda inputs: [[0.1, 0.2, 0.3] for _ in inputs])
        fake_openai.reply_chat(self._answer)

    def _answer(self, body) -> str:
        if "extract" in str(body).lower():
            return '{"facts": []}'
        with self._lock:
            self.calls += 1
            first = self.calls == 1
        if first:
            self.reached.set()
            self.release.wait(timeout=120)
            return "summary written by the worker that was killed"
        return "summary written by the rerun"


@pytest.fixture
def held_model(fake_openai) -> HeldModel:
    return HeldModel(fake_openai)


@pytest.fixture
def worker_settings(fake_openai) -> dict[str, str]:
    return {
        "MEMADMIN_PROVIDER": "openai",
        "OPENAI_BASE_URL": fake_openai.base_url,
        "OPENAI_API_KEY": "test-key",
        "MEMADMIN_REFRESH_EVERY": "4",
    }


@pytest.fixture
def worker_options() -> list[str]:
    # A pool process runs the task, so that it can die while the worker lives on (as under the
    # kernel's OOM killer): the worker then puts the message back (reject_on_worker_lost).
    return ["--pool=prefork", "--concurrency=1"]


def pool_children(worker: Worker) -> list[int]:
    children = Path(f"/proc/{worker.process.pid}/task/{worker.process.pid}/children").read_text()
    return [int(pid) for pid in children.split()]


@pytest.mark.slow
def test_a_pool_process_killed_mid_refresh_runs_the_refresh_again_once(
    worker, held_model, service_client, service_user, settings
):
    settings.MEMADMIN_REFRESH_EVERY = 4
    conversation = ConversationFactory(created_by=service_user)
    for seq in range(1, 4):
        TurnFactory(conversation=conversation, seq=seq, content=f"Turn {seq}: order ORD-{seq:05d}.")

    response = service_client.post(
        f"/api/v1/conversations/{conversation.pk}/turns/",
        {"role": "user", "content": "Where is ORD-00004?"},
        format="json",
    )
    assert response.status_code == 201
    assert held_model.reached.wait(timeout=120), worker.log()
    (child,) = pool_children(worker)
    os.kill(child, signal.SIGKILL)
    held_model.release.set()

    # The rerun commits the new version, records its run, then gives up its lease: wait for the last.
    state = wait_for(
        lambda: MemoryState.objects.filter(
            conversation=conversation, version__gte=1, refresh_lease_until=None
        ).first(),
        timeout=120,
        message="the refresh to run again, commit and give up its lease",
    )
    assert "WorkerLostError" in worker.log(), worker.log()
    assert (state.version, state.summary_upto_seq, state.refresh_lease_until) == (1, 4, None)
    summaries = Summary.objects.filter(conversation=conversation)
    assert sorted(summaries.values_list("kind", "version", "body")) == [
        ("rolling", 1, "summary written by the rerun"),
        ("static", 1, "summary written by the rerun"),
    ]
    runs = RefreshRun.objects.filter(conversation=conversation).order_by("id")
    assert [(run.outcome, run.committed_version) for run in runs] == [("failed", None), ("committed", 1)]
    assert "its worker was lost" in runs[0].error
    assert TurnIndexEntry.objects.filter(conversation=conversation).count() == 4


@pytest.mark.django_db
def test_a_task_whose_runner_exited_mid_refresh_takes_its_own_lease_over(settings):
    """Without a broker: the runner's claim expired, the lease it left has not; the rerun need not wait."""
    settings.MEMADMIN_REFRESH_EVERY = 4
    conversation = ConversationFactory()
    for seq in range(1, 5):
        TurnFactory(conversation=conversation, seq=seq, content=f"Turn {seq}: order ORD-{seq:05d}.")
    memory_state(conversation)
    now = timezone.now()
    pending = PendingTask.objects.create(
        task="conversations.tasks.turns_appended",
        args=[conversation.pk, 1, 4],
        run_after=now,
        claimed_until=now - timezone.timedelta(seconds=1),
        attempts=1,
    )
    left = RefreshRun.objects.create(conversation=conversation, trigger="boundary", target_upto_seq=4)
    MemoryState.objects.filter(conversation=conversation).update(
        refresh_lease_until=now + timezone.timedelta(minutes=5), refresh_lease_holder=f"pending:{pending.pk}"
    )

    assert run_pending() == 1

    state = MemoryState.objects.get(conversation=conversation)
    assert (state.version, state.summary_upto_seq, state.refresh_lease_holder) == (1, 4, "")
    left.refresh_from_db()
    assert left.outcome == RefreshRun.Outcome.FAILED
    assert not PendingTask.objects.exists()
