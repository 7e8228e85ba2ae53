from django.contrib import admin

from memadmin.admin_site import ReadOnlyAdmin, ReadOnlyTabularInline
from qa.models import EvaluationRun, GoldSet, Label, LabelSet


class LabelInline(ReadOnlyTabularInline):
    model = Label
    fields = ["type", "key", "value", "source_seq", "span_start", "span_end", "from_suggestion"]


@admin.register(LabelSet)
class LabelSetAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "annotator", "started_at", "submitted_at", "suggestions_shown_at"]
    list_select_related = ["conversation", "annotator"]
    raw_id_fields = ["conversation", "annotator"]
    inlines = [LabelInline]


@admin.register(GoldSet)
class GoldSetAdmin(ReadOnlyAdmin):
    list_display = ["conversation", "origin", "source_file", "adjudicated_by", "updated_at"]
    list_select_related = ["conversation", "adjudicated_by"]
    list_filter = ["origin"]
    raw_id_fields = ["conversation", "adjudicated_by", "label_sets"]


@admin.register(EvaluationRun)
class EvaluationRunAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "source",
        "status",
        "provider",
        "model",
        "requested_at",
        "recall",
        "precision",
        "clean_rate",
    ]
    list_filter = ["source", "status"]
    raw_id_fields = ["requested_by"]
