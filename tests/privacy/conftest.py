import os
from datetime import timedelta

import pytest
import redis
from django.utils import timezone

from memadmin.permissions import Role
from privacy.forget import RequestInput, forget_request_approve, forget_request_create
from tests.factories import UserFactory

TEST_REDIS_URL = os.environ.get("MEMADMIN_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture
def second_privacy_user(db):
    return UserFactory(username="pia-privacy", roles=[Role.PRIVACY])


@pytest.fixture
def test_redis(settings):
    """The project's Redis (task results, cache) pointed at the tests' own database, emptied."""
    settings.REDIS_URL = TEST_REDIS_URL
    client = redis.Redis.from_url(TEST_REDIS_URL)
    client.flushdb()
    yield client
    client.flushdb()


def ask(actor, scope: str, **fields):
    return forget_request_create(
        actor=actor,
        data=RequestInput(
            scope=scope,
            legal_basis="erasure",
            reason=fields.pop("reason", "Erasure request received by post"),
            deadline=fields.pop("deadline", timezone.localdate() + timedelta(days=30)),
            **fields,
        ),
    )


@pytest.fixture
def run_forget(privacy_user, second_privacy_user):
    """Ask for a request as one officer and approve it as another: it runs right after (tasks inline)."""

    def run(scope: str, **fields):
        request = ask(privacy_user, scope, **fields)
        forget_request_approve(request=request, actor=second_privacy_user, note="checked the identity")
        request.refresh_from_db()
        return request

    return run
