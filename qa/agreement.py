"""How far annotators agree on the facts of one conversation.

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

With more than two submitted sets (``compare_sets``) every pair is measured as above, the means
over the pairs are the overall rate and kappa (the mean of Cohen's kappas is Light's kappa), and
Fleiss' kappa measures all the sets at once over the facts lined up side by side.
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


# ------------------------------------------------------------------ every submitted set at once


@dataclass(frozen=True)
class Fact:
    """One fact as every annotator labelled it: ``labels[i]`` is set i's label of it, or None.

    ``majority`` are the sets in the largest group that gave it the same type and value."""

    labels: tuple[Labelled | None, ...]
    majority: tuple[int, ...]
    status: str

    @property
    def agreed(self) -> bool:
        return len(self.majority) == len(self.labels)

    @property
    def only(self) -> bool:
        """One set alone labelled it."""
        return sum(label is not None for label in self.labels) == 1

    @property
    def kept_by_default(self) -> bool:
        """Most annotators labelled it alike (for two: both did)."""
        return len(self.majority) * 2 > len(self.labels)

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(label.type if label else NOT_LABELLED for label in self.labels)

    @property
    def first_at(self) -> tuple[int, int]:
        return min((label.source_seq, label.span_start) for label in self.labels if label)


@dataclass(frozen=True)
class Pair:
    """Two annotators' agreement, as ``compare`` measures it."""

    first: int
    second: int
    first_name: str
    second_name: str
    agreement: Agreement


@dataclass(frozen=True)
class SetsAgreement:
    """Every submitted set compared: the facts side by side, each pair's agreement, and overall
    figures. ``rate`` and ``kappa`` are the means over the pairs (the mean of pairwise Cohen's
    kappas is Light's kappa; for two sets, Cohen's kappa itself); ``fleiss_kappa`` measures all
    the sets at once over the facts, from three sets on."""

    names: tuple[str, ...]
    facts: list[Fact]
    pairs: list[Pair]
    agreed: int
    rate: float | None
    kappa: float | None
    fleiss_kappa: float | None

    def as_dict(self) -> dict:
        return {
            "sets": len(self.names),
            "annotators": list(self.names),
            "facts": len(self.facts),
            "agreed": self.agreed,
            "rate": self.rate,
            "kappa": self.kappa,
            "fleiss_kappa": self.fleiss_kappa,
            "type_differs": sum(f.status == "type differs" for f in self.facts),
            "value_differs": sum(f.status == "value differs" for f in self.facts),
            "first_only": sum(f.labels[0] is not None and f.only for f in self.facts),
            "second_only": sum(f.labels[1] is not None and f.only for f in self.facts),
            "pairs": [
                {
                    "annotators": [p.first_name, p.second_name],
                    "facts": len(p.agreement.items),
                    "agreed": p.agreement.agreed,
                    "rate": p.agreement.rate,
                    "kappa": p.agreement.kappa,
                }
                for p in self.pairs
            ],
        }


def _status(labels: Sequence[Labelled | None], majority: Sequence[int], names: Sequence[str]) -> str:
    present = [i for i, label in enumerate(labels) if label is not None]
    if len(majority) == len(labels):
        return "agreed"
    if len(present) == 1:
        return f"only {names[present[0]]}"
    if len(majority) > 1:
        return f"{len(majority)} of {len(labels)} agree"
    types = {labels[i].type for i in present}
    return "type differs" if len(types) > 1 else "value differs"


def compare_sets(
    sets: Sequence[Sequence[Labelled]], *, names: Sequence[str], when: Callable[[int], date]
) -> SetsAgreement:
    """Line up every set's labels fact by fact, as ``compare`` pairs two: first by type and
    normalised value (at most one label of each set per fact), then a fact some sets missed takes
    another set's label of the same words. Each pair of sets is measured with ``compare``."""

    # Each label's key, worked out once: the lining-up below compares every label with many others.
    keys = {
        id(label): (label.type, normalised_value(label.type, label.value, when(label.source_seq)))
        for labels in sets
        for label in labels
    }

    def key(label: Labelled) -> tuple[str, str]:
        return keys[id(label)]

    width = len(sets)
    groups: list[list[Labelled | None]] = []
    for index, labels in enumerate(sets):
        for label in labels:
            group = next(
                (g for g in groups if g[index] is None and any(x and key(x) == key(label) for x in g)),
                None,
            )
            if group is None:
                group = [None] * width
                groups.append(group)
            group[index] = label
    merged: list[list[Labelled | None]] = []
    for group in groups:
        target = next(
            (
                m
                for m in merged
                if not _agreed_by_all(m, key)
                and all(a is None or b is None for a, b in zip(m, group, strict=True))
                and any(a and b and _same_words(a, b) for a in m for b in group)
            ),
            None,
        )
        if target is None:
            merged.append(group)
        else:
            for i, label in enumerate(group):
                target[i] = target[i] or label
    facts = []
    for group in merged:
        counts = Counter(key(x) for x in group if x is not None)
        top = counts.most_common(1)[0][0]
        majority = tuple(i for i, x in enumerate(group) if x is not None and key(x) == top)
        facts.append(Fact(tuple(group), majority, _status(group, majority, names)))
    facts.sort(key=lambda f: f.first_at)
    pairs = [
        Pair(i, j, names[i], names[j], compare(sets[i], sets[j], when=when))
        for i in range(width)
        for j in range(i + 1, width)
    ]
    rates = [p.agreement.rate for p in pairs if p.agreement.rate is not None]
    kappas = [p.agreement.kappa for p in pairs if p.agreement.kappa is not None]
    return SetsAgreement(
        names=tuple(names),
        facts=facts,
        pairs=pairs,
        agreed=sum(f.agreed for f in facts),
        rate=round(sum(rates) / len(rates), 4) if rates else None,
        kappa=round(sum(kappas) / len(kappas), 4) if kappas else None,
        fleiss_kappa=fleiss_kappa([f.categories for f in facts]) if width >= 3 else None,
    )


def _agreed_by_all(group: Sequence[Labelled | None], key) -> bool:
    return all(x is not None for x in group) and len({key(x) for x in group}) == 1


def fleiss_kappa(ratings: Sequence[Sequence[str]]) -> float | None:
    """Fleiss' kappa of several raters' categories for the same items (each item rated by every
    rater); None for no items. P_i is the share of agreeing rater pairs on item i, P_bar their
    mean, P_e the sum of the squared overall category shares; kappa = (P_bar - P_e) / (1 - P_e)."""
    if not ratings:
        return None
    raters = len(ratings[0])
    if raters < 2:
        return None
    items = len(ratings)
    totals: Counter[str] = Counter()
    agreeing = 0.0
    for row in ratings:
        counts = Counter(row)
        totals.update(counts)
        agreeing += sum(n * (n - 1) for n in counts.values()) / (raters * (raters - 1))
    observed = agreeing / items
    expected = sum((n / (items * raters)) ** 2 for n in totals.values())
    if expected == 1:
        return 1.0 if observed == 1 else 0.0
    return round((observed - expected) / (1 - expected), 4)
