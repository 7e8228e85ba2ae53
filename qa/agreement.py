"""How far two annotators agree on the facts of one conversation.

Facts are paired by type and normalised value (``facts.evaluation.normalised_value``: "$1,200"
and "1200 dollars" are one amount), one to one, in the order they were labelled; the turn does
not matter, since a value repeated in two turns is one fact to both annotators. What is left is
paired where the two labelled the same words differently (the same turn and overlapping words, or
the same text): such a pair is one fact given two types, or two values. The rest was labelled by
one annotator only.

- agreement rate: pairs with the same type and value / every fact either labelled (each pair
  counting once);
- Cohen's kappa over fact types: each fact is one item, each annotator's category the type they
  gave it or "not labelled"; kappa = (p_o - p_e) / (1 - p_e), p_o the share of items in one
  category for both, p_e the share expected by chance from each annotator's own category shares.
  When chance agreement is certain (p_e = 1) kappa is 1 if they agree on every item.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from facts.evaluation import normalised_value

NOT_LABELLED = "not labelled"


class Labelled(Protocol):
    type: str
    value: str
    source_seq: int
    span_start: int
    span_end: int


@dataclass(frozen=True)
class Item:
    """One fact of the conversation as the two annotators labelled it (None: not labelled)."""

    a: Labelled | None
    b: Labelled | None
    agreed: bool = False  # the same type and normalised value

    @property
    def status(self) -> str:
        if self.agreed:
            return "agreed"
        if self.a is not None and self.b is not None:
            return "type differs" if self.a.type != self.b.type else "value differs"
        return "first only" if self.a is not None else "second only"

    @property
    def categories(self) -> tuple[str, str]:
        return (self.a.type if self.a else NOT_LABELLED, self.b.type if self.b else NOT_LABELLED)


@dataclass(frozen=True)
class Agreement:
    items: list[Item]
    agreed: int
    rate: float | None
    kappa: float | None

    def as_dict(self) -> dict:
        return {
            "facts": len(self.items),
            "agreed": self.agreed,
            "rate": self.rate,
            "kappa": self.kappa,
            "type_differs": sum(i.status == "type differs" for i in self.items),
            "value_differs": sum(i.status == "value differs" for i in self.items),
            "first_only": sum(i.status == "first only" for i in self.items),
            "second_only": sum(i.status == "second only" for i in self.items),
        }


def _loose(value: str) -> str:
    return re.sub(r"\W", "", value.lower())


def _same_words(x: Labelled, y: Labelled) -> bool:
    overlap = x.source_seq == y.source_seq and x.span_start < y.span_end and y.span_start < x.span_end
    return overlap or _loose(x.value) == _loose(y.value)


def compare(
    first: Sequence[Labelled], second: Sequence[Labelled], *, when: Callable[[int], date]
) -> Agreement:
    """Pair the two annotators' labels and measure their agreement. ``when(seq)`` is the date of a
    turn, against which a date without a year is read."""

    def key(label: Labelled) -> tuple[str, str]:
        return label.type, normalised_value(label.type, label.value, when(label.source_seq))

    items: list[Item] = []
    rest_b = list(second)
    rest_a: list[Labelled] = []
    for a in first:
        match = next((b for b in rest_b if key(b) == key(a)), None)
        if match is None:
            rest_a.append(a)
        else:
            rest_b.remove(match)
            items.append(Item(a, match, agreed=True))
    agreed = len(items)
    for a in rest_a:
        match = next((b for b in rest_b if _same_words(a, b)), None)
        if match is not None:
            rest_b.remove(match)
        items.append(Item(a, match))
    items += [Item(None, b) for b in rest_b]
    return Agreement(items, agreed, _rate(agreed, len(items)), cohens_kappa([i.categories for i in items]))


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def cohens_kappa(pairs: Sequence[tuple[str, str]]) -> float | None:
    """Cohen's kappa of two raters' categories for the same items; None for no items."""
    n = len(pairs)
    if not n:
        return None
    observed = sum(a == b for a, b in pairs) / n
    first, second = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    expected = sum(first[c] * second[c] for c in first) / (n * n)
    if expected == 1:
        return 1.0 if observed == 1 else 0.0
    return round((observed - expected) / (1 - expected), 4)
