"""Each staff action on pinned facts, and how it propagates to summaries, the index and assembly."""

from datetime import timedelta

import pytest
from django.utils import timezone

from conversations.assembly import context_assemble
from conversations.models import MemoryState, Summary, TurnIndexEntry
from facts.models import FactRevision, PinnedFact
from facts.staff import (
    PermissionRefused,
    fact_add,
    fact_correct,
    fact_correction_undo,
    fact_flag,
    fact_make_durable,
    fact_mark_temporary,
    fact_retract,
)
from memadmin.errors import Conflict, InvalidInput
from memadmin.models import AuditEntry
from tests.factories import ConversationFactory, TurnFactory

ADDRESS_TURN = "Please ship it to 109 Beech Crescent, Norwich instead."


@pytest.fixture
def conversation(db):
    conversation = ConversationFactory()
    TurnFactory(conversation=conversation, seq=1, content=ADDRESS_TURN)
    TurnFactory(
        conversation=conversation, seq=2, role="assistant", content="Done, I'll text you when it ships."
    )
    TurnFactory(conversation=conversation, seq=3, content="This week, text me rather than calling.")
    return conversation


@pytest.fixture
def address(conversation):
    return PinnedFact.objects.create(
        conversation=conversation,
        type="address",
        key="shipping_address",
        value="109 Beech Crescent, Norwich",
        source_seq=1,
        span_start=18,
        span_end=45,
        origin=PinnedFact.Origin.EXTRACTOR,
    )


@pytest.fixture
def preference(conversation):
    return PinnedFact.objects.create(
        conversation=conversation,
        type="preference",
        key="contact_preference",
        value="text me rather than calling",
        source_seq=3,
        origin=PinnedFact.Origin.EXTRACTOR,
    )


def summary(conversation, kind, version, body):
    return Summary.objects.create(
        conversation=conversation,
        kind=kind,
        version=version,
        upto_seq=3,
        body=body,
        provider="local",
        model="x",
    )


def facts_block(conversation, today=None) -> str:
    snapshot = context_assemble(conversation=conversation, message="Where is my parcel?", today=today)
    return next(m["content"] for m in snapshot.messages if m["content"].startswith("Pinned facts"))


@pytest.mark.django_db
class TestCorrect:
    def test_current_summaries_quoting_the_old_value_are_flagged_and_older_versions_are_not(
        self, conversation, address, support_user
    ):
        old_static = summary(conversation, "static", 1, "Ships to 109 Beech Crescent, Norwich.")
        static = summary(conversation, "static", 2, "- [turn 1] ship it to 109 Beech Crescent, Norwich")
        rolling = summary(conversation, "rolling", 2, "- [turn 2] I'll text you when it ships.")

        fact_correct(fact=address, value="118 Station Road, Norwich", actor=support_user, reason="moved")

        for item in (old_static, static, rolling):
            item.refresh_from_db()
        assert static.stale_values == ["109 Beech Crescent, Norwich"]
        assert (old_static.stale_values, rolling.stale_values) == ([], [])

    def test_the_turn_of_the_fact_is_indexed_when_it_was_not(
        self, conversation, address, support_user, django_capture_on_commit_callbacks
    ):
        assert not TurnIndexEntry.objects.filter(conversation=conversation).exists()

        with django_capture_on_commit_callbacks(execute=True):
            fact_correct(fact=address, value="118 Station Road", actor=support_user, reason="moved")

        assert list(
            TurnIndexEntry.objects.filter(conversation=conversation).values_list("seq", flat=True)
        ) == [1]

    def test_a_stale_form_is_refused_and_nothing_changes(self, conversation, address, support_user):
        seen = address.updated_at
        fact_flag(fact=address, actor=support_user, reason="check the postcode")

        with pytest.raises(Conflict) as error:
            fact_correct(fact=address, value="x", actor=support_user, reason="r", seen_updated_at=seen)

        assert error.value.code == "stale"
        assert PinnedFact.objects.filter(conversation=conversation).count() == 1

    @pytest.mark.parametrize("persona", ["qa_user", "privacy_user", "outsider"])
    def test_a_role_that_only_reads_is_refused(self, request, address, persona):
        with pytest.raises(PermissionRefused):
            fact_correct(fact=address, value="x", actor=request.getfixturevalue(persona), reason="r")

        assert not AuditEntry.objects.exists()

    def test_a_correction_reaches_the_model(self, conversation, address, support_user):
        MemoryState.objects.create(conversation=conversation, facts_upto_seq=3)
        assert "shipping_address (address): 109 Beech Crescent, Norwich [turn 1]" in facts_block(conversation)

        fact_correct(fact=address, value="118 Station Road", actor=support_user, reason="moved")

        block = facts_block(conversation)
        assert "shipping_address (address): 118 Station Road [corrected by staff, turn 1]" in block
        assert "Beech" not in block


