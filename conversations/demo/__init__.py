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
