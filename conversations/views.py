"""Dashboard pages for conversations: the list."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from conversations.listing import (
    SORTS,
    ListFilters,
    annotated_conversations,
    apply_filters,
    default_stale_over,
    filter_counts,
    search,
)
from conversations.models import Turn
from memadmin.permissions import can_view_conversations, require

CONVERSATIONS_PER_PAGE = 50


@require_GET
@login_required
@require(can_view_conversations)
def conversation_list(request: HttpRequest) -> HttpResponse:
    filters = ListFilters(request.GET)
    template = "conversations/list.html"
    if request.htmx and request.htmx.target == "conversation-table":
        template += "#conversation-table"
    context = {"filters": filters, "sorts": SORTS, "default_stale_over": default_stale_over()}
    if not filters.is_valid():
        # Nothing is searched with a value we could not read; the form says which one and why.
        return render(request, template, {**context, "rows": [], "page": None}, status=400)
    data = filters.cleaned_data
    searched = search(annotated_conversations(), data["q"])
    counts = filter_counts(searched, data["stale_over"])
    conversations = apply_filters(searched, data)
    paginator = Paginator(conversations, CONVERSATIONS_PER_PAGE)
    if not filters.active_filters:
        paginator.count = counts["all"]  # already counted, in the same query as the filters
    page = paginator.get_page(request.GET.get("page"))
    # Counted for the page shown only, with one grouped query rather than one per row.
    stats = {
        row["conversation_id"]: row
        for row in Turn.objects.filter(conversation__in=[c.pk for c in page.object_list])
        .values("conversation_id")
        .annotate(turn_count=Count("id"), last_turn_at=Max("created_at"))
    }
    rows = [(conversation, stats.get(conversation.pk, {})) for conversation in page.object_list]
    return render(
        request,
        template,
        {**context, "page": page, "rows": rows, "counts": counts, "query": data["q"], "data": data},
    )
