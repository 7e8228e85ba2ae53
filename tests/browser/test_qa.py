"""QA in headless Chromium: label a fact by selecting its words, adjudicate two annotators' sets,
start a run and follow a miss to its turn."""

import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from memadmin.permissions import Role
from qa import services
from qa.models import EvaluationRun, Label
from qa.runs import evaluation_run_execute, evaluation_run_request
from tests.factories import ConversationFactory, UserFactory
from tests.qa import scenario
from tests.qa.scenario import SHORT, label, stored, turns_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DOCS_SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def screenshot_folder(tmp_path) -> Path:
    folder = DOCS_SCREENSHOTS if os.environ.get("MEMADMIN_SCREENSHOTS") else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# Where a press and a release select ``words`` in turn ``seq``: inside the first character's own
# box, near its left edge, and inside the last one's, near its right edge (each on its own line,
# should the words wrap). Read once a frame; null while the page is still moving: a request, swap
# or settle of htmx under way, or the points not where they were on the frame before.
WORD_ENDS = """([seq, words]) => {
    const text = document.querySelector(`#turn-${seq} .content`).firstChild;
    const start = text.data.indexOf(words);
    const box = offset => {
        const range = document.createRange();
        range.setStart(text, offset);
        range.setEnd(text, offset + 1);
        return range.getBoundingClientRect();
    };
    const first = box(start), last = box(start + words.length - 1);
    const ends = JSON.stringify({
        x0: first.left + Math.min(2, first.width / 4), y0: first.top + first.height / 2,
        x1: last.right - Math.min(2, last.width / 4), y1: last.top + last.height / 2,
    });
    const busy = document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling');
    const still = !busy && window.__wordEnds === ends;
    window.__wordEnds = ends;
    return still ? JSON.parse(ends) : null;
}"""


# What is selected as the mouse is released, before the page's own handler reads it (and moves the
# focus into the form, which takes the selection with it).
RELEASED = """() => window.addEventListener('mouseup', () => {
    window.__selectedAtRelease = getSelection().toString();
}, {capture: true, once: true})"""


def word_ends(page, seq: int, words: str) -> dict:
    """The press and release points for ``words``, once the page has stopped moving."""
    page.locator(f"#turn-{seq}").scroll_into_view_if_needed()
    handle = page.wait_for_function(WORD_ENDS, arg=[seq, words], polling="raf")
    return handle.json_value()


def drag_over(page, seq: int, words: str) -> None:
    """Select ``words`` in turn ``seq`` with the mouse, as a person would: press before the first
    character, drag, release after the last; then check that the words are what is selected."""
    at = word_ends(page, seq, words)
    page.evaluate(RELEASED)
    page.mouse.move(at["x0"], at["y0"])
    page.mouse.down()
    page.mouse.move(at["x1"], at["y1"], steps=5)
    page.mouse.up()
    selected = page.evaluate("window.__selectedAtRelease")
    assert selected == words, f"the drag over turn {seq} selected {selected!r}, not {words!r}"


@pytest.fixture
def short():
    conversation = ConversationFactory(external_id="refund-short", title="Broken order, refund")
    turns_of(conversation, SHORT)
    stored(conversation, "identifier", "order_id", "ORD-55120", 1)
    stored(conversation, "amount", "refund_amount", "1200 dollars", 2)
    return conversation


def past_runs() -> None:
    """Earlier runs, so the chart has a history to draw."""
    now = timezone.now()
    for days, (recall, precision, clean) in zip(
        (21, 14, 7), ((0.78, 0.84, 0.41), (0.86, 0.88, 0.55), (0.91, 0.9, 0.68)), strict=True
    ):
        EvaluationRun.objects.create(
            source="extractor",
            status="done",
            provider="local",
            model="rules-v1",
            requested_at=now - timedelta(days=days),
            conversations=40,
            gold_values=180,
            recall=recall,
            precision=precision,
            clean_rate=clean,
            figures={"found": int(180 * recall), "clean_conversations": int(40 * clean)},
        )


