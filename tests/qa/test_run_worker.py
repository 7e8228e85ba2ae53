"""A run started from the page is recorded with the request and measured by a real Celery worker."""

import pytest
from django.urls import reverse

from qa.models import EvaluationRun
from tests.celery_worker import wait_for
from tests.factories import ConversationFactory
from tests.qa.scenario import SHORT, stored, turns_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_run_requested_on_the_page_is_measured_by_the_worker(worker, client, qa_user):
    from facts.models import GoldFact
    from qa.models import GoldSet

    conversation = ConversationFactory()
    turns_of(conversation, SHORT)
    GoldSet.objects.create(conversation=conversation, origin="imported", source_file="x.jsonl")
    GoldFact.objects.create(
        conversation=conversation, type="amount", key="price", value="$1,200", source_seq=1
    )
    stored(conversation, "amount", "price", "$1,200", 1)
    client.force_login(qa_user)

    response = client.post(reverse("qa:runs"), {"source": "stored"})

    assert response.status_code == 303
    run = wait_for(
        lambda: EvaluationRun.objects.filter(status="done").first(), timeout=90, message="the run to finish"
    )
    assert (run.requested_by, run.recall, run.clean_rate) == (qa_user, 1.0, 1.0)
