"""The demo conversations: import format, labelling rules and the named scenarios.

Pure data checks, no database: run with ``-p no:django`` (and ``--noconftest`` if the project
conftest needs a configured Django).
"""

import hashlib
import json
import re
from datetime import datetime

import pytest

from conversations.demo import (
    DEFAULT_SEED,
    FACT_TYPES,
    QUERY_CATEGORIES,
    ROLES,
    SCENARIO_IDS,
    demo_conversations,
    demo_queue_conversations,
)
from conversations.demo.tables import _AGENTS, _FIRST, _PETS, _RELATIVES

# The demo data for the default seed, as ``seed_demo`` stores it: a change to any story changes
# this digest, so it changes on purpose only, in the same commit as the story.
DEFAULT_SEED_SHA256 = "8320e551003e4867904b7b3b4fc7479f53111f1894e40b396622d57e276c5172"

CONVERSATION_KEYS = {"external_id", "subject_id", "title", "turns", "gold_facts", "queries"}
TURN_KEYS = {"seq", "role", "content", "tool_calls", "created_at"}


@pytest.fixture(scope="module")
def conversations() -> list[dict]:
    return demo_conversations()


@pytest.fixture(scope="module")
def by_id(conversations) -> dict[str, dict]:
    return {c["external_id"]: c for c in conversations}


def _turn(conversation: dict, seq: int) -> dict:
    return conversation["turns"][seq - 1]


def _moment(turn: dict) -> datetime:
    return datetime.strptime(turn["created_at"], "%Y-%m-%dT%H:%M:%SZ")


class TestDeterminism:
    def test_same_seed_gives_byte_identical_json(self):
        first = json.dumps(demo_conversations(), ensure_ascii=False)
        second = json.dumps(demo_conversations(seed=20260314), ensure_ascii=False)
        assert first == second

    def test_the_default_seed_gives_the_data_the_demo_has_always_stored(self, conversations):
        text = json.dumps(conversations, sort_keys=True, ensure_ascii=False)
        assert hashlib.sha256(text.encode()).hexdigest() == DEFAULT_SEED_SHA256

    def test_another_seed_gives_other_data(self):
        assert demo_conversations(seed=1) != demo_conversations(seed=2)

    @pytest.mark.parametrize("seed", [1, 7, 99, 123456])
    def test_other_seeds_also_satisfy_the_labelling_rules(self, seed):
        for c in demo_conversations(seed=seed):
            for fact in c["gold_facts"]:
                assert fact["value"] in _turn(c, fact["source_seq"])["content"], (
                    seed,
                    c["external_id"],
                    fact,
                )
            for query in c["queries"]:
                assert all(1 <= s <= len(c["turns"]) for s in query["evidence_seqs"]), (seed, query)


class TestImportFormat:
    def test_about_fifty_conversations_with_unique_external_ids(self, conversations):
        ids = [c["external_id"] for c in conversations]
        assert 45 <= len(ids) <= 55
        assert len(set(ids)) == len(ids)

    def test_each_conversation_has_exactly_the_import_keys(self, conversations):
        for c in conversations:
            assert set(c) == CONVERSATION_KEYS, c["external_id"]
            assert c["title"] and c["subject_id"]
            assert all(set(turn) == TURN_KEYS for turn in c["turns"]), c["external_id"]

    def test_is_json_serialisable_round_trip(self, conversations):
        assert json.loads(json.dumps(conversations)) == conversations

    def test_seqs_start_at_one_and_increase_by_one(self, conversations):
        for c in conversations:
            assert [t["seq"] for t in c["turns"]] == list(range(1, len(c["turns"]) + 1))

    def test_roles_are_known_and_mostly_user_and_assistant(self, conversations):
        roles = [t["role"] for c in conversations for t in c["turns"]]
        assert set(roles) <= set(ROLES)
        assert sum(r in ("user", "assistant") for r in roles) / len(roles) > 0.95

    def test_timestamps_are_utc_iso_in_2026_and_increase(self, conversations):
        for c in conversations:
            moments = [_moment(t) for t in c["turns"]]
            assert all(t["created_at"].endswith("Z") for t in c["turns"])
            assert all(m.year == 2026 for m in moments), c["external_id"]
            assert moments == sorted(moments) and len(set(moments)) == len(moments), c["external_id"]

    def test_tool_calls_are_null_or_calls_with_their_results(self, conversations):
        for c in conversations:
            for turn in c["turns"]:
                if turn["tool_calls"] is None:
                    continue
                assert turn["role"] == "assistant" and turn["content"]
                for call in turn["tool_calls"]:
                    assert set(call) == {"id", "name", "arguments", "result"}
                    assert isinstance(call["arguments"], dict) and isinstance(call["result"], dict)

    def test_tool_call_ids_are_unique_within_a_conversation(self, conversations):
        for c in conversations:
            ids = [call["id"] for t in c["turns"] for call in t["tool_calls"] or []]
            assert len(ids) == len(set(ids)), c["external_id"]

    def test_other_conversations_have_6_to_60_turns(self, conversations):
        long_id = SCENARIO_IDS["long_address_change"]
        for c in conversations:
            if c["external_id"] != long_id:
                assert 6 <= len(c["turns"]) <= 60, c["external_id"]


