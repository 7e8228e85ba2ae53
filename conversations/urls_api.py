from django.urls import path

from conversations import api

app_name = "api"

urlpatterns = [
    path("conversations/", api.ConversationList.as_view(), name="conversation-list"),
    path("conversations/<int:pk>/", api.ConversationDetail.as_view(), name="conversation-detail"),
    path("conversations/<int:pk>/turns/", api.TurnList.as_view(), name="turn-list"),
    path("conversations/<int:pk>/refresh/", api.MemoryRefresh.as_view(), name="memory-refresh"),
    path("conversations/<int:pk>/refresh-runs/", api.RefreshRunList.as_view(), name="refresh-run-list"),
    path(
        "conversations/<int:pk>/refresh-runs/<int:run_id>/",
        api.RefreshRunDetail.as_view(),
        name="refresh-run-detail",
    ),
    path("conversations/<int:pk>/context/", api.ContextList.as_view(), name="context-list"),
    path(
        "conversations/<int:pk>/context/<int:snapshot_id>/",
        api.ContextDetail.as_view(),
        name="context-detail",
    ),
]