class TestQaInTheBrowser:
    def test_label_adjudicate_run_and_follow_a_miss(
        self, sign_in, qa_user, admin_user, live_server, short, tmp_path
    ):
        docs = screenshot_folder(tmp_path)  # the two the README shows
        shots = tmp_path  # the others, to look at
        second = UserFactory(username="quentin-qa", roles=[Role.QA])
        label(short, second, "amount", "refund", 2, "1200 dollars")
        label(short, second, "identifier", "order_id", 1, "ORD-55120")
        services.label_set_submit(conversation=short, actor=second)
        for number in range(3):
            other = ConversationFactory(external_id=f"queue-{number}")
            turns_of(other, SHORT)

        # An annotator labels the price by selecting its words in turn 1.
        page = sign_in(qa_user)
        page.set_viewport_size({"width": 1360, "height": 900})
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(f"{live_server.url}{reverse('qa:queue')}")
        expect(page.locator(f"#queue-row-{short.pk}")).to_contain_text("1 of 2")
        page.screenshot(path=str(shots / "qa-queue.png"), full_page=True)
        with page.expect_navigation(wait_until="load"):  # the page's script reads the selection
            page.locator(f"#queue-row-{short.pk} a", has_text="Label").click()
        expect(page.locator("#labels-panel")).to_contain_text("No labels yet")
        expect(page.locator("#labels-panel")).not_to_contain_text("ORD-55120")  # not the other annotator's

        drag_over(page, 1, "$1,200")
        form = page.locator("#label-form")
        expect(form.locator("[name=value]")).to_have_value("$1,200")
        expect(form.locator("[name=source_seq]")).to_have_value("1")
        # No type is taken for granted: the form waits until one is chosen.
        form.get_by_label("Key").fill("price")
        form.get_by_role("button", name="Label").click()
        assert form.get_by_label("Type").evaluate("select => select.validity.valueMissing")
        assert not Label.objects.filter(label_set__annotator=qa_user).exists()
        form.get_by_label("Type").select_option("amount")
        form.get_by_label("Key").fill("price")
        form.get_by_role("button", name="Label").click()
        expect(page.locator("#labels-panel .labels")).to_contain_text("$1,200")
        expect(page.locator("#turn-1 mark")).to_have_text("$1,200")
        drag_over(page, 3, "14 Elm St, Leeds")
        form.get_by_label("Type").select_option("address")
        form.get_by_label("Key").fill("return_address")
        form.get_by_role("button", name="Label").click()
        expect(page.locator("#labels-panel .labels li")).to_have_count(2)
        page.screenshot(path=str(docs / "qa-labelling.png"))
        made = Label.objects.get(label_set__annotator=qa_user, key="price")
        assert (made.source_seq, made.span_start, made.span_end) == (1, SHORT[0][1].index("$1,200"), 45)
        page.get_by_role("button", name="Submit for adjudication").click()
        expect(page.locator("#labels-panel")).to_contain_text("Your labels wait for adjudication")

        # An adjudicator keeps the agreed price and the address only one annotator found.
        page.context.clear_cookies()
        page = sign_in(admin_user)
        page.set_viewport_size({"width": 1360, "height": 900})
        page.goto(f"{live_server.url}{reverse('qa:adjudicate', args=[short.pk])}")
        # "$1,200" and "1200 dollars" are one amount; the address and the order id were each found once.
        expect(page.locator(".figures")).to_contain_text("33.3%")
        rows = page.locator("table.pairs tbody tr")
        expect(rows).to_have_count(3)
        agreed = rows.filter(has_text="agreed").locator("input[name=keep]")
        expect(agreed.first).to_be_checked()  # one side of an agreed fact is kept, the other may be
        expect(agreed.nth(1)).not_to_be_checked()
        rows.filter(has_text="14 Elm St, Leeds").locator("input[name=keep]").check()
        page.screenshot(path=str(shots / "qa-adjudication.png"), full_page=True)
        page.get_by_label("Note (for the audit log)").fill("Both amounts are the same refund")
        page.get_by_role("button", name="Save as the gold set").click()
        expect(page.locator(".action-done")).to_contain_text("Gold set saved: 2 facts")
        assert sorted(short.gold_facts.values_list("value", flat=True)) == [
            "1200 dollars",
            "14 Elm St, Leeds",
        ]  # the first submitted set's words

        # A run measures the stored facts; the address was never pinned, so it is a miss.
        past_runs()
        page.goto(f"{live_server.url}{reverse('qa:runs')}")
        page.get_by_label("the stored pinned facts, as they stand").check()
        page.get_by_role("button", name="Start a run").click()
        expect(page.locator("h1")).to_contain_text("the stored pinned facts")
        expect(page.locator(".figures")).to_contain_text("50.0%")
        expect(page.locator(".figures")).to_contain_text("recall (1 of 2 gold facts)")
        page.screenshot(path=str(shots / "qa-run.png"), full_page=True)
        page.goto(f"{live_server.url}{reverse('qa:runs')}")
        expect(page.locator(".chart svg.wide circle")).to_have_count(12)
        expect(page.locator(".chart svg.narrow")).to_be_hidden()
        page.screenshot(path=str(docs / "qa-runs.png"), full_page=True)
        page.locator("table.runs a").first.click()
        miss = page.locator("tr.finding-missed", has_text="14 Elm St, Leeds")
        miss.locator("a.turn-link").click()
        expect(page.locator("#turn-3")).to_have_class("turn role-user is-target")
        expect(page.locator("#turn-3 .content")).to_contain_text("14 Elm St, Leeds")

    def test_three_sets_side_by_side_keep_a_label_only_the_third_found(
        self, sign_in, qa_user, admin_user, live_server, short, tmp_path
    ):
        second = UserFactory(username="quentin-qa", roles=[Role.QA])
        third = UserFactory(username="tess-qa", roles=[Role.QA])
        for who in (qa_user, second, third):
            label(short, who, "identifier", "order_id", 1, "ORD-55120")
        label(short, qa_user, "amount", "price", 1, "$1,200")
        label(short, second, "amount", "refund", 2, "1200 dollars")
        label(short, third, "amount", "refund", 2, "1200")
        label(short, third, "date", "refund_date", 2, "3 June 2026")
        for who in (qa_user, second, third):
            services.label_set_submit(conversation=short, actor=who)

        page = sign_in(admin_user)
        page.set_viewport_size({"width": 1360, "height": 900})
        page.goto(f"{live_server.url}{reverse('qa:adjudicate', args=[short.pk])}")
        expect(page.locator("table.pairs thead th")).to_have_text(
            ["Status", "Keep", "quinn-qa", "Keep", "quentin-qa", "Keep", "tess-qa"]
        )
        expect(page.locator("table.agreement-pairs tr.pair")).to_have_count(3)
        expect(page.locator(".figures")).to_contain_text("Fleiss' kappa")
        only = page.locator("table.pairs tbody tr", has_text="only tess-qa")
        only.get_by_label("Keep 3 June 2026 (date) from tess-qa").check()
        page.screenshot(path=str(tmp_path / "qa-adjudication-three.png"), full_page=True)
        page.get_by_role("button", name="Save as the gold set").click()
        expect(page.locator(".action-done")).to_contain_text("Gold set saved: 3 facts")
        assert sorted(short.gold_facts.values_list("value", flat=True)) == [
            "$1,200", "3 June 2026", "ORD-55120",
        ]  # fmt: skip

    def test_on_a_phone_each_set_is_named_and_on_screen(
        self, sign_in, qa_user, admin_user, live_server, short
    ):
        second = UserFactory(username="quentin-qa", roles=[Role.QA])
        for who in (qa_user, second):
            label(short, who, "identifier", "order_id", 1, "ORD-55120")
        label(short, second, "amount", "refund", 2, "1200 dollars")
        for who in (qa_user, second):
            services.label_set_submit(conversation=short, actor=who)

        page = sign_in(admin_user)
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(f"{live_server.url}{reverse('qa:adjudicate', args=[short.pk])}")

        # Both sets of a fact sit one under the other, each named, within the screen's width.
        row = page.locator("table.pairs tbody tr", has_text="only quentin-qa")
        sides = row.locator("td.side")
        expect(sides).to_have_count(2)
        for side, name in zip(sides.all(), ("quinn-qa", "quentin-qa"), strict=True):
            assert side.evaluate("e => getComputedStyle(e, '::before').content") == f'"{name}"'
            box = side.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        expect(sides.nth(0)).to_have_text("not labelled")
        keep = row.get_by_label("Keep 1200 dollars (amount) from quentin-qa")
        keep.scroll_into_view_if_needed()
        expect(keep).to_be_in_viewport(ratio=1)
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") == 0

    def test_words_selected_put_the_cursor_on_the_first_field_still_to_fill(
        self, sign_in, qa_user, live_server, short
    ):
        page = sign_in(qa_user)
        page.set_viewport_size({"width": 1360, "height": 900})
        page.goto(f"{live_server.url}{reverse('qa:label', args=[short.pk])}")
        form = page.locator("#label-form")

        # The form asks for the type before the key: no type chosen yet, so the type comes first.
        drag_over(page, 1, "$1,200")
        expect(form.locator("[name=value]")).to_have_value("$1,200")
        expect(form.get_by_label("Type")).to_be_focused()

        # Once a type is chosen, the next words go straight to their key.
        form.get_by_label("Type").select_option("address")
        drag_over(page, 3, "14 Elm St, Leeds")
        expect(form.locator("[name=value]")).to_have_value("14 Elm St, Leeds")
        expect(form.get_by_label("Key")).to_be_focused()

    def test_words_selected_while_the_last_label_is_saved_stay_selected(
        self, sign_in, qa_user, live_server, short, htmx_settled
    ):
        page = sign_in(qa_user)
        page.set_viewport_size({"width": 1360, "height": 900})
        page.goto(f"{live_server.url}{reverse('qa:label', args=[short.pk])}")
        form = page.locator("#label-form")
        drag_over(page, 1, "$1,200")
        form.get_by_label("Type").select_option("amount")
        form.get_by_label("Key").fill("price")
        address = word_ends(page, 3, "14 Elm St, Leeds")

        # The label's answer is held back until the person is already selecting the next words.
        held = []
        page.route(f"**{reverse('qa:label-add', args=[short.pk])}", lambda route: held.append(route))
        form.get_by_role("button", name="Label").click()
        while not held:  # each call to the browser delivers what it has sent, the held request too
            page.evaluate("0")
        page.mouse.move(address["x0"], address["y0"])
        page.mouse.down()
        page.mouse.move((address["x0"] + address["x1"]) / 2, address["y1"], steps=3)
        with htmx_settled():
            held[0].continue_()
        expect(page.locator("#labels-panel .labels")).to_contain_text("$1,200")
        page.evaluate(RELEASED)
        page.mouse.move(address["x1"], address["y1"], steps=3)
        page.mouse.up()

        # The answer did not pull the focus into the form under the mouse: the words are whole.
        assert page.evaluate("window.__selectedAtRelease") == "14 Elm St, Leeds"
        expect(form.locator("[name=value]")).to_have_value("14 Elm St, Leeds")
        expect(form.locator("[name=source_seq]")).to_have_value("3")
        expect(form.get_by_label("Type")).to_be_focused()
        expect(page.locator("#label-announcer")).to_have_text("Labelled “$1,200” as amount.")


