"""The dashboard's staff actions: htmx endpoints on the conversation page.

Each parses a form, calls one service (facts.staff, or the memory refresh
requests of conversations.services) and answers with the element it changed:
a fact's card, or the memory actions of the page header. Status codes say
what happened: 200 done, 422 a form error (the form comes back with it),
409 the fact changed since the form was made (the card comes back as it is
now), 403 the role may not, 404 no such conversation or fact in it. Without
JavaScript the forms post the same way and a success redirects to the page.
"""

from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from conversations import detail
from conversations.detail_views import fact_card_response, facts_panel_response, get_conversation_for_user
from conversations.memory import memory_state
from conversations.models import Conversation, RefreshRun, SummaryKind
from conversations.retrieval import index_state
from conversations.services import memory_refresh_request, memory_reindex_request
from facts import forms, staff
from facts.models import PinnedFact
from facts.propagation import current_summaries
from memadmin.errors import ApplicationError, Conflict
from memadmin.models import AuditEntry
from memadmin.permissions import can_change_facts, can_refresh_memory, require
from memadmin.providers import get_provider

MEMORY_TEMPLATE = "conversations/_memory_actions.html"


@dataclass(frozen=True)
class Action:
    form: type[forms.ChangeForm]
    service: object
    done: str  # what the card says once it is done


ACTIONS = {
    "correct": Action(forms.CorrectForm, staff.fact_correct, "Corrected"),
    "undo": Action(forms.ChangeForm, staff.fact_correction_undo, "Correction undone"),
    "temporary": Action(forms.TemporaryForm, staff.fact_mark_temporary, "Marked temporary"),
    "durable": Action(forms.ChangeForm, staff.fact_make_durable, "Made durable"),
    "retract": Action(forms.ChangeForm, staff.fact_retract, "Retracted"),
    "flag": Action(forms.FlagForm, staff.fact_flag, "Review flag changed"),
}


def _head(fact: PinnedFact) -> PinnedFact:
    """The fact that carries ``fact``'s card: itself, or the newest value that replaced it."""
    seen = {fact.pk}
    while fact.superseded_by_id and fact.superseded_by_id not in seen:
        seen.add(fact.superseded_by_id)
        fact = PinnedFact.objects.get(pk=fact.superseded_by_id)
    return fact


def _card(request: HttpRequest, fact: PinnedFact, *, status: int = 200, **outcome) -> HttpResponse:
    response = fact_card_response(request, _head(fact), context={"outcome": outcome})
    response.status_code = status if response.status_code == 200 else response.status_code
    return response


def _last_entry(fact: PinnedFact) -> AuditEntry | None:
    return (
        AuditEntry.objects.filter(target_type="facts.pinnedfact", target_id=str(fact.pk))
        .order_by("-at", "-id")
        .first()
    )


def _after_change(
    request: HttpRequest, conversation: Conversation, fact: PinnedFact, done: str
) -> HttpResponse:
    if not request.htmx:
        url = reverse("conversations:detail", args=[conversation.pk])
        return HttpResponseRedirect(f"{url}?tab=facts#fact-card-{_head(fact).pk}", status=303)
    # A correction or retraction may leave summaries quoting the old value: offer to re-summarise them,
    # on this card only for values of this fact (another fact's old value is offered on its own card).
    values = set(
        PinnedFact.objects.filter(conversation=conversation, key=fact.key).values_list("value", flat=True)
    )
    flagged = [s for s in current_summaries(conversation.pk) if values.intersection(s.stale_values)]
    response = _card(request, fact, done=done, entry=_last_entry(fact), flagged=flagged)
    # The tab's count of current facts follows a retraction or a temporary fact, swapped in beside the card.
    if response.status_code == 200:
        _write_facts_count(response, conversation)
    response["HX-Trigger"] = "memory-changed"  # the page re-reads what shows the memory (summaries)
    return response


def _write_facts_count(response: HttpResponse, conversation: Conversation) -> None:
    current = detail.fact_counts(conversation, today=timezone.localdate())["current"]
    response.write(
        render_to_string("conversations/detail.html#facts-count", {"live_facts": current, "oob": True})
    )


def _after_add(request: HttpRequest, conversation: Conversation, fact: PinnedFact) -> HttpResponse:
    """The new fact's card lands in the facts list, at its place, saying it was pinned and by whom.

    The form sits in the page header and asked for its result area; the answer is the facts
    panel instead (HX-Retarget), with the result area emptied and the tab's count beside it.
    """
    if not request.htmx:
        url = reverse("conversations:detail", args=[conversation.pk])
        page = detail.fact_page_of(conversation, fact, today=timezone.localdate())
        return HttpResponseRedirect(f"{url}?tab=facts&facts_page={page}#fact-card-{fact.pk}", status=303)
    response = facts_panel_response(request, fact, outcome={"done": "Pinned", "entry": _last_entry(fact)})
    response.write('<div id="add-fact-result" hx-swap-oob="innerHTML"></div>')
    response["HX-Retarget"] = "#facts-panel"
    response["HX-Reswap"] = "outerHTML"
    response["HX-Trigger"] = "memory-changed"
    return response


