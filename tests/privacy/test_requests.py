"""Asking, approving and declining forget requests: who may, what is checked, what is written down."""

from dataclasses import replace

import pytest
from django.db import ProgrammingError, transaction

from conversations.models import Turn
from memadmin.errors import Conflict, InvalidInput, PermissionRefused
from memadmin.models import AuditEntry, PendingTask
from privacy import forget
from privacy.forget import (
    RequestInput,
    RequestRefused,
    forget_preview,
    forget_request_approve,
    forget_request_decline,
    forget_request_problems,
)
from privacy.models import ForgetReceipt, ForgetRequest
from tests.factories import ConversationFactory, TurnFactory
from tests.privacy.conftest import ask


@pytest.fixture
def conversation(db):
    conversation = ConversationFactory(subject_id="cust-77")
    for seq in range(1, 7):
        TurnFactory(conversation=conversation, seq=seq, content=f"turn {seq} about ORD-424242")
    return conversation


@pytest.fixture
def made_request(privacy_user, conversation):
    return ask(privacy_user, "conversation", conversation=conversation)


class TestWhoMayAsk:
    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "admin_user", "outsider", "service_user"])
    def test_only_privacy_officers_ask(self, persona, request, conversation):
        with pytest.raises(PermissionRefused):
            ask(request.getfixturevalue(persona), "conversation", conversation=conversation)
        assert not ForgetRequest.objects.exists()

    def test_a_privacy_officer_asks_and_it_waits_for_approval(self, privacy_user, conversation):
        made = ask(privacy_user, "conversation", conversation=conversation)

        assert made.status == ForgetRequest.Status.AWAITING
        assert made.subject_pseudonym == forget.subject_pseudonym("cust-77") != "cust-77"
        assert not PendingTask.objects.exists()


class TestApproval:
    def test_the_requester_cannot_approve_their_own_request(self, privacy_user, conversation):
        made = ask(privacy_user, "conversation", conversation=conversation)

        with pytest.raises(PermissionRefused, match="second privacy officer"):
            forget_request_approve(request=made, actor=privacy_user)
        made.refresh_from_db()
        assert made.status == ForgetRequest.Status.AWAITING

    @pytest.mark.parametrize("persona", ["support_user", "admin_user", "qa_user"])
    def test_only_a_privacy_officer_approves(self, persona, request, privacy_user, conversation):
        made = ask(privacy_user, "conversation", conversation=conversation)
        with pytest.raises(PermissionRefused):
            forget_request_approve(request=made, actor=request.getfixturevalue(persona))

    def test_a_second_officer_approves_and_the_run_is_queued_with_it(
        self, privacy_user, second_privacy_user, conversation, django_capture_on_commit_callbacks
    ):
        made = ask(privacy_user, "conversation", conversation=conversation)
        with django_capture_on_commit_callbacks(execute=False):
            forget_request_approve(request=made, actor=second_privacy_user, note="identity checked")

        made.refresh_from_db()
        assert (made.status, made.decided_by) == (ForgetRequest.Status.APPROVED, second_privacy_user)
        assert PendingTask.objects.get().task == "privacy.tasks.forget_execute"

    def test_a_decided_request_cannot_be_decided_again(self, privacy_user, second_privacy_user, conversation):
        made = ask(privacy_user, "conversation", conversation=conversation)
        forget_request_decline(request=made, actor=second_privacy_user, note="not the data subject")

        with pytest.raises(Conflict):
            forget_request_approve(request=made, actor=second_privacy_user)
        assert Turn.objects.filter(conversation=conversation).count() == 6

    def test_every_step_is_audited_without_the_subject_or_the_values(
        self, privacy_user, second_privacy_user, conversation, django_capture_on_commit_callbacks
    ):
        made = ask(privacy_user, "value", subject_id="cust-77", phrases=["ORD-424242"])
        with django_capture_on_commit_callbacks(execute=False):
            forget_request_approve(request=made, actor=second_privacy_user, note="ok")

        entries = AuditEntry.objects.filter(target_type="privacy.forgetrequest", target_id=str(made.pk))
        assert [(e.action, e.actor_label) for e in entries.order_by("id")] == [
            ("privacy.forget.requested", "pat-privacy"),
            ("privacy.forget.approved", "pia-privacy"),
        ]
        text = str(list(entries.values("before", "after", "reason")))
        assert "cust-77" not in text and "ORD-424242" not in text


class TestBadInput:
    @pytest.mark.parametrize(
        ("scope", "fields", "code"),
        [
            ("value", {"subject_id": "cust-77"}, "phrases"),
            ("value", {"subject_id": "cust-77", "phrases": ["ab"]}, "phrase_too_short"),
            ("subject", {"subject_id": "nobody"}, "unknown_subject"),
            ("turns", {"turn_seqs": (2, 99)}, "unknown_turns"),
            ("turns", {"turn_seqs": ()}, "turns"),
            ("conversation", {"reason": "  "}, "reason_required"),
            ("sideways", {}, "scope"),
        ],
    )
    def test_it_says_what_is_wrong_and_stores_nothing(self, privacy_user, conversation, scope, fields, code):
        if scope in ("turns", "conversation"):
            fields = {"conversation": conversation, **fields}
        with pytest.raises(InvalidInput) as refused:
            ask(privacy_user, scope, **fields)
        assert refused.value.code == code
        assert not ForgetRequest.objects.exists()

    def test_every_problem_is_refused_at_once_each_naming_its_field(self, privacy_user, conversation):
        with pytest.raises(RequestRefused) as refused:
            ask(privacy_user, "turns", reason=" ", phrases=["ab", "ok value"], turn_seqs=(2,))

        assert [(p.field, p.code) for p in refused.value.problems] == [
            ("reason", "reason_required"),
            ("phrases", "phrase_too_short"),
            ("conversation", "conversation"),
        ]
        assert refused.value.code == "reason_required"  # the first, as a single refusal says
        assert not ForgetRequest.objects.exists()

    def test_the_problems_are_found_without_storing_anything(self, conversation):
        data = RequestInput(scope="turns", legal_basis="", reason="asked", deadline=None)
        data = replace(data, conversation=conversation, turn_seqs=(1, 99))

        problems = forget_request_problems(data=data)

        assert {p.field: p.code for p in problems} == {
            "legal_basis": "legal_basis",
            "deadline": "deadline",
            "turn_seqs": "unknown_turns",
        }
        assert not ForgetRequest.objects.exists()


