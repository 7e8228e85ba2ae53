"""What a refresh reads is bounded by its window, not by the length of the conversation."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from conversations.assembly import context_assemble
from conversations.memory import memory_rebuild, turns_appended
from conversations.models import MemoryState, Summary, TurnIndexEntry
from memadmin.providers.extractive import static_summary
from memadmin.providers.openai_provider import OpenAIProvider
from tests.factories import ConversationFactory, TurnFactory


def add_turns(
    conversation, first: int, last: int, content="Turn {seq}: I live in Leeds and my order is ORD-{seq:05d}."
):
    for seq in range(first, last + 1):
        role = "user" if seq % 2 else "assistant"
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content.format(seq=seq))


@pytest.fixture
def conversation(db, settings, service_user):
    settings.MEMADMIN_REFRESH_EVERY = 4
    return ConversationFactory(created_by=service_user)


@pytest.fixture
def provider(fake_openai):
    fake_openai.reply_embeddings(lambda inputs: [[0.1, 0.2, 0.3] for _ in inputs])
    fake_openai.reply_chat(lambda body: '{"facts": []}' if "extract" in str(body).lower() else "a summary")
    return OpenAIProvider(
        base_url=fake_openai.base_url,
        api_key="k",
        summary_model="summary-model",
        extraction_model="extraction-model",
        embedding_model="embedding-model",
        max_retries=0,
        timeout=5,
    )


def summary_requests(fake_openai, kind: str) -> list[str]:
    """The user messages of the chat calls that wrote the ``kind`` summary, in order."""
    marker = "rolling summary" if kind == "rolling" else "durable profile"
    return [
        r.body["messages"][1]["content"]
        for r in fake_openai.requests_to("chat/completions")
        if marker in r.body["messages"][0]["content"]
    ]


@pytest.mark.django_db
class TestWhatARefreshReads:
    def test_the_static_summary_folds_only_the_new_turns_into_the_previous_one(
        self, conversation, provider, fake_openai
    ):
        add_turns(conversation, 1, 4)
        turns_appended(conversation_id=conversation.pk, provider=provider)
        add_turns(conversation, 5, 8)

        turns_appended(conversation_id=conversation.pk, provider=provider)

        second = summary_requests(fake_openai, "static")[-1]
        assert "<previous_summary>\na summary\n</previous_summary>" in second
        assert "[turn 5]" in second and "[turn 8]" in second
        assert "[turn 4]" not in second

    def test_the_rolling_summary_reads_its_window(self, conversation, provider, fake_openai, settings):
        settings.MEMADMIN_ROLLING_WINDOW = 3
        add_turns(conversation, 1, 8)

        turns_appended(conversation_id=conversation.pk, provider=provider)

        rolling = summary_requests(fake_openai, "rolling")[-1]
        assert [f"[turn {seq}]" in rolling for seq in range(1, 9)] == [False] * 5 + [True] * 3

    def test_a_rebuild_reads_every_turn_in_chunks_that_fit(
        self, conversation, provider, fake_openai, settings
    ):
        settings.MEMADMIN_SUMMARY_CHUNK_TOKENS = 200
        add_turns(conversation, 1, 8, content="Turn {seq}: " + "the parcel was left at the depot again. " * 8)

        memory_rebuild(conversation_id=conversation.pk, provider=provider)

        static = summary_requests(fake_openai, "static")
        assert len(static) >= 3
        assert all(request.count("[turn ") <= 2 for request in static)
        assert "[turn 1]" in static[0] and "[turn 8]" in static[-1]
        assert "<previous_summary>\na summary\n</previous_summary>" in static[-1]


@pytest.mark.django_db
class TestTheLocalStaticSummary:
    def test_folded_at_each_boundary_it_says_what_reading_every_turn_says(self, conversation):
        said = [
            "My name is Ana Souza and my email is ana.souza@example.com.",
            "Thanks, noted.",
            "I live in Lisbon.",
            "Noted.",
            "I prefer email to phone calls.",
            "Understood.",
            "This week text me on 07700 900123 instead.",
            "Will do.",
            "I've moved to Porto, 12 Rua Augusta.",
            "Updated.",
            "My order is ORD-48213.",
            "Thanks.",
        ]
        for seq, text in enumerate(said, start=1):
            TurnFactory(
                conversation=conversation, seq=seq, role="user" if seq % 2 else "assistant", content=text
            )
            turns_appended(conversation_id=conversation.pk)  # boundaries at 4, 8 and 12

        folded = Summary.objects.filter(conversation=conversation, kind="static").order_by("-version").first()
        assert folded.upto_seq == 12
        whole = static_summary([t.as_text() for t in conversation.turns.order_by("seq")])
        assert folded.body == whole
        assert "ana.souza@example.com" in folded.body and "Porto" in folded.body


@pytest.mark.django_db
class TestDiscussedButNotCaptured:
    def test_it_is_found_at_refresh_and_read_without_scanning_the_turns(self, conversation):
        add_turns(conversation, 1, 4, content="Turn {seq}: about the refund we talked about.")
        turns_appended(conversation_id=conversation.pk)
        assert MemoryState.objects.get(conversation=conversation).topic_mentions["refund amount"] == [1, 2, 3]

        with CaptureQueriesContext(connection) as queries:
            snapshot = context_assemble(conversation=conversation, message="hello")

        snapshot.refresh_from_db()
        assert snapshot.layers["uncaptured_topics"] == [["refund amount", [1, 2, 3]]]
        assert not [q["sql"] for q in queries if "~*" in q["sql"]]


@pytest.mark.django_db
class TestIndexingAnAppend:
    def test_it_indexes_the_turns_just_stored_not_every_unindexed_one(
        self, conversation, service_client, django_capture_on_commit_callbacks
    ):
        add_turns(conversation, 1, 4)
        turns_appended(conversation_id=conversation.pk)
        TurnIndexEntry.objects.filter(conversation=conversation, seq=2).delete()

        with django_capture_on_commit_callbacks(execute=True):
            response = service_client.post(
                f"/api/v1/conversations/{conversation.pk}/turns/",
                {"role": "user", "content": "hi"},
                format="json",
            )

        assert response.status_code == 201
        indexed = TurnIndexEntry.objects.filter(conversation=conversation).order_by("seq")
        assert list(indexed.values_list("seq", flat=True)) == [1, 3, 4, 5]
        assert Summary.objects.filter(conversation=conversation, upto_seq=4).count() == 2
