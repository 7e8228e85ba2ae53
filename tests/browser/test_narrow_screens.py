"""On a phone-wide screen the pages wrap; only a wide table scrolls, inside its own box."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from conversations.assembly import context_assemble
from conversations.memory import turns_appended
from memadmin.permissions import Role
from privacy.forget import forget_request_approve
from qa.models import Label
from tests.browser.test_context_inspector import kettle_conversation
from tests.conversations.detail_data import build_conversation
from tests.factories import UserFactory
from tests.privacy.conftest import ask

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
# Reads how far the page itself scrolls sideways: 0 when everything fits or scrolls in its own box.
SIDEWAYS = "document.documentElement.scrollWidth - window.innerWidth"
# How many lines an element's text takes: the distinct tops of its fragments.
LINES = (
    "e => { const r = document.createRange(); r.selectNodeContents(e);"
    " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"
)


def kettle_snapshot_on_a_phone(sign_in, user, live_server, settings):
    """The context inspector of a snapshot of the kettle conversation, open at a phone's width."""
    kettle = kettle_conversation(settings)
    snapshot = context_assemble(conversation=kettle, message="Where is my replacement lid?")
    page = sign_in(user)
    page.set_viewport_size(PHONE)
    page.goto(live_server.url + reverse("conversations:snapshot", args=[kettle.pk, snapshot.pk]))
    return page


