"""Django's admin: admins only, and nothing in it can change what the audit log must record."""

import pytest
from django.urls import reverse

from conversations.models import (
    ContextSnapshot,
    Conversation,
    MemoryState,
    RefreshRun,
    Summary,
    Turn,
    TurnIndexEntry,
)
from facts.models import FactRevision, PinnedFact
from memadmin.audit import audit_record
from memadmin.models import AuditEntry
from memadmin.permissions import Role
from tests.factories import ContextSnapshotFactory, ConversationFactory, TurnFactory, UserFactory


@pytest.fixture
def site_admin(db):
    return UserFactory(username="ada-site-admin", roles=[Role.ADMIN], is_staff=True)


@pytest.fixture
def rows(db, site_admin):
    """One row of every model the admin shows, to open and try to change."""
    made = one_of_each(site_admin)
    return {model: made[name] for name, model in ROWS.items()}


ROWS = {
    "conversation": Conversation,
    "turn": Turn,
    "summary": Summary,
    "fact": PinnedFact,
    "revision": FactRevision,
    "run": RefreshRun,
    "state": MemoryState,
    "entry": TurnIndexEntry,
    "snapshot": ContextSnapshot,
    "audit": AuditEntry,
}


def one_of_each(site_admin, external_id: str = "conv-admin") -> dict:
    """A conversation with a turn, a summary, a fact and its revision, a run, its memory state, an
    index entry, a snapshot and an audit entry, by name (``ROWS``)."""
    conversation = ConversationFactory(external_id=external_id)
    turn = TurnFactory(conversation=conversation, seq=1, content="My order is ORD-12345.")
    summary = Summary.objects.create(
        conversation=conversation,
        kind="rolling",
        version=1,
        upto_seq=1,
        body="x",
        provider="local",
        model="m",
    )
    fact = PinnedFact.objects.create(
        conversation=conversation,
        type="identifier",
        key="order_id",
        value="ORD-12345",
        source_seq=1,
        origin="extractor",
    )
    revision = FactRevision.objects.create(fact=fact, action="extracted", after={"value": "ORD-12345"})
    run = RefreshRun.objects.create(
        conversation=conversation, trigger="boundary", started_version=0, target_upto_seq=1, outcome="failed"
    )
    state = MemoryState.objects.create(conversation=conversation)
    entry = TurnIndexEntry.objects.create(
        turn=turn,
        conversation=conversation,
        seq=1,
        embedding=[0.1, 0.2],
        embedding_model="m",
        search_vector="order",
    )
    snapshot = ContextSnapshotFactory(conversation=conversation, budget=100)
    audit = audit_record(actor=site_admin, action="memadmin.test.done", target=conversation, reason="test")
    return {
        "conversation": conversation,
        "turn": turn,
        "summary": summary,
        "fact": fact,
        "revision": revision,
        "run": run,
        "state": state,
        "entry": entry,
        "snapshot": snapshot,
        "audit": audit,
    }


def admin_url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


MODELS = [
    Conversation,
    Turn,
    Summary,
    PinnedFact,
    FactRevision,
    RefreshRun,
    MemoryState,
    TurnIndexEntry,
    ContextSnapshot,
    AuditEntry,
]


@pytest.mark.django_db
class TestWhoMayOpenTheAdmin:
    def test_an_admin_with_staff_status_gets_in(self, client, site_admin):
        client.force_login(site_admin)

        response = client.get("/admin/")

        assert response.status_code == 200
        assert b"read-only" in response.content
        # Each model under its plural as a person writes it.
        assert b">Summaries<" in response.content and b"Summarys" not in response.content

    @pytest.mark.parametrize("role", [Role.SUPPORT, Role.QA, Role.PRIVACY, Role.CHAT_SERVICE])
    def test_staff_status_without_the_admin_role_is_not_enough(self, client, role):
        user = UserFactory(username=f"staff-{role}", roles=[role], is_staff=True)
        client.force_login(user)

        response = client.get("/admin/conversations/conversation/", follow=True)

        assert response.redirect_chain[0][0].startswith("/admin/login/")
        assert b"not authorized to access this page" in response.content

    def test_the_admin_role_without_staff_status_is_not_enough(self, client, admin_user):
        client.force_login(admin_user)

        response = client.get("/admin/")

        assert response.status_code == 302
        assert response["Location"].startswith("/admin/login/")

    def test_a_signed_out_visitor_is_sent_to_sign_in(self, client):
        assert client.get("/admin/")["Location"].startswith("/admin/login/")


@pytest.mark.django_db
class TestTheAdminIsReadOnly:
    @pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
    def test_every_memory_model_can_be_read(self, client, site_admin, rows, model):
        client.force_login(site_admin)

        assert client.get(admin_url(model, "changelist")).status_code == 200
        response = client.get(admin_url(model, "change", rows[model].pk))

        assert response.status_code == 200
        assert b'name="_save"' not in response.content

    @pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
    def test_nothing_can_be_added_changed_or_deleted(self, client, site_admin, rows, model):
        client.force_login(site_admin)
        row = rows[model]
        before = model.objects.count()

        assert client.get(admin_url(model, "add")).status_code == 403
        assert client.post(admin_url(model, "add"), {}).status_code == 403
        assert client.post(admin_url(model, "change", row.pk), {}).status_code == 403
        assert client.post(admin_url(model, "delete", row.pk), {"post": "yes"}).status_code == 403

        assert model.objects.count() == before

    def test_the_list_offers_no_bulk_delete(self, client, site_admin, rows):
        client.force_login(site_admin)
        before = AuditEntry.objects.count()

        page = client.get(admin_url(AuditEntry, "changelist"))
        client.post(
            admin_url(AuditEntry, "changelist"),
            {"action": "delete_selected", "_selected_action": [rows[AuditEntry].pk], "post": "yes"},
        )

        assert b"delete_selected" not in page.content
        assert AuditEntry.objects.count() == before

    def test_roles_cannot_be_changed_behind_the_audit_log(self, client, site_admin, support_user):
        client.force_login(site_admin)

        response = client.post(
            reverse("admin:auth_user_change", args=[support_user.pk]),
            {"username": support_user.username, "is_superuser": "on", "is_staff": "on"},
        )

        assert response.status_code == 403
        support_user.refresh_from_db()
        assert not support_user.is_superuser

    def test_api_tokens_are_not_shown(self, client, site_admin):
        client.force_login(site_admin)

        assert client.get("/admin/authtoken/tokenproxy/").status_code == 404

    def test_the_conversation_page_shows_its_turns(self, client, site_admin, rows):
        client.force_login(site_admin)

        response = client.get(admin_url(Conversation, "change", rows[Conversation].pk))

        assert b"My order is ORD-12345." in response.content
