"""The context inspector: one snapshot, layer by layer, and how today's memory would differ."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from conversations import inspector
from conversations.assembly import context_preview
from conversations.models import ContextSnapshot, Conversation
from memadmin.permissions import can_view_conversations, require
from memadmin.tokens import token_counter

FACTS_SHOWN = 100


@require_GET
@login_required
@require(can_view_conversations)
def snapshot_detail(request: HttpRequest, pk: int, snapshot_id: int) -> HttpResponse:
    conversation = get_object_or_404(Conversation, pk=pk)
    # A snapshot is found only through its own conversation: another one's id is a 404.
    snapshot = get_object_or_404(ContextSnapshot, pk=snapshot_id, conversation=conversation)
    today = context_preview(conversation=conversation, message=snapshot.message)
    diffs = inspector.diff_with_today(snapshot, today)
    context = {
        "conversation": conversation,
        "snapshot": snapshot,
        "today": today,
        "diffs": diffs,
        "changed": [diff for diff in diffs if diff.changed],
        "unchanged": [diff.label for diff in diffs if not diff.changed],
        "today_method": inspector.method_label(token_counter().method),
    }
    if request.htmx and request.htmx.target == "snapshot-today":
        return render(request, "conversations/snapshot.html#snapshot-today", context)
    previous = (
        ContextSnapshot.objects.filter(conversation=conversation, created_at__lt=snapshot.created_at)
        .order_by("-created_at", "-id")
        .only("messages")
        .first()
    )
    layers = inspector.layers_of(snapshot)
    # The table of facts sent is a window: a long conversation can send thousands.
    all_facts = request.GET.get("facts") == "all"
    summaries_now = inspector.current_summaries(snapshot)
    for layer in layers:
        layer.now_summary = summaries_now.get(layer.key)
    context |= {
        "layers": layers,
        "unused": max(0, snapshot.budget - snapshot.token_counts.get("total", 0)),
        "unused_width": max(0.0, 100 - sum(layer.width for layer in layers)),
        "used_percent": round(100 * snapshot.token_counts.get("total", 0) / (snapshot.budget or 1), 1),
        "method": inspector.method_label(snapshot.token_count_method),
        "facts": inspector.fact_sources(snapshot, limit=None if all_facts else FACTS_SHOWN),
        "facts_sent": len((snapshot.layers or {}).get("pinned_facts") or []),
        "all_facts": all_facts,
        "prefix_tokens": inspector.cacheable_prefix_tokens(snapshot, previous),
        "gave_way": [
            (inspector.LAYER_LABELS.get(item["layer"], item["layer"]), item) for item in snapshot.gave_way
        ],
    }
    return render(request, "conversations/snapshot.html", context)
