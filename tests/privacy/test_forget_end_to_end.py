"""Forgetting with canary values planted across a subject's conversations, end to end.

Committed data (``transactional_db``): the work each change owes runs after
its commit, as in production, so approval runs the request, and the request
queues the rebuild of what stays.
"""

import json

import pytest
from django.utils import timezone

from conversations.assembly import context_preview
from conversations.models import Conversation, RefreshRun, Summary, Turn
from facts.models import FactRevision, PinnedFact
from memadmin.models import AuditEntry
from privacy.forget import residue_scan, target_of
from privacy.models import ForgetProbe, ForgetReceipt, ForgetRequest
from tests.factories import ConversationFactory, TurnFactory
from tests.privacy.world import (
    ALICE,
    BOB,
    build_subject,
    database_hits,
    export_everything,
    needles_of,
    plant_task_result,
    redis_hits,
    subject_checksum,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


@pytest.fixture
def world(support_user, test_redis, tmp_path):
    alice = build_subject("cust-alice", ALICE, staff=support_user)
    bob = build_subject("cust-bob", BOB, staff=support_user)
    plant_task_result(ALICE, "alice-1")
    plant_task_result(BOB, "bob-1")
    export = tmp_path / "export.jsonl"
    export_everything(export)
    return {"alice": alice, "bob": bob, "export": export, "bob_sum": subject_checksum("cust-bob")}


def assert_planted(canaries):
    """The scenario reaches every store it claims to, or the test proves nothing."""
    hits = {table for table, _, _ in database_hits(canaries.all)}
    for table in (
        "conversations_turn",
        "conversations_summary",
        "conversations_contextsnapshot",
        "conversations_labelledquery",
        "conversations_refreshrun",
        "facts_pinnedfact",
        "facts_factrevision",
        "facts_goldfact",
        "memadmin_auditentry",
        "memadmin_pendingtask",
        "qa_label",
        "qa_finding",
    ):
        assert table in hits, table
    assert database_hits([needles_of(canaries)[3]]), "the index's tsvector holds the name"


class TestForgettingASubject:
    def test_nothing_of_the_subject_is_left_anywhere_and_nothing_else_changed(self, world, run_forget):
        assert_planted(ALICE)
        assert redis_hits(ALICE.all) and ALICE.order in world["export"].read_text()

        request = run_forget("subject", subject_id="cust-alice", phrases=list(ALICE.all))

        assert request.status == ForgetRequest.Status.COMPLETED, request.error
        assert database_hits(needles_of(ALICE)) == []
        assert redis_hits(needles_of(ALICE)) == []
        exported = world["export"].read_text()
        assert not any(n.lower() in exported.lower() for n in needles_of(ALICE))
        assert "cust-alice" not in exported and exported.count("\n") == 2  # Bob's two conversations
        assert not Conversation.objects.filter(subject_id="cust-alice").exists()
        assert subject_checksum("cust-bob") == world["bob_sum"]
        assert redis_hits(BOB.all) and BOB.order in exported

    def test_the_receipt_counts_each_store_and_names_no_one(self, world, run_forget):
        request = run_forget("subject", subject_id="cust-alice", phrases=list(ALICE.all))

        receipt = ForgetReceipt.objects.get(request=request)
        document = receipt.document
        stores = {row["store"]: row for row in document["stores"]}
        assert stores["turns"]["rows_before"] == 48 and stores["turns"]["removed"] == 48
        assert stores["conversations"]["removed"] == 2
        assert stores["retrieval index"]["removed"] == 48
        assert stores["task results and cache (Redis)"]["removed"] == 1
        assert stores["export files"]["removed"] == 2
        assert stores["audit log"]["rewritten"] >= 2
        assert all(row["residue"] == 0 for row in document["stores"])
        assert document["subject"].startswith("subj_") and document["approved_by"] == "pia-privacy"
        text = json.dumps(document)
        assert "cust-alice" not in text and not any(c in text for c in ALICE.all)
        request.refresh_from_db()
        assert (request.subject_id, request.phrases) == ("", [])
        assert not ForgetProbe.objects.filter(request=request).exists()

    def test_the_audit_log_keeps_the_events_without_their_content(self, world, run_forget):
        conversation_ids = [c.pk for c in world["alice"]]
        events = AuditEntry.objects.filter(conversation_id__in=conversation_ids).count()

        run_forget("subject", subject_id="cust-alice", phrases=list(ALICE.all))

        kept = AuditEntry.objects.filter(conversation_id__in=conversation_ids)
        assert kept.count() == events
        assert all(e.before is None and e.after is None for e in kept)
        actions = set(
            AuditEntry.objects.filter(action__startswith="privacy.").values_list("action", flat=True)
        )
        assert actions == {
            "privacy.forget.requested",
            "privacy.forget.approved",
            "privacy.forget.started",
            "privacy.forget.completed",
        }


class TestForgettingValues:
    def test_the_values_are_gone_and_the_next_context_does_not_mention_them(self, world, run_forget):
        request = run_forget("value", subject_id="cust-alice", phrases=list(ALICE.all))

        assert request.status == ForgetRequest.Status.COMPLETED, request.error
        assert database_hits(needles_of(ALICE)) == []
        assert redis_hits(needles_of(ALICE)) == []
        for conversation in world["alice"]:
            context = context_preview(conversation=conversation, message="Where is my parcel going?")
            sent = json.dumps(context.messages)
            assert not any(c.lower() in sent.lower() for c in ALICE.all)
            # The record stays, redacted in place; the summaries were rebuilt from it.
            assert Turn.objects.filter(conversation=conversation).count() == 24
            assert "[forgotten]" in Turn.objects.get(conversation=conversation, seq=5).content
            assert Summary.objects.filter(conversation=conversation, kind="rolling").exists()
        assert subject_checksum("cust-bob") == world["bob_sum"]

    def test_turns_that_never_held_a_value_are_unchanged(self, world, run_forget):
        conversation = world["alice"][0]
        before = list(
            Turn.objects.filter(conversation=conversation).exclude(seq__in=[3, 5, 6, 7, 13]).values()
        )

        run_forget("value", subject_id="cust-alice", phrases=list(ALICE.all))

        after = list(
            Turn.objects.filter(conversation=conversation).exclude(seq__in=[3, 5, 6, 7, 13]).values()
        )
        assert after == before


class TestForgettingTurns:
    """Seed scenario: a request to forget something, checked against both summaries and retained history."""

    def test_summaries_and_history_no_longer_hold_the_forgotten_turn(self, world, run_forget):
        conversation = world["alice"][1]
        old_summaries = set(Summary.objects.filter(conversation=conversation).values_list("pk", flat=True))
        assert any(ALICE.address in s.body for s in Summary.objects.filter(pk__in=old_summaries))
        others = list(Turn.objects.filter(conversation=conversation).exclude(seq__in=[7, 13]).values())

        request = run_forget("turns", conversation=conversation, turn_seqs=(7, 13), phrases=[ALICE.address])

        assert request.status == ForgetRequest.Status.COMPLETED, request.error
        summaries = Summary.objects.filter(conversation=conversation)
        assert not set(summaries.values_list("pk", flat=True)) & old_summaries
        assert summaries.exists() and not any(ALICE.address in s.body for s in summaries)
        assert not PinnedFact.objects.filter(conversation=conversation, value__icontains="Wistful").exists()
        assert not FactRevision.objects.filter(
            fact__conversation=conversation, before__icontains="Wistful"
        ).exists()
        assert list(Turn.objects.filter(conversation=conversation).values()) == others
        # The other conversation of the subject still has its own copy: the request named these turns only.
        assert Turn.objects.filter(
            conversation=world["alice"][0], seq=7, content__contains=ALICE.address
        ).exists()
        assert subject_checksum("cust-bob") == world["bob_sum"]

    def test_a_summary_planted_after_the_run_is_residue(self, world, run_forget):
        conversation = world["alice"][1]
        request = run_forget("turns", conversation=conversation, turn_seqs=(7,), phrases=[ALICE.address])
        request.phrases = [ALICE.address]  # the scan reads the values; the request wiped its own copy
        Summary.objects.create(
            conversation=conversation,
            kind="rolling",
            version=999,
            upto_seq=24,
            body=f"Lives at {ALICE.address}",
        )

        assert residue_scan(target_of(request))["summaries"] == 1

    def test_a_value_another_subject_also_said_is_forgotten_for_this_subject_only(self, world, run_forget):
        shared = "Dunmore DM4 2QP"  # both subjects gave it
        bob_lines = [line for line in world["export"].read_text().splitlines() if "cust-bob" in line]
        assert all(shared in line for line in bob_lines)

        request = run_forget("value", subject_id="cust-alice", phrases=[shared])

        assert request.status == ForgetRequest.Status.COMPLETED, request.error
        assert not Turn.objects.filter(
            conversation__subject_id="cust-alice", content__contains=shared
        ).exists()
        assert subject_checksum("cust-bob") == world["bob_sum"]
        after = world["export"].read_text()
        assert [line for line in after.splitlines() if "cust-bob" in line] == bob_lines
        assert all(shared not in line for line in after.splitlines() if "cust-alice" in line)


class TestRefreshErrorsOfAForgottenTurn:
    def test_only_the_runs_that_may_have_read_it_lose_their_error(self, run_forget):
        conversation = ConversationFactory(subject_id="cust-runs")
        for seq in range(1, 13):
            TurnFactory(conversation=conversation, seq=seq, content=f"turn {seq} of a late parcel")

        def failed(trigger, target, error):
            return RefreshRun.objects.create(
                conversation=conversation,
                trigger=trigger,
                target_upto_seq=target,
                outcome=RefreshRun.Outcome.FAILED,
                error=error,
                finished_at=timezone.now(),
            )

        before = failed(RefreshRun.Trigger.BOUNDARY, 4, "provider timed out on turns 1-4")
        through = failed(RefreshRun.Trigger.BOUNDARY, 8, "provider rejected 'turn 7 of a late parcel'")
        asked = failed(RefreshRun.Trigger.ON_DEMAND, 4, "provider rejected the prompt")  # may read on

        request = run_forget("turns", conversation=conversation, turn_seqs=(7,))

        assert request.status == ForgetRequest.Status.COMPLETED, request.error
        marker = f"[removed by forget request #{request.pk}]"
        errors = {run.pk: run.error for run in RefreshRun.objects.filter(conversation=conversation)}
        assert (errors[before.pk], errors[through.pk], errors[asked.pk]) == (
            "provider timed out on turns 1-4", marker, marker,
        )  # fmt: skip