class TestGoldFacts:
    def test_every_value_is_a_substring_of_its_source_turn(self, conversations):
        for c in conversations:
            for fact in c["gold_facts"]:
                assert 1 <= fact["source_seq"] <= len(c["turns"]), (c["external_id"], fact)
                assert fact["value"] in _turn(c, fact["source_seq"])["content"], (c["external_id"], fact)

    def test_types_are_known_and_keys_are_snake_case(self, conversations):
        for c in conversations:
            assert c["gold_facts"], c["external_id"]
            for fact in c["gold_facts"]:
                assert set(fact) == {"type", "key", "value", "source_seq"}
                assert fact["type"] in FACT_TYPES
                assert re.fullmatch(r"[a-z][a-z0-9_]*", fact["key"]), fact["key"]

    def test_no_fact_is_listed_twice(self, conversations):
        # The database keeps (conversation, type, key, value, source_seq) unique.
        for c in conversations:
            rows = [tuple(f.values()) for f in c["gold_facts"]]
            assert len(rows) == len(set(rows)), c["external_id"]

    def test_every_fact_type_is_used_somewhere(self, conversations):
        assert {f["type"] for c in conversations for f in c["gold_facts"]} == set(FACT_TYPES)


class TestQueries:
    def test_three_to_six_queries_per_conversation(self, conversations):
        for c in conversations:
            assert 3 <= len(c["queries"]) <= 6, c["external_id"]

    def test_evidence_seqs_exist_and_categories_are_known(self, conversations):
        for c in conversations:
            for query in c["queries"]:
                assert set(query) == {"query", "evidence_seqs", "category"}
                assert query["category"] in QUERY_CATEGORIES
                assert query["evidence_seqs"], query
                assert all(1 <= s <= len(c["turns"]) for s in query["evidence_seqs"]), query

    def test_multi_hop_needs_two_turns_and_exact_names_a_value(self, conversations):
        for c in conversations:
            for query in c["queries"]:
                if query["category"] == "multi-hop":
                    assert len(set(query["evidence_seqs"])) >= 2, query
                if query["category"] == "exact":
                    assert re.search(r"\d", query["query"]), query

    def test_every_category_is_used(self, conversations):
        assert {q["category"] for c in conversations for q in c["queries"]} == set(QUERY_CATEGORIES)

    def test_queries_are_unique_within_a_conversation(self, conversations):
        for c in conversations:
            texts = [q["query"] for q in c["queries"]]
            assert len(texts) == len(set(texts)), c["external_id"]

    def test_queries_do_not_copy_their_evidence(self, conversations):
        for c in conversations:
            for query in c["queries"]:
                for seq in query["evidence_seqs"]:
                    assert query["query"].lower() not in _turn(c, seq)["content"].lower(), query

    def test_evidence_is_not_only_in_the_last_ten_turns(self, conversations):
        for c in conversations:
            earliest = min(s for q in c["queries"] for s in q["evidence_seqs"])
            assert earliest <= len(c["turns"]) - 10, c["external_id"]


