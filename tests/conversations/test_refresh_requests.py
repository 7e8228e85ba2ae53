"""A refresh a person asks for: never dropped, visible through the API, one rebuild for every caller."""

import io

import pytest
from django.core.management import call_command
from django.utils import timezone

from conversations.memory import memory_state, turns_appended
from conversations.models import MemoryState, RefreshRun, TurnIndexEntry
from conversations.services import memory_refresh_request, memory_reindex_request
from memadmin.errors import InvalidInput, PermissionRefused
from memadmin.models import AuditEntry, PendingTask
from memadmin.tasks import MAX_ATTEMPTS, run_pending
from tests.factories import ConversationFactory, TurnFactory


def add_turns(conversation, first: int, last: int) -> None:
    for seq in range(first, last + 1):
        role = "user" if seq % 2 else "assistant"
        TurnFactory(
            conversation=conversation, seq=seq, role=role, content=f"Turn {seq}: order ORD-{seq:05d}."
        )


@pytest.fixture
def conversation(db, settings):
    settings.MEMADMIN_REFRESH_EVERY = 4
    conversation = ConversationFactory()
    add_turns(conversation, 1, 6)
    return conversation


def request_refresh(client, conversation, **body):
    body.setdefault("reason", "the summary is behind")
    return client.post(f"/api/v1/conversations/{conversation.pk}/refresh/", body, format="json")


@pytest.mark.django_db
class TestARequestedRefresh:
    def test_it_is_not_dropped_when_a_boundary_refresh_commits_first(
        self, api_client_for, support_user, conversation, django_capture_on_commit_callbacks
    ):
        with django_capture_on_commit_callbacks() as requested:
            response = request_refresh(api_client_for(support_user), conversation, reason="summary is behind")
        assert response.status_code == 202
        # Before the request runs, more turns arrive and a boundary refresh commits.
        add_turns(conversation, 7, 8)
        assert turns_appended(conversation_id=conversation.pk).outcome == RefreshRun.Outcome.COMMITTED

        for callback in requested:
            callback()

        run = RefreshRun.objects.get(pk=response.json()["id"])
        assert (run.outcome, run.started_version, run.committed_version) == ("committed", 1, 2)
        assert (run.target_upto_seq, run.covered_upto_seq) == (6, 8)
        assert MemoryState.objects.get(conversation=conversation).summary_upto_seq == 8

    def test_it_waits_for_a_refresh_already_running_and_then_runs(
        self, api_client_for, support_user, conversation, django_capture_on_commit_callbacks
    ):
        memory_state(conversation)
        held = timezone.now() + timezone.timedelta(minutes=5)
        MemoryState.objects.filter(conversation=conversation).update(refresh_lease_until=held)

        with django_capture_on_commit_callbacks(execute=True):
            response = request_refresh(api_client_for(support_user), conversation)

        run = RefreshRun.objects.get(pk=response.json()["id"])
        assert (run.outcome, run.error) == ("queued", "waiting: another refresh of it was running")
        pending = PendingTask.objects.get()
        assert (pending.task, pending.attempts) == ("conversations.tasks.refresh_requested", 1)
        assert pending.run_after > timezone.now()  # backing off, not spinning

        MemoryState.objects.filter(conversation=conversation).update(refresh_lease_until=None)
        PendingTask.objects.update(run_after=timezone.now())
        assert run_pending() == 1

        run.refresh_from_db()
        assert (run.outcome, run.covered_upto_seq) == ("committed", 6)
        assert not PendingTask.objects.exists()

    def test_it_says_why_when_it_gives_up(
        self, api_client_for, support_user, conversation, django_capture_on_commit_callbacks
    ):
        memory_state(conversation)
        held = timezone.now() + timezone.timedelta(minutes=5)
        MemoryState.objects.filter(conversation=conversation).update(refresh_lease_until=held)
        with django_capture_on_commit_callbacks():
            response = request_refresh(api_client_for(support_user), conversation)
        PendingTask.objects.update(attempts=MAX_ATTEMPTS - 1)

        run_pending()

        run = RefreshRun.objects.get(pk=response.json()["id"])
        assert run.outcome == RefreshRun.Outcome.FAILED
        assert run.error.startswith("gave up after retrying: TryLater: another refresh of conversation")
        assert PendingTask.objects.get().failed_at is not None

    def test_its_run_is_visible_through_the_api(
        self, api_client_for, support_user, conversation, django_capture_on_commit_callbacks
    ):
        client = api_client_for(support_user)
        with django_capture_on_commit_callbacks(execute=True):
            run_id = request_refresh(client, conversation).json()["id"]

        listed = client.get(f"/api/v1/conversations/{conversation.pk}/refresh-runs/").json()["results"]
        one = client.get(f"/api/v1/conversations/{conversation.pk}/refresh-runs/{run_id}/").json()

        assert [r["id"] for r in listed] == [run_id]
        assert {k: one[k] for k in ("trigger", "outcome", "target_upto_seq", "covered_upto_seq")} == {
            "trigger": "on_demand",
            "outcome": "committed",
            "target_upto_seq": 6,
            "covered_upto_seq": 6,
        }
        assert one["requested_by"] == support_user.username

    def test_a_run_of_another_conversation_is_404(self, api_client_for, support_user, conversation):
        other = RefreshRun.objects.create(
            conversation=ConversationFactory(), trigger="boundary", target_upto_seq=1
        )

        response = api_client_for(support_user).get(
            f"/api/v1/conversations/{conversation.pk}/refresh-runs/{other.pk}/"
        )

        assert response.status_code == 404


