"""Pinned facts: what the extractor found, and what staff corrected.

The rules that hold here, whoever calls (staff changes are in ``facts.staff``):
- every fact fills a slot (facts.slots); a newer value for a single-valued
  slot supersedes the current one, and the older one stays in the history
  (status superseded, ``superseded_by`` set), so a slot never has two
  current values. Where one turn gives two values for a single-valued slot
  ("either X or Y") neither can win: both stay current, marked as needing
  review, and the facts block presents them as undecided;
- the same value for the same slot said again (the agent confirming it) is
  one fact with several source turns, not a second fact;
- a value said to be the old one ("my old address was ...") is kept in the
  history, never presented as current;
- the extractor never changes a fact a person set: text inside a turn cannot
  overrule a staff correction. What the extractor proposed against it is
  recorded in that fact's history for staff to see.
"""

import re
from dataclasses import dataclass, field

from django.contrib.postgres.aggregates import ArrayAgg
from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from conversations.models import Conversation, Turn
from facts.models import PROBE_DROPPED, PROBE_FOLD, FactRevision, PinnedFact, identity_probe_sql
from facts.slots import SLOTS, family_of, is_single_valued, slot_label, slot_of
from memadmin.providers.base import ExtractedFact, KnownFact

LIVE_STATUSES = (PinnedFact.Status.ACTIVE, PinnedFact.Status.TEMPORARY)

# The slots that hold one value at a time (declared in facts.slots).
SINGLE_VALUED_KEYS = frozenset(key for key, slot in SLOTS.items() if slot.single_valued)

# Where the person is. A statement that they moved retires every place they
# gave before, home or work: after "I've moved to Lisbon", "I work in
# Brussels" is history until they say it again.
PLACE_KEYS = frozenset({"home_city", "work_city"})

UNDECIDED_REASON = "Turn {seq} gives two values for the {label}; the extractor cannot tell which holds."


def value_identity(fact) -> str:
    """What makes two statements the same value: the normalised form where there is one."""
    return " ".join((fact.normalised or fact.value).lower().split())


def identity_probe(fact) -> str:
    """The coarse form of ``fact``'s value that PostgreSQL indexes (``identity_probe_sql``).

    Two values of one identity always share it, so a refresh asks the database for
    the facts that share it, then applies ``value_identity`` itself: the rule stays
    the one above, the rows read stay few.
    """
    return re.sub(PROBE_DROPPED, "", (fact.normalised or fact.value).translate(PROBE_FOLD))


def _replaced_by(item: ExtractedFact, fact: PinnedFact) -> bool:
    """Does the newly extracted ``item`` replace the live ``fact``? (Values differ.)"""
    if item.supersedes and item.key in PLACE_KEYS and fact.key in PLACE_KEYS:
        return True
    slot, other = item.key, slot_of(fact)
    if slot == other:
        return item.supersedes or is_single_valued(slot)
    # "Ship it to X instead" replaces the address given without a purpose ("it's going to Y").
    family = family_of(slot)
    return item.supersedes and family == family_of(other) == other and family != slot


def snapshot(fact: PinnedFact) -> dict:
    """A fact's changeable fields, as its history and the audit log record them."""
    return {
        "value": fact.value,
        "normalised": fact.normalised,
        "status": fact.status,
        "temporary_until": fact.temporary_until.isoformat() if fact.temporary_until else None,
        "source_seq": fact.source_seq,
        "source_seqs": fact.turns,
        "needs_review": fact.needs_review,
    }


def known_facts(conversation: Conversation) -> list[KnownFact]:
    """The live facts, as the extractor is shown them."""
    return [
        KnownFact(type=type_, key=key, value=value, source_seq=source_seq)
        for type_, key, value, source_seq in PinnedFact.objects.for_conversation(conversation)
        .filter(status__in=LIVE_STATUSES)
        .values_list("type", "key", "value", "source_seq")
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
        PinnedFact.objects.for_conversation(conversation)
        .alias(identity_probe=identity_probe_sql())
        .filter(live_facts_concerned(extracted))
        .select_for_update()
    )
    # Only facts first said at or after the earliest turn read can repeat a mention
    # (a mention is keyed by its own turn): a refresh reads the facts of its window.
    first_seq = min((item.source_seq for item in extracted), default=0)
    seen = set(
        PinnedFact.objects.for_conversation(conversation)
        .filter(source_seq__gte=first_seq)
        .values_list("type", "value", "source_seq", "span_start")
    )
    plan = plan_extraction(
        live=live, seen=seen, extracted=extracted, conversation_id=conversation.pk, model=model
    )
    _write_extraction(plan)
    return plan.created


