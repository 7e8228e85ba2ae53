"""Pinned facts: what the extractor found, and what staff corrected.

Two rules hold here, whoever calls (staff changes are in ``facts.staff``):
- a newer value for a single-valued key supersedes the older one, and the
  older one stays in the history (status superseded, ``superseded_by`` set);
- the extractor never changes a fact a person set: text inside a turn cannot
  overrule a staff correction. What the extractor proposed against it is
  recorded in that fact's history for staff to see.
"""

from dataclasses import dataclass

from django.contrib.postgres.aggregates import ArrayAgg
from django.db.models import Q
from django.utils import timezone

from conversations.models import Conversation, Turn
from facts.models import FactRevision, PinnedFact
from memadmin.providers.base import ExtractedFact, KnownFact

# Keys that hold one value at a time: a later statement replaces an earlier one.
SINGLE_VALUED_KEYS = frozenset(
    {
        "home_city",
        "work_city",
        "home_address",
        "shipping_address",
        "billing_address",
        "email",
        "phone",
        "mobile_phone",
        "contact_preference",
        "name",
    }
)

LIVE_STATUSES = (PinnedFact.Status.ACTIVE, PinnedFact.Status.TEMPORARY)

# Where the person is. A statement that they moved retires every place they
# gave before, home or work: after "I've moved to Lisbon", "I work in
# Brussels" is history until they say it again.
PLACE_KEYS = frozenset({"home_city", "work_city"})


def _replaced_by(item: ExtractedFact, fact: PinnedFact) -> bool:
    """Does the newly extracted ``item`` replace the live ``fact``?"""
    if fact.value == item.value:
        return False
    if item.supersedes and item.key in PLACE_KEYS and fact.key in PLACE_KEYS:
        return True
    return fact.key == item.key and (item.supersedes or item.key in SINGLE_VALUED_KEYS)


def snapshot(fact: PinnedFact) -> dict:
    """A fact's changeable fields, as its history and the audit log record them."""
    return {
        "value": fact.value,
        "normalised": fact.normalised,
        "status": fact.status,
        "temporary_until": fact.temporary_until.isoformat() if fact.temporary_until else None,
        "source_seq": fact.source_seq,
        "needs_review": fact.needs_review,
    }


def known_facts(conversation: Conversation) -> list[KnownFact]:
    """The live facts, as the extractor is shown them."""
    return [
        KnownFact(type=f.type, key=f.key, value=f.value, source_seq=f.source_seq)
        for f in PinnedFact.objects.for_conversation(conversation).filter(status__in=LIVE_STATUSES)
    ]


def facts_apply_extraction(
    *, conversation: Conversation, extracted: list[ExtractedFact], model: str
) -> list[PinnedFact]:
    """Store what the extractor found; return the facts created. Call inside the refresh transaction.

    Decisions are made in memory, in turn order, then written in three
    statements (new facts, superseded facts, history), however many facts
    a refresh finds.
    """
    live = list(
        PinnedFact.objects.for_conversation(conversation).filter(status__in=LIVE_STATUSES).select_for_update()
    )
    seen = set(
        PinnedFact.objects.for_conversation(conversation).values_list(
            "key", "value", "source_seq", "span_start"
        )
    )
    plan = plan_extraction(
        live=live, seen=seen, extracted=extracted, conversation_id=conversation.pk, model=model
    )
    _write_extraction(plan.created, plan.superseded, plan.history)
    return plan.created


@dataclass
class ExtractionPlan:
    """What storing an extraction does, decided in memory before anything is written."""

    created: list[PinnedFact]
    superseded: list[tuple[PinnedFact, PinnedFact]]  # (old, replaced by)
    history: list[tuple[PinnedFact, FactRevision]]  # revisions of facts that may not have an id yet
    live: list[PinnedFact]  # the live facts afterwards


