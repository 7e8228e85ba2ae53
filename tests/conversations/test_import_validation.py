"""The import's fast form of the line rules: only what the API's serializer accepts, with its result."""

import copy
import json

import pytest

from conversations import import_validation
from conversations.benchdata import synthetic_conversations
from conversations.import_validation import validated_record
from conversations.serializers import ConversationRecordSerializer


def line(**changes) -> dict:
    record = {
        "external_id": "c-1",
        "subject_id": "s-1",
        "title": "Refund",
        "turns": [
            {
                "seq": 1,
                "role": "user",
                "content": "Refund £12.50 please",
                "created_at": "2026-03-14T10:00:00Z",
            },
            {
                "seq": 2,
                "role": "assistant",
                "content": "",
                "tool_calls": [{"id": "t1", "name": "refund", "arguments": {"amount": 12.5}, "result": "ok"}],
                "created_at": "2026-03-14T10:01:00+01:00",
            },
            {"role": "user", "content": "Thanks", "tool_calls": None, "created_at": None, "seq": None},
        ],
    }
    record.update(changes)
    return record


def turn_changed(index: int, **changes) -> dict:
    record = line()
    record["turns"][index].update(changes)
    return record


CASES = {
    "plain": line(),
    "no title": {k: v for k, v in line().items() if k != "title"},
    "empty gold facts and queries": line(gold_facts=[], queries=[]),
    "gold facts": line(gold_facts=[{"type": "amount", "key": "refund", "value": "£12.50", "source_seq": 1}]),
    "queries": line(queries=[{"query": "how much?", "evidence_seqs": [1]}]),
    "external id with spaces": line(external_id=" c-1 "),
    "blank external id": line(external_id="   "),
    "numeric subject": line(subject_id=42),
    "long title": line(title="x" * 301),
    "null title": line(title=None),
    "turns not a list": line(turns={"seq": 1}),
    "no turns key": {k: v for k, v in line().items() if k != "turns"},
    "no turns": line(turns=[]),
    "turn not an object": line(turns=["hello"]),
    "seq zero": turn_changed(0, seq=0),
    "seq as text": turn_changed(0, seq="1"),
    "seq a boolean": turn_changed(0, seq=True),
    "seq too big": turn_changed(0, seq=2**31),
    "seqs going back": turn_changed(1, seq=1),
    "unknown role": turn_changed(0, role="robot"),
    "no role": line(turns=[{"seq": 1, "content": "hi"}]),
    "content a number": turn_changed(0, content=5),
    "content with NUL": turn_changed(0, content="a\x00b"),
    "content with a lone surrogate": turn_changed(0, content="a\ud800b"),
    "content too long": turn_changed(0, content="x" * 100_001),
    "whitespace content": turn_changed(0, content="   "),
    "no content nor tool calls": turn_changed(0, content=""),
    "tool calls a string": turn_changed(1, tool_calls="refund"),
    "tool calls with NUL": turn_changed(1, tool_calls=[{"name": "a\x00"}]),
    "empty tool calls": turn_changed(1, tool_calls=[]),
    "tool calls one object": turn_changed(1, tool_calls={"name": "refund"}),
    "time without offset": turn_changed(0, created_at="2026-03-14T10:00:00"),
    "time as a date": turn_changed(0, created_at="2026-03-14"),
    "time not a time": turn_changed(0, created_at="yesterday"),
    "impossible time": turn_changed(0, created_at="2026-02-30T10:00:00Z"),
    "time a number": turn_changed(0, created_at=1700000000),
    "idempotency key": turn_changed(0, idempotency_key="k-1"),
    "null idempotency key": turn_changed(0, idempotency_key=None),
    "unknown field": turn_changed(0, mood="cheerful"),
}


@pytest.mark.parametrize("name", CASES)
def test_it_returns_what_the_serializer_returns(name):
    data = CASES[name]
    serializer = ConversationRecordSerializer(data=copy.deepcopy(data))
    expected = (serializer.validated_data, None) if serializer.is_valid() else (None, serializer.errors)

    assert validated_record(copy.deepcopy(data)) == expected


@pytest.mark.parametrize(
    "name",
    ["plain", "no title", "empty gold facts and queries", "tool calls one object", "null idempotency key"],
)
def test_the_common_lines_take_the_fast_form(name, monkeypatch):
    monkeypatch.setattr(import_validation, "ConversationRecordSerializer", None)  # any use would fail

    validated, errors = validated_record(copy.deepcopy(CASES[name]))

    assert errors is None and validated["external_id"] == "c-1"


def test_every_benchmark_line_takes_the_fast_form_with_the_serializers_result():
    for record in synthetic_conversations(conversations=20, turns_each=30):
        data = json.loads(json.dumps(record))
        fast = import_validation._plain_record(copy.deepcopy(data))
        serializer = ConversationRecordSerializer(data=data)
        assert serializer.is_valid()
        assert fast == serializer.validated_data
