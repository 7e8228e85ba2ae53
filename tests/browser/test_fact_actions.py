"""Staff actions on the conversation page, in headless Chromium: correct, undo, temporary, re-summarise."""

import os
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from conversations.assembly import context_assemble
from conversations.memory import turns_appended
from conversations.models import MemoryState
from facts.models import PinnedFact
from facts.staff import fact_correct
from tests.celery_worker import wait_for
from tests.factories import ConversationFactory, TurnFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"

PARCEL = [
    ("user", "Hello, my parcel for order ORD-55120 never arrived."),
    ("assistant", "Sorry about that. I have refunded £32.40 to your card for order ORD-55120."),
    ("user", "Thanks. I'd rather you texted me than called, please."),
    ("assistant", "Noted, we will text you."),
    ("user", "How long will the refund take?"),
    ("assistant", "Three to five working days."),
    ("user", "Great, thank you."),
    ("assistant", "You're welcome. The courier was Speedy Parcels."),
]


@pytest.fixture
def parcel(settings):
    settings.MEMADMIN_REFRESH_EVERY = 4
    conversation = ConversationFactory(external_id="parcel-refund", title="Parcel never arrived")
    for seq, (role, content) in enumerate(PARCEL, start=1):
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content)
    turns_appended(conversation_id=conversation.pk)
    return conversation


def open_page(sign_in, user, live_server, conversation, tab="facts"):
    page = sign_in(user)
    page.set_viewport_size({"width": 1360, "height": 1000})
    page.goto(f"{live_server.url}{reverse('conversations:detail', args=[conversation.pk])}?tab={tab}")
    return page


