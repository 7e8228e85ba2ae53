from django.urls import path

from qa import run_views, views

app_name = "qa"

urlpatterns = [
    path("", views.queue_page, name="queue"),
    path("conversations/<int:pk>/label/", views.label_page, name="label"),
    path("conversations/<int:pk>/labels/", views.label_add, name="label-add"),
    path("conversations/<int:pk>/labels/<int:label_id>/remove/", views.label_remove, name="label-remove"),
    path("conversations/<int:pk>/labels/suggestions/", views.label_suggestions, name="label-suggestions"),
    path("conversations/<int:pk>/labels/submit/", views.label_submit, name="label-submit"),
    path("conversations/<int:pk>/queries/", views.query_add, name="query-add"),
    path("conversations/<int:pk>/queries/<int:query_id>/remove/", views.query_remove, name="query-remove"),
    path("conversations/<int:pk>/adjudicate/", views.adjudicate_page, name="adjudicate"),
    path("runs/", run_views.runs_page, name="runs"),
    path("runs/<int:run_id>/", run_views.run_page, name="run"),
]
