import re

import pytest
from playwright.sync_api import expect

from tests.factories import ConversationFactory, TurnFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class TestConversationListInTheBrowser:
    def test_support_signs_in_and_sees_the_conversations(self, sign_in, support_user, live_server):
        conversation = ConversationFactory(external_id="demo-refund", title="Refund for a damaged kettle")
        TurnFactory(conversation=conversation, seq=1)
        TurnFactory(conversation=conversation, seq=2)

        page = sign_in(support_user)

        expect(page).to_have_url(f"{live_server.url}/")
        row = page.locator(f"#conversation-row-{conversation.pk}")
        expect(row).to_contain_text("demo-refund")
        expect(row).to_contain_text("Refund for a damaged kettle")
        expect(row.locator("td.num")).to_have_text("2")

    def test_typing_a_search_narrows_the_list_without_a_reload(self, sign_in, support_user, live_server):
        ConversationFactory(external_id="lisbon-move", subject_id="cust-1")
        ConversationFactory(external_id="kettle-refund", subject_id="cust-2")
        page = sign_in(support_user)
        page.evaluate("window.notReloaded = true")

        page.fill("#search-q", "lisbon")

        expect(page.locator("#conversation-table")).to_contain_text("1 conversation matching")
        expect(page.locator("#conversation-table")).not_to_contain_text("kettle-refund")
        expect(page).to_have_url(re.compile(r"\?q=lisbon"))
        assert page.evaluate("window.notReloaded") is True

    def test_a_ticket_id_opens_the_conversation_from_any_page(self, sign_in, support_user, live_server):
        wanted = ConversationFactory(external_id="chat-7781", subject_id="cust-40")
        ConversationFactory(external_id="chat-7782", subject_id="cust-41")
        ConversationFactory(external_id="chat-7783", subject_id="cust-41")
        page = sign_in(support_user)
        page.goto(f"{live_server.url}/audit/")

        page.fill("#goto-q", "CHAT-7781")
        with page.expect_navigation():
            page.press("#goto-q", "Enter")

        expect(page).to_have_url(f"{live_server.url}/conversations/{wanted.pk}/")
        expect(page.locator("h1")).to_contain_text("chat-7781")

        # A subject with two conversations lists both, the id still in the search box.
        page.fill("#goto-q", "cust-41")
        with page.expect_navigation():
            page.press("#goto-q", "Enter")

        expect(page.locator("#conversation-table")).to_contain_text("2 conversations matching “cust-41”")
        expect(page.locator("#search-q")).to_have_value("cust-41")

    def test_a_wrong_password_says_so(self, sign_in, support_user):
        page = sign_in(support_user, password="wrong")

        expect(page.locator("[role=alert]")).to_contain_text("did not match")

    def test_a_user_without_a_role_is_refused(self, sign_in, outsider, live_server):
        page = sign_in(outsider)

        response = page.goto(f"{live_server.url}/")

        assert response.status == 403

    def test_markup_in_a_title_is_shown_as_text(self, sign_in, support_user, live_server):
        ConversationFactory(external_id="xss", title='<img src=x onerror="window.pwned=1">')

        page = sign_in(support_user)

        expect(page.locator("#conversation-table")).to_contain_text('<img src=x onerror="window.pwned=1">')
        assert page.evaluate("window.pwned") is None


class TestKeyboardOnTheList:
    def test_slash_puts_the_cursor_in_the_search_box(self, sign_in, support_user, live_server):
        ConversationFactory(external_id="kbd-1")
        page = sign_in(support_user)
        page.locator("body").click(position={"x": 5, "y": 300})

        page.keyboard.press("/")

        expect(page.locator("#search-q")).to_be_focused()
        expect(page.locator("#search-q")).to_have_value("")
        # Typed inside the box, "/" is a character like any other.
        page.keyboard.type("a/b")
        expect(page.locator("#search-q")).to_have_value("a/b")
