from django.urls import path

from privacy import views

app_name = "privacy"

urlpatterns = [
    path("", views.request_list, name="list"),
    path("new/", views.request_new, name="new"),
    path("<int:pk>/", views.request_detail, name="detail"),
    path("<int:pk>/approve/", views.request_decide, {"decision": "approve"}, name="approve"),
    path("<int:pk>/decline/", views.request_decide, {"decision": "decline"}, name="decline"),
    path("<int:pk>/retry/", views.request_decide, {"decision": "retry"}, name="retry"),
    path("<int:pk>/receipt/", views.receipt_page, name="receipt"),
    path("<int:pk>/receipt.json", views.receipt_json, name="receipt-json"),
]
