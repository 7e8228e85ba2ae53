"""Building one demo conversation: small helpers, a made-up person, and the conversation under
construction that checks the labelling rules as it goes."""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from conversations.demo.tables import (
    _AGENTS,
    _COLOURS,
    _CURRENCY,
    _EU_CITIES,
    _FIRST,
    _LAST,
    _LEADS,
    _MONTHS,
    _NUDGES,
    _OPENING_NOTES,
    _PETS,
    _RELATIVES,
    _SMALL_TALK,
    _UK_CITIES,
    _UK_STREETS,
    _US_CITIES,
    _US_STREETS,
    _WEEKDAYS,
    FACT_TYPES,
    QUERY_CATEGORIES,
)


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _day(d: date) -> str:
    """'14 March 2026': the absolute form a person would write (no locale dependence)."""
    return f"{d.day} {_MONTHS[d.month - 1]} {d.year}"


def _weekday(d: date) -> str:
    return _WEEKDAYS[d.weekday()]


def _next(d: date, weekday: int) -> date:
    """The first given weekday strictly after ``d`` — what 'next Tuesday' means in a chat."""
    return d + timedelta(days=(weekday - d.weekday() - 1) % 7 + 1)


def _money(cur: str, amount: float) -> str:
    return f"{cur}{amount:,.2f}"


def _ref(rng: random.Random, prefix: str, digits: int) -> str:
    return f"{prefix}-{rng.randint(10 ** (digits - 1), 10**digits - 1)}"


def _split(rng: random.Random, total: int, parts: int) -> list[int]:
    """Split ``total`` small-talk exchanges over ``parts`` places in a conversation."""
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


@dataclass(frozen=True)
class _Person:
    subject_id: str
    first: str
    last: str
    region: str
    city: str
    address: str
    phone: str
    email: str

    @property
    def cur(self) -> str:
        return _CURRENCY[self.region]


def _address(rng: random.Random, region: str, city: str) -> str:
    n = rng.randint(2, 148)
    if region == "uk":
        area = dict(_UK_CITIES)[city]
        tail = f"{rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEHJLNPQRTUW')}"
        flat = f"Flat {rng.randint(1, 12)}, " if rng.random() < 0.3 else ""
        return f"{flat}{n} {rng.choice(_UK_STREETS)}, {city} {area} {tail}"
    if region == "us":
        _, state, _, zip3 = next(row for row in _US_CITIES if row[0] == city)
        unit = f", Apt {rng.randint(2, 40)}" if rng.random() < 0.3 else ""
        street = f"{rng.randint(100, 4999)} {rng.choice(_US_STREETS)}"
        return f"{street}{unit}, {city}, {state} {zip3}{rng.randint(1, 99):02d}"
    codes, _, streets = _EU_CITIES[city]
    return f"{rng.choice(streets)} {n}, {rng.choice(codes)} {city}"


def _phone(rng: random.Random, region: str, city: str) -> str:
    if region == "uk":
        return f"07700 900{rng.randint(0, 999):03d}"  # Ofcom's range reserved for fiction
    if region == "us":
        area = next(row[2] for row in _US_CITIES if row[0] == city)
        return f"({area}) 555-01{rng.randint(0, 99):02d}"  # 555-01xx is reserved for fiction
    prefix = _EU_CITIES[city][1]
    return f"{prefix} {rng.randint(100, 999)} {rng.randint(10, 99)} {rng.randint(10, 99)}"


def _person(rng: random.Random, subject_id: str, region: str, city: str | None = None) -> _Person:
    first, last = rng.choice(_FIRST[region]), rng.choice(_LAST[region])
    if city is None:
        cities = {"uk": [c for c, _ in _UK_CITIES], "us": [r[0] for r in _US_CITIES]}
        city = rng.choice(cities.get(region, list(_EU_CITIES)))
    f, lst = _ascii(first), _ascii(last).replace(" ", "")
    local = rng.choice((f"{f}.{lst}", f"{f}{lst[0]}", f"{f[0]}{lst}", f"{f}.{lst}{rng.randint(1, 99)}"))
    email = f"{local}@{rng.choice(('example.com', 'example.org', 'example.net', 'mail.example'))}"
    address, phone = _address(rng, region, city), _phone(rng, region, city)
    return _Person(subject_id, first, last, region, city, address, phone, email)


