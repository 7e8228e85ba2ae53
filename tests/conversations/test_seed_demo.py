import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db.models import F, Value
from django.db.models.functions import Concat
from rest_framework.test import APIClient

from conversations.demo import QUEUE_COUNT, TWO_ANNOTATORS_ID
from conversations.models import ContextSnapshot, Conversation, MemoryState, Summary, Turn, TurnIndexEntry
from facts.models import GoldFact
from memadmin.models import AuditEntry, PendingTask
from memadmin.permissions import Role, user_roles
from privacy.forget import forget_execute, forget_request_approve
from privacy.models import ForgetRequest
from qa.models import GoldSet, Label, LabelSet
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


@pytest.mark.django_db
class TestAnOlderDemoDatabase:
    """A database seeded by an older demo keeps its wording until the command brings it up to date."""

    def test_the_demos_own_conversations_are_stored_again_and_nothing_else_is_touched(self, settings):
        settings.MEMADMIN_TASKS = "thread"
        seed()
        orders = Conversation.objects.get(external_id="demo-tool-calls-two-orders")
        said_now = Turn.objects.get(conversation=orders, seq=20).content
        # The older wording: the agent says a name of its own, one a customer could have too.
        Turn.objects.filter(conversation=orders, seq=20).update(content="My pleasure! I'm Priya, by the way.")
        Turn.objects.filter(conversation=orders, seq=21).delete()  # none, but a stale tail would go too
        elsewhere = Conversation.objects.create(external_id="not-the-demos", subject_id="cust-1", title="x")
        Turn.objects.create(
            conversation=elsewhere, seq=1, role="user", content="kept", created_at=orders.created_at
        )
        request = ForgetRequest.objects.get()  # the demo's own, on another demo conversation

        output = seed()

        assert Conversation.objects.get(external_id="demo-tool-calls-two-orders").pk == orders.pk
        assert Turn.objects.get(conversation=orders, seq=20).content == said_now
        assert not Turn.objects.filter(conversation=orders, content__contains="Priya").exists()
        assert (
            "1 demo conversation(s) brought up to date with the demo data (demo-tool-calls-two-orders)"
            in output
        )
        entry = AuditEntry.objects.get(action="memadmin.demo.updated")
        assert (entry.actor.username, entry.target_id) == ("admin", str(orders.pk))
        # Derived again from the demo's words: its pinned facts, its index, its context snapshot.
        assert MemoryState.objects.get(conversation=orders).facts_upto_seq == 20
        assert TurnIndexEntry.objects.filter(turn__conversation=orders).count() == 20
        snapshot = ContextSnapshot.objects.get(conversation=orders)
        assert "Priya" not in str(snapshot.messages)
        assert GoldFact.objects.filter(conversation=orders).exists()
        # The rest as it was.
        assert list(Turn.objects.filter(conversation=elsewhere).values_list("content", flat=True)) == ["kept"]
        assert ForgetRequest.objects.get() == request and request.conversation_id != orders.pk
        assert "every stored demo conversation already matches" in seed()

    def test_annotators_labels_stay_where_their_words_still_are(self):
        seed()
        two = Conversation.objects.get(external_id=TWO_ANNOTATORS_ID)
        labels = Label.objects.filter(label_set__conversation=two)
        counted = labels.count()
        first, last = labels.order_by("source_seq", "pk").first(), labels.order_by("source_seq", "pk").last()
        assert first.source_seq != last.source_seq
        # The older demo said the first turn's words a little later in it, and the last label's
        # value was one the demo no longer says.
        Turn.objects.filter(conversation=two, seq=first.source_seq).update(
            content=Concat(Value("Well: "), "content")
        )
        on_first = labels.filter(source_seq=first.source_seq)
        on_first.update(span_start=F("span_start") + 6, span_end=F("span_end") + 6)
        moved = on_first.count()
        Label.objects.filter(pk=last.pk).update(value="ORD-00000")

        output = seed()

        said = Turn.objects.get(conversation=two, seq=first.source_seq).content
        assert not said.startswith("Well: ")
        for label in labels.filter(source_seq=first.source_seq):
            assert said[label.span_start : label.span_end] == label.value
        assert not Label.objects.filter(pk=last.pk).exists()
        assert labels.count() == counted - 1
        said = f"annotators' labels: {counted - moved - 1} kept, {moved} moved to where their words now are"
        assert f"{said}, 1 dropped" in output

    def test_a_conversation_a_forget_request_reached_keeps_what_it_forgot(self, settings):
        seed()
        request = ForgetRequest.objects.get()
        forget_request_approve(request=request, actor=get_user_model().objects.get(username="privacy2"))
        forget_execute(request_id=request.pk)
        request.refresh_from_db()
        assert request.status == ForgetRequest.Status.COMPLETED
        forgot = Conversation.objects.get(pk=request.conversation_id)
        kept = list(Turn.objects.filter(conversation=forgot).values_list("seq", "content"))

        output = seed()

        assert list(Turn.objects.filter(conversation=forgot).values_list("seq", "content")) == kept
        assert f"left as a forget request left them: {forgot.external_id}" in output
