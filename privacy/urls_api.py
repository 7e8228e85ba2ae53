from django.urls import path

from privacy import api

app_name = "privacy-api"

one = "forget-requests/<int:pk>/"

urlpatterns = [
    path("forget-requests/", api.ForgetRequestList.as_view(), name="forget-request-list"),
    path(one, api.ForgetRequestDetail.as_view(), name="forget-request-detail"),
    path(f"{one}preview/", api.ForgetRequestPreview.as_view(), name="forget-request-preview"),
    path(f"{one}approve/", api.ForgetRequestApprove.as_view(), name="forget-request-approve"),
    path(f"{one}decline/", api.ForgetRequestDecline.as_view(), name="forget-request-decline"),
    path(f"{one}retry/", api.ForgetRequestRetry.as_view(), name="forget-request-retry"),
    path(f"{one}receipt/", api.ForgetReceipt.as_view(), name="forget-request-receipt"),
]
