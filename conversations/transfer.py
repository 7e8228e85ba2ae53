"""Import and export of conversations in JSON Lines (docs/import-format.md).

Import is built for files of millions of turns: lines are validated with the
same serializers the API uses, then written in batches, turns through COPY.
Every write is an insert that skips rows already stored, so running an import
twice stores nothing the second time.
"""

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, TextIO

from django.db import connection, transaction
from django.utils import timezone

from conversations import tasks
from conversations.models import Conversation, LabelledQuery, Summary, Turn
from conversations.serializers import ConversationRecordSerializer
from facts.models import GoldFact, PinnedFact
from memadmin.audit import audit_record
from memadmin.tasks import enqueue

DEFAULT_BATCH_TURNS = 20_000
EXPORT_CHUNK = 200


@dataclass
class ImportReport:
    conversations_created: int = 0
    conversations_existing: int = 0
    turns_stored: int = 0
    turns_already_stored: int = 0
    gold_facts_stored: int = 0
    queries_stored: int = 0
    rejected_lines: list[tuple[int, str]] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "conversations_created": self.conversations_created,
            "conversations_existing": self.conversations_existing,
            "turns_stored": self.turns_stored,
            "turns_already_stored": self.turns_already_stored,
            "gold_facts_stored": self.gold_facts_stored,
            "queries_stored": self.queries_stored,
            "rejected_lines": len(self.rejected_lines),
        }


@dataclass
class _Record:
    line_number: int
    data: dict


def conversations_import(
    *,
    stream: BinaryIO,
    actor=None,
    source: str = "",
    batch_turns: int = DEFAULT_BATCH_TURNS,
    on_progress: Callable[[int], None] | None = None,
    derive: bool = True,
) -> ImportReport:
    """Import every valid line of ``stream``; report the lines it rejected and why.

    A rejected line (bad JSON, a field that fails validation, an external id
    stored with another subject) is skipped; the lines around it are imported.
    With ``derive``, each conversation that gained turns is indexed and
    refreshed after its batch commits, as if its turns had come through the API.
    """
    report = ImportReport()
    batch: list[_Record] = []
    batch_size = 0
    for record in _valid_records(stream, report, on_progress):
        batch.append(record)
        batch_size += len(record.data["turns"])
        if batch_size >= batch_turns:
            _import_batch(batch, report, derive=derive)
            batch, batch_size = [], 0
    if batch:
        _import_batch(batch, report, derive=derive)
    audit_record(
        actor=actor,
        action="memadmin.record.imported",
        after={"source": source, **report.as_dict()},
    )
    return report


def _valid_records(
    stream: BinaryIO, report: ImportReport, on_progress: Callable[[int], None] | None
) -> Iterator[_Record]:
    seen: set[str] = set()
    for line_number, raw in enumerate(stream, start=1):
        if on_progress:
            on_progress(len(raw))
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            report.rejected_lines.append((line_number, f"not valid JSON: {exc}"))
            continue
        if not isinstance(data, dict):
            report.rejected_lines.append((line_number, "a line must be one JSON object"))
            continue
        serializer = ConversationRecordSerializer(data=data)
        if not serializer.is_valid():
            report.rejected_lines.append((line_number, _flatten_errors(serializer.errors)))
            continue
        record = serializer.validated_data
        if record["external_id"] in seen:
            report.rejected_lines.append((line_number, f"external_id {record['external_id']!r} repeats"))
            continue
        seen.add(record["external_id"])
        yield _Record(line_number, record)


def _flatten_errors(errors, prefix: str = "") -> str:
    """DRF's nested error structure as one readable line."""
    if isinstance(errors, dict):
        return "; ".join(_flatten_errors(value, f"{prefix}{key}.") for key, value in errors.items())
    if isinstance(errors, list):
        if all(isinstance(item, str) for item in errors):
            return f"{prefix.rstrip('.')}: {' '.join(errors)}"
        return "; ".join(
            _flatten_errors(item, f"{prefix}{index}.") for index, item in enumerate(errors) if item
        )
    return f"{prefix.rstrip('.')}: {errors}"


def _import_batch(batch: list[_Record], report: ImportReport, *, derive: bool) -> None:
    with transaction.atomic():
        conversations = _upsert_conversations(batch, report)
        accepted = [r for r in batch if r.data["external_id"] in conversations]
        turn_rows = [
            (conversations[r.data["external_id"]], turn) for r in accepted for turn in r.data["turns"]
        ]
        stored_per_conversation = _copy_turns(turn_rows)
        stored = sum(stored_per_conversation.values())
        report.turns_stored += stored
        report.turns_already_stored += len(turn_rows) - stored
        report.gold_facts_stored += _insert_new(
            GoldFact,
            [
                GoldFact(conversation_id=conversations[r.data["external_id"]], **fact)
                for r in accepted
                for fact in r.data["gold_facts"]
            ],
        )
        report.queries_stored += _insert_new(
            LabelledQuery,
            [
                LabelledQuery(conversation_id=conversations[r.data["external_id"]], **query)
                for r in accepted
                for query in r.data["queries"]
            ],
        )
        if derive:
            for conversation_id in stored_per_conversation:
                enqueue(tasks.turns_appended, conversation_id)


