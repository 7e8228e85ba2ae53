"""Checks every request gets, whatever view it reaches.

- Query strings: a parameter that cannot be stored or compared as text (a NUL,
  bytes that are not UTF-8 such as an encoded lone surrogate) is a 400 here,
  once, rather than a DataError from PostgreSQL in whichever view reads it.
- A database that is down: 503 with Retry-After (JSON for the API, a plain
  page for the dashboard) instead of a 500. Nothing is cached, so the next
  request after PostgreSQL is back is served normally.
"""

import logging
import sys
from urllib.parse import unquote_to_bytes

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.views import defaults

from conversations.validation import unstorable_text_reason

logger = logging.getLogger(__name__)

API_PREFIX = "/api/"


def query_string_problem(raw: str) -> str | None:
    """Why a raw query string cannot be accepted, or None. ``raw`` is the WSGI (latin-1) string.

    Django decodes query strings leniently (a broken byte becomes U+FFFD), so
    the raw bytes are decoded here strictly, name and value alike.
    """
    if not raw:
        return None
    for field in raw.encode("iso-8859-1").replace(b";", b"&").split(b"&"):
        parts = [unquote_to_bytes(part.replace(b"+", b" ")) for part in field.split(b"=", 1)]
        name = parts[0].decode("utf-8", "replace")
        for data, what in zip(parts, ("name", "value"), strict=False):
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                return (
                    f"Query parameter {name!r}: the {what} is not valid UTF-8 at byte {exc.start} "
                    "(an encoded lone surrogate or a broken character)."
                )
            if reason := unstorable_text_reason(text):
                return f"Query parameter {name!r}: the {what} {reason}."
    return None


def wants_json(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def error_page(request: HttpRequest, *, status: int, title: str, message: str) -> HttpResponse:
    """A plain page: no database, no session, so it renders when those are what failed."""
    body = render_to_string("error.html", {"title": title, "message": message, "status": status})
    return HttpResponse(body, status=status)


class QueryStringMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if problem := query_string_problem(request.META.get("QUERY_STRING", "")):
            if wants_json(request):
                return JsonResponse({"detail": problem, "code": "invalid_query"}, status=400)
            return error_page(request, status=400, title="Bad request", message=problem)
        return self.get_response(request)


DATABASE_DOWN = (OperationalError, InterfaceError)


def database_down_response(request: HttpRequest) -> HttpResponse:
    retry = settings.MEMADMIN_RETRY_AFTER_SECONDS
    if wants_json(request):
        response = JsonResponse(
            {
                "detail": "The database is unavailable; nothing was stored. Retry shortly.",
                "code": "database_unavailable",
            },
            status=503,
        )
    else:
        response = error_page(
            request,
            status=503,
            title="Temporarily unavailable",
            message="The database cannot be reached just now. Nothing was changed; try again in a moment.",
        )
    response["Retry-After"] = str(retry)
    return response


class DatabaseUnavailableMiddleware:
    """Turns a lost database connection anywhere below it into a 503 with Retry-After."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        # Every OperationalError is worth retrying: the server is gone, restarting, or refused a
        # transaction it could not serialise. A bad query is a ProgrammingError or DataError.
        if isinstance(exception, DATABASE_DOWN):
            logger.error("database unavailable: %s %s: %s", request.method, request.path, exception)
            return database_down_response(request)
        return None


def server_error(request: HttpRequest, *args, **kwargs) -> HttpResponse:
    """handler500: a database error raised outside a view (in a middleware) is a 503 too."""
    exception = sys.exc_info()[1]
    if isinstance(exception, DATABASE_DOWN):
        return database_down_response(request)
    if wants_json(request):
        return JsonResponse({"detail": "Server error.", "code": "server_error"}, status=500)
    return defaults.server_error(request, *args, **kwargs)


def client_ip(request: HttpRequest) -> str | None:
    """The caller's address: REMOTE_ADDR, or behind trusted proxies the one the outermost proxy saw.

    Only the last MEMADMIN_TRUSTED_PROXIES entries of X-Forwarded-For were
    written by our proxies; anything left of them is the client's to forge.
    """
    proxies = settings.MEMADMIN_TRUSTED_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
        if addresses:
            return addresses[-min(proxies, len(addresses))]
    return request.META.get("REMOTE_ADDR")
