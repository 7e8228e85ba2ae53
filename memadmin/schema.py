"""The OpenAPI schema documents every status an operation can answer, with its JSON body.

drf-spectacular documents what a view returns when it succeeds; the refusals
come from the framework around the view (authentication, permissions,
lookups, parsing), the same for every operation. This hook adds them, so
that a client (and the schema fuzzing in the tests) sees each status the
API really answers, and none it cannot.
"""

from typing import Any

from django.conf import settings

ERROR_SCHEMA = {
    "type": "object",
    "description": (
        "Why the request was refused: `detail` says it in words and `code` names it; a request that "
        "does not validate names each field at fault instead (field name to a list of messages)."
    ),
    "properties": {
        "detail": {"type": "string"},
        "code": {"type": "string"},
    },
    "additionalProperties": True,
}

ERRORS = {
    "400": "The body or a query parameter does not validate; the answer says what is wrong with each.",
    "401": "No credentials, or credentials that are not valid: send a token (or sign in).",
    "403": "Signed in, but the role may not do this (or, for a session, the CSRF token is missing).",
    "404": "No such conversation or object in it, or a malformed id or page cursor.",
    "413": "The body is larger than the limit (MEMADMIN_MAX_BODY_BYTES).",
    "415": "The body is not in a media type the operation accepts (send JSON).",
    "429": "Too many requests from this client: wait the seconds in Retry-After.",
    "503": (
        "The database cannot be reached just now (memadmin.middleware): nothing was stored or changed. "
        "Send the same request again after the seconds in Retry-After."
    ),
}

# Every operation reads or writes the database, so every one can answer this.
DATABASE_DOWN = "503"
RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before retrying (MEMADMIN_RETRY_AFTER_SECONDS).",
        "required": True,
        "schema": {"type": "integer", "minimum": 1},
    }
}


# PostgreSQL cannot store NUL, so no text the API takes may contain it (a 400 says so).
NO_NUL = "^[^\\u0000]*$"

# A turn says something: content, or tool calls (TurnInSerializer.validate).
TURN_HAS_A_BODY = [
    {"properties": {"content": {"minLength": 1}}, "required": ["content"]},
    {"properties": {"tool_calls": {"not": {"enum": [None, [], {}]}}}, "required": ["tool_calls"]},
]


def _plain_text(schema: dict[str, Any]) -> bool:
    return schema.get("type") == "string" and not ({"format", "enum", "pattern"} & schema.keys())


def _refs(schema: Any) -> set[str]:
    """The component names ``schema`` refers to, at any depth."""
    if isinstance(schema, dict):
        found = {schema["$ref"].rsplit("/", 1)[-1]} if isinstance(schema.get("$ref"), str) else set()
        return found.union(*(_refs(value) for value in schema.values()))
    if isinstance(schema, list):
        return set().union(*(_refs(value) for value in schema))
    return set()


def _request_components(result: dict[str, Any]) -> set[str]:
    """The components a request body is made of (not every name ending in Request: a response
    component may be called ForgetRequest)."""
    components = result["components"]["schemas"]
    todo = _refs([op.get("requestBody") for ops in result.get("paths", {}).values() for op in ops.values()])
    found: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in found and name in components:
            found.add(name)
            todo |= _refs(components[name])
    return found


def _document_text_rules(result: dict[str, Any]) -> None:
    """Text in: no NUL anywhere (bodies and query parameters); a turn needs content or tool calls."""
    requests = _request_components(result)
    for name, component in result["components"]["schemas"].items():
        if name not in requests:
            continue
        for prop in component.get("properties", {}).values():
            for schema in (prop, prop.get("items", {})):
                if _plain_text(schema):
                    schema["pattern"] = NO_NUL
        if name == "TurnInRequest":
            component["anyOf"] = TURN_HAS_A_BODY
        if name == "TurnBatchInRequest":
            component["properties"]["turns"].update(minItems=1, maxItems=settings.MEMADMIN_MAX_BATCH_TURNS)
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "query" and _plain_text(parameter.get("schema", {})):
                    parameter["schema"]["pattern"] = NO_NUL


def _statuses(operation: dict[str, Any]) -> list[str]:
    statuses = ["401", "403", "404", DATABASE_DOWN]
    if settings.REST_FRAMEWORK.get("DEFAULT_THROTTLE_CLASSES"):
        statuses.append("429")
    # A bad cursor is a 404 (DRF's "Invalid cursor"); any other query parameter can be a 400.
    has_query = any(
        parameter.get("in") == "query" and parameter.get("name") != "cursor"
        for parameter in operation.get("parameters", [])
    )
    if "requestBody" in operation:
        statuses += ["400", "413", "415"]
    elif has_query:
        statuses.append("400")
    return statuses


def document_errors(result: dict[str, Any], generator, request, public) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: every operation's refusals (and the 503 of a database out of
    reach, with its Retry-After), and the rules for text."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    _document_text_rules(result)
    body = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path, operations in result.get("paths", {}).items():
        if not path.startswith("/api/"):
            continue
        for operation in operations.values():
            if "requestBody" in operation:
                operation["requestBody"]["required"] = True  # every body the API takes has required fields
            responses = operation.setdefault("responses", {})
            for status in _statuses(operation):
                responses.setdefault(status, {"description": ERRORS[status]})
            responses[DATABASE_DOWN].setdefault("headers", RETRY_AFTER)
            for status, response in responses.items():
                if status.startswith(("4", "5")) and "content" not in response:
                    response["content"] = body
    return result
