"""The forget request's task: takes its id, carries it out (or on), safe to run twice."""

from celery import shared_task

from memadmin.tasks import RetryingTask, on_give_up
from privacy import forget


@shared_task(base=RetryingTask)
def forget_execute(request_id: int) -> None:
    forget.forget_execute(request_id=request_id)


@on_give_up("privacy.tasks.forget_execute")
def _forget_given_up(request_id: int, *, error: str) -> None:
    forget.forget_give_up(request_id=request_id, error=error)
