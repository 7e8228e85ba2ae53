"""When an action from the page is refused or cannot reach the server, the page says so and what to do."""

import pytest
from django.contrib.auth.models import Group
from django.contrib.sessions.models import Session
from playwright.sync_api import expect

from facts.models import PinnedFact
from tests.browser.test_fact_actions import open_page, parcel  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def correcting(sign_in, support_user, live_server, parcel):  # noqa: F811
    """A support person halfway through correcting the parcel's refund: (the fact, the page, its card)."""
    refund = PinnedFact.objects.get(conversation=parcel, key="refund_amount", status="active")
    page = open_page(sign_in, support_user, live_server, parcel)
    card = page.locator(f"#fact-card-{refund.pk}")
    card.locator("summary", has_text="Correct").click()
    card.get_by_label("Right value").fill("£34.20")
    card.locator("form", has=page.get_by_label("Right value")).get_by_label("Why").fill("postage too")
    return refund, page, card


class TestAnActionThatIsNotDone:
    def test_a_refusal_says_which_role_is_needed_and_that_nothing_changed(self, correcting, support_user):
        refund, page, card = correcting
        # Meanwhile an administrator takes the support role away.
        support_user.groups.remove(Group.objects.get(name="support"))

        card.get_by_role("button", name="Correct").click()

        problem = page.locator("#request-problem")
        expect(problem).to_be_visible()
        expect(problem).to_contain_text("This needs the support or admin role.")
        expect(problem).to_contain_text("Nothing was changed.")
        expect(problem).to_be_focused()
        refund.refresh_from_db()
        assert refund.value != "£34.20" and refund.status == "active"
        problem.get_by_role("button", name="Dismiss").click()
        expect(problem).to_be_hidden()

    def test_a_session_that_ended_goes_to_the_sign_in_form_and_back(self, correcting, live_server, parcel):  # noqa: F811
        _, page, card = correcting
        Session.objects.all().delete()  # the session expired, or was ended elsewhere

        card.get_by_role("button", name="Correct").click()

        expect(page).to_have_url(
            f"{live_server.url}/login/?next=%2Fconversations%2F{parcel.pk}%2F%3Ftab%3Dfacts"
        )
        expect(page.locator("#id_username")).to_be_visible()
        assert page.locator(".fact-card").count() == 0  # the sign-in page is the whole page, not a card

    def test_a_server_out_of_reach_is_said(self, correcting):
        _, page, card = correcting
        page.route("**/facts/**", lambda route: route.abort("connectionrefused"))

        card.get_by_role("button", name="Correct").click()

        expect(page.locator("#request-problem")).to_contain_text("The server could not be reached")

    def test_a_form_older_than_the_sign_in_says_to_reload(self, correcting):
        _, page, card = correcting
        page.context.clear_cookies()  # its security token with it

        card.get_by_role("button", name="Correct").click()

        expect(page.locator("#request-problem")).to_contain_text(
            "Reload the page (signing in again if asked)"
        )