def plan_extraction(
    *,
    live: list[PinnedFact],
    seen: set[tuple],
    extracted: list[ExtractedFact],
    conversation_id: int | None,
    model: str,
) -> ExtractionPlan:
    """Decide, in turn order, which extracted facts are new, which live facts they retire, and the
    history of both. Pure: ``live`` and ``seen`` are updated in place, nothing is written, so the
    evaluation runs the very rules the service applies.
    """
    created: list[PinnedFact] = []
    superseded: list[tuple[PinnedFact, PinnedFact]] = []
    history: list[tuple[PinnedFact, FactRevision]] = []
    for item in sorted(extracted, key=lambda f: (f.source_seq, f.span[0])):
        if (item.key, item.value, item.source_seq, item.span[0]) in seen:
            continue  # read before: re-extraction must not duplicate
        seen.add((item.key, item.value, item.source_seq, item.span[0]))
        replaced = [f for f in live if _replaced_by(item, f)]
        staff_held = [f for f in replaced if f.origin == PinnedFact.Origin.STAFF]
        if staff_held:
            history += [
                (
                    fact,
                    FactRevision(
                        action="extractor_conflict",
                        after={"proposed_value": item.value, "source_seq": item.source_seq},
                        reason="The extractor found another value; a staff correction stands.",
                    ),
                )
                for fact in staff_held
            ]
            continue
        fact = PinnedFact(
            conversation_id=conversation_id,
            type=item.type,
            key=item.key,
            value=item.value,
            normalised=item.normalised[:300],
            source_seq=item.source_seq,
            span_start=item.span[0],
            span_end=item.span[1],
            origin=PinnedFact.Origin.EXTRACTOR,
            status=PinnedFact.Status.TEMPORARY if item.temporary_until else PinnedFact.Status.ACTIVE,
            temporary_until=item.temporary_until,
            model=model,
        )
        history.append((fact, FactRevision(action="extracted", after=snapshot(fact))))
        for old in replaced:
            # A temporary preference does not retire the durable one it
            # stands in for: "this week, text me" leaves "call me" in place.
            if fact.status == PinnedFact.Status.TEMPORARY and old.status == PinnedFact.Status.ACTIVE:
                continue
            before = snapshot(old)
            old.status = PinnedFact.Status.SUPERSEDED
            superseded.append((old, fact))
            live.remove(old)
            history.append(
                (
                    old,
                    FactRevision(
                        action="superseded",
                        before=before,
                        after=snapshot(old),
                        reason=f"replaced by turn {fact.source_seq}",
                    ),
                )
            )
        live.append(fact)
        created.append(fact)
    return ExtractionPlan(created, superseded, history, live)


def _write_extraction(
    created: list[PinnedFact],
    superseded: list[tuple[PinnedFact, PinnedFact]],
    history: list[tuple[PinnedFact, FactRevision]],
) -> None:
    # New facts first (a fact superseded within the same batch is inserted,
    # then updated), so every fact has an id before anything refers to it.
    PinnedFact.objects.bulk_create(created)
    now = timezone.now()
    for old, by in superseded:
        old.superseded_by_id, old.updated_at = by.pk, now
    PinnedFact.objects.bulk_update(
        [old for old, _ in superseded], ["status", "superseded_by", "updated_at"], batch_size=500
    )
    for fact, revision in history:
        revision.fact_id = fact.pk
    FactRevision.objects.bulk_create([revision for _, revision in history])


# Topics whose value a customer conversation usually pins, and the words that
# say the topic came up. A topic that came up with no fact pinned for it was
# "discussed but not captured", which the model must not read as "never
# discussed" (a missing refund amount is not a refund of nothing).
@dataclass(frozen=True)
class Topic:
    label: str
    pattern: str  # a PostgreSQL regular expression (\m, \M: word boundaries)
    keys: frozenset[str]  # a live fact with one of these keys captures it


TOPICS = (
    Topic("refund amount", r"\mrefund", frozenset({"refund_amount"})),
    Topic("order number", r"\morder (number|no|id|#)", frozenset({"order_id"})),
    Topic("case or ticket number", r"\m(case|ticket) (number|no|id|#)", frozenset({"case_id", "ticket_id"})),
    Topic(
        "delivery address",
        r"\m(deliver|ship|send)\w* (it |them )?to\M",
        frozenset({"shipping_address", "address", "home_address"}),
    ),
    Topic("email address", r"\memail address", frozenset({"email"})),
    Topic("phone number", r"\m(phone|mobile) number", frozenset({"phone", "mobile_phone"})),
)
MAX_TOPIC_SEQS = 3


def uncaptured_topics(*, conversation: Conversation, upto_seq: int) -> list[tuple[str, list[int]]]:
    """Topics discussed in turns ≤ ``upto_seq`` with no fact pinned for them: (label, first seqs)."""
    # Only a live fact captures a topic: a superseded or retracted value is history, not an answer.
    pinned = set(
        PinnedFact.objects.for_conversation(conversation)
        .filter(status__in=LIVE_STATUSES)
        .values_list("key", flat=True)
    )
    missing = [topic for topic in TOPICS if not topic.keys & pinned]
    if not missing or upto_seq == 0:
        return []
    # One query for every topic: the seqs of the turns that mention each.
    mentions = (
        Turn.objects.for_conversation(conversation)
        .upto(upto_seq)
        .aggregate(
            **{
                f"topic_{number}": ArrayAgg(
                    "seq", filter=Q(content__iregex=topic.pattern), order_by="seq", default=[]
                )
                for number, topic in enumerate(missing)
            }
        )
    )
    return [
        (topic.label, mentions[f"topic_{number}"][:MAX_TOPIC_SEQS])
        for number, topic in enumerate(missing)
        if mentions[f"topic_{number}"]
    ]
