"""Rules for text we store: PostgreSQL rejects NUL, and UTF-8 has no lone surrogates.

DRF's CharField already refuses both in plain strings; these validators cover
free-form JSON (tool calls and their results), where any nested key or value
can carry them.
"""

import json
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError

from memadmin.jsonlimits import value_depth


def unstorable_text_reason(value: str) -> str | None:
    """Why ``value`` cannot be stored as text, or None if it can."""
    if "\x00" in value:
        return f"contains a NUL character (\\u0000) at position {value.index(chr(0))}, which cannot be stored"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        return (
            f"contains an unpaired surrogate (\\u{ord(value[exc.start]):04x}) at position {exc.start}, "
            "which is not valid unicode"
        )
    return None


def validate_storable_json(value: Any, path: str = "") -> None:
    """Reject NUL bytes and lone surrogates anywhere inside a JSON value."""
    if isinstance(value, str):
        reason = unstorable_text_reason(value)
        if reason:
            raise ValidationError(f"{path or 'value'} {reason}.", code="unstorable_text")
    elif isinstance(value, dict):
        for key, item in value.items():
            validate_storable_json(str(key), f"{path}.{key}" if path else "key")
            validate_storable_json(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            validate_storable_json(item, f"{path}[{index}]")


def validate_tool_calls(value: Any) -> None:
    if value is None:
        return
    if not isinstance(value, (list, dict)):
        raise ValidationError(
            "tool_calls must be a list of calls (or one call object) or null.", code="invalid"
        )
    # Depth first, without recursion: everything after it (and the body hash) recurses.
    depth, limit = value_depth(value), settings.MEMADMIN_MAX_JSON_DEPTH
    if depth > limit:
        raise ValidationError(f"tool_calls nest {depth} levels deep; the limit is {limit}.", code="too_deep")
    size, size_limit = len(json.dumps(value, ensure_ascii=False)), settings.MEMADMIN_MAX_TOOL_CALLS_CHARS
    if size > size_limit:
        raise ValidationError(
            f"tool_calls are {size} characters long as JSON; the limit is {size_limit}.", code="too_long"
        )
    validate_storable_json(value, "tool_calls")


def validate_turn_length(value: str) -> None:
    limit = settings.MEMADMIN_MAX_TURN_CHARS
    if len(value) > limit:
        raise ValidationError(
            f"content is {len(value)} characters long; the limit is {limit}.", code="too_long"
        )


def validate_not_only_whitespace(value: str) -> None:
    if not value.strip():
        raise ValidationError("This field may not be blank or only whitespace.", code="blank")
