"""Dashboard pages for conversations: the list."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from conversations.listing import (
    SORTS,
    ListFilters,
    apply_filters,
    default_stale_over,
    filter_counts,
    search,
    sole_match,
    with_flags,
    with_row_figures,
)
from conversations.models import Conversation, Turn
from memadmin.permissions import can_view_conversations, require

CONVERSATIONS_PER_PAGE = 50


@require_GET
@login_required
@require(can_view_conversations)
def conversation_list(request: HttpRequest) -> HttpResponse:
    filters = ListFilters(request.GET)
    target = request.htmx.target if request.htmx else None
    template = "conversations/list.html"
    if target in ("conversation-table", "filter-counts"):
        template += f"#{target}"
    context = {"filters": filters, "sorts": SORTS, "default_stale_over": default_stale_over()}
    if not filters.is_valid():
        # Nothing is searched with a value we could not read; the form says which one and why.
        return render(request, template, {**context, "rows": [], "page": None}, status=400)
    data = filters.cleaned_data
    if data["open"] and not request.htmx:
        found = sole_match(Conversation.objects.all(), data["q"])
        if found is not None:
            return redirect("conversations:detail", found.pk)
    context |= {"query": data["q"], "data": data}
    searched = with_flags(search(Conversation.objects.all(), data["q"]), data["stale_over"])
    # The counts by filter probe every searched conversation, so the page asks
    # for them in a second request (htmx, on load) and shows the rows first.
    counts = filter_counts(searched) if target == "filter-counts" or data["counts"] else None
    if target == "filter-counts":
        return render(request, template, {**context, "counts": counts})
    paginator = Paginator(apply_filters(with_row_figures(searched), data), CONVERSATIONS_PER_PAGE)
    if counts and not filters.active_filters:
        paginator.count = counts["all"]
    page = paginator.get_page(request.GET.get("page"))
    # Counted for the page shown only, with one grouped query rather than one per row.
    stats = {
        row["conversation_id"]: row
        for row in Turn.objects.filter(conversation__in=[c.pk for c in page.object_list])
        .values("conversation_id")
        .annotate(turn_count=Count("id"), last_turn_at=Max("created_at"))
    }
    rows = [(conversation, stats.get(conversation.pk, {})) for conversation in page.object_list]
    return render(request, template, {**context, "page": page, "rows": rows, "counts": counts})
