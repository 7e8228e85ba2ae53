"""Staff changes to pinned facts: history kept, reasons required, audited."""

from datetime import timedelta

import pytest
from django.utils import timezone

from facts.models import FactRevision, PinnedFact
from facts.staff import fact_correct, fact_mark_temporary
from memadmin.errors import InvalidInput
from memadmin.models import AuditEntry
from tests.factories import ConversationFactory


@pytest.fixture
def fact(db):
    return PinnedFact.objects.create(
        conversation=ConversationFactory(),
        type="preference",
        key="contact_preference",
        value="text me instead of calling",
        source_seq=4,
        origin=PinnedFact.Origin.EXTRACTOR,
    )


@pytest.mark.django_db
class TestCorrectAFact:
    def test_the_correction_supersedes_and_the_old_value_stays_in_the_history(self, fact, support_user):
        corrected = fact_correct(fact=fact, value="email me", actor=support_user, reason="customer said so")

        fact.refresh_from_db()
        assert (fact.status, fact.superseded_by) == (PinnedFact.Status.SUPERSEDED, corrected)
        assert (corrected.value, corrected.origin, corrected.source_seq) == ("email me", "staff", 4)
        assert FactRevision.objects.get(fact=corrected, action="corrected").before["value"] == fact.value
        entry = AuditEntry.objects.get(action="memadmin.fact.corrected")
        assert (entry.actor, entry.reason, entry.after["value"]) == (
            support_user,
            "customer said so",
            "email me",
        )

    @pytest.mark.parametrize(("value", "reason"), [("  ", "why"), ("email me", " ")])
    def test_an_empty_value_or_reason_is_refused_and_nothing_changes(self, fact, support_user, value, reason):
        with pytest.raises(InvalidInput):
            fact_correct(fact=fact, value=value, actor=support_user, reason=reason)

        fact.refresh_from_db()
        assert fact.status == PinnedFact.Status.ACTIVE
        assert not AuditEntry.objects.exists()


@pytest.mark.django_db
class TestMarkTemporary:
    def test_it_becomes_temporary_until_the_date_and_is_not_current_after_it(self, fact, support_user):
        until = timezone.localdate() + timedelta(days=3)

        fact_mark_temporary(fact=fact, until=until, actor=support_user, reason="only while travelling")

        facts = PinnedFact.objects.for_conversation(fact.conversation)
        assert facts.current(until).get() == fact
        assert not facts.current(until + timedelta(days=1)).exists()
        assert FactRevision.objects.get(fact=fact, action="marked_temporary").before["status"] == "active"
        assert AuditEntry.objects.get(action="memadmin.fact.marked_temporary").actor == support_user

    @pytest.mark.parametrize(("days", "reason"), [(-1, "travelling"), (3, "  ")])
    def test_a_past_date_or_no_reason_is_refused(self, fact, support_user, days, reason):
        with pytest.raises(InvalidInput):
            fact_mark_temporary(
                fact=fact,
                until=timezone.localdate() + timedelta(days=days),
                actor=support_user,
                reason=reason,
            )

        fact.refresh_from_db()
        assert fact.status == PinnedFact.Status.ACTIVE
