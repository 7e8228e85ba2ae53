"""Signing in: lock-outs after repeated failures, sessions, logout, and CSRF on every unsafe session route."""

import pytest
from django.contrib.auth import SESSION_KEY
from django.test import Client
from rest_framework.test import APIClient

from tests.conftest import api_token_for
from tests.memadmin.test_route_matrix import ADMIN, MATRIX, PRIVACY, QA, ROUTES, SUPPORT, url_for
from tests.objects import objects_for

PASSWORD = "correct horse battery staple"  # tests/factories.py


def sign_in(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post("/login/", {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.mark.django_db
class TestLockOut:
    def test_five_failures_lock_the_username_even_against_the_right_password(self, client, support_user):
        statuses = [sign_in(client, support_user.username, "wrong").status_code for _ in range(5)]

        response = sign_in(client, support_user.username, PASSWORD)

        assert statuses == [200, 200, 200, 200, 429]
        assert response.status_code == 429
        assert "Sign-in locked" in response.content.decode()
        assert SESSION_KEY not in client.session

    def test_the_username_stays_locked_from_another_address(self, client, support_user):
        for number in range(5):
            sign_in(client, support_user.username, "wrong", address=f"10.0.1.{number}")

        assert sign_in(Client(), support_user.username, PASSWORD, address="10.9.9.9").status_code == 429

    def test_an_address_is_locked_after_failures_across_usernames(self, client, support_user):
        for number in range(5):
            sign_in(client, f"guess-{number}", "wrong", address="10.0.2.1")

        assert sign_in(Client(), support_user.username, PASSWORD, address="10.0.2.1").status_code == 429
        assert sign_in(Client(), support_user.username, PASSWORD, address="10.0.2.2").status_code == 302

    def test_a_success_before_the_limit_resets_the_count(self, client, support_user):
        for _ in range(4):
            sign_in(client, support_user.username, "wrong")
        assert sign_in(client, support_user.username, PASSWORD).status_code == 302
        client.post("/logout/")
        for _ in range(4):
            sign_in(client, support_user.username, "wrong")

        assert sign_in(client, support_user.username, PASSWORD).status_code == 302

    def test_the_admin_sign_in_is_locked_too(self, client, admin_user):
        for _ in range(5):
            client.post("/admin/login/", {"username": admin_user.username, "password": "wrong"})

        assert sign_in(client, admin_user.username, PASSWORD).status_code == 429


@pytest.mark.django_db
class TestApiThrottle:
    def test_a_client_over_its_rate_gets_429_with_retry_after(self, settings, service_user):
        settings.MEMADMIN_API_RATE = "3/minute"
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_for(service_user)}")

        statuses = [client.get("/api/v1/conversations/").status_code for _ in range(4)]

        assert statuses == [200, 200, 200, 429]
        assert int(client.get("/api/v1/conversations/")["Retry-After"]) > 0

    def test_the_rate_is_per_client(self, settings, service_user, admin_user):
        settings.MEMADMIN_API_RATE = "2/minute"
        first, second = APIClient(), APIClient()
        first.credentials(HTTP_AUTHORIZATION=f"Token {api_token_for(service_user)}")
        second.force_login(admin_user)
        for _ in range(2):
            first.get("/api/v1/conversations/")

        assert first.get("/api/v1/conversations/").status_code == 429
        assert second.get("/api/v1/conversations/").status_code == 200

    def test_callers_without_credentials_are_limited_by_address(self, settings):
        # The schema is the one API route open to them; every other one answers 401 first.
        settings.MEMADMIN_API_ANON_RATE = "1/minute"
        client = APIClient()

        assert client.get("/api/schema/", REMOTE_ADDR="10.1.1.1").status_code == 200
        assert client.get("/api/schema/", REMOTE_ADDR="10.1.1.1").status_code == 429
        assert client.get("/api/schema/", REMOTE_ADDR="10.1.1.2").status_code == 200


@pytest.mark.django_db
class TestSessions:
    def test_signing_in_gives_a_new_session_key(self, client, support_user):
        client.get("/login/")
        client.session.save()
        before = client.session.session_key

        assert sign_in(client, support_user.username, PASSWORD).status_code == 302

        assert client.session.session_key != before
        assert client.session[SESSION_KEY] == str(support_user.pk)

    def test_a_deactivated_user_is_out_on_the_next_request(self, client, support_user):
        client.force_login(support_user)
        assert client.get("/").status_code == 200

        support_user.is_active = False
        support_user.save()

        response = client.get("/")
        assert response.status_code == 302
        assert response["Location"].startswith("/login/")

    def test_a_deactivated_api_client_is_refused(self, service_user):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_for(service_user)}")
        service_user.is_active = False
        service_user.save()

        assert client.get("/api/v1/conversations/").status_code == 401

    def test_logout_is_post_only(self, client, support_user):
        client.force_login(support_user)

        assert client.get("/logout/").status_code == 405
        assert client.get("/").status_code == 200
        assert client.post("/logout/").status_code == 302
        assert client.get("/").status_code == 302


UNSAFE_SESSION_ROUTES = [
    (name, pattern) for name, pattern in ROUTES if MATRIX.get(name, None) and MATRIX[name].POST
]


@pytest.mark.django_db
class TestCsrf:
    def test_sign_in_needs_the_token(self, support_user):
        client = Client(enforce_csrf_checks=True)

        response = client.post("/login/", {"username": support_user.username, "password": PASSWORD})

        assert csrf_refusal(response)
        assert SESSION_KEY not in client.session

    @pytest.mark.parametrize(
        ("name", "pattern"), UNSAFE_SESSION_ROUTES, ids=[n for n, _ in UNSAFE_SESSION_ROUTES]
    )
    def test_every_unsafe_route_refuses_a_session_post_without_the_token(
        self, name, pattern, support_user, qa_user, privacy_user, admin_user
    ):
        # A caller the matrix lets POST here, signed in by session, without the CSRF token.
        route = MATRIX[name]
        by_role = {SUPPORT: support_user, QA: qa_user, PRIVACY: privacy_user, ADMIN: admin_user}
        user = next(user for caller, user in by_role.items() if caller in route.POST)
        url = url_for(pattern, objects_for(created_by=None), route)
        client = Client(enforce_csrf_checks=True)
        client.force_login(user)

        without = client.post(url, {})
        client.get("/")  # a page with a form sets the CSRF cookie
        with_token = client.post(url, {}, HTTP_X_CSRFTOKEN=client.cookies["csrftoken"].value)

        assert without.status_code == 403, url
        assert csrf_refusal(without), url
        assert not csrf_refusal(with_token), url


def csrf_refusal(response) -> bool:
    """Refused for want of the CSRF token (Django's page, or DRF's JSON), not for any other reason."""
    text = response.content.decode()
    return response.status_code == 403 and ("CSRF verification failed" in text or "CSRF Failed" in text)


@pytest.mark.django_db
class TestLanding:
    @pytest.mark.parametrize(
        ("role_user", "landing"),
        [
            ("support_user", "/"),
            ("qa_user", "/qa/"),
            ("privacy_user", "/privacy/"),
            ("admin_user", "/"),
        ],
    )
    def test_each_role_lands_on_its_daily_work(self, client, request, role_user, landing):
        user = request.getfixturevalue(role_user)

        response = sign_in(client, user.username, PASSWORD)

        assert response.status_code == 302
        assert response["Location"] == landing
        assert client.get(landing).status_code == 200

    def test_the_page_asked_for_before_signing_in_wins(self, client, qa_user):
        response = client.post(
            "/login/?next=/audit/", {"username": qa_user.username, "password": PASSWORD, "next": "/audit/"}
        )

        assert response["Location"] == "/audit/"

    def test_a_signed_in_officer_opening_the_sign_in_page_goes_to_their_requests(self, client, privacy_user):
        sign_in(client, privacy_user.username, PASSWORD)

        assert client.get("/login/")["Location"] == "/privacy/"
