"""The forget-request API: ask, preview, approve (four eyes), follow, receipt, as the pages do."""

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from conversations.models import Conversation
from memadmin.models import AuditEntry, PendingTask
from privacy import forget
from privacy.models import ForgetRequest
from tests.conftest import api_token_for
from tests.factories import ConversationFactory, TurnFactory
from tests.privacy.conftest import ask

API = "/api/v1/forget-requests/"
NOT_PRIVACY = ["support_user", "qa_user", "admin_user", "outsider"]


@pytest.fixture
def conversation(db):
    conversation = ConversationFactory(subject_id="cust-58", external_id="conv-api-forget")
    for seq in range(1, 5):
        TurnFactory(conversation=conversation, seq=seq, content=f"turn {seq} quoting ref QX-{seq}0{seq}")
    return conversation


@pytest.fixture
def made(privacy_user, conversation):
    return ask(privacy_user, "conversation", conversation=conversation)


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def body_for(of, **change) -> dict:
    return {
        "scope": "conversation",
        "conversation": of.pk,
        "legal_basis": "erasure",
        "reason": "Erasure request received by email",
        "deadline": (timezone.localdate() + timedelta(days=30)).isoformat(),
        **change,
    }


class TestWhoMay:
    @pytest.mark.parametrize("persona", NOT_PRIVACY)
    def test_other_roles_are_refused_and_nothing_is_stored(self, persona, request, conversation, made):
        client = as_user(request.getfixturevalue(persona))

        responses = [
            client.get(API),
            client.post(API, body_for(conversation), format="json"),
            client.get(f"{API}{made.pk}/"),
            client.get(f"{API}{made.pk}/preview/"),
            client.post(f"{API}{made.pk}/approve/", {}, format="json"),
            client.post(f"{API}{made.pk}/decline/", {"note": "no"}, format="json"),
            client.get(f"{API}{made.pk}/receipt/"),
        ]

        assert [r.status_code for r in responses] == [403] * len(responses)
        assert responses[0].json()["detail"] == "This needs the privacy role."
        made.refresh_from_db()
        assert (ForgetRequest.objects.count(), made.status) == (1, ForgetRequest.Status.AWAITING)

    def test_the_chat_service_token_is_refused(self, service_user, conversation):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_for(service_user)}")

        assert client.post(API, body_for(conversation), format="json").status_code == 403
        assert not ForgetRequest.objects.exists()


