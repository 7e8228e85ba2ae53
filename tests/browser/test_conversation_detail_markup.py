"""Text from turns, summaries and facts is shown as text, never run as markup, in a real browser."""

import pytest
from playwright.sync_api import expect

from conversations.models import Summary
from facts.models import FactRevision, PinnedFact
from tests.conversations.detail_data import build_conversation

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCRIPT = "<script>alert('script')</script>"
IMG = "<img src=x onerror=\"alert('img')\">"
HTMX_GET = '<div hx-get="/evil-get" hx-trigger="load">hx-get</div>'
HTMX_POST = '<button hx-post="/evil-post" hx-trigger="load">hx-post</button>'
JS_LINK = "<a href=\"javascript:alert('link')\">click me</a>"
PAYLOAD = f"{SCRIPT} {IMG} {HTMX_GET} {HTMX_POST} {JS_LINK}"


@pytest.fixture
def hostile(db):
    conversation = build_conversation(turns=60, title=PAYLOAD)
    turn = conversation.turns.get(seq=31)
    turn.content = f"Please note {PAYLOAD} and ship it."
    turn.tool_calls = [{"name": IMG, "arguments": {"q": SCRIPT}, "result": HTMX_GET}]
    turn.save()
    for kind in ("static", "rolling"):
        Summary.objects.filter(conversation=conversation, kind=kind, version=2).update(
            body=f"Summary {PAYLOAD}", stale_values=[IMG, JS_LINK]
        )
    fact = PinnedFact.objects.create(
        conversation=conversation,
        type="preference",
        key=IMG,
        value=PAYLOAD,
        normalised=SCRIPT,
        source_seq=31,
        span_start=len("Please note "),
        span_end=len("Please note ") + len(PAYLOAD),
        origin=PinnedFact.Origin.EXTRACTOR,
        needs_review=True,
        review_reason=HTMX_POST,
    )
    FactRevision.objects.create(fact=fact, action="extracted", after={"value": PAYLOAD}, reason=JS_LINK)
    return conversation, fact


class TestHostileTextIsShownAsText:
    def test_no_dialog_fires_and_no_request_is_made(self, sign_in, support_user, live_server, hostile):
        conversation, fact = hostile
        page = sign_in(support_user)
        dialogs, requests = [], []
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        page.on("request", lambda request: requests.append(request.url))
        base = f"{live_server.url}/conversations/{conversation.pk}/"

        page.goto(base)
        page.locator(f"#fact-card-{fact.pk} a.source-link").click()
        expect(page.locator("#turn-31 mark")).to_have_text(PAYLOAD)
        page.locator(f"#fact-card-{fact.pk} details.fact-history summary").click()
        page.click("#tab-summaries")
        page.locator("#summary-rolling select[name=from]").select_option("1")
        page.locator("#summary-rolling").get_by_role("button", name="Show diff").click()
        expect(page.locator("#summary-diff-rolling ins")).to_contain_text(SCRIPT)
        page.click("#tab-index")
        page.fill("#query-q", IMG)
        page.press("#query-q", "Enter")
        expect(page.locator("#query-results")).to_contain_text(f"for “{IMG}”")
        page.wait_for_timeout(300)  # give anything that would fire on load the time to

        assert dialogs == []
        assert not [url for url in requests if "evil" in url or url.startswith("javascript:")]
        expect(page.locator(".conversation-title")).to_have_text(PAYLOAD)
        expect(page.locator("#turn-31 .content")).to_contain_text(PAYLOAD)
        expect(page.locator("#turn-31 .tool-call summary")).to_contain_text(IMG)
        expect(page.locator(f"#fact-card-{fact.pk} .fact-key")).to_have_text(IMG)
        expect(page.locator(f"#fact-card-{fact.pk} .review-reason")).to_have_text(HTMX_POST)
        expect(page.locator(f"#fact-card-{fact.pk} .fact-history")).to_contain_text(JS_LINK)
        expect(page.locator("#summary-rolling .summary-body")).to_contain_text(PAYLOAD)
        expect(page.locator("#summary-rolling .summary-review")).to_contain_text(JS_LINK)
        # Nothing of the payload became an element.
        assert page.locator("#transcript img, .derived img, a[href^=javascript]").count() == 0
        assert page.locator("[hx-get='/evil-get'], [hx-post='/evil-post']").count() == 0
        # The staff actions' forms post to this conversation only.
        posts = page.locator("[hx-post]").evaluate_all("els => els.map(e => e.getAttribute('hx-post'))")
        assert posts and all(p.startswith(f"/conversations/{conversation.pk}/") for p in posts)
