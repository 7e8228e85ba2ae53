"""PostgreSQL out of reach: the API answers 503 JSON with Retry-After, the dashboard a plain 503 page,
and both recover by themselves once the database is back.

The failure is real: the connection is pointed at a port nothing listens on,
so psycopg fails to connect exactly as it does when the server is down.
"""

import socket
from contextlib import contextmanager

import pytest
from django.db import OperationalError, connection

from conversations.models import Turn
from memadmin.middleware import server_error
from tests.factories import ConversationFactory


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]  # free again once closed: nothing listens on it


@contextmanager
def database_unreachable():
    saved = dict(connection.settings_dict)
    connection.close()
    connection.settings_dict.update(HOST="127.0.0.1", PORT=str(closed_port()))
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)


@pytest.mark.django_db(transaction=True)
class TestDatabaseDown:
    def test_the_api_answers_503_json_and_recovers(self, service_client, service_user):
        conversation = ConversationFactory(created_by=service_user)
        url = f"/api/v1/conversations/{conversation.pk}/turns/"

        with database_unreachable():
            read = service_client.get(url)
            write = service_client.post(url, {"role": "user", "content": "hello"}, format="json")

        for response in (read, write):
            assert response.status_code == 503
            assert response["Content-Type"] == "application/json"
            assert response.json()["code"] == "database_unavailable"
            assert int(response["Retry-After"]) > 0
        # Back: the same client is served, and the refused write stored nothing.
        assert service_client.get(url).status_code == 200
        assert not Turn.objects.exists()
        assert (
            service_client.post(url, {"role": "user", "content": "hello"}, format="json").status_code == 201
        )

    def test_the_dashboard_shows_a_plain_error_page_and_recovers(self, client, support_user):
        client.force_login(support_user)

        with database_unreachable():
            response = client.get("/")

        assert response.status_code == 503
        assert response["Retry-After"]
        assert "database cannot be reached" in response.content.decode()
        assert client.get("/").status_code == 200


def test_the_schema_documents_the_503_for_every_operation(client):
    """A client reading /api/schema/ learns that any operation can answer 503 JSON with Retry-After."""
    schema = client.get("/api/schema/?format=json").json()
    operations = {
        (method.upper(), path): operation
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    }

    # Every operation, the QA and forget-request ones included.
    assert {("POST", "/api/v1/forget-requests/"), ("POST", "/api/v1/evaluation-runs/")} <= set(operations)
    assert len(operations) > 40
    missing = [
        f"{method} {path}" for (method, path), op in operations.items() if "503" not in op["responses"]
    ]
    assert not missing
    for operation in operations.values():
        answer = operation["responses"]["503"]
        assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
        assert answer["headers"]["Retry-After"]["required"] is True
    error = schema["components"]["schemas"]["Error"]
    assert {"detail", "code"} <= set(error["properties"])


def test_a_database_error_outside_any_view_is_a_503_too(rf):
    # handler500: what a middleware's failed query (a session or user lookup) falls to.
    try:
        raise OperationalError("connection refused")
    except OperationalError:
        api = server_error(rf.get("/api/v1/conversations/"))
        page = server_error(rf.get("/"))
    try:
        raise ValueError("a bug")
    except ValueError:
        bug = server_error(rf.get("/api/v1/conversations/"))

    assert (api.status_code, page.status_code, bug.status_code) == (503, 503, 500)
    assert api["Retry-After"] and page["Retry-After"]


def test_a_server_error_page_says_what_to_do(rf):
    try:
        raise ValueError("a bug")
    except ValueError:
        page = server_error(rf.get("/conversations/1/"))

    body = page.content.decode()
    assert page.status_code == 500
    assert "<title>Server error · memadmin</title>" in body
    assert "saved whole or not at all: reload the page to see which" in body
    assert "tell an administrator which page, and when (UTC)" in body
