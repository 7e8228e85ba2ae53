"""The conversation page: the record on the left, what was derived from it on the right.

One view renders the whole page or one of its fragments, chosen by the
element htmx asks for (``HX-Target``), as the list page does. Every fragment
link also has an ``href`` that opens the whole page in the same state, so the
page reads without JavaScript.
"""

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from conversations import detail
from conversations.memory import ProviderEmbedder
from conversations.models import Conversation, SummaryKind
from facts.models import PinnedFact
from facts.services import uncaptured_topics
from memadmin.permissions import can_view_conversations, refusal_message
from memadmin.providers import get_provider

TEMPLATE = "conversations/detail.html"
TABS = ("summaries", "facts", "index", "runs", "snapshots")
DEFAULT_TAB = "facts"
QUERY_MAX_CHARS = 500
QUERY_HITS = 10
# The facts tab counts the current facts ("Facts 15"), and opens on them under the same number
# ("Current 15"), before every fact ("All 16": retracted and expired ones too).
FACT_FILTER_LABELS = [("current", "Current"), ("all", "All"), ("review", "Needs review")]


def get_conversation_for_user(request: HttpRequest, pk: int) -> Conversation:
    """The conversation, if the user may read it: 403 (saying which role) or 404 otherwise."""
    if not can_view_conversations(request.user):
        raise PermissionDenied(refusal_message(can_view_conversations))
    return get_object_or_404(Conversation, pk=pk)


def _positive_int(value: str | None) -> int | None:
    try:
        number = int(value) if value is not None else None
    except ValueError:
        return None
    return number if number is not None and number > 0 else None