@pytest.mark.django_db
class TestOneRebuild:
    def stale_index(self, conversation):
        turns_appended(conversation_id=conversation.pk)
        TurnIndexEntry.objects.filter(conversation=conversation).update(embedding_model="an-older-model")

    def test_a_rebuild_requested_through_the_api_re_indexes(
        self, api_client_for, support_user, conversation, django_capture_on_commit_callbacks
    ):
        self.stale_index(conversation)

        with django_capture_on_commit_callbacks(execute=True):
            response = request_refresh(api_client_for(support_user), conversation, rebuild=True)

        run = RefreshRun.objects.get(pk=response.json()["id"])
        assert (run.trigger, run.outcome) == ("rebuild", "committed")
        models = TurnIndexEntry.objects.filter(conversation=conversation).values_list(
            "embedding_model", flat=True
        )
        assert set(models) == {"wordllama-l2-supercat-256"}
        assert len(models) == 6

    def test_reextract_and_the_api_rebuild_leave_the_same_state(
        self, api_client_for, support_user, conversation, django_capture_on_commit_callbacks
    ):
        self.stale_index(conversation)
        with django_capture_on_commit_callbacks(execute=True):
            request_refresh(api_client_for(support_user), conversation, rebuild=True)
        by_api = set(TurnIndexEntry.objects.values_list("seq", "embedding_model"))
        TurnIndexEntry.objects.update(embedding_model="an-older-model")

        call_command("reextract", "--no-progress", stdout=io.StringIO())

        assert set(TurnIndexEntry.objects.values_list("seq", "embedding_model")) == by_api
        assert list(RefreshRun.objects.order_by("id").values_list("trigger", "outcome"))[-2:] == [
            ("rebuild", "committed"),
            ("reextract", "committed"),
        ]


@pytest.mark.django_db
class TestTheServiceItself:
    def test_a_role_that_may_not_refresh_is_refused_whoever_calls(self, qa_user):
        conversation = ConversationFactory()

        with pytest.raises(PermissionRefused):
            memory_refresh_request(conversation=conversation, actor=qa_user, reason="looks wrong")
        with pytest.raises(PermissionRefused):
            memory_reindex_request(conversation=conversation, actor=qa_user, reason="looks wrong")
        assert not RefreshRun.objects.filter(conversation=conversation).exists()

    def test_a_blank_reason_is_refused(self, support_user):
        conversation = ConversationFactory()

        with pytest.raises(InvalidInput):
            memory_reindex_request(conversation=conversation, actor=support_user, reason=" ")
        assert not AuditEntry.objects.filter(conversation_id=conversation.pk).exists()
