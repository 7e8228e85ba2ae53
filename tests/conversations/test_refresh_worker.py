"""Refreshes through a real Celery worker on the real Redis."""

import pytest

from conversations import tasks
from conversations.memory import memory_state
from conversations.models import MemoryState, RefreshRun, Summary
from tests.celery_worker import wait_for
from tests.factories import ConversationFactory, TurnFactory

pytestmark = pytest.mark.slow


def conversation_with_turns(count: int):
    conversation = ConversationFactory()
    for seq in range(1, count + 1):
        role = "user" if seq % 2 else "assistant"
        TurnFactory(
            conversation=conversation, seq=seq, role=role, content=f"Turn {seq}: order ORD-{seq:05d}."
        )
    return conversation


def finished_runs(conversation, count: int):
    runs = list(
        RefreshRun.objects.filter(conversation=conversation).exclude(outcome=RefreshRun.Outcome.RUNNING)
    )
    return runs if len(runs) >= count else None


class TestCompareAndSwapThroughAWorker:
    def test_an_older_refresh_that_finishes_last_leaves_the_newer_state(self, worker):
        conversation = conversation_with_turns(20)
        started_from = memory_state(conversation).version
        # The older job was planned for turns up to 10 and is held back (a
        # retry, a slow queue), so it runs after the newer one has committed.
        tasks.refresh_memory.apply_async(
            args=[conversation.pk, started_from, RefreshRun.Trigger.BOUNDARY],
            kwargs={"target_upto_seq": 10},
            countdown=4,
        )
        tasks.refresh_memory.apply_async(
            args=[conversation.pk, started_from, RefreshRun.Trigger.ON_DEMAND], kwargs={"target_upto_seq": 20}
        )

        runs = wait_for(
            lambda: finished_runs(conversation, 2), timeout=90, message="both refreshes to finish"
        )

        by_target = {run.target_upto_seq: run for run in runs}
        assert by_target[20].outcome == RefreshRun.Outcome.COMMITTED
        assert by_target[10].outcome == RefreshRun.Outcome.STALE
        assert by_target[10].finished_at > by_target[20].finished_at
        state = MemoryState.objects.get(conversation=conversation)
        assert (state.version, state.summary_upto_seq) == (started_from + 1, 20)
        assert set(Summary.objects.filter(conversation=conversation).values_list("upto_seq", flat=True)) == {
            20
        }

    def test_an_appended_turn_on_a_boundary_refreshes_through_the_worker(self, worker, settings):
        conversation = conversation_with_turns(settings.MEMADMIN_REFRESH_EVERY)

        tasks.turns_appended.delay(conversation.pk)

        state = wait_for(
            lambda: MemoryState.objects.filter(conversation=conversation, version__gte=1).first(),
            message="the boundary refresh to commit",
        )
        assert state.summary_upto_seq == settings.MEMADMIN_REFRESH_EVERY
        assert Summary.objects.filter(conversation=conversation, kind="rolling").get().body
