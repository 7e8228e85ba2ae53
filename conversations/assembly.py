"""Assembling the context for one model call, and keeping a snapshot of it.

The array, in this order (stable prefix first, so it can be cached):

1. the system prompt;
2. the static (durable) summary;
3. the rolling summary;
4. older turns retrieved for this message, in one system message: verbatim, in
   chronological order, each labelled ``[earlier in this conversation, turn N]``
   and led by its speaker (``user:``, ``assistant:``), never one of the recent
   window. One system message, not a message per turn in the turn's own role:
   a chat model reads an ``assistant`` message as its own words and a ``user``
   message as the person speaking now, and an excerpt is neither;
5. the recent window: the last ``MEMADMIN_RECENT_TURNS`` turns, always, verbatim;
6. the pinned facts, each with the turn it came from;
7. the current message.

When the array is over ``MEMADMIN_CONTEXT_BUDGET`` tokens, layers give way in
this order, and the snapshot says what gave way: retrieved turns, one at a
time out of their message (lowest fused score first), then the rolling
summary, then the static summary. The system prompt, the recent window, the
pinned facts and the message never give way; if they alone are over budget
the snapshot says so (``over_budget``).
"""

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from conversations.memory import ProviderEmbedder
from conversations.models import ContextSnapshot, Conversation, MemoryState, Summary, SummaryKind, Turn
from conversations.retrieval import search
from facts.models import PinnedFact
from facts.presentation import resolved_value, turns_label
from facts.services import uncaptured_topics
from facts.slots import is_single_valued
from memadmin.providers import get_provider
from memadmin.providers.base import Provider, ProviderError
from memadmin.tokens import token_counter

logger = logging.getLogger(__name__)

# Tokens a chat message costs beyond its content (role and separators), as
# OpenAI documents for its chat models.
MESSAGE_OVERHEAD_TOKENS = 4
LAYER_ORDER = (
    "system",
    "static_summary",
    "rolling_summary",
    "retrieved",
    "recent",
    "pinned_facts",
    "message",
)


@dataclass
class _Part:
    layer: str
    message: dict
    tokens: int
    ref: dict = field(default_factory=dict)


# Leads the retrieved turns' message: what they are, and whose words each one holds.
RETRIEVED_HEADING = (
    "Earlier in this conversation (retrieved for the current message; verbatim, oldest first). "
    "Each excerpt names its speaker: user is the customer, assistant is you, tool is a tool's answer."
)


def retrieved_label(seq: int) -> str:
    return f"[earlier in this conversation, turn {seq}]"


@dataclass
class _Excerpt:
    """One retrieved turn as it goes into the retrieved message, with why it was retrieved."""

    seq: int
    text: str  # its label, then "speaker: words"
    ref: dict
    score: float


def retrieved_message(excerpts: list["_Excerpt"]) -> str:
    """The retrieved turns as the model reads them: one text, a heading then each turn, oldest first."""
    return "\n\n".join([RETRIEVED_HEADING, *(excerpt.text for excerpt in excerpts)])


def context_assemble(
    *, conversation: Conversation, message: str, provider: Provider | None = None, today: date | None = None
) -> ContextSnapshot:
    """Build the array for ``message``, store it as a snapshot, and return the snapshot."""
    snapshot = context_preview(conversation=conversation, message=message, provider=provider, today=today)
    with transaction.atomic():
        snapshot.save()
    return snapshot