class TestARunOnAPhone:
    @pytest.fixture
    def measured_run(self, qa_user, admin_user) -> EvaluationRun:
        """A run of the stored facts over the scenario's gold sets (tests.qa.scenario), carried out."""
        scenario.build(qa_user, UserFactory(username="quentin-qa", roles=[Role.QA]), admin_user)
        run = evaluation_run_request(actor=qa_user, source="stored")
        evaluation_run_execute(run_id=run.pk)
        return run

    def test_each_types_figures_read_within_the_screen_each_named(
        self, sign_in, qa_user, live_server, measured_run
    ):
        run = measured_run
        page = sign_in(qa_user)
        page.set_viewport_size({"width": 390, "height": 844})

        page.goto(f"{live_server.url}{reverse('qa:run', args=[run.pk])}")

        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") == 0
        for table in ("by-type", "by-length", "findings"):
            # No column cut off at the box's edge, to be scrolled to inside the table.
            assert page.locator(f"table.{table}").evaluate("t => t.scrollWidth - t.clientWidth") == 0, table
            for cell in page.locator(f"table.{table} tbody tr").first.locator("th, td").all():
                box = cell.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (table, cell.inner_text())
        # Out of its column, each figure still says what it is: the identifier's precision is 2 of 3.
        identifier = page.locator("table.by-type tbody tr", has=page.locator("th", has_text="identifier"))
        precision = identifier.locator("td[data-label=Precision]")
        expect(precision).to_have_text("66.7%")
        assert precision.evaluate("td => getComputedStyle(td, '::before').content") == '"Precision "'
        precision.scroll_into_view_if_needed()
        expect(precision).to_be_in_viewport(ratio=1)
        # On a laptop it is a table again, its headings over the columns.
        page.set_viewport_size({"width": 1280, "height": 800})
        expect(page.locator("table.by-type thead th")).to_have_text(
            ["Type", "Gold", "Found", "Recall", "Extracted", "Right", "Precision"]
        )
        assert precision.evaluate("td => getComputedStyle(td, '::before').content") == "none"

    def test_the_runs_list_and_the_headline_figures_read_within_the_screen(
        self, sign_in, qa_user, live_server, measured_run
    ):
        run = measured_run
        page = sign_in(qa_user)
        page.set_viewport_size({"width": 390, "height": 844})

        page.goto(f"{live_server.url}{reverse('qa:runs')}")
        table = page.locator("table.runs")
        assert table.evaluate("t => t.scrollWidth - t.clientWidth") == 0
        for cell in page.locator(f"#run-{run.pk} td").all():
            box = cell.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, cell.inner_text()
        clean = page.locator(f"#run-{run.pk} td[data-label=Clean]")
        assert clean.evaluate("td => getComputedStyle(td, '::before').content") == '"Clean "'
        # What a run can measure is read whole, each choice within the screen, none cut short.
        for choice in page.get_by_role("group", name="Measure").locator("label").all():
            box = choice.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, choice.inner_text()
            assert choice.evaluate("e => e.scrollWidth - e.clientWidth") == 0, choice.inner_text()
        expect(page.get_by_label("the configured extractor, over the turns")).to_be_checked()
        # The chart drawn for the width: its percentages written at a size one can read.
        expect(page.locator(".chart svg.wide")).to_be_hidden()
        label = page.locator(".chart svg.narrow .grid text").first
        expect(label).to_be_visible()
        assert label.bounding_box()["height"] >= 9

        # The run's four headline figures: two to a line, in boxes of one width.
        page.goto(f"{live_server.url}{reverse('qa:run', args=[run.pk])}")
        boxes = [figure.bounding_box() for figure in page.locator(".figures .figure").all()]
        assert len(boxes) == 4
        assert len({round(box["width"]) for box in boxes}) == 1
        assert boxes[0]["y"] == boxes[1]["y"] and boxes[2]["y"] > boxes[0]["y"]


