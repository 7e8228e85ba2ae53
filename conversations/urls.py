from django.urls import path

from conversations import detail_views, snapshot_views, views

app_name = "conversations"

urlpatterns = [
    path("", views.conversation_list, name="list"),
    path("conversations/<int:pk>/", detail_views.conversation_detail, name="detail"),
    path(
        "conversations/<int:pk>/snapshots/<int:snapshot_id>/", snapshot_views.snapshot_detail, name="snapshot"
    ),
]
