"""Work that runs after the change that caused it: recorded with the change, handed on after the commit.

``enqueue`` writes a ``PendingTask`` row in the caller's transaction (a
transactional outbox): the turn and the work it owes commit together or not at
all. After the commit the row is handed on, by ``MEMADMIN_TASKS``:

- ``celery`` (production, ``REDIS_URL`` set): sent to the broker. A broker
  that is down leaves the row in place and the request succeeds; the next
  commit that enqueues work, or ``manage.py run_tasks``, sends it when the
  broker is back.
- ``thread`` (the default without a broker): a worker thread of this process
  runs it, after the response has gone. The web process starts that thread
  on the first request it serves (``serving_started``), so work an earlier
  process left waiting runs without waiting for this one to enqueue more;
  commands (``migrate``, ``shell``) and the autoreloader's watching process
  serve nothing and start none.
- ``inline``: run in the calling thread right after the commit (tests, and
  commands that should finish their work before they exit).

Tasks retry on transient errors (a lost database connection, a deadlock, a
refresh of the same conversation already running) with exponential backoff:
through Celery's retry with a broker, through the row's ``run_after`` without.
"""

import logging
import os
import random
import threading
from collections.abc import Callable
from contextvars import ContextVar
from datetime import timedelta
from functools import partial
from importlib import import_module

from celery import Task, current_task
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection, transaction
from django.utils import timezone

from memadmin.celery import app as celery_app
from memadmin.models import PendingTask

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
BACKOFF_MAX_SECONDS = 300
# How long an in-process runner may hold a task before another may take it over.
CLAIM_SECONDS = 15 * 60
DISPATCH_BATCH = 100


class TryLater(Exception):
    """The task cannot run now but will be able to (e.g. another refresh of the conversation is running)."""


TRANSIENT_ERRORS = (OperationalError, InterfaceError, TryLater)

# The outbox row an in-process runner is running (see ``current_task_key``).
_running_pending: ContextVar[int | None] = ContextVar("memadmin_running_pending", default=None)

# Task name -> what to do when a task has used up its attempts (e.g. mark a requested refresh failed).
_GIVE_UP: dict[str, Callable[..., None]] = {}


def backoff_seconds(attempt: int) -> float:
    """Seconds before retry number ``attempt`` (1, 2, 4... capped), with jitter so retries spread out."""
    ceiling = min(2 ** max(attempt - 1, 0), BACKOFF_MAX_SECONDS)
    return random.uniform(ceiling / 2, ceiling)


def on_give_up(task_name: str):
    """Register ``function(*args, error=..., **kwargs)`` to run when ``task_name`` exhausts its retries."""

    def register(function: Callable[..., None]) -> Callable[..., None]:
        _GIVE_UP[task_name] = function
        return function

    return register


def _give_up(task_name: str, args: list, kwargs: dict, error: str) -> None:
    logger.error("task %s%s gave up: %s", task_name, tuple(args), error)
    if task_name in _GIVE_UP:
        _GIVE_UP[task_name](*args, error=error, **kwargs)


class RetryingTask(Task):
    """Base of every memadmin task: retried on transient errors, with backoff and jitter."""

    autoretry_for = TRANSIENT_ERRORS
    max_retries = MAX_ATTEMPTS - 1
    retry_backoff = True
    retry_backoff_max = BACKOFF_MAX_SECONDS
    retry_jitter = True

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        if isinstance(exc, TRANSIENT_ERRORS):
            _give_up(self.name, list(args), dict(kwargs), f"{type(exc).__name__}: {exc}")


def current_task_key() -> str:
    """The identity of the task running in this thread, the same on every delivery of it; "" outside one.

    Celery's task id survives a redelivery (a worker lost mid-task, with
    ``acks_late`` and ``reject_on_worker_lost``) and its retries; an outbox
    row's id survives a runner that exited mid-task and a retry.
    """
    request = getattr(current_task, "request", None) if current_task else None
    if request is not None and request.id:
        return f"celery:{request.id}"
    pending = _running_pending.get()
    return f"pending:{pending}" if pending is not None else ""


def enqueue(task: Task, *args, **kwargs) -> PendingTask:
    """Record ``task(*args, **kwargs)`` in the current transaction; hand it on once it commits.

    A rolled-back change leaves no task; a failing task, or a broker that is
    down, cannot undo the change that caused it.
    """
    pending = PendingTask.objects.create(
        task=task.name, args=list(args), kwargs=kwargs, run_after=timezone.now()
    )
    transaction.on_commit(partial(_after_commit, pending.pk), robust=True)
    return pending


def task_mode() -> str:
    return settings.MEMADMIN_TASKS


def _after_commit(pending_id: int) -> None:
    # Whatever happens here, the change is committed: it must not become an error.
    mode = task_mode()
    try:
        if mode == "celery":
            dispatch_pending()
        elif mode == "thread":
            _runner.wake()
        else:
            run_pending()
    except Exception:
        logger.exception("handing on task %s failed; it stays queued in the database", pending_id)


