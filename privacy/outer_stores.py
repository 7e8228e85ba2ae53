"""Stores that are not tables of one conversation: the audit log, the outbox, Redis, exports, QA runs."""

import json
from pathlib import Path

from django.conf import settings
from django.db.models import Q, QuerySet

from conversations.models import (
    Conversation,
)
from memadmin.models import AuditEntry, PendingTask
from privacy.models import ExportedFile
from privacy.stores import CONVERSATION_TASKS, Result, Target, _seq_filter, phrase_pattern, redact, text_match
from qa.models import EvaluationRun, Finding

# --- stores that are not tables of one conversation ---------------------------------------------


class AuditStore:
    """The audit log keeps every event, with the content of those about forgotten rows removed."""

    label = "audit log"
    model = AuditEntry
    describe = "events kept; before/after and reason of those about forgotten rows removed"

    def _about(self, t: Target) -> QuerySet:
        about = Q(conversation_id__in=list(t.deleted_conversations))
        about |= Q(target_type="facts.pinnedfact", target_id__in=[str(pk) for pk in t.facts])
        about |= Q(target_type="conversations.summary", target_id__in=[str(pk) for pk in t.summaries])
        return AuditEntry.objects.filter(about).exclude(action__startswith="privacy.")

    def _matching(self, t: Target) -> QuerySet:
        return text_match(
            AuditEntry.objects.filter(conversation_id__in=list(t.scanned)),
            ("before", "after", "reason"),
            t.phrases,
        )

    def rows(self, t: Target) -> QuerySet:
        return AuditEntry.objects.filter(conversation_id__in=list(t.scanned))

    def affected(self, t: Target) -> int:
        return len(
            set(self._about(t).values_list("pk", flat=True))
            | set(self._matching(t).values_list("pk", flat=True))
        )

    def forget(self, t: Target) -> Result:
        stripped = (
            self._about(t)
            .exclude(before__isnull=True, after__isnull=True, reason__in=["", t.marker])
            .update(before=None, after=None, reason=t.marker)
        )
        pattern = phrase_pattern(t.phrases)
        rewritten = 0
        for entry in self._matching(t):
            entry.before, entry.after = redact(entry.before, pattern), redact(entry.after, pattern)
            entry.reason = redact(entry.reason, pattern)
            entry.save(update_fields=["before", "after", "reason"])
            rewritten += 1
        return Result(rewritten=stripped + rewritten)

    def residue(self, t: Target) -> int:
        left = self._about(t).filter(Q(before__isnull=False) | Q(after__isnull=False)).count()
        own = text_match(
            AuditEntry.objects.filter(action__startswith="privacy.", target_id=str(t.request_id)),
            ("before", "after", "reason"),
            (*t.phrases, *((t.subject_id,) if t.subject_id else ())),
        ).count()
        return left + self._matching(t).count() + own


class PendingTaskStore:
    """Work owed after a change (memadmin.tasks's outbox): ids as arguments, errors that may quote content."""

    label = "pending tasks"
    model = PendingTask
    describe = "queued work for forgotten conversations dropped; errors quoting a value redacted"

    def _owed(self, t: Target) -> list[int]:
        deleted = set(t.deleted_conversations)
        return [
            pk
            for pk, args in PendingTask.objects.filter(task__in=CONVERSATION_TASKS).values_list("pk", "args")
            if args and args[0] in deleted
        ]

    def _matching(self, t: Target) -> QuerySet:
        # Tasks take ids, never text (memadmin.tasks): only an error can quote content. Its
        # arguments are not matched, so that a value made of digits never drops another's work.
        return text_match(PendingTask.objects.all(), ("last_error",), t.phrases)

    def rows(self, t: Target) -> QuerySet:
        return PendingTask.objects.filter(pk__in=self._owed(t))

    def affected(self, t: Target) -> int:
        return len(set(self._owed(t)) | set(self._matching(t).values_list("pk", flat=True)))

    def forget(self, t: Target) -> Result:
        owed = self._owed(t)
        removed = PendingTask.objects.filter(pk__in=owed).delete()[0] if owed else 0
        pattern = phrase_pattern(t.phrases)
        rewritten = 0
        for task in self._matching(t):
            task.last_error = redact(task.last_error, pattern)
            task.save(update_fields=["last_error"])
            rewritten += 1
        return Result(removed=removed, rewritten=rewritten)

    def residue(self, t: Target) -> int:
        return len(self._owed(t)) + self._matching(t).count()


