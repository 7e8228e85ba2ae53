"""Domain errors, and how the API shows them.

Services raise an ``ApplicationError`` subclass; views turn it into a form
error or a status code, the API into a JSON body with the same status.
"""

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler


class ApplicationError(Exception):
    status_code = status.HTTP_400_BAD_REQUEST
    code = "invalid"

    def __init__(self, message: str, *, code: str | None = None, extra: dict[str, Any] | None = None):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        self.extra = extra or {}

    def as_json(self) -> dict[str, Any]:
        return {"detail": self.message, "code": self.code, **self.extra}

    @property
    def page_status(self) -> int:
        """The status a dashboard page answers with: bad input is a form error (422), which the
        page shows in place (400 is left to htmx's error path); the rest keep their own."""
        return 422 if self.status_code == 400 else self.status_code


class InvalidInput(ApplicationError):
    """The input cannot be stored as given (bad text, bad shape)."""


class Conflict(ApplicationError):
    """The input disagrees with what is already stored; nothing was changed."""

    status_code = status.HTTP_409_CONFLICT
    code = "conflict"


class PermissionRefused(ApplicationError):
    """The actor's role may not make this change (the last word: views check first)."""

    status_code = status.HTTP_403_FORBIDDEN
    code = "permission_denied"


def api_exception_handler(exc: Exception, context: dict) -> Response | None:
    if isinstance(exc, ApplicationError):
        return Response(exc.as_json(), status=exc.status_code)
    if isinstance(exc, RequestDataTooBig):
        # DRF leaves Django's SuspiciousOperation to a plain-text 400; an API
        # client deserves JSON and the status that says what happened.
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return Response(
            {"detail": f"Request body too large: the limit is {limit} bytes.", "code": "too_large"},
            status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
        )
    return exception_handler(exc, context)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404 for a URL no route matches: JSON under /api/ (as every other API answer), the page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Not found.", "code": "not_found"}, status=404)
    return defaults.page_not_found(request, exception)