class TestPreview:
    def test_it_counts_the_rows_each_store_would_lose_and_changes_nothing(self, privacy_user, conversation):
        other = ConversationFactory(subject_id="cust-77")
        TurnFactory(conversation=other, seq=1, content="nothing to see")
        made = ask(privacy_user, "value", subject_id="cust-77", phrases=["ORD-424242"])

        rows = {row.store: row for row in forget_preview(made)}

        assert (rows["turns"].in_scope, rows["turns"].affected) == (7, 6)
        assert rows["conversations"].affected == 0
        assert Turn.objects.filter(content__contains="ORD-424242").count() == 6
        made.refresh_from_db()
        assert made.plan is None

    def test_turns_scope_previews_the_turns_named(self, privacy_user, conversation):
        made = ask(privacy_user, "turns", conversation=conversation, turn_seqs=(2, 3))
        rows = {row.store: row for row in forget_preview(made)}
        assert (rows["turns"].in_scope, rows["turns"].affected) == (6, 2)


class TestExecution:
    def test_running_twice_writes_one_receipt(self, privacy_user, second_privacy_user, conversation):
        made = ask(privacy_user, "conversation", conversation=conversation)
        ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.APPROVED)

        forget.forget_execute(request_id=made.pk)
        forget.forget_execute(request_id=made.pk)

        assert ForgetReceipt.objects.filter(request=made).count() == 1
        made.refresh_from_db()
        assert made.status == ForgetRequest.Status.COMPLETED

    def test_a_run_cut_off_half_way_is_carried_on_and_counts_every_row_once(self, privacy_user, conversation):
        second = ConversationFactory(subject_id="cust-77")
        for seq in range(1, 4):
            TurnFactory(conversation=second, seq=seq)
        made = ask(privacy_user, "subject", subject_id="cust-77")
        ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.APPROVED)
        started = forget._start(made.pk)
        target = forget.target_of(started)
        first_step = forget._steps(target)[0]
        forget._run_step(started, target, first_step)  # ... and the worker dies here

        done = forget.forget_execute(request_id=made.pk)

        assert done.status == ForgetRequest.Status.COMPLETED
        stores = {row["store"]: row for row in done.receipt.document["stores"]}
        assert (stores["turns"]["rows_before"], stores["turns"]["removed"]) == (9, 9)
        assert stores["conversations"]["removed"] == 2

    def test_a_receipt_cannot_be_changed(self, privacy_user, conversation):
        made = ask(privacy_user, "conversation", conversation=conversation)
        ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.APPROVED)
        forget.forget_execute(request_id=made.pk)

        with pytest.raises(ProgrammingError, match="immutable"), transaction.atomic():
            ForgetReceipt.objects.filter(request=made).update(digest="0" * 64)
        with pytest.raises(ProgrammingError, match="immutable"), transaction.atomic():
            ForgetReceipt.objects.filter(request=made).delete()


class TestRunningAgain:
    def test_a_failed_request_runs_again_and_completes(
        self, privacy_user, second_privacy_user, conversation, django_capture_on_commit_callbacks
    ):
        made = ask(privacy_user, "conversation", conversation=conversation)
        ForgetRequest.objects.filter(pk=made.pk).update(status=ForgetRequest.Status.APPROVED)
        forget._start(made.pk)
        forget.forget_give_up(request_id=made.pk, error="OperationalError: the database went away")
        made.refresh_from_db()
        assert made.status == ForgetRequest.Status.FAILED

        with django_capture_on_commit_callbacks(execute=True):
            forget.forget_request_retry(request=made, actor=second_privacy_user, reason="database back")

        made.refresh_from_db()
        assert made.status == ForgetRequest.Status.COMPLETED
        assert ForgetReceipt.objects.filter(request=made).count() == 1
        assert AuditEntry.objects.filter(action="privacy.forget.retried", actor_label="pia-privacy").exists()

    def test_only_a_failed_request_runs_again(self, privacy_user, made_request):
        with pytest.raises(Conflict):
            forget.forget_request_retry(request=made_request, actor=privacy_user, reason="again")

    @pytest.mark.parametrize("persona", ["support_user", "admin_user"])
    def test_only_privacy_officers_run_it_again(self, persona, request, made_request):
        ForgetRequest.objects.filter(pk=made_request.pk).update(status=ForgetRequest.Status.FAILED)
        with pytest.raises(PermissionRefused):
            forget.forget_request_retry(
                request=made_request, actor=request.getfixturevalue(persona), reason="x"
            )
