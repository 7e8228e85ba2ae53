"""The one interface for the three model operations: summarise, extract facts, embed.

Providers see plain data (``TurnText``) and return plain data; they never touch
the database. Whatever a provider returns is checked by the caller before it is
stored: an extracted value must occur verbatim in the turn it claims to come
from, or it is dropped.
"""

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal, Protocol

SummaryKind = Literal["rolling", "static"]


@dataclass(frozen=True)
class TurnText:
    """What a provider sees of one turn."""

    seq: int
    role: str
    content: str
    created_at: datetime
    tool_calls: list | dict | None = None

    def rendered(self) -> str:
        """The turn as one text, tool calls and results included (what gets summarised and indexed)."""
        text = f"{self.role}: {self.content}"
        if self.tool_calls:
            calls = self.tool_calls if isinstance(self.tool_calls, list) else [self.tool_calls]
            for call in calls:
                if isinstance(call, dict):
                    name, arguments = call.get("name", "?"), call.get("arguments", "")
                    text += f"\n[tool {name}({arguments}) -> {call.get('result', '')}]"
        return text


@dataclass(frozen=True)
class KnownFact:
    """A fact already pinned, shown to the extractor so it can report changes to it."""

    type: str
    key: str
    value: str
    source_seq: int


@dataclass(frozen=True)
class ExtractedFact:
    """A value the extractor found in one turn, exactly as said.

    ``span`` is the [start, end) character range of ``value`` in the content of
    turn ``source_seq``. ``normalised`` is a comparable form where one exists
    (ISO date ``2026-03-14``, amount ``147.50 GBP``, time ``14:30``, phone
    ``+441632960123``, lower-cased email). ``supersedes`` is true for a
    statement of change ("I've moved to Lisbon"): it replaces the active fact
    with the same key. ``temporary_until`` is set for a preference that holds
    only for a while ("this week, text me instead of calling"). ``old`` is true for a value
    said to be the one that no longer holds ("my old address was ..."): it is kept as history,
    never presented as current.
    """

    type: str
    key: str
    value: str
    source_seq: int
    span: tuple[int, int]
    normalised: str = ""
    supersedes: bool = False
    temporary_until: date | None = None
    old: bool = False


@dataclass(frozen=True)
class SummaryResult:
    text: str
    model: str


@dataclass(frozen=True)
class ExtractionResult:
    facts: list[ExtractedFact] = field(default_factory=list)
    model: str = ""


class ProviderError(Exception):
    """The provider failed (unreachable, timed out, answered nonsense). The caller logs and skips."""


class Provider(Protocol):
    name: str
    summary_model: str
    extraction_model: str
    embedding_model: str

    def summarise(self, *, kind: SummaryKind, turns: list[TurnText], previous: str = "") -> SummaryResult: ...

    def extract_facts(self, *, turns: list[TurnText], known: list[KnownFact]) -> ExtractionResult: ...

    def embed(self, texts: list[str]) -> list[list[float]]: ...