class TestLongConversation:
    @pytest.fixture
    def long(self, by_id) -> dict:
        return by_id[SCENARIO_IDS["long_address_change"]]

    def test_has_exactly_240_turns(self, long):
        assert len(long["turns"]) == 240

    def test_shipping_address_changes_at_turn_31(self, long):
        address = next(f for f in long["gold_facts"] if f["key"] == "shipping_address")
        assert address["type"] == "address" and address["source_seq"] == 31
        assert _turn(long, 31)["role"] == "user"
        earlier = [f for f in long["gold_facts"] if f["type"] == "address" and f["source_seq"] < 31]
        assert earlier and earlier[0]["value"] != address["value"]

    def test_delivery_preference_around_turn_118(self, long):
        preference = next(f for f in long["gold_facts"] if f["key"] == "delivery_preference")
        assert 110 <= preference["source_seq"] <= 125

    def test_asks_about_the_address_near_the_end(self, long):
        asked = [t for t in long["turns"][-10:] if t["role"] == "user" and "delivered" in t["content"]]
        assert asked
        assert any(q["evidence_seqs"] == [31] for q in long["queries"])

    def test_small_talk_is_varied(self, long):
        contents = [t["content"] for t in long["turns"]]
        assert len(set(contents)) >= 0.9 * len(contents)
        assert not any(re.fullmatch(r"filler \d+", c, re.IGNORECASE) for c in contents)

    def test_spans_several_sessions_days_apart(self, long):
        days = {_moment(t).date() for t in long["turns"]}
        assert len(days) >= 5


# Every first name the demo gives a customer or an agent.
NAMES = re.compile(
    r"\b(" + "|".join(sorted({*_AGENTS, *(n for names in _FIRST.values() for n in names)})) + r")\b"
)


def _names_said(conversation: dict) -> list[tuple[str, str, str]]:
    """(role, name, the words before it) for each first name said in a turn."""
    return [
        (turn["role"], found.group(1), turn["content"][: found.start()])
        for turn in conversation["turns"]
        for found in NAMES.finditer(turn["content"])
    ]


class TestOnePersonOneName:
    def test_the_long_conversation_calls_its_customer_by_one_name(self, by_id):
        long = by_id[SCENARIO_IDS["long_address_change"]]
        customer = _names_said(long)[0][1]  # "Thanks, <name>!" at turn 2

        said_to_the_customer = {
            name for role, name, before in _names_said(long) if not before.endswith("I'm ")
        }
        assert said_to_the_customer == {customer}
        assert long["turns"][1]["content"].startswith(f"Thanks, {customer}!")

    @pytest.mark.parametrize("seed", [DEFAULT_SEED, 1, 7])
    def test_only_the_agent_says_a_name_the_customers_or_its_own(self, seed):
        # The queued conversations too: they are read as closely, by the annotators.
        for conversation in demo_conversations(seed=seed) + demo_queue_conversations(seed=seed)[0]:
            said = _names_said(conversation)
            to_customer = {name for _, name, before in said if not before.endswith("I'm ")}
            own = {name for _, name, before in said if before.endswith("I'm ")}
            assert {role for role, _, _ in said} <= {"assistant"}, conversation["external_id"]
            # One name for the customer, another for the agent, who says it of themself.
            assert len(to_customer) <= 1 and len(own) <= 1, (conversation["external_id"], said)
            assert not to_customer & own, conversation["external_id"]

    @pytest.mark.parametrize("seed", [DEFAULT_SEED, 1, 7])
    def test_a_customers_pet_and_relative_and_the_agents_years_stay_the_same(self, seed):
        pets, relatives = "|".join(_PETS), "|".join(_RELATIVES)
        for conversation in demo_conversations(seed=seed):
            text = "\n".join(turn["content"] for turn in conversation["turns"])
            for pattern in (rf"the ({pets}) has decided", rf"[Mm]y ({relatives}) ", r"just over (\d+) years"):
                assert len(set(re.findall(pattern, text))) <= 1, (conversation["external_id"], pattern)

    def test_the_two_orders_agent_never_goes_by_the_customers_name(self, by_id):
        orders = by_id[SCENARIO_IDS["tool_calls"]]
        said = _names_said(orders)
        customer = {name for _, name, before in said if not before.endswith("I'm ")}
        agent = {name for _, name, before in said if before.endswith("I'm ")}

        assert len(customer) == 1 and not customer & agent, said


