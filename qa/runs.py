"""Evaluation runs: ``facts.evaluation.evaluate`` over every conversation with a gold set, stored.

The dashboard starts a run as a background task (``qa.tasks``, through the outbox of
``memadmin.tasks``); ``manage.py eval_extraction --gold-sets`` runs the same function in the
foreground. Either way one function measures, and one stores.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from conversations.models import Conversation
from facts.evaluation import FileReport, conversations_from_database, evaluate
from facts.models import PinnedFact
from memadmin.audit import audit_record
from memadmin.errors import InvalidInput, PermissionRefused
from memadmin.permissions import can_run_evaluation
from memadmin.providers import get_provider
from memadmin.providers.base import Provider
from memadmin.tasks import enqueue
from qa.models import EvaluationRun, Finding

logger = logging.getLogger(__name__)


def gold_conversations():
    """Every conversation with a gold set, oldest first."""
    return Conversation.objects.filter(gold_set__isnull=False).order_by("id")


@transaction.atomic
def evaluation_run_request(*, actor, source: str, run_now: bool = False) -> EvaluationRun:
    """Ask for a run over every gold set; it runs after the commit, in the background.

    ``source``: ``extractor`` (the configured provider's extractor over the turns) or ``stored``
    (the pinned facts as they stand). With ``run_now`` the caller runs it (a command).
    """
    if actor is not None and not can_run_evaluation(actor):
        raise PermissionRefused("Starting an evaluation run needs the qa or admin role.")
    if source not in EvaluationRun.Source.values:
        raise InvalidInput(f"Measure 'extractor' or 'stored', not {source!r}.", code="invalid_source")
    run = EvaluationRun.objects.create(
        source=source, requested_by=actor if actor is not None and actor.is_authenticated else None
    )
    audit_record(actor=actor, action="memadmin.qa.run.requested", target=run, after={"source": source})
    if not run_now:
        from qa import tasks  # the task module imports this one

        enqueue(tasks.evaluation_run, run.pk)
    return run


def _stored_models(conversations) -> str:
    models = (
        PinnedFact.objects.filter(conversation__in=conversations)
        .exclude(model="")
        .values_list("model", flat=True)
        .distinct()
        .order_by("model")
    )
    return ", ".join(models[:5])[:200] or "staff and extractor facts"


def evaluation_run_execute(*, run_id: int, provider: Provider | None = None) -> EvaluationRun | None:
    """Measure and store a queued run. Safe to call twice: only the caller that moves it from
    queued to running measures it."""
    if (
        EvaluationRun.objects.filter(pk=run_id, status=EvaluationRun.Status.QUEUED).update(
            status=EvaluationRun.Status.RUNNING, started_at=timezone.now()
        )
        != 1
    ):
        return None  # another worker got there, or it is gone
    run = EvaluationRun.objects.get(pk=run_id)
    conversations = gold_conversations()
    stored = run.source == EvaluationRun.Source.STORED
    try:
        if stored:
            provider = provider or get_provider()
            run.provider, run.model = "stored facts", _stored_models(conversations)
        else:
            provider = provider or get_provider()
            run.provider, run.model = provider.name, provider.extraction_model
        report = evaluate(
            conversations_from_database(conversations.iterator(chunk_size=200), stored_facts=stored),
            name=f"run {run.pk}",
            provider=provider,
            measure_summaries=False,
        )
    except Exception as exc:  # a provider that fails fails the run, and says why
        logger.exception("evaluation run %s failed", run_id)
        run.status, run.error, run.finished_at = (
            EvaluationRun.Status.FAILED,
            f"{type(exc).__name__}: {exc}"[:2000],
            timezone.now(),
        )
        run.save(update_fields=["status", "error", "finished_at", "provider", "model"])
        return run
    return _store(run, report)


@transaction.atomic
def _store(run: EvaluationRun, report: FileReport) -> EvaluationRun:
    figures = report.as_dict()
    run.figures = figures
    run.conversations = figures["conversations"]
    run.gold_values = figures["gold_values"]
    run.recall, run.precision, run.clean_rate = figures["recall"], figures["precision"], figures["clean_rate"]
    run.status, run.finished_at = EvaluationRun.Status.DONE, timezone.now()
    run.save()
    findings = []
    for result in report.conversations:
        common = {
            "run": run,
            "conversation_id": result.conversation_id,
            "external_id": result.external_id,
            "turns": result.turns,
        }
        findings += [
            Finding(
                kind=Finding.Kind.MISSED,
                type=g.type,
                key=g.key,
                value=g.value,
                source_seq=g.source_seq,
                **common,
            )
            for g in result.missed
        ]
        findings += [
            Finding(
                kind=Finding.Kind.FABRICATED,
                type=f.type,
                key=f.key,
                value=f.value,
                source_seq=f.source_seq,
                **common,
            )
            for f in result.fabricated
        ]
    Finding.objects.bulk_create(findings, batch_size=1000)
    return run


def evaluation_run_now(*, actor, source: str, provider: Provider | None = None) -> EvaluationRun:
    """Request a run and measure it in this process (the command's face of the dashboard's runs)."""
    run = evaluation_run_request(actor=actor, source=source, run_now=True)
    return evaluation_run_execute(run_id=run.pk, provider=provider) or run


def evaluation_run_give_up(*, run_id: int, error: str) -> None:
    EvaluationRun.objects.filter(pk=run_id, status__in=["queued", "running"]).update(
        status=EvaluationRun.Status.FAILED, error=error[:2000], finished_at=timezone.now()
    )
