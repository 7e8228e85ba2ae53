"""The context inspector's reading of one snapshot: layers, budget, sources, and today's difference.

A snapshot stores the array as sent and, beside it, which rows each layer
came from. This module lines the two up message by message, finds the rows
they name (each kind in one query), and compares the array with what
assembly would send for the same message today (``context_preview``, which
stores nothing).
"""

import difflib
from dataclasses import dataclass, field

from conversations.assembly import LAYER_ORDER, retrieved_label
from conversations.models import ContextSnapshot, Summary
from facts.models import FactRevision, PinnedFact
from memadmin.tokens import ESTIMATE

LAYER_LABELS = {
    "system": "system prompt",
    "static_summary": "durable summary",
    "rolling_summary": "rolling summary",
    "retrieved": "retrieved turns",
    "recent": "recent window",
    "pinned_facts": "pinned facts",
    "message": "message",
}
# Short names for the bar, where space is tight; the legend has the long ones.
BAR_LABELS = {
    "system": "system",
    "static_summary": "durable",
    "rolling_summary": "rolling",
    "retrieved": "retrieved",
    "recent": "recent",
    "pinned_facts": "facts",
    "message": "msg",
}
# About how wide the bars are drawn, and a character of their labels, in CSS pixels:
# a label is drawn inside its segment only where it fits; the legend names every layer.
BAR_PIXELS = 960
LABEL_CHAR_PIXELS = 7.5


@dataclass
class Excerpt:
    """One retrieved turn in the retrieved message: who said it, its tokens, and why it was retrieved."""

    seq: int
    speaker: str
    tokens: int | None  # its own count (the message's count is the layer's); None in older snapshots
    source: dict


@dataclass
class Piece:
    """One message of the array, with what it came from."""

    index: int
    role: str
    content: str
    tokens: int | None
    source: dict = field(default_factory=dict)
    excerpts: list[Excerpt] = field(default_factory=list)  # the retrieved turns it holds


@dataclass
class Layer:
    key: str
    label: str
    tokens: int
    percent: float  # of the budget
    width: float  # of the budget bar: the budget, or the total when over it
    used_width: float  # of the bar of the tokens used
    pieces: list[Piece] = field(default_factory=list)
    now_summary: Summary | None = None  # for a summary layer: the current version of that summary

    @property
    def bar_label(self) -> str:
        return f"{BAR_LABELS.get(self.key, self.key)} {self.tokens:,}"

    @property
    def labelled_in_bar(self) -> bool:
        return _fits(self.bar_label, self.width)

    @property
    def labelled_in_used_bar(self) -> bool:
        return _fits(self.bar_label, self.used_width)


def _fits(label: str, percent: float) -> bool:
    return percent / 100 * BAR_PIXELS >= len(label) * LABEL_CHAR_PIXELS + 12


@dataclass
class LayerDiff:
    key: str
    label: str
    tokens_then: int
    tokens_now: int
    lines: list[tuple[str, str]]  # ("+" | "-" | " ", text), changed lines with a little context
    notes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.notes) or any(op != " " for op, _ in self.lines)

    @property
    def delta(self) -> int:
        return self.tokens_now - self.tokens_then


def method_label(method: str) -> str:
    if method == ESTIMATE:
        return "estimate (about four characters a token; no encoding on disk)"
    return f"exact ({method} encoding)"


def message_layers(snapshot: ContextSnapshot) -> list[str]:
    """The layer of each message, as recorded (re-derived from the layers for older snapshots)."""
    layers = snapshot.layers or {}
    recorded = layers.get("message_layers")
    if recorded and len(recorded) == len(snapshot.messages):
        return recorded
    derived = ["system"]
    derived += ["static_summary"] if layers.get("static_summary") else []
    derived += ["rolling_summary"] if layers.get("rolling_summary") else []
    after = ["recent"] * len(layers.get("recent_seqs", []))
    after += ["pinned_facts"] if snapshot.token_counts.get("pinned_facts") else []
    after += ["message"]
    retrieved = len(layers.get("retrieved", []))
    # Retrieved turns were once sent a message each; now they are one message.
    for sent in dict.fromkeys([min(retrieved, 1), retrieved]):
        if len(derived) + sent + len(after) == len(snapshot.messages):
            return derived + ["retrieved"] * sent + after
    return ["unknown"] * len(snapshot.messages)