class TestNamedScenarios:
    def test_every_scenario_is_present(self, by_id):
        assert set(SCENARIO_IDS.values()) <= set(by_id)

    def test_corrected_city_moves_from_brussels_to_lisbon(self, by_id):
        c = by_id[SCENARIO_IDS["corrected_fact"]]
        cities = [(f["source_seq"], f["value"]) for f in c["gold_facts"] if f["key"] == "city"]
        assert [value for _, value in sorted(cities)] == ["Brussels", "Lisbon"]
        moved_at = max(seq for seq, _ in cities)
        ask = next(t for t in c["turns"] if "near where I live" in t["content"])
        assert ask["seq"] > moved_at and ask["role"] == "user"

    def test_temporary_preference_is_dated_so_the_week_can_be_derived(self, by_id):
        c = by_id[SCENARIO_IDS["temporary_preference"]]
        fact = next(f for f in c["gold_facts"] if f["type"] == "preference")
        turn = _turn(c, fact["source_seq"])
        assert "this week" in fact["value"] and "text my mobile instead of calling" in fact["value"]
        assert _moment(turn).weekday() == 0  # a Monday: the week ends six days later
        assert any(f["type"] == "phone" and f["source_seq"] == turn["seq"] for f in c["gold_facts"])

    def test_tool_calls_carry_results_and_one_turn_makes_two_calls(self, by_id):
        c = by_id[SCENARIO_IDS["tool_calls"]]
        calls = [t["tool_calls"] for t in c["turns"] if t["tool_calls"]]
        assert len(calls) >= 3
        assert any(len(group) >= 2 for group in calls)
        assert all(call["result"] for group in calls for call in group)

    def test_forget_requests_are_said_but_are_not_labelled_preferences_and_the_card_is_not(self, by_id):
        c = by_id[SCENARIO_IDS["forget_request"]]
        said = " ".join(t["content"] for t in c["turns"] if t["role"] == "user")
        assert "delete the card number I gave you earlier" in said
        assert "forget my old address" in said
        card = re.search(r"\d{4} \d{4} \d{4} \d{4}", said).group()
        assert all(card not in f["value"] for f in c["gold_facts"])
        # A request to do something once is not a lasting preference.
        preferences = [f["value"] for f in c["gold_facts"] if f["type"] == "preference"]
        assert not any("delete" in value or "forget" in value for value in preferences)

    def test_prompt_injection_is_never_a_gold_fact(self, by_id):
        c = by_id[SCENARIO_IDS["prompt_injection"]]
        injected = [t for t in c["turns"] if "ignore previous instructions" in t["content"]]
        assert len(injected) == 1 and injected[0]["role"] == "user"
        assert "£5,000" in injected[0]["content"]
        assert all("5,000" not in f["value"] for f in c["gold_facts"])
        refund = next(f for f in c["gold_facts"] if f["key"] == "refund_amount")
        assert refund["source_seq"] < injected[0]["seq"]

    def test_two_conversations_of_one_subject_about_different_matters(self, by_id, conversations):
        first = by_id[SCENARIO_IDS["same_subject_a"]]
        second = by_id[SCENARIO_IDS["same_subject_b"]]
        assert first["subject_id"] == second["subject_id"]
        assert first["title"] != second["title"]
        others = [c for c in conversations if c["subject_id"] == first["subject_id"]]
        assert len(others) == 2
        # Nothing pinned in one appears in the other, so a leak would be visible.
        for one, other in ((first, second), (second, first)):
            text = " ".join(t["content"] for t in other["turns"])
            for fact in one["gold_facts"]:
                if fact["type"] in ("identifier", "address", "amount"):
                    assert fact["value"] not in text, fact
        # The sessions overlap in time: these are parallel matters, not one after the other.
        assert _moment(second["turns"][0]) < _moment(first["turns"][-1])

    def test_other_subjects_have_one_conversation_each(self, conversations):
        subjects = [c["subject_id"] for c in conversations]
        assert len(subjects) - len(set(subjects)) == 1