@dataclass
class _Conv:
    """One conversation under construction.

    It checks the labelling rules as they are written (a gold value must be a substring of its
    source turn, evidence must exist), so a typo in a scenario fails loudly instead of shipping
    a wrong label.
    """

    rng: random.Random
    external_id: str
    subject_id: str
    title: str
    clock: datetime
    slots: dict[str, str]
    pool: tuple[tuple[str, str], ...] = _SMALL_TALK
    turns: list[dict] = field(default_factory=list)
    gold_facts: list[dict] = field(default_factory=list)
    queries: list[dict] = field(default_factory=list)
    _deck: list[tuple[str, str]] = field(default_factory=list)
    _calls: int = 0

    @property
    def today(self) -> date:
        return self.clock.date()

    def _add(self, role: str, content: str, tool_calls: list[dict] | None = None) -> int:
        self.clock += timedelta(minutes=self.rng.randint(1, 4), seconds=self.rng.randint(0, 59))
        seq = len(self.turns) + 1
        turn = {"seq": seq, "role": role, "content": content, "tool_calls": tool_calls}
        self.turns.append({**turn, "created_at": _iso(self.clock)})
        return seq

    def user(self, *variants: str) -> int:
        """A customer turn: one of ``variants``, so the same moment is worded differently."""
        return self._add("user", variants[0] if len(variants) == 1 else self.rng.choice(variants))

    def system(self, content: str) -> int:
        return self._add("system", content)

    def agent(self, content: str, *calls: tuple[str, dict, dict]) -> int:
        """An assistant turn; each call is (name, arguments, result): a call and its result
        are one turn, explained by the assistant's text."""
        tool_calls = []
        for name, arguments, result in calls:
            self._calls += 1
            call = {"id": f"call_{self._calls}", "name": name, "arguments": arguments}
            tool_calls.append({**call, "result": result})
        return self._add("assistant", content, tool_calls or None)

    def pin(self, kind: str, key: str, value: str, seq: int | None = None) -> None:
        seq = seq or len(self.turns)
        if kind not in FACT_TYPES or value not in self.turns[seq - 1]["content"]:
            raise ValueError(f"{self.external_id}: bad gold fact {kind}/{key}={value!r} @ {seq}")
        self.gold_facts.append({"type": kind, "key": key, "value": value, "source_seq": seq})

    def ask(self, query: str, evidence: list[int], category: str) -> None:
        if category not in QUERY_CATEGORIES or (category == "multi-hop" and len(evidence) < 2):
            raise ValueError(f"{self.external_id}: bad query {query!r}")
        self.queries.append({"query": query, "evidence_seqs": evidence, "category": category})

    def resume(self, days: int, hour: int | None = None) -> None:
        """Start a later session (the customer comes back ``days`` later)."""
        day = self.today + timedelta(days=days)
        hour = self.rng.randint(8, 19) if hour is None else hour
        self.clock = datetime(day.year, day.month, day.day, hour, self.rng.randint(0, 50), tzinfo=UTC)

    def chat(self, exchanges: int) -> None:
        """Add ``exchanges`` user/assistant pairs of small talk, without repeats until the
        pool is used up."""
        rng = self.rng
        if self.turns and self.turns[-1]["role"] == "user":
            raise ValueError(f"{self.external_id}: small talk would interrupt the customer")
        for _ in range(exchanges):
            if not self._deck:
                self._deck = list(self.pool)
                rng.shuffle(self._deck)
            user, reply = self._deck.pop()
            # The customer's pet and relative, the agent's years and the product's other colour
            # are the first ones drawn, kept for the whole conversation. They are drawn at every
            # exchange all the same, so that the rest of the demo stays as it was.
            drawn = {"pet": rng.choice(_PETS), "relative": rng.choice(_RELATIVES)}
            drawn |= {"colour": rng.choice(_COLOURS), "years": str(rng.randint(2, 9))}
            for name, value in drawn.items():
                self.slots.setdefault(name, value)
            slots = {**self.slots, "weekday": _weekday(self.today)}
            user, reply = user.lstrip("*").format(**slots), reply.format(**slots)
            if user.endswith("?") and rng.random() < 0.5:
                user = rng.choice(_LEADS) + (
                    user if user.startswith(("I ", "I'")) else user[0].lower() + user[1:]
                )
            self.user(user)
            self.agent(reply)

    def fill_to(self, seq: int) -> None:
        """Pad so the next turn gets ``seq``: pins a scripted user turn to an exact position."""
        gap = seq - 1 - len(self.turns)
        if gap < 0:
            raise ValueError(f"{self.external_id}: already past seq {seq}")
        if gap % 2:
            self.agent(self.rng.choice(_NUDGES).format(**self.slots))
        self.chat(gap // 2)

    def finish(self) -> dict:
        last = len(self.turns)
        evidence = {s for q in self.queries for s in q["evidence_seqs"]}
        if not evidence <= set(range(1, last + 1)) or min(evidence) > last - 10:
            raise ValueError(f"{self.external_id}: evidence missing or only in the last 10 turns")
        return {
            "external_id": self.external_id,
            "subject_id": self.subject_id,
            "title": self.title,
            "turns": self.turns,
            "gold_facts": self.gold_facts,
            "queries": self.queries,
        }


def _new(
    rng: random.Random,
    eid: str,
    p: _Person,
    title: str,
    product: str | None,
    start: datetime | None = None,
    retail: bool = True,
) -> _Conv:
    """A conversation starting during office hours of a 2026 day, sometimes with a system note.

    ``product`` is the physical item the chat is about; without one, small talk about the
    product ("does it come in other colours?") is left out of the pool; outside retail, so is
    shop talk (lines marked ``*``: gift cards, price matching, returns).
    """
    if start is None:
        day = date(2026, 1, 5) + timedelta(days=rng.randint(0, 80))
        start = datetime(day.year, day.month, day.day, rng.randint(8, 15), rng.randint(0, 59), tzinfo=UTC)
    agent = rng.choice(_AGENTS)
    if agent == p.first:  # never the customer's own name; the next one, with no draw more
        agent = _AGENTS[(_AGENTS.index(agent) + 1) % len(_AGENTS)]
    slots = {"first": p.first, "agent": agent, "product": product or "", "city": p.city}
    pool = tuple(
        (user, reply)
        for user, reply in _SMALL_TALK
        if (product or "{product}" not in user + reply) and (retail or not user.startswith("*"))
    )
    c = _Conv(rng, eid, p.subject_id, title, start, slots, pool)
    if rng.random() < 0.35:
        c.system(rng.choice(_OPENING_NOTES))
    return c
