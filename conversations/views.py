"""Dashboard pages for conversations."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Max, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from conversations.models import Conversation, Turn
from memadmin.permissions import can_view_conversations, require

CONVERSATIONS_PER_PAGE = 50


@require_GET
@login_required
@require(can_view_conversations)
def conversation_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    conversations = Conversation.objects.order_by("-updated_at", "-id")
    if query:
        conversations = conversations.filter(
            Q(external_id__icontains=query) | Q(subject_id__icontains=query) | Q(title__icontains=query)
        )
    page = Paginator(conversations, CONVERSATIONS_PER_PAGE).get_page(request.GET.get("page"))
    # Counted for the page shown only, with one grouped query rather than one per row.
    stats = {
        row["conversation_id"]: row
        for row in Turn.objects.filter(conversation__in=page.object_list)
        .values("conversation_id")
        .annotate(turn_count=Count("id"), last_seq=Max("seq"), last_turn_at=Max("created_at"))
    }
    rows = [(conversation, stats.get(conversation.pk, {})) for conversation in page.object_list]
    template = "conversations/list.html"
    if request.htmx and request.htmx.target == "conversation-table":
        template += "#conversation-table"
    return render(request, template, {"page": page, "rows": rows, "query": query})
