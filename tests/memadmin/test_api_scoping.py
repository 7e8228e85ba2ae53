"""API clients see and write only the conversations they created; another client's is a 404 everywhere."""

import pytest
from django.contrib.auth.models import Permission
from rest_framework.test import APIClient

from conversations.models import Conversation, Turn
from memadmin.permissions import Role, visible_conversations
from tests.conftest import api_token_for
from tests.factories import ConversationFactory, UserFactory
from tests.objects import objects_for

API = "/api/v1/conversations/"


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_for(user)}")
    return client


@pytest.fixture
def other_client_user(db):
    return UserFactory(username="other-chat-service", roles=[Role.CHAT_SERVICE])


@pytest.fixture
def theirs(other_client_user):
    """A conversation the other API client created, with a turn, a snapshot, a refresh run and a fact."""
    response = token_client(other_client_user).post(
        API, {"external_id": "theirs-1", "subject_id": "cust-theirs"}, format="json"
    )
    assert response.status_code == 201
    found = objects_for(Conversation.objects.get(pk=response.json()["id"]))
    return found.conversation, found.snapshot, found.run, found.fact


def scoped_urls(conversation, snapshot, run, fact) -> list[tuple[str, str]]:
    base = f"{API}{conversation.pk}/"
    fact_base = f"{base}facts/{fact.pk}/"
    return [
        ("get", base),
        ("get", f"{base}turns/"),
        ("post", f"{base}turns/"),
        ("get", f"{base}context/"),
        ("post", f"{base}context/"),
        ("get", f"{base}context/{snapshot.pk}/"),
        ("get", f"{base}refresh-runs/"),
        ("get", f"{base}refresh-runs/{run.pk}/"),
        ("post", f"{base}refresh/"),
        ("get", f"{base}facts/"),
        ("post", f"{base}facts/"),
        ("get", fact_base),
        ("post", f"{fact_base}retract/"),
        ("get", f"{base}summaries/"),
    ]


@pytest.mark.django_db
class TestAnApiClientSeesOnlyWhatItCreated:
    def test_creating_records_the_client_as_creator(self, service_client, service_user):
        response = service_client.post(API, {"external_id": "mine-1", "subject_id": "cust-1"}, format="json")

        assert response.status_code == 201
        assert Conversation.objects.get(pk=response.json()["id"]).created_by == service_user

    def test_lists_and_filters_leave_out_another_clients_conversations(
        self, service_client, service_user, theirs
    ):
        mine = ConversationFactory(created_by=service_user, subject_id="cust-theirs")

        listed = service_client.get(API).json()["results"]
        by_external_id = service_client.get(API, {"external_id": "theirs-1"}).json()["results"]
        by_subject = service_client.get(API, {"subject_id": "cust-theirs"}).json()["results"]

        assert [c["id"] for c in listed] == [mine.pk]
        assert by_external_id == []
        assert [c["id"] for c in by_subject] == [mine.pk]

    @pytest.mark.parametrize("index", range(14))
    def test_every_route_under_another_clients_conversation_is_404(self, service_client, theirs, index):
        method, url = scoped_urls(*theirs)[index]
        turns_before = Turn.objects.count()

        response = getattr(service_client, method)(url, {"role": "user", "content": "x"}, format="json")

        # The chat service role may not refresh or touch facts at all: 403 whatever the id,
        # so the answer says nothing about the conversation either way.
        expected = 403 if "/refresh/" in url or "/facts/" in url or "/summaries/" in url else 404
        assert response.status_code == expected, (method, url, response.content[:200])
        assert Turn.objects.count() == turns_before

    def test_reusing_another_clients_external_id_is_a_conflict_that_shows_nothing(
        self, service_client, theirs
    ):
        response = service_client.post(
            API, {"external_id": "theirs-1", "subject_id": "cust-x"}, format="json"
        )

        assert response.status_code == 409
        body = response.json()
        assert body["code"] == "external_id_taken"
        assert "cust-theirs" not in response.content.decode()
        assert "stored" not in body

    def test_a_client_granted_every_conversation_sees_them(self, service_user, theirs):
        conversation = theirs[0]
        service_user.user_permissions.add(Permission.objects.get(codename="access_all_conversations"))
        client = token_client(service_user)

        assert client.get(f"{API}{conversation.pk}/").status_code == 200
        assert client.get(f"{API}{conversation.pk}/turns/").json()["results"][0]["seq"] == 1

    def test_staff_see_every_conversation(self, api_client_for, support_user, theirs):
        conversation = theirs[0]

        assert api_client_for(support_user).get(f"{API}{conversation.pk}/").status_code == 200
        assert list(visible_conversations(support_user)) == [conversation]

    def test_a_signed_in_user_without_a_role_sees_none(self, outsider, theirs):
        assert not visible_conversations(outsider).exists()


@pytest.mark.django_db
class TestStaffPagesLookTheSecondIdUpInsideTheConversation:
    """A page under conversations/<pk>/ that takes another id finds it only inside conversation pk."""

    def test_an_id_of_another_conversation_is_404(self, client, support_user):
        mine, other = objects_for(), objects_for()
        client.force_login(support_user)
        base = f"/conversations/{mine.conversation.pk}/"

        snapshot = client.get(f"{base}snapshots/{other.snapshot.pk}/")
        status = client.get(f"{base}memory/status/?run={other.run.pk}")
        action = client.post(f"{base}facts/{other.fact.pk}/retract/", {"reason": "wrong"})

        assert (snapshot.status_code, status.status_code, action.status_code) == (404, 404, 404)
        other.fact.refresh_from_db()
        assert other.fact.status == "active"
        # The same ids inside their own conversation are found.
        assert (
            client.get(f"/conversations/{other.conversation.pk}/snapshots/{other.snapshot.pk}/").status_code
            == 200
        )
