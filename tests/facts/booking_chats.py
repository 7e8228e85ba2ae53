"""Facts of booking chats written for the extractor's tests: one turn, or turns alternating user/assistant."""

from datetime import UTC, datetime, timedelta
from functools import partial

from facts.extraction import extract_facts
from memadmin.providers.base import TurnText

SAID_ON = datetime(2026, 7, 6, 10, 0, tzinfo=UTC)  # a Monday


def facts_of(
    *contents: str, start: datetime = SAID_ON, apart: timedelta = timedelta(0)
) -> list[tuple[int, str, str, str]]:
    """(turn, type, value, normalised) of every fact in a chat whose turns alternate user/assistant, the first
    said at ``start`` and each next one ``apart`` after it."""
    turns = [
        TurnText(seq=i, role="user" if i % 2 else "assistant", content=c, created_at=start + apart * (i - 1))
        for i, c in enumerate(contents, start=1)
    ]
    return [(f.source_seq, f.type, f.value, f.normalised) for f in extract_facts(turns)]


def found(content: str, role: str) -> list[tuple[str, str, str]]:
    """(type, value, normalised) of every fact of one turn said by ``role``."""
    facts = extract_facts([TurnText(seq=1, role=role, content=content, created_at=SAID_ON)])
    return [(f.type, f.value, f.normalised) for f in facts]


said_by_user = partial(found, role="user")
said_by_assistant = partial(found, role="assistant")


def of_type(facts: list[tuple[str, str, str]], type_: str) -> list[tuple[str, str]]:
    """(value, normalised) of the facts of one type, from ``found``."""
    return [(value, normalised) for t, value, normalised in facts if t == type_]


def values(content: str, type_: str, *, role: str = "assistant") -> list[str]:
    """The values of one type said in one turn by ``role``."""
    return [value for value, _ in of_type(found(content, role), type_)]


def in_turn(facts: list[tuple[int, str, str, str]], seq: int, type_: str) -> list[tuple[str, str]]:
    """(value, normalised) of the facts of one type pinned from turn ``seq``, from ``facts_of``."""
    return [(value, normalised) for s, t, value, normalised in facts if s == seq and t == type_]