@require_POST
@login_required
@require(can_change_facts)
def fact_action(request: HttpRequest, pk: int, fact_id: int, action: str) -> HttpResponse:
    conversation = get_conversation_for_user(request, pk)
    fact = get_object_or_404(PinnedFact.objects.for_conversation(conversation), pk=fact_id)
    if action not in ACTIONS:
        raise Http404(f"No action {action!r}.")
    spec = ACTIONS[action]
    form = spec.form(request.POST)
    if not form.is_valid():
        return _card(request, fact, status=422, action=action, form=form)
    try:
        result = spec.service(fact=fact, actor=request.user, **form.service_kwargs())
    except Conflict as error:
        fact.refresh_from_db()
        return _card(request, fact, status=409, action=action, error=error.message, stale=True)
    except ApplicationError as error:
        return _card(request, fact, status=error.page_status, action=action, form=form, error=error.message)
    return _after_change(request, conversation, result, spec.done)


@require_POST
@login_required
@require(can_change_facts)
def fact_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Pin words a person selected in a turn; answer with the new card, or the form and why not."""
    conversation = get_conversation_for_user(request, pk)
    form = forms.AddForm(request.POST)
    context = {"conversation": conversation, "add_form": form}
    if form.is_valid():
        try:
            fact = staff.fact_add(conversation=conversation, actor=request.user, **form.service_kwargs())
        except ApplicationError as error:
            context["add_error"] = error.message
            return render(request, f"{MEMORY_TEMPLATE}#add-fact-result", context, status=error.page_status)
        return _after_add(request, conversation, fact)
    return render(request, f"{MEMORY_TEMPLATE}#add-fact-result", context, status=422)


# --- the memory of the whole conversation ----------------------------------------------------------


def _memory_response(request: HttpRequest, conversation: Conversation, *, status: int = 200, **extra):
    context = {"conversation": conversation, "memory": memory_state(conversation), **extra}
    if not request.htmx:
        if status >= 400:
            return render(request, f"{MEMORY_TEMPLATE}#memory-actions", context, status=status)
        url = reverse("conversations:detail", args=[conversation.pk])
        return HttpResponseRedirect(f"{url}?tab=runs", status=303)
    return render(request, f"{MEMORY_TEMPLATE}#memory-actions", context, status=status)


@require_POST
@login_required
@require(can_refresh_memory)
def memory_resummarise(request: HttpRequest, pk: int) -> HttpResponse:
    """Re-summarise now (a Celery task; in-process after the response without a broker); poll for it."""
    conversation = get_conversation_for_user(request, pk)
    form = forms.ResummariseForm(request.POST)
    if not form.is_valid():
        return _memory_response(request, conversation, status=422, resummarise_form=form)
    run = memory_refresh_request(
        conversation=conversation,
        actor=request.user,
        reason=form.cleaned_data["reason"],
        kinds=form.kind_list(),
    )
    url = reverse("facts:memory-status", args=[conversation.pk])
    kinds = ",".join(form.kind_list())
    return _memory_response(request, conversation, status_url=f"{url}?run={run.pk}&kinds={kinds}")


@require_POST
@login_required
@require(can_refresh_memory)
def memory_reindex(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = get_conversation_for_user(request, pk)
    form = forms.ReindexForm(request.POST)
    if not form.is_valid():
        return _memory_response(request, conversation, status=422, reindex_form=form)
    memory_reindex_request(conversation=conversation, actor=request.user, reason=form.cleaned_data["reason"])
    url = reverse("facts:memory-status", args=[conversation.pk])
    return _memory_response(request, conversation, status_url=f"{url}?what=index")


@require_GET
@login_required
def memory_status(request: HttpRequest, pk: int) -> HttpResponse:
    """How a requested re-summarise or re-index is going; polled by the page until it is done."""
    conversation = get_conversation_for_user(request, pk)
    context = {"conversation": conversation, "self_url": request.get_full_path()}
    if request.GET.get("what") == "index":
        model = get_provider().embedding_model
        figures = index_state(conversation, model)
        context.update(index=figures, model=model, done=figures["missing"] + figures["stale"] == 0)
        return render(request, f"{MEMORY_TEMPLATE}#memory-status", context)
    kinds = [k for k in request.GET.get("kinds", "").split(",") if k in SummaryKind.values]
    run_id = request.GET.get("run", "")
    if not run_id.isdigit():
        return HttpResponse("run: the id of a refresh run is required.", status=400)
    run = get_object_or_404(RefreshRun, pk=int(run_id), conversation=conversation)
    context.update(run=run, done=run.outcome not in (RefreshRun.Outcome.QUEUED, RefreshRun.Outcome.RUNNING))
    if run.committed_version:
        context["diffs"] = _diffs_against_previous(conversation, run.committed_version, kinds)
    response = render(request, f"{MEMORY_TEMPLATE}#memory-status", context)
    if run.committed_version:
        response["HX-Trigger"] = "memory-changed"
    return response


def _diffs_against_previous(conversation: Conversation, memory_version: int, kinds: list[str]) -> list:
    """Each summary the run at ``memory_version`` wrote, against the version before it."""
    versions: dict[str, list[tuple[int, int | None]]] = {}
    rows = conversation.summaries.filter(kind__in=kinds, memory_version__lte=memory_version)
    for kind, number, written_at in rows.order_by("-version").values_list(
        "kind", "version", "memory_version"
    ):
        versions.setdefault(kind, []).append((number, written_at))
    # Only the kinds this run wrote; a first version is shown against itself (all new).
    wanted = {
        kind: (found[min(1, len(found) - 1)][0], found[0][0])
        for kind, found in versions.items()
        if found[0][1] == memory_version
    }
    diffs = detail.summary_diffs(conversation, wanted)
    return [diffs[kind] for kind in (SummaryKind.STATIC, SummaryKind.ROLLING) if kind in diffs]
