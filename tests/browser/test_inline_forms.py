"""Inline actions by keyboard alone: a form that opens in place takes the cursor, and folds back
into the button that opened it, in headless Chromium."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from facts.models import PinnedFact
from tests.conversations.detail_data import build_conversation

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def address_page(sign_in, support_user, live_server):
    conversation = build_conversation(turns=12, facts=2)
    page = sign_in(support_user)
    page.goto(f"{live_server.url}{reverse('conversations:detail', args=[conversation.pk])}?tab=facts")
    fact = PinnedFact.objects.get(conversation=conversation, key="shipping_address", status="active")
    return page, page.locator(f"#fact-card-{fact.pk}")


class TestAnInlineActionTakesTheCursor:
    def test_opening_correct_puts_the_cursor_in_the_value_ready_to_type_over(self, address_page):
        page, card = address_page
        card.locator("summary", has_text="Correct").focus()
        page.keyboard.press("Enter")

        value = card.get_by_label("Right value")
        expect(value).to_be_focused()
        # The value is selected whole: what is typed replaces it.
        page.keyboard.type("9 Mill Lane, Leeds LS2 7AB")
        expect(value).to_have_value("9 Mill Lane, Leeds LS2 7AB")

    def test_an_action_with_only_a_reason_opens_on_its_reason(self, address_page):
        page, card = address_page
        card.locator("summary", has_text="Retract").focus()
        page.keyboard.press("Enter")
        expect(card.locator("input[name=reason]:visible")).to_be_focused()

    def test_the_header_actions_open_on_their_first_field(self, address_page):
        page, _ = address_page
        page.locator("#memory-actions summary", has_text="Re-summarise").focus()
        page.keyboard.press("Enter")
        expect(page.locator("#resummarise-kinds")).to_be_focused()


class TestEscapeOrCancelGivesTheFocusBack:
    def test_escape_folds_the_form_and_returns_to_its_button(self, address_page):
        page, card = address_page
        button = card.locator("summary", has_text="Correct")
        button.focus()
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")  # on to the reason
        expect(card.locator("input[name=reason]:visible")).to_be_focused()

        page.keyboard.press("Escape")
        expect(card.locator("form", has=page.get_by_label("Right value"))).to_be_hidden()
        expect(button).to_be_focused()

    def test_cancel_folds_the_form_and_returns_to_its_button(self, address_page):
        page, card = address_page
        button = card.locator("summary", has_text="Temporary…")
        button.focus()
        page.keyboard.press("Enter")
        cancel = card.get_by_role("button", name="Cancel")
        cancel.focus()
        page.keyboard.press("Enter")
        expect(cancel).to_be_hidden()
        expect(button).to_be_focused()

    def test_escape_in_a_header_action_returns_to_its_button(self, address_page):
        page, _ = address_page
        button = page.locator("#memory-actions summary", has_text="Re-index")
        button.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#reindex-reason")).to_be_focused()
        page.keyboard.press("Escape")
        expect(page.locator("#reindex-reason")).to_be_hidden()
        expect(button).to_be_focused()


class TestAFormSentBackWithAProblem:
    def test_the_form_stays_open_on_the_field_that_says_what_to_fix(self, address_page):
        page, card = address_page
        card.locator("summary", has_text="Temporary…").focus()
        page.keyboard.press("Enter")
        # "until" is chosen and no date typed: the server says what is missing.
        card.locator("input[name=reason]:visible").fill("Staying with a friend for a week")
        page.keyboard.press("Enter")

        until = card.get_by_label("Last day it holds")
        expect(until).to_be_visible()
        expect(until).to_be_focused()
        expect(until).to_have_attribute("aria-invalid", "true")
        expect(until).to_have_accessible_description(
            "Choose the last day it holds, or this conversation only."
        )
        # What was typed is still there to send again.
        expect(card.locator("input[name=reason]:visible")).to_have_value("Staying with a friend for a week")

    @pytest.mark.parametrize("action", ["Correct", "Retract", "Flag for review"])
    def test_an_empty_reason_gets_the_pages_own_words_not_the_browsers_tooltip(self, address_page, action):
        page, card = address_page
        card.locator("summary", has_text=action).focus()
        page.keyboard.press("Enter")
        reason = card.locator("input[name=reason]:visible")
        reason.focus()
        page.keyboard.press("Enter")  # nothing typed: sent, and the server says what is missing

        reason = card.locator("input[name=reason]:visible")
        expect(reason).to_be_focused()
        expect(reason).to_have_attribute("aria-invalid", "true")
        expect(reason).to_have_accessible_description("Say why.")
        expect(card.locator(".field-error")).to_have_text("Say why.")

    def test_an_empty_reason_in_a_header_action_gets_the_pages_own_words(self, address_page):
        page, _ = address_page
        page.locator("#memory-actions summary", has_text="Re-index").click()
        page.locator("#reindex-reason").press("Enter")

        reason = page.locator("#reindex-reason")
        expect(reason).to_be_focused()
        expect(reason).to_have_accessible_description("Say why.")

    def test_a_value_of_spaces_is_refused_on_the_value(self, address_page):
        page, card = address_page
        card.locator("summary", has_text="Correct").focus()
        page.keyboard.press("Enter")
        page.keyboard.type("   ")
        card.locator("input[name=reason]:visible").fill("Typed by mistake")
        page.keyboard.press("Enter")

        value = card.get_by_label("Right value")
        expect(value).to_be_focused()
        expect(value).to_have_accessible_description("Give the right value.")


class TestTheTurnAndItsWords:
    @pytest.mark.parametrize("form", ["pin missed words", "label"])
    def test_the_turn_box_lines_up_with_the_fields_below_it(
        self, sign_in, support_user, qa_user, live_server, form
    ):
        conversation = build_conversation(turns=12, facts=2)
        if form == "label":
            page = sign_in(qa_user)
            page.goto(live_server.url + reverse("qa:label", args=[conversation.pk]))
            fields, words = page.locator("#label-form"), "Words"
        else:
            page = sign_in(support_user)
            page.goto(live_server.url + reverse("conversations:detail", args=[conversation.pk]))
            page.locator("#memory-actions summary", has_text="Pin missed words").click()
            fields, words = page.locator("#add-fact form"), "Selected words"
        page.set_viewport_size({"width": 1024, "height": 800})

        turn = fields.get_by_label("Turn", exact=True)
        expect(turn).to_be_visible()
        below = fields.get_by_label(words, exact=True).bounding_box()
        # The turn's box starts where the boxes under it start, its name where theirs are...
        assert abs(turn.bounding_box()["x"] - below["x"]) <= 1
        label = fields.locator("label", has_text="Turn").first.bounding_box()
        assert abs(label["x"] - fields.locator("label", has_text=words).first.bounding_box()["x"]) <= 1
        # ... and the characters follow it on the same line.
        tops = {
            round(fields.locator(f"[name={name}]").bounding_box()["y"])
            for name in ("source_seq", "span_start", "span_end")
        }
        assert len(tops) == 1, tops

    def test_a_problem_with_pinned_words_takes_the_focus_and_leads_to_its_box(
        self, sign_in, support_user, live_server
    ):
        conversation = build_conversation(turns=12, facts=2)
        page = sign_in(support_user)
        page.goto(live_server.url + reverse("conversations:detail", args=[conversation.pk]))
        page.locator("#memory-actions summary", has_text="Pin missed words").click()
        form = page.locator("#add-fact form")
        expect(form.get_by_label("Type")).to_have_value("")  # no type chosen for the person
        form.get_by_label("Turn", exact=True).fill("1")
        form.get_by_label("Selected words").fill("message")
        expect(form.locator("[name=span_end]")).to_have_value("17")  # found in the turn ("Turn 1: a message")
        form.get_by_label("Type").select_option("identifier")
        form.get_by_label("Key").fill("opening_words")
        form.get_by_label("Why").fill("   ")  # spaces: the browser lets it go, the server does not
        form.get_by_role("button", name="Pin").click()

        problem = page.locator("#add-fact-result .action-error")
        expect(problem).to_be_focused()
        expect(problem).to_have_text("Why: Say why.")
        problem.get_by_role("link", name="Why").click()
        expect(form.get_by_label("Why")).to_be_focused()
