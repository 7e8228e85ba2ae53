"""A summary's history numbers its own versions, 1, 2, 3, apart from the memory's version.

The memory's version counts every change to the memory (corrections bump it too); a summary
keeps the memory's version that wrote it, and the stored summaries and snapshots written under the
old numbering are renumbered by a migration that can be undone.
"""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from conversations.memory import memory_refresh, turns_appended
from conversations.models import MemoryState, Summary
from facts.models import PinnedFact
from facts.staff import fact_correct
from tests.factories import ConversationFactory, TurnFactory

BEFORE = [("conversations", "0013_turn_index_vector_idx")]
AFTER = [("conversations", "0014_summary_versions_of_their_own")]


@pytest.fixture
def conversation(db, settings):
    settings.MEMADMIN_REFRESH_EVERY = 4
    conversation = ConversationFactory()
    contents = [
        "Please refund £61.20 for order ORD-30417; it came with a cracked lid.",
        "Done, the refund of £61.20 is on its way.",
        "Thank you.",
        "You're welcome.",
    ]
    for seq, content in enumerate(contents, start=1):
        TurnFactory(
            conversation=conversation, seq=seq, role="user" if seq % 2 else "assistant", content=content
        )
    turns_appended(conversation_id=conversation.pk)
    return conversation


def history(conversation, kind: str) -> list[tuple[int, int]]:
    summaries = Summary.objects.filter(conversation=conversation, kind=kind).order_by("version")
    return list(summaries.values_list("version", "memory_version"))


def resummarise(conversation, *kinds: str):
    return memory_refresh(conversation_id=conversation.pk, trigger="on_demand", kinds=kinds, force=True)


class TestNumbering:
    def test_two_re_summarises_after_corrections_make_versions_2_and_3(self, conversation, support_user):
        refund = PinnedFact.objects.get(conversation=conversation, key="refund_amount", status="active")

        corrected = fact_correct(fact=refund, value="£62.10", actor=support_user, reason="postage too")
        first = resummarise(conversation, "rolling", "static")
        fact_correct(fact=corrected, value="£62.40", actor=support_user, reason="and the lid")
        second = resummarise(conversation, "rolling", "static")

        # The memory went 1 → 2 (correction) → 3 → 4 (correction) → 5; the summaries 1, 2, 3.
        assert (first.committed_version, second.committed_version) == (3, 5)
        for kind in ("rolling", "static"):
            assert history(conversation, kind) == [(1, 1), (2, 3), (3, 5)]
        state = MemoryState.objects.get(conversation=conversation)
        assert (state.version, state.static_summary_version, state.rolling_summary_version) == (5, 3, 3)

    def test_each_kind_counts_its_own_versions(self, conversation):
        resummarise(conversation, "rolling")
        resummarise(conversation, "rolling")
        resummarise(conversation, "static")

        assert history(conversation, "rolling") == [(1, 1), (2, 2), (3, 3)]
        assert history(conversation, "static") == [(1, 1), (2, 4)]

    def test_a_number_is_never_given_twice_after_the_newest_versions_are_removed(self, conversation):
        resummarise(conversation, "rolling")
        # As a forget request does with the versions that cover a forgotten turn.
        Summary.objects.filter(conversation=conversation, kind="rolling", version=2).delete()

        resummarise(conversation, "rolling")

        assert [number for number, _ in history(conversation, "rolling")] == [1, 3]


@pytest.mark.django_db(transaction=True)
class TestTheMigration:
    def migrate(self, targets):
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(targets)
        return executor.loader.project_state(targets).apps

    def test_stored_summaries_and_snapshots_are_renumbered_and_back(self):
        apps = self.migrate(BEFORE)
        Conversation = apps.get_model("conversations", "Conversation")
        OldSummary = apps.get_model("conversations", "Summary")
        State = apps.get_model("conversations", "MemoryState")
        Snapshot = apps.get_model("conversations", "ContextSnapshot")
        chat = Conversation.objects.create(external_id="renumbered", subject_id="cust-1")
        other = Conversation.objects.create(external_id="untouched", subject_id="cust-2")
        State.objects.create(conversation=chat, version=9)
        made = {}
        for kind, numbers in (("rolling", (1, 4, 9)), ("static", (1, 6))):
            for number in numbers:
                made[kind, number] = OldSummary.objects.create(
                    conversation=chat, kind=kind, version=number, upto_seq=number, body=f"{kind} {number}"
                )
        OldSummary.objects.create(conversation=other, kind="rolling", version=2, upto_seq=2, body="other")

        def ref(kind, number):
            return {"id": made[kind, number].pk, "version": number, "upto_seq": number}

        layers = {
            "memory_version": 6,
            "static_summary": ref("static", 6),
            "rolling_summary": ref("rolling", 4),
        }
        snapshot = Snapshot.objects.create(
            conversation=chat, message="m", upto_seq=6, messages=[], layers=layers, token_counts={},
            token_count_method="estimate", budget=100,
        )  # fmt: skip
        bare = Snapshot.objects.create(
            conversation=chat, message="m", upto_seq=1, messages=[], token_counts={}, budget=100,
            token_count_method="estimate", layers={"memory_version": 0, "static_summary": None},
        )  # fmt: skip

        apps = self.migrate(AFTER)
        Summary = apps.get_model("conversations", "Summary")
        rows = Summary.objects.filter(conversation_id=chat.pk).order_by("kind", "version")
        assert list(rows.values_list("kind", "version", "memory_version", "body")) == [
            ("rolling", 1, 1, "rolling 1"),
            ("rolling", 2, 4, "rolling 4"),
            ("rolling", 3, 9, "rolling 9"),
            ("static", 1, 1, "static 1"),
            ("static", 2, 6, "static 6"),
        ]
        assert Summary.objects.get(conversation_id=other.pk).version == 1
        state = apps.get_model("conversations", "MemoryState").objects.get(conversation_id=chat.pk)
        assert (state.version, state.static_summary_version, state.rolling_summary_version) == (9, 2, 3)
        renumbered = Snapshot.objects.get(pk=snapshot.pk).layers
        assert renumbered["static_summary"] == {**ref("static", 6), "version": 2}
        assert renumbered["rolling_summary"] == {**ref("rolling", 4), "version": 2}
        assert Snapshot.objects.get(pk=bare.pk).layers == {"memory_version": 0, "static_summary": None}

        apps = self.migrate(BEFORE)
        OldSummary = apps.get_model("conversations", "Summary")
        rows = OldSummary.objects.filter(conversation_id=chat.pk).order_by("kind", "version")
        assert list(rows.values_list("kind", "version")) == [
            ("rolling", 1), ("rolling", 4), ("rolling", 9), ("static", 1), ("static", 6),
        ]  # fmt: skip
        assert Snapshot.objects.get(pk=snapshot.pk).layers == layers
        self.migrate(executor_leaf())


def executor_leaf():
    """The newest migration of every app, to leave the database as the other tests expect it."""
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()
