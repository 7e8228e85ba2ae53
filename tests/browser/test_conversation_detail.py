import io
import json
import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from conversations import memory
from conversations.demo import SCENARIO_IDS, demo_conversations
from conversations.models import Conversation, RefreshRun
from conversations.transfer import conversations_import
from facts.models import PinnedFact
from tests.conversations.detail_data import build_conversation

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The README's screenshots are refreshed only when asked (MEMADMIN_SCREENSHOTS=1), so that a
# test run leaves the working tree as it found it.
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def screenshots(tmp_path) -> Path:
    folder = DOCS_SCREENSHOTS if os.environ.get("MEMADMIN_SCREENSHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def load_demo(external_id: str) -> Conversation:
    """One demo conversation, imported and refreshed as the chat service's turns would be."""
    record = next(r for r in demo_conversations() if r["external_id"] == external_id)
    conversations_import(stream=io.BytesIO(json.dumps(record).encode() + b"\n"), derive=False)
    conversation = Conversation.objects.get(external_id=external_id)
    # Two refreshes, so the summaries have a previous version to compare with.
    memory.memory_refresh(
        conversation_id=conversation.pk, trigger=RefreshRun.Trigger.BOUNDARY, target_upto_seq=200
    )
    memory.turns_appended(conversation_id=conversation.pk)
    return conversation


def detail_url(live_server, conversation, query: str = "") -> str:
    return f"{live_server.url}/conversations/{conversation.pk}/{query}"


class TestConversationPageInTheBrowser:
    def test_the_long_demo_conversation_reads_and_is_screenshotted(
        self, sign_in, support_user, live_server, screenshots
    ):
        conversation = load_demo(SCENARIO_IDS["long_address_change"])
        page = sign_in(support_user)
        page.set_viewport_size({"width": 1440, "height": 900})

        page.goto(detail_url(live_server, conversation))

        expect(page.locator("#turn-240")).to_be_visible()
        expect(page.locator(".watermark").first).to_contain_text("covers turns 1–240")
        expect(page.locator("#tab-facts")).to_have_attribute("aria-selected", "true")
        page.screenshot(path=str(screenshots / "detail.png"))
        page.click("#tab-runs")
        expect(page.locator("#runs-panel")).to_contain_text("committed")
        page.click("#tab-snapshots")
        expect(page.locator("#snapshots-panel")).to_contain_text("No snapshots yet")
        page.click("#tab-runs")
        page.screenshot(path=str(screenshots / "detail-runs.png"))

    def test_a_fact_source_link_highlights_the_exact_words(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=120)
        fact = PinnedFact.objects.get(conversation=conversation, key="shipping_address", status="active")
        page = sign_in(support_user)
        page.goto(detail_url(live_server, conversation))
        expect(page.locator("#turn-31")).to_have_count(0)  # outside the opening window

        page.locator(f"#fact-card-{fact.pk} a.source-link").click()

        mark = page.locator("#turn-31 mark")
        expect(mark).to_have_text("118 Station Road, Norwich NR2 2HR")
        expect(mark).to_be_in_viewport()
        expect(page).to_have_url(re.compile(rf"seq=31&mark={fact.pk}"))

    def test_load_earlier_turns_and_jump_to_a_turn(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=120)
        page = sign_in(support_user)
        page.goto(detail_url(live_server, conversation))
        page.evaluate("window.notReloaded = true")

        page.get_by_role("link", name="Load earlier turns").click()

        expect(page.locator("#turn-21")).to_be_attached()
        expect(page.locator("#turn-120")).to_be_attached()
        page.fill("#jump-seq", "5")
        page.press("#jump-seq", "Enter")
        expect(page.locator("#turn-5")).to_have_class(re.compile("is-target"))
        expect(page.locator("#turn-5")).to_be_in_viewport()
        page.get_by_role("link", name="Load later turns").click()
        expect(page.locator("#turn-100")).to_be_attached()
        expect(page.locator("#load-later")).to_contain_text("after turn 100")
        assert page.evaluate("window.notReloaded") is True

    def test_more_turns_focus_the_first_new_turn_and_say_which(
        self, sign_in, support_user, live_server, htmx_settled
    ):
        conversation = build_conversation(turns=120)
        page = sign_in(support_user)
        page.goto(detail_url(live_server, conversation))
        first_shown = int(page.locator("#transcript .turn").first.get_attribute("data-seq"))

        page.get_by_role("link", name="Load earlier turns").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#transcript .turn").first).to_be_focused()
        earliest = int(page.locator("#transcript .turn").first.get_attribute("data-seq"))
        assert earliest < first_shown
        expect(page.locator("#page-announcer")).to_have_text(f"Turns {earliest}–{first_shown - 1} loaded")

        page.fill("#jump-seq", "5")
        with htmx_settled():
            page.press("#jump-seq", "Enter")
        expect(page.locator("#turn-5")).to_have_class(re.compile("is-target"))
        last_shown = int(page.locator("#transcript .turn").last.get_attribute("data-seq"))
        page.get_by_role("link", name="Load later turns").focus()
        page.keyboard.press("Enter")
        expect(page.locator(f"#turn-{last_shown + 1}")).to_be_focused()
        expect(page.locator("#page-announcer")).to_contain_text(f"Turns {last_shown + 1}–")

    def test_the_keyboard_moves_between_turns_and_jumps(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=120)
        page = sign_in(support_user)
        page.goto(detail_url(live_server, conversation, "?seq=40"))

        page.keyboard.press("j")
        page.keyboard.press("j")
        expect(page.locator("#turn-42")).to_have_class(re.compile("is-current"))
        page.keyboard.press("k")
        expect(page.locator("#turn-41")).to_have_class(re.compile("is-current"))
        for key in "g7":
            page.keyboard.press(key)
        page.keyboard.press("Enter")
        expect(page.locator("#turn-7")).to_be_in_viewport()
        page.keyboard.press("f")
        expect(page.locator("#panel-facts")).to_be_visible()
        expect(page.locator("#facts-panel .fact-card").first).to_be_focused()

    def test_a_turn_past_the_last_is_refused_in_the_pages_own_words(
        self, sign_in, support_user, live_server, htmx_settled
    ):
        conversation = build_conversation(turns=120)
        page = sign_in(support_user)
        page.goto(detail_url(live_server, conversation, "?seq=40"))
        box = page.locator("#jump-seq")
        error = page.locator("#jump-error")

        # Typed and sent with Enter: the box says why, the cursor stays in it, the page stays.
        box.fill("500")
        with htmx_settled():
            box.press("Enter")
        expect(error).to_have_text("No turn 500: this conversation has 120 turns.")
        expect(error).to_have_attribute("role", "alert")
        expect(box).to_be_focused()
        expect(box).to_have_attribute("aria-describedby", "jump-error")
        expect(box).to_have_value("500")
        expect(page).to_have_url(re.compile(r"\?seq=40$"))
        expect(page.locator("#turn-40")).to_have_class(re.compile("is-target"))

        # Below the first turn, by the mouse: the same box, the same kind of words.
        box.fill("0")
        with htmx_settled():
            page.get_by_role("button", name="Go").click()
        expect(error).to_have_text("Type a turn number from 1 to 120.")

        # By the keys, g then a number: the same.
        box.blur()
        for key in "g999":
            page.keyboard.press(key)
        with htmx_settled():
            page.keyboard.press("Enter")
        expect(error).to_have_text("No turn 999: this conversation has 120 turns.")
        expect(box).to_be_focused()

        # A turn that is there goes to it, and the words go.
        box.fill("7")
        with htmx_settled():
            box.press("Enter")
        expect(page.locator("#turn-7")).to_have_class(re.compile("is-target"))
        expect(error).to_have_count(0)

    def test_without_javascript_the_links_still_work(self, browser, live_server, support_user):
        conversation = build_conversation(turns=120)
        fact = PinnedFact.objects.get(conversation=conversation, key="shipping_address", status="active")
        context = browser.new_context(java_script_enabled=False)
        page = context.new_page()
        page.goto(f"{live_server.url}/login/")
        page.fill("#id_username", support_user.username)
        page.fill("#id_password", "correct horse battery staple")
        page.click("button[type=submit]")
        page.goto(detail_url(live_server, conversation))

        page.locator(f"#fact-card-{fact.pk} a.source-link").click()
        expect(page.locator("#turn-31 mark")).to_have_text("118 Station Road, Norwich NR2 2HR")
        page.fill("#jump-seq", "90")
        page.press("#jump-seq", "Enter")
        expect(page).to_have_url(re.compile(r"\?seq=90#turn-90$"))
        expect(page.locator("#turn-90")).to_have_class(re.compile("is-target"))
        page.fill("#jump-seq", "121")
        page.press("#jump-seq", "Enter")
        expect(page.locator("#jump-error")).to_have_text("No turn 121: this conversation has 120 turns.")
        context.close()

    def test_test_a_query_shows_ranks_and_links_to_the_turn(
        self, sign_in, support_user, live_server, screenshots
    ):
        conversation = load_demo(SCENARIO_IDS["long_address_change"])
        page = sign_in(support_user)
        page.set_viewport_size({"width": 1440, "height": 900})
        page.goto(detail_url(live_server, conversation))
        page.evaluate("window.notReloaded = true")

        page.keyboard.press("/")
        expect(page.locator("#panel-index")).to_be_visible()
        expect(page.locator("#query-q")).to_be_focused()
        expect(page.locator("#index-figures")).to_contain_text("240 / 240 turns")
        page.keyboard.type("Station Road")
        page.keyboard.press("Enter")

        rows = page.locator("#query-results tbody tr")
        expect(rows.first).to_contain_text("shares the words")
        expect(rows.first.locator("td.lexical-rank")).to_have_text(re.compile(r"^\d+$"))
        # The fused score, plus the turn terms (a longer turn gains a little): above 1 at times.
        expect(rows.first.locator("td.fused")).to_have_text(re.compile(r"^\d\.\d{4}$"))
        page.screenshot(path=str(screenshots / "detail-query.png"))
        rows.first.locator("a").first.click()
        expect(page.locator("#transcript .turn.is-target")).to_be_in_viewport()
        assert page.evaluate("window.notReloaded") is True

    def test_summaries_tab_shows_the_diff_between_versions(
        self, sign_in, support_user, live_server, screenshots
    ):
        conversation = load_demo(SCENARIO_IDS["long_address_change"])
        page = sign_in(support_user)
        page.set_viewport_size({"width": 1440, "height": 900})
        page.goto(detail_url(live_server, conversation))

        page.click("#tab-summaries")

        expect(page).to_have_url(re.compile(r"tab=summaries"))
        panel = page.locator("#summary-rolling")
        expect(panel).to_contain_text("covers turns 1–240")
        panel.locator("select[name=from]").select_option("1")
        panel.locator("select[name=to]").select_option("2")
        panel.get_by_role("button", name="Show diff").click()
        expect(page.locator("#summary-diff-rolling details")).to_have_attribute("open", "")
        expect(page.locator("#summary-diff-rolling")).to_contain_text("v1 → v2")
        page.screenshot(path=str(screenshots / "detail-summaries.png"))

    def test_fact_statuses_read_in_words(self, sign_in, support_user, live_server, screenshots):
        conversation = build_conversation(turns=120, staff=support_user)
        today = timezone.localdate()
        made = {
            "temporary": dict(status="temporary", temporary_until=today + timedelta(days=5)),
            "expired": dict(status="temporary", temporary_until=today - timedelta(days=2)),
            "this conversation only": dict(status="temporary"),
            "retracted": dict(status="retracted"),
            "needs review": dict(needs_review=True, review_reason="Two phone numbers; which one is current?"),
        }
        cards = {}
        for word, fields in made.items():
            fact = PinnedFact.objects.create(
                conversation=conversation,
                type="preference",
                key=f"contact_{word.replace(' ', '_')}",
                value=f"text me, {word}",
                source_seq=40,
                origin="extractor",
                **fields,
            )
            cards[word] = f"#fact-card-{fact.pk}"
        page = sign_in(support_user)
        page.set_viewport_size({"width": 1440, "height": 1100})

        # Every fact, the retracted and expired ones too (the panel opens on the current ones).
        page.goto(detail_url(live_server, conversation, "?facts=all"))

        until = (today + timedelta(days=5)).strftime("%-d %b %Y")
        expect(page.locator(cards["temporary"] + " .status-word")).to_have_text(f"temporary until {until}")
        expect(page.locator(cards["expired"] + " .status-word")).to_contain_text("expired")
        expect(page.locator(cards["this conversation only"] + " .status-word")).to_have_text(
            "temporary · this conversation only"
        )
        expect(page.locator(cards["retracted"] + " .fact-value s")).to_have_text("text me, retracted")
        expect(page.locator(cards["needs review"] + " .badge.review")).to_have_text("needs review")
        expect(page.locator(".badge.staff").first).to_have_text("staff · sam-support")
        expect(page.locator("#tab-facts")).to_have_text("Facts 5")
        page.locator("#facts-panel").screenshot(path=str(screenshots / "detail-facts.png"))


class TestAPanelsFilterAndPagesByKeyboard:
    def test_the_chosen_filter_keeps_the_focus_and_says_what_is_shown(
        self, sign_in, support_user, live_server
    ):
        conversation = build_conversation(turns=12, facts=3)  # one address superseded: 2 cards, both current
        page = sign_in(support_user)
        page.goto(detail_url(live_server, conversation, "?tab=facts"))
        filters = page.get_by_role("navigation", name="Which facts")

        expect(filters.get_by_role("link", name="Current 2")).to_have_attribute("aria-current", "true")
        filters.get_by_role("link", name="All 2").focus()
        page.keyboard.press("Enter")
        chosen = filters.get_by_role("link", name="All 2")
        expect(chosen).to_have_attribute("aria-current", "true")
        expect(chosen).to_be_focused()  # the panel was replaced, the focus was not lost with it
        expect(page.locator("#page-announcer")).to_have_text("Showing: All 2")
        page.keyboard.press("Tab")
        expect(filters.get_by_role("link", name="Needs review 0")).to_be_focused()  # on from where it was

    def test_the_next_page_keeps_the_focus_on_the_pager_and_says_which_page(
        self, sign_in, support_user, live_server
    ):
        conversation = build_conversation(turns=12, facts=3)  # three refresh runs
        for number in range(3, 18):
            RefreshRun.objects.create(
                conversation=conversation,
                trigger=RefreshRun.Trigger.BOUNDARY,
                started_version=number,
                target_upto_seq=10,
                outcome=RefreshRun.Outcome.COMMITTED,
                duration_ms=90,
                finished_at=timezone.now(),
            )
        page = sign_in(support_user)
        page.goto(detail_url(live_server, conversation, "?tab=runs"))
        pager = page.locator("#runs-panel").get_by_role("navigation", name="Pages")

        pager.get_by_role("link", name="Next →").focus()
        page.keyboard.press("Enter")
        expect(pager).to_contain_text("Page 2 of 2")
        # The last page has no "Next": the focus is on the way back, not lost to the page.
        expect(pager.get_by_role("link", name="← Previous")).to_be_focused()
        expect(page.locator("#page-announcer")).to_have_text("Page 2 of 2")
