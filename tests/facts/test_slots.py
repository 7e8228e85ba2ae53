"""One current value per slot: replacements as people say them, repeats merged, undecided pairs."""

import io
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from conversations.assembly import context_assemble
from conversations.demo import SCENARIO_IDS, demo_conversations
from conversations.memory import memory_rebuild, memory_refresh
from conversations.models import Conversation, RefreshRun
from conversations.transfer import conversations_import
from facts.evaluation import conversations_from_file
from facts.extraction import extract_facts
from facts.models import PinnedFact
from facts.slots import SLOTS, is_single_valued, slot_label
from facts.staff import fact_correct
from tests.factories import ConversationFactory, TurnFactory

MONDAY = datetime(2026, 3, 9, 10, 0, tzinfo=UTC)
DATA = Path(__file__).parent / "data"


def converse(*contents: str, at: datetime = MONDAY) -> Conversation:
    """A conversation whose turns alternate user / assistant, with its memory refreshed."""
    conversation = ConversationFactory()
    for seq, content in enumerate(contents, start=1):
        role = "user" if seq % 2 else "assistant"
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content, created_at=at)
    run = memory_refresh(conversation_id=conversation.pk, trigger=RefreshRun.Trigger.ON_DEMAND)
    assert run.outcome == RefreshRun.Outcome.COMMITTED, run.error
    return conversation


def current(conversation: Conversation, key: str) -> list[str]:
    facts = PinnedFact.objects.for_conversation(conversation).current(MONDAY.date()).filter(key=key)
    return [f.value for f in facts]


def block(conversation: Conversation, today=None) -> str:
    snapshot = context_assemble(
        conversation=conversation, message="Where does it go?", today=today or MONDAY.date()
    )
    return next(m["content"] for m in snapshot.messages if m["content"].startswith("Pinned facts"))


class TestSlotsAreDeclaredInOnePlace:
    def test_the_persons_contact_details_hold_one_value_and_order_ids_several(self):
        assert all(is_single_valued(s) for s in ("shipping_address", "home_address", "email", "phone"))
        assert not any(is_single_valued(s) for s in ("order_id", "amount", "place_address"))
        assert all(slot.label for slot in SLOTS.values())

    def test_every_key_the_extractor_gives_has_a_name_of_its_own(self):
        """Over every written dialogue, each key the extractor gives is named for people, and no two
        keys share a name."""
        given = set()
        for path in sorted(DATA.glob("*.jsonl")):
            for conversation in conversations_from_file(path):
                given |= {fact.key for fact in extract_facts(conversation.turns)}

        assert given - set(SLOTS) == set()
        # delivery_address: a key people pin by hand (the demo does), read as its own words.
        names = [slot_label(key) for key in [*SLOTS, "delivery_address"]]
        assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)

    @pytest.mark.parametrize(
        ("key", "name"),
        [
            ("shipping_address", "shipping address"),
            ("delivery_address", "delivery address"),  # a key people pin, read as its words
            ("card_number", "card number"),
            ("prescription_id", "prescription number"),
            ("registration", "vehicle registration"),
        ],
    )
    def test_a_key_reads_as_what_it_holds(self, key, name):
        assert slot_label(key) == name