def context_preview(
    *, conversation: Conversation, message: str, provider: Provider | None = None, today: date | None = None
) -> ContextSnapshot:
    """What assembly would send for ``message`` now, as an unsaved snapshot; nothing is written.

    The context inspector compares a stored snapshot with this ("what today's
    memory would send"); ``context_assemble`` stores it.
    """
    provider = provider or get_provider()
    today = today or timezone.localdate()
    count = token_counter().count
    # Read, not get_or_create: a preview writes nothing.
    state = MemoryState.objects.filter(conversation=conversation).first() or MemoryState()
    recent_turns = list(
        Turn.objects.for_conversation(conversation).order_by("-seq")[: settings.MEMADMIN_RECENT_TURNS]
    )[::-1]
    recent_seqs = frozenset(t.seq for t in recent_turns)

    def part(layer: str, role: str, content: str, **kwargs) -> _Part:
        return _Part(
            layer, {"role": role, "content": content}, count(content) + MESSAGE_OVERHEAD_TOKENS, **kwargs
        )

    parts: list[_Part] = [part("system", "system", settings.MEMADMIN_SYSTEM_PROMPT)]
    for kind, layer, heading in (
        (SummaryKind.STATIC, "static_summary", "Durable summary of this conversation"),
        (SummaryKind.ROLLING, "rolling_summary", "Rolling summary of this conversation"),
    ):
        summary = _current_summary(conversation, kind)
        if summary and summary.body:
            ref = {"id": summary.pk, "version": summary.version, "upto_seq": summary.upto_seq}
            text = f"{heading} (turns up to {summary.upto_seq}):\n{summary.body}"
            parts.append(part(layer, "system", text, ref=ref))
    excerpts = []
    for turn, ref in _retrieved(conversation, message, provider, exclude=recent_seqs):
        text = f"{retrieved_label(turn.seq)}\n{_render(turn)}"
        # The excerpt's own tokens, for the inspector; the layer's count is the whole message's.
        excerpts.append(
            _Excerpt(turn.seq, text, {**ref, "speaker": turn.role, "tokens": count(text)}, ref["score"])
        )
    parts += [
        part("recent", _chat_role(t.role), _render(t, with_role=False), ref={"seq": t.seq})
        for t in recent_turns
    ]
    facts = list(
        PinnedFact.objects.for_conversation(conversation).current(today).order_by("source_seq", "id")
    )
    if facts or state.facts_upto_seq:
        uncaptured = uncaptured_topics(conversation=conversation, upto_seq=state.facts_upto_seq)
        refs = [
            {
                "id": f.pk,
                "key": f.key,
                "status": f.status,
                "origin": f.origin,
                "source_seq": f.source_seq,
                "source_seqs": f.turns,
                "needs_review": f.needs_review,
                "temporary_until": f.temporary_until.isoformat() if f.temporary_until else None,
            }
            for f in facts
        ]
        parts.append(
            part(
                "pinned_facts",
                "system",
                facts_block(facts, state.facts_upto_seq, uncaptured),
                ref={"facts": refs, "uncaptured": uncaptured},
            )
        )
    parts.append(part("message", "user", message))

    def retrieved_part(kept: list[_Excerpt]) -> _Part | None:
        if not kept:
            return None
        return part("retrieved", "system", retrieved_message(kept), ref={"turns": [e.ref for e in kept]})

    gave_way = _fit_to_budget(parts, excerpts, retrieved_part, settings.MEMADMIN_CONTEXT_BUDGET)
    return _snapshot(conversation, message, parts, gave_way, state, provider, recent_turns)


def facts_block(facts: list[PinnedFact], covered_upto: int, uncaptured: list[tuple[str, list[int]]]) -> str:
    """The pinned facts as the model reads them: exact values, each with the turns that said it.

    A relative value is shown as said with the date it names beside it ("Friday (Fri 23 Jan
    2026)"). Two values the extractor could not decide between are presented together as
    undecided, never as two certainties. The block also says how far the extractor has read, and
    which usual topics came up in those turns without a value being captured, so that "not
    listed" is not read as "never discussed".
    """
    lines = ["Pinned facts (exact values as the customer or agent said them; quote them exactly):"]
    undecided: dict[str, list[PinnedFact]] = {}
    for fact in facts:
        if fact.needs_review and fact.origin == PinnedFact.Origin.EXTRACTOR and is_single_valued(fact.key):
            undecided.setdefault(fact.key, []).append(fact)
    for fact in facts:
        group = undecided.get(fact.key, [])
        if len(group) > 1:
            if fact is group[0]:
                options = " or ".join(f"{f.value}{resolved_value(f)} [{turns_label(f)}]" for f in group)
                lines.append(
                    f"- {fact.key} ({fact.type}): UNDECIDED between {options}; "
                    "the customer did not say which holds, so ask before relying on either."
                )
            continue
        qualifier = fact.type
        if fact.temporary_until:
            qualifier = f"temporary, until {fact.temporary_until:%Y-%m-%d}"
        elif fact.status == PinnedFact.Status.TEMPORARY:
            qualifier = "temporary, this conversation only"
        by = "corrected by staff, " if fact.origin == PinnedFact.Origin.STAFF else ""
        lines.append(
            f"- {fact.key} ({qualifier}): {fact.value}{resolved_value(fact)} [{by}{turns_label(fact)}]"
        )
    if not facts:
        lines.append("- none captured")
    for label, seqs in uncaptured:
        turns = ", ".join(str(seq) for seq in seqs)
        lines.append(
            f"Discussed but not captured: {label} (turns {turns}); read those turns before answering."
        )
    lines.append(
        f"These cover turns 1 to {covered_upto}. A value not listed here was not captured from those turns; "
        "later turns are in the messages above."
    )
    return "\n".join(lines)


def _current_summary(conversation: Conversation, kind: str) -> Summary | None:
    return Summary.objects.filter(conversation=conversation, kind=kind).order_by("-version").first()


