"""The audit log as people read it on a laptop: what changed, one value at a time."""

import pytest
from django.urls import reverse

from memadmin.audit import audit_record
from tests.factories import ConversationFactory, PinnedFactFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# How many lines an element's text takes: the distinct tops of its fragments.
LINES = (
    "e => { const r = document.createRange(); r.selectNodeContents(e);"
    " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"
)
SIDEWAYS = "document.documentElement.scrollWidth - window.innerWidth"

SHORT_VALUES = ["0161 496 0732", "0161 496 0733", "15 March 2027", "BK-55120-QZ", "moved_flats"]
ADDRESS = "Flat 9, 44 Quarry Lane, Hebden Bridge HX7 2LB"


@pytest.fixture
def a_change_with_long_keys(support_user):
    """An entry whose keys are long enough to leave its values a narrow column."""
    conversation = ConversationFactory(external_id="chat-4471", title="A landline moved with its owner")
    return audit_record(
        actor=support_user,
        action="memadmin.fact.corrected",
        target=conversation,
        before={"evening_landline": SHORT_VALUES[0], "callback_before": "", "address": "Hebden Bridge"},
        after={
            "evening_landline": SHORT_VALUES[1],
            "callback_before": SHORT_VALUES[2],
            "booking_reference_given": SHORT_VALUES[3],
            "why_it_changed": SHORT_VALUES[4],
            "address": ADDRESS,
        },
        reason="The customer read out the new number twice.",
    )


class TestBeforeAndAfter:
    @pytest.mark.parametrize("width", [1024, 1440])
    def test_a_value_keeps_one_line_and_the_table_fits(
        self, sign_in, support_user, live_server, a_change_with_long_keys, width
    ):
        page = sign_in(support_user)
        page.set_viewport_size({"width": width, "height": 800})

        page.goto(live_server.url + reverse("audit:list"))

        change = page.locator(f"#audit-entry-{a_change_with_long_keys.pk} dl.changes")
        for value in SHORT_VALUES:
            shown = change.locator("del, ins").filter(has_text=value)
            assert shown.evaluate(LINES) == 1, (width, value)
            # ... and inside its column, not over the next one.
            right = shown.evaluate("e => e.getBoundingClientRect().right")
            assert right <= shown.evaluate("e => e.closest('dd').getBoundingClientRect().right") + 0.5, value
        # A long value wraps between its words, starting on its key's line rather than below the arrow.
        address = change.locator("ins", has_text=ADDRESS)
        key = change.locator("dt", has_text="address")
        first_line = address.evaluate("e => Math.round(e.getClientRects()[0].top)")
        assert abs(first_line - key.evaluate("e => Math.round(e.getBoundingClientRect().top)")) <= 2
        assert page.evaluate(SIDEWAYS) == 0
        table = page.locator("table.audit")
        assert table.evaluate("t => t.scrollWidth - t.clientWidth") == 0


class TestWhatAnEntryIsOn:
    @pytest.mark.parametrize("width", [1024, 1440])
    def test_the_conversations_id_keeps_one_line_not_broken_at_its_hyphens(
        self, sign_in, support_user, live_server, a_change_with_long_keys, width
    ):
        conversation = ConversationFactory(external_id="north-wing-boiler-repair-0427", title="Boiler")
        fact = PinnedFactFactory(conversation=conversation, key="job_id", value="JOB-4471")
        entry = audit_record(
            actor=support_user,
            action="memadmin.fact.retracted",
            target=fact,
            before={"status": "active"},
            after={"status": "retracted"},
            reason="Said by mistake.",
        )
        page = sign_in(support_user)
        page.set_viewport_size({"width": width, "height": 800})

        page.goto(live_server.url + reverse("audit:list"))

        shown = page.locator(f"#audit-entry-{entry.pk} td.on .in-conversation code")
        assert shown.inner_text() == "north-wing-boiler-repair-0427"
        assert shown.evaluate(LINES) == 1, width
        assert page.evaluate(SIDEWAYS) == 0
        table = page.locator("table.audit")
        assert table.evaluate("t => t.scrollWidth - t.clientWidth") == 0
