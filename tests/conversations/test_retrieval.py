"""The retrieval index and hybrid search: scoped to one conversation, exact values first."""

import io
import json
import re

import numpy as np
import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from conversations.demo import demo_conversations
from conversations.models import Turn, TurnIndexEntry
from conversations.retrieval import exact_tokens, index_state, index_turns, search
from conversations.retrieval_eval import Outcome, hit_at, recall_at, reciprocal_rank, summarise
from memadmin.providers.base import TurnText
from tests.factories import ConversationFactory, TurnFactory

SUPPORT_CHAT = [
    ("user", "Hi, my kettle arrived with a cracked lid. Order ORD-48213."),
    ("assistant", "Sorry to hear that. Could you send a photo of the lid?"),
    ("user", "Sent. It was a birthday present, which makes it worse."),
    ("assistant", "I can refund £147.50 once the kettle is back with us."),
    ("user", "Please put the money back on my card, not store credit."),
    ("assistant", "Done. I've opened case CASE-5521 for the return."),
    ("user", "The courier can collect it on 14/03 in the morning."),
    ("assistant", "Collection is booked for 14/03 between 8 and 12."),
    ("user", "Also, I've moved: the new address is 12 Mill Lane, Leeds."),
    ("assistant", "Updated. Anything else I can help with today?"),
    ("user", "What's the weather like up there, by the way?"),
    ("assistant", "Sunny spells, apparently. Enjoy your afternoon!"),
]


def make_conversation(lines=SUPPORT_CHAT, **kwargs):
    conversation = ConversationFactory(**kwargs)
    for seq, (role, content) in enumerate(lines, start=1):
        TurnFactory(conversation=conversation, seq=seq, role=role, content=content)
    return conversation


@pytest.fixture
def chat(db, embedder):
    conversation = make_conversation()
    index_turns(conversation=conversation, embedder=embedder)
    return conversation


def seq_of(text: str) -> int:
    return next(seq for seq, (_, content) in enumerate(SUPPORT_CHAT, start=1) if text in content)


@pytest.mark.django_db
class TestIndexTurns:
    def test_it_indexes_every_turn_once(self, embedder):
        conversation = make_conversation()

        written = index_turns(conversation=conversation, embedder=embedder)

        entries = TurnIndexEntry.objects.filter(conversation=conversation)
        assert written == len(SUPPORT_CHAT)
        assert sorted(entries.values_list("seq", flat=True)) == list(range(1, len(SUPPORT_CHAT) + 1))
        assert set(entries.values_list("embedding_model", flat=True)) == {embedder.model_name}

    def test_running_it_again_writes_nothing(self, chat, embedder):
        assert index_turns(conversation=chat, embedder=embedder) == 0

    def test_it_re_embeds_entries_of_another_model(self, chat, embedder):
        stale = TurnIndexEntry.objects.filter(conversation=chat, seq__in=[2, 5, 7])
        # Another model, another dimension: the column has none fixed, so this is what a model change leaves.
        stale.update(embedding_model="old-model-3d", embedding=[1.0, 0.0, 0.0])
        assert index_state(chat, embedder.model_name)["stale"] == 3

        written = index_turns(conversation=chat, embedder=embedder)

        assert written == 3
        entries = TurnIndexEntry.objects.filter(conversation=chat)
        assert set(entries.values_list("embedding_model", flat=True)) == {embedder.model_name}
        assert {len(entry.embedding) for entry in entries} == {embedder.dimensions}

    def test_given_turns_narrow_the_work_and_ignore_other_conversations(self, embedder):
        conversation = make_conversation()
        other = make_conversation(external_id="other")
        chosen = list(Turn.objects.filter(conversation=conversation, seq__in=[1, 2]))

        written = index_turns(
            conversation=conversation, embedder=embedder, turns=[*chosen, other.turns.get(seq=1)]
        )

        assert written == 2
        assert sorted(TurnIndexEntry.objects.values_list("conversation_id", "seq")) == [
            (conversation.pk, 1),
            (conversation.pk, 2),
        ]

    def test_a_tool_call_and_its_result_are_one_entry(self, embedder):
        conversation = ConversationFactory()
        turn = TurnFactory(
            conversation=conversation,
            seq=1,
            role="assistant",
            content="Let me look that up.",
            tool_calls=[
                {
                    "id": "call_1",
                    "name": "lookup_order",
                    "arguments": {"order_id": "ORD-777"},
                    "result": {"status": "dispatched", "carrier": "Parcelforce"},
                }
            ],
        )

        assert index_turns(conversation=conversation, embedder=embedder) == 1

        entry = TurnIndexEntry.objects.get(conversation=conversation)
        assert entry.turn_id == turn.pk
        hits = search(
            conversation=conversation, query="which carrier was it dispatched with?", embedder=embedder
        )
        assert [(hit.seq, hit.lexical_rank) for hit in hits] == [(1, 1)]

    def test_the_full_text_vector_is_postgres_english_of_the_rendered_turn(self, chat):
        turn = chat.turns.get(seq=1)
        rendered = TurnText(
            seq=1, role=turn.role, content=turn.content, created_at=turn.created_at
        ).rendered()

        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT search_vector = to_tsvector('english', %s) FROM conversations_turnindexentry "
                "WHERE turn_id = %s",
                [rendered, turn.pk],
            )
            assert cursor.fetchone() == (True,)

    def test_the_speaker_is_indexed_with_the_text(self, chat):
        entry = TurnIndexEntry.objects.get(conversation=chat, seq=2)

        assert "assist" in entry.search_vector