@pytest.mark.django_db
class TestUndoACorrection:
    def test_the_old_value_is_current_again_and_both_histories_say_so(
        self, conversation, address, support_user
    ):
        static = summary(conversation, "static", 1, "Ships to 109 Beech Crescent, Norwich.")
        corrected = fact_correct(fact=address, value="118 Station Road", actor=support_user, reason="moved")

        restored = fact_correction_undo(fact=corrected, actor=support_user, reason="wrong customer")

        corrected.refresh_from_db()
        static.refresh_from_db()
        assert restored == address
        assert (restored.status, restored.superseded_by) == ("active", None)
        assert (corrected.status, corrected.superseded_by) == ("superseded", address)
        assert list(FactRevision.objects.filter(fact=address).values_list("action", flat=True)) == [
            "superseded",
            "restored",
        ]
        assert FactRevision.objects.get(fact=corrected, action="correction_undone").reason == "wrong customer"
        assert static.stale_values == []
        assert AuditEntry.objects.filter(action="memadmin.fact.restored").count() == 1

    def test_a_temporary_fact_comes_back_temporary(self, conversation, preference, support_user):
        until = timezone.localdate() + timedelta(days=5)
        fact_mark_temporary(fact=preference, until=until, actor=support_user, reason="this week")
        corrected = fact_correct(fact=preference, value="email me", actor=support_user, reason="said email")

        restored = fact_correction_undo(fact=corrected, actor=support_user, reason="misread")

        assert (restored.status, restored.temporary_until) == ("temporary", until)

    def test_an_extracted_fact_is_not_a_correction(self, address, support_user):
        with pytest.raises(Conflict):
            fact_correction_undo(fact=address, actor=support_user, reason="r")


@pytest.mark.django_db
class TestAddByASelection:
    def test_the_selected_words_become_a_staff_fact_with_their_span(self, conversation, support_user):
        fact = fact_add(
            conversation=conversation,
            source_seq=2,
            span_start=6,
            span_end=33,
            value="I'll text you when it ships",
            type="commitment",
            key="agent_commitment",
            actor=support_user,
            reason="missed promise",
        )

        assert (fact.origin, fact.status, fact.source_seq, fact.span_start, fact.span_end) == (
            "staff",
            "active",
            2,
            6,
            33,
        )
        assert AuditEntry.objects.get(action="memadmin.fact.added").after["value"] == fact.value

    @pytest.mark.parametrize(
        ("seq", "start", "end", "value", "code"),
        [
            (9, 0, 4, "Done", "unknown_turn"),
            (2, 30, 90, "ships.", "span_outside_turn"),
            (2, 0, 4, "Dome", "span_mismatch"),
            (2, 4, 4, "", "span_outside_turn"),
        ],
    )
    def test_a_selection_outside_the_turn_or_not_matching_it_is_refused(
        self, conversation, support_user, seq, start, end, value, code
    ):
        with pytest.raises(InvalidInput) as error:
            fact_add(
                conversation=conversation,
                source_seq=seq,
                span_start=start,
                span_end=end,
                value=value,
                type="commitment",
                key="agent_commitment",
                actor=support_user,
                reason="missed",
            )

        assert error.value.code == code
        assert not PinnedFact.objects.exists()

    def test_a_turn_of_another_conversation_is_not_found(self, conversation, support_user):
        other = ConversationFactory()
        TurnFactory(conversation=other, seq=7, content="Done")

        with pytest.raises(InvalidInput) as error:
            fact_add(
                conversation=conversation,
                source_seq=7,
                span_start=0,
                span_end=4,
                value="Done",
                type="commitment",
                key="agent_commitment",
                actor=support_user,
                reason="r",
            )

        assert error.value.code == "unknown_turn"

    def test_a_second_value_for_a_single_valued_key_must_be_a_correction(
        self, conversation, address, support_user
    ):
        with pytest.raises(Conflict) as error:
            fact_add(
                conversation=conversation,
                source_seq=1,
                span_start=18,
                span_end=36,
                value="109 Beech Crescent",
                type="address",
                key="shipping_address",
                actor=support_user,
                reason="r",
            )

        assert error.value.code == "single_valued"


