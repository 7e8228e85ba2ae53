"""Every URL the resolver knows, called by every kind of caller: only the documented combinations succeed.

MATRIX lists each route (by its namespaced name) with the callers allowed per
method. A route missing from it fails ``test_every_route_is_in_the_matrix``;
a caller that gets through where the matrix says it must not, or is refused
where it says it may, fails ``test_route``. Methods a route does not list
must succeed for nobody (GET and POST are tried on every route, DELETE on
every API route).

"Succeeds" means the request got past authentication and permission checks:
anything but 401, 403, 404, 405 or a redirect to a login page. A 400 for an
empty body counts as success (the caller was let in), and nothing may be 5xx.

Adding a route: add it here with the callers that may use it; if its URL
takes an id this file does not know, give ``kwargs`` (built from the
``Objects`` of tests/objects.py, or from objects your ``setup`` creates).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from memadmin.permissions import Role
from tests.conftest import api_token_for
from tests.factories import UserFactory
from tests.objects import Objects, objects_for

ANONYMOUS = "anonymous"
SUPPORT = "support"
QA = "qa"
PRIVACY = "privacy"
ADMIN = "admin"
CHAT_SERVICE = "chat_service (session)"
API_CLIENT = "api client (token)"
NO_ROLE = "signed in, no role"

CALLERS = (ANONYMOUS, SUPPORT, QA, PRIVACY, ADMIN, CHAT_SERVICE, API_CLIENT, NO_ROLE)
NOBODY: frozenset[str] = frozenset()
EVERYONE = frozenset(CALLERS)
SIGNED_IN = EVERYONE - {ANONYMOUS}
STAFF = frozenset({SUPPORT, QA, PRIVACY, ADMIN})
CHANGE_FACTS = frozenset({SUPPORT, ADMIN})
REFRESH = frozenset({SUPPORT, ADMIN})
READ_RECORD = STAFF | {CHAT_SERVICE, API_CLIENT}
WRITE_RECORD = frozenset({ADMIN, CHAT_SERVICE, API_CLIENT})
LABEL_GOLD = frozenset({QA, ADMIN})
FORGET = frozenset({PRIVACY})


def evaluation_run():
    from qa.models import EvaluationRun

    return EvaluationRun.objects.create(source=EvaluationRun.Source.STORED)


@dataclass(frozen=True)
class Route:
    GET: frozenset[str] = NOBODY
    POST: frozenset[str] = NOBODY
    DELETE: frozenset[str] = NOBODY
    # The URL's arguments; by default taken by name from DEFAULT_KWARGS.
    kwargs: Callable[[Objects], dict] | None = None
    query: Callable[[Objects], str] = field(default=lambda objects: "")
    # The URL names an id that does not exist (the route removes what it names, so no one
    # object serves every caller): a 404 then means the caller was let in past the role check.
    missing_ok: bool = False


DEFAULT_KWARGS: dict[str, Callable[[Objects], object]] = {
    "pk": lambda o: o.conversation.pk,
    "snapshot_id": lambda o: o.snapshot.pk,
    "run_id": lambda o: o.run.pk,
    "fact_id": lambda o: o.fact.pk,
    "action": lambda o: "retract",
}


def NO_FORGET_REQUEST(objects: Objects) -> dict:  # a constant to read in MATRIX
    return {"pk": 0}


def A_RUN(objects: Objects) -> dict:
    return {"run_id": evaluation_run().pk}


MATRIX: dict[str, Route] = {
    # Dashboard pages and fragments.
    "conversations:list": Route(GET=STAFF),
    "conversations:detail": Route(GET=STAFF),
    "conversations:snapshot": Route(GET=STAFF),
    "facts:add": Route(POST=CHANGE_FACTS),
    "facts:action": Route(POST=CHANGE_FACTS),
    "facts:resummarise": Route(POST=REFRESH),
    "facts:reindex": Route(POST=REFRESH),
    "facts:memory-status": Route(GET=STAFF, query=lambda o: f"?run={o.run.pk}"),
    "audit:list": Route(GET=STAFF),
    # Signing in and out. Logout is POST only.
    "login": Route(GET=EVERYONE, POST=EVERYONE),
    "logout": Route(POST=EVERYONE),
    # The record (API): staff read, the chat service writes.
    "api:conversation-list": Route(GET=READ_RECORD, POST=WRITE_RECORD),
    "api:conversation-detail": Route(GET=READ_RECORD),
    "api:turn-list": Route(GET=READ_RECORD, POST=WRITE_RECORD),
    "api:context-list": Route(GET=READ_RECORD, POST=WRITE_RECORD),
    "api:context-detail": Route(GET=READ_RECORD),
    "api:refresh-run-list": Route(GET=READ_RECORD),
    "api:refresh-run-detail": Route(GET=READ_RECORD),
    "api:memory-refresh": Route(POST=REFRESH),
    # Facts and summaries (API): staff read, support and admin change.
    "facts-api:fact-list": Route(GET=STAFF, POST=CHANGE_FACTS),
    "facts-api:fact-detail": Route(GET=STAFF),
    "facts-api:fact-correct": Route(POST=CHANGE_FACTS),
    "facts-api:fact-undo-correction": Route(POST=CHANGE_FACTS),
    "facts-api:fact-temporary": Route(POST=CHANGE_FACTS),
    "facts-api:fact-durable": Route(POST=CHANGE_FACTS),
    "facts-api:fact-retract": Route(POST=CHANGE_FACTS),
    "facts-api:fact-flag": Route(POST=CHANGE_FACTS),
    "facts-api:summary-list": Route(GET=STAFF),
    # The API's description is public: it holds no data.
    "schema": Route(GET=EVERYONE),
    "api-docs": Route(GET=EVERYONE),
    # Quality assurance: labelling gold facts and questions (qa, admin), adjudicating them,
    # evaluation runs (every staff role reads them; qa and admin start them).
    "qa:queue": Route(GET=LABEL_GOLD),
    "qa:label": Route(GET=LABEL_GOLD),
    "qa:label-add": Route(POST=LABEL_GOLD),
    "qa:label-remove": Route(
        POST=LABEL_GOLD, kwargs=lambda o: {"pk": o.conversation.pk, "label_id": 0}, missing_ok=True
    ),
    "qa:label-suggestions": Route(POST=LABEL_GOLD),
    "qa:label-submit": Route(POST=LABEL_GOLD),
    "qa:query-add": Route(POST=LABEL_GOLD),
    "qa:query-remove": Route(
        POST=LABEL_GOLD, kwargs=lambda o: {"pk": o.conversation.pk, "query_id": 0}, missing_ok=True
    ),
    "qa:adjudicate": Route(GET=LABEL_GOLD, POST=LABEL_GOLD),
    "qa:runs": Route(GET=STAFF, POST=LABEL_GOLD),
    "qa:run": Route(GET=STAFF, kwargs=lambda o: {"run_id": evaluation_run().pk}),
    # Forget requests: privacy officers only. The routes taking a request's id are called with
    # one that does not exist (tests/privacy covers finding and deciding real ones).
    "privacy:list": Route(GET=FORGET),
    "privacy:new": Route(GET=FORGET, POST=FORGET),
    "privacy:detail": Route(GET=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy:approve": Route(POST=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy:decline": Route(POST=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy:retry": Route(POST=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy:receipt": Route(GET=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy:receipt-json": Route(GET=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    # QA (API): as the pages. The conversation has no gold set yet, and the ids to remove do not
    # exist: a 404 there means the caller was let in.
    "qa-api:label-set-list": Route(GET=LABEL_GOLD),
    "qa-api:label-set-submit": Route(POST=LABEL_GOLD),
    "qa-api:label-list": Route(POST=LABEL_GOLD),
    "qa-api:label-set-show-suggestions": Route(POST=LABEL_GOLD),
    "qa-api:suggestion-list": Route(GET=LABEL_GOLD),
    "qa-api:label-from-suggestion": Route(POST=LABEL_GOLD),
    "qa-api:label-queue": Route(GET=LABEL_GOLD),
    "qa-api:label-detail": Route(
        DELETE=LABEL_GOLD, kwargs=lambda o: {"pk": o.conversation.pk, "label_id": 0}, missing_ok=True
    ),
    "qa-api:gold-set-list": Route(GET=LABEL_GOLD),
    "qa-api:gold-set-detail": Route(GET=LABEL_GOLD, missing_ok=True),
    "qa-api:adjudication": Route(GET=LABEL_GOLD, POST=LABEL_GOLD),
    "qa-api:labelled-query-list": Route(GET=LABEL_GOLD, POST=LABEL_GOLD),
    "qa-api:labelled-query-detail": Route(
        DELETE=LABEL_GOLD, kwargs=lambda o: {"pk": o.conversation.pk, "query_id": 0}, missing_ok=True
    ),
    "qa-api:evaluation-run-list": Route(GET=STAFF, POST=LABEL_GOLD),
    "qa-api:evaluation-run-detail": Route(GET=STAFF, kwargs=A_RUN),
    "qa-api:finding-list": Route(GET=STAFF, kwargs=A_RUN),
    # Forget requests (API): privacy officers only, as the pages.
    "privacy-api:forget-request-list": Route(GET=FORGET, POST=FORGET),
    "privacy-api:forget-request-detail": Route(GET=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy-api:forget-request-preview": Route(GET=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy-api:forget-request-approve": Route(POST=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy-api:forget-request-decline": Route(POST=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy-api:forget-request-retry": Route(POST=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
    "privacy-api:forget-request-receipt": Route(GET=FORGET, kwargs=NO_FORGET_REQUEST, missing_ok=True),
}

# Django's admin: the admin role only (and read-only, tests/memadmin/test_admin.py).
# Its sign-in page is open to all; every other admin URL must refuse everyone else.
ADMIN_SITE_OPEN = {
    "admin:login": Route(GET=EVERYONE, POST=EVERYONE),
    "admin:logout": Route(POST=frozenset({ADMIN})),
}
ADMIN_SITE_KWARGS = {
    "object_id": "1",
    "id": "1",
    "app_label": "memadmin",
    "content_type_id": "1",
    "url": "x/",
}


def all_routes() -> list[tuple[str, str]]:
    """(namespaced name, pattern) of every route the resolver knows."""

    def walk(patterns, prefix: str, namespace: str):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
            elif isinstance(pattern, URLPattern):
                yield f"{namespace}{pattern.name or ''}", prefix + str(pattern.pattern)

    return sorted(set(walk(get_resolver().url_patterns, "", "")))


def is_admin_site(name: str) -> bool:
    return name.startswith("admin:") and name not in ADMIN_SITE_OPEN


def test_every_route_is_in_the_matrix():
    missing = [
        f"{name or '(unnamed)'} -> /{pattern}"
        for name, pattern in all_routes()
        if name not in MATRIX and name not in ADMIN_SITE_OPEN and not is_admin_site(name)
    ]
    assert not missing, "Add these routes to MATRIX:\n" + "\n".join(missing)


def test_the_matrix_names_only_routes_that_exist():
    names = {name for name, _ in all_routes()}
    assert not set(MATRIX) - names


@pytest.fixture
def callers(db) -> dict[str, Callable[[], Client]]:
    """A fresh client per call for each kind of caller (a POST to logout must not sign out the next one)."""
    service = UserFactory(username="matrix-chat-service", roles=[Role.CHAT_SERVICE])
    users = {
        SUPPORT: UserFactory(username="matrix-support", roles=[Role.SUPPORT]),
        QA: UserFactory(username="matrix-qa", roles=[Role.QA]),
        PRIVACY: UserFactory(username="matrix-privacy", roles=[Role.PRIVACY]),
        ADMIN: UserFactory(username="matrix-admin", roles=[Role.ADMIN], is_staff=True),
        CHAT_SERVICE: service,
        NO_ROLE: UserFactory(username="matrix-no-role"),
    }
    key = api_token_for(service)

    def session(user) -> Callable[[], Client]:
        def make() -> Client:
            client = APIClient()
            client.force_login(user)
            return client

        return make

    def token() -> Client:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return client

    made: dict[str, Callable[[], Client]] = {caller: session(user) for caller, user in users.items()}
    made[ANONYMOUS] = APIClient
    made[API_CLIENT] = token
    made["_service_user"] = service
    return made


def refused(response, url: str = "", route: Route | None = None) -> bool:
    if response.status_code in (401, 403, 405):
        return True
    if response.status_code == 404:
        return not (route is not None and route.missing_ok)
    # login_required and the admin send a caller they refuse to sign in, saying where to come back
    # to; the admin sends one it has nothing for (its logout, to a caller not signed in) to its index,
    # as its sign-in page does an admin already signed in.
    location = response.get("Location", "") if response.status_code in (301, 302, 303) else ""
    return "login/?next=" in location or (location == "/admin/" and url != "/admin/login/")


def url_for(pattern: str, objects: Objects, route: Route | None) -> str:
    """The route's pattern with its arguments filled in (unnamed admin routes cannot be reversed)."""
    if route is not None and route.kwargs is not None:
        values = {key: str(value) for key, value in route.kwargs(objects).items()}
    else:
        values = {key: str(make(objects)) for key, make in DEFAULT_KWARGS.items()}
        values.update({key: value for key, value in ADMIN_SITE_KWARGS.items() if key not in values})
    missing = set(re.findall(r"<(?:\w+:)?(\w+)>", pattern)) - set(values)
    assert not missing, f"/{pattern}: give the route kwargs=... for {', '.join(sorted(missing))}"
    path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], pattern)
    path = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: values[m.group(1)], path)
    path = path.replace("^", "").replace("$", "").replace("\\", "")
    return "/" + path + (route.query(objects) if route is not None else "")


