"""Every word the main pages show stands out from its background (WCAG AA: 4.5 to 1, 3 to 1 when large)."""

import pytest
from django.urls import reverse

from conversations.assembly import context_assemble
from tests.browser.test_context_inspector import kettle_conversation
from tests.conversations.detail_data import build_conversation
from tests.privacy.conftest import ask

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each shown text node whose colour is too close to the background behind it, with the ratio.
# Decoration hidden from screen readers (aria-hidden) is left out; greyed-out content (opacity) too.
TOO_FAINT = r"""() => {
  const rgb = c => { const m = c.match(/rgba?\(([^)]+)\)/); const p = m[1].split(',').map(Number);
                     return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lum = c => ['r', 'g', 'b'].map(k => { const v = c[k] / 255;
                     return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
                   .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const behind = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.a > 0.5) return c;
    }
    return {r: 255, g: 255, b: 255, a: 1};
  };
  const faint = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    if (!walker.currentNode.data.trim() || !el.checkVisibility({opacityProperty: true})) continue;
    if (el.closest('[aria-hidden=true]')) continue;
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    if (opacity < 0.9) continue;
    const style = getComputedStyle(el);
    const [a, b] = [lum(rgb(style.color)), lum(behind(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    const words = walker.currentNode.data.trim().slice(0, 30);
    if (ratio < needed) faint.push(`${ratio.toFixed(2)} ${el.tagName}.${el.className} "${words}"`);
  }
  return faint;
}"""


class TestContrast:
    def test_support_pages(self, sign_in, support_user, live_server, settings):
        conversation = build_conversation(turns=60, facts=6)
        kettle = kettle_conversation(settings)
        snapshot = context_assemble(conversation=kettle, message="Where is my replacement lid?")
        page = sign_in(support_user)

        detail = reverse("conversations:detail", args=[conversation.pk])
        for path in (
            reverse("conversations:list"),
            detail,
            f"{detail}?seq=31&tab=summaries",
            f"{detail}?tab=index&q=delivery",
            f"{detail}?tab=runs",
            reverse("conversations:snapshot", args=[kettle.pk, snapshot.pk]),
            reverse("audit:list"),
        ):
            page.goto(live_server.url + path)
            assert page.evaluate(TOO_FAINT) == [], path

    def test_qa_and_privacy_pages(self, sign_in, qa_user, privacy_user, live_server):
        conversation = build_conversation(turns=20, facts=2, subject_id="cust-3")
        asked = ask(privacy_user, "turns", conversation=conversation, turn_seqs=[3])
        page = sign_in(qa_user)
        for path in (
            reverse("qa:queue") + "?show=all",
            reverse("qa:label", args=[conversation.pk]),
            reverse("qa:runs"),
        ):
            page.goto(live_server.url + path)
            assert page.evaluate(TOO_FAINT) == [], path

        page.context.clear_cookies()
        page = sign_in(privacy_user)
        for path in (
            reverse("privacy:list"),
            reverse("privacy:new"),
            reverse("privacy:detail", args=[asked.pk]),
        ):
            page.goto(live_server.url + path)
            assert page.evaluate(TOO_FAINT) == [], path


# Each shown text smaller than 12px (CSS pixels): too small to read at a glance, all day long.
TOO_SMALL = r"""() => {
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement, words = walker.currentNode.data.trim();
    if (!words || !el.checkVisibility() || el.closest('svg, .visually-hidden')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12) small.push(`${size}px ${el.tagName}.${el.className} "${words.slice(0, 20)}"`);
  }
  return small;
}"""


class TestNoTextToSquintAt:
    def test_the_conversation_page_and_its_list(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=12, facts=3)
        page = sign_in(support_user)
        detail = reverse("conversations:detail", args=[conversation.pk])
        for path in (reverse("conversations:list"), f"{detail}?tab=facts", reverse("audit:list")):
            page.goto(live_server.url + path)
            assert page.evaluate(TOO_SMALL) == [], path