def live_facts_concerned(extracted: list[ExtractedFact]) -> Q:
    """The live facts the fact rules may touch when storing ``extracted``, as a filter.

    A new value can only repeat or replace a fact of its own slot, of the slot's
    family, or (for a move) of another place. Every live fact of those slots is
    read where a value can replace them (single-valued slots, which hold one value
    or an undecided few, and slots a value explicitly supersedes); in the other
    slots, which keep every value, only the facts of the same value (a repeat, or
    one said to be old) and those marked for review (a repeat settles them). So
    what a refresh reads does not grow with the facts the conversation has pinned.
    """
    keys = {key for item in extracted for key in (item.key, family_of(item.key))}
    if keys & PLACE_KEYS:
        keys |= PLACE_KEYS
    whole = {key for key in keys if is_single_valued(key)}
    whole |= {key for item in extracted if item.supersedes for key in (item.key, family_of(item.key))}
    if whole & PLACE_KEYS:
        whole |= PLACE_KEYS
    probes: dict[str, set[str]] = {}
    for item in extracted:
        if item.key not in whole:
            probes.setdefault(item.key, set()).add(identity_probe(item))
    concerned = Q(key__in=whole) if whole else Q(pk__in=[])
    for key, values in probes.items():
        # The slot first: whatever plan PostgreSQL picks, the probe is computed for that slot's rows alone.
        concerned |= (Q(key=key) & Q(needs_review=True)) | (Q(key=key) & Q(identity_probe__in=values))
    return Q(status__in=LIVE_STATUSES) & concerned


