"""An import line validated by the API's rules, at the speed a file of a million turns needs.

``ConversationRecordSerializer`` (with ``TurnInSerializer`` for each turn) is
where the rules of a line are stated, and it says what is wrong with a line in
the API's own words. Run per line it costs ~23 microseconds a turn, most of an
import's Python time. ``validated_record`` first tries the plain form of the
same rules on the line as nearly every file sends it (exact JSON types, ids
without surrounding spaces, ISO 8601 times with an offset, no gold facts or
queries) and returns what the serializer would return; anything else, valid or
not, goes to the serializer, which decides and words the error. So the fast
form never refuses anything and never words an error: it can only accept what
the serializer accepts, with the same result, and tests hold it to that.
"""

from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from conversations.models import Turn
from conversations.serializers import ConversationRecordSerializer
from conversations.services import MAX_SEQ
from conversations.validation import unstorable_text_reason, validate_tool_calls

# ConversationRecordSerializer's limits, read from its fields so that they are stated once.
_RECORD_FIELDS = ConversationRecordSerializer().fields
_ID_MAX = {name: _RECORD_FIELDS[name].max_length for name in ("external_id", "subject_id", "title")}
_ROLES = frozenset(Turn.Role.values)


def validated_record(data: dict) -> tuple[dict | None, dict | None]:
    """(validated data, None) for a valid line, (None, the serializer's errors) for an invalid one."""
    fast = _plain_record(data)
    if fast is not None:
        return fast, None
    serializer = ConversationRecordSerializer(data=data)
    if serializer.is_valid():
        return serializer.validated_data, None
    return None, serializer.errors


def _plain_record(data: dict) -> dict | None:
    """The serializer's validated data for a line of the common shape, or None to let it decide."""
    record = {}
    for name in ("external_id", "subject_id"):
        value = _plain_id(data.get(name), _ID_MAX[name])
        if value is None or value == "":
            return None
        record[name] = value
    title = _plain_id(data.get("title", ""), _ID_MAX["title"])
    if title is None:
        return None
    record["title"] = title
    turns = data.get("turns")
    if type(turns) is not list:
        return None
    record["turns"] = []
    previous = 0
    for turn in turns:
        validated = _plain_turn(turn)
        if validated is None:
            return None
        # ConversationRecordSerializer.validate_turns: a missing seq follows the last; seqs increase.
        seq = validated.get("seq") or previous + 1
        if seq <= previous:
            return None
        validated["seq"] = previous = seq
        record["turns"].append(validated)
    for name in ("gold_facts", "queries"):
        if data.get(name, []) != []:
            return None
        record[name] = []
    return record


def _plain_id(value: Any, max_length: int) -> str | None:
    """A CharField's value (trimmed by default) when it is already trimmed, storable and short enough."""
    if type(value) is not str or len(value) > max_length or value != value.strip():
        return None
    return value if unstorable_text_reason(value) is None else None


def _plain_turn(turn: Any) -> dict | None:
    """TurnInSerializer's validated data for a turn of the common shape, or None."""
    if type(turn) is not dict:
        return None
    validated: dict = {}
    if "seq" in turn:
        seq = turn["seq"]
        if seq is not None and not (type(seq) is int and 1 <= seq <= MAX_SEQ):
            return None
        validated["seq"] = seq
    role = turn.get("role")
    if type(role) is not str or role not in _ROLES:
        return None
    validated["role"] = role
    content = turn.get("content")
    if (
        type(content) is not str
        or len(content) > settings.MEMADMIN_MAX_TURN_CHARS
        or unstorable_text_reason(content) is not None
    ):
        return None
    validated["content"] = content
    if "tool_calls" in turn:
        tool_calls = turn["tool_calls"]
        if tool_calls is not None:
            try:
                validate_tool_calls(tool_calls)
            except ValidationError:
                return None
        validated["tool_calls"] = tool_calls
    if "created_at" in turn:
        created_at = turn["created_at"]
        if created_at is not None:
            created_at = _plain_datetime(created_at)
            if created_at is None:
                return None
        validated["created_at"] = created_at
    if turn.get("idempotency_key") is not None:
        return None
    if "idempotency_key" in turn:
        validated["idempotency_key"] = None
    if not content and not validated.get("tool_calls"):
        return None
    return validated


def _plain_datetime(value: Any) -> datetime | None:
    """DateTimeField's value for an ISO 8601 string with an offset (others go to the field)."""
    if type(value) is not str:
        return None
    try:
        parsed = parse_datetime(value)
    except ValueError:
        return None
    if parsed is None or not timezone.is_aware(parsed):
        return None
    try:
        return parsed.astimezone(timezone.get_current_timezone())
    except OverflowError:
        return None
