"""Enqueueing work that runs after the change that caused it is committed."""

from functools import partial

from celery import Task
from django.db import transaction


def enqueue(task: Task, *args, **kwargs) -> None:
    """Send ``task`` once the current transaction commits.

    With a broker (``REDIS_URL``) a worker picks it up; without one, Celery runs
    eagerly, so the task runs in this process right after the commit. Either
    way a rolled-back change never starts a task, and a failing task cannot
    undo the change that caused it.
    """
    transaction.on_commit(partial(task.delay, *args, **kwargs))
