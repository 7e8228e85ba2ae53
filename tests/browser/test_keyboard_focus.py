"""Whatever the keyboard reaches shows that it has the focus: a person working without a mouse
always sees where they are."""

import pytest
from django.urls import reverse

from tests.conversations.detail_data import build_conversation
from tests.privacy.conftest import ask

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABS = 45
# The focused element, and whether it draws an outline or a ring (box-shadow) while it has the focus.
FOCUSED = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
  const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.name ? '[' + e.name + ']' : '')
    + ' ' + (e.textContent || '').trim().slice(0, 20);
  return {name, shown: outline || s.boxShadow !== 'none'};
}"""


def unseen_focus(page, url: str) -> list[str]:
    page.goto(url)
    unseen = []
    for _ in range(TABS):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused and not focused["shown"] and focused["name"] not in unseen:
            unseen.append(focused["name"])
    return unseen


class TestTheFocusIsAlwaysShown:
    def test_on_the_support_pages(self, sign_in, support_user, live_server):
        conversation = build_conversation(turns=12, facts=3)
        page = sign_in(support_user)
        detail = reverse("conversations:detail", args=[conversation.pk])

        for path in (reverse("conversations:list"), f"{detail}?tab=facts", reverse("audit:list")):
            assert unseen_focus(page, live_server.url + path) == [], path

    def test_on_the_privacy_pages(self, sign_in, privacy_user, live_server):
        conversation = build_conversation(turns=4, facts=1)
        made = ask(privacy_user, "conversation", conversation=conversation)
        page = sign_in(privacy_user)

        for path in (
            reverse("privacy:list"),
            reverse("privacy:new"),
            reverse("privacy:detail", args=[made.pk]),
        ):
            assert unseen_focus(page, live_server.url + path) == [], path
