"""What the schema fuzzing found, pinned: input taken as documented or refused, refusals as JSON."""

import pytest
from django.test import Client

from conversations.services import MAX_SEQ
from tests.factories import ConversationFactory, TurnFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def conversation(service_user):
    conversation = ConversationFactory(created_by=service_user)
    TurnFactory(conversation=conversation, seq=1, content="Where is ORD-00001?")
    return conversation


def test_a_conversation_at_the_last_seq_refuses_the_next_turn_with_409(service_client, conversation):
    url = f"/api/v1/conversations/{conversation.pk}/turns/"
    last = service_client.post(url, {"role": "user", "content": "a", "seq": MAX_SEQ}, format="json")
    assert last.status_code == 201

    response = service_client.post(url, {"role": "user", "content": "one more"}, format="json")

    assert response.status_code == 409
    assert response.json()["code"] == "seq_exhausted"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"external_id": "c-1", "subject_id": "s-1", "title": 7}, "title"),
        ({"external_id": 12, "subject_id": "s-1"}, "external_id"),
    ],
)
def test_a_number_where_text_belongs_is_refused_not_stored_as_digits(service_client, body, field):
    response = service_client.post("/api/v1/conversations/", body, format="json")

    assert response.status_code == 400
    assert response.json()[field] == ["Must be a string, not a number."]


def test_a_wrong_type_and_the_other_fields_mistakes_come_in_one_answer(service_client):
    body = {"subject_id": "s-1", "title": 7}

    response = service_client.post("/api/v1/conversations/", body, format="json")

    assert (response.status_code, response.json()) == (
        400,
        {"title": ["Must be a string, not a number."], "external_id": ["This field is required."]},
    )


def test_a_refresh_flag_must_be_a_boolean(api_client_for, support_user, conversation):
    response = api_client_for(support_user).post(
        f"/api/v1/conversations/{conversation.pk}/refresh/", {"reason": "r", "rebuild": "yes"}, format="json"
    )

    assert (response.status_code, response.json()) == (400, {"rebuild": ["Must be a boolean, not a string."]})


def test_ids_and_titles_are_stored_exactly_as_sent(service_client):
    body = {"external_id": " c-2 ", "subject_id": "s-2\t", "title": "  Refund  "}

    response = service_client.post("/api/v1/conversations/", body, format="json")

    assert response.status_code == 201
    assert {key: response.json()[key] for key in body} == body
    blank = {"external_id": " ", "subject_id": "s"}
    assert service_client.post("/api/v1/conversations/", blank, format="json").status_code == 400


@pytest.mark.parametrize("size", ["0", "-3", "ten", "2.5"])
def test_a_bad_page_size_is_400(service_client, conversation, size):
    response = service_client.get(f"/api/v1/conversations/{conversation.pk}/turns/", {"page_size": size})

    assert response.status_code == 400
    assert "page_size" in response.json()


@pytest.mark.parametrize(("path", "parameter"), [("facts/", "status"), ("summaries/", "kind")])
def test_an_unknown_filter_value_is_400_not_an_empty_page(
    api_client_for, support_user, conversation, path, parameter
):
    response = api_client_for(support_user).get(
        f"/api/v1/conversations/{conversation.pk}/{path}", {parameter: "nonsense"}
    )

    assert response.status_code == 400
    assert parameter in response.json()


def test_nul_in_a_filter_is_400(service_client):
    response = service_client.get("/api/v1/conversations/", {"external_id": "a\x00b"})

    # Refused before any view, by the one query-string check (memadmin/middleware.py).
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_query"
    assert "'external_id'" in response.json()["detail"] and "NUL" in response.json()["detail"]


def test_a_form_encoded_body_is_415(service_client, conversation):
    response = service_client.post(
        f"/api/v1/conversations/{conversation.pk}/turns/",
        {"role": "user", "content": "hi"},
        format="multipart",
    )

    assert response.status_code == 415


def test_an_api_url_no_route_matches_is_a_json_404(service_client):
    response = service_client.get("/api/v1/conversations/not-a-number/turns/")

    assert response.status_code == 404
    assert response.json() == {"detail": "Not found.", "code": "not_found"}
    assert "<html" in Client().get("/no-such-page/").content.decode().lower()


def test_the_schema_documents_each_refusal_and_the_batch_answer(service_client):
    schema = service_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    append = schema["paths"]["/api/v1/conversations/{id}/turns/"]["post"]
    assert set(append["responses"]) == {
        *("200", "201", "400", "401", "403", "404", "409", "413", "415", "429", "503")
    }
    assert append["requestBody"]["required"] is True
    assert set(append["requestBody"]["content"]) == {"application/json"}
    stored = schema["components"]["schemas"]["StoredTurnOrBatch"]["oneOf"]
    assert {"$ref": "#/components/schemas/TurnBatch"} in stored
    detail = schema["paths"]["/api/v1/conversations/{id}/"]["get"]["responses"]
    assert set(detail) == {"200", "401", "403", "404", "429", "503"}
    runs = schema["paths"]["/api/v1/conversations/{id}/refresh-runs/"]["get"]["responses"]
    assert set(runs) == {
        "200",
        "401",
        "403",
        "404",
        "429",
        "503",
    }  # only a cursor: a bad one is 404, never 400
    assert detail["404"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
