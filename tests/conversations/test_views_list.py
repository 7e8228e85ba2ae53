import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import ConversationFactory, TurnFactory

URL = "/"


@pytest.fixture
def conversations(db):
    made = []
    for number in range(30):
        conversation = ConversationFactory(external_id=f"c-{number:03d}", subject_id=f"cust-{number % 5}")
        for seq in range(1, 4):
            TurnFactory(conversation=conversation, seq=seq)
        made.append(conversation)
    return made


@pytest.mark.django_db
class TestConversationList:
    def test_it_requires_sign_in(self, client):
        response = client.get(URL)

        assert response.status_code == 302
        assert response["Location"].startswith("/login/")

    def test_a_user_without_a_role_gets_403(self, client, outsider):
        client.force_login(outsider)

        assert client.get(URL).status_code == 403

    def test_the_chat_service_account_gets_403(self, client, service_user):
        client.force_login(service_user)

        assert client.get(URL).status_code == 403

    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "privacy_user", "admin_user"])
    def test_every_staff_role_sees_the_list(self, request, client, persona, conversations):
        client.force_login(request.getfixturevalue(persona))

        response = client.get(URL)

        assert response.status_code == 200
        assert b"c-029" in response.content

    def test_it_shows_turn_counts(self, client, support_user, conversations):
        client.force_login(support_user)

        response = client.get(URL)

        row = dict(response.context["rows"])[conversations[0]]
        assert row["turn_count"] == 3

    def test_search_matches_external_id_subject_and_title(self, client, support_user, conversations):
        client.force_login(support_user)

        response = client.get(URL, {"q": "cust-3"})

        assert {c.external_id for c, _ in response.context["rows"]} == {f"c-{n:03d}" for n in range(3, 30, 5)}

    def test_an_htmx_request_for_the_table_gets_only_the_table(self, client, support_user, conversations):
        client.force_login(support_user)

        response = client.get(URL, {"q": "c-00"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="conversation-table")

        body = response.content.decode()
        assert body.lstrip().startswith('<div id="conversation-table">')
        assert "<html" not in body

    def test_it_rejects_post(self, client, support_user):
        client.force_login(support_user)

        assert client.post(URL).status_code == 405

    def test_the_query_count_does_not_grow_with_the_page(self, client, support_user, conversations):
        client.force_login(support_user)
        client.get(URL)  # warm the session and content types

        with CaptureQueriesContext(connection) as few:
            client.get(URL, {"q": "cust-1"})
        with CaptureQueriesContext(connection) as many:
            client.get(URL)

        assert len(many) == len(few)
        assert len(many) <= 6