@pytest.mark.django_db
class TestReplacementsAsPeopleSayThem:
    OLD, NEW = "12 Quarry Hill, Leeds LS2 7EY", "40 Mill Lane, York YO1 7HX"

    @pytest.mark.parametrize(
        "first,then,key",
        [
            ("I live at {old}.", "We've moved, we're at {new} now.", "home_address"),
            ("Please send it to {old}.", "Change of plan: send it to {new}.", "shipping_address"),
            ("Please deliver to {old}.", "Deliver it to {new} instead.", "shipping_address"),
            ("Ship it to {old}, please.", "Actually, ship it to {new}.", "shipping_address"),
        ],
        ids=["moved", "change-of-plan", "instead", "actually"],
    )
    def test_the_new_address_is_the_only_current_one(self, first, then, key):
        conversation = converse(first.format(old=self.OLD), "Noted.", then.format(new=self.NEW), "Thanks.")

        assert current(conversation, key) == [self.NEW]
        old = PinnedFact.objects.get(conversation=conversation, value=self.OLD)
        assert old.status == PinnedFact.Status.SUPERSEDED
        text = block(conversation)
        assert self.NEW in text and self.OLD not in text

    def test_my_old_address_then_the_new_one(self):
        converse(
            f"I think you still have my old address, {self.OLD}.",
            "What's the new one?",
            f"It's {self.NEW}.",
        )

        assert [f.value for f in PinnedFact.objects.current(MONDAY.date()).filter(type="address")] == [
            self.NEW
        ]
        old = PinnedFact.objects.get(value=self.OLD)
        assert old.status == PinnedFact.Status.SUPERSEDED
        assert old.revisions.get(action="superseded").reason == "said to be the old value"

    def test_now(self):
        conversation = converse(
            "My email is tomas.v@example.org.", "Thanks.", "My email is now tv@example.com."
        )

        assert current(conversation, "email") == ["tv@example.com"]

    def test_not_any_more(self):
        conversation = converse(
            "Ring me on 07700 900321.",
            "Will do.",
            "I'm not on 07700 900321 any more; my number is 07700 900654.",
        )

        assert current(conversation, "phone") == ["07700 900654"]
        assert PinnedFact.objects.get(value="07700 900321").status == PinnedFact.Status.SUPERSEDED

    def test_the_agent_restating_a_new_value(self):
        conversation = converse(
            f"The parcel should go to {self.OLD}.",
            "Noted.",
            "Hmm, my landlord says I can move in early.",
            f"No problem, the parcel will now go to {self.NEW}.",
        )

        assert current(conversation, "shipping_address") == [self.NEW]


@pytest.mark.django_db
class TestRepeatsAndSeveralValues:
    def test_a_confirmation_is_one_fact_with_both_source_turns(self):
        conversation = converse(
            "My order ORD-30417 should go to 9 Tanner Row, Bath BA1 2QH.",
            "Confirmed: order ORD-30417 will go to 9 Tanner Row, Bath BA1 2QH.",
        )

        order = PinnedFact.objects.get(conversation=conversation, key="order_id")
        assert order.turns == [1, 2]
        assert current(conversation, "shipping_address") == ["9 Tanner Row, Bath BA1 2QH"]
        text = block(conversation)
        assert text.count("ORD-30417") == 1
        assert "ORD-30417 [turn 1, said again at turn 2]" in text

    def test_a_multi_valued_slot_keeps_both_values(self):
        conversation = converse("I have two orders open, ORD-30417 and ORD-88102.", "I can see both.")

        assert current(conversation, "order_id") == ["ORD-30417", "ORD-88102"]
        assert not PinnedFact.objects.filter(needs_review=True).exists()


@pytest.mark.django_db
class TestUndecidedPair:
    def test_two_values_in_one_turn_are_both_kept_for_review_and_shown_as_undecided(self):
        conversation = converse(
            "Email me at ines@example.org, or maybe ines.work@example.com, whichever you prefer.", "OK."
        )

        facts = PinnedFact.objects.for_conversation(conversation).filter(key="email")
        assert [(f.status, f.needs_review) for f in facts] == [(PinnedFact.Status.ACTIVE, True)] * 2
        assert "cannot tell which holds" in facts[0].review_reason
        text = block(conversation)
        assert (
            "email (email): UNDECIDED between ines@example.org [turn 1] or ines.work@example.com [turn 1]"
            in text
        )

    def test_a_later_value_settles_the_pair(self):
        conversation = converse(
            "Email me at ines@example.org or ines.work@example.com.", "Which one?", "Use ines@example.org."
        )

        facts = PinnedFact.objects.for_conversation(conversation).filter(key="email")
        live = [f for f in facts if f.status == PinnedFact.Status.ACTIVE]
        assert [(f.value, f.turns) for f in live] == [("ines@example.org", [1, 3])]
        assert "UNDECIDED" not in block(conversation)


