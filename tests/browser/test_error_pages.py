"""A page that fails with a bug shows the product's error page, styled like the rest, with a way back."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db, pytest.mark.urls("tests.memadmin.raising_urls")]


def test_a_failing_page_shows_the_server_error_page_in_the_products_look(page, live_server):
    answer = page.goto(f"{live_server.url}/failing-page/")

    assert answer.status == 500
    expect(page).to_have_title("Server error · memadmin")
    expect(page.get_by_role("heading", name="Something went wrong on the server")).to_be_visible()
    # The product's stylesheet reached the page: the top bar and the alert box are drawn as elsewhere.
    topbar = page.locator("header.topbar")
    assert topbar.evaluate("el => getComputedStyle(el).display") == "flex"
    alert = page.get_by_role("alert")
    assert alert.evaluate("el => getComputedStyle(el).borderLeftStyle") != "none"

    page.get_by_role("link", name="go back to the conversations").click()
    expect(page).to_have_url(f"{live_server.url}/login/?next=/")
