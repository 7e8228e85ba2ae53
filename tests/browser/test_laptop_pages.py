"""Pages on a small laptop (1024 px) as people read them every day: headings, values and ids whole,
a turn's link beside its words, lists filtered by one row of pills, in headless Chromium."""

import re

import pytest
from django.urls import reverse

from memadmin.permissions import Role
from qa.models import Finding
from qa.runs import evaluation_run_execute, evaluation_run_request
from tests.browser.test_narrow_screens import open_on_a_small_laptop
from tests.factories import ConversationFactory, PinnedFactFactory, TurnFactory, UserFactory
from tests.privacy.conftest import ask
from tests.qa import scenario
from tests.qa.scenario import label, turns_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1024, "height": 768}
# How many lines an element's text takes: the distinct tops of its fragments.
LINES = (
    "e => { const r = document.createRange(); r.selectNodeContents(e);"
    " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"
)
# The boxes of ``words`` where they are said inside an element: [{top, left, right}, ...], one a line.
WORD_BOXES = """(element, words) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.data.indexOf(words);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + words.length);
        return [...range.getClientRects()].map(b => ({top: Math.round(b.top), left: b.left, right: b.right}));
    }
    return null;
}"""
SIDEWAYS = "document.documentElement.scrollWidth - window.innerWidth"


def word_boxes(locator, words: str) -> list[dict]:
    boxes = locator.evaluate(WORD_BOXES, words)
    assert boxes, words
    return boxes


class TestTheConversationList:
    def test_an_id_keeps_one_line_and_a_cut_one_is_whole_in_its_title(
        self, sign_in, support_user, live_server
    ):
        long = ConversationFactory(
            external_id="kitchen-refit-deposit-and-fitting-dates-second-visit",
            title="Kitchen refit: the deposit, then the fitting dates moved",
        )
        short = ConversationFactory(external_id="boiler-visit-9", title="Boiler visit")
        for conversation in (long, short):
            turns_of(conversation, [("user", "The fitter can come on Tuesday.")])
        page = sign_in(support_user)
        page.set_viewport_size(LAPTOP)

        page.goto(live_server.url + reverse("conversations:list"))

        for conversation in (long, short):
            link = page.locator(f"#conversation-row-{conversation.pk} td.id a")
            assert link.locator("code").evaluate(LINES) == 1, conversation.external_id
            assert link.get_attribute("title") == conversation.external_id
        # An id the column has room for is shown whole, not cut.
        shown = page.locator(f"#conversation-row-{short.pk} td.id code")
        assert shown.evaluate("c => c.scrollWidth <= c.clientWidth")
        assert page.evaluate(SIDEWAYS) == 0


class TestTheLabellingQueue:
    def test_its_headings_keep_one_line_each(self, sign_in, qa_user, live_server):
        conversation = ConversationFactory(
            external_id="boiler-service-visit-moved-twice",
            title="Boiler service visit moved twice, then missed",
        )
        turns_of(conversation, [("user", "The engineer came at 4pm, not 9am.")])
        page = sign_in(qa_user)
        page.set_viewport_size(LAPTOP)

        page.goto(live_server.url + reverse("qa:queue"))

        headings = page.locator("table.queue thead th").all()
        assert "Annotators done" in [th.inner_text() for th in headings]
        for th in headings:
            assert th.evaluate(LINES) <= 1, th.inner_text()
        assert page.evaluate(SIDEWAYS) == 0


class TestTheLabellingPage:
    def test_a_long_values_turn_follows_its_last_word(self, sign_in, qa_user, live_server):
        address = "Flat 3, 27 Harbour View Terrace, Saltburn-by-the-Sea TS12 1AB"
        conversation = ConversationFactory(external_id="sea-view-move")
        turns_of(
            conversation,
            [("user", "Hello, I have moved."), ("user", f"From Monday, please send my post to {address}.")],
        )
        label(conversation, qa_user, "address", "postal_address", 2, address)
        page = sign_in(qa_user)
        page.set_viewport_size(LAPTOP)

        page.goto(live_server.url + reverse("qa:label", args=[conversation.pk]))

        row = page.locator("#labels-panel ul.labels li").first
        end = word_boxes(row, address)[-1]
        link = row.get_by_role("link", name="turn 2")
        assert link.evaluate(LINES) == 1
        link_top = link.evaluate("a => Math.round(a.getClientRects()[0].top)")
        # On the value's last line, or on the next only when that line has no room left for it.
        if link_top != end["top"]:
            room = row.locator(".label-text").bounding_box()
            assert end["right"] + link.bounding_box()["width"] > room["x"] + room["width"], (end, link_top)


