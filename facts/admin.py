from django.contrib import admin

from facts.models import FactRevision, GoldFact, PinnedFact
from memadmin.admin_site import ReadOnlyAdmin, ReadOnlyTabularInline


class FactRevisionInline(ReadOnlyTabularInline):
    model = FactRevision
    fields = ["at", "actor", "action", "before", "after", "reason"]


@admin.register(PinnedFact)
class PinnedFactAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "key", "value", "status", "origin", "needs_review", "source_seq"]
    list_select_related = ["conversation"]
    list_filter = ["status", "origin", "type", "needs_review"]
    raw_id_fields = ["conversation", "superseded_by"]
    inlines = [FactRevisionInline]


@admin.register(FactRevision)
class FactRevisionAdmin(ReadOnlyAdmin):
    list_display = ["fact", "action", "actor", "at"]
    list_select_related = ["fact", "actor"]
    raw_id_fields = ["fact", "actor"]


@admin.register(GoldFact)
class GoldFactAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "key", "value", "source_seq"]
    list_select_related = ["conversation"]
    raw_id_fields = ["conversation", "labelled_by"]
