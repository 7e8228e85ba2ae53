"""Every page says when something happened in the same words ("12 min ago"), the exact UTC time on hover."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from memadmin.permissions import Role
from privacy.models import ForgetRequest
from qa import services
from qa.models import EvaluationRun, GoldSet, LabelSet
from qa.runs import evaluation_run_request
from tests.factories import ContextSnapshotFactory, ConversationFactory, TurnFactory, UserFactory
from tests.privacy.conftest import ask
from tests.qa.scenario import SHORT, build, label, turns_of

pytestmark = pytest.mark.django_db

# The time in words, inside a <time> whose title is the exact moment in UTC.
TWELVE_MIN_AGO = re.compile(
    r'<time datetime="[^"]+" title="\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC">12 min ago</time>'
)


def twelve_minutes_ago():
    return timezone.now() - timedelta(minutes=12, seconds=5)


def said(body: str, before: str) -> bool:
    """``before`` is followed by the time in words, with its exact time on hover."""
    return re.search(re.escape(before) + r"\s*" + TWELVE_MIN_AGO.pattern, body) is not None


def test_a_snapshot_says_when_it_was_sent(client, support_user):
    snapshot = ContextSnapshotFactory()
    type(snapshot).objects.filter(pk=snapshot.pk).update(created_at=twelve_minutes_ago())
    client.force_login(support_user)

    body = client.get(reverse("conversations:snapshot", args=[snapshot.conversation_id, snapshot.pk]))

    assert said(body.content.decode(), "· sent")


def test_a_forget_request_says_when_it_was_asked_and_decided(client, privacy_user):
    conversation = ConversationFactory(subject_id="cust-6620")
    TurnFactory(conversation=conversation, seq=1, content="Please forget the spare key code 4471.")
    asked = ask(privacy_user, "conversation", conversation=conversation)
    declined_by = UserFactory(username="pia-privacy", roles=[Role.PRIVACY])
    ForgetRequest.objects.filter(pk=asked.pk).update(
        requested_at=twelve_minutes_ago(),
        status="declined",
        decided_by=declined_by,
        decided_at=twelve_minutes_ago(),
        decision_note="asked twice",
    )
    client.force_login(privacy_user)

    body = client.get(reverse("privacy:detail", args=[asked.pk])).content.decode()

    assert said(body, f"{privacy_user.username},")
    assert said(body, "pia-privacy,")


def test_an_evaluation_run_says_when_it_was_asked(client, qa_user):
    run = evaluation_run_request(actor=qa_user, source="stored")
    EvaluationRun.objects.filter(pk=run.pk).update(requested_at=twelve_minutes_ago())
    client.force_login(qa_user)

    body = client.get(reverse("qa:run", args=[run.pk])).content.decode()

    assert said(body, "· asked")


def test_the_labelling_page_says_when_suggestions_were_shown_and_labels_submitted(client, qa_user):
    short = ConversationFactory(external_id="short")
    turns_of(short, SHORT)
    services.label_set_show_suggestions(conversation=short, actor=qa_user)
    LabelSet.objects.filter(annotator=qa_user).update(suggestions_shown_at=twelve_minutes_ago())
    client.force_login(qa_user)
    url = reverse("qa:label", args=[short.pk])

    assert said(client.get(url).content.decode(), "Shown since")

    label(short, qa_user, "identifier", "order_id", 1, "ORD-55120")
    services.label_set_submit(conversation=short, actor=qa_user)
    LabelSet.objects.filter(annotator=qa_user).update(submitted_at=twelve_minutes_ago())

    assert said(client.get(url).content.decode(), "Submitted")


def test_adjudication_says_when_the_gold_set_was_saved(client, qa_user, admin_user):
    conversations = build(qa_user, UserFactory(username="quentin-qa", roles=[Role.QA]), admin_user)
    short = conversations["short"]
    GoldSet.objects.filter(conversation=short).update(updated_at=twelve_minutes_ago())
    client.force_login(admin_user)

    body = client.get(reverse("qa:adjudicate", args=[short.pk])).content.decode()

    assert said(body, f"by {admin_user.username},")