def _retrieved(conversation: Conversation, message: str, provider: Provider, *, exclude: frozenset[int]):
    """Retrieved older turns with why each is here, in chronological order."""
    k = settings.MEMADMIN_RETRIEVE_K
    if k == 0 or not message.strip():
        return []
    search_turns = partial(
        search,
        conversation=conversation,
        query=message,
        embedder=ProviderEmbedder(provider),
        k=k,
        exclude_seqs=exclude,
    )
    try:
        hits = search_turns()
    except ProviderError:
        # The embedder is down: the lexical and exact arms need no model, so
        # an identifier or amount in the message still finds its turn.
        logger.exception("vector search for conversation %s failed; searching lexically", conversation.pk)
        hits = search_turns(mode="lexical")
    turns = {
        t.seq: t for t in Turn.objects.for_conversation(conversation).filter(seq__in=[h.seq for h in hits])
    }
    refs = [
        (
            turns[h.seq],
            {
                "seq": h.seq,
                "turn_id": h.turn_id,
                "vector_rank": h.vector_rank,
                "lexical_rank": h.lexical_rank,
                "exact_match": h.exact_match,
                "score": round(h.score, 6),
            },
        )
        for h in hits
        if h.seq in turns
    ]
    return sorted(refs, key=lambda pair: pair[0].seq)


def _render(turn: Turn, *, with_role: bool = True) -> str:
    text = turn.as_text().rendered()
    return text if with_role else text.removeprefix(f"{turn.role}: ")


def _chat_role(role: str) -> str:
    # A tool result outside its call has no tool_call_id to hang on; it is
    # shown as what the assistant saw.
    return "assistant" if role == Turn.Role.TOOL else role


def _fit_to_budget(
    parts: list[_Part],
    excerpts: list[_Excerpt],
    retrieved_part: Callable[[list[_Excerpt]], _Part | None],
    budget: int,
) -> list[dict]:
    """Fit the array to ``budget`` in the documented order, put the retrieved message in its place.

    Retrieved turns give way one at a time, lowest fused score first, and the message is counted
    again each time (a token count of joined texts is not the sum of theirs); then the rolling
    summary, then the static summary. Returns what gave way.
    """
    gave_way: list[dict] = []
    kept = list(excerpts)
    retrieved = retrieved_part(kept)

    def total() -> int:
        return sum(p.tokens for p in parts) + (retrieved.tokens if retrieved else 0)

    for excerpt in sorted(excerpts, key=lambda e: e.score):
        if total() <= budget:
            break
        kept.remove(excerpt)
        retrieved = retrieved_part(kept)
        gave_way.append({"layer": "retrieved", **excerpt.ref})
    for layer in ("rolling_summary", "static_summary"):
        for candidate in [p for p in parts if p.layer == layer]:
            if total() <= budget:
                break
            parts.remove(candidate)
            gave_way.append({"layer": candidate.layer, "tokens": candidate.tokens, **candidate.ref})
    if retrieved is not None:
        # After the summaries, before the recent window.
        at = next(
            i for i, p in enumerate(parts) if p.layer not in ("system", "static_summary", "rolling_summary")
        )
        parts.insert(at, retrieved)
    return gave_way


def _snapshot(conversation, message, parts, gave_way, state, provider, recent_turns) -> ContextSnapshot:
    counter = token_counter()
    token_counts = {layer: sum(p.tokens for p in parts if p.layer == layer) for layer in LAYER_ORDER}
    token_counts["total"] = sum(token_counts.values())
    budget = settings.MEMADMIN_CONTEXT_BUDGET
    layers = {
        "memory_version": state.version,
        "summary_upto_seq": state.summary_upto_seq,
        "facts_upto_seq": state.facts_upto_seq,
        "static_summary": next((p.ref for p in parts if p.layer == "static_summary"), None),
        "rolling_summary": next((p.ref for p in parts if p.layer == "rolling_summary"), None),
        "retrieved": next((p.ref["turns"] for p in parts if p.layer == "retrieved"), []),
        "recent_seqs": [t.seq for t in recent_turns],
        "pinned_facts": next((p.ref["facts"] for p in parts if p.layer == "pinned_facts"), []),
        "uncaptured_topics": next((p.ref["uncaptured"] for p in parts if p.layer == "pinned_facts"), []),
        "embedding_model": provider.embedding_model,
        "over_budget": token_counts["total"] > budget,
        # Which layer each message of the array belongs to, and its tokens, in order.
        "message_layers": [p.layer for p in parts],
        "message_tokens": [p.tokens for p in parts],
    }
    return ContextSnapshot(
        conversation=conversation,
        message=message,
        upto_seq=recent_turns[-1].seq if recent_turns else 0,
        messages=[p.message for p in parts],
        layers=layers,
        token_counts=token_counts,
        token_count_method=counter.method,
        budget=budget,
        gave_way=gave_way,
    )
