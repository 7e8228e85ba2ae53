import pytest
from rest_framework.test import APIClient

from memadmin.api_tokens import api_token_create
from memadmin.models import ApiToken
from memadmin.permissions import Role
from tests.factories import UserFactory

# A real Celery worker on Redis, and an OpenAI-compatible server on 127.0.0.1.
pytest_plugins = ["tests.celery_worker", "tests.fake_openai"]


def _persona(username: str, *roles: Role, doc: str = ""):
    """A fixture for a user holding ``roles`` (none: signed in, but no role)."""

    @pytest.fixture
    def persona(db):
        return UserFactory(username=username, roles=list(roles))

    persona.__doc__ = doc or f"{username}, holding {', '.join(roles)}"
    return persona


service_user = _persona("chat-service", Role.CHAT_SERVICE)
support_user = _persona("sam-support", Role.SUPPORT)
qa_user = _persona("quinn-qa", Role.QA)
privacy_user = _persona("pat-privacy", Role.PRIVACY)
admin_user = _persona("ada-admin", Role.ADMIN)
outsider = _persona("olly-outsider", doc="Signed in, but holds no role.")


def api_token_for(user) -> str:
    """A key of a live API token of ``user`` (a new token, named after the test's needs)."""
    return api_token_create(user=user, name=f"test token {ApiToken.objects.count() + 1}")[1]


@pytest.fixture
def service_client(service_user) -> APIClient:
    """The chat service: token authentication, as in production."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_for(service_user)}")
    return client


@pytest.fixture
def api_client_for():
    """An API client signed in (by session) as the given user."""

    def make(user) -> APIClient:
        client = APIClient()
        client.force_login(user)
        return client

    return make


@pytest.fixture(autouse=True)
def _tasks_inline(settings):
    # Work owed after a commit runs right after it, in the test's thread, so a
    # test inside a transaction sees it (with django_capture_on_commit_callbacks).
    # The worker fixture switches to Celery; tests of the worker thread to "thread".
    settings.MEMADMIN_TASKS = "inline"


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # Hashing strength is Django's business; tests only need passwords to work.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_api_throttling(settings):
    # The suite makes many requests as one client; tests of the throttles set their own rates.
    settings.MEMADMIN_API_RATE = "off"
    settings.MEMADMIN_API_ANON_RATE = "off"
