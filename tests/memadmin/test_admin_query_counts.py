"""Every list of Django's admin costs the same queries with four times the rows: no query per row."""

import pytest
from django.contrib import admin
from django.contrib.auth.models import Group
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from conversations.models import LabelledQuery
from facts.models import FactRevision, GoldFact
from memadmin.api_tokens import api_token_create
from memadmin.permissions import Role
from privacy.models import ForgetReceipt, ForgetRequest
from qa.models import EvaluationRun, GoldSet, LabelSet
from tests.factories import UserFactory
from tests.memadmin.test_admin import one_of_each
from tests.privacy.conftest import ask

pytestmark = pytest.mark.django_db

# The product's models and its accounts (a library's own, such as sign-in lock-outs, are not shown).
OURS = {"conversations", "facts", "memadmin", "qa", "privacy", "auth"}
REGISTERED = sorted(
    (model for model in admin.site._registry if model._meta.app_label in OURS), key=lambda m: m._meta.label
)


def one_more_world(site_admin, number: int) -> None:
    """One row of every model the admin lists, around a conversation of its own."""
    rows = one_of_each(site_admin, external_id=f"conv-admin-{number}")
    conversation = rows["conversation"]
    annotator = UserFactory(username=f"annotator-{number}", roles=[Role.QA])
    officer = UserFactory(username=f"officer-{number}", roles=[Role.PRIVACY])
    client_user = UserFactory(username=f"client-{number}", roles=[Role.CHAT_SERVICE])
    Group.objects.create(name=f"team-{number}")
    api_token_create(user=client_user, name=f"client {number}")
    FactRevision.objects.create(fact=rows["fact"], action="corrected", actor=site_admin, after={"value": "x"})
    GoldFact.objects.create(
        conversation=conversation, type="identifier", key="order_id", value="ORD-12345", source_seq=1
    )
    LabelledQuery.objects.create(conversation=conversation, query="which order?", evidence_seqs=[1])
    LabelSet.objects.create(conversation=conversation, annotator=annotator)
    GoldSet.objects.create(conversation=conversation, origin="adjudicated", adjudicated_by=site_admin)
    EvaluationRun.objects.create(source=EvaluationRun.Source.STORED, requested_by=annotator)
    request = ask(officer, "conversation", conversation=conversation)
    ForgetRequest.objects.filter(pk=request.pk).update(status=ForgetRequest.Status.COMPLETED)
    ForgetReceipt.objects.create(request=request, document={"request": request.pk}, digest="0" * 64)


@pytest.fixture
def site_admin(db):
    return UserFactory(username="ada-site-admin", roles=[Role.ADMIN], is_staff=True)


@pytest.mark.parametrize("model", REGISTERED, ids=lambda model: model._meta.label)
def test_a_list_costs_the_same_queries_with_four_times_the_rows(client, site_admin, model):
    client.force_login(site_admin)
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    one_more_world(site_admin, 0)
    client.get(url)  # the session and the site's caches are warm from here on

    with CaptureQueriesContext(connection) as few:
        assert client.get(url).status_code == 200
    for number in range(1, 4):
        one_more_world(site_admin, number)
    with CaptureQueriesContext(connection) as many:
        response = client.get(url)

    assert response.status_code == 200
    assert model.objects.count() >= 4
    assert len(many) == len(few), [query["sql"][:120] for query in many.captured_queries]
