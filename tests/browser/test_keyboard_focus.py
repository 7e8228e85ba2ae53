"""Whatever the keyboard reaches shows that it has the focus: a person working without a mouse
always sees where they are."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conversations.detail_data import build_conversation
from tests.privacy.conftest import ask

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABS = 45
# The focused element, and whether it draws an outline or a ring (box-shadow) while it has the focus.
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
  const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.name ? '[' + e.name + ']' : '')
    + ' ' + (e.textContent || '').trim().slice(0, 20);
  return {name, shown: outline || s.boxShadow !== 'none'};
}"""


def unseen_focus(page, url: str) -> list[str]:
    page.goto(url)
    unseen = []
    for _ in range(TABS):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused and not focused["shown"] and focused["name"] not in unseen:
            unseen.append(focused["name"])
    return unseen


class TestTheFocusIsAlwaysShown:
    def test_on_the_support_pages(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=12, facts=3)
        page = sign_in(support_user)
        detail = reverse("conversations:detail", args=[conversation.pk])

        for path in (reverse("conversations:list"), f"{detail}?tab=facts", reverse("audit:list")):
            assert unseen_focus(page, live_server.url + path) == [], path

    def test_on_the_privacy_pages(self, sign_in, privacy_user, live_server):
        conversation = build_conversation(turns=4, facts=1)
        made = ask(privacy_user, "conversation", conversation=conversation)
        page = sign_in(privacy_user)

        for path in (
            reverse("privacy:list"),
            reverse("privacy:new"),
            reverse("privacy:detail", args=[made.pk]),
        ):
            assert unseen_focus(page, live_server.url + path) == [], path


class TestTheKeyboardSkipsWhatRepeats:
    def test_the_first_stop_skips_the_top_bar(self, sign_in, support_user, live_server):
        page = sign_in(support_user)
        page.goto(live_server.url + reverse("audit:list"))
        skip = page.get_by_role("link", name="Skip to the page")
        page.keyboard.press("Tab")
        expect(skip).to_be_focused()
        expect(skip).to_be_in_viewport()  # shown once it has the focus
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        expect(page.get_by_label("Person")).to_be_focused()  # the page's first field, not the bar's links

    def test_beside_the_transcript_a_stop_skips_its_turns_to_the_layers(
        self, sign_in, support_user, live_server
    ):
        conversation = build_conversation(turns=40, facts=3)
        page = sign_in(support_user)
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(live_server.url + reverse("conversations:detail", args=[conversation.pk]))
        skip = page.get_by_role("link", name="Skip to the summaries, facts, index, runs and snapshots")
        page.locator("#memory-actions summary", has_text="Pin missed words").focus()
        shown = page.locator(".to-layers")
        assert shown.bounding_box()["width"] <= 1  # out of the way until the keyboard reaches it
        page.keyboard.press("Tab")
        expect(skip).to_be_focused()
        assert shown.bounding_box()["width"] > 100
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        expect(page.locator("#tab-summaries")).to_be_focused()  # not the forty turns' links first


class TestTheAuditLogsDateBoxes:
    def test_each_is_named_by_what_it_filters(self, sign_in, support_user, live_server):
        page = sign_in(support_user)
        page.goto(live_server.url + reverse("audit:list"))
        # The box shows the day in the browser's language; its name says what it narrows.
        expect(page.locator("input[name=since]")).to_have_accessible_name("Entries made From")
        expect(page.locator("input[name=until]")).to_have_accessible_name(
            "To (entries made that day included)"
        )
        expect(page.get_by_label("From", exact=True)).to_have_count(0)  # a bare "From" says nothing


class TestTheAuditLogsFilterProblems:
    def test_a_problem_is_named_by_the_box_it_is_in(self, sign_in, support_user, live_server):
        page = sign_in(support_user)
        page.goto(live_server.url + reverse("audit:list"))
        page.get_by_role("textbox", name="Conversation").focus()
        page.keyboard.type("no-such-chat")
        page.keyboard.press("Enter")

        problem = page.locator("#audit-table [role=alert]")
        expect(problem).to_contain_text("Conversation: No conversation has the external id “no-such-chat”.")
        expect(problem.locator("code")).to_have_count(0)  # not the address's field name
        expect(
            page.get_by_role("textbox", name="Conversation")
        ).to_be_focused()  # still in the box to correct it