def _needles(t: Target) -> list[str]:
    """What a blob of text (a Redis value, an export line) is searched for, case-folded."""
    needles = list(t.phrases)
    needles += [json.dumps(e, ensure_ascii=False) for e in t.external_ids]
    if t.subject_id:
        needles.append(json.dumps(t.subject_id, ensure_ascii=False))
    return [n.casefold() for n in needles]


def _holds(blob: bytes | str, needles: list[str]) -> int:
    text = (blob.decode("utf-8", "replace") if isinstance(blob, bytes) else blob).casefold()
    return sum(text.count(n) for n in needles)


class RedisStore:
    """Task results and cache keys in Redis (the broker's database): those quoting forgotten content."""

    label = "task results and cache (Redis)"
    model = None
    describe = "Celery task results and cached values that quote a forgotten value or conversation"
    PATTERNS = ("celery-task-meta-*", "memadmin:*", ":1:*")

    def _client(self):
        url = settings.REDIS_URL
        if not url:
            return None
        import redis

        return redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)

    def _keys(self, t: Target) -> list[bytes]:
        client = self._client()
        needles = _needles(t)
        if client is None or not needles:
            return []
        found = []
        for pattern in self.PATTERNS:
            for key in client.scan_iter(match=pattern, count=500):
                if client.type(key) != b"string":
                    continue
                if _holds(client.get(key) or b"", needles):
                    found.append(key)
        return found

    def rows(self, t: Target) -> list:
        return self._keys(t)

    def affected(self, t: Target) -> int:
        return len(self._keys(t))

    def forget(self, t: Target) -> Result:
        keys = self._keys(t)
        if keys:
            self._client().delete(*keys)
        return Result(removed=len(keys))

    def residue(self, t: Target) -> int:
        return len(self._keys(t))


class ExportStore:
    """Files ``export_conversations`` wrote: lines of forgotten conversations dropped, values redacted."""

    label = "export files"
    model = ExportedFile
    describe = "JSON Lines exports on disk: lines rewritten or dropped"

    def _files(self) -> list[Path]:
        return [Path(p) for p in ExportedFile.objects.values_list("path", flat=True) if Path(p).is_file()]

    @staticmethod
    def _ours(t: Target) -> set[str]:
        """External ids of the lines the request reaches: its conversations, deleted or kept."""
        kept = Conversation.objects.filter(pk__in=list(t.remaining)).values_list("external_id", flat=True)
        return set(kept) | set(t.external_ids)

    @staticmethod
    def _external_id(line: bytes | str) -> str | None:
        try:
            return json.loads(line).get("external_id")
        except (ValueError, AttributeError):
            return None

    def _lines_reached(self, t: Target, path: Path, ours: set[str]) -> int:
        """Lines of the request's conversations that hold a forgotten value, or that it changes anyway."""
        needles, touched, gone = _needles(t), self._touched_ids(t), set(t.external_ids)
        count = 0
        with path.open("rb") as lines:
            for line in lines:
                external_id = self._external_id(line)
                if (
                    external_id in gone
                    or external_id in touched
                    or (external_id in ours and _holds(line, needles))
                ):
                    count += 1
        return count

    @staticmethod
    def _touched_ids(t: Target) -> set[str]:
        return set(Conversation.objects.filter(pk__in=list(t.touched)).values_list("external_id", flat=True))

    def rows(self, t: Target) -> list:
        ours = self._ours(t)
        return [p for p in self._files() if self._lines_reached(t, p, ours)]

    def affected(self, t: Target) -> int:
        ours = self._ours(t)
        return sum(self._lines_reached(t, p, ours) for p in self._files())

    def forget(self, t: Target) -> Result:
        result = Result()
        ours = self._ours(t)
        pattern = phrase_pattern((*t.phrases, *((t.subject_id,) if t.subject_id else ())))
        gone = set(t.external_ids)
        touched = {
            external_id: t.touched[pk]
            for pk, external_id in Conversation.objects.filter(pk__in=list(t.touched)).values_list(
                "pk", "external_id"
            )
        }
        for path in self._files():
            if not self._lines_reached(t, path, ours):
                continue
            out = []
            for line in path.read_text(encoding="utf-8").splitlines():
                record = json.loads(line)
                external_id = record.get("external_id")
                if external_id in gone:
                    result.removed += 1
                    continue
                if external_id not in ours:  # another subject's line: not this request's to change
                    out.append(line)
                    continue
                new = redact(record, pattern)
                if external_id in touched:
                    new = _without_turns(new, set(touched[external_id]))
                if new != record:
                    result.rewritten += 1
                out.append(json.dumps(new, ensure_ascii=False))
            path.write_text("".join(line + "\n" for line in out), encoding="utf-8")
        return result

    def residue(self, t: Target) -> int:
        ours, needles, gone = self._ours(t), _needles(t), set(t.external_ids)
        found = 0
        for path in self._files():
            with path.open("rb") as lines:
                for line in lines:
                    external_id = self._external_id(line)
                    found += external_id in gone or (external_id in ours and bool(_holds(line, needles)))
        return found