def screenshot_folder(tmp_path) -> Path:
    folder = DOCS_SCREENSHOTS if os.environ.get("MEMADMIN_SCREENSHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class TestCorrectAFactInTheBrowser:
    def test_support_corrects_sees_the_history_and_the_flagged_summary_then_undoes_it(
        self, sign_in, support_user, live_server, parcel, tmp_path
    ):
        refund = PinnedFact.objects.get(conversation=parcel, key="refund_amount", status="active")
        page = open_page(sign_in, support_user, live_server, parcel)
        page.evaluate("window.notReloaded = true")
        card = page.locator(f"#fact-card-{refund.pk}")

        card.locator("summary", has_text="Correct").click()
        card.get_by_label("Right value").fill("£34.20")
        card.locator("form", has=page.get_by_label("Right value")).get_by_label("Why").fill(
            "The agent refunded the postage too"
        )
        page.screenshot(path=str(screenshot_folder(tmp_path) / "correction.png"))
        card.get_by_role("button", name="Correct").click()
        expect(page.locator(".fact-card .action-done")).to_contain_text("Corrected")

        corrected = PinnedFact.objects.get(conversation=parcel, key="refund_amount", status="active")
        new_card = page.locator(f"#fact-card-{corrected.pk}")
        expect(new_card.locator(".fact-value")).to_have_text("£34.20")
        expect(new_card.locator(".fact-earlier s")).to_have_text("£32.40")
        expect(new_card.locator(".action-done")).to_contain_text(
            re.compile(r"Corrected\s+\d\d:\d\d:\d\d UTC by")
        )
        expect(new_card.locator(".offer", has_text="rolling summary")).to_contain_text(
            "still quotes “£32.40”"
        )
        new_card.locator(".fact-history summary").click()
        expect(new_card.locator(".fact-history")).to_contain_text("The agent refunded the postage too")
        expect(page.locator(f"#fact-card-{refund.pk}")).to_have_count(0)
        page.locator("#tab-summaries").click()
        expect(page.locator("#summary-rolling .summary-review")).to_contain_text("£32.40")

        page.locator("#tab-facts").click()
        new_card.locator("summary", has_text="Undo correction").click()
        new_card.locator("form", has=page.get_by_role("button", name="Undo")).get_by_label("Why").fill(
            "Wrong"
        )
        new_card.get_by_role("button", name="Undo").click()

        restored = page.locator(f"#fact-card-{refund.pk}")
        expect(restored.locator(".fact-value")).to_have_text("£32.40")
        expect(restored.locator(".action-done")).to_contain_text("Correction undone")
        expect(restored.locator(".fact-earlier s")).to_have_text("£34.20")
        assert page.evaluate("window.notReloaded") is True

    def test_an_empty_reason_is_refused_in_place(self, sign_in, support_user, live_server, parcel):
        refund = PinnedFact.objects.get(conversation=parcel, key="refund_amount", status="active")
        page = open_page(sign_in, support_user, live_server, parcel)
        card = page.locator(f"#fact-card-{refund.pk}")
        card.locator("summary", has_text="Correct").click()
        card.get_by_label("Right value").fill("£34.20")
        why = card.locator("form", has=page.get_by_label("Right value")).get_by_label("Why")
        why.fill(" ")  # passes the browser's "required", not the server
        card.get_by_role("button", name="Correct").click()

        expect(page.locator(f"#fact-card-{refund.pk} .field-error")).to_have_text("Say why.")
        assert PinnedFact.objects.get(pk=refund.pk).status == "active"

    def test_qa_sees_no_actions(self, sign_in, qa_user, live_server, parcel):
        page = open_page(sign_in, qa_user, live_server, parcel)

        expect(page.locator(".fact-card").first).to_be_visible()
        expect(page.locator(".fact-action")).to_have_count(0)
        expect(page.locator(".memory-action")).to_have_count(0)


class TestTemporaryPreferenceInTheBrowser:
    def test_marking_it_for_this_conversation_only_changes_the_assembled_context(
        self, sign_in, support_user, live_server, parcel
    ):
        preference = PinnedFact.objects.get(conversation=parcel, type="preference", status="active")
        snapshot = context_assemble(conversation=parcel, message="Can you call me about it?")
        page = open_page(sign_in, support_user, live_server, parcel)
        card = page.locator(f"#fact-card-{preference.pk}")

        card.locator("summary", has_text="Temporary").click()
        form = card.locator("form", has=page.get_by_role("button", name="Mark temporary"))
        form.get_by_label("this conversation only").check()
        form.get_by_label("Why").fill("Only while they are on shift this week")
        form.get_by_role("button", name="Mark temporary").click()
        expect(card.locator(".action-done")).to_contain_text("Marked temporary")
        expect(card.locator(".status-word")).to_contain_text("temporary")

        page.goto(f"{live_server.url}{reverse('conversations:snapshot', args=[parcel.pk, snapshot.pk])}")

        diff = page.locator("#diff-pinned_facts")
        expect(diff.locator("ins")).to_contain_text("temporary, this conversation only")

    def test_a_summary_flagged_for_another_facts_old_value_is_not_offered_on_this_card(
        self, sign_in, support_user, live_server, parcel
    ):
        refund = PinnedFact.objects.get(conversation=parcel, key="refund_amount", status="active")
        fact_correct(fact=refund, value="£34.20", actor=support_user, reason="Postage was refunded too")
        preference = PinnedFact.objects.get(conversation=parcel, type="preference", status="active")
        page = open_page(sign_in, support_user, live_server, parcel)
        card = page.locator(f"#fact-card-{preference.pk}")

        card.locator("summary", has_text="Temporary").click()
        form = card.locator("form", has=page.get_by_role("button", name="Mark temporary"))
        form.get_by_label("this conversation only").check()
        form.get_by_label("Why").fill("Only for this week")
        form.get_by_role("button", name="Mark temporary").click()

        expect(card.locator(".action-done")).to_contain_text("Marked temporary")
        # The refund's old value is no business of the contact preference's card.
        expect(card.locator(".offer")).to_have_count(0)
        page.locator("#tab-summaries").click()
        expect(page.locator("#summary-rolling .summary-review")).to_contain_text("£32.40")


class TestReSummariseInTheBrowser:
    def test_support_re_summarises_and_watches_it_finish_with_a_diff(
        self, sign_in, support_user, live_server, parcel, settings
    ):
        settings.MEMADMIN_TASKS = "thread"  # as without a broker: after the response, in a worker thread
        refund = PinnedFact.objects.get(conversation=parcel, key="refund_amount", status="active")
        fact_correct(fact=refund, value="£34.20", actor=support_user, reason="postage refunded too")
        page = open_page(sign_in, support_user, live_server, parcel)
        before = MemoryState.objects.get(conversation=parcel).version
        expect(page.locator("#memory-state")).to_contain_text(f"memory v{before},")

        page.locator("#memory-actions summary", has_text="Re-summarise").click()
        page.locator("#resummarise-kinds").select_option("rolling")
        page.locator("#resummarise-reason").fill("It still quotes the old refund")
        page.get_by_role("button", name="Re-summarise now").click()

        status = page.locator("#memory-status")
        expect(status).to_have_attribute("data-done", "true")
        expect(status).to_contain_text("Committed")
        # The diff is folded under a line that says what changed; it opens on a click.
        diff = status.locator(".result-diff").first
        # Numbered as the summary's own second version; the memory's own numbers moved on the correction too.
        expect(diff.locator("summary")).to_contain_text("Rolling summary v1 → v2:")
        expect(status).to_contain_text(f"memory v{before} → v{before + 1}")
        expect(diff.locator(".diff-body")).to_be_hidden()
        diff.locator("summary").click()
        expect(diff.locator("ins").first).to_contain_text("corrected by staff: £34.20")
        # The header's state follows: the version in force now, not the one the page opened with.
        after = MemoryState.objects.get(conversation=parcel).version
        assert after > before
        expect(page.locator("#memory-state")).to_contain_text(f"memory v{after},")

    def test_the_focus_stays_on_the_result_from_request_to_finish(
        self, sign_in, support_user, live_server, parcel, settings
    ):
        settings.MEMADMIN_TASKS = "thread"
        page = open_page(sign_in, support_user, live_server, parcel)

        # Keyboard only: the form folds away on submit, so the focus goes to what it started.
        page.locator("#memory-actions summary", has_text="Re-summarise").focus()
        page.keyboard.press("Enter")
        page.locator("#resummarise-reason").fill("The agent asked for a fresh summary")
        page.keyboard.press("Enter")

        status = page.locator("#memory-status")
        expect(status).to_have_attribute("data-done", "true")
        expect(status).to_contain_text("Committed")
        expect(status).to_be_focused()  # followed through each poll, not lost to the page
        page.keyboard.press("Tab")
        expect(status.locator("summary").first).to_be_focused()  # the next stop is its diff

    def test_the_transcript_rules_follow_the_new_watermarks_without_a_reload(
        self, sign_in, support_user, live_server, parcel, settings
    ):
        settings.MEMADMIN_TASKS = "thread"
        # Two turns said since the last refresh: the summaries stop at turn 8.
        TurnFactory(conversation=parcel, seq=9, role="user", content="Could you send the receipt by email?")
        TurnFactory(conversation=parcel, seq=10, role="assistant", content="Sent to the address on file.")
        page = open_page(sign_in, support_user, live_server, parcel)
        rules = page.locator("#transcript .watermark")
        expect(rules).to_have_count(2)
        expect(page.locator("#turn-9")).to_be_visible()
        for rule in rules.all():
            expect(rule).to_contain_text("covers turns 1–8")
        # The rules sit between turns 8 and 9.
        assert page.evaluate("document.querySelector('#turn-9').previousElementSibling.dataset.upto") == "8"

        page.locator("#memory-actions summary", has_text="Re-summarise").click()
        page.locator("#resummarise-reason").fill("Two new turns since the last refresh")
        page.get_by_role("button", name="Re-summarise now").click()
        expect(page.locator("#memory-status")).to_have_attribute("data-done", "true")

        # Without a reload: both rules now say the new versions cover turns 1–10, below turn 10.
        versions = dict(parcel.summaries.order_by("version").values_list("kind", "version"))
        expect(page.locator("#transcript .watermark.kind-static")).to_have_text(
            f"durable summary v{versions['static']} covers turns 1–10"
        )
        expect(page.locator("#transcript .watermark.kind-rolling")).to_have_text(
            f"rolling summary v{versions['rolling']} covers turns 1–10"
        )
        expect(rules).to_have_count(2)
        assert page.evaluate("document.querySelector('#turn-10').nextElementSibling.dataset.upto") == "10"
        assert page.evaluate("document.querySelector('#turn-9').previousElementSibling.id") == "turn-8"

    def test_words_selected_in_a_turn_are_pinned_into_the_facts_list(
        self, sign_in, support_user, live_server, parcel
    ):
        # Opened on another tab: the facts tab comes forward with the new card.
        page = open_page(sign_in, support_user, live_server, parcel, tab="summaries")
        # Select "Speedy Parcels" in turn 8, as a person dragging over the words would.
        page.evaluate(
            """() => {
                const text = document.querySelector("#turn-8 .content").firstChild;
                const start = text.data.indexOf("Speedy Parcels");
                const range = document.createRange();
                range.setStart(text, start);
                range.setEnd(text, start + "Speedy Parcels".length);
                getSelection().removeAllRanges();
                getSelection().addRange(range);
            }"""
        )
        page.locator("#turn-8 .content").dispatch_event("mouseup")

        form = page.locator("#add-fact form")
        expect(form.locator("[name=value]")).to_have_value("Speedy Parcels")
        expect(form.locator("[name=source_seq]")).to_have_value("8")
        form.get_by_label("Type").select_option("identifier")
        form.get_by_label("Key").fill("courier")
        form.get_by_label("Why").fill("The courier was not pinned")
        form.get_by_role("button", name="Pin").click()

        # The new card lands in the facts list, at its place, and says it was pinned; the header
        # keeps only the folded, emptied form.
        expect(page.locator("#facts-panel .action-done")).to_contain_text("Pinned")
        fact = PinnedFact.objects.get(conversation=parcel, key="courier")
        card = page.locator(f"#facts-panel .fact-list #fact-card-{fact.pk}")
        expect(card.locator(".fact-value")).to_have_text("Speedy Parcels")
        expect(card.locator(".action-done")).to_contain_text("Pinned")
        expect(card.locator(".action-done")).to_be_focused()
        expect(page.locator(".detail-head .fact-card")).to_have_count(0)
        expect(page.locator("#add-fact")).not_to_have_attribute("open", "")
        expect(form.locator("[name=value]")).to_have_value("")
        cards = page.locator("#facts-panel .fact-list > .fact-card")
        assert cards.last.get_attribute("id") == f"fact-card-{fact.pk}"  # from turn 8: after the others
        expect(page.locator("#tab-facts")).to_have_attribute("aria-selected", "true")
        expect(page.locator("#facts-count")).to_have_text(
            str(PinnedFact.objects.filter(conversation=parcel, status="active").count())
        )
        turn = "You're welcome. The courier was Speedy Parcels."
        assert (fact.source_seq, fact.span_start, fact.span_end) == (8, turn.index("Speedy"), len(turn) - 1)


class TestFocusAfterAFactAction:
    def test_the_outcome_takes_focus_and_is_announced_keyboard_only(
        self, sign_in, support_user, live_server, parcel, tmp_path
    ):
        refund = PinnedFact.objects.get(conversation=parcel, key="refund_amount", status="active")
        page = open_page(sign_in, support_user, live_server, parcel)
        announcer = page.locator("#page-announcer")
        expect(announcer).to_have_attribute("aria-live", "polite")

        # Correct by keyboard alone: open the action, type, submit with Enter.
        card = page.locator(f"#fact-card-{refund.pk}")
        card.locator("summary", has_text="Correct").focus()
        page.keyboard.press("Enter")
        card.get_by_label("Right value").fill("£34.20")
        page.locator(f"#reason-correct-{refund.pk}").fill("The agent refunded the postage too")
        page.keyboard.press("Enter")
        corrections = PinnedFact.objects.filter(conversation=parcel, key="refund_amount", value="£34.20")
        corrected = wait_for(corrections.first, message="the correction")
        done = page.locator(f"#fact-card-{corrected.pk} .action-done")
        expect(done).to_be_focused()  # on the new card's outcome, not lost to the page
        expect(announcer).to_contain_text("Corrected")
        page.screenshot(path=str(tmp_path / "focus-after-correct.png"))

        # Undo from the keyboard: the focus follows to the card that carries the old value again.
        new_card = page.locator(f"#fact-card-{corrected.pk}")
        new_card.locator("summary", has_text="Undo correction").focus()
        page.keyboard.press("Enter")
        page.locator(f"#reason-undo-{corrected.pk}").fill("Postage was not refunded after all")
        page.keyboard.press("Enter")
        expect(page.locator(f"#fact-card-{refund.pk} .action-done")).to_be_focused()
        expect(announcer).to_contain_text("Correction undone")

        # A refused change: the error takes focus and is announced.
        card = page.locator(f"#fact-card-{refund.pk}")
        PinnedFact.objects.filter(pk=refund.pk).update(updated_at=timezone.now())  # changed by someone else
        card.locator("summary", has_text="Retract").focus()
        page.keyboard.press("Enter")
        page.locator(f"#reason-retract-{refund.pk}").fill("Not a refund after all")
        page.keyboard.press("Enter")
        expect(page.locator(f"#fact-card-{refund.pk} .action-error")).to_be_focused()
        expect(announcer).to_contain_text("The card below shows it as it is now")


class TestTheFactsTabCount:
    def test_retracting_a_fact_lowers_the_count_in_the_tab(self, sign_in, support_user, live_server, parcel):
        refund = PinnedFact.objects.get(conversation=parcel, key="refund_amount", status="active")
        page = open_page(sign_in, support_user, live_server, parcel)
        before = int(page.locator("#facts-count").inner_text())
        card = page.locator(f"#fact-card-{refund.pk}")

        card.locator("summary", has_text="Retract").click()
        page.locator(f"#reason-retract-{refund.pk}").fill("Not a refund after all")
        card.get_by_role("button", name="Retract").click()

        expect(card.locator(".action-done")).to_contain_text("Retracted")
        expect(page.locator("#tab-facts")).to_have_text(f"Facts {before - 1}")


def boxes(buttons) -> list[list[float]]:
    """Where each button sits on the page (not the screen, which may have scrolled to it)."""
    return buttons.evaluate_all(
        "all => all.map(b => { const r = b.getBoundingClientRect(); return [r.x, r.y + scrollY]; })"
    )


class TestAnOpenedActionLeavesTheOthersInPlace:
    @pytest.mark.parametrize("width", [1360, 390])
    def test_correct_opens_its_form_below_the_row_of_buttons(
        self, sign_in, support_user, live_server, parcel, width
    ):
        refund = PinnedFact.objects.get(conversation=parcel, key="refund_amount", status="active")
        page = open_page(sign_in, support_user, live_server, parcel)
        page.set_viewport_size({"width": width, "height": 1000})
        card = page.locator(f"#fact-card-{refund.pk}")
        buttons = card.locator(".action-row summary")
        expect(buttons).to_have_text(["Correct", "Temporary…", "Retract", "Flag for review"])
        before = boxes(buttons)

        buttons.first.click()

        form = card.get_by_label("Right value")
        expect(form).to_be_visible()
        assert boxes(buttons) == before  # not one button moved
        row_bottom = max(box["y"] + box["height"] for box in (b.bounding_box() for b in buttons.all()))
        assert card.locator("details[open] form.action-form").bounding_box()["y"] >= row_bottom
        # Another action swaps its form in for the first: one form open at a time, the buttons still put.
        buttons.nth(2).click()
        expect(card.locator(f"#reason-retract-{refund.pk}")).to_be_visible()
        expect(form).to_be_hidden()
        assert boxes(buttons) == before

    def test_re_summarise_opens_its_form_below_the_headers_buttons(
        self, sign_in, support_user, live_server, parcel
    ):
        page = open_page(sign_in, support_user, live_server, parcel)
        buttons = page.locator("#memory-actions > details > summary")
        expect(buttons).to_have_text(["Re-summarise", "Re-index", "Pin missed words"])
        before = boxes(buttons)
        state = page.locator("#memory-state").bounding_box()

        buttons.first.focus()  # the keyboard opens it as well as the mouse
        page.keyboard.press("Enter")

        expect(page.locator("#resummarise-kinds")).to_be_visible()
        assert boxes(buttons) == before
        assert page.locator("#memory-state").bounding_box()["y"] == state["y"]  # the memory's state too
        row_bottom = max(b.bounding_box()["y"] + b.bounding_box()["height"] for b in buttons.all())
        assert page.locator("#memory-actions details[open] form").bounding_box()["y"] >= row_bottom
