"""Concurrent clients against the real PostgreSQL: each thread has its own connection and transaction."""

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.db.models import Count
from django.utils import timezone
from rest_framework.test import APIClient

from conversations.memory import memory_state, turns_appended
from conversations.models import Conversation, MemoryState, RefreshRun, Summary, Turn
from facts.models import PinnedFact
from memadmin.models import AuditEntry, PendingTask
from memadmin.tasks import run_pending
from tests.conftest import api_token_for
from tests.factories import ConversationFactory, TurnFactory

pytestmark = pytest.mark.django_db(transaction=True)


def all_at_once(count: int, call) -> list:
    """Run ``call(i)`` in ``count`` threads released together; return the results in order."""
    barrier = threading.Barrier(count)

    def one(index: int):
        try:
            barrier.wait(timeout=30)
            return call(index)
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(one, range(count)))


def drain_tasks() -> None:
    """Run the work the requests left (some of it waiting out a backoff) until none is left."""
    for _ in range(50):
        due = {"run_after": timezone.now(), "claimed_until": None}
        PendingTask.objects.filter(failed_at__isnull=True).update(**due)
        if not run_pending():
            break
    assert not PendingTask.objects.exists()


@pytest.fixture
def service_token(service_user) -> str:
    return api_token_for(service_user)


def token_client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


# Said again and again by different turns: the facts they carry must be pinned once.
FACT_LINES = [
    "My email is dana.reyes@example.com, please use that one.",
    "I live in Porto now.",
    "My phone number is +351 912 345 678.",
    "My order number is ORD-48213.",
]


class TestFiftyAppendsToOneConversation:
    def test_every_turn_gets_its_own_seq_with_no_gaps_and_facts_are_pinned_once(
        self, service_token, service_user, settings
    ):
        settings.MEMADMIN_REFRESH_EVERY = 10
        conversation = ConversationFactory(created_by=service_user)
        url = f"/api/v1/conversations/{conversation.pk}/turns/"

        def append(index: int):
            body = {
                "role": "user",
                "content": f"Message {index}. {FACT_LINES[index % len(FACT_LINES)]}",
                "idempotency_key": f"append-{index}",
            }
            response = token_client(service_token).post(url, body, format="json")
            return response.status_code, response.json()

        results = all_at_once(50, append)

        assert [status for status, _ in results] == [201] * 50, results
        seqs = sorted(body["seq"] for _, body in results)
        assert seqs == list(range(1, 51))
        stored = dict(Turn.objects.filter(conversation=conversation).values_list("idempotency_key", "seq"))
        assert stored == {body["idempotency_key"]: body["seq"] for _, body in results}

        drain_tasks()
        state = MemoryState.objects.get(conversation=conversation)
        assert state.summary_upto_seq == 50
        live = PinnedFact.objects.filter(conversation=conversation).exclude(status="superseded")
        assert live.exists()
        duplicates = live.values("type", "key", "value").annotate(n=Count("id")).filter(n__gt=1)
        assert list(duplicates) == []
        # Every boundary refresh that ran committed onto the one before it.
        runs = RefreshRun.objects.filter(conversation=conversation, outcome=RefreshRun.Outcome.COMMITTED)
        assert sorted(runs.values_list("committed_version", flat=True)) == list(range(1, state.version + 1))


class TestTenRefreshRequestsAtOnce:
    def test_they_join_one_job_and_the_watermark_only_moves_forwards(self, support_user, settings):
        settings.MEMADMIN_REFRESH_EVERY = 10
        conversation = ConversationFactory()
        for seq in range(1, 26):
            TurnFactory(conversation=conversation, seq=seq, content=f"Turn {seq}: order ORD-{seq:05d}.")
        turns_appended(conversation_id=conversation.pk)
        assert memory_state(conversation).summary_upto_seq == 20
        # A refresh is computing while ten people ask for a re-summarise.
        held = timezone.now() + timezone.timedelta(minutes=5)
        MemoryState.objects.filter(conversation=conversation).update(
            refresh_lease_until=held, refresh_lease_holder="another-worker"
        )
        clients = []
        for _ in range(10):
            client = APIClient()
            client.force_login(support_user)
            clients.append(client)

        def request(index: int):
            response = clients[index].post(
                f"/api/v1/conversations/{conversation.pk}/refresh/",
                {"reason": f"re-summarise, ask {index}", "kinds": ["rolling"]},
                format="json",
            )
            return response.status_code, response.json()

        results = all_at_once(10, request)

        assert [status for status, _ in results] == [202] * 10, results
        assert len({body["id"] for _, body in results}) == 1
        run = RefreshRun.objects.get(conversation=conversation, trigger=RefreshRun.Trigger.ON_DEMAND)
        assert PendingTask.objects.count() == 1
        # Every ask is in the audit log, naming the one run.
        entries = AuditEntry.objects.filter(action="memadmin.memory.refresh_requested")
        assert sorted(entry.after["refresh_run"] for entry in entries) == [run.pk] * 10

        MemoryState.objects.filter(conversation=conversation).update(refresh_lease_until=None)
        drain_tasks()

        run.refresh_from_db()
        assert (run.outcome, run.started_version, run.committed_version) == ("committed", 1, 2)
        state = MemoryState.objects.get(conversation=conversation)
        assert (state.version, state.summary_upto_seq) == (2, 25)
        rolling = Summary.objects.filter(conversation=conversation, kind="rolling").order_by("version")
        watermarks = list(rolling.values_list("upto_seq", flat=True))
        assert watermarks == sorted(watermarks) == [20, 25]


class TestTenCreatesWithOneExternalId:
    def test_one_conversation_is_created_and_every_caller_gets_it(self, service_token):
        def create(index: int):
            response = token_client(service_token).post(
                "/api/v1/conversations/",
                {"external_id": "chat-7781", "subject_id": "cust-12", "title": f"try {index}"},
                format="json",
            )
            return response.status_code, response.json()

        results = all_at_once(10, create)

        assert Counter(status for status, _ in results) == {201: 1, 200: 9}, results
        assert len({body["id"] for _, body in results}) == 1
        assert Conversation.objects.filter(external_id="chat-7781").count() == 1
