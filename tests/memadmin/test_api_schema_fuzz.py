"""The API against its own OpenAPI schema, fuzzed by schemathesis with every check it has.

Requests are generated from /api/schema/ (valid and invalid ones) and sent
in-process through the WSGI application, as an API client (its token) and as
staff (a session with its CSRF token): support staff over every operation, a
QA annotator over the QA operations and a privacy officer over the forget
requests, so that those reach the code behind the role check. Every response must be one the schema
documents, with a body of the documented shape; no request may be a 5xx;
valid data must be accepted and invalid data refused; a request without
the credentials the schema requires must be refused. The run is derandomized
and bounded, so that it is the same on every machine and stays short.
"""

import json
import zlib

import pytest
import schemathesis
from django.contrib.sessions.models import Session
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, settings
from schemathesis.checks import negative_data_rejection, positive_data_acceptance
from schemathesis.config import SchemathesisConfig

from conversations.models import RefreshRun
from facts.models import GoldFact
from memadmin.authentication import key_hash
from memadmin.models import ApiToken
from memadmin.permissions import Role
from qa.models import EvaluationRun, GoldSet
from tests.factories import ConversationFactory, TurnFactory, UserFactory
from tests.privacy.conftest import ask

# Bounded so that both identities together take well under a minute on a quiet machine.
MAX_EXAMPLES = 8
CSRF_SECRET = "Zw6cWkqL3mD8vE2rT9yH4uJ7nB5xA1sQ"  # a well-formed CSRF secret (32 characters)

# Loaded through the application itself, as a client would fetch it; the calls go the same way.
# One schema per identity, each with the credentials it signs in with.
# A fixed seed: the same requests on every run and machine (schemathesis seeds more than hypothesis).
CONFIG = {"seed": 1130, "phases": {"coverage": {"enabled": False}}}
as_client = schemathesis.openapi.from_wsgi(
    "/api/schema/", get_wsgi_application(), config=SchemathesisConfig.from_dict(CONFIG)
)
as_staff = schemathesis.openapi.from_wsgi(
    "/api/schema/", get_wsgi_application(), config=SchemathesisConfig.from_dict(CONFIG)
)
QA_OPERATIONS = r"^/api/v1/(gold-sets|evaluation-runs|conversations/\{id\}/(label|gold-set|adjudication))"
as_qa = schemathesis.openapi.from_wsgi(
    "/api/schema/", get_wsgi_application(), config=SchemathesisConfig.from_dict(CONFIG)
).include(path_regex=QA_OPERATIONS)
as_privacy = schemathesis.openapi.from_wsgi(
    "/api/schema/", get_wsgi_application(), config=SchemathesisConfig.from_dict(CONFIG)
).include(path_regex=r"^/api/v1/forget-requests/")


# Fixed credentials, made by the fixtures below: the generator applies them while it collects the
# tests, before there is a database to look them up in.
CLIENT_TOKEN = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"
STAFF_SESSION = "fuzzfuzzfuzzfuzzfuzzfuzzfuzzfuzz"
QA_SESSION = "fuzzqaqafuzzqaqafuzzqaqafuzzqaqa"
PRIVACY_SESSION = "fuzzprivfuzzprivfuzzprivfuzzpriv"


@as_client.auth()
class ChatServiceToken:
    def get(self, case, context) -> str:
        return CLIENT_TOKEN

    def set(self, case, data: str, context) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}


def signed_in_as(schema, session_key: str) -> None:
    """Requests of ``schema`` carry the session ``session_key`` and its CSRF token (no token header)."""

    @schema.auth()
    class Session:
        def get(self, case, context) -> str:
            return session_key

        def set(self, case, data: str, context) -> None:
            headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
            case.headers = {**headers, "X-CSRFToken": CSRF_SECRET}
            case.cookies = {**(case.cookies or {}), "sessionid": data, "csrftoken": CSRF_SECRET}


signed_in_as(as_staff, STAFF_SESSION)
signed_in_as(as_qa, QA_SESSION)
signed_in_as(as_privacy, PRIVACY_SESSION)


@pytest.fixture
def client_token(service_user) -> None:
    ApiToken.objects.create(
        user=service_user, name="fuzzing", prefix=CLIENT_TOKEN[:10], key_hash=key_hash(CLIENT_TOKEN)
    )


def session_of(user, session_key: str) -> None:
    client = Client()
    client.force_login(user)
    Session.objects.filter(session_key=client.cookies["sessionid"].value).update(session_key=session_key)