def _upsert_conversations(batch: list[_Record], report: ImportReport) -> dict[str, int]:
    """Create the batch's new conversations; return external id -> pk for the accepted ones."""
    external_ids = [r.data["external_id"] for r in batch]
    existing = {
        c.external_id: c for c in Conversation.objects.filter(external_id__in=external_ids).only("subject_id")
    }
    new = [
        Conversation(
            external_id=r.data["external_id"], subject_id=r.data["subject_id"], title=r.data["title"]
        )
        for r in batch
        if r.data["external_id"] not in existing
    ]
    Conversation.objects.bulk_create(new)
    report.conversations_created += len(new)
    accepted = {c.external_id: c.pk for c in new}
    for record in batch:
        stored = existing.get(record.data["external_id"])
        if stored is None:
            continue
        if stored.subject_id != record.data["subject_id"]:
            report.rejected_lines.append(
                (
                    record.line_number,
                    f"external_id {stored.external_id!r} is stored with subject_id {stored.subject_id!r}",
                )
            )
            continue
        report.conversations_existing += 1
        accepted[stored.external_id] = stored.pk
    return accepted


def _copy_turns(rows: list[tuple[int, dict]]) -> dict[int, int]:
    """COPY turns into a scratch table, insert the ones not stored yet; return how many per conversation."""
    if not rows:
        return {}
    now = timezone.now()
    table = Turn._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMP TABLE IF NOT EXISTS import_turn "
            "(conversation_id bigint, seq integer, role text, content text, tool_calls jsonb, "
            "created_at timestamptz) ON COMMIT DELETE ROWS"
        )
        with cursor.cursor.copy(
            "COPY import_turn (conversation_id, seq, role, content, tool_calls, created_at) FROM STDIN"
        ) as copy:
            for conversation_id, turn in rows:
                tool_calls = turn.get("tool_calls")
                copy.write_row(
                    (
                        conversation_id,
                        turn["seq"],
                        turn["role"],
                        turn["content"],
                        None if tool_calls is None else json.dumps(tool_calls, ensure_ascii=False),
                        turn.get("created_at") or now,
                    )
                )
        cursor.execute(
            f"WITH inserted AS (INSERT INTO {table} "
            "(conversation_id, seq, role, content, tool_calls, created_at, stored_at, body_hash) "
            "SELECT conversation_id, seq, role, content, tool_calls, created_at, %s, '' FROM import_turn "
            "ON CONFLICT (conversation_id, seq) DO NOTHING RETURNING conversation_id) "
            "SELECT conversation_id, count(*) FROM inserted GROUP BY conversation_id",
            [now],
        )
        stored = dict(cursor.fetchall())
        cursor.execute(
            f"UPDATE {Conversation._meta.db_table} SET updated_at = %s "
            "WHERE id IN (SELECT DISTINCT conversation_id FROM import_turn)",
            [now],
        )
    return stored


def _insert_new(model, objects: list) -> int:
    """Insert ``objects``, skipping those a unique constraint says are stored; return how many were new."""
    if not objects:
        return 0
    before = model.objects.filter(conversation_id__in={o.conversation_id for o in objects}).count()
    model.objects.bulk_create(objects, ignore_conflicts=True)
    return model.objects.filter(conversation_id__in={o.conversation_id for o in objects}).count() - before


def conversations_export(*, out: TextIO, external_ids: Iterable[str] | None = None) -> int:
    """Write conversations as JSON Lines, oldest first; return how many were written."""
    conversations = Conversation.objects.order_by("id")
    if external_ids is not None:
        conversations = conversations.filter(external_id__in=list(external_ids))
    written = 0
    last_id = 0
    while True:
        chunk = list(conversations.filter(id__gt=last_id)[:EXPORT_CHUNK])
        if not chunk:
            return written
        for line in _export_lines(chunk):
            out.write(line + "\n")
        written += len(chunk)
        last_id = chunk[-1].pk


def _export_lines(chunk: list[Conversation]) -> Iterator[str]:
    turns = _grouped(Turn.objects.filter(conversation__in=chunk).order_by("conversation_id", "seq"))
    gold = _grouped(
        GoldFact.objects.filter(conversation__in=chunk).order_by("conversation_id", "source_seq", "id")
    )
    queries = _grouped(LabelledQuery.objects.filter(conversation__in=chunk).order_by("conversation_id", "id"))
    facts = _grouped(
        PinnedFact.objects.filter(conversation__in=chunk).order_by("conversation_id", "source_seq", "id")
    )
    summaries = _grouped(
        Summary.objects.filter(conversation__in=chunk)
        .order_by("conversation_id", "kind", "-version")
        .distinct("conversation_id", "kind")
    )
    for conversation in chunk:
        record = {
            "external_id": conversation.external_id,
            "subject_id": conversation.subject_id,
            "title": conversation.title,
            "turns": [t.as_record() for t in turns.get(conversation.pk, [])],
            "gold_facts": [g.as_record() for g in gold.get(conversation.pk, [])],
            "queries": [q.as_record() for q in queries.get(conversation.pk, [])],
            # Derived layers, for checking results outside the product; import ignores them.
            "pinned_facts": [f.as_record() for f in facts.get(conversation.pk, [])],
            "summaries": {s.kind: s.as_record() for s in summaries.get(conversation.pk, [])},
        }
        yield json.dumps(record, ensure_ascii=False)


def _grouped(queryset) -> dict[int, list]:
    groups: dict[int, list] = {}
    for obj in queryset.iterator(chunk_size=5000):
        groups.setdefault(obj.conversation_id, []).append(obj)
    return groups
