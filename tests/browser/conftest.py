"""Headless Chromium (Debian's package) driven by Playwright, against live_server."""

import os
import shutil
from contextlib import contextmanager

import pytest

# Playwright's sync API keeps an event loop in the test thread; the tests
# themselves talk to the database synchronously, which is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("MEMADMIN_CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def sign_in(page, live_server):
    """Sign in through the real login form."""

    def sign_in_as(user, password="correct horse battery staple"):
        page.goto(f"{live_server.url}/login/")
        page.fill("#id_username", user.username)
        page.fill("#id_password", password)
        # Wait until the page the form leads to has loaded its scripts: text
        # typed before htmx has bound its triggers would never be sent.
        with page.expect_navigation(wait_until="load"):
            page.click("button[type=submit]")
        return page

    return sign_in_as


@pytest.fixture
def htmx_settled(page):
    """Wait, around an action, until htmx has swapped and settled its answer.

    htmx binds the links and forms of new content as it settles, after the new
    markup is already visible: a key pressed on a link in between follows the
    plain link instead of the htmx request the page means.
    """

    @contextmanager
    def settled():
        page.evaluate(
            "window.__htmxSettled = false;"
            "document.addEventListener('htmx:afterSettle',"
            " () => { window.__htmxSettled = true; }, {once: true});"
        )
        yield
        page.wait_for_function("window.__htmxSettled === true")

    return settled
