import pytest
from rest_framework.test import APIClient

from conversations.models import Conversation
from tests.factories import ConversationFactory

URL = "/api/v1/conversations/"


@pytest.mark.django_db
class TestCreateConversation:
    def test_it_creates_a_conversation(self, service_client):
        response = service_client.post(
            URL, {"external_id": "c-001", "subject_id": "cust-42", "title": "Refund"}, format="json"
        )

        assert response.status_code == 201
        assert response.json()["external_id"] == "c-001"
        assert Conversation.objects.get(external_id="c-001").subject_id == "cust-42"

    def test_a_known_external_id_returns_the_stored_conversation(self, service_client, service_user):
        stored = ConversationFactory(
            external_id="c-001", subject_id="cust-42", title="Original", created_by=service_user
        )

        response = service_client.post(
            URL, {"external_id": "c-001", "subject_id": "cust-42", "title": "Other"}, format="json"
        )

        assert response.status_code == 200
        assert response.json()["id"] == stored.pk
        assert response.json()["title"] == "Original"
        assert Conversation.objects.count() == 1

    def test_a_known_external_id_with_another_subject_is_a_conflict(self, service_client, service_user):
        ConversationFactory(external_id="c-001", subject_id="cust-42", created_by=service_user)

        response = service_client.post(URL, {"external_id": "c-001", "subject_id": "cust-99"}, format="json")

        assert response.status_code == 409
        assert response.json()["code"] == "subject_mismatch"
        assert response.json()["stored"]["subject_id"] == "cust-42"
        assert Conversation.objects.get().subject_id == "cust-42"

    def test_it_rejects_a_nul_byte_in_the_external_id(self, service_client):
        response = service_client.post(URL, {"external_id": "c\x00-1", "subject_id": "s"}, format="json")

        assert response.status_code == 400
        assert "external_id" in response.json()
        assert not Conversation.objects.exists()

    def test_it_requires_the_subject(self, service_client):
        response = service_client.post(URL, {"external_id": "c-1"}, format="json")

        assert response.status_code == 400
        assert response.json()["subject_id"]


@pytest.mark.django_db
class TestReadConversations:
    def test_it_finds_a_conversation_by_external_id(self, service_client, service_user):
        ConversationFactory(external_id="c-001", created_by=service_user)
        ConversationFactory(external_id="c-002", created_by=service_user)

        response = service_client.get(URL, {"external_id": "c-002"})

        assert response.status_code == 200
        assert [c["external_id"] for c in response.json()["results"]] == ["c-002"]

    def test_it_gets_a_conversation_by_id(self, service_client, service_user):
        conversation = ConversationFactory(created_by=service_user)

        response = service_client.get(f"{URL}{conversation.pk}/")

        assert response.status_code == 200
        assert response.json()["external_id"] == conversation.external_id

    def test_an_unknown_id_is_404_json(self, service_client):
        response = service_client.get(f"{URL}987654/")

        assert response.status_code == 404
        assert response["Content-Type"] == "application/json"
        assert response.json()["detail"]


@pytest.mark.django_db
class TestAuthentication:
    def test_no_token_is_401(self):
        response = APIClient().get(URL)

        assert response.status_code == 401
        assert response["WWW-Authenticate"].startswith("Token")

    def test_a_wrong_token_is_401(self, service_user):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION="Token 0000000000000000000000000000000000000000")

        assert client.get(URL).status_code == 401

    def test_a_user_without_a_role_is_403(self, api_client_for, outsider):
        assert api_client_for(outsider).get(URL).status_code == 403

    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "privacy_user", "admin_user"])
    def test_staff_can_read(self, request, api_client_for, persona):
        client = api_client_for(request.getfixturevalue(persona))

        assert client.get(URL).status_code == 200

    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "privacy_user"])
    def test_staff_cannot_write_the_record(self, request, api_client_for, persona):
        client = api_client_for(request.getfixturevalue(persona))

        response = client.post(URL, {"external_id": "c-1", "subject_id": "s"}, format="json")

        assert response.status_code == 403
        assert not Conversation.objects.exists()


@pytest.mark.django_db
class TestSchema:
    def test_the_openapi_schema_describes_the_turn_endpoint(self, client):
        response = client.get("/api/schema/", HTTP_ACCEPT="application/json")

        assert response.status_code == 200
        assert "/api/v1/conversations/{id}/turns/" in response.json()["paths"]

    def test_the_docs_page_uses_local_assets(self, client):
        response = client.get("/api/docs/")

        assert response.status_code == 200
        assert b"cdn.jsdelivr" not in response.content
