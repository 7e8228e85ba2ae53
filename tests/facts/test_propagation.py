"""A correction reaches the summaries: flagged where quoted, marked in every summary written after it."""

import pytest

from conversations.memory import memory_refresh, memory_reindex, turns_appended
from conversations.models import MemoryState, RefreshRun, Summary, TurnIndexEntry
from conversations.services import memory_refresh_request
from facts.models import PinnedFact
from facts.propagation import mark_corrections, staff_corrections
from facts.staff import fact_correct, fact_correction_undo, fact_retract
from tests.factories import ConversationFactory, TurnFactory


@pytest.fixture
def conversation(db, settings):
    settings.MEMADMIN_REFRESH_EVERY = 4
    conversation = ConversationFactory()
    contents = [
        "The refund agreed is £147.50 for order ORD-48213.",
        "Noted, I will arrange it.",
        "Thanks.",
        "Bye.",
    ]
    for seq, content in enumerate(contents, start=1):
        TurnFactory(
            conversation=conversation, seq=seq, role="user" if seq % 2 else "assistant", content=content
        )
    turns_appended(conversation_id=conversation.pk)
    return conversation


def current(conversation, kind) -> Summary:
    return Summary.objects.filter(conversation=conversation, kind=kind).order_by("-version").first()


def refund(conversation) -> PinnedFact:
    return PinnedFact.objects.get(conversation=conversation, key="refund_amount", status="active")


@pytest.mark.django_db
class TestReSummariseAfterACorrection:
    def test_the_flagged_summary_is_rewritten_with_the_correction_marked(self, conversation, support_user):
        assert "£147.50" in current(conversation, "rolling").body
        fact_correct(fact=refund(conversation), value="£150.00", actor=support_user, reason="agent confirmed")
        assert current(conversation, "rolling").stale_values == ["£147.50"]
        version = MemoryState.objects.get(conversation=conversation).version

        run = memory_refresh(
            conversation_id=conversation.pk, trigger="on_demand", kinds=("rolling",), force=True
        )

        assert run.outcome == RefreshRun.Outcome.COMMITTED
        rolling = current(conversation, "rolling")
        # Its own second version, written by the memory's version after the correction's.
        assert (rolling.version, rolling.memory_version) == (2, version + 1)
        assert "£147.50 [corrected by staff: £150.00]" in rolling.body
        assert rolling.stale_values == []
        # Only the kind asked for was rewritten.
        assert current(conversation, "static").version == 1

    def test_without_force_a_refresh_with_nothing_new_is_skipped(self, conversation):
        run = memory_refresh(conversation_id=conversation.pk, trigger="on_demand")

        assert run.outcome == RefreshRun.Outcome.SKIPPED

    def test_a_request_naming_kinds_rewrites_them(
        self, conversation, support_user, django_capture_on_commit_callbacks
    ):
        with django_capture_on_commit_callbacks(execute=True):
            memory_refresh_request(
                conversation=conversation, actor=support_user, reason="after a correction", kinds=["static"]
            )

        run = RefreshRun.objects.filter(conversation=conversation).first()
        assert (run.trigger, run.outcome, run.requested_by) == ("on_demand", "committed", support_user)
        assert current(conversation, "static").memory_version == run.committed_version
        assert current(conversation, "rolling").memory_version < run.committed_version
        assert (current(conversation, "static").version, current(conversation, "rolling").version) == (2, 1)


@pytest.mark.django_db
class TestStaffCorrections:
    def test_a_chain_of_corrections_points_to_the_current_value(self, conversation, support_user):
        first = fact_correct(fact=refund(conversation), value="£150.00", actor=support_user, reason="a")
        fact_correct(fact=first, value="£155.00", actor=support_user, reason="b")

        assert staff_corrections(conversation.pk) == {"£147.50": "£155.00", "£150.00": "£155.00"}

    def test_an_undone_correction_retires_nothing_the_turns_said(self, conversation, support_user):
        corrected = fact_correct(fact=refund(conversation), value="£150.00", actor=support_user, reason="a")
        fact_correction_undo(fact=corrected, actor=support_user, reason="wrong")

        assert "£147.50" not in staff_corrections(conversation.pk)

    def test_a_retracted_value_is_marked_as_retracted_once(self, conversation, support_user):
        fact_retract(fact=refund(conversation), actor=support_user, reason="never agreed")
        corrections = staff_corrections(conversation.pk)

        once = mark_corrections("Refund £147.50 agreed.", corrections)

        assert once == "Refund £147.50 [retracted by staff] agreed."
        assert mark_corrections(once, corrections) == once

    def test_a_correction_that_keeps_the_old_words_is_marked_once_not_inside_itself(self):
        corrections = {"Leeds": "Leeds, West Yorkshire"}

        once = mark_corrections("They moved to Leeds in May.", corrections)

        assert once == "They moved to Leeds [corrected by staff: Leeds, West Yorkshire] in May."
        assert mark_corrections(once, corrections) == once  # a summary written from this one
        # The new value said in full is the right one already: nothing to mark in it.
        assert (
            mark_corrections("Now in Leeds, West Yorkshire.", corrections) == "Now in Leeds, West Yorkshire."
        )


@pytest.mark.django_db
class TestReindex:
    def test_it_indexes_only_what_is_missing(self, conversation):
        TurnIndexEntry.objects.filter(conversation=conversation, seq=2).delete()

        assert memory_reindex(conversation_id=conversation.pk) == 1
        assert memory_reindex(conversation_id=conversation.pk) == 0
        assert TurnIndexEntry.objects.filter(conversation=conversation).count() == 4