class TestLabellingByKeyboard:
    def test_the_turn_and_words_typed_find_their_characters(self, sign_in, qa_user, live_server, short):
        page = sign_in(qa_user)
        page.goto(f"{live_server.url}{reverse('qa:label', args=[short.pk])}")
        form = page.locator("#label-form")
        located = form.locator("[data-located]")

        form.get_by_label("Turn").focus()
        page.keyboard.type("2")
        form.get_by_label("Words").focus()
        page.keyboard.type("3 June 2027")  # not what the turn says
        expect(located).to_have_text(
            "Turn 2 does not say “3 June 2027”: type the words as the turn has them."
        )
        page.keyboard.press("Backspace")
        page.keyboard.type("6")
        start = SHORT[1][1].index("3 June 2026")
        expect(located).to_have_text(f"Found in turn 2, characters {start}–{start + 11}.")
        expect(located).to_have_attribute("aria-live", "polite")
        page.keyboard.press("Tab")
        expect(form.get_by_label("Type")).to_be_focused()
        form.get_by_label("Type").select_option("date")
        page.keyboard.press("Tab")
        page.keyboard.type("refund_date")
        page.keyboard.press("Enter")

        expect(page.locator("#labels-panel .labels")).to_contain_text("3 June 2026")
        made = Label.objects.get(label_set__annotator=qa_user)
        assert (made.key, made.source_seq, made.span_start, made.span_end) == (
            "refund_date",
            2,
            start,
            start + 11,
        )

    def test_tab_goes_from_the_way_back_to_the_form_not_through_every_turn(
        self, sign_in, qa_user, live_server
    ):
        conversation = ConversationFactory(external_id="long-labelling")
        turns_of(conversation, [scenario.filler(40, seq) for seq in range(1, 41)])
        page = sign_in(qa_user)
        page.goto(f"{live_server.url}{reverse('qa:label', args=[conversation.pk])}")

        page.locator(".crumbs a").focus()  # the way back to the queue, just above the transcript
        page.keyboard.press("Tab")
        expect(page.locator("#label-form").get_by_label("Turn")).to_be_focused()
        # A turn's number still leads to it.
        with page.expect_navigation():
            page.locator("#turn-12 a.seq").click()
        expect(page.locator("#turn-12")).to_have_class(re.compile("is-target"))

    def test_each_label_action_is_said_and_keeps_the_keyboard_in_the_page(
        self, sign_in, qa_user, live_server, short
    ):
        label(short, qa_user, "identifier", "order_id", 1, "ORD-55120")
        page = sign_in(qa_user)
        page.goto(f"{live_server.url}{reverse('qa:label', args=[short.pk])}")
        form = page.locator("#label-form")
        announcer = page.locator("#label-announcer")
        expect(announcer).to_have_attribute("aria-live", "polite")

        form.get_by_label("Turn").fill("3")
        form.get_by_label("Words").fill("14 Elm St, Leeds")
        form.get_by_label("Type").select_option("address")
        form.get_by_label("Key").focus()
        page.keyboard.type("return_address")
        page.keyboard.press("Enter")
        expect(announcer).to_have_text("Labelled “14 Elm St, Leeds” as address.")
        expect(form.get_by_label("Turn")).to_be_focused()  # ready for the next label

        # The button pressed goes with the label it removed: the focus goes to what was done.
        page.get_by_role("button", name="Remove ORD-55120").focus()
        page.keyboard.press("Enter")
        done = page.locator("#labels-panel .action-done")
        expect(done).to_have_text("Removed “ORD-55120”.")
        expect(done).to_be_focused()
        expect(announcer).to_have_text("Removed “ORD-55120”.")