@require_GET
@login_required
def conversation_detail(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = get_conversation_for_user(request, pk)
    target = (request.htmx.target or "") if request.htmx else ""
    context = {
        "conversation": conversation,
        "detail_url": reverse("conversations:detail", args=[conversation.pk]),
        "refresh_every": settings.MEMADMIN_REFRESH_EVERY,
        "fact_filter_labels": FACT_FILTER_LABELS,
    }
    if "jump" in request.GET:
        if request.htmx:
            figures = detail.record_figures(conversation, {})
        else:
            # A refusal without JavaScript is the whole page, whose header and summaries read these
            # figures too (with the turns since each watermark): read once, for both.
            figures = _add_record(conversation, context)
        problem = jump_problem(request.GET["jump"], figures)
        if problem:
            return _jump_refused(request, conversation, context, figures, problem)
        if not request.htmx:
            # A jump typed without JavaScript lands on the turn itself.
            jump = int(request.GET["jump"])
            return HttpResponseRedirect(f"{request.path}?seq={jump}#turn-{jump}")
    for prefix, fragment in FRAGMENTS:
        if target == prefix or (prefix.endswith("-") and target.startswith(prefix)):
            return fragment(request, conversation, context, target)
    return _full_page(request, conversation, context)


def jump_problem(text: str, figures: detail.RecordFigures) -> str | None:
    """Why "jump to turn" cannot go to ``text``, in the words the page shows; None if it can.

    A number inside the conversation's range that names no turn (a gap) is not refused: the
    transcript opens on the turns nearest to it and says so.
    """
    if not figures.last_seq:
        return "This conversation has no turns yet."
    text = text.strip()
    number = int(text) if text.isascii() and text.isdigit() else None
    if number is None or number < 1:
        return f"Type a turn number from 1 to {figures.last_seq:,}."
    if number > figures.last_seq:
        has = f"{figures.turns:,} turn{'s' if figures.turns != 1 else ''}"
        if figures.turns != figures.last_seq:
            has += f", the last is turn {figures.last_seq:,}"
        return f"No turn {number:,}: this conversation has {has}."
    return None


def _jump_refused(
    request: HttpRequest,
    conversation: Conversation,
    context: dict,
    figures: detail.RecordFigures,
    problem: str,
) -> HttpResponse:
    """The jump box again, with what was typed and why it leads nowhere (422).

    From the page (htmx), only the box is replaced and the address stays; without JavaScript,
    the whole page, its transcript where it opens by default.
    """
    context.update(jump_value=request.GET["jump"][:20], jump_error=problem)
    if request.htmx:
        context["figures"] = figures
        response = render(request, f"{TEMPLATE}#jump-form", context, status=422)
        response["HX-Retarget"] = "#jump-form"
        response["HX-Reswap"] = "outerHTML"
        response["HX-Push-Url"] = "false"
        return response
    response = _full_page(request, conversation, context)
    response.status_code = 422
    return response


def _full_page(request: HttpRequest, conversation: Conversation, context: dict) -> HttpResponse:
    tab = request.GET.get("tab")
    context["active_tab"] = tab if tab in TABS else DEFAULT_TAB
    _add_transcript(request, conversation, context)
    _add_summaries(request, conversation, context)
    _add_facts(request, conversation, context)
    if context["active_tab"] == "index" or request.GET.get("q"):
        _add_index(request, conversation, context)
    else:
        # The index state reads every turn's entry; it is counted when its tab is first shown.
        _add_query(request, conversation, context)
    _add_runs(request, conversation, context)
    _add_snapshots(request, conversation, context)
    context["tab_labels"] = [
        ("summaries", "Summaries"),
        ("facts", "Facts"),  # and its count of current facts (partial facts-count)
        ("index", "Index"),
        ("runs", "Runs"),
        ("snapshots", "Snapshots"),
    ]
    return render(request, TEMPLATE, context)


# --- the parts of the page, each adding what its template part reads ----------------------------


def _add_transcript(request: HttpRequest, conversation: Conversation, context: dict) -> None:
    jump = None if "jump_error" in context else _positive_int(request.GET.get("jump"))
    seq = jump or _positive_int(request.GET.get("seq"))
    mark = _mark_fact(conversation, request.GET.get("mark"))
    if mark is not None and seq is None:
        seq = mark.source_seq
    _add_record(conversation, context)
    watermarks = detail.watermarks_of(context["current_summaries"])
    window = detail.transcript_window(conversation, around=seq, watermarks=watermarks, mark=mark)
    context.update(window=window, mark=mark)


def _add_record(conversation: Conversation, context: dict) -> detail.RecordFigures:
    """The summaries' panels and the record's figures with the turns since each watermark, read once."""
    if "current_summaries" not in context:
        panels, current = detail.summary_panels(conversation)
        figures = detail.record_figures(conversation, current)
        for panel in panels:
            panel.turns_since = figures.since.get(panel.kind, 0)
        context.update(figures=figures, summary_panels=panels, current_summaries=current)
    return context["figures"]


def _add_summaries(request: HttpRequest, conversation: Conversation, context: dict) -> None:
    """Each kind's diff: the one asked for (?diff=kind&from=&to=), else previous against current."""
    wanted = {}
    for panel in context["summary_panels"]:
        if panel.current and panel.previous_version:
            wanted[panel.kind] = (panel.previous_version, panel.current.version)
    asked = request.GET.get("diff")
    old, new = _positive_int(request.GET.get("from")), _positive_int(request.GET.get("to"))
    if asked in SummaryKind.values and old and new:
        wanted[asked] = (old, new)
    diffs = detail.summary_diffs(conversation, wanted) if wanted else {}
    for panel in context["summary_panels"]:
        panel.diff = diffs.get(panel.kind)
        panel.diff_asked = panel.kind == asked


def _add_facts(request: HttpRequest, conversation: Conversation, context: dict, *, page=None) -> None:
    today = timezone.localdate()
    memory = detail.memory_of(conversation)
    # An action's card is found among every fact, on the page that holds it.
    shown = request.GET.get("facts") if page is None else "all"
    shown = shown if shown in detail.FACT_FILTERS else "current"
    counts = detail.fact_counts(conversation, today=today)
    cards, page = detail.fact_cards(
        conversation, today=today, shown=shown, page=page or request.GET.get("facts_page"), counts=counts
    )
    context.update(
        memory=memory,
        cards=cards,
        facts_page=page,
        fact_filter=shown,
        fact_counts=counts,
        live_facts=counts["current"],
        uncaptured=uncaptured_topics(
            conversation=conversation, upto_seq=memory.facts_upto_seq if memory else 0
        ),
    )


def _add_index(request: HttpRequest, conversation: Conversation, context: dict) -> None:
    context["index"] = detail.index_figures(conversation, get_provider().embedding_model)
    _add_query(request, conversation, context)


def _add_query(request: HttpRequest, conversation: Conversation, context: dict) -> None:
    context["query"] = request.GET.get("q", "").strip()[:QUERY_MAX_CHARS]
    if context["query"]:
        context["query_result"] = detail.explain_query(
            conversation, context["query"], embedder=ProviderEmbedder(get_provider()), k=QUERY_HITS
        )


def _add_runs(request: HttpRequest, conversation: Conversation, context: dict) -> None:
    context["runs"], context["run_outcomes"] = detail.refresh_runs(conversation, request.GET.get("runs_page"))


def _add_snapshots(request: HttpRequest, conversation: Conversation, context: dict) -> None:
    page = detail.snapshot_page(conversation, request.GET.get("snapshots_page"))
    for snapshot in page.object_list:
        snapshot.url = _snapshot_url(conversation, snapshot)
    context["snapshots"] = page


def _snapshot_url(conversation: Conversation, snapshot) -> str | None:
    try:
        return reverse("conversations:snapshot", args=[conversation.pk, snapshot.pk])
    except NoReverseMatch:
        return None  # the inspector page is not installed


def _mark_fact(conversation: Conversation, value: str | None) -> PinnedFact | None:
    pk = _positive_int(value)
    if pk is None:
        return None
    # Scoped by the conversation: a fact of another conversation marks nothing here.
    return PinnedFact.objects.for_conversation(conversation).filter(pk=pk).first()


# --- fragments, by the id of the element htmx asks for -------------------------------------------


def _transcript_fragment(request, conversation, context, target) -> HttpResponse:
    _add_transcript(request, conversation, context)
    return render(request, f"{TEMPLATE}#transcript", context)


def _turns_fragment(request, conversation, context, target) -> HttpResponse:
    """More turns above (``?before=``) or below (``?after=``) the ones shown."""
    _, current = detail.summary_panels(conversation)
    watermarks = detail.watermarks_of(current)
    if target == "load-earlier":
        before = _positive_int(request.GET.get("before"))
        window = detail.transcript_window(conversation, before=before or 1, watermarks=watermarks)
    else:
        after = _positive_int(request.GET.get("after")) or 0
        window = detail.transcript_window(conversation, after=after, watermarks=watermarks)
    # The first new turn takes the focus and its range is announced (conversation.js).
    context.update(window=window, focus_first=True)
    return render(request, f"{TEMPLATE}#{target}", context)


def _watermarks_fragment(request, conversation, context, target) -> HttpResponse:
    """The current summaries' watermarks, for the page to redraw its rules after a change."""
    _, current = detail.summary_panels(conversation)
    context["watermarks"] = detail.watermarks_of(current)
    return render(request, f"{TEMPLATE}#transcript-watermarks", context)


def _facts_fragment(request, conversation, context, target) -> HttpResponse:
    _add_facts(request, conversation, context)
    return render(request, f"{TEMPLATE}#facts-panel", context)


def _fact_card_fragment(request, conversation, context, target) -> HttpResponse:
    pk = _positive_int(target.removeprefix("fact-card-"))
    fact = get_object_or_404(PinnedFact.objects.for_conversation(conversation), pk=pk or 0)
    return fact_card_response(request, fact, context=context)


def _summaries_fragment(request, conversation, context, target) -> HttpResponse:
    _add_transcript(request, conversation, context)
    _add_summaries(request, conversation, context)
    if target == "summaries-panel":
        return render(request, f"{TEMPLATE}#summaries-panel", context)
    kind = target.removeprefix("summary-diff-")
    panel = next((p for p in context["summary_panels"] if p.kind == kind), None)
    if panel is None:
        return HttpResponse(f"No summary kind {kind!r}.", status=400)
    context["panel"] = panel
    return render(request, f"{TEMPLATE}#summary-diff", context)


def _index_fragment(request, conversation, context, target) -> HttpResponse:
    if target == "query-results":
        _add_query(request, conversation, context)
    else:
        _add_index(request, conversation, context)
    return render(request, f"{TEMPLATE}#{target}", context)


def _runs_fragment(request, conversation, context, target) -> HttpResponse:
    _add_runs(request, conversation, context)
    return render(request, f"{TEMPLATE}#runs-panel", context)


def _memory_state_fragment(request, conversation, context, target) -> HttpResponse:
    _add_runs(request, conversation, context)
    context["memory"] = detail.memory_of(conversation)
    return render(request, f"{TEMPLATE}#memory-state", context)


def _snapshots_fragment(request, conversation, context, target) -> HttpResponse:
    _add_snapshots(request, conversation, context)
    return render(request, f"{TEMPLATE}#snapshots-panel", context)


FRAGMENTS = (
    ("transcript", _transcript_fragment),
    ("load-earlier", _turns_fragment),
    ("load-later", _turns_fragment),
    ("transcript-watermarks", _watermarks_fragment),
    ("facts-panel", _facts_fragment),
    ("fact-card-", _fact_card_fragment),
    ("summaries-panel", _summaries_fragment),
    ("summary-diff-", _summaries_fragment),
    ("index-panel", _index_fragment),
    ("index-figures", _index_fragment),
    ("query-results", _index_fragment),
    ("runs-panel", _runs_fragment),
    ("snapshots-panel", _snapshots_fragment),
    ("memory-state", _memory_state_fragment),
)


def facts_panel_response(request: HttpRequest, fact: PinnedFact, *, outcome: dict) -> HttpResponse:
    """The facts panel (every fact) at the page that holds ``fact``'s card, which says ``outcome``.

    For an action that adds a fact: its card lands in the list where it belongs, and the tab's
    count of current facts, read with the panel, is sent beside it.
    """
    conversation = fact.conversation
    context = {
        "conversation": conversation,
        "detail_url": reverse("conversations:detail", args=[conversation.pk]),
        "fact_filter_labels": FACT_FILTER_LABELS,
    }
    page = detail.fact_page_of(conversation, fact, today=timezone.localdate())
    _add_facts(request, conversation, context, page=page)
    for card in context["cards"]:
        if card.fact.pk == fact.pk:
            card.outcome = outcome
    response = render(request, f"{TEMPLATE}#facts-panel", context)
    response.write(render_to_string(f"{TEMPLATE}#facts-count", {**context, "oob": True}))
    return response


def fact_card_response(
    request: HttpRequest, fact: PinnedFact, *, context: dict | None = None
) -> HttpResponse:
    """The card of ``fact`` (the newest of its chain of corrections), as the facts panel renders it.

    For action views that change a fact and answer with its card: after a
    correction, pass the old fact's successor and swap the old card's element.
    """
    conversation = fact.conversation
    context = dict(context or {})
    context.setdefault("conversation", conversation)
    context.setdefault("detail_url", reverse("conversations:detail", args=[conversation.pk]))
    cards, _ = detail.fact_cards(conversation, today=timezone.localdate(), only=fact)
    if not cards:
        # A superseded fact has no card of its own: it lives in its successor's.
        return HttpResponse(status=204)
    context["card"] = cards[0]
    return render(request, f"{TEMPLATE}#fact-card", context)