class TestAPhoneWideScreen:
    def test_support_pages_fit_the_width(self, sign_in, support_user, live_server, settings):
        conversation = build_conversation(
            turns=60, facts=4, external_id="a-rather-long-external-id-for-a-phone"
        )
        kettle = kettle_conversation(settings)
        snapshot = context_assemble(conversation=kettle, message="Where is my replacement lid?")
        page = sign_in(support_user)
        page.set_viewport_size(PHONE)

        for path in (
            reverse("conversations:list"),
            reverse("conversations:detail", args=[conversation.pk]),
            reverse("conversations:detail", args=[conversation.pk]) + "?tab=runs",
            reverse("conversations:snapshot", args=[kettle.pk, snapshot.pk]),
            reverse("audit:list"),
            "/conversations/987654/",
        ):
            page.goto(live_server.url + path)
            assert page.evaluate(SIDEWAYS) == 0, path

        # The navigation and the sign-out button stay on screen, not past its right edge.
        expect(page.locator(".topbar button[type=submit]")).to_be_in_viewport()
        expect(page.locator(".topbar nav a", has_text="Audit log")).to_be_in_viewport()

    @pytest.mark.parametrize(
        ("tab", "table"), [("runs", "runs"), ("snapshots", "snapshots"), ("index&q=order", "hits")]
    )
    def test_the_runs_snapshots_and_search_hits_read_as_blocks_within_the_screen(
        self, sign_in, support_user, live_server, tab, table
    ):
        conversation = build_conversation(turns=60, facts=4)
        turns_appended(conversation_id=conversation.pk)  # indexed, for the search
        page = sign_in(support_user)
        page.set_viewport_size(PHONE)

        page.goto(f"{live_server.url}/conversations/{conversation.pk}/?tab={tab}")

        rows = page.locator(f"table.{table} tbody tr")
        expect(rows.first).to_be_visible()
        # No columns cut off at the panel's edge, to be scrolled to inside the table.
        assert page.locator(f"table.{table}").evaluate("t => t.scrollWidth - t.clientWidth") == 0
        panel = page.locator("#layers").bounding_box()
        for cell in rows.first.locator("td").all():
            box = cell.bounding_box()
            assert box["x"] >= panel["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"], (
                cell.inner_text()
            )
        # A figure without its column heading says what it is.
        named = rows.first.locator("td[data-label]").first
        label = named.get_attribute("data-label")
        assert named.evaluate("td => getComputedStyle(td, '::before').content") == f'"{label} "'

    def test_the_inspectors_layer_table_fits_each_name_on_one_line(
        self, sign_in, support_user, live_server, settings
    ):
        page = kettle_snapshot_on_a_phone(sign_in, support_user, live_server, settings)

        table = page.locator("#layer-tokens")
        assert table.evaluate("t => t.scrollWidth - t.clientWidth") == 0  # the messages column too
        for name in table.locator("tbody td:first-child").all():
            # The lines of the cell: its fragments' tops, a swatch a few pixels off its text counted with it.
            lines = name.evaluate(
                "td => { const r = document.createRange(); r.selectNodeContents(td);"
                " const tops = [...r.getClientRects()].map(b => b.top).sort((a, b) => a - b);"
                " return 1 + tops.filter((top, i) => i && top - tops[i - 1] > 8).length; }"
            )
            assert lines == 1, name.inner_text()
        # The column headings too: "Share", not "Share / of / budget" on three lines.
        for heading in table.locator("thead th").all():
            assert heading.evaluate(LINES) == 1, heading.inner_text()
        expect(table.locator("thead th").nth(2)).to_have_text("Share", use_inner_text=True)

    def test_the_inspectors_bars_draw_each_label_whole_or_not_at_all(
        self, sign_in, support_user, live_server, settings
    ):
        kettle = kettle_conversation(settings)
        snapshot = context_assemble(conversation=kettle, message="Where is my replacement lid?")
        page = sign_in(support_user)
        shown = {}
        for width in (PHONE["width"], 1280):
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(live_server.url + reverse("conversations:snapshot", args=[kettle.pk, snapshot.pk]))
            labels = page.evaluate(
                """() => [...document.querySelectorAll('.context-bar .seg > span')].map(span => {
                    const seg = span.parentElement.getBoundingClientRect();
                    const box = span.getBoundingClientRect();
                    return {
                        text: span.textContent,
                        shown: box.top < seg.bottom && box.bottom > seg.top,
                        whole: box.left >= seg.left - 0.5 && box.right <= seg.right + 0.5
                            && span.scrollWidth <= span.clientWidth,
                    };
                })"""
            )
            assert all(label["whole"] for label in labels if label["shown"]), (width, labels)
            shown[width] = [label["text"] for label in labels if label["shown"]]
        # A phone-wide bar has room for fewer labels: the others give way, none is cut short.
        assert len(shown[PHONE["width"]]) < len(shown[1280]), shown

    @pytest.mark.parametrize("action", ["Re-summarise", "Re-index", "Pin missed words"])
    def test_a_memory_action_opened_in_the_header_fits_the_width(
        self, sign_in, support_user, live_server, action
    ):
        conversation = build_conversation(turns=12, facts=1)
        page = sign_in(support_user)
        page.set_viewport_size(PHONE)
        page.goto(f"{live_server.url}/conversations/{conversation.pk}/")

        page.locator("#memory-actions summary", has_text=action).click()

        form = page.locator("#memory-actions details[open] form")
        expect(form).to_be_visible()
        assert page.evaluate(SIDEWAYS) == 0
        box = form.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        expect(form.locator("button[type=submit]")).to_be_in_viewport()

    def test_a_long_external_id_in_the_heading_stays_whole_on_one_line(
        self, sign_in, support_user, live_server
    ):
        external_id = "north-wing-boiler-repair-call-back-after-the-second-visit"
        conversation = build_conversation(turns=12, facts=1, external_id=external_id)
        page = sign_in(support_user)
        page.set_viewport_size(PHONE)
        page.goto(f"{live_server.url}/conversations/{conversation.pk}/")

        code = page.locator(".detail-head h1 code")
        # Not broken at a hyphen: one line, cut with an ellipsis, the id whole in its title.
        assert code.evaluate(LINES) == 1
        assert code.evaluate("e => getComputedStyle(e).textOverflow") == "ellipsis"
        expect(code).to_have_attribute("title", external_id)
        expect(code).to_have_text(external_id)
        box = code.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        # Its dot stays beside it, on the screen, and the page does not scroll sideways.
        expect(page.locator(".detail-head h1 .sep").first).to_be_in_viewport()
        assert page.evaluate(SIDEWAYS) == 0

    def test_the_layers_below_the_transcript_are_one_tap_away(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=60, facts=4)
        page = sign_in(support_user)
        page.set_viewport_size(PHONE)
        page.goto(f"{live_server.url}/conversations/{conversation.pk}/?tab=facts")
        tabs = page.get_by_role("tablist", name="Derived layers")
        expect(tabs).not_to_be_in_viewport()  # fifty turns come first

        page.get_by_role("link", name="Skip to the summaries, facts, index, runs and snapshots").click()

        expect(tabs).to_be_in_viewport()
        expect(page.locator("#panel-facts .fact-card").first).to_be_in_viewport()
        # Two columns side by side show it only to the keyboard (test_keyboard_focus).
        page.set_viewport_size({"width": 1280, "height": 900})
        assert page.locator(".to-layers").bounding_box()["width"] <= 1

    def test_each_fact_sent_to_the_model_reads_as_a_block_within_the_screen(
        self, sign_in, support_user, live_server, settings
    ):
        page = kettle_snapshot_on_a_phone(sign_in, support_user, live_server, settings)

        rows = page.locator("#layer-pinned_facts table.facts tbody tr")
        assert rows.count() >= 1
        table = page.locator("#layer-pinned_facts table.facts")
        assert table.evaluate("box => box.scrollWidth - box.clientWidth") == 0  # nothing off to the side
        first = rows.first
        # Each value says what it is, now that the column headings are out of sight.
        sent = first.locator("td[data-label='Status when sent']")
        assert sent.evaluate("td => getComputedStyle(td, '::before').content") == '"Status when sent"'
        for cell in first.locator("td").all():
            box = cell.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        # A block is as tall as what it says, not a column squeezed one word wide.
        assert first.bounding_box()["height"] < 200

    def test_the_transcript_gives_the_words_the_whole_width(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=12, facts=1)
        page = sign_in(support_user)
        page.set_viewport_size(PHONE)

        page.goto(f"{live_server.url}/conversations/{conversation.pk}/")

        words = page.locator("#turn-5 .content").bounding_box()
        row = page.locator("#turn-5").bounding_box()
        assert words["width"] > row["width"] * 0.75

    def test_the_layers_scroll_with_the_page_not_in_a_box_of_their_own(
        self, sign_in, support_user, live_server
    ):
        conversation = build_conversation(turns=12, facts=12)
        page = sign_in(support_user)
        page.set_viewport_size(PHONE)

        page.goto(f"{live_server.url}/conversations/{conversation.pk}/?tab=facts")

        derived = page.locator(".derived")
        assert derived.evaluate("box => box.scrollHeight - box.clientHeight") == 0
        assert derived.bounding_box()["height"] > PHONE["height"]  # taller than the screen: the page scrolls

    def test_privacy_and_qa_forms_fit_the_width(self, sign_in, privacy_user, qa_user, live_server):
        page = sign_in(privacy_user)
        page.set_viewport_size(PHONE)
        page.goto(live_server.url + reverse("privacy:new"))
        assert page.evaluate(SIDEWAYS) == 0
        page.goto(live_server.url + reverse("privacy:list"))
        assert page.evaluate(SIDEWAYS) == 0

        page.context.clear_cookies()
        page = sign_in(qa_user)
        for path in (reverse("qa:queue"), reverse("qa:runs")):
            page.goto(live_server.url + path)
            assert page.evaluate(SIDEWAYS) == 0, path

    def test_each_conversation_of_the_list_reads_within_the_screen(self, sign_in, support_user, live_server):
        build_conversation(turns=30, facts=2, external_id="a-rather-long-external-id-for-a-phone")
        page = sign_in(support_user)
        page.set_viewport_size(PHONE)

        page.goto(live_server.url + reverse("conversations:list"))

        table = page.locator("table.conversations")
        assert table.evaluate("t => t.scrollWidth - t.clientWidth") == 0
        row = page.locator("table.conversations tbody tr").first
        for cell in row.locator("td:not(.flags)").all():
            box = cell.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], cell.inner_text()
        turns = row.locator("td.turns")
        assert turns.evaluate("e => getComputedStyle(e, '::after').content") == '" turns"'
        # The filters keep each box beside its words, not a box the width of the screen.
        failed = page.locator("input[name=failed]").bounding_box()
        assert failed["width"] < 40

    def test_the_labelling_queue_shows_what_to_do_within_the_screen(self, sign_in, qa_user, live_server):
        conversation = build_conversation(
            turns=12, facts=1, external_id="a-rather-long-external-id-for-a-phone"
        )
        page = sign_in(qa_user)
        page.set_viewport_size(PHONE)

        page.goto(live_server.url + reverse("qa:queue"))

        row = page.locator(f"#queue-row-{conversation.pk}")
        for cell in row.locator("td").all():
            box = cell.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], cell.inner_text()
        expect(row.get_by_role("link", name="Label", exact=True)).to_be_in_viewport()
        expect(row.locator("td.done")).to_have_text("0 of 2")  # "annotators done" is added by the style
        expect(page.locator(".progress")).to_contain_text("you have not started one yet")

    def test_the_label_form_is_one_tap_from_a_turn_far_down_the_transcript_and_back(
        self, sign_in, qa_user, live_server, htmx_settled
    ):
        conversation = build_conversation(turns=60, facts=0)
        page = sign_in(qa_user)
        page.set_viewport_size(PHONE)
        with page.expect_navigation(wait_until="load"):
            page.goto(live_server.url + reverse("qa:label", args=[conversation.pk]))
        bar, form = page.locator(".label-bar"), page.locator("#label-form")
        expect(bar).to_be_in_viewport()
        expect(bar).to_contain_text("Select the words of a fact in a turn.")
        expect(form).not_to_be_in_viewport()

        # A touch screen selects with handles: no mouse button goes up, the selection just changes.
        page.locator("#turn-44").scroll_into_view_if_needed()
        page.evaluate(
            """() => {
                const text = document.querySelector("#turn-44 .content").firstChild;
                const range = document.createRange();
                range.setStart(text, text.data.indexOf("the order"));
                range.setEnd(text, text.data.indexOf("the order") + "the order".length);
                getSelection().removeAllRanges();
                getSelection().addRange(range);
            }"""
        )
        expect(bar).to_contain_text("Turn 44: the order")
        expect(bar.locator("q")).to_have_text("the order")
        expect(bar).to_be_in_viewport()

        bar.get_by_role("link", name="Label ↓").click()
        expect(form).to_be_in_viewport()
        expect(form.locator("[name=value]")).to_have_value("the order")
        form.get_by_label("Type").select_option("identifier")
        form.get_by_label("Key").fill("order_word")
        with htmx_settled():
            form.get_by_role("button", name="Label").click()
        expect(page.locator("#labels-panel .labels")).to_contain_text("the order")
        made = Label.objects.get(label_set__annotator=qa_user)
        assert (made.source_seq, made.value) == (44, "the order")
        expect(bar).to_contain_text("Select the words of a fact in a turn.")  # ready for the next one

        bar.get_by_role("link", name="↑ turn 44").click()
        expect(page.locator("#turn-44")).to_be_in_viewport()
        assert page.evaluate(SIDEWAYS) == 0

        # Beside the transcript, on a wide screen, the form is always in view: no bar.
        page.set_viewport_size({"width": 1400, "height": 900})
        expect(bar).to_be_hidden()

    def test_the_audit_log_and_a_forget_preview_read_without_scrolling_sideways(
        self, sign_in, privacy_user, live_server
    ):
        conversation = build_conversation(turns=12, facts=2)
        asked = ask(privacy_user, "turns", conversation=conversation, turn_seqs=[3])
        page = sign_in(privacy_user)
        page.set_viewport_size(PHONE)

        # Each audit entry is a block: every part of it within the screen, none in a sideways box.
        page.goto(live_server.url + reverse("audit:list"))
        table = page.locator("table.audit")
        assert table.evaluate("t => t.scrollWidth - t.clientWidth") == 0
        for cell in page.locator("table.audit tbody td").all():
            box = cell.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], cell.inner_text()

        # The preview's "how" goes under each store's figures, the width of the table.
        page.goto(live_server.url + reverse("privacy:detail", args=[asked.pk]))
        preview = page.locator("table.preview")
        assert preview.evaluate("t => t.scrollWidth - t.clientWidth") == 0
        how = preview.locator("tbody td.how").first.bounding_box()
        assert how["width"] > preview.bounding_box()["width"] * 0.9

        # The list of requests: each one's status and deadline on the screen.
        page.goto(live_server.url + reverse("privacy:list"))
        row = page.locator(f"#forget-row-{asked.pk}")
        for cell in row.locator("td").all():
            box = cell.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], cell.inner_text()
        expect(row.locator(".status")).to_have_text("awaiting approval")

    def test_a_forget_requests_ids_keep_within_its_block(self, sign_in, privacy_user, live_server):
        conversation = build_conversation(
            turns=6,
            facts=1,
            external_id="gym-membership-card-and-old-address",
            subject_id="member-7f3a9c2e-5d4a-4b7e-9c1a-2e8f7d6b5a4c",
        )
        asked = ask(privacy_user, "turns", conversation=conversation, turn_seqs=[3])
        page = sign_in(privacy_user)
        page.set_viewport_size(PHONE)

        page.goto(live_server.url + reverse("privacy:list"))

        row = page.locator(f"#forget-row-{asked.pk}")
        edge = row.bounding_box()
        for code in row.locator("code").all():
            box = code.bounding_box()
            assert box["x"] >= edge["x"] and box["x"] + box["width"] <= edge["x"] + edge["width"], (
                code.inner_text()
            )
        # The conversation's id has the block's width: one piece, as on a laptop.
        assert row.locator("td.what code").evaluate(LINES) == 1
        assert page.evaluate(SIDEWAYS) == 0

    def test_a_carried_out_request_and_its_receipt_show_each_stores_figures_on_the_screen(
        self, sign_in, privacy_user, live_server
    ):
        conversation = build_conversation(turns=12, facts=2)
        done = ask(privacy_user, "turns", conversation=conversation, turn_seqs=[3])
        second = UserFactory(username="pia-privacy", roles=[Role.PRIVACY])
        forget_request_approve(request=done, actor=second, note="identity checked")
        done.refresh_from_db()
        assert done.status == "completed"
        page = sign_in(privacy_user)
        page.set_viewport_size(PHONE)

        for path in (reverse("privacy:detail", args=[done.pk]), reverse("privacy:receipt", args=[done.pk])):
            page.goto(live_server.url + path)
            table = page.locator("table.stores:not(.preview)")
            assert table.evaluate("t => t.scrollWidth - t.clientWidth") == 0, path
            row = table.locator("tbody tr", has_text="Turns")
            for cell in row.locator("td").all():
                box = cell.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (path, cell.inner_text())
            # Out of its column, the residue (what the scan found left) still says what it is.
            residue = row.locator("td").last
            assert residue.evaluate("td => getComputedStyle(td, '::before').content") == '"residue "', path