ROUTES = [(name, pattern) for name, pattern in all_routes() if name in MATRIX or name in ADMIN_SITE_OPEN]
ADMIN_SITE_ROUTES = [(name, pattern) for name, pattern in all_routes() if is_admin_site(name)]


@pytest.mark.parametrize(("name", "pattern"), ROUTES, ids=[name for name, _ in ROUTES])
def test_route(name, pattern, callers):
    route = MATRIX.get(name) or ADMIN_SITE_OPEN[name]
    objects = objects_for(created_by=callers["_service_user"])
    url = url_for(pattern, objects, route)
    clients = {caller: callers[caller]() for caller in CALLERS}
    wrong = []
    methods = ("GET", "DELETE", "POST") if url.startswith("/api/") else ("GET", "POST")
    for method in methods:  # POST last: it may sign the caller out
        allowed = getattr(route, method)
        for caller in CALLERS:
            response = getattr(clients[caller], method.lower())(url)
            assert response.status_code < 500, (method, url, caller, response.status_code)
            if refused(response, url, route) == (caller in allowed):
                wrong.append(f"{method} {caller}: {response.status_code} {response.get('Location', '')}")
    assert not wrong, f"{url}: " + "; ".join(wrong)


def test_the_admin_site_refuses_everyone_but_admins(callers):
    """Every admin URL: refused to anyone without the admin role (the check is one wrapper for all)."""
    objects = objects_for(created_by=callers["_service_user"])
    clients = {caller: callers[caller]() for caller in (ANONYMOUS, SUPPORT, API_CLIENT, ADMIN)}
    wrong = []
    for _name, pattern in ADMIN_SITE_ROUTES:
        url = url_for(pattern, objects, None)
        for caller, client in clients.items():
            for method in ("get", "post") if caller != ADMIN else ("get",):
                response = getattr(client, method)(url)
                assert response.status_code < 500, (url, caller)
                if caller != ADMIN and not refused(response):
                    wrong.append(f"{method} {url} {caller}: {response.status_code}")
    assert len(ADMIN_SITE_ROUTES) > 20
    assert not wrong
