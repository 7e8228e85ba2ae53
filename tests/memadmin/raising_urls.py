"""The product's URLs plus one page that fails with a bug, to see what a person gets then."""

from django.urls import path

from memadmin import urls


def failing_page(request):
    raise RuntimeError("a bug in a page")


handler404 = urls.handler404
handler500 = urls.handler500
urlpatterns = [path("failing-page/", failing_page), *urls.urlpatterns]
