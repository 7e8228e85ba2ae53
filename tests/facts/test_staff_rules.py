"""The rules staff changes to pinned facts keep, whoever calls them."""

from datetime import timedelta

import pytest
from django.utils import timezone

from conversations.memory import memory_refresh, memory_state
from conversations.models import RefreshRun
from facts.models import FactRevision, PinnedFact
from facts.services import facts_apply_extraction, uncaptured_topics
from facts.slots import slot_label
from facts.staff import fact_correct, fact_mark_temporary, fact_retract
from memadmin.errors import Conflict
from memadmin.models import AuditEntry
from memadmin.providers.base import ExtractedFact
from tests.factories import ConversationFactory, TurnFactory


def pinned(conversation, **fields) -> PinnedFact:
    values = {
        "type": "preference",
        "key": "contact_preference",
        "value": "text me instead of calling",
        "source_seq": 1,
        "origin": PinnedFact.Origin.EXTRACTOR,
    } | fields
    return PinnedFact.objects.create(conversation=conversation, **values)


@pytest.fixture
def conversation(db):
    return ConversationFactory()


@pytest.mark.django_db
class TestOnlyALiveFactCanBeMarkedTemporary:
    @pytest.mark.parametrize("status", [PinnedFact.Status.SUPERSEDED, PinnedFact.Status.RETRACTED])
    def test_a_dead_fact_is_refused_and_stays_dead(self, conversation, support_user, status):
        fact = pinned(conversation, status=status)

        with pytest.raises(Conflict):
            fact_mark_temporary(
                fact=fact, until=timezone.localdate() + timedelta(days=2), actor=support_user, reason="away"
            )

        fact.refresh_from_db()
        assert (fact.status, fact.temporary_until) == (status, None)
        assert not PinnedFact.objects.for_conversation(conversation).current(timezone.localdate()).exists()
        assert not AuditEntry.objects.exists()


@pytest.mark.django_db
class TestTheAuditEntryOfACorrection:
    def test_its_before_is_the_fact_as_it_was(self, conversation, support_user):
        fact = pinned(conversation, type="amount", key="refund_amount", value="£147.50")

        fact_correct(fact=fact, value="£150.00", actor=support_user, reason="agent confirmed")

        entry = AuditEntry.objects.get(action="memadmin.fact.corrected")
        assert (entry.before["value"], entry.before["status"]) == ("£147.50", "active")
        assert (entry.after["value"], entry.after["status"]) == ("£150.00", "active")


@pytest.mark.django_db
class TestAStaffFactWinsOverTheExtractor:
    def test_a_new_extracted_value_for_its_key_leaves_it_in_place_and_is_noted(self, conversation):
        staff = pinned(
            conversation, type="address", key="shipping_address", value="118 Station Road", origin="staff"
        )
        proposal = ExtractedFact(
            type="address",
            key="shipping_address",
            value="9 Mill Lane",
            source_seq=7,
            span=(11, 22),
            supersedes=True,
        )

        created = facts_apply_extraction(conversation=conversation, extracted=[proposal], model="rules")

        staff.refresh_from_db()
        assert created == []
        assert staff.status == PinnedFact.Status.ACTIVE
        assert list(PinnedFact.objects.filter(conversation=conversation).values_list("value", flat=True)) == [
            "118 Station Road"
        ]
        conflict = FactRevision.objects.get(fact=staff, action="extractor_conflict")
        assert conflict.after == {"proposed_value": "9 Mill Lane", "source_seq": 7}

    def test_an_extractor_fact_of_the_same_key_is_replaced(self, conversation):
        # The same input against an extractor fact: the branch above is what keeps the staff one.
        old = pinned(conversation, type="address", key="shipping_address", value="118 Station Road")
        proposal = ExtractedFact(
            type="address", key="shipping_address", value="9 Mill Lane", source_seq=7, span=(11, 22)
        )

        facts_apply_extraction(conversation=conversation, extracted=[proposal], model="rules")

        old.refresh_from_db()
        assert old.status == PinnedFact.Status.SUPERSEDED


def _refresh_planned_before(conversation, change):
    """Plan a refresh at the current version, make ``change``, then let the refresh run."""
    planned = memory_state(conversation).version
    change()
    return memory_refresh(conversation_id=conversation.pk, trigger="on_demand", expected_version=planned)


