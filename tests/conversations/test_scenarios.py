"""The evaluation scenarios of the seed "context layers and corrections", end to end through the API.

Each one appends turns the way the chat service does, lets the derived layers
refresh, then asks for the assembled context and checks what reached the
model. They run twice: in-process after each commit (as without a broker),
and through a real Celery worker on Redis.
"""

from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.db.models import Max
from django.utils import timezone

from conversations.assembly import context_assemble
from conversations.memory import boundary_watermark
from conversations.models import Conversation, MemoryState, RefreshRun, Turn, TurnIndexEntry
from facts.models import PinnedFact
from tests.celery_worker import wait_for

SCENARIO_SETTINGS = {"MEMADMIN_REFRESH_EVERY": 4, "MEMADMIN_RECENT_TURNS": 4, "MEMADMIN_RETRIEVE_K": 3}


@pytest.fixture(autouse=True)
def _small_windows(settings):
    for name, value in SCENARIO_SETTINGS.items():
        setattr(settings, name, value)


@pytest.fixture
def worker_settings() -> dict[str, str]:
    return {name: str(value) for name, value in SCENARIO_SETTINGS.items()}


class Chat:
    """The chat service: create conversations, append turns, ask for context."""

    def __init__(self, client, after_append):
        self.client = client
        self.after_append = after_append

    def conversation(self, external_id: str, subject_id: str = "cust-42") -> int:
        response = self.client.post(
            "/api/v1/conversations/", {"external_id": external_id, "subject_id": subject_id}, format="json"
        )
        assert response.status_code in (200, 201), response.content
        return response.json()["id"]

    def say(self, conversation_id: int, *turns: tuple[str, str], at=None) -> None:
        for role, content in turns:
            body = {"role": role, "content": content}
            if at is not None:
                body["created_at"] = at.isoformat()
            with self.after_append(conversation_id):
                response = self.client.post(
                    f"/api/v1/conversations/{conversation_id}/turns/", body, format="json"
                )
            assert response.status_code == 201, response.content

    def context(self, conversation_id: int, message: str) -> dict:
        response = self.client.post(
            f"/api/v1/conversations/{conversation_id}/context/", {"message": message}, format="json"
        )
        assert response.status_code == 201, response.content
        return response.json()


@pytest.fixture
def chat(service_client, django_capture_on_commit_callbacks):
    """In-process: the derived layers refresh right after each append commits."""
    return Chat(service_client, lambda conversation_id: django_capture_on_commit_callbacks(execute=True))


@pytest.fixture
def chat_through_worker(service_client, worker):
    """Through the worker: each append is followed by waiting until the worker has caught up."""

    @contextmanager
    def caught_up(conversation_id: int):
        yield
        wait_for(
            lambda: _derived(conversation_id), message=f"the worker to derive conversation {conversation_id}"
        )

    return Chat(service_client, caught_up)


def _derived(conversation_id: int) -> bool:
    """Every turn indexed, and the refresh due at the last boundary committed."""
    turns = Turn.objects.filter(conversation_id=conversation_id)
    if TurnIndexEntry.objects.filter(conversation_id=conversation_id).count() < turns.count():
        return False
    due = boundary_watermark(turns.aggregate(last=Max("seq"))["last"] or 0)
    state = MemoryState.objects.filter(conversation_id=conversation_id).first()
    return due == 0 or (state is not None and state.summary_upto_seq >= due)


def contents(snapshot: dict) -> list[str]:
    return [m["content"] for m in snapshot["messages"]]


def layer_message(snapshot: dict, heading: str) -> str:
    return next((m["content"] for m in snapshot["messages"] if m["content"].startswith(heading)), "")