def open_on_a_small_laptop(page, live_server, *, turns: int, facts: int, tab: str = ""):
    """A conversation of ``turns`` turns and ``facts`` facts, open at 1024 px wide (on ``tab``)."""
    conversation = build_conversation(turns=turns, facts=facts)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{live_server.url}/conversations/{conversation.pk}/" + (f"?tab={tab}" if tab else ""))
    return page


class TestALaptopScreen:
    def test_the_tabs_of_the_derived_layers_fit_on_one_line(self, sign_in, support_user, live_server):
        page = open_on_a_small_laptop(sign_in(support_user), live_server, turns=40, facts=12)

        heights = {
            tab.get_attribute("id"): tab.bounding_box()["height"] for tab in page.locator(".tabs a").all()
        }
        assert len(heights) == 5 and len(set(heights.values())) == 1, heights
        tabs = page.locator(".tabs")
        assert tabs.evaluate("t => t.scrollWidth - t.clientWidth") == 0

    def test_a_facts_four_actions_keep_one_line_beside_the_transcript(
        self, sign_in, support_user, live_server
    ):
        page = open_on_a_small_laptop(sign_in(support_user), live_server, turns=40, facts=3, tab="facts")

        card = page.locator("#facts-panel .fact-card", has_text="current").first
        buttons = card.locator(".action-row > details > summary")
        assert buttons.all_inner_texts() == ["Correct", "Temporary…", "Retract", "Flag for review"]
        tops = {round(box["y"]) for box in (button.bounding_box() for button in buttons.all())}
        assert len(tops) == 1, tops  # not one of them alone on a second line under every card

    def test_a_refreshs_duration_and_start_keep_one_line_each(self, sign_in, support_user, live_server):
        page = open_on_a_small_laptop(sign_in(support_user), live_server, turns=60, facts=4, tab="runs")

        row = page.locator("table.runs tbody tr").first
        for cell in (row.locator("td[data-label=took]"), row.locator("td.started")):
            lines = cell.evaluate(
                "td => { const r = document.createRange(); r.selectNodeContents(td);"
                " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"
            )
            assert lines == 1, cell.inner_text()

    def test_with_no_action_to_offer_the_memorys_state_starts_its_row(
        self, sign_in, privacy_user, support_user, live_server
    ):
        conversation = build_conversation(turns=12, facts=2)
        for user, at_the_left in ((privacy_user, True), (support_user, False)):
            page = sign_in(user)
            page.set_viewport_size({"width": 1280, "height": 800})
            page.goto(f"{live_server.url}/conversations/{conversation.pk}/")

            heading = page.locator(".detail-head h1").bounding_box()
            state = page.locator("#memory-state").bounding_box()
            assert (state["x"] == heading["x"]) is at_the_left, user.username  # beside the actions otherwise
            page.context.clear_cookies()

    def test_the_audit_logs_filter_fields_line_up(self, sign_in, support_user, live_server):
        page = sign_in(support_user)
        page.set_viewport_size({"width": 1280, "height": 800})

        page.goto(live_server.url + reverse("audit:list"))

        boxes = (
            page.locator("form.audit-filters")
            .locator("input, select, button")
            .evaluate_all(
                "all => all.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.height]; })"
            )
        )
        assert len(boxes) == 6 and len({tuple(box) for box in boxes}) == 1, (
            boxes
        )  # text, list and dates alike

    def test_the_top_bar_keeps_one_line_with_every_link(self, sign_in, qa_user, live_server):
        page = sign_in(qa_user)  # QA has the most links in the bar but one
        page.set_viewport_size({"width": 1024, "height": 768})

        page.goto(live_server.url + reverse("qa:runs"))

        links = page.locator(".topbar nav a, .topbar .signout button").all()
        heights = {link.inner_text(): round(link.bounding_box()["height"]) for link in links}
        assert len(set(heights.values())) <= 2 and max(heights.values()) < 40, (
            heights
        )  # no label broke in two
        assert page.locator(".topbar").bounding_box()["height"] < 70

    @pytest.mark.parametrize("persona", ["support_user", "qa_user", "privacy_user", "admin_user"])
    def test_on_a_small_laptop_the_box_to_open_a_conversation_shows_all_it_says(
        self, request, sign_in, persona, live_server
    ):
        page = sign_in(request.getfixturevalue(persona))
        page.set_viewport_size({"width": 1024, "height": 768})
        page.goto(live_server.url + reverse("audit:list"))

        box = page.locator("#goto-q")
        expect(box).to_have_accessible_name("Open a conversation by its external id or subject id")
        # The words in the empty box fit inside it, whatever links the person's roles add to the bar.
        room, words = box.evaluate(
            """i => { const s = getComputedStyle(i);
                      const c = document.createElement('canvas').getContext('2d');
                      c.font = s.font;
                      return [i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight),
                              c.measureText(i.placeholder).width]; }"""
        )
        assert words <= room, (words, room)

    def test_the_forget_requests_headings_and_approvers_keep_one_line_each(
        self, sign_in, privacy_user, live_server
    ):
        conversation = build_conversation(turns=12, facts=2)
        ask(privacy_user, "turns", conversation=conversation, turn_seqs=[3])
        page = sign_in(privacy_user)
        for width in (1280, 900):
            page.set_viewport_size({"width": width, "height": 800})
            page.goto(live_server.url + reverse("privacy:list"))
            for cell in page.locator("table.requests th, table.requests td.approved").all():
                assert cell.evaluate(LINES) == 1, (width, cell.inner_text())
            assert page.evaluate(SIDEWAYS) == 0, width

    @pytest.mark.parametrize("width", [1024, 1020, 900, 760])
    def test_between_a_phone_and_a_laptop_the_bar_keeps_everything_on_screen(
        self, sign_in, privacy_user, live_server, width
    ):
        page = sign_in(privacy_user)
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(live_server.url + reverse("privacy:list"))

        assert page.evaluate(SIDEWAYS) == 0
        for part in (
            page.locator(".topbar button[type=submit]"),
            page.locator(".topbar nav a", has_text="API"),
            page.locator("#goto-q"),
        ):
            expect(part).to_be_in_viewport(ratio=1)

    @pytest.mark.parametrize("width", [1024, 900, 800])
    def test_the_lists_fit_between_a_phone_and_a_laptop(self, sign_in, privacy_user, live_server, width):
        conversation = build_conversation(
            turns=12, facts=2, external_id="a-rather-long-external-id-for-a-tablet"
        )
        ask(privacy_user, "turns", conversation=conversation, turn_seqs=[3])  # an audit entry with a change
        page = sign_in(privacy_user)
        page.set_viewport_size({"width": width, "height": 800})

        for path in (reverse("audit:list"), reverse("conversations:list"), reverse("privacy:list")):
            page.goto(live_server.url + path)
            assert page.evaluate(SIDEWAYS) == 0, path

    def test_beside_the_transcript_a_refresh_reads_as_a_block_with_its_figures_named(
        self, sign_in, support_user, live_server
    ):
        page = open_on_a_small_laptop(sign_in(support_user), live_server, turns=60, facts=4, tab="runs")

        table = page.locator("table.runs")
        assert table.evaluate("t => t.scrollWidth - t.clientWidth") <= 0  # no column cut at the panel's edge
        took = table.locator("tbody tr").first.locator("td[data-label=took]")
        assert took.evaluate("td => getComputedStyle(td, '::before').content") == '"took "'
        # Each block's words stand clear of the box's edge, and the box ends on one line, not two.
        inset = table.evaluate(
            "t => t.querySelector('tbody td').getBoundingClientRect().left - t.getBoundingClientRect().left"
        )
        assert inset >= 8, inset
        last_row = table.locator("tbody tr").last
        assert last_row.evaluate("tr => getComputedStyle(tr).borderBottomStyle") == "none"
        # Where the panel is wide enough, the columns are a table again, with their headings.
        page.set_viewport_size({"width": 1600, "height": 900})
        assert took.evaluate("td => getComputedStyle(td, '::before').content") == "none"
