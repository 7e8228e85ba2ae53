"""Deterministic demo data: ~50 realistic customer-support conversations with gold labels.

Why this exists: memadmin has to be shown (and scored) end to end without a model or a network.
Every conversation comes in the import format together with the facts a careful annotator would
pin (``gold_facts``) and retrieval questions a customer might ask later (``queries``), so fact
extraction and recall can be measured against known answers.

A handful of named scenarios cover the hard cases of conversation memory: a fact changed early
in a 240-turn conversation, a corrected fact, a temporary preference, tool results, a request to
forget, a prompt injection, and two parallel conversations of one person that must not leak.

Everything is drawn from one ``random.Random(seed)`` and dated from fixed 2026 base dates (never
the clock), so the same seed always gives byte-identical output. Standard library only.

The package reads by topic: ``tables`` (constants, names, places, small talk), ``builder`` (a
person and a conversation under construction), ``everyday`` (six everyday support matters),
``scenarios`` (the named hard cases), and here the loader that draws them in a fixed order.
"""

from __future__ import annotations

import random

from conversations.demo.builder import _person
from conversations.demo.everyday import _ARCHETYPES
from conversations.demo.scenarios import (
    _corrected_city,
    _forget_request,
    _long_furnishing,
    _prompt_injection,
    _same_subject_laptop,
    _same_subject_tv,
    _temporary_preference,
    _tool_calls,
)
from conversations.demo.tables import (
    DEFAULT_SEED,
    FACT_TYPES,
    GENERIC_COUNT,
    LONG_TURNS,
    QUERY_CATEGORIES,
    ROLES,
    SCENARIO_IDS,
)

__all__ = [
    "DEFAULT_SEED",
    "FACT_TYPES",
    "GENERIC_COUNT",
    "LONG_TURNS",
    "QUERY_CATEGORIES",
    "ROLES",
    "SCENARIO_IDS",
    "demo_conversations",
]


def demo_conversations(*, seed: int = DEFAULT_SEED) -> list[dict]:
    """Return the demo conversations in the import format (one dict per conversation).

    Forty-two everyday conversations (``demo-001`` …) followed by the named scenarios of
    ``SCENARIO_IDS``. JSON-serialisable; the same seed gives the same output, byte for byte.
    """
    rng = random.Random(seed)
    subjects = [f"cust-{n}" for n in rng.sample(range(100, 1000), GENERIC_COUNT + 7)]
    conversations = []
    for i in range(GENERIC_COUNT):
        person = _person(rng, subjects[i], rng.choice(("uk", "uk", "us", "eu")))
        conversations.append(_ARCHETYPES[i % len(_ARCHETYPES)](rng, f"demo-{i + 1:03d}", person))
    scenario = iter(subjects[GENERIC_COUNT:])
    conversations.append(_long_furnishing(rng, _person(rng, next(scenario), "uk")))
    conversations.append(_corrected_city(rng, _person(rng, next(scenario), "eu", "Brussels")))
    conversations.append(_temporary_preference(rng, _person(rng, next(scenario), "uk")))
    conversations.append(_tool_calls(rng, _person(rng, next(scenario), "us")))
    conversations.append(_forget_request(rng, _person(rng, next(scenario), "uk")))
    conversations.append(_prompt_injection(rng, _person(rng, next(scenario), "uk")))
    twin = _person(rng, next(scenario), "us")
    conversations.append(_same_subject_laptop(rng, twin))
    conversations.append(_same_subject_tv(rng, twin))
    return conversations


QUEUE_COUNT = 7
TWO_ANNOTATORS_ID = "demo-queue-07-two-annotators"


def demo_queue_conversations(*, seed: int = DEFAULT_SEED) -> tuple[list[dict], dict[str, list[dict]]]:
    """Conversations waiting for QA: everyday matters imported with no gold facts and no labelled
    questions, so the labelling queue has work in it. Returns the records (``demo-queue-01`` …,
    the last one ``TWO_ANNOTATORS_ID``) and, by external id, the facts a careful annotator would
    label in each (type, key, value, source_seq), for the demo's annotators to start from.

    Drawn from their own ``random.Random``, so ``demo_conversations`` stays as it was.
    """
    rng = random.Random(seed + 1)
    subjects = [f"cust-{n}" for n in rng.sample(range(1000, 2000), QUEUE_COUNT)]
    records, facts = [], {}
    for i, subject in enumerate(subjects):
        eid = TWO_ANNOTATORS_ID if i == QUEUE_COUNT - 1 else f"demo-queue-{i + 1:02d}"
        person = _person(rng, subject, rng.choice(("uk", "us", "eu")))
        record = _ARCHETYPES[(i + 1) % len(_ARCHETYPES)](rng, eid, person)
        facts[eid] = record.pop("gold_facts")
        record.pop("queries", None)
        records.append(record)
    return records, facts
