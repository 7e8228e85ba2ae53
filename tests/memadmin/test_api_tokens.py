"""API tokens: named, hashed at rest, with a last-used time; changed by the command and the admin page."""

import io
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone
from rest_framework.test import APIClient

from memadmin.models import ApiToken, AuditEntry
from memadmin.permissions import Role
from tests.factories import ConversationFactory, UserFactory

LIST = "/api/v1/conversations/"
KEY = re.compile(r"ma_[A-Za-z0-9_-]{43}")


def tokens(*args: str) -> str:
    out = io.StringIO()
    call_command("api_tokens", *args, stdout=out)
    return out.getvalue()


def client_with(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


@pytest.mark.django_db
class TestTheCommand:
    def test_create_prints_a_key_once_and_stores_only_its_hash(self, service_user):
        output = tokens("create", service_user.username, "chat production")
        key = KEY.search(output).group()

        token = ApiToken.objects.get()
        assert token.name == "chat production"
        assert key not in {token.key_hash, token.prefix}
        assert client_with(key).get(LIST).status_code == 200
        assert key not in tokens("list")
        assert AuditEntry.objects.filter(action="memadmin.token.created").exists()

    def test_a_live_name_is_unique_per_user(self, service_user):
        tokens("create", service_user.username, "chat")

        with pytest.raises(CommandError, match="already has a live token"):
            tokens("create", service_user.username, "chat")

    def test_rotate_replaces_the_key_at_once(self, service_user):
        old = KEY.search(tokens("create", service_user.username, "chat")).group()
        token = ApiToken.objects.get()

        new = KEY.search(tokens("rotate", str(token.pk))).group()

        assert client_with(old).get(LIST).status_code == 401
        assert client_with(new).get(LIST).status_code == 200
        assert AuditEntry.objects.filter(action="memadmin.token.rotated", target_id=str(token.pk)).exists()

    def test_revoke_stops_the_key_and_keeps_the_token_listed(self, service_user):
        key = KEY.search(tokens("create", service_user.username, "chat")).group()
        token = ApiToken.objects.get()

        tokens("revoke", str(token.pk))

        assert client_with(key).get(LIST).status_code == 401
        assert "revoked" in tokens("list", "--user", service_user.username)
        with pytest.raises(CommandError, match="revoked"):
            tokens("rotate", str(token.pk))

    def test_scope_all_then_own(self, service_user):
        key = KEY.search(tokens("create", service_user.username, "chat")).group()
        someone_elses = ConversationFactory()

        tokens("scope", service_user.username, "all")
        assert client_with(key).get(f"{LIST}{someone_elses.pk}/").status_code == 200

        tokens("scope", service_user.username, "own")
        assert client_with(key).get(f"{LIST}{someone_elses.pk}/").status_code == 404
        assert AuditEntry.objects.filter(action="memadmin.api_client.scope_changed").count() == 2


@pytest.mark.django_db
class TestLastUsed:
    def test_a_request_records_when_the_token_was_used_at_most_once_a_minute(self, service_user):
        key = KEY.search(tokens("create", service_user.username, "chat")).group()
        token = ApiToken.objects.get()
        assert token.last_used_at is None

        client_with(key).get(LIST)
        token.refresh_from_db()
        first = token.last_used_at
        client_with(key).get(LIST)
        token.refresh_from_db()

        assert first is not None
        assert token.last_used_at == first
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=first - timedelta(minutes=2))
        client_with(key).get(LIST)
        token.refresh_from_db()
        assert token.last_used_at > first - timedelta(seconds=1)
        assert token.last_used_at <= timezone.now()


@pytest.fixture
def site_admin(db):
    return UserFactory(username="token-admin", roles=[Role.ADMIN], is_staff=True)


@pytest.mark.django_db
class TestTheAdminPage:
    URL = "/admin/memadmin/apitoken/"

    def test_it_lists_tokens_without_their_keys(self, client, site_admin, service_user):
        key = KEY.search(tokens("create", service_user.username, "chat production")).group()
        client.force_login(site_admin)

        page = client.get(self.URL).content.decode()

        assert "chat production" in page
        assert key not in page

    def test_rotate_shows_the_new_key_once_and_the_old_one_stops(self, client, site_admin, service_user):
        old = KEY.search(tokens("create", service_user.username, "chat")).group()
        token = ApiToken.objects.get()
        client.force_login(site_admin)

        response = client.post(self.URL, {"action": "rotate", "_selected_action": [token.pk]})

        new = KEY.search(response.content.decode()).group()
        assert "no-store" in response["Cache-Control"]
        assert client_with(old).get(LIST).status_code == 401
        assert client_with(new).get(LIST).status_code == 200
        assert AuditEntry.objects.get(action="memadmin.token.rotated").actor == site_admin

    def test_revoke(self, client, site_admin, service_user):
        key = KEY.search(tokens("create", service_user.username, "chat")).group()
        client.force_login(site_admin)

        client.post(self.URL, {"action": "revoke", "_selected_action": [ApiToken.objects.get().pk]})

        assert client_with(key).get(LIST).status_code == 401

    def test_grant_every_conversation(self, client, site_admin, service_user):
        key = KEY.search(tokens("create", service_user.username, "chat")).group()
        other = ConversationFactory()
        client.force_login(site_admin)

        client.post(
            self.URL, {"action": "grant_all_conversations", "_selected_action": [ApiToken.objects.get().pk]}
        )

        assert client_with(key).get(f"{LIST}{other.pk}/").status_code == 200

    def test_staff_without_the_admin_role_cannot_rotate(self, client, service_user):
        key = KEY.search(tokens("create", service_user.username, "chat")).group()
        client.force_login(UserFactory(username="support-staff", roles=[Role.SUPPORT], is_staff=True))

        client.post(self.URL, {"action": "rotate", "_selected_action": [ApiToken.objects.get().pk]})

        assert client_with(key).get(LIST).status_code == 200
