"""QA pages: the labelling queue, labelling one conversation, and adjudicating the annotators' sets.

Every action posts a form to one service of ``qa.services`` and answers with the part of the
page it changed (htmx) or, without JavaScript, a redirect back to the page. 422: a form error,
409: the set is submitted or the label exists, 403: the role may not.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from conversations.models import Conversation, LabelledQuery, Turn
from facts.models import FactType
from memadmin.errors import ApplicationError
from memadmin.filter_tabs import filter_tabs
from memadmin.permissions import can_adjudicate, can_label_gold, require
from qa import forms, queue, services
from qa.models import GoldSet, Label, LabelSet

TURNS_PER_PAGE = 100
QUEUE_PER_PAGE = 50


def _positive_int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() and int(value) > 0 else None


def marked(content: str, spans: list[tuple[int, int, str]]) -> SafeString:
    """The turn's text, escaped, with each labelled span in a <mark> (overlaps keep the first)."""
    out, at = [], 0
    for start, end, title in sorted(spans):
        if start < at or end > len(content):
            continue
        out += [
            escape(content[at:start]),
            f'<mark title="{escape(title)}">',
            escape(content[start:end]),
            "</mark>",
        ]
        at = end
    out.append(escape(content[at:]))
    return mark_safe("".join(out))  # every piece of text above is escaped


# ------------------------------------------------------------------ the queue


@require_GET
@login_required
@require(can_label_gold)
def queue_page(request: HttpRequest) -> HttpResponse:
    shown = request.GET.get("show")
    shown = shown if shown in queue.FILTERS else queue.DEFAULT_FILTER
    page = Paginator(queue.queue_rows(user=request.user, shown=shown), QUEUE_PER_PAGE).get_page(
        request.GET.get("page")
    )
    context = {
        "page": page,
        "shown": shown,
        "filters": filter_tabs("show", queue.FILTERS.items(), shown),
        "progress": queue.progress(user=request.user),
        "needed": queue.ANNOTATORS_NEEDED,
        "can_adjudicate": can_adjudicate(request.user),
    }
    if request.htmx and request.htmx.target == "queue-table":
        return render(request, "qa/queue.html#queue-table", context)
    return render(request, "qa/queue.html", context)


# ------------------------------------------------------------------ labelling one conversation


def _conversation(pk: int) -> Conversation:
    return get_object_or_404(Conversation, pk=pk)


def _label_url(conversation: Conversation) -> str:
    return reverse("qa:label", args=[conversation.pk])


def _labels_context(request: HttpRequest, conversation: Conversation, **extra) -> dict:
    label_set = LabelSet.objects.filter(conversation=conversation, annotator=request.user).first()
    labels = list(label_set.labels.all()) if label_set else []
    suggestions = services.label_suggestions(label_set=label_set, labels=labels)
    return {
        "conversation": conversation,
        "label_url": _label_url(conversation),
        "label_set": label_set,
        "labels": labels,
        "suggestions": suggestions,
        "types": FactType.choices,
        "form": extra.pop("form", None) or forms.LabelForm(),
        **extra,
    }


def _queries_context(conversation: Conversation, **extra) -> dict:
    return {
        "conversation": conversation,
        "label_url": _label_url(conversation),
        "queries": LabelledQuery.objects.filter(conversation=conversation).order_by("id"),
        "query_form": extra.pop("query_form", None) or forms.QueryForm(),
        **extra,
    }


