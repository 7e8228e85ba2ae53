"""A conversation with every layer the detail page shows, built from scratch for its tests."""

from datetime import timedelta

from django.utils import timezone

from conversations.models import (
    Conversation,
    MemoryState,
    RefreshRun,
    Summary,
    SummaryKind,
    Turn,
)
from facts.models import FactRevision, PinnedFact
from tests.factories import ContextSnapshotFactory, ConversationFactory

ADDRESS_TURN = "Change of plan: please ship everything to 118 Station Road, Norwich NR2 2HR instead."
OLD_ADDRESS_TURN = "Hi, I ordered a kettle (ORD-69591), deliver it to Flat 2, 109 Beech Crescent please."


def url(conversation) -> str:
    """The conversation page's address."""
    return f"/conversations/{conversation.pk}/"


def htmx(client, path, target, **params):
    """A GET as htmx sends it, for the part of the page with id ``target``."""
    return client.get(path, params, HTTP_HX_REQUEST="true", HTTP_HX_TARGET=target)


def build_conversation(*, turns: int = 40, facts: int = 3, staff=None, **fields) -> Conversation:
    """``turns`` turns (turn 3 and turn 31 hold addresses), two summary versions of each kind,
    ``facts`` facts (an old address superseded by a new one, the rest order ids), with revisions,
    refresh runs and snapshots."""
    conversation = ConversationFactory(**fields)
    start = timezone.now() - timedelta(hours=turns)
    rows = []
    for seq in range(1, turns + 1):
        if seq == 3:
            content = OLD_ADDRESS_TURN
        elif seq == 31 and turns >= 31:
            content = ADDRESS_TURN
        else:
            content = f"Turn {seq}: a message about the order and its delivery."
        rows.append(
            Turn(
                conversation=conversation,
                seq=seq,
                role=Turn.Role.USER if seq % 2 else Turn.Role.ASSISTANT,
                content=content,
                created_at=start + timedelta(minutes=seq),
                tool_calls=(
                    [
                        {
                            "id": "c1",
                            "name": "lookup_order",
                            "arguments": {"order": "ORD-69591"},
                            "result": "shipped",
                        }
                    ]
                    if seq == 4
                    else None
                ),
            )
        )
    Turn.objects.bulk_create(rows)
    upto = turns - turns % 10 or turns
    for kind in (SummaryKind.STATIC, SummaryKind.ROLLING):
        for version, watermark in ((1, max(1, upto - 10)), (2, upto)):
            Summary.objects.create(
                conversation=conversation,
                kind=kind,
                version=version,
                upto_seq=watermark,
                body="The customer ordered a kettle. Address "
                + ("Beech Crescent." if version == 1 else "Station Road."),
                provider="local",
                model="local-extractive-1",
            )
    MemoryState.objects.create(
        conversation=conversation,
        version=2,
        summary_upto_seq=upto,
        facts_upto_seq=upto,
        facts_model="local-rules-1",
        refreshed_at=timezone.now(),
    )
    old = PinnedFact.objects.create(
        conversation=conversation,
        type="address",
        key="shipping_address",
        value="Flat 2, 109 Beech Crescent",
        source_seq=3,
        span_start=OLD_ADDRESS_TURN.index("Flat 2"),
        span_end=OLD_ADDRESS_TURN.index("Flat 2") + len("Flat 2, 109 Beech Crescent"),
        origin=PinnedFact.Origin.EXTRACTOR,
        status=PinnedFact.Status.SUPERSEDED,
        model="local-rules-1",
    )
    new = PinnedFact.objects.create(
        conversation=conversation,
        type="address",
        key="shipping_address",
        value="118 Station Road, Norwich NR2 2HR",
        source_seq=31 if turns >= 31 else 3,
        span_start=ADDRESS_TURN.index("118"),
        span_end=ADDRESS_TURN.index("118") + len("118 Station Road, Norwich NR2 2HR"),
        origin=PinnedFact.Origin.STAFF if staff else PinnedFact.Origin.EXTRACTOR,
        model="local-rules-1",
    )
    old.superseded_by = new
    old.save()
    FactRevision.objects.create(fact=old, action="extracted", after={"value": old.value, "status": "active"})
    FactRevision.objects.create(
        fact=old,
        action="superseded",
        before={"value": old.value, "status": "active"},
        after={"value": old.value, "status": "superseded"},
        reason="replaced by turn 31",
    )
    FactRevision.objects.create(
        fact=new,
        action="corrected" if staff else "extracted",
        actor=staff,
        after={"value": new.value, "status": "active"},
        reason="customer confirmed on the phone" if staff else "",
    )
    for number in range(max(0, facts - 2)):
        fact = PinnedFact.objects.create(
            conversation=conversation,
            type="identifier",
            key="order_id",
            value=f"ORD-{70000 + number}",
            source_seq=1 + number % turns,
            origin=PinnedFact.Origin.EXTRACTOR,
        )
        FactRevision.objects.create(fact=fact, action="extracted", after={"value": fact.value})
    for number in range(3):
        RefreshRun.objects.create(
            conversation=conversation,
            trigger=RefreshRun.Trigger.BOUNDARY,
            started_version=number,
            target_upto_seq=upto,
            outcome=RefreshRun.Outcome.STALE if number == 1 else RefreshRun.Outcome.COMMITTED,
            error="a newer state was committed first" if number == 1 else "",
            duration_ms=120,
            finished_at=timezone.now(),
        )
    ContextSnapshotFactory(
        conversation=conversation,
        message="Where is my kettle?",
        upto_seq=turns,
        messages=[{"role": "user", "content": "Where is my kettle?"}],
        token_counts={"total": 120},
    )
    return conversation