@dataclass
class ExtractionPlan:
    """What storing an extraction does, decided in memory before anything is written."""

    created: list[PinnedFact] = field(default_factory=list)
    superseded: list[tuple[PinnedFact, PinnedFact | None]] = field(default_factory=list)  # (old, by)
    changed: list[PinnedFact] = field(default_factory=list)  # stored facts given a turn or a flag
    history: list[tuple[PinnedFact, FactRevision]] = field(default_factory=list)
    live: list[PinnedFact] = field(default_factory=list)  # the live facts afterwards
    # The live facts by slot and by (slot, identity), in the order of ``live``: what a new value
    # is compared with, so a plan's cost does not grow with the live facts of other values.
    by_slot: dict[str, list[PinnedFact]] = field(default_factory=dict)
    by_identity: dict[tuple[str, str], list[PinnedFact]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for fact in self.live:
            self._index(fact)

    def _index(self, fact: PinnedFact) -> None:
        self.by_slot.setdefault(slot_of(fact), []).append(fact)
        self.by_identity.setdefault((slot_of(fact), value_identity(fact)), []).append(fact)

    def add_live(self, fact: PinnedFact) -> None:
        self.live.append(fact)
        self._index(fact)

    def drop_live(self, fact: PinnedFact) -> None:
        self.live.remove(fact)
        self.by_slot[slot_of(fact)].remove(fact)
        self.by_identity[(slot_of(fact), value_identity(fact))].remove(fact)

    def same_value(self, slot: str, identity: str) -> list[PinnedFact]:
        """The live facts of ``slot`` with this value identity."""
        return self.by_identity.get((slot, identity), [])

    def replaceable_by(self, item: ExtractedFact) -> list[PinnedFact]:
        """The live facts ``_replaced_by`` may find ``item`` replaces (a superset, in live order)."""
        if not item.supersedes:
            return self.by_slot.get(item.key, []) if is_single_valued(item.key) else []
        return self.live  # rare: a value said to replace another may reach other slots


def plan_extraction(
    *,
    live: list[PinnedFact],
    seen: set[tuple],
    extracted: list[ExtractedFact],
    conversation_id: int | None,
    model: str,
) -> ExtractionPlan:
    """Decide, in turn order, which extracted facts are new, which are repeats of a live fact,
    which live facts they retire, and the history of all of them. Pure: ``live`` and ``seen`` are
    updated in place and nothing is written, so the evaluation runs the very rules the service
    applies.
    """
    plan = ExtractionPlan(live=live)
    for item in sorted(extracted, key=lambda f: (f.source_seq, f.span[0])):
        mention = (item.type, item.value, item.source_seq, item.span[0])
        if mention in seen:
            continue  # read before: re-extraction must not duplicate
        seen.add(mention)
        identity = value_identity(item)
        same = next(iter(plan.same_value(item.key, identity)), None)
        if same is not None and not item.old:
            _repeat(plan, same, item.source_seq)
            if same.needs_review and item.source_seq > same.source_seq:
                _settle(plan, same, item.source_seq)
            continue
        if item.old:
            _keep_as_history(plan, item, conversation_id, model)
            continue
        replaced = [
            f for f in plan.replaceable_by(item) if value_identity(f) != identity and _replaced_by(item, f)
        ]
        staff_held = [f for f in replaced if f.origin == PinnedFact.Origin.STAFF]
        if staff_held:
            plan.history += [
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
        fact = _new_fact(item, conversation_id, model)
        plan.history.append((fact, FactRevision(action="extracted", after=snapshot(fact))))
        rivals = [f for f in replaced if f.source_seq == item.source_seq and is_single_valued(item.key)]
        if rivals:
            _undecided(plan, [fact, *rivals])
            replaced = [f for f in replaced if f not in rivals]
        for old in replaced:
            # A temporary preference does not retire the durable one it
            # stands in for: "this week, text me" leaves "call me" in place.
            if fact.status == PinnedFact.Status.TEMPORARY and old.status == PinnedFact.Status.ACTIVE:
                continue
            _retire(plan, old, by=fact, reason=f"replaced by turn {fact.source_seq}")
        plan.add_live(fact)
        plan.created.append(fact)
    return plan


def _new_fact(item: ExtractedFact, conversation_id: int | None, model: str) -> PinnedFact:
    return PinnedFact(
        conversation_id=conversation_id,
        type=item.type,
        key=item.key,
        value=item.value,
        normalised=item.normalised[:300],
        source_seq=item.source_seq,
        source_seqs=[item.source_seq],
        span_start=item.span[0],
        span_end=item.span[1],
        origin=PinnedFact.Origin.EXTRACTOR,
        status=PinnedFact.Status.TEMPORARY if item.temporary_until else PinnedFact.Status.ACTIVE,
        temporary_until=item.temporary_until,
        model=model,
    )


def _repeat(plan: ExtractionPlan, fact: PinnedFact, seq: int) -> None:
    """The same value for the same slot said again: one more source turn of the same fact."""
    if seq in fact.turns:
        return
    before = snapshot(fact)
    fact.source_seqs = sorted({*fact.turns, seq})
    if fact.pk is not None and fact not in plan.changed:
        plan.changed.append(fact)
    plan.history.append(
        (
            fact,
            FactRevision(
                action="repeated", before=before, after=snapshot(fact), reason=f"said again at turn {seq}"
            ),
        )
    )


def _keep_as_history(
    plan: ExtractionPlan, item: ExtractedFact, conversation_id: int | None, model: str
) -> None:
    """A value said to be the old one: stored superseded, so it is history from the start."""
    fact = _new_fact(item, conversation_id, model)
    fact.status = PinnedFact.Status.SUPERSEDED
    plan.created.append(fact)
    plan.history.append(
        (fact, FactRevision(action="superseded", after=snapshot(fact), reason="said to be the old value"))
    )
    # The current value it names as old, if one is live, is retired with it.
    for old in list(plan.same_value(item.key, value_identity(item))):
        if old.origin != PinnedFact.Origin.STAFF:
            _retire(plan, old, by=None, reason=f"said to be the old value at turn {item.source_seq}")


def _undecided(plan: ExtractionPlan, facts: list[PinnedFact]) -> None:
    for fact in facts:
        if fact.needs_review:
            continue
        before = snapshot(fact)
        fact.needs_review = True
        fact.review_reason = UNDECIDED_REASON.format(seq=fact.source_seq, label=slot_label(fact.key))[:300]
        if fact.pk is not None and fact not in plan.changed:
            plan.changed.append(fact)
        plan.history.append(
            (
                fact,
                FactRevision(
                    action="needs_review", before=before, after=snapshot(fact), reason=fact.review_reason
                ),
            )
        )


def _settle(plan: ExtractionPlan, chosen: PinnedFact, seq: int) -> None:
    """One value of an undecided pair said again later: it holds, the other is retired."""
    for rival in [f for f in plan.by_slot.get(chosen.key, []) if f is not chosen and f.needs_review]:
        _retire(plan, rival, by=chosen, reason=f"turn {seq} settled it: {chosen.value}")
    before = snapshot(chosen)
    chosen.needs_review, chosen.review_reason = False, ""
    if chosen.pk is not None and chosen not in plan.changed:
        plan.changed.append(chosen)
    plan.history.append(
        (
            chosen,
            FactRevision(
                action="review_settled",
                before=before,
                after=snapshot(chosen),
                reason=f"said again at turn {seq}",
            ),
        )
    )


def _retire(plan: ExtractionPlan, old: PinnedFact, *, by: PinnedFact | None, reason: str) -> None:
    before = snapshot(old)
    old.status = PinnedFact.Status.SUPERSEDED
    old.needs_review = False  # a later value settled it
    plan.superseded.append((old, by))
    plan.drop_live(old)
    plan.history.append(
        (old, FactRevision(action="superseded", before=before, after=snapshot(old), reason=reason))
    )


def _write_extraction(plan: ExtractionPlan) -> None:
    # New facts first (a fact superseded within the same batch is inserted,
    # then updated), so every fact has an id before anything refers to it.
    PinnedFact.objects.bulk_create(plan.created)
    now = timezone.now()
    for old, by in plan.superseded:
        old.superseded_by_id, old.updated_at = (by.pk if by else None), now
    PinnedFact.objects.bulk_update(
        [old for old, _ in plan.superseded],
        ["status", "superseded_by", "needs_review", "updated_at"],
        batch_size=500,
    )
    stored = [f for f in plan.changed if f.status in LIVE_STATUSES]
    for fact in stored:
        fact.updated_at = now
    PinnedFact.objects.bulk_update(
        stored, ["source_seqs", "needs_review", "review_reason", "updated_at"], batch_size=500
    )
    for fact, revision in plan.history:
        revision.fact_id = fact.pk
    FactRevision.objects.bulk_create([revision for _, revision in plan.history])


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
    # Named as the slot the extractor fills for it (facts/slots.py), not "delivery address": that reads
    # as another key, delivery_address. A label is also the key its mentions are stored under
    # (MemoryState.topic_mentions): a new name moves them (migration conversations 0017).
    Topic(
        "shipping address",
        r"\m(deliver|ship|send)\w* (it |them )?to\M",
        frozenset({"shipping_address", "delivery_address", "address", "home_address"}),
    ),
    Topic("email address", r"\memail address", frozenset({"email"})),
    Topic("phone number", r"\m(phone|mobile) number", frozenset({"phone", "mobile_phone"})),
)
MAX_TOPIC_SEQS = 3


def uncaptured_topics(*, conversation: Conversation, upto_seq: int) -> list[tuple[str, list[int]]]:
    """Topics discussed in turns ≤ ``upto_seq`` with no fact pinned for them: (label, first seqs).

    Which turns mention which topic is found at refresh (``topic_mentions``)
    and stored on the conversation's ``MemoryState``; here it is only read.
    """
    # Only a live fact captures a topic: a superseded or retracted value is history, not an answer.
    live_keys = (
        PinnedFact.objects.filter(conversation=OuterRef("pk"), status__in=LIVE_STATUSES)
        .values("conversation")
        .annotate(keys=ArrayAgg("key"))
        .values("keys")
    )
    # One query for both: the live keys and the mentions stored at refresh.
    pinned_keys, mentions = (
        Conversation.objects.filter(pk=conversation.pk)
        .annotate(live_keys=Subquery(live_keys))
        .values_list("live_keys", "memory__topic_mentions")
        .get()
    )
    missing = [topic for topic in TOPICS if not topic.keys & set(pinned_keys or ())]
    if not missing or upto_seq == 0:
        return []
    if mentions is None:  # no refresh has recorded them yet
        mentions = topic_mentions(conversation=conversation, after_seq=0, upto_seq=upto_seq)
    found = [
        (topic.label, [seq for seq in mentions.get(topic.label, []) if seq <= upto_seq]) for topic in missing
    ]
    return [(label, seqs[:MAX_TOPIC_SEQS]) for label, seqs in found if seqs]


def topic_mentions(
    *, conversation: Conversation, after_seq: int, upto_seq: int, known: dict[str, list[int]] | None = None
) -> dict[str, list[int]]:
    """The first turns that mention each topic: ``known`` (turns ≤ ``after_seq``) and the turns after it.

    Run at refresh over the turns it reads, so its cost follows the window,
    not the length of the conversation.
    """
    mentions = {label: list(seqs) for label, seqs in (known or {}).items()}
    if upto_seq <= after_seq:
        return mentions
    # One query for every topic: the seqs of the new turns that mention each.
    found = (
        Turn.objects.for_conversation(conversation)
        .filter(seq__gt=after_seq, seq__lte=upto_seq)
        .aggregate(
            **{
                f"topic_{number}": ArrayAgg(
                    "seq", filter=Q(content__iregex=topic.pattern), order_by="seq", default=[]
                )
                for number, topic in enumerate(TOPICS)
            }
        )
    )
    for number, topic in enumerate(TOPICS):
        seqs = mentions.get(topic.label, [])
        if len(seqs) < MAX_TOPIC_SEQS and found[f"topic_{number}"]:
            mentions[topic.label] = (seqs + found[f"topic_{number}"])[:MAX_TOPIC_SEQS]
    return mentions
