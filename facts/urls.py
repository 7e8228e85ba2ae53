from django.urls import path

from facts import views

app_name = "facts"

urlpatterns = [
    path("facts/add/", views.fact_add, name="add"),
    path("facts/<int:fact_id>/<slug:action>/", views.fact_action, name="action"),
    path("memory/resummarise/", views.memory_resummarise, name="resummarise"),
    path("memory/reindex/", views.memory_reindex, name="reindex"),
    path("memory/status/", views.memory_status, name="memory-status"),
]