# --- With a broker: hand rows to Celery --------------------------------------------------


def dispatch_pending(*, limit: int = DISPATCH_BATCH) -> int:
    """Send due pending tasks to the broker, oldest first; return how many were sent.

    Stops at the first one the broker refuses (it is down: the rest would fail
    too), leaving it and the rest for the next dispatch. Never raises for a
    broker error: the change that enqueued the work is already committed.
    """
    sent = 0
    while sent < limit:
        with transaction.atomic():
            pending = (
                PendingTask.objects.select_for_update(skip_locked=True)
                .filter(failed_at__isnull=True, run_after__lte=timezone.now())
                .order_by("id")
                .first()
            )
            if pending is None:
                return sent
            try:
                celery_app.send_task(pending.task, args=pending.args, kwargs=pending.kwargs, retry=False)
            except Exception as exc:  # whatever the transport raises, the row stays for the next dispatch
                logger.warning(
                    "the broker refused task %s (%s); it stays queued in the database", pending, exc
                )
                PendingTask.objects.filter(pk=pending.pk).update(
                    attempts=pending.attempts + 1, last_error=f"broker: {type(exc).__name__}: {exc}"[:2000]
                )
                return sent
            pending.delete()
            sent += 1
    return sent


# --- Without a broker: run rows in this process ----------------------------------------


def run_pending(*, limit: int | None = None) -> int:
    """Run due pending tasks in this thread until none is left (or ``limit``); return how many ran."""
    ran = 0
    while limit is None or ran < limit:
        pending = _claim()
        if pending is None:
            return ran
        _run(pending)
        ran += 1
    return ran


def _claim() -> PendingTask | None:
    """Take the oldest due task that no live runner holds (a conditional update, safe across processes)."""
    now = timezone.now()
    table = PendingTask._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET claimed_until = %s, attempts = attempts + 1 WHERE id = ("
            f"SELECT id FROM {table} WHERE failed_at IS NULL AND run_after <= %s "
            "AND (claimed_until IS NULL OR claimed_until < %s) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED"
            ") RETURNING id",
            [now + timedelta(seconds=CLAIM_SECONDS), now, now],
        )
        row = cursor.fetchone()
    return PendingTask.objects.get(pk=row[0]) if row else None


def _run(pending: PendingTask) -> None:
    # Importing the task's module registers it (Celery's autodiscovery runs only in workers).
    import_module(pending.task.rsplit(".", 1)[0])
    task = celery_app.tasks[pending.task]
    token = _running_pending.set(pending.pk)
    try:
        task.run(*pending.args, **pending.kwargs)
    except TRANSIENT_ERRORS as exc:
        error = f"{type(exc).__name__}: {exc}"
        if pending.attempts >= MAX_ATTEMPTS:
            _fail(pending, error)
            _give_up(pending.task, pending.args, pending.kwargs, error)
            return
        delay = backoff_seconds(pending.attempts)
        logger.warning("task %s failed (%s); retrying in %.0fs", pending, error, delay)
        PendingTask.objects.filter(pk=pending.pk).update(
            claimed_until=None, run_after=timezone.now() + timedelta(seconds=delay), last_error=error[:2000]
        )
        return
    except Exception as exc:
        logger.exception("task %s failed", pending)
        _fail(pending, f"{type(exc).__name__}: {exc}")
        return
    finally:
        _running_pending.reset(token)
    PendingTask.objects.filter(pk=pending.pk).delete()


def _fail(pending: PendingTask, error: str) -> None:
    PendingTask.objects.filter(pk=pending.pk).update(
        claimed_until=None, failed_at=timezone.now(), last_error=error[:2000]
    )


class _Runner:
    """One daemon thread per process that runs pending tasks after the response has gone.

    Woken after each commit that enqueued work; it also looks every
    ``POLL_SECONDS`` for retries that have become due and for work left by a
    process that exited. A task cut off by the process exiting is claimed
    again once its claim expires.
    """

    POLL_SECONDS = 5

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    def wake(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="memadmin-tasks", daemon=True)
                self._thread.start()
                logger.info("the task thread started in process %s", os.getpid())
        self._wake.set()

    def ensure_running(self) -> None:
        """Start the thread if it is not running; it looks for waiting work at once."""
        thread = self._thread
        if thread is None or not thread.is_alive():
            self.wake()

    def _loop(self) -> None:
        while True:
            self._wake.wait(timeout=self.POLL_SECONDS)
            self._wake.clear()
            if task_mode() != "thread":
                return  # the settings changed (tests); a later wake starts a new thread
            try:
                run_pending()
            except Exception:
                logger.exception("the in-process task runner failed; it tries again shortly")
            finally:
                connection.close()


_runner = _Runner()


def serving_started(**kwargs) -> None:
    """On each request (``request_started``): without a broker, make sure this process's task
    thread runs, so outbox rows left by a process that exited are drained once the web process
    serves. Cheap after the first request: a look at whether the thread is alive."""
    if task_mode() == "thread":
        _runner.ensure_running()