class Scenarios:
    """Scenarios 1 to 3; run by the two classes below, in-process and through a worker."""

    def test_a_corrected_fact_replaces_the_earlier_one(self, chat):
        conversation = chat.conversation("brussels-lisbon")
        chat.say(
            conversation,
            ("user", "Hi, I work in Brussels and I'm looking for a coworking desk."),
            ("assistant", "Happy to help. We have spaces in several cities."),
            ("user", "I need a monthly plan, ideally with a locker."),
            ("assistant", "The monthly plan includes a locker for €35."),
            ("user", "Great, thanks for the details."),
            ("assistant", "You're welcome."),
            ("user", "Quick update: I've moved to Lisbon last month."),
            ("assistant", "Thanks for letting me know, I've noted that you are now in Lisbon."),
        )

        snapshot = chat.context(conversation, "Can you suggest a coworking space near where I live?")

        facts = layer_message(snapshot, "Pinned facts")
        assert "Lisbon" in facts
        assert "Brussels" not in facts
        static = layer_message(snapshot, "Durable summary")
        assert "Lisbon" in static
        assert "Brussels" not in static
        # The old city reaches the model only as the words of turn 1, labelled as an earlier turn.
        retrieved = layer_message(snapshot, "Earlier in this conversation")
        assert all("Brussels" not in text for text in contents(snapshot) if text != retrieved)
        for excerpt in retrieved.split("\n\n")[1:]:
            if "Brussels" in excerpt:
                assert excerpt.startswith("[earlier in this conversation, turn 1]\nuser: "), excerpt
        brussels = PinnedFact.objects.get(value="Brussels")
        assert brussels.status == PinnedFact.Status.SUPERSEDED
        assert brussels.superseded_by.value == "Lisbon"

    def test_a_temporary_preference_has_its_end_and_is_gone_after_it(self, chat):
        conversation = chat.conversation("travelling")
        monday = timezone.now() - timedelta(days=timezone.now().weekday())
        chat.say(
            conversation,
            ("user", "Please call me on my landline for updates, that works best."),
            ("assistant", "Noted, we'll call your landline."),
            ("user", "I'm travelling this week, text me instead of calling."),
            ("assistant", "Understood, we'll text you this week."),
            at=monday,
        )

        snapshot = chat.context(conversation, "Any news on my case?")

        preference = PinnedFact.objects.get(status=PinnedFact.Status.TEMPORARY)
        assert "text me instead of calling" in preference.value
        sunday = (monday + timedelta(days=6)).date()
        assert preference.temporary_until == sunday
        assert f"temporary, until {sunday:%Y-%m-%d}" in layer_message(snapshot, "Pinned facts")
        assert "text me" not in layer_message(snapshot, "Durable summary")

        later = context_assemble(
            conversation=Conversation.objects.get(pk=conversation),
            message="Any news on my case?",
            today=sunday + timedelta(days=1),
        )

        facts = next(m["content"] for m in later.messages if m["content"].startswith("Pinned facts"))
        assert "text me" not in facts
        assert "text me" not in next(
            (m["content"] for m in later.messages if m["content"].startswith("Durable summary")), ""
        )

    def test_nothing_crosses_between_two_conversations_of_one_subject(self, chat):
        laptop = chat.conversation("laptop-refund", subject_id="cust-257")
        tv = chat.conversation("tv-mounting", subject_id="cust-257")
        chat.say(
            laptop,
            ("user", "My laptop order ORD-11111 arrived broken, I want a refund of £899.00."),
            ("assistant", "Sorry to hear that. I've opened case CASE-55501 for the laptop."),
            ("user", "Please send the refund to my card."),
            ("assistant", "I'll process the £899.00 refund within 5 working days."),
        )
        chat.say(
            tv,
            ("user", "I booked TV wall mounting under order ORD-22222 for 24 March 2026."),
            ("assistant", "Confirmed, the technician visit for ORD-22222 is booked."),
            ("user", "The wall is brick, is that fine?"),
            ("assistant", "Yes, the fitter brings brick anchors; the fee is £79.00."),
        )

        snapshot = chat.context(laptop, "What happened with ORD-22222 and the wall mounting fee of £79.00?")

        everything = "\n".join(contents(snapshot))
        for other in ("ORD-22222", "£79.00", "brick", "technician"):
            assert everything.count(other) == snapshot["message"].count(other), other
        assert "ORD-11111" in everything
        assert not PinnedFact.objects.filter(
            conversation_id=laptop, value__in=["ORD-22222", "£79.00"]
        ).exists()


@pytest.mark.django_db
class TestScenariosInProcess(Scenarios):
    pass


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
class TestScenariosThroughAWorker(Scenarios):
    @pytest.fixture
    def chat(self, chat_through_worker):
        return chat_through_worker


@pytest.mark.django_db
class TestFailedRefreshThenNormalTurn:
    def test_a_failing_summary_refresh_is_followed_by_a_normal_turn_and_assembly(
        self, chat, fake_openai, settings
    ):
        from memadmin.providers import get_provider

        settings.MEMADMIN_PROVIDER = "openai"
        settings.OPENAI_BASE_URL = fake_openai.base_url
        settings.OPENAI_API_KEY = "test-key"
        settings.MEMADMIN_PROVIDER_TIMEOUT = 2
        get_provider.cache_clear()
        try:
            conversation = chat.conversation("failing-refresh")
            # Nothing is queued on the fake server, so every model call gets a 500.
            chat.say(
                conversation,
                ("user", "My order ORD-48213 has not arrived."),
                ("assistant", "Let me check that for you."),
                ("user", "It was due on 14 March 2026."),
                ("assistant", "I can see it is delayed at the depot."),
            )
            run = RefreshRun.objects.get(conversation_id=conversation)
            assert run.outcome == RefreshRun.Outcome.FAILED
            assert run.error

            chat.say(conversation, ("user", "So when will ORD-48213 arrive?"))
            snapshot = chat.context(conversation, "So when will ORD-48213 arrive?")
        finally:
            get_provider.cache_clear()

        texts = contents(snapshot)
        assert texts[-1] == "So when will ORD-48213 arrive?"
        assert texts[:-1].count("So when will ORD-48213 arrive?") == 1  # the new turn, in the recent window
        # The embedder is down too, yet the turn that holds the order number is retrieved lexically.
        retrieved = layer_message(snapshot, "Earlier in this conversation")
        assert (
            "[earlier in this conversation, turn 1]\nuser: My order ORD-48213 has not arrived." in retrieved
        )
        assert snapshot["token_counts"]["recent"] > 0
