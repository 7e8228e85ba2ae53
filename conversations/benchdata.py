"""Synthetic conversations for benchmarks: many, varied enough, cheap to make.

Not the demo data (conversations/demo/ tells stories for people to read);
this makes volume, deterministically from a seed, in the import format.
"""

import json
import random
import statistics
import tempfile
import time
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Protocol, TextIO

from conversations.models import Conversation, Turn
from conversations.retrieval import search
from conversations.transfer import conversations_import

_USER = [
    "My order {order} hasn't arrived yet, it was due on {date}.",
    "I was charged {amount} twice for the same order.",
    "Can you send the replacement to {street}, {city}?",
    "I'd rather you emailed me at {email} than called.",
    "The case number you gave me was {case}, any update?",
    "It's the {colour} one I want, not the grey.",
    "Thanks, that's helpful. What happens next?",
    "I moved to {city} last month, please update my details.",
    "Could you refund {amount} to my original card?",
    "Is there a way to speed this up? I need it before {date}.",
]
_ASSISTANT = [
    "I've found order {order}; it left our warehouse on {date}.",
    "I can refund {amount} as long as the item is returned within 14 days.",
    "I've opened case {case} and a colleague will reply within 2 working days.",
    "I've updated the delivery address to {street}, {city}.",
    "Sorry about that. I've noted that you prefer email at {email}.",
    "I'll call you back on {date} with an answer.",
    "The replacement in {colour} is reserved for you.",
    "Understood. Is there anything else I can help with today?",
]
_CITIES = ["Lisbon", "Brussels", "Leeds", "Lyon", "Porto", "Ghent", "Bristol", "Turin", "Cork", "Utrecht"]
_STREETS = ["Rue des Fleurs", "High Street", "Via Roma", "Kerkstraat", "Rua Augusta", "Mill Lane"]
_COLOURS = ["blue", "green", "red", "black", "white", "yellow"]
_CURRENCIES = ["£", "€", "$"]


def synthetic_conversations(*, conversations: int, turns_each: int, seed: int = 1) -> Iterator[dict]:
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for number in range(1, conversations + 1):
        moment = start + timedelta(minutes=rng.randrange(0, 60 * 24 * 300))
        turns = []
        for seq in range(1, turns_each + 1):
            role = "user" if seq % 2 else "assistant"
            template = rng.choice(_USER if role == "user" else _ASSISTANT)
            moment += timedelta(seconds=rng.randrange(20, 600))
            turns.append(
                {
                    "seq": seq,
                    "role": role,
                    "content": template.format(**_values(rng, moment)),
                    "tool_calls": None,
                    "created_at": moment.strftime("%Y-%m-%dT%H:%M:%SZ"),
                }
            )
        yield {
            "external_id": f"bench-{number:07d}",
            "subject_id": f"subject-{rng.randrange(conversations // 2 + 1):07d}",
            "title": "",
            "turns": turns,
        }


def _values(rng: random.Random, moment: datetime) -> dict[str, str]:
    pounds = rng.randrange(5, 900)
    return {
        "order": f"ORD-{rng.randrange(10000, 99999)}",
        "case": f"CASE-{rng.randrange(10000, 99999)}",
        "amount": f"{rng.choice(_CURRENCIES)}{pounds}.{rng.randrange(100):02d}",
        "date": (moment + timedelta(days=rng.randrange(1, 30))).strftime("%d %B %Y"),
        "city": rng.choice(_CITIES),
        "street": f"{rng.randrange(1, 200)} {rng.choice(_STREETS)}",
        "email": f"user{rng.randrange(100000)}@example.com",
        "colour": rng.choice(_COLOURS),
    }


def write_jsonl(records: Iterator[dict], out: TextIO) -> int:
    count = 0
    for record in records:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        count += 1
    return count


def fill_conversations(*, conversations: int, turns_each: int, source: str) -> list[Conversation]:
    """Import that many synthetic conversations (kept if already there, record only) and return them.

    When every one is stored with its turns already (a database filled by an
    earlier run), the file is not read again: a rerun of a million turns stores
    nothing and takes minutes.
    """
    external_ids = [f"bench-{number:07d}" for number in range(1, conversations + 1)]
    stored = Conversation.objects.filter(external_id__in=external_ids)
    if (
        stored.count() == conversations
        and Turn.objects.filter(conversation__in=stored).count() == conversations * turns_each
    ):
        return list(stored.order_by("id"))
    records = synthetic_conversations(conversations=conversations, turns_each=turns_each)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.jsonl"
        with path.open("w", encoding="utf-8") as out:
            write_jsonl(records, out)
        with path.open("rb") as stream:
            conversations_import(stream=stream, source=source, derive=False)
    return list(Conversation.objects.filter(external_id__in=external_ids).order_by("id"))


def percentiles(seconds: list[float], what: str) -> str:
    """'p50 ms / p95 ms (n what)' for a list of durations in seconds."""
    cuts = statistics.quantiles(seconds, n=20)
    return f"{statistics.median(seconds) * 1000:.2f} ms / {cuts[18] * 1000:.2f} ms ({len(seconds)} {what})"


class SearchSample(Protocol):
    """A question to time: its conversation, its words, and the recent turns a context leaves out."""

    conversation: Conversation
    query: str
    recent: range


def timed_searches(samples: Iterable[SearchSample], embedder, *, mode: str, k: int) -> list[float]:
    """Seconds per search, the query's embedding included, as assembly searches (recent turns left out)."""
    timings = []
    for sample in samples:
        started = time.perf_counter()
        search(
            conversation=sample.conversation,
            query=sample.query,
            embedder=embedder,
            k=k,
            mode=mode,
            exclude_seqs=sample.recent,
        )
        timings.append(time.perf_counter() - started)
    return timings
