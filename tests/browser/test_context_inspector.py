import os
import re
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from conversations.assembly import context_assemble
from conversations.memory import turns_appended
from facts.models import PinnedFact
from facts.staff import fact_correct
from tests.factories import ConversationFactory, TurnFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The README's screenshot is refreshed only when asked (MEMADMIN_SCREENSHOTS=1).
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

KETTLE = [
    ("user", "Hi, I ordered a kettle last week, order ORD-69591, and it arrived with a cracked lid."),
    ("assistant", "Sorry to hear that. I can see order ORD-69591, delivered on 3 February."),
    ("user", "Can you send the replacement to Flat 2, 109 Beech Crescent, Leeds LS6 2AB?"),
    ("assistant", "Of course. The replacement will go to Flat 2, 109 Beech Crescent, Leeds LS6 2AB."),
    ("user", "I'd rather you emailed me than called, please."),
    ("assistant", "Noted: we'll email you about this order."),
    ("user", "Also, the refund for the delivery fee, £4.99, has it gone through?"),
    ("assistant", "Yes, I've refunded £4.99 to your original card; allow 3 to 5 working days."),
    ("user", "Great. And the case number for all this?"),
    ("assistant", "Your case number is CASE-20417. Quote it if you get in touch again."),
    ("user", 'Thanks. <img src=x onerror="window.pwned=1"> is what your form showed me, by the way.'),
    ("assistant", "Thanks for telling us, we'll pass that to the web team."),
    ("user", "When will the replacement arrive?"),
    ("assistant", "It's booked for Thursday 12 February, between 8am and noon."),
]


def kettle_conversation(settings, external_id="kettle-lid"):
    settings.MEMADMIN_REFRESH_EVERY = 4
    settings.MEMADMIN_RECENT_TURNS = 4
    settings.MEMADMIN_RETRIEVE_K = 3
    conversation = ConversationFactory(external_id=external_id, title="Replacement kettle lid")
    for seq, (role, content) in enumerate(KETTLE, start=1):
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content)
    turns_appended(conversation_id=conversation.pk)
    return conversation


class TestFindAndInspectInTheBrowser:
    def test_support_finds_a_conversation_by_an_order_id_and_opens_it(self, sign_in, support_user, settings):
        conversation = kettle_conversation(settings)
        assert PinnedFact.objects.filter(conversation=conversation, value="ORD-69591").exists()
        ConversationFactory(external_id="another-one")
        page = sign_in(support_user)

        page.fill("#search-q", "ORD-69591")

        table = page.locator("#conversation-table")
        expect(table).to_contain_text("1 conversation matching “ORD-69591”")
        expect(table).not_to_contain_text("another-one")
        page.locator(f"#conversation-row-{conversation.pk} a.open").click()
        expect(page).to_have_url(
            re.compile(re.escape(reverse("conversations:detail", args=[conversation.pk])))
        )

    def test_a_snapshot_shows_each_layer_and_what_a_correction_changes_today(
        self, sign_in, support_user, settings, live_server, tmp_path
    ):
        conversation = kettle_conversation(settings)
        snapshot = context_assemble(
            conversation=conversation, message="Which order is the case CASE-20417 about?"
        )
        dialogs = []
        page = sign_in(support_user)
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.set_viewport_size({"width": 1280, "height": 900})

        page.goto(
            f"{live_server.url}{reverse('conversations:snapshot', args=[conversation.pk, snapshot.pk])}"
        )

        for layer, tokens in snapshot.token_counts.items():
            if layer != "total" and tokens:
                expect(page.locator(f"#tokens-{layer} td.num").first).to_have_text(f"{tokens:,}")
                expect(page.locator(f"#context-bar .seg-{layer}")).to_be_visible()
        expect(page.locator("#token-method")).to_contain_text("exact")
        expect(page.locator("#today-verdict")).to_have_text("Today's memory would send exactly this array.")

        order = PinnedFact.objects.filter(conversation=conversation, value="ORD-69591").earliest("source_seq")
        corrected = fact_correct(
            fact=order, value="ORD-69519", actor=support_user, reason="digits were swapped"
        )
        page.evaluate("window.notReloaded = true")
        page.get_by_role("link", name="Compare again").click()

        expect(page.locator("#today-verdict")).to_contain_text("1 of 7 layers would differ")
        diff = page.locator("#diff-pinned_facts")
        expect(diff.locator("del")).to_contain_text("ORD-69591")
        expect(diff.locator("ins")).to_contain_text("ORD-69519")
        assert page.evaluate("window.notReloaded") is True
        assert page.evaluate("window.pwned") is None
        assert dialogs == []
        folder = DOCS_SCREENSHOTS if os.environ.get("MEMADMIN_SCREENSHOTS") else tmp_path
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(folder / "inspector.png"), full_page=True)

        page.reload()
        sent = page.locator(f"#sent-fact-{order.pk}")
        expect(sent).to_contain_text("superseded")
        sent.locator("a").first.click()  # the fact sent then: its card now is its correction's

        expect(page).to_have_url(
            re.compile(re.escape(reverse("conversations:detail", args=[conversation.pk])))
        )
        card = page.locator(f"#fact-card-{corrected.pk}")
        expect(card).to_be_visible()
        expect(card).to_contain_text("ORD-69519")


class TestTheInspectorByKeyboard:
    def test_tab_skips_the_bars_pictures_for_the_layer_table_that_names_them(
        self, sign_in, support_user, live_server, settings
    ):
        conversation = kettle_conversation(settings)
        snapshot = context_assemble(conversation=conversation, message="Is the lid on its way?")
        page = sign_in(support_user)
        page.goto(live_server.url + reverse("conversations:snapshot", args=[conversation.pk, snapshot.pk]))

        page.get_by_role("link", name="kettle-lid").focus()  # the way back, just above
        page.keyboard.press("Tab")
        # Not a sliver of a bar (a picture, named as a whole, whose parts show no name on focus).
        expect(page.locator("#layer-tokens a").first).to_be_focused()
        assert page.evaluate("document.querySelectorAll('[role=img] a:not([tabindex=\"-1\"])').length") == 0
