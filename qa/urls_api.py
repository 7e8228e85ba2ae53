from django.urls import path

from qa import api

app_name = "qa-api"

conversation = "conversations/<int:pk>/"

urlpatterns = [
    path(f"{conversation}label-sets/", api.LabelSetList.as_view(), name="label-set-list"),
    path(f"{conversation}label-sets/submit/", api.LabelSetSubmit.as_view(), name="label-set-submit"),
    path(
        f"{conversation}label-sets/show-suggestions/",
        api.LabelSetShowSuggestions.as_view(),
        name="label-set-show-suggestions",
    ),
    path(f"{conversation}suggestions/", api.SuggestionList.as_view(), name="suggestion-list"),
    path(f"{conversation}labels/", api.LabelList.as_view(), name="label-list"),
    path(
        f"{conversation}labels/from-suggestion/",
        api.LabelFromSuggestion.as_view(),
        name="label-from-suggestion",
    ),
    path(f"{conversation}labels/<int:label_id>/", api.LabelDetail.as_view(), name="label-detail"),
    path(f"{conversation}gold-set/", api.GoldSetDetail.as_view(), name="gold-set-detail"),
    path(f"{conversation}adjudication/", api.Adjudication.as_view(), name="adjudication"),
    path(f"{conversation}labelled-queries/", api.LabelledQueryList.as_view(), name="labelled-query-list"),
    path(
        f"{conversation}labelled-queries/<int:query_id>/",
        api.LabelledQueryDetail.as_view(),
        name="labelled-query-detail",
    ),
    path("label-queue/", api.LabellingQueue.as_view(), name="label-queue"),
    path("gold-sets/", api.GoldSetList.as_view(), name="gold-set-list"),
    path("evaluation-runs/", api.EvaluationRunList.as_view(), name="evaluation-run-list"),
    path("evaluation-runs/<int:run_id>/", api.EvaluationRunDetail.as_view(), name="evaluation-run-detail"),
    path("evaluation-runs/<int:run_id>/findings/", api.FindingList.as_view(), name="finding-list"),
]