@pytest.fixture
def staff_session(support_user) -> None:
    session_of(support_user, STAFF_SESSION)


@pytest.fixture
def qa_session(qa_user) -> None:
    session_of(qa_user, QA_SESSION)


@pytest.fixture
def privacy_session(privacy_user) -> None:
    session_of(privacy_user, PRIVACY_SESSION)


@pytest.fixture(autouse=True)
def _keep_the_test_connection(db):
    # As Django's test client does: a request ending must not close the test's connection
    # (and with it the transaction the test runs in).
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def conversation(db, service_user):
    """A conversation with turns, so that ids in paths reach the code behind them and not only a 404.

    The API client created it: it sees only its own conversations."""
    conversation = ConversationFactory(external_id="fuzzed", subject_id="cust-fuzz", created_by=service_user)
    for seq in range(1, 4):
        TurnFactory(conversation=conversation, seq=seq, content=f"Turn {seq}: order ORD-{seq:05d}.")
    # A refresh the system started at a boundary: nobody requested it.
    RefreshRun.objects.create(
        conversation=conversation, trigger=RefreshRun.Trigger.BOUNDARY, target_upto_seq=3
    )
    return conversation


def aim_at(case, conversation) -> None:
    # Mostly the conversation that exists; now and then the id as drawn (a 404, or a malformed id).
    if case.path_parameters and "id" in case.path_parameters and zlib.crc32(repr(case.body).encode()) % 4:
        case.path_parameters["id"] = conversation.pk


fuzz_settings = settings(
    max_examples=MAX_EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)


def nul_in_free_json(case) -> bool:
    """A NUL in the body outside the text fields the schema describes.

    Inside tool calls (free-form JSON) the API refuses it with a 400 the schema cannot describe
    (tests/conversations/test_hostile_input.py pins that); in a property the operation does not
    have, it is ignored with the property.
    """
    return isinstance(case.body, dict) and "\\u0000" in json.dumps(case.body)


def unknown_query_parameters(case) -> bool:
    """Query parameters the operation does not have: ignored, as HTTP APIs do for forward compatibility."""
    known = {parameter.name for parameter in case.operation.query}
    return bool(set(case.query or {}) - known)


def call_and_validate(case) -> None:
    if nul_in_free_json(case):
        case.call_and_validate(excluded_checks=[positive_data_acceptance])
        return
    if unknown_query_parameters(case):
        case.call_and_validate(excluded_checks=[negative_data_rejection])
        return
    case.call_and_validate()


@as_client.parametrize()
@fuzz_settings
def test_as_an_api_client(case, client_token, conversation):
    aim_at(case, conversation)
    call_and_validate(case)


@as_staff.parametrize()
@fuzz_settings
def test_as_staff(case, staff_session, conversation):
    aim_at(case, conversation)
    call_and_validate(case)


@pytest.fixture
def evaluated(conversation) -> EvaluationRun:
    """An imported gold set (no adjudicator) and a finished run nobody asked for (a command's)."""
    GoldSet.objects.create(
        conversation=conversation, origin=GoldSet.Origin.IMPORTED, source_file="gold.jsonl"
    )
    GoldFact.objects.create(
        conversation=conversation, type="identifier", key="order", value="ORD-00002", source_seq=2
    )
    run = EvaluationRun.objects.create(source="stored", status="done", figures={"by_type": {}})
    run.findings.create(
        external_id="fuzzed", kind="missed", type="identifier", value="ORD-00002", source_seq=2
    )
    return run


@as_qa.parametrize()
@fuzz_settings
def test_as_a_qa_annotator(case, qa_session, conversation, evaluated):
    aim_at(case, conversation)
    if case.path_parameters and "run_id" in case.path_parameters and zlib.crc32(repr(case.body).encode()) % 4:
        case.path_parameters["run_id"] = evaluated.pk
    call_and_validate(case)


@pytest.fixture
def forget_request(conversation):
    """A request awaiting approval, made by another officer (so that the fuzzed one may approve it)."""
    other_officer = UserFactory(username="fuzz-privacy-2", roles=[Role.PRIVACY])
    return ask(other_officer, "conversation", conversation=conversation)


@as_privacy.parametrize()
@fuzz_settings
def test_as_a_privacy_officer(case, privacy_session, forget_request):
    aim_at(case, forget_request)
    call_and_validate(case)