@pytest.mark.django_db
class TestIndexState:
    def test_it_counts_indexed_stale_and_missing_turns(self, chat, embedder):
        TurnIndexEntry.objects.filter(conversation=chat, seq=3).update(embedding_model="old-model")
        TurnIndexEntry.objects.filter(conversation=chat, seq__in=[4, 5]).delete()

        state = index_state(chat, embedder.model_name)

        assert state == {"turns": 12, "indexed": 9, "stale": 1, "missing": 2}


@pytest.mark.django_db
class TestSearchStaysInsideTheConversation:
    @pytest.mark.parametrize("mode", ["hybrid", "lexical", "vector"])
    def test_another_conversations_exact_text_never_comes_back(self, chat, embedder, mode):
        secret = "My passport number is 5551234, please store it for the visa application at ORD-99001."
        other = make_conversation([("user", secret)], external_id="other")
        index_turns(conversation=other, embedder=embedder)

        hits = search(conversation=chat, query=secret, embedder=embedder, k=50, mode=mode)

        own = set(chat.turns.values_list("pk", flat=True))
        assert hits, "the conversation's own turns still rank"
        assert {hit.turn_id for hit in hits} <= own

    def test_the_other_conversation_finds_it(self, chat, embedder):
        secret = "My passport number is 5551234."
        other = make_conversation([("user", secret)], external_id="other")
        index_turns(conversation=other, embedder=embedder)

        hits = search(conversation=other, query=secret, embedder=embedder)

        assert [hit.turn_id for hit in hits] == [other.turns.get(seq=1).pk]


@pytest.mark.django_db
class TestExactValues:
    @pytest.mark.parametrize(
        ("query", "holder"),
        [
            ("what happened with ORD-48213?", "ORD-48213"),
            ("is the £147.50 still coming?", "£147.50"),
            ("any news on case-5521?", "CASE-5521"),
        ],
    )
    def test_an_identifier_or_amount_finds_the_turn_that_holds_it_first(self, chat, embedder, query, holder):
        hits = search(conversation=chat, query=query, embedder=embedder)

        assert hits[0].seq == seq_of(holder)
        assert hits[0].exact_match

    def test_every_turn_holding_it_comes_before_the_rest(self, chat, embedder):
        hits = search(conversation=chat, query="the collection on 14/03", embedder=embedder)

        assert {hit.seq for hit in hits[:2]} == {7, 8}
        assert [hit.exact_match for hit in hits[:3]] == [True, True, False]

    def test_it_finds_a_value_held_in_a_tool_result(self, embedder, db):
        conversation = make_conversation()
        TurnFactory(
            conversation=conversation,
            seq=13,
            role="assistant",
            content="Here is the tracking.",
            tool_calls=[{"name": "track", "arguments": {}, "result": {"tracking": "PF1234567890"}}],
        )
        index_turns(conversation=conversation, embedder=embedder)

        hits = search(conversation=conversation, query="where is PF1234567890 now?", embedder=embedder)

        assert hits[0].seq == 13

    def test_the_lexical_mode_keeps_exact_matches_for_when_the_embedder_is_down(self, chat, embedder):
        hits = search(conversation=chat, query="ORD-48213", embedder=embedder, mode="lexical")

        assert hits[0].seq == seq_of("ORD-48213")

    def test_exact_tokens_are_the_ones_holding_a_digit(self):
        query = "Is ORD-48213's refund (£147.50) due on 14/03, or in 2 days? Case “TCK-5521”."

        assert exact_tokens(query) == ["ORD-48213", "£147.50", "14/03", "TCK-5521"]


