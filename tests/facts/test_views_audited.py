"""Every change support staff make from the conversation page is refused to other roles on the
server, and written to the audit log with who made it and why."""

import pytest

from facts.models import PinnedFact
from memadmin.models import AuditEntry
from tests.factories import PinnedFactFactory

pytestmark = pytest.mark.django_db
REASON = "checked against the order record"


def page_actions(conversation) -> list[tuple[str, dict, str]]:
    """Each action of the page: its URL, a valid form, and the audit action it must write."""
    base = f"/conversations/{conversation.pk}"
    fact = PinnedFactFactory(conversation=conversation)
    other = PinnedFactFactory(conversation=conversation, type="identifier", key="order_id", value="ORD-5511")
    why = {"reason": REASON}
    return [
        (f"{base}/facts/{fact.pk}/correct/", {"value": "£174.50", **why}, "memadmin.fact.corrected"),
        (f"{base}/facts/{other.pk}/flag/", {"needs_review": "1", **why}, "memadmin.fact.flagged"),
        (
            f"{base}/facts/{other.pk}/temporary/",
            {"scope": "conversation", **why},
            "memadmin.fact.marked_temporary",
        ),
        (f"{base}/facts/{other.pk}/durable/", why, "memadmin.fact.made_durable"),
        (f"{base}/facts/{other.pk}/retract/", why, "memadmin.fact.retracted"),
        (
            f"{base}/facts/add/",
            {"source_seq": 1, "span_start": 25, "span_end": 32, "value": "my card", "type": "preference"}
            | {"key": "refund_method", **why},
            "memadmin.fact.added",
        ),
        (f"{base}/memory/resummarise/", {"kinds": "both", **why}, "memadmin.memory.refresh_requested"),
        (f"{base}/memory/reindex/", why, "memadmin.memory.reindex_requested"),
    ]


def test_each_action_is_audited_with_who_and_why(client, support_user, refund_chat):
    client.force_login(support_user)

    for url, form, action in page_actions(refund_chat):
        before = AuditEntry.objects.count()
        response = client.post(url, form, HTTP_HX_REQUEST="true")

        assert response.status_code == 200, (url, response.content[:300])
        entry = AuditEntry.objects.order_by("-id").first()
        assert AuditEntry.objects.count() > before, url
        assert (entry.action, entry.actor, entry.reason) == (action, support_user, REASON), url


@pytest.mark.parametrize("persona", ["qa_user", "privacy_user", "outsider"])
def test_other_roles_are_refused_and_nothing_changes(client, request, refund_chat, persona):
    client.force_login(request.getfixturevalue(persona))
    actions = page_actions(refund_chat)
    facts_before = list(PinnedFact.objects.order_by("pk").values_list("pk", "value", "status"))

    answers = [client.post(url, form, HTTP_HX_REQUEST="true").status_code for url, form, _ in actions]

    assert answers == [403] * len(actions)
    assert not AuditEntry.objects.exists()
    assert list(PinnedFact.objects.order_by("pk").values_list("pk", "value", "status")) == facts_before
