"""Hostile input gets a clear 400, never a 500: deep JSON, NUL bytes and lone surrogates in query strings."""

import io
import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from conversations.models import Conversation, Turn
from memadmin.jsonlimits import json_text_depth, value_depth
from tests.factories import ConversationFactory
from tests.memadmin.test_route_matrix import ROUTES

API = "/api/v1/conversations/"


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


class TestMeasuringDepth:
    def test_brackets_inside_strings_do_not_count(self):
        assert json_text_depth('{"a": "[[[[[[", "b": [{"c": "]]]\\"[["}]}') == 3

    def test_a_parsed_value_is_measured_without_recursion(self):
        value: list = []
        for _ in range(100_000):
            value = [value]
        assert value_depth(value) == 100_001


@pytest.mark.django_db
class TestDeepBodies:
    @pytest.mark.parametrize("depth", [65, 100_000])
    def test_a_deeply_nested_body_is_400_json(self, service_client, depth):
        response = service_client.post(API, data=nested(depth), content_type="application/json")

        assert response.status_code == 400
        assert "limit is 64" in response.json()["detail"]

    def test_nesting_within_the_bound_is_read(self, service_client, service_user):
        conversation = ConversationFactory(created_by=service_user)
        arguments: dict = {"leaf": 1}
        for _ in range(40):
            arguments = {"x": arguments}
        body = {"role": "tool", "content": "", "tool_calls": [{"name": "f", "arguments": arguments}]}

        response = service_client.post(f"{API}{conversation.pk}/turns/", body, format="json")

        assert response.status_code == 201
        assert Turn.objects.get(conversation=conversation).tool_calls == body["tool_calls"]

    def test_tool_calls_nested_past_what_the_body_hash_survived_are_400(self, service_client, service_user):
        # 600 levels was a RecursionError in the body hash: now the bound refuses it first.
        conversation = ConversationFactory(created_by=service_user)
        calls: list = []
        for _ in range(600):
            calls = [calls]
        raw = json.dumps({"role": "tool", "content": "", "tool_calls": calls})

        response = service_client.post(f"{API}{conversation.pk}/turns/", raw, content_type="application/json")

        assert response.status_code == 400
        assert not Turn.objects.exists()

    def test_tool_calls_over_their_size_limit_are_400(self, service_client, service_user, settings):
        settings.MEMADMIN_MAX_TOOL_CALLS_CHARS = 1000
        conversation = ConversationFactory(created_by=service_user)
        body = {"role": "tool", "content": "", "tool_calls": [{"name": "f", "result": "x" * 2000}]}

        response = service_client.post(f"{API}{conversation.pk}/turns/", body, format="json")

        assert response.status_code == 400
        assert "limit is 1000" in json.dumps(response.json())
        assert not Turn.objects.exists()


@pytest.mark.django_db
class TestImportingADeepLine:
    def test_the_line_is_reported_by_number_and_the_rest_imported(self, tmp_path):
        good = {"external_id": "ok-1", "subject_id": "s", "turns": [{"role": "user", "content": "hi"}]}
        other = {**good, "external_id": "ok-2"}
        deep = '{"external_id": "deep", "subject_id": "s", "turns": ' + nested(100_000) + "}"
        path = tmp_path / "in.jsonl"
        path.write_text("\n".join([json.dumps(good), deep, json.dumps(other)]) + "\n")
        err = io.StringIO()

        with pytest.raises(CommandError, match="1 line"):
            call_command("import_conversations", str(path), "--no-progress", stdout=io.StringIO(), stderr=err)

        assert "line 2: JSON nested 100001 levels deep" in err.getvalue()
        assert set(Conversation.objects.values_list("external_id", flat=True)) == {"ok-1", "ok-2"}


# Ids need not exist: the check runs before any view.
QUERY_ROUTES = sorted({"/" + re.sub(r"<(?:\w+:)?\w+>", "1", pattern) for _, pattern in ROUTES})


@pytest.mark.django_db
class TestQueryStrings:
    @pytest.mark.parametrize(
        "query",
        ["external_id=a%00b", "subject_id=%00", "a%00=1", "external_id=%ED%A0%80", "subject_id=%FF"],
    )
    def test_an_unstorable_api_parameter_is_400_json(self, service_client, query):
        response = service_client.get(f"{API}?{query}")

        assert response.status_code == 400
        assert response.json()["code"] == "invalid_query"

    def test_the_dashboard_search_answers_a_nul_with_a_page_that_says_so(self, client, support_user):
        client.force_login(support_user)

        response = client.get("/?q=a%00b")

        assert response.status_code == 400
        assert "NUL" in response.content.decode()
        assert response["Content-Type"].startswith("text/html")

    def test_ordinary_unicode_and_plus_signs_pass(self, service_client, service_user):
        ConversationFactory(created_by=service_user, external_id="café + thé")

        response = service_client.get(f"{API}?external_id=caf%C3%A9+%2B+th%C3%A9")

        assert response.status_code == 200
        assert [c["external_id"] for c in response.json()["results"]] == ["café + thé"]

    @pytest.mark.parametrize("path", QUERY_ROUTES)
    def test_every_route_refuses_a_nul_in_any_parameter(self, client, path):
        assert client.get(f"{path}?anything=%00").status_code == 400