class TestTheTranscript:
    def test_a_tool_calls_values_stay_whole_and_a_wrapped_line_goes_on_under_its_value(
        self, sign_in, support_user, live_server
    ):
        page = open_on_a_small_laptop(sign_in(support_user), live_server, turns=12, facts=2)
        conversation_url = page.url
        conversation_id = int(conversation_url.rstrip("/").split("/")[-1])
        TurnFactory(
            conversation_id=conversation_id,
            seq=13,
            role="assistant",
            content="Your seat is booked.",
            tool_calls=[
                {
                    "name": "reserve_seat",
                    "arguments": {"booking_reference": "BKG-2291-XQ-77", "coach": "C"},
                    "result": {"seat_reservation_code": "CAR-7-SEAT-42B", "departs": "2026-04-18T07:45:00Z"},
                }
            ],
        )
        page.goto(f"{conversation_url}?seq=13")

        call = page.locator("#turn-13 .tool-call")
        for value in ('"BKG-2291-XQ-77"', '"CAR-7-SEAT-42B"', '"2026-04-18T07:45:00Z"'):
            assert len({box["top"] for box in word_boxes(call, value)}) == 1, value
        # The line is too long for the column: its value goes on under itself, not back at the margin.
        key = word_boxes(call, '"seat_reservation_code"')[0]
        value = word_boxes(call, '"CAR-7-SEAT-42B"')[0]
        assert value["top"] > key["top"]
        assert value["left"] > key["left"]
        assert page.evaluate(SIDEWAYS) == 0


# Where an element's first box starts, against the start and first line of its paragraph.
AT_LINE_START = """e => { const p = e.closest('p').getBoundingClientRect(), b = e.getClientRects()[0];
    return b.top > p.top + 2 && b.left - p.left < 2; }"""


class TestTheLayers:
    def test_a_models_name_keeps_one_line(self, sign_in, support_user, live_server):
        page = open_on_a_small_laptop(sign_in(support_user), live_server, turns=40, facts=1, tab="facts")
        conversation_id = int(re.search(r"/conversations/(\d+)/", page.url)[1])
        # Source lines one repeated turn longer each: the extractor's name moves along its line, so that on
        # some card the line ends inside it.
        for repeats in range(12):
            PinnedFactFactory(
                conversation_id=conversation_id,
                source_seq=2,
                source_seqs=[2, *range(10, 10 + repeats)],
                model="local-rules-1",
            )
        page.reload()

        models = page.locator("#facts-panel .fact-source .model").all()
        assert len(models) > 12
        for model in models:
            assert model.evaluate(LINES) == 1, model.inner_text()
        # Where the line ended inside a name, the whole name went on to the next line.
        assert any(model.evaluate(AT_LINE_START) for model in models)
        page.locator(".tabs a", has_text="Index").click()
        model = page.locator("#index-figures code")
        assert "-" in model.inner_text()
        assert model.evaluate(LINES) == 1, model.inner_text()


class TestTheHeaderActions:
    def test_the_summaries_list_is_as_wide_as_its_choices(self, sign_in, support_user, live_server):
        page = open_on_a_small_laptop(sign_in(support_user), live_server, turns=12, facts=2)

        page.locator("#memory-actions summary", has_text="Re-summarise").click()

        kinds = page.locator("#resummarise-kinds")
        widest = kinds.evaluate(
            """s => { const c = document.createElement('canvas').getContext('2d');
                      c.font = getComputedStyle(s).font;
                      return Math.max(...[...s.options].map(o => c.measureText(o.text).width)); }"""
        )
        assert kinds.bounding_box()["width"] <= widest + 60  # the text, its padding and the arrow
        assert page.locator("#resummarise-reason").bounding_box()["width"] > 2 * kinds.bounding_box()["width"]


