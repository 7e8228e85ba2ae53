"""Whatever the keyboard reaches shows that it has the focus: a person working without a mouse
always sees where they are."""

import re

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


def open_conversation(page, live_server, *, turns: int, height: int):
    """A conversation of ``turns`` turns, opened on a laptop's screen (1280 wide)."""
    conversation = build_conversation(turns=turns, facts=3)
    page.set_viewport_size({"width": 1280, "height": height})
    page.goto(live_server.url + reverse("conversations:detail", args=[conversation.pk]))
    return page


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
        page = open_conversation(sign_in(support_user), live_server, turns=40, height=900)
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


# What Tab can reach inside the transcript.
TRANSCRIPT_STOPS = """() => [...document.querySelectorAll('#transcript *')]
  .filter(e => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null)
  .map(e => e.id || e.textContent.trim().slice(0, 20))"""


class TestTheTranscriptIsOneTabStop:
    def test_tab_passes_the_turns_in_one_stop_and_the_arrows_go_from_turn_to_turn(
        self, sign_in, support_user, live_server
    ):
        page = open_conversation(sign_in(support_user), live_server, turns=120, height=800)

        # Fifty turns shown (71-120), one stop among them: the first shown.
        assert page.evaluate(TRANSCRIPT_STOPS) == ["jump-seq", "Go", "Load earlier turns", "turn-71"]
        page.get_by_role("link", name="Load earlier turns").focus()
        page.keyboard.press("Tab")
        expect(page.locator("#turn-71")).to_be_focused()
        expect(page.locator("#turn-71")).to_have_accessible_name("Turn 71, user")
        page.keyboard.press("Tab")
        expect(page.locator("#tab-summaries")).to_be_focused()  # past the other 49 turns in one step

        # The arrows move from turn to turn, and the stop goes with them.
        page.keyboard.press("Shift+Tab")
        expect(page.locator("#turn-71")).to_be_focused()
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        expect(page.locator("#turn-73")).to_be_focused()
        expect(page.locator("#turn-73")).to_be_in_viewport()
        page.keyboard.press("ArrowUp")
        expect(page.locator("#turn-72")).to_be_focused()
        page.keyboard.press("End")
        expect(page.locator("#turn-120")).to_be_focused()
        expect(page.locator("#turn-120")).to_be_in_viewport()
        page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        expect(page.locator("#turn-120")).to_be_focused()  # back where the person left the transcript
        assert page.evaluate(TRANSCRIPT_STOPS)[-1] == "turn-120"
        assert len(page.evaluate(TRANSCRIPT_STOPS)) == 4
        page.keyboard.press("Home")
        expect(page.locator("#turn-71")).to_be_focused()

    def test_a_turns_tool_calls_are_stops_only_while_it_is_the_stop(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=12, facts=3)
        page = sign_in(support_user)
        page.goto(live_server.url + reverse("conversations:detail", args=[conversation.pk]) + "?seq=2")

        # A deep link opens on its turn, which is the stop.
        expect(page.locator("#turn-2")).to_have_attribute("tabindex", "0")
        assert "lookup_order" not in " ".join(page.evaluate(TRANSCRIPT_STOPS))
        page.locator("#turn-2").focus()
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        expect(page.locator("#turn-4")).to_be_focused()
        page.keyboard.press("Tab")
        expect(page.locator("#turn-4 .tool-call summary")).to_be_focused()  # the turn's own tool call
        page.keyboard.press("Enter")
        expect(page.locator("#turn-4 .tool-call[open]")).to_have_count(0)  # folded

    def test_a_turns_number_still_links_to_it(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=120, facts=3)
        page = sign_in(support_user)
        detail = reverse("conversations:detail", args=[conversation.pk])
        page.goto(live_server.url + detail)

        with page.expect_navigation():
            page.locator("#turn-75 a.seq").click()
        expect(page).to_have_url(f"{live_server.url}{detail}?seq=75#turn-75")
        expect(page.locator("#turn-75")).to_have_class(re.compile("is-target"))
        expect(page.locator("#turn-75")).to_have_attribute("tabindex", "0")
        page.goto(f"{live_server.url}{detail}?seq=40#turn-40")
        expect(page.locator("#turn-40")).to_be_in_viewport()
        expect(page.locator("#turn-40")).to_have_attribute("tabindex", "0")