@pytest.mark.django_db
class TestAStaffChangeBumpsTheMemoryVersion:
    @pytest.fixture
    def refund(self, conversation):
        for seq, content in enumerate(["The refund agreed is £147.50.", "Noted.", "ok", "ok"], start=1):
            TurnFactory(conversation=conversation, seq=seq, content=content)
        return pinned(conversation, type="amount", key="refund_amount", value="£147.50")

    def test_a_correction_makes_a_refresh_planned_before_it_stale(self, conversation, refund, support_user):
        version = memory_state(conversation).version

        run = _refresh_planned_before(
            conversation,
            lambda: fact_correct(fact=refund, value="£150.00", actor=support_user, reason="agent confirmed"),
        )

        assert run.outcome == RefreshRun.Outcome.STALE
        assert memory_state(conversation).version == version + 1
        live = PinnedFact.objects.for_conversation(conversation).current(timezone.localdate())
        assert list(live.values_list("value", "origin")) == [("£150.00", "staff")]

    def test_a_retraction_makes_a_refresh_planned_before_it_stale(self, conversation, refund, support_user):
        run = _refresh_planned_before(
            conversation, lambda: fact_retract(fact=refund, actor=support_user, reason="never agreed")
        )

        assert run.outcome == RefreshRun.Outcome.STALE
        refund.refresh_from_db()
        assert refund.status == PinnedFact.Status.RETRACTED


@pytest.mark.django_db
class TestRetract:
    def test_a_retracted_fact_is_no_longer_current_and_its_history_says_why(self, conversation, support_user):
        fact = pinned(conversation)

        fact_retract(fact=fact, actor=support_user, reason="the agent misheard")

        fact.refresh_from_db()
        assert fact.status == PinnedFact.Status.RETRACTED
        assert not PinnedFact.objects.for_conversation(conversation).current(timezone.localdate()).exists()
        revision = FactRevision.objects.get(fact=fact, action="retracted")
        assert (revision.before["status"], revision.after["status"], revision.reason) == (
            "active",
            "retracted",
            "the agent misheard",
        )
        entry = AuditEntry.objects.get(action="memadmin.fact.retracted")
        assert (entry.actor, entry.before["status"], entry.after["status"]) == (
            support_user,
            "active",
            "retracted",
        )

    def test_a_fact_already_retracted_cannot_be_retracted_again(self, conversation, support_user):
        fact = pinned(conversation, status=PinnedFact.Status.RETRACTED)

        with pytest.raises(Conflict):
            fact_retract(fact=fact, actor=support_user, reason="again")

        assert not AuditEntry.objects.exists()


@pytest.mark.django_db
class TestDiscussedButNotCapturedIgnoresDeadFacts:
    @pytest.mark.parametrize("status", [PinnedFact.Status.SUPERSEDED, PinnedFact.Status.RETRACTED])
    def test_a_refund_whose_only_amount_is_dead_is_not_captured(self, conversation, status):
        TurnFactory(conversation=conversation, seq=1, content="About the refund we agreed.")
        pinned(conversation, type="amount", key="refund_amount", value="£147.50", status=status)

        assert uncaptured_topics(conversation=conversation, upto_seq=1) == [("refund amount", [1])]

    def test_a_live_amount_captures_it(self, conversation):
        TurnFactory(conversation=conversation, seq=1, content="About the refund we agreed.")
        pinned(conversation, type="amount", key="refund_amount", value="£147.50")

        assert uncaptured_topics(conversation=conversation, upto_seq=1) == []

    def test_where_it_goes_reads_as_the_slot_the_extractor_fills(self, conversation):
        TurnFactory(conversation=conversation, seq=1, content="Please ship it to my sister's in Leeds.")

        assert uncaptured_topics(conversation=conversation, upto_seq=1) == [("shipping address", [1])]
        assert slot_label("shipping_address") == "shipping address"

    def test_an_address_a_person_pinned_as_the_delivery_address_captures_where_it_goes(self, conversation):
        TurnFactory(conversation=conversation, seq=1, content="Please send it to 7 Orchard Row, Ely CB7 4JP.")
        pinned(conversation, type="address", key="delivery_address", value="7 Orchard Row, Ely CB7 4JP")

        assert uncaptured_topics(conversation=conversation, upto_seq=1) == []
