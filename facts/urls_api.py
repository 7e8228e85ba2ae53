from django.urls import path

from facts import api

app_name = "facts-api"

fact = "conversations/<int:pk>/facts/<int:fact_id>/"

urlpatterns = [
    path("conversations/<int:pk>/facts/", api.FactList.as_view(), name="fact-list"),
    path(fact, api.FactDetail.as_view(), name="fact-detail"),
    path(f"{fact}correct/", api.FactCorrect.as_view(), name="fact-correct"),
    path(f"{fact}undo-correction/", api.FactUndoCorrection.as_view(), name="fact-undo-correction"),
    path(f"{fact}temporary/", api.FactMarkTemporary.as_view(), name="fact-temporary"),
    path(f"{fact}durable/", api.FactMakeDurable.as_view(), name="fact-durable"),
    path(f"{fact}retract/", api.FactRetract.as_view(), name="fact-retract"),
    path(f"{fact}flag/", api.FactFlag.as_view(), name="fact-flag"),
    path("conversations/<int:pk>/summaries/", api.SummaryList.as_view(), name="summary-list"),
]
