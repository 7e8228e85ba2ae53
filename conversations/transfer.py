"""Import and export of conversations in JSON Lines (docs/import-format.md).

Import is built for files of millions of turns: lines are validated by the
rules of the API's serializers (``import_validation``), then written in
batches, turns through COPY.
Each turn goes through the rules the API's append applies
(``services.turn_placement``): an identical turn is already stored, so running
an import twice stores nothing the second time; a different turn at a taken
seq, or a seq below the last one of a stored conversation, rejects its line.
"""

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO, TextIO

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from conversations import tasks
from conversations.import_validation import validated_record
from conversations.indexing import BulkIndexReport, IndexAlongside, indexed_row
from conversations.models import Conversation, LabelledQuery, Summary, Turn
from conversations.services import TurnInput, turn_placement
from facts.models import GoldFact, PinnedFact
from memadmin.audit import audit_record
from memadmin.errors import Conflict
from memadmin.jsonlimits import json_too_deep
from memadmin.tasks import enqueue
from qa.services import gold_sets_imported

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
    indexed: BulkIndexReport | None = None

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
    client=None,
    index_with=None,
) -> ImportReport:
    """Import every valid line of ``stream``; report the lines it rejected and why.

    With ``client`` (an API client's user), the conversations it creates are
    that client's, as if it had created them through the API; a line for a
    conversation another client created is rejected.

    A rejected line (bad JSON, a field that fails validation, an external id
    stored with another subject) is skipped; the lines around it are imported.
    With ``derive``, each conversation that gained turns is indexed and
    refreshed after its batch commits, as if its turns had come through the API.
    With ``index_with`` (an embedder), each batch's new turns are indexed by it
    while the next batch is read (``IndexAlongside``); ``report.indexed`` then
    says how many entries were written and how long indexing took in all.
    """
    report = ImportReport()
    indexer = IndexAlongside(index_with) if index_with is not None else None
    batch: list[_Record] = []
    batch_size = 0
    try:
        for record in _valid_records(stream, report, on_progress):
            batch.append(record)
            batch_size += len(record.data["turns"])
            if batch_size >= batch_turns:
                _import_batch(batch, report, derive=derive, source=source, client=client, indexer=indexer)
                batch, batch_size = [], 0
        if batch:
            _import_batch(batch, report, derive=derive, source=source, client=client, indexer=indexer)
    except BaseException:
        if indexer is not None:
            indexer.abandon()
        raise
    if indexer is not None:
        report.indexed = indexer.finish()
    audit_record(
        actor=actor,
        action="memadmin.record.imported",
        after={"source": source, "client": client.get_username() if client else None, **report.as_dict()},
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
        if reason := json_too_deep(raw):
            report.rejected_lines.append((line_number, reason))
            continue
        try:
            data = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            report.rejected_lines.append((line_number, f"not valid JSON: {exc}"))
            continue
        if not isinstance(data, dict):
            report.rejected_lines.append((line_number, "a line must be one JSON object"))
            continue
        record, errors = validated_record(data)
        if errors is not None:
            report.rejected_lines.append((line_number, _flatten_errors(errors)))
            continue
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


def _import_batch(
    batch: list[_Record],
    report: ImportReport,
    *,
    derive: bool,
    source: str = "",
    client=None,
    indexer: IndexAlongside | None = None,
) -> None:
    with transaction.atomic():
        conversations, existing = _upsert_conversations(batch, report, client)
        placed = _place_turns(
            [r for r in batch if r.data["external_id"] in conversations], conversations, existing, report
        )
        accepted = [record for record, _ in placed]
        new_rows = [(conversations[r.data["external_id"]], turn) for r, turns in placed for turn in turns]
        now = timezone.now()
        ids = _copy_turns(new_rows, now)
        report.turns_stored += len(new_rows)
        report.gold_facts_stored += _insert_new(
            GoldFact,
            [
                GoldFact(conversation_id=conversations[r.data["external_id"]], **fact)
                for r in accepted
                for fact in r.data["gold_facts"]
            ],
        )
        # An import file's gold facts are an adjudicated gold set, recorded as imported from the file.
        gold_sets_imported(
            conversation_ids=[conversations[r.data["external_id"]] for r in accepted if r.data["gold_facts"]],
            source=source,
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
            # As after an append: index and refresh for exactly the turns stored.
            for record, turns in placed:
                if turns:
                    conversation_id = conversations[record.data["external_id"]]
                    enqueue(tasks.turns_appended, conversation_id, turns[0]["seq"], turns[-1]["seq"])
    if indexer is not None:
        # After the commit: the indexer may write through a connection of its own.
        indexer.add(
            [
                indexed_row(
                    turn_id=turn_id,
                    conversation_id=conversation_id,
                    seq=turn["seq"],
                    role=turn["role"],
                    content=turn["content"],
                    tool_calls=turn.get("tool_calls"),
                    created_at=turn.get("created_at") or now,
                )
                for turn_id, (conversation_id, turn) in zip(ids, new_rows, strict=True)
            ]
        )


def _upsert_conversations(
    batch: list[_Record], report: ImportReport, client=None
) -> tuple[dict[str, int], set[int]]:
    """Create the batch's new conversations; return external id -> pk for the accepted ones,
    and the pks of those that were already stored (locked against appends until the batch commits)."""
    external_ids = [r.data["external_id"] for r in batch]
    existing = {
        c.external_id: c
        for c in Conversation.objects.filter(external_id__in=external_ids)
        .select_for_update()
        .order_by("pk")
        .only("subject_id", "created_by_id")
    }
    new = [
        Conversation(
            external_id=r.data["external_id"],
            subject_id=r.data["subject_id"],
            title=r.data["title"],
            created_by=client,
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
        if client is not None and stored.created_by_id != client.pk:
            message = f"external_id {stored.external_id!r} belongs to a conversation {client} did not create"
            report.rejected_lines.append((record.line_number, message))
            continue
        report.conversations_existing += 1
        accepted[stored.external_id] = stored.pk
    return accepted, {c.pk for c in existing.values()}


def _place_turns(
    records: list[_Record], conversations: dict[str, int], existing: set[int], report: ImportReport
) -> list[tuple[_Record, list[dict]]]:
    """Apply the append rules (``turn_placement``) to every turn; return each accepted line's new turns.

    A line with a turn that collides with the record (a different turn at a
    taken seq, or a seq below the conversation's last) is rejected whole, by
    its line number; identical turns count as already stored.
    """
    stored, last_seqs = _stored_turns(
        [(conversations[r.data["external_id"]], r.data["turns"]) for r in records], existing
    )
    placed = []
    for record in records:
        conversation_id = conversations[record.data["external_id"]]
        last_seq = last_seqs.get(conversation_id, 0)
        new: list[dict] = []
        try:
            for turn in record.data["turns"]:
                item = TurnInput(
                    role=turn["role"],
                    content=turn["content"],
                    seq=turn["seq"],
                    tool_calls=turn.get("tool_calls"),
                )
                seq = turn_placement(
                    item, stored=stored.get((conversation_id, turn["seq"])), last_seq=last_seq
                )
                if seq is not None:
                    new.append(turn)
                    last_seq = seq
        except Conflict as exc:
            report.rejected_lines.append((record.line_number, exc.message))
            continue
        report.turns_already_stored += len(record.data["turns"]) - len(new)
        placed.append((record, new))
    return placed


def _stored_turns(
    lines: list[tuple[int, list[dict]]], existing: set[int]
) -> tuple[dict[tuple[int, int], Turn], dict[int, int]]:
    """The stored turns at the seqs the lines send, and the last seq of each conversation already stored.

    A conversation created by this batch has no turns yet, so a first import
    reads nothing here.
    """
    conversation_ids = [c for c, _ in lines if c in existing]
    if not conversation_ids:
        return {}, {}
    last_seqs = dict(
        Turn.objects.filter(conversation_id__in=conversation_ids)
        .values("conversation_id")
        .annotate(last=Max("seq"))
        .values_list("conversation_id", "last")
    )
    pairs = [(c, t["seq"]) for c, turns in lines if c in last_seqs for t in turns if t["seq"] <= last_seqs[c]]
    if not pairs:
        return {}, last_seqs
    table = Turn._meta.db_table
    turns = Turn.objects.raw(
        f"SELECT t.* FROM {table} AS t JOIN unnest(%s::bigint[], %s::integer[]) AS wanted (c, s) "
        "ON t.conversation_id = wanted.c AND t.seq = wanted.s",
        [[c for c, _ in pairs], [s for _, s in pairs]],
    )
    return {(t.conversation_id, t.seq): t for t in turns}, last_seqs


def _copy_turns(rows: list[tuple[int, dict]], now) -> list[int]:
    """COPY new turns straight into the record, mark their conversations as updated; return their ids.

    Every row was placed by ``turn_placement`` while the batch holds the lock
    of each conversation already stored, so none collides. The ids are taken
    from the table's sequence first, so that the stored turns can be indexed
    without reading them back.
    """
    if not rows:
        return []
    table = Turn._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)", [table, len(rows)]
        )
        ids = [turn_id for (turn_id,) in cursor.fetchall()]
        with cursor.cursor.copy(
            f"COPY {table} "
            "(id, conversation_id, seq, role, content, tool_calls, created_at, stored_at, body_hash) "
            "FROM STDIN"
        ) as copy:
            for turn_id, (conversation_id, turn) in zip(ids, rows, strict=True):
                tool_calls = turn.get("tool_calls")
                copy.write_row(
                    (
                        turn_id,
                        conversation_id,
                        turn["seq"],
                        turn["role"],
                        turn["content"],
                        None if tool_calls is None else json.dumps(tool_calls, ensure_ascii=False),
                        turn.get("created_at") or now,
                        now,
                        "",
                    )
                )
        cursor.execute(
            f"UPDATE {Conversation._meta.db_table} SET updated_at = %s WHERE id = ANY(%s)",
            [now, sorted({conversation_id for conversation_id, _ in rows})],
        )
    return ids


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
