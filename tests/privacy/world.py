"""Subjects whose conversations carry canary values into every store, and ways to look for them.

Each subject's conversations go through the same services production uses
(append, the refresh at each boundary, context assembly, a staff correction,
an export), so the canaries reach the index, summaries, facts and their
history, snapshots and the audit log the way real content does; the rest
(a gold label, a labelled query, a failed run's error, an outbox row, a task
result in Redis) is planted where those stores hold text.
"""

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import redis
from django.apps import apps
from django.conf import settings
from django.db import connection
from django.utils import timezone

from conversations.assembly import context_assemble
from conversations.models import Conversation, LabelledQuery, RefreshRun
from conversations.services import TurnInput, conversation_get_or_create, turns_append
from conversations.transfer import conversations_export
from facts.models import GoldFact, PinnedFact
from facts.staff import fact_correct
from memadmin.models import AuditEntry, PendingTask
from privacy.exports import export_recorded
from qa.models import EvaluationRun, Finding, Label, LabelSet

FILLER = [
    "The parcel was meant to arrive on Tuesday but nothing came.",
    "Sorry to hear that, let me look into the delivery for you.",
    "It is the third time this has happened with your courier.",
    "I understand, I will raise it with the courier team today.",
]


@dataclass(frozen=True)
class Canaries:
    name: str
    order: str
    address: str

    @property
    def all(self) -> tuple[str, str, str]:
        return (self.name, self.order, self.address)


ALICE = Canaries("Zebulon Quarrington", "ORD-771204", "14 Wistful Lane")
BOB = Canaries("Agatha Pembersley", "ORD-550913", "9 Harbour Row")


def turn_text(seq: int, canaries: Canaries) -> str:
    if seq == 3:
        return f"Hi, my name is {canaries.name} and I need help."
    if seq == 5:
        return f"My order is {canaries.order}, can you check where it is?"
    if seq == 7:
        return f"Please send it to {canaries.address}, Dunmore DM4 2QP instead."
    if seq == 13:
        return f"Thanks {canaries.name.split()[0]}, I have noted {canaries.order} and {canaries.address}."
    return FILLER[seq % len(FILLER)]


def build_subject(
    subject_id: str, canaries: Canaries, *, staff, conversations: int = 2, turns: int = 24
) -> list[Conversation]:
    built = []
    for number in range(conversations):
        conversation, _ = conversation_get_or_create(
            external_id=f"{subject_id}-conversation-{number}", subject_id=subject_id, title="Late parcel"
        )
        turns_append(
            conversation=conversation,
            turns=[
                TurnInput(
                    role="user" if seq % 2 else "assistant",
                    content=turn_text(seq, canaries),
                    tool_calls=(
                        [
                            {
                                "id": "c1",
                                "name": "lookup",
                                "arguments": {"order": canaries.order},
                                "result": "ok",
                            }
                        ]
                        if seq == 6
                        else None
                    ),
                )
                for seq in range(1, turns + 1)
            ],
        )
        context_assemble(conversation=conversation, message=f"Is {canaries.order} on its way?")
        address = PinnedFact.objects.filter(
            conversation=conversation, value__icontains=canaries.address
        ).first()
        if address is not None:
            fact_correct(
                fact=address, value=f"{canaries.address}, Dunmore", actor=staff, reason="customer confirmed"
            )
        GoldFact.objects.create(
            conversation=conversation, type="identifier", key="order_id", value=canaries.order, source_seq=5
        )
        LabelledQuery.objects.create(
            conversation=conversation, query=f"where does {canaries.name} live", evidence_seqs=[7]
        )
        label_set = LabelSet.objects.create(conversation=conversation, annotator=staff)
        Label.objects.create(
            label_set=label_set,
            type="address",
            key="address",
            value=canaries.address,
            source_seq=7,
            span_start=15,
            span_end=15 + len(canaries.address),
        )
        run = EvaluationRun.objects.create(
            source=EvaluationRun.Source.STORED, status=EvaluationRun.Status.DONE
        )
        Finding.objects.create(
            run=run,
            conversation=conversation,
            external_id=conversation.external_id,
            kind="missed",
            type="identifier",
            value=canaries.order,
            source_seq=5,
        )
        RefreshRun.objects.create(
            conversation=conversation,
            trigger=RefreshRun.Trigger.BOUNDARY,
            target_upto_seq=10,
            outcome=RefreshRun.Outcome.FAILED,
            error=f"provider rejected the prompt near '{canaries.address}'",
            finished_at=timezone.now(),
        )
        built.append(conversation)
    PendingTask.objects.create(
        task="conversations.tasks.refresh_requested",
        args=[0],
        run_after=timezone.now(),
        failed_at=timezone.now(),
        last_error=f"ValueError: could not parse {canaries.name}",
    )
    return built


def plant_task_result(canaries: Canaries, key: str) -> None:
    client = redis.Redis.from_url(settings.REDIS_URL)
    client.set(f"celery-task-meta-{key}", json.dumps({"status": "SUCCESS", "result": canaries.name}))


def export_everything(path: Path) -> None:
    with path.open("w", encoding="utf-8") as out:
        written = conversations_export(out=out)
    export_recorded(path=path, conversations=written)


# --- looking for the canaries independently of the product's scan ---------------------------------


def database_hits(needles) -> list[tuple[str, str, str]]:
    """(table, column, needle) for every text, JSON, array or tsvector column of every table holding one."""
    with connection.cursor() as cursor:
        cursor.execute(
            """SELECT table_name, column_name FROM information_schema.columns
               WHERE table_schema = current_schema()
                 AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'tsvector', 'ARRAY')"""
        )
        columns = cursor.fetchall()
        hits = []
        for table, column in columns:
            for needle in needles:
                cursor.execute(
                    f'SELECT count(*) FROM "{table}" WHERE "{column}"::text ILIKE %s', [f"%{needle}%"]
                )
                if cursor.fetchone()[0]:
                    hits.append((table, column, needle))
        return hits


def needles_of(canaries: Canaries) -> list[str]:
    """The canaries, and single words of them as a tsvector would keep them."""
    words = [
        canaries.name.split()[1].lower(),
        canaries.order.split("-")[1],
        canaries.address.split()[1].lower(),
    ]
    return [*canaries.all, *words]


def redis_hits(needles) -> list[bytes]:
    client = redis.Redis.from_url(settings.REDIS_URL)
    found = []
    for key in client.scan_iter(count=500):
        if client.type(key) != b"string":
            continue
        value = (client.get(key) or b"").decode("utf-8", "replace").lower()
        if any(n.lower() in value for n in needles):
            found.append(key)
    return found


def subject_checksum(subject_id: str) -> str:
    """A digest of every row that belongs to the subject's conversations, in every app, and their audit."""
    ids = list(Conversation.objects.filter(subject_id=subject_id).order_by("pk").values_list("pk", flat=True))
    digest = hashlib.sha256()
    for model in sorted(apps.get_models(), key=lambda m: m._meta.label):
        names = {f.name for f in model._meta.get_fields()}
        if model is Conversation:
            rows = model.objects.filter(pk__in=ids)
        elif "conversation" in names and model is not AuditEntry:
            rows = model.objects.filter(conversation_id__in=ids)
        elif "fact" in names:
            rows = model.objects.filter(fact__conversation_id__in=ids)
        elif model is AuditEntry:
            rows = model.objects.filter(conversation_id__in=ids)
        else:
            continue
        for row in rows.order_by("pk").values():
            digest.update(json.dumps(row, sort_keys=True, default=str).encode())
    return digest.hexdigest()
