"""Arbitrary unicode through the API: stored and read back exactly as sent, or a clean 400 that says why.

Hypothesis draws text from every code point (NUL, lone surrogates, controls,
astral planes, whitespace at the ends) and free-form JSON for tool calls.
A 400 must name the field at fault and leave nothing stored; anything
accepted must come back byte for byte.
"""

import itertools
import json
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conversations.models import Conversation, Turn
from tests.factories import ConversationFactory

pytestmark = pytest.mark.django_db

# Every code point, surrogates included (JSON can carry them as \\u escapes).
any_char = st.characters(codec=None, categories=None)
any_text = st.text(any_char, max_size=40)
json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | any_text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(any_text, children, max_size=4),
    max_leaves=12,
)
tool_calls = st.none() | st.lists(json_value, max_size=3) | st.dictionaries(any_text, json_value, max_size=3)

hostile = settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def unstorable(value) -> bool:
    """Text PostgreSQL cannot store (NUL) or that is not unicode (a lone surrogate), anywhere inside."""
    if isinstance(value, str):
        return "\x00" in value or any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, dict):
        return any(unstorable(k) or unstorable(v) for k, v in value.items())
    if isinstance(value, list):
        return any(unstorable(v) for v in value)
    return False


def refused_for_a_reason(response, fields: dict) -> None:
    """A clean 400: JSON naming only fields whose value breaks a stated rule."""
    assert response.status_code == 400, response.content
    errors = response.json()
    assert errors and isinstance(errors, dict)
    for name in errors:
        value = fields.get(name)
        assert name in fields, errors
        blank = value in (None, [], {}) or (isinstance(value, str) and not value.strip())
        assert unstorable(value) or blank or len(value) > 200, (name, value, errors)


def as_json_values(value):
    """``value`` as JSON means it: numbers by decimal value (jsonb gives 6.0e16 back as 60000000000000000)."""
    return json.loads(json.dumps(value), parse_float=Decimal, parse_int=Decimal)


def post_json(client, url: str, body: dict):
    # Encoded here with \\u escapes, as a client in another language may send a lone surrogate.
    return client.post(url, json.dumps(body), content_type="application/json")


counter = itertools.count()


class TestConversationIds:
    @hostile
    @given(external_id=any_text, subject_id=any_text, title=any_text)
    def test_round_trip_or_400(self, service_client, external_id, subject_id, title):
        external_id = f"{next(counter)}:{external_id}"  # one new conversation per example
        before = Conversation.objects.count()
        sent = {"external_id": external_id, "subject_id": subject_id, "title": title}

        response = post_json(service_client, "/api/v1/conversations/", sent)

        if response.status_code == 400:
            refused_for_a_reason(response, sent)
            assert Conversation.objects.count() == before
            return
        assert response.status_code == 201, response.content
        stored = service_client.get(f"/api/v1/conversations/{response.json()['id']}/").json()
        assert {key: stored[key] for key in sent} == sent
        found = service_client.get("/api/v1/conversations/", {"external_id": external_id}).json()
        assert [c["id"] for c in found["results"]] == [stored["id"]]


class TestTurns:
    @hostile
    @given(content=any_text, calls=tool_calls, key=st.none() | any_text)
    def test_round_trip_or_400(self, service_client, service_user, content, calls, key):
        conversation = ConversationFactory(created_by=service_user)
        url = f"/api/v1/conversations/{conversation.pk}/turns/"
        sent = {"role": "user", "content": content, "tool_calls": calls, "idempotency_key": key}

        response = post_json(service_client, url, sent)

        if response.status_code == 400:
            refused_for_a_reason(response, {**sent, "non_field_errors": content or calls})
            assert not Turn.objects.filter(conversation=conversation).exists()
            return
        assert response.status_code == 201, response.content
        (stored,) = service_client.get(url).json()["results"]
        assert as_json_values({name: stored[name] for name in sent}) == as_json_values(sent)
        # A retry with the same key and body is the same turn, however odd the key.
        if key is not None:
            again = post_json(service_client, url, sent)
            assert (again.status_code, again.json()["id"]) == (200, stored["id"])