def _without_turns(record: dict, seqs: set[int]) -> dict:
    """An exported conversation without the forgotten turns and what was derived from them."""
    return {
        **record,
        "turns": [turn for turn in record.get("turns", []) if turn.get("seq") not in seqs],
        "summaries": {},
        "pinned_facts": [
            f for f in record.get("pinned_facts", []) if not seqs & set(f.get("source_seqs") or [])
        ],
        "gold_facts": [g for g in record.get("gold_facts", []) if g.get("source_seq") not in seqs],
        "queries": [q for q in record.get("queries", []) if not seqs & set(q.get("evidence_seqs") or [])],
    }


class FindingStore:
    """An evaluation run's findings name a conversation by external id and keep it when it is deleted."""

    label = "QA evaluation findings"
    model = Finding
    describe = "missed or fabricated values of forgotten conversations or turns, or holding a value"

    def _doomed(self, t: Target) -> QuerySet:
        about = Q(external_id__in=list(t.external_ids)) | _seq_filter("source_seq")(t)
        matching = text_match(
            Finding.objects.filter(conversation_id__in=list(t.remaining)), ("value",), t.phrases
        )
        return Finding.objects.filter(about | Q(pk__in=matching.values("pk")))

    def rows(self, t: Target) -> QuerySet:
        return Finding.objects.filter(
            Q(external_id__in=list(t.external_ids)) | Q(conversation_id__in=list(t.scanned))
        )

    def affected(self, t: Target) -> int:
        return self._doomed(t).count()

    def forget(self, t: Target) -> Result:
        return Result(removed=self._doomed(t).delete()[1].get(Finding._meta.label, 0))

    def residue(self, t: Target) -> int:
        return self._doomed(t).count()


class EvaluationRunStore:
    """Evaluation runs measure every gold set at once: values or forgotten ids in figures are redacted."""

    label = "QA evaluation runs"
    model = EvaluationRun
    describe = "figures or errors quoting a value or a forgotten conversation's id"

    def _matching(self, t: Target) -> QuerySet:
        return text_match(EvaluationRun.objects.all(), ("figures", "error"), (*t.phrases, *t.external_ids))

    def rows(self, t: Target) -> QuerySet:
        return self._matching(t)

    def affected(self, t: Target) -> int:
        return self._matching(t).count()

    def forget(self, t: Target) -> Result:
        pattern = phrase_pattern((*t.phrases, *t.external_ids))
        rewritten = 0
        for run in self._matching(t):
            run.figures, run.error = redact(run.figures, pattern), redact(run.error, pattern)
            run.save(update_fields=["figures", "error"])
            rewritten += 1
        return Result(rewritten=rewritten)

    def residue(self, t: Target) -> int:
        return self._matching(t).count()


GLOBAL_STORES = (
    AuditStore(),
    PendingTaskStore(),
    RedisStore(),
    ExportStore(),
    FindingStore(),
    EvaluationRunStore(),
)
