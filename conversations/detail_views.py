"""The conversation page: the record on the left, what was derived from it on the right.

One view renders the whole page or one of its fragments, chosen by the
element htmx asks for (``HX-Target``), as the list page does. Every fragment
link also has an ``href`` that opens the whole page in the same state, so the
page reads without JavaScript.
"""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from conversations import detail
from conversations.models import Conversation
from facts.models import PinnedFact
from facts.services import uncaptured_topics
from memadmin.permissions import can_view_conversations

TEMPLATE = "conversations/detail.html"
TABS = ("summaries", "facts", "index", "runs", "snapshots")
DEFAULT_TAB = "facts"
NEEDED_ROLES = "support, qa, privacy or admin"


def get_conversation_for_user(request: HttpRequest, pk: int) -> Conversation:
    """The conversation, if the user may read it: 403 (saying which role) or 404 otherwise."""
    if not can_view_conversations(request.user):
        raise PermissionDenied(f"Reading a conversation needs one of the roles {NEEDED_ROLES}.")
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
    target = request.htmx.target if request.htmx else None
    jump = _positive_int(request.GET.get("jump"))
    if jump and not request.htmx:
        # A jump typed without JavaScript lands on the turn itself.
        return HttpResponseRedirect(f"{request.path}?seq={jump}#turn-{jump}")
    seq = jump or _positive_int(request.GET.get("seq"))
    mark = _mark_fact(conversation, request.GET.get("mark"))
    if mark is not None and seq is None:
        seq = mark.source_seq

    context = {
        "conversation": conversation,
        "detail_url": reverse("conversations:detail", args=[conversation.pk]),
        "window_size": detail.WINDOW,
    }
    if target in ("load-earlier", "load-later"):
        return _turns_fragment(request, conversation, context, target)
    if target and target.startswith("fact-card-"):
        return _fact_card_fragment(request, conversation, context, target)

    panels, current = detail.summary_panels(conversation)
    watermarks = detail.watermarks_of(current)
    window = detail.transcript_window(conversation, around=seq, watermarks=watermarks, mark=mark)
    context.update(window=window, mark=mark, watermarks=watermarks)
    if target == "transcript":
        context["figures"] = detail.record_figures(conversation, current)
        return render(request, f"{TEMPLATE}#transcript", context)

    figures = detail.record_figures(conversation, current)
    for panel in panels:
        panel.turns_since = figures.since.get(panel.kind, 0)
    memory = detail.memory_of(conversation)
    cards = detail.fact_cards(conversation, today=timezone.localdate())
    tab = request.GET.get("tab")
    context.update(
        figures=figures,
        memory=memory,
        summary_panels=panels,
        cards=cards,
        live_facts=sum(1 for card in cards if card.is_live),
        uncaptured=uncaptured_topics(
            conversation=conversation, upto_seq=memory.facts_upto_seq if memory else 0
        ),
        active_tab=tab if tab in TABS else DEFAULT_TAB,
    )
    context["tab_labels"] = [
        ("summaries", "Summaries"),
        ("facts", f"Facts {context['live_facts']}"),
        ("index", "Index"),
        ("runs", "Runs"),
        ("snapshots", "Snapshots"),
    ]
    if target == "facts-panel":
        return render(request, f"{TEMPLATE}#facts-panel", context)
    return TemplateResponse(request, TEMPLATE, context)


def _mark_fact(conversation: Conversation, value: str | None) -> PinnedFact | None:
    pk = _positive_int(value)
    if pk is None:
        return None
    # Scoped by the conversation: a fact of another conversation marks nothing here.
    return PinnedFact.objects.for_conversation(conversation).filter(pk=pk).first()


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
    context.update(window=window, watermarks=watermarks)
    return render(request, f"{TEMPLATE}#{target}", context)


def _fact_card_fragment(request, conversation, context, target) -> HttpResponse:
    pk = _positive_int(target.removeprefix("fact-card-"))
    fact = get_object_or_404(PinnedFact.objects.for_conversation(conversation), pk=pk or 0)
    return fact_card_response(request, fact, context=context)


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
    cards = detail.fact_cards(conversation, today=timezone.localdate(), only=fact)
    if not cards:
        # A superseded fact has no card of its own: it lives in its successor's.
        return HttpResponse(status=204)
    context["card"] = cards[0]
    return render(request, f"{TEMPLATE}#fact-card", context)