class TestARunsFindings:
    def test_each_turn_link_and_length_keeps_one_line(self, sign_in, qa_user, admin_user, live_server):
        scenario.build(qa_user, UserFactory(username="quentin-qa", roles=[Role.QA]), admin_user)
        run = evaluation_run_request(actor=qa_user, source="stored")
        evaluation_run_execute(run_id=run.pk)
        # A miss that leaves the other columns little room: a long id, key and value.
        long = ConversationFactory(external_id="kitchen-refit-deposit-and-fitting-dates")
        Finding.objects.create(
            run=run,
            conversation=long,
            external_id=long.external_id,
            kind=Finding.Kind.MISSED,
            type="commitment",
            key="written_quote_promised",
            value="I'll email you the written quote with the fitting dates before Friday",
            source_seq=11,
            turns=31,
        )
        page = sign_in(qa_user)
        page.set_viewport_size(LAPTOP)

        page.goto(live_server.url + reverse("qa:run", args=[run.pk]))

        pieces = page.locator("table.findings .turn-link, table.findings td.conversation .muted").all()
        assert pieces
        for piece in pieces:
            assert piece.evaluate(LINES) == 1, piece.inner_text()


class TestForgetRequests:
    # How wide the id is on one line, and the room its cell gives it.
    WIDTHS = """c => { const td = c.closest('td'), s = getComputedStyle(td);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = getComputedStyle(c).font;
        return [ctx.measureText(c.textContent).width,
                td.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)]; }"""

    @pytest.mark.parametrize("width", [1024, 1440])
    def test_a_conversations_id_keeps_one_line_where_its_column_has_room(
        self, sign_in, privacy_user, live_server, width
    ):
        conversation = ConversationFactory(
            external_id="gym-membership-card-and-old-address", subject_id="member-5"
        )
        turns_of(conversation, [("user", "My card ends 4417."), ("user", "I moved from Ash Lane.")])
        ask(privacy_user, "turns", conversation=conversation, turn_seqs=[1, 2])
        page = sign_in(privacy_user)
        page.set_viewport_size({"width": width, "height": 800})

        page.goto(live_server.url + reverse("privacy:list"))

        shown = page.locator("table.requests td.what code")
        assert shown.inner_text() == "gym-membership-card-and-old-address"
        wide, room = shown.evaluate(self.WIDTHS)
        if width == 1440:
            assert wide < room  # room enough: whole, on the request's line or the next
        if wide < room:
            assert shown.evaluate(LINES) == 1, (width, wide, room)
        assert page.evaluate(SIDEWAYS) == 0


class TestListFilters:
    PILL = """a => { const s = getComputedStyle(a);
        return [s.textDecorationLine, s.borderTopStyle, s.borderTopWidth, s.borderRadius, s.paddingLeft,
                s.backgroundColor]; }"""

    def test_forget_requests_and_the_labelling_queue_filter_with_the_same_pills(
        self, sign_in, privacy_user, qa_user, live_server
    ):
        conversation = ConversationFactory(external_id="gym-membership-ended", subject_id="member-5521")
        turns_of(conversation, [("user", "Please remove my details.")])
        ask(privacy_user, "conversation", conversation=conversation)
        styles = {}
        for user, url in ((privacy_user, reverse("privacy:list")), (qa_user, reverse("qa:queue"))):
            page = sign_in(user)
            page.set_viewport_size(LAPTOP)
            page.goto(live_server.url + url)
            pills = page.locator("nav.filter-tabs a")
            chosen = page.locator("nav.filter-tabs a[aria-current]")
            assert chosen.count() == 1
            styles[url] = (pills.last.evaluate(self.PILL), chosen.evaluate(self.PILL))
            # Every choice on one row of a small laptop.
            assert len({round(box["y"]) for box in (pill.bounding_box() for pill in pills.all())}) == 1, url
            page.context.clear_cookies()

        (privacy, queue) = styles.values()
        assert privacy == queue
        assert privacy[0][0] == "none" and privacy[0][1] == "solid"  # a pill, not an underlined link
        assert privacy[0][5] != privacy[1][5]  # the chosen one filled