class TestAsking:
    def test_a_request_is_made_audited_and_waits_for_approval(self, privacy_user, conversation):
        response = as_user(privacy_user).post(
            API, body_for(conversation, phrases=["QX-303"], legal_basis="consent_withdrawn"), format="json"
        )

        assert response.status_code == 201, response.content
        body = response.json()
        assert (body["status"], body["scope"], body["conversation"], body["requested_by"]) == (
            "awaiting_approval",
            "conversation",
            conversation.pk,
            "pat-privacy",
        )
        assert (body["subject_id"], body["phrases"], body["values"]) == ("cust-58", ["QX-303"], 1)
        assert body["progress"] == {"steps_done": 0, "steps_total": 0}
        entry = AuditEntry.objects.get(action="privacy.forget.requested")
        assert (entry.actor, entry.target_id, entry.reason) == (
            privacy_user,
            str(body["id"]),
            "Erasure request received by email",
        )
        assert "cust-58" not in json.dumps(entry.after) and "QX-303" not in json.dumps(entry.after)
        assert not PendingTask.objects.exists()  # nothing runs before a second officer approves

    @pytest.mark.parametrize(
        "change,field",
        [
            ({"reason": ""}, "reason"),
            ({"reason": "   "}, "reason"),
            ({"legal_basis": "because"}, "legal_basis"),
            ({"deadline": "next week"}, "deadline"),
            ({"conversation": 999999}, "conversation"),
            ({"conversation": str(0)}, "conversation"),
            ({"scope": "turns", "turn_seqs": [2, 9]}, "turn_seqs"),  # no turn 9
            ({"scope": "turns"}, "turn_seqs"),
            ({"scope": "turns", "turn_seqs": ["2"]}, "turn_seqs"),
            ({"scope": "subject", "conversation": None, "subject_id": "cust-nobody"}, "subject_id"),
            ({"scope": "value", "conversation": None, "subject_id": "cust-58"}, "phrases"),
            ({"scope": "value", "conversation": None, "subject_id": "cust-58", "phrases": ["ab"]}, "phrases"),
            ({"scope": "everything"}, "scope"),
        ],
    )
    def test_bad_input_is_a_field_error_and_nothing_is_stored(
        self, privacy_user, conversation, change, field
    ):
        response = as_user(privacy_user).post(API, body_for(conversation, **change), format="json")

        assert response.status_code == 400
        assert list(response.json()) == [field], response.json()
        assert not ForgetRequest.objects.exists()
        assert not AuditEntry.objects.filter(action="privacy.forget.requested").exists()

    def test_every_problem_of_the_service_is_said_at_once_by_field(self, privacy_user, conversation):
        body = body_for(
            conversation, scope="value", conversation=None, subject_id="cust-nobody", phrases=["ab"]
        )

        response = as_user(privacy_user).post(API, body, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "subject_id": ["No conversation has that subject id."],
            "phrases": ["“ab” is too short to look for: a value is at least 3 characters."],
        }
        assert not ForgetRequest.objects.exists()

    def test_type_mistakes_and_the_services_refusals_come_in_one_answer(self, privacy_user, conversation):
        body = body_for(
            conversation, scope="turns", turn_seqs=[2, 9], legal_basis=5, deadline="next week", reason=""
        )

        response = as_user(privacy_user).post(API, body, format="json")

        assert response.status_code == 400
        errors = response.json()
        assert sorted(errors) == ["deadline", "legal_basis", "reason", "turn_seqs"]
        assert errors["legal_basis"] == ["Must be a string, not a number."]
        assert errors["turn_seqs"] == ["The conversation has no turn 9."]
        assert "YYYY-MM-DD" in errors["deadline"][0]
        assert not ForgetRequest.objects.exists()
        assert not AuditEntry.objects.filter(action="privacy.forget.requested").exists()

    def test_every_mistake_of_a_value_request_is_named_with_its_field(self, privacy_user, conversation):
        body = {
            "scope": "value",
            "subject_id": "cust-nobody",
            "phrases": ["ab", "QX-202"],
            "legal_basis": "erasure",
            "reason": 12,
        }

        response = as_user(privacy_user).post(API, body, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "reason": ["Must be a string, not a number."],
            "deadline": ["This field is required."],
            "subject_id": ["No conversation has that subject id."],
            "phrases": ["“ab” is too short to look for: a value is at least 3 characters."],
        }
        assert not ForgetRequest.objects.exists()

    def test_a_refused_field_is_not_judged_again_by_the_service(self, privacy_user, conversation):
        # The conversation does not exist: "name the conversation" would only repeat it, and
        # its turns cannot be looked for; the other mistakes are still said.
        body = body_for(conversation, scope="turns", conversation=999999, turn_seqs=[1], phrases=["x", 3])

        response = as_user(privacy_user).post(API, body, format="json")

        assert response.status_code == 400
        assert response.json() == {
            "conversation": ["No conversation has the id 999999."],
            "phrases": {"1": ["Must be a string, not a number."]},
        }
        assert not ForgetRequest.objects.exists()

    def test_each_field_is_checked_once_though_another_failed(self, privacy_user, conversation):
        body = body_for(conversation, scope="turns", turn_seqs=[2, 9], legal_basis=5)
        client = as_user(privacy_user)
        table = Conversation._meta.db_table

        with CaptureQueriesContext(connection) as queries:
            response = client.post(API, body, format="json")

        assert response.status_code == 400
        assert sorted(response.json()) == ["legal_basis", "turn_seqs"]
        lookups = [
            q["sql"] for q in queries if f'FROM "{table}"' in q["sql"] and str(conversation.pk) in q["sql"]
        ]
        assert len(lookups) == 1, lookups  # the conversation's own check, not run a second time

    def test_a_body_that_is_not_an_object_is_one_clear_error(self, privacy_user, conversation):
        response = as_user(privacy_user).post(API, [body_for(conversation)], format="json")

        assert response.status_code == 400
        assert list(response.json()) == ["non_field_errors"]
        assert not ForgetRequest.objects.exists()

    def test_each_scope_is_taken(self, privacy_user, conversation):
        client = as_user(privacy_user)
        subject = {"conversation": None, "subject_id": "cust-58"}
        bodies = [
            body_for(conversation),
            body_for(conversation, scope="turns", turn_seqs=[3, 1]),
            body_for(conversation, scope="subject", **subject),
            body_for(conversation, scope="value", phrases=["QX-202"], **subject),
        ]

        made = [client.post(API, body, format="json") for body in bodies]

        assert [r.status_code for r in made] == [201] * 4
        assert [(r.json()["scope"], r.json()["turn_seqs"]) for r in made] == [
            ("conversation", []),
            ("turns", [1, 3]),
            ("subject", []),
            ("value", []),
        ]

    def test_a_field_the_scope_does_not_read_is_not_kept(self, privacy_user, conversation):
        # The same rule as the form: a subject request that also names a conversation is about the subject.
        body = body_for(conversation, scope="subject", subject_id="cust-58", turn_seqs=[2])

        response = as_user(privacy_user).post(API, body, format="json")

        assert response.status_code == 201
        made = ForgetRequest.objects.get()
        assert (made.scope, made.subject_id, made.conversation_id, made.turn_seqs) == (
            "subject",
            "cust-58",
            None,
            [],
        )


