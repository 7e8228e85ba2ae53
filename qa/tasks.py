"""Celery tasks of QA: each takes ids and calls one function."""

from celery import shared_task

from memadmin.tasks import RetryingTask, on_give_up
from qa import runs


@shared_task(base=RetryingTask)
def evaluation_run(run_id: int) -> None:
    runs.evaluation_run_execute(run_id=run_id)


@on_give_up("qa.tasks.evaluation_run")
def _evaluation_run_given_up(run_id: int, *, error: str) -> None:
    runs.evaluation_run_give_up(run_id=run_id, error=error)
