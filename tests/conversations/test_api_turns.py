import json

import pytest
from django.test import override_settings

from conversations.models import Turn
from tests.factories import ConversationFactory, TurnFactory


@pytest.fixture
def conversation(db, service_user):
    # Written by the chat service, which sees only the conversations it created.
    return ConversationFactory(created_by=service_user)


def turns_url(conversation) -> str:
    return f"/api/v1/conversations/{conversation.pk}/turns/"


def stored(conversation) -> list[tuple[int, str, str]]:
    return list(Turn.objects.for_conversation(conversation).values_list("seq", "role", "content"))


@pytest.mark.django_db
class TestAppendTurn:
    def test_it_assigns_the_next_seq_when_none_is_given(self, service_client, conversation):
        TurnFactory(conversation=conversation, seq=4)

        response = service_client.post(
            turns_url(conversation), {"role": "user", "content": "hi"}, format="json"
        )

        assert response.status_code == 201
        assert response.json()["seq"] == 5
        assert stored(conversation)[-1] == (5, "user", "hi")

    def test_it_keeps_content_exactly_as_sent(self, service_client, conversation):
        content = "  Refund: £147.50 \n\n  (order ORD-48213)  "

        service_client.post(turns_url(conversation), {"role": "user", "content": content}, format="json")

        assert Turn.objects.get().content == content

    def test_a_tool_call_and_its_result_are_one_turn(self, service_client, conversation):
        calls = [
            {
                "id": "call_1",
                "name": "lookup_order",
                "arguments": {"order_id": "ORD-1"},
                "result": {"ok": True},
            }
        ]

        response = service_client.post(
            turns_url(conversation),
            {"role": "assistant", "content": "Let me check.", "tool_calls": calls},
            format="json",
        )

        assert response.status_code == 201
        assert Turn.objects.get().tool_calls == calls

    def test_a_batch_is_stored_in_order(self, service_client, conversation):
        body = {"turns": [{"role": "user", "content": "one"}, {"role": "assistant", "content": "two"}]}

        response = service_client.post(turns_url(conversation), body, format="json")

        assert response.status_code == 201
        assert [t["seq"] for t in response.json()["turns"]] == [1, 2]
        assert stored(conversation) == [(1, "user", "one"), (2, "assistant", "two")]

    def test_a_batch_with_one_bad_turn_stores_nothing(self, service_client, conversation):
        body = {"turns": [{"role": "user", "content": "fine"}, {"role": "robot", "content": "bad role"}]}

        response = service_client.post(turns_url(conversation), body, format="json")

        assert response.status_code == 400
        assert "turns" in response.json()
        assert stored(conversation) == []

    def test_a_batch_with_a_conflict_stores_nothing(self, service_client, conversation):
        TurnFactory(conversation=conversation, seq=1, content="stored")
        body = {
            "turns": [
                {"seq": 2, "role": "user", "content": "new"},
                {"seq": 1, "role": "user", "content": "x"},
            ]
        }

        response = service_client.post(turns_url(conversation), body, format="json")

        assert response.status_code == 409
        assert stored(conversation) == [(1, "user", "stored")]

    def test_an_unknown_conversation_is_404(self, service_client):
        response = service_client.post(
            "/api/v1/conversations/999999/turns/", {"role": "user", "content": "x"}
        )

        assert response.status_code == 404
        assert response.json()["detail"]

    def test_a_turn_needs_content_or_tool_calls(self, service_client, conversation):
        response = service_client.post(
            turns_url(conversation), {"role": "user", "content": ""}, format="json"
        )

        assert response.status_code == 400
        assert stored(conversation) == []


@pytest.mark.django_db
class TestIdempotency:
    def test_a_retry_with_the_same_key_and_body_returns_the_original(self, service_client, conversation):
        body = {"role": "user", "content": "refund please", "idempotency_key": "k-1"}
        first = service_client.post(turns_url(conversation), body, format="json")

        retry = service_client.post(turns_url(conversation), body, format="json")

        assert first.status_code == 201
        assert retry.status_code == 200
        assert retry.json() == first.json()
        assert Turn.objects.count() == 1

    def test_the_same_key_with_another_body_is_409(self, service_client, conversation):
        service_client.post(
            turns_url(conversation),
            {"role": "user", "content": "first", "idempotency_key": "k-1"},
            format="json",
        )

        response = service_client.post(
            turns_url(conversation),
            {"role": "user", "content": "second", "idempotency_key": "k-1"},
            format="json",
        )

        assert response.status_code == 409
        assert response.json()["code"] == "idempotency_key_reused"
        assert response.json()["stored"]["content"] == "first"
        assert stored(conversation) == [(1, "user", "first")]

    def test_a_retried_batch_returns_the_original_turns(self, service_client, conversation):
        body = {
            "turns": [
                {"role": "user", "content": "a", "idempotency_key": "b-1"},
                {"role": "assistant", "content": "b", "idempotency_key": "b-2"},
            ]
        }
        first = service_client.post(turns_url(conversation), body, format="json")

        retry = service_client.post(turns_url(conversation), body, format="json")

        assert retry.status_code == 200
        assert retry.json() == first.json()
        assert Turn.objects.count() == 2


