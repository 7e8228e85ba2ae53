from django.contrib import admin

from conversations.models import (
    ContextSnapshot,
    Conversation,
    LabelledQuery,
    MemoryState,
    RefreshRun,
    Summary,
    Turn,
    TurnIndexEntry,
)
from memadmin.admin_site import ReadOnlyAdmin, ReadOnlyTabularInline


class TurnInline(ReadOnlyTabularInline):
    model = Turn
    fields = ["seq", "role", "content", "tool_calls", "created_at"]


class SummaryInline(ReadOnlyTabularInline):
    model = Summary
    fields = ["kind", "version", "upto_seq", "body", "provider", "model", "stale_values", "created_at"]


@admin.register(Conversation)
class ConversationAdmin(ReadOnlyAdmin):
    list_display = ["external_id", "subject_id", "title", "updated_at"]
    search_fields = ["external_id", "subject_id", "title"]
    inlines = [SummaryInline, TurnInline]


@admin.register(Turn)
class TurnAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "seq", "role", "created_at"]
    list_select_related = ["conversation"]
    raw_id_fields = ["conversation"]
    search_fields = ["conversation__external_id"]


@admin.register(Summary)
class SummaryAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "kind", "version", "memory_version", "upto_seq", "model", "created_at"]
    list_select_related = ["conversation"]
    list_filter = ["kind"]
    raw_id_fields = ["conversation"]


@admin.register(MemoryState)
class MemoryStateAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "version", "summary_upto_seq", "facts_upto_seq", "refreshed_at"]
    list_select_related = ["conversation"]
    raw_id_fields = ["conversation"]


@admin.register(RefreshRun)
class RefreshRunAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "trigger", "outcome", "started_at", "duration_ms"]
    list_select_related = ["conversation"]
    list_filter = ["outcome", "trigger"]
    raw_id_fields = ["conversation", "requested_by"]


@admin.register(TurnIndexEntry)
class TurnIndexEntryAdmin(ReadOnlyAdmin):
    # The embedding and the tsvector are large and unreadable; the row says which model made it.
    fields = ["turn", "conversation", "seq", "embedding_model", "indexed_at"]
    list_display = ["conversation", "seq", "embedding_model", "indexed_at"]
    list_select_related = ["conversation"]
    raw_id_fields = ["turn", "conversation"]


@admin.register(ContextSnapshot)
class ContextSnapshotAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "created_at", "upto_seq", "budget", "token_count_method"]
    list_select_related = ["conversation"]
    raw_id_fields = ["conversation"]


@admin.register(LabelledQuery)
class LabelledQueryAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "query", "category"]
    list_select_related = ["conversation"]
    raw_id_fields = ["conversation"]
