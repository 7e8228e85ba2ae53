"""Three conversations with known facts, their gold sets and their stored facts, counted by hand.

short (3 turns, "up to 20"): gold identifier, two amounts (one said "$1,200", one "1200 dollars"),
  a date and an address, adjudicated from two annotators' labels. Stored: the identifier, "$1,200"
  stated in turn 1 and repeated in turn 2 (so it is the right value, in another format, for the
  gold "1200 dollars" of turn 2), the date, and "£1,250" on turn 2, which no turn says
  (fabricated). The address is missed.
medium (25 turns, "21 to 50"): imported gold: a phone and a case id. Stored: both, an order
  reference nobody labelled (an identifier: counts against precision) and an email (no email in
  this gold set: not counted). Clean.
long (55 turns, "over 50"): gold: a time, adjudicated; nothing stored. Missed.
other: stored facts, no gold set: not in any run.
"""

import io
import json
from datetime import UTC, datetime

from conversations.models import Conversation
from conversations.transfer import conversations_import
from facts.models import PinnedFact
from qa import services
from tests.factories import ConversationFactory, TurnFactory

WHEN = datetime(2026, 5, 4, 10, 0, tzinfo=UTC)

SHORT = [
    ("user", "Order ORD-55120 arrived broken; I paid $1,200 for it."),
    ("assistant", "Sorry! A refund of 1200 dollars goes back to your card by 3 June 2026."),
    ("user", "Thanks, please send the returns label to 14 Elm St, Leeds."),
]


def filler(n: int, seq: int) -> tuple[str, str]:
    return ("user" if seq % 2 else "assistant", f"Message {seq} of {n}: nothing to note here.")


def turns_of(conversation: Conversation, turns: list[tuple[str, str]]) -> None:
    for seq, (role, content) in enumerate(turns, start=1):
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content, created_at=WHEN)


def span(conversation: Conversation, seq: int, words: str) -> dict:
    content = conversation.turns.get(seq=seq).content
    start = content.index(words)
    return {"source_seq": seq, "span_start": start, "span_end": start + len(words), "value": words}


def stored(conversation, type_, key, value, seq, *, seqs=None, said=True) -> PinnedFact:
    content = conversation.turns.get(seq=seq).content
    start = content.index(value) if said else None
    return PinnedFact.objects.create(
        conversation=conversation,
        type=type_,
        key=key,
        value=value,
        source_seq=seq,
        source_seqs=seqs or [seq],
        span_start=start,
        span_end=start + len(value) if said else None,
        origin=PinnedFact.Origin.EXTRACTOR if said else PinnedFact.Origin.STAFF,
        model="rules-test",
    )


def label(conversation, annotator, type_, key, seq, words):
    return services.label_add(
        conversation=conversation, actor=annotator, type=type_, key=key, **span(conversation, seq, words)
    )


def build(first, second, adjudicator) -> dict[str, Conversation]:
    short = ConversationFactory(external_id="short")
    turns_of(short, SHORT)
    mine = [
        label(short, first, "identifier", "order_id", 1, "ORD-55120"),
        label(short, first, "amount", "price", 1, "$1,200"),
        label(short, first, "amount", "refund_amount", 2, "1200 dollars"),
        label(short, first, "date", "refund_date", 2, "3 June 2026"),
        label(short, first, "address", "return_address", 3, "14 Elm St, Leeds"),
    ]
    label(short, second, "identifier", "order_id", 1, "ORD-55120")
    services.label_set_submit(conversation=short, actor=first)
    services.label_set_submit(conversation=short, actor=second)
    services.gold_set_adjudicate(conversation=short, actor=adjudicator, keep=[x.pk for x in mine])
    stored(short, "identifier", "order_id", "ORD-55120", 1)
    stored(short, "amount", "refund_amount", "$1,200", 1, seqs=[1, 2])
    stored(short, "date", "refund_date", "3 June 2026", 2)
    stored(short, "amount", "refund_amount", "£1,250", 2, said=False)

    medium_turns = [filler(25, seq) for seq in range(1, 26)]
    medium_turns[4] = ("user", "My phone is 07700 900461, or email sam@example.com.")
    medium_turns[7] = ("user", "The old reference was REF-4410.")
    medium_turns[19] = ("assistant", "Your case number is CASE-7781.")
    record = {
        "external_id": "medium",
        "subject_id": "cust-2",
        "turns": [
            {"seq": seq, "role": role, "content": content, "created_at": "2026-05-04T10:00:00Z"}
            for seq, (role, content) in enumerate(medium_turns, start=1)
        ],
        "gold_facts": [
            {"type": "phone", "key": "phone", "value": "07700 900461", "source_seq": 5},
            {"type": "identifier", "key": "case_id", "value": "CASE-7781", "source_seq": 20},
        ],
    }
    conversations_import(
        stream=io.BytesIO((json.dumps(record) + "\n").encode()),
        source="/data/gold-batch-7.jsonl",
        derive=False,
    )
    medium = Conversation.objects.get(external_id="medium")
    stored(medium, "phone", "phone", "07700 900461", 5)
    stored(medium, "email", "email", "sam@example.com", 5)
    stored(medium, "identifier", "reference", "REF-4410", 8)
    stored(medium, "identifier", "case_id", "CASE-7781", 20)

    long = ConversationFactory(external_id="long")
    long_turns = [filler(55, seq) for seq in range(1, 56)]
    long_turns[51] = ("user", "Call me back at 5:30 pm please.")
    turns_of(long, long_turns)
    times = [label(long, who, "time", "callback_time", 52, "5:30 pm") for who in (first, second)]
    for who in (first, second):
        services.label_set_submit(conversation=long, actor=who)
    services.gold_set_adjudicate(conversation=long, actor=adjudicator, keep=[times[0].pk])

    other = ConversationFactory(external_id="other")
    turns_of(other, [("user", "Refund £9 please.")])
    stored(other, "amount", "refund_amount", "£9", 1)
    return {"short": short, "medium": medium, "long": long, "other": other}
