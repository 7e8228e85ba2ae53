"""Bounds on client JSON, checked before anything recursive reads it.

Python's json parser, the serializers' validators and the body hash all
recurse once per level of nesting. A body nested a hundred thousand levels
deep (a few hundred kilobytes) would end in RecursionError, a 500. So the
raw text is measured first, without recursion, and refused with a clear
error when it nests deeper than ``MEMADMIN_MAX_JSON_DEPTH``.
"""

import io
import re
from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# A JSON string: quote, then runs of ordinary characters and escapes, then quote.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")


def max_json_depth() -> int:
    return settings.MEMADMIN_MAX_JSON_DEPTH


def json_text_depth(raw: bytes | str) -> int:
    """How deep the arrays and objects of a JSON text nest, counted without recursion.

    Brackets inside strings do not count. For text that is not valid JSON the
    figure is an estimate; the parser rejects such text anyway.
    """
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    brackets = _STRING.sub(b"", raw).translate(None, _NOT_BRACKET)
    opening = brackets.count(b"[") + brackets.count(b"{")
    if opening <= 1:
        return opening
    depth = deepest = 0
    for byte in brackets:
        if byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def json_too_deep(raw: bytes | str) -> str | None:
    """Why ``raw`` nests too deeply to be read, or None when it is within the bound."""
    limit = max_json_depth()
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    # Fewer brackets than the limit cannot nest deeper than it: most bodies stop here.
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return None
    depth = json_text_depth(raw)
    if depth > limit:
        return f"JSON nested {depth} levels deep; the limit is {limit}."
    return None


def value_depth(value: Any) -> int:
    """How deep a parsed JSON value nests (0 for a scalar), without recursion."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            items = item.values()
        elif isinstance(item, list):
            items = item
        else:
            continue
        depth += 1
        deepest = max(deepest, depth)
        stack.extend((child, depth) for child in items)
    return deepest


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, refusing text nested deeper than the bound before parsing it."""

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read()
        if reason := json_too_deep(raw):
            raise ParseError(f"JSON parse error - {reason}", code="too_deep")
        try:
            return super().parse(io.BytesIO(raw), media_type, parser_context)
        except RecursionError:  # pragma: no cover - the bound above comes first
            raise ParseError("JSON parse error - nested too deeply.", code="too_deep") from None