class TestPreviewAndApproval:
    def test_the_preview_counts_what_it_will_touch(self, privacy_user, made):
        response = as_user(privacy_user).get(f"{API}{made.pk}/preview/")

        assert response.status_code == 200
        rows = {row["store"]: row for row in response.json()["stores"]}
        assert (rows["turns"]["affected"], rows["conversations"]["affected"]) == (4, 1)
        assert response.json()["affected"] == sum(row["affected"] for row in rows.values())

    def test_the_requester_cannot_approve_their_own_request(self, privacy_user, made):
        response = as_user(privacy_user).post(f"{API}{made.pk}/approve/", {"note": "mine"}, format="json")

        assert response.status_code == 403
        assert "second privacy officer" in response.json()["detail"]
        made.refresh_from_db()
        assert made.status == ForgetRequest.Status.AWAITING
        assert not AuditEntry.objects.filter(action="privacy.forget.approved").exists()

    def test_a_second_officer_approves_and_it_is_queued_on_the_outbox(
        self, second_privacy_user, made, django_capture_on_commit_callbacks
    ):
        with django_capture_on_commit_callbacks(execute=False):
            response = as_user(second_privacy_user).post(
                f"{API}{made.pk}/approve/", {"note": "identity checked"}, format="json"
            )

        assert response.status_code == 200, response.content
        assert (response.json()["status"], response.json()["decided_by"]) == ("approved", "pia-privacy")
        assert PendingTask.objects.get().task == "privacy.tasks.forget_execute"
        entry = AuditEntry.objects.get(action="privacy.forget.approved")
        assert (entry.actor, entry.reason) == (second_privacy_user, "identity checked")
        again = as_user(second_privacy_user).post(f"{API}{made.pk}/approve/", {}, format="json")
        assert (again.status_code, again.json()["code"]) == (409, "already_decided")
        assert as_user(second_privacy_user).get(f"{API}{made.pk}/preview/").status_code == 409

    def test_declining_needs_a_note(self, second_privacy_user, made):
        client = as_user(second_privacy_user)

        refused = client.post(f"{API}{made.pk}/decline/", {"note": " "}, format="json")
        declined = client.post(f"{API}{made.pk}/decline/", {"note": "not the data subject"}, format="json")

        assert (refused.status_code, list(refused.json())) == (400, ["note"])
        assert (declined.status_code, declined.json()["status"]) == (200, "declined")
        assert AuditEntry.objects.get(action="privacy.forget.declined").reason == "not the data subject"

    def test_a_failed_request_is_retried_with_a_reason_and_queued_again(
        self, second_privacy_user, made, django_capture_on_commit_callbacks
    ):
        client = as_user(second_privacy_user)
        early = client.post(f"{API}{made.pk}/retry/", {"note": "try again"}, format="json")
        assert (early.status_code, early.json()["code"]) == (409, "conflict")  # it has not failed
        ForgetRequest.objects.filter(pk=made.pk).update(
            status=ForgetRequest.Status.FAILED, error="worker lost"
        )

        with django_capture_on_commit_callbacks(execute=False):
            unexplained = client.post(f"{API}{made.pk}/retry/", {}, format="json")
            retried = client.post(f"{API}{made.pk}/retry/", {"note": "worker lost; rerun"}, format="json")

        assert (unexplained.status_code, list(unexplained.json())) == (400, ["note"])
        assert (retried.status_code, retried.json()["status"], retried.json()["error"]) == (
            200,
            "approved",
            "",
        )
        assert AuditEntry.objects.get(action="privacy.forget.retried").reason == "worker lost; rerun"
        assert PendingTask.objects.get().task == "privacy.tasks.forget_execute"

    def test_unknown_requests_are_404(self, privacy_user):
        client = as_user(privacy_user)
        for path in ("", "preview/", "receipt/"):
            assert client.get(f"{API}999999/{path}").status_code == 404
        for path in ("approve/", "decline/", "retry/"):
            assert client.post(f"{API}999999/{path}", {"note": "x"}, format="json").status_code == 404


