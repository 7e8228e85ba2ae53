"""Storing a refresh's facts costs the same however many facts the conversation has pinned."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from facts.models import PinnedFact, identity_probe_sql
from facts.services import facts_apply_extraction, identity_probe, value_identity
from memadmin.providers.base import ExtractedFact
from tests.factories import ConversationFactory


def _long_conversation(earlier: int):
    """``earlier`` live order ids and dates, then a contact phone and the order id a refresh repeats."""
    conversation = ConversationFactory()
    facts = [
        PinnedFact(
            conversation=conversation,
            type="identifier" if n % 2 else "date",
            key="order_id" if n % 2 else "date",
            value=f"QX-{70000 + n}" if n % 2 else f"the {n % 28 + 1}th",
            normalised="" if n % 2 else f"2027-{n % 12 + 1:02d}-{n % 28 + 1:02d}",
            source_seq=n + 1,
            source_seqs=[n + 1],
            origin=PinnedFact.Origin.EXTRACTOR,
        )
        for n in range(earlier)
    ]
    facts.append(
        PinnedFact(
            conversation=conversation,
            type="phone",
            key="phone",
            value="01632 960 431",
            normalised="+441632960431",
            source_seq=earlier + 1,
            origin=PinnedFact.Origin.EXTRACTOR,
        )
    )
    facts.append(
        PinnedFact(
            conversation=conversation,
            type="identifier",
            key="order_id",
            value="ZB-31415",
            source_seq=earlier + 2,
            origin=PinnedFact.Origin.EXTRACTOR,
        )
    )
    PinnedFact.objects.bulk_create(facts)
    return conversation


def _refresh_window(at: int) -> list[ExtractedFact]:
    """Ten new turns: the order id said again in lower case, a new order id, a new phone."""
    return [
        ExtractedFact(type="identifier", key="order_id", value="zb-31415", source_seq=at + 1, span=(10, 18)),
        ExtractedFact(type="identifier", key="order_id", value="ZB-27182", source_seq=at + 3, span=(4, 12)),
        ExtractedFact(
            type="phone",
            key="phone",
            value="01632 960 999",
            normalised="+441632960999",
            source_seq=at + 5,
            span=(0, 13),
        ),
    ]


def _store_counting(conversation, extracted, monkeypatch) -> tuple[int, int]:
    """Store ``extracted``; return (queries run, fact rows read into objects)."""
    rows = []
    from_db = PinnedFact.from_db.__func__

    def counting(cls, db, field_names, values):
        rows.append(values)
        return from_db(cls, db, field_names, values)

    monkeypatch.setattr(PinnedFact, "from_db", classmethod(counting))
    with CaptureQueriesContext(connection) as queries:
        facts_apply_extraction(conversation=conversation, extracted=extracted, model="rules")
    monkeypatch.undo()
    return len(queries.captured_queries), len(rows)


@pytest.mark.django_db
class TestRefreshCostWithManyLiveFacts:
    def test_queries_and_rows_read_do_not_grow_with_the_live_facts(self, monkeypatch):
        small, large = _long_conversation(20), _long_conversation(3000)

        cost_small = _store_counting(small, _refresh_window(30), monkeypatch)
        cost_large = _store_counting(large, _refresh_window(3010), monkeypatch)

        assert cost_small == cost_large
        # The phone it replaces and the order id it repeats: nothing else is read.
        assert cost_large[1] == 2

    def test_the_fact_rules_hold_with_many_live_facts(self):
        conversation = _long_conversation(3000)

        facts_apply_extraction(conversation=conversation, extracted=_refresh_window(3010), model="rules")

        live = PinnedFact.objects.for_conversation(conversation).exclude(status="superseded")
        repeated = live.get(key="order_id", value="ZB-31415")
        assert repeated.turns == [3002, 3011]
        assert live.filter(key="order_id").count() == 1500 + 2
        assert list(live.filter(key="phone").values_list("value", flat=True)) == ["01632 960 999"]
        old_phone = PinnedFact.objects.get(conversation=conversation, value="01632 960 431")
        assert (old_phone.status, old_phone.superseded_by.value) == ("superseded", "01632 960 999")


# Pairs a person may write alike: the same value by ``value_identity``, in other case or spacing.
SAME_VALUES = [
    ("ZB-31415", "zb-31415"),
    ("12  Mühlenstraße\tNord", "12 MÜHLENSTRASSE nord".replace("SS", "ß")),
    ("École Saint-Jean", "ÉCOLE saint-jean"),
    ("İstiklal Caddesi 5", "i̇stiklal caddesi 5"),
    ("\u212aelvin Road 4", "kelvin road 4"),
    ("Ωmega 7", "ωMEGA 7"),
]


@pytest.mark.django_db
class TestARepeatIsFoundWhateverItsCase:
    @pytest.mark.parametrize(("stored", "said"), SAME_VALUES)
    def test_the_database_finds_the_fact_a_value_repeats(self, stored, said):
        assert value_identity(ExtractedFact("identifier", "order_id", said, 1, (0, 1))) == value_identity(
            PinnedFact(value=stored)
        )
        conversation = ConversationFactory()
        fact = PinnedFact.objects.create(
            conversation=conversation,
            type="identifier",
            key="order_id",
            value=stored,
            source_seq=3,
            origin=PinnedFact.Origin.EXTRACTOR,
        )
        said_again = ExtractedFact(type="identifier", key="order_id", value=said, source_seq=9, span=(0, 5))

        created = facts_apply_extraction(conversation=conversation, extracted=[said_again], model="rules")

        fact.refresh_from_db()
        assert created == []
        assert fact.turns == [3, 9]

    @pytest.mark.parametrize("value", [stored for stored, _ in SAME_VALUES])
    def test_the_database_computes_the_probe_as_python_does(self, value):
        fact = PinnedFact.objects.create(
            conversation=ConversationFactory(),
            type="identifier",
            key="order_id",
            value=value,
            source_seq=1,
            origin=PinnedFact.Origin.EXTRACTOR,
        )

        in_sql = PinnedFact.objects.filter(pk=fact.pk).annotate(probe=identity_probe_sql()).get().probe

        assert in_sql == identity_probe(fact) != ""