@pytest.mark.django_db
class TestWhatTheBlockShows:
    def test_a_request_is_not_a_preference(self):
        conversation = converse("Please delete the card number I gave you earlier.", "Done.")

        assert not PinnedFact.objects.filter(conversation=conversation, type="preference").exists()

    def test_a_relative_date_is_shown_with_the_date_it_names(self):
        conversation = converse("Can you deliver it on Friday?", "Yes, it will be delivered on Friday.")

        assert "Friday (Fri 13 Mar 2026)" in block(conversation)

    def test_a_week_is_shown_as_its_days(self):
        conversation = converse("The engineer will come this week.", "Yes, this week.")

        assert "this week (9\u201315 Mar 2026)" in block(conversation)

    def test_an_expired_temporary_preference_is_left_out(self):
        conversation = converse("For the next 3 days, text me instead of calling.", "Noted.")

        assert "text me" in block(conversation)
        assert "text me" not in block(conversation, today=MONDAY.date() + timedelta(days=4))


@pytest.fixture
def address_change(db) -> Conversation:
    """The demo's 240-turn conversation in which the delivery address changes at turn 31."""
    record = next(c for c in demo_conversations() if c["external_id"] == SCENARIO_IDS["long_address_change"])
    stream = io.BytesIO((json.dumps(record) + "\n").encode())
    conversations_import(stream=stream, derive=False)
    conversation = Conversation.objects.get(external_id=record["external_id"])
    memory_refresh(conversation_id=conversation.pk, trigger=RefreshRun.Trigger.ON_DEMAND)
    return conversation


def delivery_context(conversation: Conversation) -> str:
    snapshot = context_assemble(
        conversation=conversation, message="How should you contact me, and where should the delivery go?"
    )
    return next(m["content"] for m in snapshot.messages if m["content"].startswith("Pinned facts"))


@pytest.mark.django_db
class TestTheDemoAddressChange:
    NEW, OLD = "118 Station Road, Norwich NR2 2HR", "Flat 2, 109 Beech Crescent, Norwich NR2 9YN"

    def assert_only_the_new_address(self, conversation):
        text = delivery_context(conversation)
        assert self.NEW in text and self.OLD not in text
        assert text.count("ORD-69591") == 1
        assert "ORD-69591 [turn 1, said again at turn 32]" in text
        addresses = PinnedFact.objects.for_conversation(conversation).filter(type="address")
        assert [f.value for f in addresses if f.status == PinnedFact.Status.ACTIVE] == [self.NEW]
        assert addresses.get(value=self.OLD).status == PinnedFact.Status.SUPERSEDED
        return text

    def test_only_the_new_delivery_address_and_the_order_once(self, address_change):
        text = self.assert_only_the_new_address(address_change)
        assert f"{self.NEW} [turn 31, said again at turns 32, 236]" in text

    def test_it_holds_after_reextract(self, address_change):
        before = PinnedFact.objects.count()

        memory_rebuild(conversation_id=address_change.pk)

        assert PinnedFact.objects.count() == before
        self.assert_only_the_new_address(address_change)

    def test_it_holds_after_a_staff_correction_and_reextract(self, address_change, support_user):
        fact = PinnedFact.objects.get(conversation=address_change, value=self.NEW)
        fact_correct(
            fact=fact, value="118 Station Road, Norwich NR2 2HS", actor=support_user, reason="postcode typo"
        )

        memory_rebuild(conversation_id=address_change.pk)

        text = delivery_context(address_change)
        assert "118 Station Road, Norwich NR2 2HS" in text
        assert self.NEW not in text and self.OLD not in text
        live = PinnedFact.objects.for_conversation(address_change).filter(
            type="address", status=PinnedFact.Status.ACTIVE
        )
        assert [f.value for f in live] == ["118 Station Road, Norwich NR2 2HS"]