class TestProgressAndReceipt:
    def test_it_runs_reports_its_progress_and_serves_the_pages_receipt(
        self, client, privacy_user, second_privacy_user, made, django_capture_on_commit_callbacks
    ):
        api = as_user(second_privacy_user)
        assert api.get(f"{API}{made.pk}/receipt/").status_code == 404  # not carried out yet
        with django_capture_on_commit_callbacks(execute=True):
            api.post(f"{API}{made.pk}/approve/", {"note": "identity checked"}, format="json")

        status = api.get(f"{API}{made.pk}/").json()
        assert not Conversation.objects.filter(external_id="conv-api-forget").exists()
        assert (status["status"], status["has_receipt"], status["subject_id"]) == ("completed", True, "")
        progress = status["progress"]
        assert progress["steps_total"] > 0 and progress["steps_done"] == progress["steps_total"]
        stores = {row["store"]: row for row in status["stores"]}
        assert (stores["turns"]["removed"], stores["turns"]["residue"]) == (4, 0)

        receipt = api.get(f"{API}{made.pk}/receipt/")
        client.force_login(privacy_user)
        download = client.get(reverse("privacy:receipt-json", args=[made.pk]))
        assert receipt.status_code == 200
        assert receipt.json() == json.loads(download.content)
        assert receipt.json()["digest"] == forget.document_digest(receipt.json()["receipt"])


class TestQueryCounts:
    def test_the_list_and_a_request_cost_the_same_queries_as_data_grows(
        self, privacy_user, second_privacy_user, conversation, django_capture_on_commit_callbacks
    ):
        client = as_user(privacy_user)
        first = ask(privacy_user, "conversation", conversation=conversation)

        def counts() -> list[int]:
            found = []
            for url in (API, f"{API}{first.pk}/"):
                with CaptureQueriesContext(connection) as queries:
                    assert client.get(url).status_code == 200
                found.append(len(queries))
            return found

        before = counts()
        for n in range(4):
            other = ConversationFactory(subject_id=f"cust-{n}")
            TurnFactory(conversation=other, seq=1, content="hello there")
            made = ask(privacy_user, "conversation", conversation=other)
            if n % 2:
                with django_capture_on_commit_callbacks(execute=True):
                    forget.forget_request_approve(request=made, actor=second_privacy_user)

        assert counts() == before
        assert len(client.get(API).json()["results"]) == 5
