import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from conversations.demo import QUEUE_COUNT, TWO_ANNOTATORS_ID
from conversations.models import ContextSnapshot, Conversation, MemoryState, Summary, Turn, TurnIndexEntry
from facts.models import GoldFact
from memadmin.models import PendingTask
from memadmin.permissions import Role, user_roles
from privacy.forget import forget_request_approve
from privacy.models import ForgetRequest
from qa.models import GoldSet, LabelSet
from qa.queue import queue_rows
from qa.services import agreement_of, gold_set_adjudicate, may_adjudicate


def seed() -> str:
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
class TestSeedDemo:
    def test_it_loads_the_demo_conversations_with_labels(self):
        seed()

        assert Conversation.objects.count() == 50 + QUEUE_COUNT
        long = Conversation.objects.get(external_id="demo-long-240-address-change")
        assert Turn.objects.for_conversation(long).count() == 240
        assert GoldFact.objects.exists()

    def test_without_a_broker_the_demo_is_derived_before_the_command_exits(self, settings):
        # The default without REDIS_URL: a worker thread of the process that recorded the work,
        # which dies with a command; the command must not leave the dashboard an empty queue.
        settings.MEMADMIN_TASKS = "thread"

        seed()

        long = Conversation.objects.get(external_id="demo-long-240-address-change")
        assert MemoryState.objects.get(conversation=long).facts_upto_seq == 240
        assert Summary.objects.filter(conversation=long, kind="rolling").exists()
        assert TurnIndexEntry.objects.count() == Turn.objects.count()
        assert not PendingTask.objects.exists()

    def test_running_it_again_changes_nothing(self):
        seed()
        turns, snapshots = Turn.objects.count(), ContextSnapshot.objects.count()

        output = seed()

        assert (Turn.objects.count(), ContextSnapshot.objects.count()) == (turns, snapshots)
        assert "0 conversations created" in output

    def test_support_finds_what_reached_the_model_on_the_long_conversation(self, client, settings):
        settings.MEMADMIN_TASKS = "thread"
        seed()
        long = Conversation.objects.get(external_id="demo-long-240-address-change")
        snapshot, following = ContextSnapshot.objects.filter(conversation=long).order_by("pk")

        # Assembled after the derived layers: the new address is pinned, the summaries are in.
        assert {"static_summary", "rolling_summary", "pinned_facts", "recent"} <= set(snapshot.token_counts)
        assert snapshot.layers["facts_upto_seq"] == 240 and snapshot.upto_seq == 240
        assert "118 Station Road" in str(snapshot.messages)

        client.force_login(get_user_model().objects.get(username="support"))
        page = client.get(f"/conversations/{long.pk}/snapshots/{snapshot.pk}/")
        assert page.status_code == 200
        assert "which address the bookshelf is going to" in page.content.decode()
        # The next call on the same memory shares the start of its array: a cacheable prefix.
        page = client.get(f"/conversations/{long.pk}/snapshots/{following.pk}/")
        assert "a cacheable prefix" in page.content.decode()

    def test_each_documented_user_signs_in_with_its_role(self, client):
        output = seed()

        for username, password, role in [
            ("support", "support-demo", Role.SUPPORT),
            ("qa", "qa-demo", Role.QA),
            ("qa2", "qa2-demo", Role.QA),
            ("privacy", "privacy-demo", Role.PRIVACY),
            ("privacy2", "privacy2-demo", Role.PRIVACY),
            ("admin", "admin-demo", Role.ADMIN),
        ]:
            signed_in = client.post("/login/", {"username": username, "password": password})
            assert signed_in.status_code == 302, username
            assert client.get("/").status_code == 200
            assert user_roles(get_user_model().objects.get(username=username)) == {role}
            # Django's admin site opens to the administrator alone.
            assert client.get("/admin/").status_code == (200 if role == Role.ADMIN else 302), username
            client.post("/logout/")
        # The printed chat-service token reads the demo conversations it is shown as having written.
        key = output.split("chat service API token: ")[1].split()[0]
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        assert api.get("/api/v1/conversations/", {"external_id": "demo-001"}).json()["results"]

    def test_the_customer_who_asked_to_be_forgotten_has_a_request_a_second_officer_can_approve(self):
        seed()
        seed()

        request = ForgetRequest.objects.get()
        assert request.status == ForgetRequest.Status.AWAITING
        assert request.requested_by.username == "privacy"
        said = Turn.objects.filter(conversation_id=request.conversation_id, seq__in=request.turn_seqs)
        assert len(request.turn_seqs) == 2
        assert any("card number" in turn.content for turn in said)
        assert any("old address" in turn.content for turn in said)

        approved = forget_request_approve(
            request=request, actor=get_user_model().objects.get(username="privacy2")
        )

        assert approved.status == ForgetRequest.Status.APPROVED
        assert approved.decided_by.username == "privacy2"

    def test_the_qa_queue_has_work_and_one_conversation_awaits_adjudication(self):
        seed()
        seed()
        users = {u.username: u for u in get_user_model().objects.filter(username__in=["qa", "qa2", "admin"])}

        to_label = list(queue_rows(user=users["qa"], shown="to-label").values_list("external_id", flat=True))
        assert len(to_label) == QUEUE_COUNT - 1 and all(e.startswith("demo-queue-") for e in to_label)
        assert list(
            queue_rows(user=users["admin"], shown="to-adjudicate").values_list("external_id", flat=True)
        ) == [TWO_ANNOTATORS_ID]
        two = Conversation.objects.get(external_id=TWO_ANNOTATORS_ID)
        sets = LabelSet.objects.filter(conversation=two, submitted_at__isnull=False)
        assert sorted(s.annotator.username for s in sets) == ["qa", "qa2"]
        agreement = agreement_of(two)
        assert agreement is not None and 0 < agreement.as_dict()["rate"] < 1  # they disagree on some
        assert not may_adjudicate(two, users["qa"]) and not may_adjudicate(two, users["qa2"])
        assert may_adjudicate(two, users["admin"])

        keep = [label.pk for s in sets for label in s.labels.all() if s.annotator.username == "qa"]
        gold = gold_set_adjudicate(conversation=two, actor=users["admin"], keep=keep, note="demo")
        assert gold.origin == GoldSet.Origin.ADJUDICATED