@pytest.mark.django_db
class TestHits:
    def test_every_hit_carries_its_ranks_and_fused_score(self, embedder):
        lines = [
            ("user", f"Question {n} about my refund for the {item}.") for n, item in enumerate("abcdefgh")
        ]
        conversation = make_conversation(lines)
        index_turns(conversation=conversation, embedder=embedder)

        hits = search(conversation=conversation, query="refund", embedder=embedder, k=8)

        assert len(hits) == 8
        for hit in hits:
            assert hit.vector_rank is not None and hit.vector_distance is not None
            assert hit.lexical_rank is not None and hit.lexical_score > 0
            assert hit.score > 0
        assert [hit.score for hit in hits] == sorted((hit.score for hit in hits), reverse=True)

    def test_a_turn_both_arms_rank_higher_never_scores_lower(self, chat, embedder):
        hits = search(conversation=chat, query="refund the kettle to my card", embedder=embedder, k=12)

        ranked_by_both = [hit for hit in hits if hit.vector_rank and hit.lexical_rank]
        assert len(ranked_by_both) >= 2
        for better in ranked_by_both:
            for worse in ranked_by_both:
                if better.vector_rank < worse.vector_rank and better.lexical_rank < worse.lexical_rank:
                    assert better.score >= worse.score

    def test_a_turn_only_one_arm_found_has_no_rank_from_the_other(self, chat, embedder):
        hits = search(conversation=chat, query="kettle lid", embedder=embedder, k=12)

        unmatched = [hit for hit in hits if hit.lexical_rank is None]
        assert unmatched and all(hit.lexical_score is None and hit.vector_rank for hit in unmatched)

    def test_the_vector_mode_ranks_by_embedding_alone(self, chat, embedder):
        hits = search(conversation=chat, query="kettle", embedder=embedder, k=12, mode="vector")

        assert [hit.vector_rank for hit in hits] == list(range(1, 13))
        assert all(hit.lexical_rank is None and not hit.exact_match for hit in hits)

    def test_the_vector_arm_ranks_every_entry_by_the_half_precision_vectors(self, chat, embedder):
        query = "where should the kettle be collected from?"

        hits = search(conversation=chat, query=query, embedder=embedder, k=12, mode="vector")

        # The index keeps each embedding rounded to half precision, and the query is rounded alike.
        wanted = np.asarray(embedder.embed([query])[0], dtype=np.float16).astype(np.float64)
        distance = {}
        for seq, (_, content) in enumerate(SUPPORT_CHAT, start=1):
            text = TurnText(
                seq=seq, role=SUPPORT_CHAT[seq - 1][0], content=content, created_at=None
            ).rendered()
            stored = np.asarray(embedder.embed([text])[0], dtype=np.float16).astype(np.float64)
            distance[seq] = 1 - stored @ wanted / (np.linalg.norm(stored) * np.linalg.norm(wanted))
        assert [hit.seq for hit in hits] == sorted(distance, key=lambda seq: (distance[seq], -seq))
        for hit in hits:
            assert hit.vector_distance == pytest.approx(distance[hit.seq], abs=1e-6)

    def test_the_lexical_mode_uses_no_embedding(self, chat, embedder):
        hits = search(conversation=chat, query="refund to my card", embedder=embedder, mode="lexical")

        assert hits and all(hit.vector_rank is None for hit in hits)

    def test_entries_of_another_model_are_left_out_of_the_vector_arm(self, chat, embedder):
        TurnIndexEntry.objects.filter(conversation=chat, seq=1).update(
            embedding_model="old-model-3d", embedding=[1.0, 0.0, 0.0]
        )

        hits = search(conversation=chat, query="kettle", embedder=embedder, k=12, mode="vector")

        assert 1 not in {hit.seq for hit in hits}

    def test_an_unknown_mode_is_refused(self, chat, embedder):
        with pytest.raises(ValueError, match="mode"):
            search(conversation=chat, query="kettle", embedder=embedder, mode="fuzzy")

    def test_a_blank_query_finds_nothing(self, chat, embedder):
        assert search(conversation=chat, query="   ", embedder=embedder) == []