@pytest.mark.django_db
class TestSeqCollisions:
    def test_a_seq_taken_by_a_different_turn_is_409_showing_the_stored_one(
        self, service_client, conversation
    ):
        TurnFactory(conversation=conversation, seq=3, content="the address is 14 Rue des Fleurs")

        response = service_client.post(
            turns_url(conversation), {"seq": 3, "role": "user", "content": "something else"}, format="json"
        )

        assert response.status_code == 409
        assert response.json()["code"] == "seq_taken"
        assert response.json()["stored"]["content"] == "the address is 14 Rue des Fleurs"
        assert stored(conversation) == [(3, "user", "the address is 14 Rue des Fleurs")]

    def test_the_same_turn_at_its_seq_is_a_retry(self, service_client, conversation):
        turn = TurnFactory(conversation=conversation, seq=3, content="hello")

        response = service_client.post(
            turns_url(conversation), {"seq": 3, "role": "user", "content": "hello"}, format="json"
        )

        assert response.status_code == 200
        assert response.json()["id"] == turn.pk

    def test_a_seq_before_the_last_one_is_409(self, service_client, conversation):
        TurnFactory(conversation=conversation, seq=10)

        response = service_client.post(
            turns_url(conversation), {"seq": 7, "role": "user", "content": "late"}, format="json"
        )

        assert response.status_code == 409
        assert response.json()["code"] == "seq_out_of_order"
        assert response.json()["last_seq"] == 10
        assert Turn.objects.count() == 1

    def test_seqs_may_leave_gaps(self, service_client, conversation):
        TurnFactory(conversation=conversation, seq=1)

        response = service_client.post(
            turns_url(conversation), {"seq": 5, "role": "user", "content": "later"}, format="json"
        )

        assert response.status_code == 201
        assert response.json()["seq"] == 5


@pytest.mark.django_db
class TestBadInput:
    def post_raw(self, client, conversation, raw: bytes):
        return client.generic("POST", turns_url(conversation), raw, content_type="application/json")

    def test_a_nul_byte_in_content_is_400(self, service_client, conversation):
        response = service_client.post(
            turns_url(conversation), {"role": "user", "content": "a\x00b"}, format="json"
        )

        assert response.status_code == 400
        assert "content" in response.json()
        assert stored(conversation) == []

    def test_a_nul_byte_inside_tool_calls_is_400(self, service_client, conversation):
        calls = [{"name": "lookup", "result": {"note": "bad\x00value"}}]

        response = service_client.post(
            turns_url(conversation), {"role": "assistant", "content": "x", "tool_calls": calls}, format="json"
        )

        assert response.status_code == 400
        assert "NUL" in json.dumps(response.json())
        assert stored(conversation) == []

    def test_a_lone_surrogate_in_content_is_400(self, service_client, conversation):
        response = self.post_raw(
            service_client, conversation, b'{"role": "user", "content": "bad \\ud800 text"}'
        )

        assert response.status_code == 400
        assert "content" in response.json()
        assert stored(conversation) == []

    def test_a_lone_surrogate_in_a_tool_result_is_400(self, service_client, conversation):
        raw = b'{"role": "assistant", "content": "x", "tool_calls": [{"result": "\\udfff"}]}'

        response = self.post_raw(service_client, conversation, raw)

        assert response.status_code == 400
        assert "surrogate" in json.dumps(response.json())
        assert stored(conversation) == []

    def test_invalid_utf8_is_a_json_400(self, service_client, conversation):
        response = self.post_raw(service_client, conversation, b'{"role": "user", "content": "\xff\xfe"}')

        assert response.status_code == 400
        assert response.json()["detail"]
        assert stored(conversation) == []

    def test_malformed_json_is_a_json_400(self, service_client, conversation):
        response = self.post_raw(service_client, conversation, b'{"role": "user", "content": ')

        assert response.status_code == 400
        assert response.json()["detail"]

    @override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=10_000)
    def test_an_oversized_body_is_413_json_and_stores_nothing(self, service_client, conversation):
        response = service_client.post(
            turns_url(conversation), {"role": "user", "content": "x" * 20_000}, format="json"
        )

        assert response.status_code == 413
        assert response.json()["code"] == "too_large"
        assert "10000" in response.json()["detail"]
        assert stored(conversation) == []

    @override_settings(MEMADMIN_MAX_TURN_CHARS=100)
    def test_content_over_the_turn_limit_is_400(self, service_client, conversation):
        response = service_client.post(
            turns_url(conversation), {"role": "user", "content": "x" * 101}, format="json"
        )

        assert response.status_code == 400
        assert "limit is 100" in response.json()["content"][0]

    def test_an_unknown_role_is_400(self, service_client, conversation):
        response = service_client.post(
            turns_url(conversation), {"role": "robot", "content": "x"}, format="json"
        )

        assert response.status_code == 400
        assert "role" in response.json()

    def test_a_staff_member_cannot_append(self, api_client_for, support_user, conversation):
        response = api_client_for(support_user).post(
            turns_url(conversation), {"role": "user", "content": "x"}, format="json"
        )

        assert response.status_code == 403
        assert stored(conversation) == []


@pytest.mark.django_db
class TestListTurns:
    def test_it_pages_through_the_turns_in_order(self, service_client, conversation):
        for seq in range(1, 8):
            TurnFactory(conversation=conversation, seq=seq)

        first = service_client.get(turns_url(conversation), {"page_size": 5}).json()
        second = service_client.get(first["next"]).json()

        assert [t["seq"] for t in first["results"]] == [1, 2, 3, 4, 5]
        assert [t["seq"] for t in second["results"]] == [6, 7]
        assert second["next"] is None

    def test_it_lists_only_this_conversations_turns(self, service_client, conversation):
        TurnFactory(conversation=conversation, seq=1, content="mine")
        TurnFactory(seq=1, content="someone else's")

        results = service_client.get(turns_url(conversation)).json()["results"]

        assert [t["content"] for t in results] == ["mine"]

    def test_support_staff_can_read_turns(self, api_client_for, support_user, conversation):
        TurnFactory(conversation=conversation, seq=1)

        assert api_client_for(support_user).get(turns_url(conversation)).status_code == 200
