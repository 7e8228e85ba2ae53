import os
import re
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from conversations.services import TurnInput, conversation_get_or_create, turns_append
from memadmin.permissions import Role
from privacy.models import ForgetRequest
from privacy.tasks import forget_execute
from tests.factories import UserFactory
from tests.privacy.conftest import ask

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The README's screenshots are refreshed only when asked (MEMADMIN_SCREENSHOTS=1).
DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
ADDRESS = "22 Larkspur Row, Penzance TR18 4AA"


@pytest.fixture
def screenshots(tmp_path) -> Path:
    folder = DOCS_SCREENSHOTS if os.environ.get("MEMADMIN_SCREENSHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def a_subject():
    for number in range(2):
        conversation, _ = conversation_get_or_create(
            external_id=f"cust-512-chat-{number}", subject_id="cust-512", title="Replacement kettle"
        )
        turns_append(
            conversation=conversation,
            turns=[
                TurnInput(role="user", content="My kettle arrived broken, order ORD-20931."),
                TurnInput(role="assistant", content="Sorry about that, I can send a replacement."),
                TurnInput(role="user", content=f"Please send it to {ADDRESS}."),
                TurnInput(role="assistant", content=f"Done: the replacement goes to {ADDRESS}."),
            ],
        )


class TestForgetPagesInTheBrowser:
    def test_one_officer_asks_another_approves_and_the_receipt_shows_nothing_left(
        self, sign_in, privacy_user, live_server, screenshots
    ):
        a_subject()
        second = UserFactory(username="pia-privacy", roles=[Role.PRIVACY])

        page = sign_in(privacy_user)
        page.goto(f"{live_server.url}/privacy/new/")
        page.get_by_label("A value or phrase, wherever it appears in a subject's conversations").check()
        page.fill("#id_subject_id", "cust-512")
        page.fill("#id_phrases", ADDRESS)
        page.get_by_label("The subject's request for erasure (GDPR art. 17)").check()
        page.fill("#id_reason", "Written request received 2 March, reference PR-118")
        page.screenshot(path=str(screenshots / "forget-new.png"), full_page=True)
        page.get_by_role("button", name="Ask for approval").click()

        expect(page.get_by_role("heading", name="What it will touch (a dry run, now)")).to_be_visible()
        expect(page.get_by_text("a second privacy officer approves it")).to_be_visible()
        expect(page.get_by_role("button", name="Approve and run")).to_have_count(0)
        request = ForgetRequest.objects.get()

        page.get_by_role("button", name="Sign out").click()
        page = sign_in(second)
        page.goto(f"{live_server.url}/privacy/{request.pk}/")
        turns_row = page.locator("#forget-preview tr", has_text="The record")
        expect(turns_row).to_contain_text("4")
        page.screenshot(path=str(screenshots / "forget-preview.png"), full_page=True)
        page.fill("#approve-note", "Identity checked against the account")
        approve = page.get_by_role("button", name="Approve and run")
        # The button says what it does before it is pressed: it runs now, for good.
        expect(approve).to_have_accessible_description(
            re.compile(r"^It runs right away: .* cannot be undone\.$")
        )
        approve.click()

        # The officer is told what was done, at the top, where the keyboard's focus now is.
        confirmation = page.locator("#forget-outcome .confirmation")
        expect(confirmation).to_contain_text("Forgotten for good", timeout=30_000)
        expect(confirmation).to_be_focused()
        expect(page.locator("#forget-outcome")).to_have_attribute("role", "status")
        expect(confirmation).to_contain_text("the scan that followed found nothing left")
        expect(page.get_by_text("Carried out and verified")).to_be_visible()
        expect(
            confirmation.get_by_role("link", name=f"Open the receipt of request #{request.pk}")
        ).to_be_visible()
        page.reload()  # said to the approver once more, but to no one else
        expect(confirmation).to_be_focused()
        page.goto(f"{live_server.url}/privacy/{request.pk}/")
        expect(page.locator("#forget-outcome")).to_have_count(0)
        page.get_by_role("link", name="Receipt", exact=True).click()
        expect(page.get_by_role("heading", name=f"Receipt of forget request #{request.pk}")).to_be_visible()
        expect(page.locator("body")).not_to_contain_text("cust-512")
        expect(page.locator("body")).not_to_contain_text("Larkspur")
        page.screenshot(path=str(screenshots / "forget-receipt.png"), full_page=True)

    def test_the_form_shows_the_fields_each_scope_reads(self, sign_in, privacy_user, live_server):
        page = sign_in(privacy_user)
        page.goto(f"{live_server.url}/privacy/new/")
        subject, conversation = (
            page.get_by_label("Subject id", exact=True),
            page.get_by_label("Conversation", exact=True),
        )
        turns, phrases = page.get_by_label("Turns", exact=True), page.get_by_label("Values or phrases")

        expect(subject).to_be_visible()
        expect(conversation).to_be_hidden()
        expect(turns).to_be_hidden()

        page.get_by_label("Chosen turns of one conversation").check()
        expect(subject).to_be_hidden()
        expect(conversation).to_be_visible()
        expect(turns).to_be_visible()
        expect(phrases).to_be_visible()

        page.get_by_label("One conversation", exact=True).check()
        expect(turns).to_be_hidden()
        expect(conversation).to_be_visible()

    def test_every_problem_shows_at_once_each_beside_its_field(self, sign_in, privacy_user, live_server):
        a_subject()
        page = sign_in(privacy_user)
        page.goto(f"{live_server.url}/privacy/new/")
        page.get_by_label("Chosen turns of one conversation").check()
        page.fill("#id_conversation", "cust-512-chat-0")
        page.fill("#id_turn_seqs", "2, 9")  # the conversation has no turn 9
        page.fill("#id_phrases", "ab")  # too short to look for
        page.fill("#id_deadline", "")
        page.get_by_role("button", name="Ask for approval").click()

        # The form's own checks (the deadline, the reason) and the service's (the turns, the value)
        # in one answer, each under its field.
        errors = page.locator(".forget-form .field.has-error")
        expect(errors).to_have_count(4)
        expect(page.locator(".field-turn_seqs .error")).to_contain_text("has no turn 9")
        expect(page.locator(".field-phrases .error")).to_contain_text("too short to look for")
        expect(page.locator(".field-reason .error")).to_be_visible()
        expect(page.locator(".field-deadline .error")).to_be_visible()
        assert not ForgetRequest.objects.exists()

        page.fill("#id_turn_seqs", "2")
        page.fill("#id_phrases", "")
        page.fill("#id_reason", "Written request received 2 March")
        page.fill("#id_deadline", "2030-01-01")
        page.get_by_role("button", name="Ask for approval").click()
        expect(page.get_by_role("heading", name="What it will touch (a dry run, now)")).to_be_visible()
        assert ForgetRequest.objects.get().turn_seqs == [2]

    def test_a_request_followed_while_it_runs_ends_with_one_status_everywhere(
        self, sign_in, privacy_user, live_server
    ):
        a_subject()
        request = ask(privacy_user, "subject", subject_id="cust-512")
        # Approved and waiting for a worker: the page follows it until it ends.
        ForgetRequest.objects.filter(pk=request.pk).update(status=ForgetRequest.Status.APPROVED)
        page = sign_in(privacy_user)
        page.goto(f"{live_server.url}/privacy/{request.pk}/")
        expect(page.locator("#forget-progress")).to_contain_text("Queued: waiting for a worker")
        expect(page.locator("h1 .status")).to_have_text("approved, queued")

        forget_execute(request.pk)  # a worker takes it

        expect(page.get_by_text("Carried out and verified")).to_be_visible(timeout=15_000)
        expect(page.locator("h1 .status")).to_have_text("completed")
        expect(page.locator("#forget-status")).to_have_count(1)

    def test_an_approval_a_worker_runs_later_is_confirmed_when_it_ends(
        self, sign_in, privacy_user, live_server
    ):
        a_subject()
        second = UserFactory(username="pia-privacy", roles=[Role.PRIVACY])
        request = ask(privacy_user, "subject", subject_id="cust-512")
        # Approved by the second officer and waiting for a worker, as a busy queue leaves it.
        ForgetRequest.objects.filter(pk=request.pk).update(
            status=ForgetRequest.Status.APPROVED, decided_by=second, decided_at=timezone.now()
        )
        page = sign_in(second)
        page.goto(f"{live_server.url}/privacy/{request.pk}/?approved=1")
        confirmation = page.locator("#forget-outcome .confirmation")
        expect(confirmation).to_contain_text("Approved: everything about a subject")
        expect(confirmation).to_contain_text("is being forgotten now")
        expect(confirmation).to_be_focused()
        page.locator("#approve-note, a").first.focus()  # the officer reads on meanwhile
        page.evaluate("document.getElementById('forget-outcome').kept = true")

        forget_execute(request.pk)  # a worker takes it

        expect(page.locator("#request-facts")).to_contain_text("cust-512")
        expect(confirmation).to_contain_text("Forgotten for good", timeout=15_000)
        expect(confirmation).to_be_focused()  # brought back to the outcome once, when it is known
        # The request's own lines follow: the subject id, wiped with the receipt, is gone from them.
        expect(page.locator("#request-facts")).not_to_contain_text("cust-512")
        expect(page.locator("#request-facts")).to_contain_text("Approved by")
        # The same live region, its words changed, so that a screen reader says them.
        assert page.evaluate("document.getElementById('forget-outcome').kept") is True
        confirmation.get_by_role("link", name=f"Open the receipt of request #{request.pk}").click()
        expect(page.get_by_role("heading", name=f"Receipt of forget request #{request.pk}")).to_be_visible()


class TestARequestSentBackWithProblems:
    def test_the_page_opens_on_what_to_fix_and_each_problem_leads_to_its_field(
        self, sign_in, privacy_user, live_server
    ):
        page = sign_in(privacy_user)
        page.goto(f"{live_server.url}/privacy/new/")
        page.get_by_role("button", name="Ask for approval").focus()
        with page.expect_navigation():
            page.keyboard.press("Enter")  # nothing filled in

        problems = page.locator(".error-summary")
        expect(problems).to_be_focused()
        expect(problems).to_have_attribute("role", "alert")
        expect(problems).to_contain_text("Fix these 2 problems")
        expect(problems.get_by_role("link", name="Reason")).to_be_visible()
        assert not ForgetRequest.objects.exists()

        # Tab to a problem, Enter: the cursor is in that field, which is described by its problem.
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        expect(problems.get_by_role("link", name="Reason")).to_be_focused()
        page.keyboard.press("Enter")
        reason = page.locator("#id_reason")
        expect(reason).to_be_focused()
        expect(reason).to_have_attribute("aria-invalid", "true")
        expect(reason).to_have_accessible_description(re.compile(r"Say where the request came from\.$"))
        expect(page.locator("#id_subject_id")).to_have_accessible_description("Give the subject id.")
