"""REST API v1 for pinned facts and summary versions: the same services, JSON errors, the role matrix."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from conversations.models import Summary
from facts.models import PinnedFact
from memadmin.models import AuditEntry
from tests.factories import ConversationFactory, PinnedFactFactory, TurnFactory

READERS = ["support_user", "admin_user", "qa_user", "privacy_user"]
WRITERS = ["support_user", "admin_user"]
REFUSED_WRITERS = ["qa_user", "privacy_user", "outsider", "service_user"]


@pytest.fixture
def conversation(db):
    conversation = ConversationFactory()
    TurnFactory(
        conversation=conversation, seq=1, content="My order ORD-48213 should go to 9 Mill Lane, Leeds."
    )
    TurnFactory(conversation=conversation, seq=2, role="assistant", content="The refund is £147.50.")
    return conversation


def make_fact(conversation, **fields) -> PinnedFact:
    return PinnedFactFactory(conversation=conversation, **({"source_seq": 2} | fields))


@pytest.fixture
def fact(conversation):
    return make_fact(conversation)


def url(conversation, fact=None, action=""):
    base = f"/api/v1/conversations/{conversation.pk}/facts/"
    if fact is not None:
        base += f"{fact.pk}/"
    return base + (f"{action}/" if action else "")


@pytest.mark.django_db
class TestListAndRead:
    @pytest.mark.parametrize("persona", READERS)
    def test_every_staff_role_reads_the_facts_and_their_history(
        self, request, api_client_for, conversation, fact, persona
    ):
        client = api_client_for(request.getfixturevalue(persona))

        listed = client.get(url(conversation))
        detail = client.get(url(conversation, fact))

        assert listed.status_code == 200
        assert [item["value"] for item in listed.json()["results"]] == ["£147.50"]
        assert detail.status_code == 200
        assert detail.json()["revisions"] == []

    @pytest.mark.parametrize("persona", ["outsider", "service_user"])
    def test_the_chat_service_and_people_without_a_role_are_refused(
        self, request, api_client_for, conversation, fact, persona
    ):
        response = api_client_for(request.getfixturevalue(persona)).get(url(conversation))

        assert response.status_code == 403
        assert "detail" in response.json()

    def test_without_credentials_it_asks_for_them(self, client, conversation):
        assert client.get(url(conversation)).status_code == 401

    def test_unknown_conversation_and_fact_of_another_conversation_are_404(
        self, api_client_for, support_user, conversation, fact
    ):
        client = api_client_for(support_user)
        other = ConversationFactory()

        assert client.get(f"/api/v1/conversations/{other.pk + 100}/facts/").status_code == 404
        assert client.get(url(other, fact)).status_code == 404
        response = client.post(url(other, fact, "retract"), {"reason": "r"}, format="json")
        assert response.status_code == 404
        fact.refresh_from_db()
        assert fact.status == "active"

    def test_the_list_takes_the_same_queries_with_ten_times_the_facts(
        self, api_client_for, support_user, conversation
    ):
        client = api_client_for(support_user)
        make_fact(conversation)
        client.get(url(conversation))  # warm: session, user
        with CaptureQueriesContext(connection) as few:
            assert client.get(url(conversation)).status_code == 200
        for number in range(9):
            make_fact(conversation, value=f"£{number}.00")
        with CaptureQueriesContext(connection) as many:
            assert len(client.get(url(conversation)).json()["results"]) == 10

        assert len(many) == len(few)


@pytest.mark.django_db
class TestCorrect:
    @pytest.mark.parametrize("persona", WRITERS)
    def test_support_and_admin_correct_and_the_old_value_stays_in_the_history(
        self, request, api_client_for, conversation, fact, persona
    ):
        client = api_client_for(request.getfixturevalue(persona))

        response = client.post(
            url(conversation, fact, "correct"),
            {"value": "£150.00", "reason": "agent confirmed", "updated_at": fact.updated_at.isoformat()},
            format="json",
        )

        assert response.status_code == 201, response.json()
        body = response.json()
        assert (body["value"], body["origin"], body["status"]) == ("£150.00", "staff", "active")
        old = client.get(url(conversation, fact)).json()
        assert (old["status"], old["superseded_by"]) == ("superseded", body["id"])
        assert [r["action"] for r in old["revisions"]] == ["superseded"]

    @pytest.mark.parametrize("persona", REFUSED_WRITERS)
    def test_reading_roles_are_refused_and_nothing_changes(
        self, request, api_client_for, conversation, fact, persona
    ):
        client = api_client_for(request.getfixturevalue(persona))

        response = client.post(
            url(conversation, fact, "correct"), {"value": "x", "reason": "r"}, format="json"
        )

        assert response.status_code == 403
        assert PinnedFact.objects.count() == 1
        assert not AuditEntry.objects.exists()

    @pytest.mark.parametrize(
        "body",
        [{"value": "£150.00", "reason": ""}, {"value": "£150.00", "reason": "   "}, {"value": "£150.00"}],
    )
    def test_an_empty_reason_is_400_json(self, api_client_for, support_user, conversation, fact, body):
        response = api_client_for(support_user).post(url(conversation, fact, "correct"), body, format="json")

        assert response.status_code == 400
        assert "reason" in response.json()
        assert PinnedFact.objects.count() == 1

    def test_a_stale_version_is_409_and_nothing_changes(
        self, api_client_for, support_user, conversation, fact
    ):
        client = api_client_for(support_user)
        seen = fact.updated_at.isoformat()
        client.post(url(conversation, fact, "flag"), {"reason": "check"}, format="json")

        response = client.post(
            url(conversation, fact, "correct"),
            {"value": "£150.00", "reason": "agent confirmed", "updated_at": seen},
            format="json",
        )

        assert response.status_code == 409
        assert response.json()["code"] == "stale"
        assert PinnedFact.objects.count() == 1

    def test_correcting_a_superseded_fact_is_409(self, api_client_for, support_user, conversation):
        dead = make_fact(conversation, status=PinnedFact.Status.SUPERSEDED)

        response = api_client_for(support_user).post(
            url(conversation, dead, "correct"), {"value": "£1.00", "reason": "r"}, format="json"
        )

        assert (response.status_code, response.json()["code"]) == (409, "not_live")

    def test_a_correction_can_be_undone(self, api_client_for, support_user, conversation, fact):
        client = api_client_for(support_user)
        corrected = client.post(
            url(conversation, fact, "correct"), {"value": "£150.00", "reason": "agent said"}, format="json"
        ).json()

        response = client.post(
            f"{url(conversation)}{corrected['id']}/undo-correction/", {"reason": "wrong"}, format="json"
        )

        assert response.status_code == 200
        assert (response.json()["id"], response.json()["status"]) == (fact.pk, "active")


@pytest.mark.django_db
class TestOtherActions:
    def test_mark_temporary_until_a_date_then_durable(self, api_client_for, support_user, conversation):
        pref = make_fact(conversation, type="preference", key="contact_preference", value="text me")
        client = api_client_for(support_user)
        until = (timezone.localdate() + timedelta(days=3)).isoformat()

        marked = client.post(
            url(conversation, pref, "temporary"),
            {"scope": "until", "until": until, "reason": "travelling"},
            format="json",
        )
        durable = client.post(url(conversation, pref, "durable"), {"reason": "habit"}, format="json")

        assert (marked.status_code, marked.json()["status"], marked.json()["temporary_until"]) == (
            200,
            "temporary",
            until,
        )
        assert (durable.status_code, durable.json()["status"]) == (200, "active")

    @pytest.mark.parametrize(
        "body",
        [
            {"scope": "until", "reason": "r"},
            {"scope": "conversation", "until": "2099-01-01", "reason": "r"},
            {"scope": "until", "until": "2001-01-01", "reason": "r"},
            {"scope": "forever", "reason": "r"},
        ],
    )
    def test_a_bad_scope_is_400(self, api_client_for, support_user, conversation, fact, body):
        response = api_client_for(support_user).post(
            url(conversation, fact, "temporary"), body, format="json"
        )

        assert response.status_code == 400
        fact.refresh_from_db()
        assert fact.status == "active"

    def test_retract(self, api_client_for, admin_user, conversation, fact):
        response = api_client_for(admin_user).post(
            url(conversation, fact, "retract"), {"reason": "never said"}, format="json"
        )

        assert (response.status_code, response.json()["status"]) == (200, "retracted")

    def test_add_a_missed_fact_from_a_selection(self, api_client_for, support_user, conversation):
        response = api_client_for(support_user).post(
            url(conversation),
            {
                "source_seq": 1,
                "span_start": 32,
                "span_end": 50,
                "value": "9 Mill Lane, Leeds",
                "type": "address",
                "key": "shipping_address",
                "reason": "missed",
            },
            format="json",
        )

        assert response.status_code == 201, response.json()
        assert (response.json()["span"], response.json()["origin"]) == ([32, 50], "staff")

    def test_a_selection_that_is_not_the_turns_text_is_400(self, api_client_for, support_user, conversation):
        response = api_client_for(support_user).post(
            url(conversation),
            {
                "source_seq": 1,
                "span_start": 0,
                "span_end": 5,
                "value": "Your ",
                "type": "identifier",
                "key": "order_id",
                "reason": "r",
            },
            format="json",
        )

        assert (response.status_code, response.json()["code"]) == (400, "span_mismatch")
        assert not PinnedFact.objects.exists()


@pytest.mark.django_db
class TestSummaryVersions:
    def test_every_version_newest_first_with_its_stale_values(
        self, api_client_for, qa_user, conversation, support_user
    ):
        for version in (1, 2):
            Summary.objects.create(
                conversation=conversation,
                kind="static",
                version=version,
                memory_version=version * 3,  # the memory moved on between them
                upto_seq=2,
                body=f"v{version} refund £147.50",
                provider="local",
                model="m",
            )
        fact = make_fact(conversation)
        api_client_for(support_user).post(
            url(conversation, fact, "correct"), {"value": "£150.00", "reason": "agent said"}, format="json"
        )

        response = api_client_for(qa_user).get(f"/api/v1/conversations/{conversation.pk}/summaries/")

        assert response.status_code == 200
        rows = [(s["version"], s["memory_version"], s["stale_values"]) for s in response.json()["results"]]
        assert rows == [(2, 6, ["£147.50"]), (1, 3, [])]


@pytest.mark.django_db
class TestSchema:
    def test_the_fact_and_summary_endpoints_are_in_the_openapi_schema(self, client):
        schema = client.get("/api/schema/?format=json").json()

        paths = schema["paths"]
        base = "/api/v1/conversations/{id}/facts/"
        for action in ("correct", "temporary", "retract", "undo-correction", "durable", "flag"):
            assert "post" in paths[f"{base}{{fact_id}}/{action}/"]
        assert {"get", "post"} <= set(paths[base])
        assert "get" in paths["/api/v1/conversations/{id}/summaries/"]


@pytest.mark.django_db
class TestTargetedResummarise:
    def test_the_refresh_endpoint_rewrites_only_the_kinds_named(
        self, api_client_for, support_user, conversation, django_capture_on_commit_callbacks
    ):
        from conversations.memory import memory_refresh

        memory_refresh(conversation_id=conversation.pk, trigger="on_demand")
        client = api_client_for(support_user)

        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                f"/api/v1/conversations/{conversation.pk}/refresh/",
                {"kinds": ["rolling"], "reason": "after a correction"},
                format="json",
            )

        assert response.status_code == 202, response.json()
        versions = dict(
            Summary.objects.filter(conversation=conversation)
            .order_by("kind", "-version")
            .distinct("kind")
            .values_list("kind", "version")
        )
        assert versions["rolling"] > versions["static"]

    def test_an_unknown_kind_is_400(self, api_client_for, support_user, conversation):
        response = api_client_for(support_user).post(
            f"/api/v1/conversations/{conversation.pk}/refresh/", {"kinds": ["weekly"]}, format="json"
        )

        assert response.status_code == 400
        assert "kinds" in response.json()