def layers_of(snapshot: ContextSnapshot) -> list[Layer]:
    """The array as sent, grouped by layer in assembly order, each message with its source."""
    kinds = message_layers(snapshot)
    tokens = (snapshot.layers or {}).get("message_tokens") or [None] * len(kinds)
    refs = snapshot.layers or {}
    by_layer: dict[str, list[Piece]] = {}
    retrieved = list(refs.get("retrieved", []))
    recent = iter(refs.get("recent_seqs", []))
    for index, (message, kind, count) in enumerate(zip(snapshot.messages, kinds, tokens, strict=False)):
        source: dict = {}
        if kind in ("static_summary", "rolling_summary"):
            source = refs.get(kind) or {}
        elif kind == "recent":
            source = {"seq": next(recent, None)}
        piece = Piece(index, message.get("role", ""), message.get("content", ""), count, source)
        if kind == "retrieved":
            piece.excerpts = _excerpts_in(piece.content, retrieved)
        by_layer.setdefault(kind, []).append(piece)
    budget = snapshot.budget or 1
    total = snapshot.token_counts.get("total", 0)
    scale = max(budget, total)
    order = [key for key in LAYER_ORDER if key in by_layer] + [k for k in by_layer if k not in LAYER_ORDER]
    return [
        Layer(
            key=key,
            label=LAYER_LABELS.get(key, key),
            tokens=snapshot.token_counts.get(key, 0),
            percent=round(100 * snapshot.token_counts.get(key, 0) / budget, 1),
            width=round(100 * snapshot.token_counts.get(key, 0) / scale, 2),
            used_width=round(100 * snapshot.token_counts.get(key, 0) / (total or 1), 2),
            pieces=by_layer[key],
        )
        for key in order
    ]


def _excerpts_in(content: str, refs: list[dict]) -> list[Excerpt]:
    """The retrieved turns this message holds, taken from the front of ``refs`` in the order sent.

    An older snapshot sent each turn as a message of its own; a newer one sends them all in one.
    """
    excerpts: list[Excerpt] = []
    at = 0
    while refs:
        found = content.find(retrieved_label(refs[0]["seq"]), at)
        if found < 0:
            break
        ref = refs.pop(0)
        excerpts.append(Excerpt(ref["seq"], ref.get("speaker", ""), ref.get("tokens"), ref))
        at = found + 1
    return excerpts


def current_summaries(snapshot: ContextSnapshot) -> dict[str, Summary]:
    """The conversation's newest summary of each kind (without their bodies), in one query."""
    latest = (
        Summary.objects.filter(conversation_id=snapshot.conversation_id)
        .order_by("kind", "-version")
        .distinct("kind")
        .only("id", "kind", "version", "upto_seq", "created_at", "stale_values")
    )
    return {f"{summary.kind}_summary": summary for summary in latest}


@dataclass
class FactSource:
    ref: dict
    fact: PinnedFact | None  # None: deleted since (a forget request)
    revision: FactRevision | None  # the fact's latest revision at the time of the snapshot
    card: PinnedFact | None = None  # the fact whose card shows it now: itself, or the one that replaced it

    @property
    def replaced(self) -> bool:
        return self.card is not None and self.fact is not None and self.card.pk != self.fact.pk


def fact_sources(snapshot: ContextSnapshot, *, limit: int | None = None) -> list[FactSource]:
    """Each pinned fact the snapshot sent, with its row now, its revision then and its card: two queries.

    The detail page shows a superseded fact inside the card of the fact that
    replaced it (the newest along ``superseded_by``), so that is where it links.
    """
    refs = ((snapshot.layers or {}).get("pinned_facts") or [])[:limit]
    ids = [ref["id"] for ref in refs]
    facts = {
        fact.pk: fact
        for fact in PinnedFact.objects.filter(conversation_id=snapshot.conversation_id).only(
            "id", "key", "value", "status", "superseded_by_id"
        )
    }
    revisions = {
        revision.fact_id: revision
        for revision in FactRevision.objects.filter(fact_id__in=ids, at__lte=snapshot.created_at)
        .select_related("actor")
        .order_by("fact_id", "-at", "-id")
        .distinct("fact_id")
    }
    return [
        FactSource(ref, facts.get(ref["id"]), revisions.get(ref["id"]), _newest(facts.get(ref["id"]), facts))
        for ref in refs
    ]


