"""Bringing a database's demo conversations up to date with the demo data as it is now.

An older demo database keeps the wording of the demo it was seeded with: the import never
rewrites a stored turn. ``demo_conversations_update`` finds the stored conversations whose external
id is one of the demo's and whose record differs from the demo's (title, subject, a turn, the gold
facts or labelled questions it brings) and empties them of their turns and of everything derived
from those turns, so that the import that follows stores the demo's record again and derives its
layers afresh. Nothing else is touched: other conversations, and what people added to a demo
conversation that still makes sense, stay.

What people added to a demo conversation is kept where it still makes sense:

- a forget request names the conversation by id, which stays the same: it is kept as it is; a
  conversation a completed forget request reached (by its id or its subject's) is left as the
  request left it, not given back the words it forgot;
- an annotator's label is kept where its words still stand at its span, moved to where they now
  stand in the same turn if they moved, and dropped if the turn no longer says them;
- gold facts adjudicated from people's labels (a conversation the demo brings no gold facts for)
  and labelled questions people added are kept while their turn still says them (or their evidence
  turns still exist); those the demo brings are replaced by the demo's;
- the audit log keeps every entry; one more says what was brought up to date.

Pinned facts, summaries, refresh runs, context snapshots and index entries were derived from the
old wording and are removed: the import derives them again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.dateparse import parse_datetime

from conversations.models import (
    ContextSnapshot,
    Conversation,
    LabelledQuery,
    MemoryState,
    RefreshRun,
    Summary,
    Turn,
)
from facts.models import GoldFact, PinnedFact
from memadmin.audit import audit_record
from privacy.forget import subject_pseudonym
from privacy.models import ForgetRequest
from qa.models import GoldSet, Label


@dataclass
class DemoUpdate:
    """What ``demo_conversations_update`` did, to say to whoever ran it."""

    updated: list[str] = field(default_factory=list)
    left_as_forgotten: list[str] = field(default_factory=list)
    labels_kept: int = 0
    labels_moved: int = 0
    labels_dropped: int = 0
    gold_facts_dropped: int = 0
    queries_dropped: int = 0

    def describe(self) -> str:
        kept = (
            f"; left as a forget request left them: {', '.join(self.left_as_forgotten)}"
            if self.left_as_forgotten
            else ""
        )
        if not self.updated:
            return "every stored demo conversation already matches the demo data" + kept
        said = (
            f"{len(self.updated)} demo conversation(s) brought up to date with the demo data "
            f"({', '.join(self.updated)}); their facts, summaries and index are derived again"
        )
        if self.labels_kept or self.labels_moved or self.labels_dropped:
            said += (
                f"; annotators' labels: {self.labels_kept} kept, {self.labels_moved} moved to where "
                f"their words now are, {self.labels_dropped} dropped (their turn no longer says them)"
            )
        if self.gold_facts_dropped or self.queries_dropped:
            said += (
                f"; {self.gold_facts_dropped} adjudicated gold fact(s) and {self.queries_dropped} "
                f"labelled question(s) dropped (their turns no longer say them)"
            )
        return said + kept


def _stored_record(conversation: Conversation) -> tuple:
    turns = tuple(
        Turn.objects.for_conversation(conversation)
        .chronological()
        .values_list("seq", "role", "content", "tool_calls", "created_at")
    )
    return conversation.title, conversation.subject_id, turns


def _demo_record(record: dict) -> tuple:
    turns = tuple(
        (
            turn["seq"],
            turn["role"],
            turn["content"],
            turn.get("tool_calls"),
            parse_datetime(turn["created_at"]) if turn.get("created_at") else None,
        )
        for turn in record["turns"]
    )
    return record.get("title", ""), record["subject_id"], turns


def _gold_of(record: dict) -> set[tuple]:
    return {(f["type"], f["key"], f["value"], f["source_seq"]) for f in record.get("gold_facts") or ()}


def _is_stale(conversation: Conversation, record: dict) -> bool:
    if _stored_record(conversation) != _demo_record(record):
        return True
    if record.get("gold_facts") and _gold_of(record) != set(
        GoldFact.objects.filter(conversation=conversation).values_list("type", "key", "value", "source_seq")
    ):
        return True
    return bool(record.get("queries")) and {q["query"] for q in record["queries"]} != set(
        LabelledQuery.objects.filter(conversation=conversation).values_list("query", flat=True)
    )


def demo_conversations_update(*, records: Iterable[dict], actor) -> DemoUpdate:
    """Empty each stored demo conversation whose record differs from ``records`` (matched by
    external id), keeping what people added to it where it still makes sense (module docstring),
    for the import of ``records`` that follows to store the demo's record again. One audit entry
    per conversation brought up to date."""
    report = DemoUpdate()
    by_id = {record["external_id"]: record for record in records}
    for conversation in Conversation.objects.filter(external_id__in=by_id).order_by("pk"):
        record = by_id[conversation.external_id]
        with transaction.atomic():
            locked = Conversation.objects.select_for_update().get(pk=conversation.pk)
            if not _is_stale(locked, record):
                continue
            if _forgotten_in(locked):
                report.left_as_forgotten.append(locked.external_id)
                continue
            before = {"title": locked.title, "subject_id": locked.subject_id, "turns": locked.turns.count()}
            _keep_what_still_stands(locked, record, report)
            for model in (PinnedFact, Summary, RefreshRun, ContextSnapshot, MemoryState, Turn):
                model.objects.filter(conversation=locked).delete()
            locked.title, locked.subject_id = record.get("title", ""), record["subject_id"]
            locked.save(update_fields=["title", "subject_id"])
            audit_record(
                actor=actor,
                action="memadmin.demo.updated",
                target=locked,
                before=before,
                after={"title": locked.title, "subject_id": locked.subject_id, "turns": len(record["turns"])},
                reason="The demo data changed: the conversation is stored again, its layers derived again.",
            )
            report.updated.append(locked.external_id)
    return report


def _forgotten_in(conversation: Conversation) -> bool:
    reached = ForgetRequest.objects.filter(status=ForgetRequest.Status.COMPLETED)
    return (
        reached.filter(conversation_id=conversation.pk).exists()
        or reached.filter(
            conversation_id=None, subject_pseudonym=subject_pseudonym(conversation.subject_id)
        ).exists()
    )


def _keep_what_still_stands(conversation: Conversation, record: dict, report: DemoUpdate) -> None:
    said = {turn["seq"]: turn["content"] for turn in record["turns"]}
    labels = list(Label.objects.filter(label_set__conversation=conversation).order_by("pk"))
    # Where each label stands once done (one label a span and type in a set, as the table requires).
    taken = {_place(label) for label in labels if _still_said(label, said)}
    for label in labels:
        if _still_said(label, said):
            report.labels_kept += 1
            continue
        start = said.get(label.source_seq, "").find(label.value) if label.value else -1
        if start >= 0:
            label.span_start, label.span_end = start, start + len(label.value)
            if _place(label) not in taken:
                taken.add(_place(label))
                label.save(update_fields=["span_start", "span_end"])
                report.labels_moved += 1
                continue
        label.delete()
        report.labels_dropped += 1
    gold = GoldFact.objects.filter(conversation=conversation)
    queries = LabelledQuery.objects.filter(conversation=conversation)
    if record.get("gold_facts"):
        # The demo brings this conversation's gold: its own, recorded as imported again.
        gold.delete()
        GoldSet.objects.filter(conversation=conversation).delete()
    else:
        gone = [fact.pk for fact in gold if fact.value not in said.get(fact.source_seq, "")]
        report.gold_facts_dropped += GoldFact.objects.filter(pk__in=gone).delete()[0]
    if record.get("queries"):
        queries.delete()
    else:
        gone = [query.pk for query in queries if not set(query.evidence_seqs) <= said.keys()]
        report.queries_dropped += LabelledQuery.objects.filter(pk__in=gone).delete()[0]


def _still_said(label: Label, said: dict[int, str]) -> bool:
    return said.get(label.source_seq, "")[label.span_start : label.span_end] == label.value


def _place(label: Label) -> tuple:
    return label.label_set_id, label.type, label.source_seq, label.span_start, label.span_end