@require_GET
@login_required
@require(can_label_gold)
def label_page(request: HttpRequest, pk: int) -> HttpResponse:
    """One conversation's turns, a window of them at a time, beside the annotator's own labels only."""
    conversation = _conversation(pk)
    turns = Turn.objects.for_conversation(conversation).chronological()
    seq = _positive_int(request.GET.get("seq"))
    number = request.GET.get("page")
    if seq:
        number = (turns.filter(seq__lt=seq).count() // TURNS_PER_PAGE) + 1
    page = Paginator(turns, TURNS_PER_PAGE).get_page(number)
    context = _labels_context(request, conversation)
    context.update(_queries_context(conversation))
    spans: dict[int, list] = {}
    for label in context["labels"]:
        spans.setdefault(label.source_seq, []).append(
            (label.span_start, label.span_end, f"{label.type}: {label.key}")
        )
    rows = [(turn, marked(turn.content, spans.get(turn.seq, []))) for turn in page.object_list]
    context.update(
        turns=page,
        rows=rows,
        first_seq=rows[0][0].seq if rows else None,
        last_seq=rows[-1][0].seq if rows else None,
        target_seq=seq,
        others_submitted=LabelSet.objects.filter(conversation=conversation, submitted_at__isnull=False)
        .exclude(annotator=request.user)
        .count(),
        gold_set=GoldSet.objects.filter(conversation=conversation).first(),
        needed=queue.ANNOTATORS_NEEDED,
    )
    return render(request, "qa/label.html", context)


def _labels_response(
    request: HttpRequest,
    conversation: Conversation,
    *,
    status: int = 200,
    turn_seq: int | None = None,
    **extra,
):
    if not request.htmx and status < 400:
        url = _label_url(conversation)
        return HttpResponseRedirect(f"{url}?seq={turn_seq}#turn-{turn_seq}" if turn_seq else url, status=303)
    context = _labels_context(request, conversation, **extra)
    if turn_seq is not None:
        # The turn's marks change with its labels: sent beside the panel, swapped in place by id.
        turn = Turn.objects.for_conversation(conversation).filter(seq=turn_seq).first()
        if turn is not None:
            spans = [
                (label.span_start, label.span_end, f"{label.type}: {label.key}")
                for label in context["labels"]
                if label.source_seq == turn_seq
            ]
            context["changed_turn"] = (turn, marked(turn.content, spans))
    return render(request, "qa/label.html#labels-panel", context, status=status)


@require_POST
@login_required
@require(can_label_gold)
def label_add(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = _conversation(pk)
    if "suggestion" in request.POST:
        form = forms.SuggestionForm(request.POST)
        fields = None
        if form.is_valid():
            blank = {"type": "", "value": "", "source_seq": 0, "span_start": 0, "span_end": 0}
            fields = {
                **blank,
                "suggestion_id": form.cleaned_data["suggestion"],
                "key": form.cleaned_data["key"],
            }
    else:
        form = forms.LabelForm(request.POST)
        fields = form.service_kwargs() if form.is_valid() else None
    if fields is None:
        return _labels_response(
            request,
            conversation,
            status=422,
            form=form if isinstance(form, forms.LabelForm) else None,
            error=(
                "Select the words of the fact in a turn (or type them and the turn's number), "
                "then say its type and key."
            ),
        )
    try:
        label = services.label_add(conversation=conversation, actor=request.user, **fields)
    except ApplicationError as error:
        shown = form if isinstance(form, forms.LabelForm) else None
        return _labels_response(
            request, conversation, status=error.page_status, form=shown, error=error.message
        )
    return _labels_response(
        request, conversation, turn_seq=label.source_seq, done=f"Labelled “{label.value}” as {label.type}."
    )


@require_POST
@login_required
@require(can_label_gold)
def label_remove(request: HttpRequest, pk: int, label_id: int) -> HttpResponse:
    conversation = _conversation(pk)
    label = get_object_or_404(
        Label.objects.select_related("label_set"), pk=label_id, label_set__conversation=conversation
    )
    try:
        services.label_remove(label=label, actor=request.user)
    except ApplicationError as error:
        return _labels_response(request, conversation, status=error.page_status, error=error.message)
    return _labels_response(
        request, conversation, turn_seq=label.source_seq, done=f"Removed “{label.value}”."
    )


@require_POST
@login_required
@require(can_label_gold)
def label_suggestions(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = _conversation(pk)
    try:
        services.label_set_show_suggestions(conversation=conversation, actor=request.user)
    except ApplicationError as error:
        return _labels_response(request, conversation, status=error.page_status, error=error.message)
    return _labels_response(
        request, conversation, done="The extractor's suggestions are shown; labels taken from them say so."
    )


@require_POST
@login_required
@require(can_label_gold)
def label_submit(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = _conversation(pk)
    try:
        services.label_set_submit(conversation=conversation, actor=request.user)
    except ApplicationError as error:
        return _labels_response(request, conversation, status=error.page_status, error=error.message)
    return _labels_response(request, conversation, done="Submitted: your labels are ready for adjudication.")


def _queries_response(request: HttpRequest, conversation: Conversation, *, status: int = 200, **extra):
    if not request.htmx and status < 400:
        return HttpResponseRedirect(f"{_label_url(conversation)}#queries-panel", status=303)
    return render(
        request, "qa/label.html#queries-panel", _queries_context(conversation, **extra), status=status
    )


@require_POST
@login_required
@require(can_label_gold)
def query_add(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = _conversation(pk)
    form = forms.QueryForm(request.POST)
    if not form.is_valid():
        return _queries_response(request, conversation, status=422, query_form=form)
    try:
        services.labelled_query_add(
            conversation=conversation,
            actor=request.user,
            query=form.cleaned_data["query"],
            evidence_seqs=form.cleaned_data["evidence"],
            category=form.cleaned_data["category"],
        )
    except ApplicationError as error:
        return _queries_response(
            request, conversation, status=error.page_status, query_form=form, query_error=error.message
        )
    return _queries_response(request, conversation, query_done="Question labelled.")


@require_POST
@login_required
@require(can_label_gold)
def query_remove(request: HttpRequest, pk: int, query_id: int) -> HttpResponse:
    conversation = _conversation(pk)
    labelled = get_object_or_404(LabelledQuery, pk=query_id, conversation=conversation)
    services.labelled_query_remove(labelled=labelled, actor=request.user)
    return _queries_response(request, conversation, query_done="Question removed.")


# ------------------------------------------------------------------ adjudication


@require_http_methods(["GET", "POST"])
@login_required
@require(can_adjudicate)
def adjudicate_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Every submitted set side by side, fact by fact, with each pair's agreement; the kept labels
    become the gold set."""
    conversation = _conversation(pk)
    sets = services.submitted_sets(conversation)
    context = {"conversation": conversation, "needed": queue.ANNOTATORS_NEEDED}
    form = forms.AdjudicateForm(request.POST or None)
    status = 200
    if request.method == "POST":
        keep = [int(v) for v in request.POST.getlist("keep") if v.isdigit()]
        if form.is_valid():
            try:
                services.gold_set_adjudicate(
                    conversation=conversation, actor=request.user, keep=keep, note=form.cleaned_data["note"]
                )
                return HttpResponseRedirect(
                    reverse("qa:adjudicate", args=[conversation.pk]) + "?done=1", status=303
                )
            except ApplicationError as error:
                context["error"], status = error.message, error.page_status
        else:
            status = 422
    if not services.may_adjudicate(conversation, request.user):
        # Whoever labelled it sees neither the form nor the other annotators' labels.
        context["own_labels"] = services.OWN_LABELS
        sets = []
    agreement = services.agreement_of(conversation, sets) if len(sets) >= 2 else None
    seqs = {label.source_seq for s in sets for label in s.labels.all()}
    turns = {
        t.seq: t
        for t in Turn.objects.for_conversation(conversation)
        .filter(seq__in=seqs)
        .only("seq", "role", "content")
    }
    rows = []
    for fact in agreement.facts if agreement else []:
        sides = []
        for index, label in enumerate(fact.labels):
            if label is None:
                sides.append({"label": None, "name": agreement.names[index]})
                continue
            turn = turns.get(label.source_seq)
            sides.append(
                {
                    "label": label,
                    "turn": turn,
                    "text": marked(turn.content, [(label.span_start, label.span_end, label.type)])
                    if turn
                    else "",
                    "keep_default": fact.kept_by_default and index == fact.majority[0],
                    "name": agreement.names[index],
                }
            )
        rows.append({"fact": fact, "sides": sides})
    context.update(
        sets=sets,
        form=form,
        agreement=agreement,
        rows=rows,
        gold_set=GoldSet.objects.filter(conversation=conversation).select_related("adjudicated_by").first(),
        gold_facts=conversation.gold_facts.order_by("source_seq", "id"),
        done=request.GET.get("done") == "1",
        label_url=_label_url(conversation),
    )
    return render(request, "qa/adjudicate.html", context, status=status)
