"""Evaluation runs: the list over time with its chart, starting a run, and one run's figures and findings."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.text import capfirst
from django.views.decorators.http import require_GET, require_http_methods

from facts.evaluation import GOLD_TYPES, LENGTH_BUCKETS
from memadmin.errors import ApplicationError
from memadmin.filter_tabs import filter_tabs
from memadmin.permissions import can_run_evaluation, can_view_evaluations, refusal_message, require
from qa import forms, runs
from qa.chart import NARROW_WIDTH, run_chart
from qa.models import EvaluationRun, Finding

RUNS_PER_PAGE = 25
CHART_RUNS = 30
FINDINGS_PER_PAGE = 100


def _run_url(run: EvaluationRun) -> str:
    return reverse("qa:run", args=[run.pk])


@require_http_methods(["GET", "POST"])
@login_required
@require(can_view_evaluations)
def runs_page(request: HttpRequest) -> HttpResponse:
    form = forms.RunForm(request.POST or None)
    status, error = 200, ""
    if request.method == "POST":
        if not can_run_evaluation(request.user):
            raise PermissionDenied(refusal_message(can_run_evaluation))
        if form.is_valid():
            try:
                run = runs.evaluation_run_request(actor=request.user, source=form.cleaned_data["source"])
            except ApplicationError as exc:
                status, error = exc.page_status, exc.message
            else:
                return HttpResponseRedirect(_run_url(run), status=303)
        else:
            status, error = 422, "Choose what to measure."
    listed = EvaluationRun.objects.select_related("requested_by")
    page = Paginator(listed, RUNS_PER_PAGE).get_page(request.GET.get("page"))
    recent = list(EvaluationRun.objects.filter(status="done").order_by("-requested_at", "-id")[:CHART_RUNS])[
        ::-1
    ]
    context = {
        "page": page,
        "form": form,
        "error": error,
        "chart": run_chart(recent, _run_url),
        "narrow_chart": run_chart(recent, _run_url, width=NARROW_WIDTH),
        "can_run": can_run_evaluation(request.user),
        "gold_conversations": runs.gold_conversations().count(),
    }
    return render(request, "qa/runs.html", context, status=status)


@require_GET
@login_required
@require(can_view_evaluations)
def run_page(request: HttpRequest, run_id: int) -> HttpResponse:
    run = get_object_or_404(EvaluationRun.objects.select_related("requested_by"), pk=run_id)
    finished = run.status in (EvaluationRun.Status.DONE, EvaluationRun.Status.FAILED)
    if request.htmx and request.htmx.target == "run-status":
        response = render(request, "qa/run.html#run-status", {"run": run, "finished": finished})
        if finished:
            response["HX-Refresh"] = "true"  # the whole page now has figures to show
        return response
    figures = run.figures or {}
    by_type = figures.get("by_type", {})
    by_length = figures.get("by_length", {})
    kind = request.GET.get("kind")
    findings = Finding.objects.filter(run=run)
    # How many of each kind, in one query: the tabs' figures, and the count the pages need.
    counts = dict(findings.order_by().values_list("kind").annotate(n=Count("pk")))
    if kind in Finding.Kind.values:
        findings = findings.filter(kind=kind)
    paginator = Paginator(findings.order_by("kind", "external_id", "source_seq", "id"), FINDINGS_PER_PAGE)
    paginator.count = counts.get(kind, 0) if kind in Finding.Kind.values else sum(counts.values())
    page = paginator.get_page(request.GET.get("page"))
    duration = None
    if run.finished_at and run.started_at:
        duration = (run.finished_at - run.started_at).total_seconds()
    context = {
        "run": run,
        "duration": duration,
        "finished": finished,
        "types": [(t, by_type[t]) for t in GOLD_TYPES if t in by_type],
        "lengths": [(name, by_length[name]) for name, _, _ in LENGTH_BUCKETS if name in by_length],
        "findings": page,
        "kind": kind if kind in Finding.Kind.values else "",
    }
    context["kinds"] = filter_tabs(
        "kind",
        [
            ("", f"All {sum(counts.values())}"),
            *((k, f"{capfirst(label)} {counts.get(k, 0)}") for k, label in Finding.Kind.choices),
        ],
        context["kind"],
        anchor="findings",
    )
    return render(request, "qa/run.html", context)