@pytest.mark.django_db
class TestExclusions:
    def test_excluded_seqs_never_come_back(self, chat, embedder):
        recent = {8, 9, 10, 11, 12}

        hits = search(
            conversation=chat, query="collection on 14/03", embedder=embedder, k=50, exclude_seqs=recent
        )

        assert not recent & {hit.seq for hit in hits}
        assert hits[0].seq == 7

    def test_they_are_removed_before_k_is_taken(self, chat, embedder):
        hits = search(
            conversation=chat, query="kettle refund", embedder=embedder, k=7, exclude_seqs=range(6, 13)
        )

        assert sorted(hit.seq for hit in hits) == [1, 2, 3, 4, 5]

    def test_an_excluded_turn_holding_the_identifier_stays_out(self, chat, embedder):
        hits = search(conversation=chat, query="ORD-48213", embedder=embedder, exclude_seqs={1})

        assert 1 not in {hit.seq for hit in hits}


@pytest.mark.django_db
class TestLexicalArm:
    def test_a_turn_with_only_some_of_the_query_words_is_found(self, chat, embedder):
        query = "did the broken lid on my kettle get a refund or a replacement?"

        hits = search(conversation=chat, query=query, embedder=embedder, mode="lexical")

        assert seq_of("cracked lid") in {hit.seq for hit in hits}
        with connection.cursor() as cursor:
            # What AND-ing every word finds: nothing, which is why the terms are OR'd.
            cursor.execute(
                "SELECT count(*) FROM conversations_turnindexentry "
                "WHERE conversation_id = %s AND search_vector @@ plainto_tsquery('english', %s)",
                [chat.pk, query],
            )
            assert cursor.fetchone() == (0,)

    def test_the_best_lexical_match_ranks_first(self, chat, embedder):
        hits = search(conversation=chat, query="store credit on my card", embedder=embedder, mode="lexical")

        assert hits[0].seq == seq_of("store credit")

    @pytest.mark.parametrize(
        ("query", "found"),
        [
            ("O'Brien's \\ birthday", "birthday present"),
            ("refund & | ! :* <-> ( )", "refund £147.50"),
            ("courier!(collect)", "courier can collect"),
            ("''", None),
            ("\\", None),
        ],
    )
    def test_quotes_backslashes_and_operators_in_the_query_are_just_text(self, chat, embedder, query, found):
        hits = search(conversation=chat, query=query, embedder=embedder, mode="lexical")

        if found is None:
            assert hits == []
        else:
            assert hits[0].seq == seq_of(found)

    def test_a_query_of_stop_words_only_finds_nothing_lexically(self, chat, embedder):
        assert search(conversation=chat, query="the and of it", embedder=embedder, mode="lexical") == []


class TestMetrics:
    def test_recall_is_the_share_of_evidence_in_the_top_k(self):
        assert recall_at((5, 1, 9, 2), frozenset({1, 2}), 2) == 0.5
        assert recall_at((5, 1, 9, 2), frozenset({1, 2}), 4) == 1.0

    def test_hit_is_any_evidence_in_the_top_k(self):
        assert hit_at((5, 1, 9), frozenset({9}), 2) == 0.0
        assert hit_at((5, 1, 9), frozenset({9}), 3) == 1.0

    def test_reciprocal_rank_is_of_the_first_evidence_found(self):
        assert reciprocal_rank((5, 1, 9), frozenset({9, 1})) == 0.5
        assert reciprocal_rank((5, 1, 9), frozenset({4})) == 0.0

    def test_summaries_are_per_category_and_overall(self):
        outcomes = [
            Outcome("exact", (1, 2), frozenset({1})),
            Outcome("temporal", (1, 2), frozenset({3})),
        ]

        summary = summarise(outcomes)

        assert summary["overall"]["recall@10"] == 0.5
        assert summary["overall"]["queries"] == 2
        assert summary["exact"]["mrr"] == 1.0
        assert summary["temporal"]["hit@5"] == 0.0