@pytest.mark.django_db
class TestRetractFlagsSummaries:
    def test_a_summary_quoting_a_retracted_value_is_flagged(self, conversation, address, support_user):
        static = summary(conversation, "static", 1, "Ships to 109 Beech Crescent, Norwich.")

        fact_retract(fact=address, actor=support_user, reason="not this customer's")

        static.refresh_from_db()
        assert static.stale_values == ["109 Beech Crescent, Norwich"]


@pytest.mark.django_db
class TestTemporaryAndDurable:
    def test_until_a_date_the_model_reads_it_until_then_and_not_after(
        self, conversation, preference, support_user
    ):
        MemoryState.objects.create(conversation=conversation, facts_upto_seq=3)
        today = timezone.localdate()
        before = facts_block(conversation, today=today)

        fact_mark_temporary(
            fact=preference, until=today + timedelta(days=2), actor=support_user, reason="away"
        )

        assert "contact_preference (preference): text me rather than calling [turn 3]" in before
        during = facts_block(conversation, today=today + timedelta(days=2))
        after = facts_block(conversation, today=today + timedelta(days=3))
        until = f"{today + timedelta(days=2):%Y-%m-%d}"
        assert f"contact_preference (temporary, until {until}): text me rather than calling" in during
        assert "text me" not in after

    def test_for_this_conversation_only_it_is_read_as_temporary_without_an_end(
        self, conversation, preference, support_user
    ):
        MemoryState.objects.create(conversation=conversation, facts_upto_seq=3)

        fact_mark_temporary(
            fact=preference, this_conversation_only=True, actor=support_user, reason="for now"
        )

        block = facts_block(conversation, today=timezone.localdate() + timedelta(days=400))
        assert "contact_preference (temporary, this conversation only): text me rather than calling" in block

    def test_made_durable_again_it_has_no_end(self, preference, support_user):
        fact_mark_temporary(
            fact=preference, this_conversation_only=True, actor=support_user, reason="for now"
        )

        fact = fact_make_durable(fact=preference, actor=support_user, reason="it is their habit")

        assert (fact.status, fact.temporary_until) == ("active", None)
        revision = FactRevision.objects.get(fact=fact, action="made_durable")
        assert (revision.before["status"], revision.after["status"]) == ("temporary", "active")

    @pytest.mark.parametrize("scope", [{}, {"until": "both", "this_conversation_only": True}])
    def test_exactly_one_scope_is_required(self, preference, support_user, scope):
        if scope.get("until") == "both":
            scope["until"] = timezone.localdate()
        with pytest.raises(InvalidInput) as error:
            fact_mark_temporary(fact=preference, actor=support_user, reason="r", **scope)

        assert error.value.code == "scope_required"

    def test_a_durable_fact_cannot_be_made_durable(self, preference, support_user):
        with pytest.raises(Conflict):
            fact_make_durable(fact=preference, actor=support_user, reason="r")


@pytest.mark.django_db
class TestFlagForReview:
    def test_flagging_sets_needs_review_with_the_reason_and_unflagging_clears_it(self, address, support_user):
        fact_flag(fact=address, actor=support_user, reason="postcode looks wrong")
        address.refresh_from_db()
        assert (address.needs_review, address.review_reason) == (True, "postcode looks wrong")

        fact_flag(fact=address, actor=support_user, reason="checked", needs_review=False)

        address.refresh_from_db()
        assert (address.needs_review, address.review_reason) == (False, "")
        assert list(AuditEntry.objects.order_by("id").values_list("action", flat=True)) == [
            "memadmin.fact.flagged",
            "memadmin.fact.unflagged",
        ]
