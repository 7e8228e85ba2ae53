from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from memadmin.sign_in_views import SignInView

handler404 = "memadmin.errors.page_not_found"
handler500 = "memadmin.middleware.server_error"

urlpatterns = [
    path("", include("conversations.urls")),
    path("conversations/<int:pk>/", include("facts.urls")),
    path("audit/", include("memadmin.audit_urls")),
    path("qa/", include("qa.urls")),
    path("privacy/", include("privacy.urls")),
    path("login/", SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("api/v1/", include("conversations.urls_api")),
    path("api/v1/", include("facts.urls_api")),
    path("api/v1/", include("qa.urls_api")),
    path("api/v1/", include("privacy.urls_api")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
]