@pytest.fixture
def labelled_file(tmp_path):
    """Six demo conversations with their labelled queries: small, but real questions about real turns."""
    path = tmp_path / "labelled.jsonl"
    records = list(demo_conversations())[:6]
    path.write_text("".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records))
    return path


def eval_output(*args) -> str:
    out = io.StringIO()
    call_command("eval_retrieval", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def second_labelled_file(tmp_path):
    """Four other demo conversations: a second file, with its own categories."""
    path = tmp_path / "second.jsonl"
    records = list(demo_conversations())[6:10]
    path.write_text("".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records))
    return path


@pytest.mark.django_db
class TestEvalRetrievalCommand:
    def test_it_prints_a_table_per_mode_and_category(self, labelled_file):
        output = eval_output(str(labelled_file))

        assert "recall@5" in output and "recall@10" in output and "hit@5" in output and "mrr" in output
        for mode in ("lexical", "vector", "hybrid"):
            assert re.search(rf"^{mode} +overall +\d+ +[01]\.\d{{3}}", output, re.MULTILINE)

    def test_json_has_the_same_figures_and_hybrid_recalls_at_least_as_much_as_lexical(self, labelled_file):
        document = json.loads(eval_output(str(labelled_file), "--json"))

        [measured] = document["files"]
        modes = measured["modes"]
        assert measured["file"] == str(labelled_file)
        assert set(modes) == {"lexical", "vector", "hybrid"}
        assert modes["hybrid"]["overall"]["queries"] > 20
        assert set(modes["hybrid"]["overall"]) == {"recall@5", "recall@10", "hit@5", "mrr", "queries"}
        assert modes["hybrid"]["overall"]["recall@10"] >= modes["lexical"]["overall"]["recall@10"]

    def test_running_it_twice_imports_and_indexes_nothing_new_and_agrees(self, labelled_file):
        first = json.loads(eval_output(str(labelled_file), "--json"))
        entries = TurnIndexEntry.objects.count()

        second = json.loads(eval_output(str(labelled_file), "--json"))

        assert second == first
        assert TurnIndexEntry.objects.count() == entries

    def test_several_files_get_a_table_each_and_a_macro_average(self, labelled_file, second_labelled_file):
        document = json.loads(eval_output(str(labelled_file), str(second_labelled_file), "--json"))

        one, two = (entry["modes"] for entry in document["files"])
        macro = document["macro_average"]
        for mode in ("lexical", "vector", "hybrid"):
            expected = (one[mode]["overall"]["recall@10"] + two[mode]["overall"]["recall@10"]) / 2
            assert macro[mode]["overall"]["recall@10"] == pytest.approx(expected)
            assert macro[mode]["overall"]["files"] == 2
            assert macro[mode]["overall"]["queries"] == (
                one[mode]["overall"]["queries"] + two[mode]["overall"]["queries"]
            )
        text = eval_output(str(labelled_file), str(second_labelled_file))
        assert text.count("hybrid   overall") == 3
        assert "macro average over 2 file(s)" in text

    def test_tuning_can_be_changed_for_one_run_and_is_printed(self, labelled_file):
        document = json.loads(
            eval_output(str(labelled_file), "--json", "--tuning", "fusion=rrf", "--tuning", "rrf_k=60")
        )

        assert document["tuning"]["fusion"] == "rrf"
        assert document["tuning"]["rrf_k"] == 60
        assert "fusion=rrf" in eval_output(str(labelled_file), "--tuning", "fusion=rrf", "--mode", "hybrid")

    @pytest.mark.parametrize("setting", ["rrf_k", "speed=fast", "rrf_k=ten", "fusion=magic"])
    def test_a_bad_tuning_is_refused_with_the_names_it_takes(self, labelled_file, setting):
        with pytest.raises(CommandError, match=r"tuning|fusion"):
            eval_output(str(labelled_file), "--tuning", setting)

    def test_only_the_modes_asked_for_are_measured(self, labelled_file):
        document = json.loads(eval_output(str(labelled_file), "--json", "--mode", "lexical"))

        assert set(document["files"][0]["modes"]) == {"lexical"}

    def test_a_missing_file_is_named(self, labelled_file, tmp_path):
        with pytest.raises(CommandError, match=r"nothing-here\.jsonl"):
            eval_output(str(labelled_file), str(tmp_path / "nothing-here.jsonl"))