def _newest(fact: PinnedFact | None, facts: dict[int, PinnedFact]) -> PinnedFact | None:
    seen = set()
    while fact is not None and fact.superseded_by_id in facts and fact.pk not in seen:
        seen.add(fact.pk)
        fact = facts[fact.superseded_by_id]
    return fact


def cacheable_prefix_tokens(snapshot: ContextSnapshot, previous: ContextSnapshot | None) -> int | None:
    """Tokens of the leading messages this array shares with the conversation's previous one."""
    tokens = (snapshot.layers or {}).get("message_tokens")
    if previous is None or not tokens:
        return None
    shared = 0
    for index, (now, then) in enumerate(zip(snapshot.messages, previous.messages, strict=False)):
        if now != then:
            break
        shared += tokens[index]
    return shared


def diff_with_today(snapshot: ContextSnapshot, today: ContextSnapshot) -> list[LayerDiff]:
    """Layer by layer: tokens then and now, and the lines of text that changed."""
    then_layers, now_layers = _texts_by_layer(snapshot), _texts_by_layer(today)
    diffs = []
    for key in LAYER_ORDER:
        then_text, now_text = then_layers.get(key, ""), now_layers.get(key, "")
        diff = LayerDiff(
            key=key,
            label=LAYER_LABELS[key],
            tokens_then=snapshot.token_counts.get(key, 0),
            tokens_now=today.token_counts.get(key, 0),
            lines=_changed_lines(then_text, now_text),
        )
        diff.notes = _notes(key, snapshot.layers or {}, today.layers or {})
        diffs.append(diff)
    return diffs


def _texts_by_layer(snapshot: ContextSnapshot) -> dict[str, str]:
    texts: dict[str, list[str]] = {}
    for message, kind in zip(snapshot.messages, message_layers(snapshot), strict=False):
        texts.setdefault(kind, []).append(message.get("content", ""))
    return {kind: "\n".join(parts) for kind, parts in texts.items()}


def _changed_lines(then: str, now: str, context: int = 1) -> list[tuple[str, str]]:
    if then == now:
        return []
    lines: list[tuple[str, str]] = []
    for group in difflib.SequenceMatcher(a=then.splitlines(), b=now.splitlines()).get_grouped_opcodes(
        context
    ):
        if lines:
            lines.append(("…", ""))
        for op, a1, a2, b1, b2 in group:
            if op == "equal":
                lines += [(" ", line) for line in then.splitlines()[a1:a2]]
                continue
            lines += [("-", line) for line in then.splitlines()[a1:a2]]
            lines += [("+", line) for line in now.splitlines()[b1:b2]]
    return lines


def _notes(key: str, then: dict, now: dict) -> list[str]:
    """What changed in the layer's sources, in words."""
    if key in ("static_summary", "rolling_summary"):
        before, after = then.get(key) or {}, now.get(key) or {}
        if before.get("version") != after.get("version"):
            return [f"{_summary_words(before)} then, {_summary_words(after)} now"]
    if key == "retrieved":
        before = [ref["seq"] for ref in then.get("retrieved", [])]
        after = [ref["seq"] for ref in now.get("retrieved", [])]
        if before != after:
            return [f"turns {_seqs(before)} then, turns {_seqs(after)} now"]
    if key == "recent":
        before, after = then.get("recent_seqs", []), now.get("recent_seqs", [])
        if before != after:
            return [f"turns {_span(before)} then, turns {_span(after)} now"]
    if key == "pinned_facts":
        before = {(ref["key"], ref["id"]) for ref in then.get("pinned_facts", [])}
        after = {(ref["key"], ref["id"]) for ref in now.get("pinned_facts", [])}
        notes = [
            f"fact #{fact_id} ({fact_key}) no longer sent" for fact_key, fact_id in sorted(before - after)
        ]
        notes += [f"fact #{fact_id} ({fact_key}) sent now" for fact_key, fact_id in sorted(after - before)]
        return notes
    return []


def _summary_words(ref: dict) -> str:
    if not ref:
        return "none"
    return f"v{ref['version']} (covers turns 1–{ref['upto_seq']})"


def _seqs(seqs: list[int]) -> str:
    return ", ".join(str(seq) for seq in seqs) or "none"


def _span(seqs: list[int]) -> str:
    return f"{seqs[0]}–{seqs[-1]}" if seqs else "none"
