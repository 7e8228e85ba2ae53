import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from memadmin.permissions import Role
from tests.factories import UserFactory

PASSWORD = "correct horse battery staple"

# A real Celery worker on Redis, and an OpenAI-compatible server on 127.0.0.1.
pytest_plugins = ["tests.celery_worker", "tests.fake_openai"]


@pytest.fixture
def service_user(db):
    return UserFactory(username="chat-service", roles=[Role.CHAT_SERVICE])


@pytest.fixture
def support_user(db):
    return UserFactory(username="sam-support", roles=[Role.SUPPORT])


@pytest.fixture
def qa_user(db):
    return UserFactory(username="quinn-qa", roles=[Role.QA])


@pytest.fixture
def privacy_user(db):
    return UserFactory(username="pat-privacy", roles=[Role.PRIVACY])


@pytest.fixture
def admin_user(db):
    return UserFactory(username="ada-admin", roles=[Role.ADMIN])


@pytest.fixture
def outsider(db):
    """Signed in, but holds no role."""
    return UserFactory(username="olly-outsider")


@pytest.fixture
def service_client(service_user) -> APIClient:
    """The chat service: token authentication, as in production."""
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=service_user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
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
def _fast_password_hashing(settings):
    # Hashing strength is Django's business; tests only need passwords to work.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
