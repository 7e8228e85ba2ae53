import pytest

from conversations.models import MemoryState, RefreshRun
from memadmin.models import AuditEntry
from tests.factories import ConversationFactory, TurnFactory


@pytest.fixture
def conversation(db):
    conversation = ConversationFactory()
    for seq in range(1, 4):
        TurnFactory(conversation=conversation, seq=seq, content=f"Order ORD-1000{seq} please.")
    return conversation


def url(conversation) -> str:
    return f"/api/v1/conversations/{conversation.pk}/refresh/"


@pytest.mark.django_db
class TestRequestARefresh:
    def test_support_triggers_a_refresh_that_runs_after_the_response(
        self, api_client_for, support_user, conversation, django_capture_on_commit_callbacks
    ):
        with django_capture_on_commit_callbacks(execute=True):
            response = api_client_for(support_user).post(
                url(conversation), {"reason": "summary missed the refund"}, format="json"
            )

        assert response.status_code == 202
        run = RefreshRun.objects.get(conversation=conversation)
        assert response.json()["id"] == run.pk
        assert (run.trigger, run.outcome, run.requested_by) == ("on_demand", "committed", support_user)
        assert (run.target_upto_seq, run.covered_upto_seq, run.started_version) == (3, 3, 0)
        assert MemoryState.objects.get(conversation=conversation).summary_upto_seq == 3
        entry = AuditEntry.objects.get(action="memadmin.memory.refresh_requested")
        assert (entry.actor, entry.reason) == (support_user, "summary missed the refund")

    @pytest.mark.parametrize("persona", ["qa_user", "privacy_user", "service_user", "outsider"])
    def test_other_roles_get_403_and_nothing_is_queued(self, request, api_client_for, persona, conversation):
        response = api_client_for(request.getfixturevalue(persona)).post(url(conversation))

        assert response.status_code == 403
        assert not AuditEntry.objects.filter(action__startswith="memadmin.memory").exists()

    def test_an_unknown_conversation_is_404(self, api_client_for, admin_user):
        assert api_client_for(admin_user).post("/api/v1/conversations/999999/refresh/").status_code == 404

    @pytest.mark.parametrize("body", [{}, {"reason": ""}, {"reason": "   "}])
    def test_a_request_without_a_reason_is_400_and_nothing_is_queued(
        self, api_client_for, support_user, conversation, body
    ):
        response = api_client_for(support_user).post(url(conversation), body, format="json")

        assert response.status_code == 400
        assert "reason" in response.json()
        assert not RefreshRun.objects.filter(conversation=conversation).exists()
        assert not AuditEntry.objects.filter(action__startswith="memadmin.memory").exists()
