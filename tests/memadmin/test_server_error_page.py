"""A page that fails with a bug answers the product's server-error page, made without the database."""

import pytest
from django.conf import settings
from django.test import Client

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.memadmin.raising_urls")]


@pytest.fixture
def answer(django_assert_num_queries):
    client = Client(raise_request_exception=False)
    assert settings.DEBUG is False  # with DEBUG on, Django shows its own technical page instead
    # No query at all: the page must render when the database is what failed.
    with django_assert_num_queries(0):
        return client.get("/failing-page/")


def test_it_is_a_500_with_the_products_shell(answer):
    body = answer.content.decode()

    assert answer.status_code == 500
    assert "<title>Server error · memadmin</title>" in body
    assert '<link rel="stylesheet" href="/static/css/memadmin.css">' in body
    assert '<header class="topbar"><a class="brand" href="/">memadmin</a></header>' in body
    assert '<div class="refused" role="alert">' in body


def test_it_says_what_happened_and_what_to_do(answer):
    body = answer.content.decode()

    assert "<h1>Something went wrong on the server</h1>" in body
    assert "saved whole or not at all: reload the page to see which" in body
    assert '<a href="/">go back to the conversations</a>' in body
    # Nothing of the plain pages' own wording leaks in (their title, their hint).
    assert "Check the address and try again" not in body
    assert "a bug in a page" not in body  # the error itself stays in the server's log
