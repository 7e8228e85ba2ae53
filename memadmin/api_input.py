"""API input taken as the schema says it is, or refused with 400: no silent coercion, no silent defaults.

DRF is lenient by default: a number where a string belongs is stored as its
digits, ``"true"`` passes for a boolean, and a page size that is not a number
is ignored. What is stored must be exactly what was sent, so the API's
serializers take JSON types as documented and its pages refuse a bad size.
"""

from collections.abc import Mapping
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import pagination, serializers
from rest_framework.exceptions import ValidationError
from rest_framework.fields import SkipField, get_error_detail

from memadmin.errors import InvalidInput

_JSON_NAMES = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list"}


def _expected(field: serializers.Field) -> tuple[tuple[type, ...], str] | None:
    """The JSON type(s) ``field`` takes, and how to say it; None for a field that takes any JSON."""
    if isinstance(field, serializers.BooleanField):
        return (bool,), "a boolean"
    if isinstance(field, serializers.IntegerField):
        return (int,), "an integer"
    if isinstance(field, (serializers.FloatField, serializers.DecimalField)):
        return (int, float), "a number"
    if isinstance(
        field,
        (serializers.CharField, serializers.ChoiceField, serializers.DateTimeField, serializers.DateField),
    ):
        return (str,), "a string"
    if isinstance(field, (serializers.ListField, serializers.ListSerializer)):
        return (list,), "a list"
    if isinstance(field, serializers.Serializer):
        return (dict,), "an object"
    return None


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "an object"
    return _JSON_NAMES.get(type(value), type(value).__name__)


class StrictTypes:
    """Serializer mixin (put it first): each field takes its documented JSON type, or the input is a 400.

    Every field is judged in one pass, so that one answer names every problem of the body; after
    validation, ``passed_data`` holds the value of each field that passed, even when others failed
    (what a service may still judge, without running any field's checks twice).
    """

    passed_data: dict

    def to_internal_value(self, data):
        self.passed_data = {}
        if not isinstance(data, Mapping):
            return super().to_internal_value(data)  # DRF's own refusal of a body that is not an object
        errors = self.type_errors(data)
        # DRF's loop over the fields, except that a field of the wrong type is not judged again
        # and the values that passed are kept when another field fails.
        for field in self._writable_fields:
            name = field.field_name
            if name in errors:
                continue
            check = getattr(self, f"validate_{name}", None)
            try:
                value = field.run_validation(field.get_value(data))
                if check is not None:
                    value = check(value)
            except ValidationError as error:
                errors[name] = error.detail
            except DjangoValidationError as error:
                errors[name] = get_error_detail(error)
            except SkipField:
                continue
            else:
                self.set_value(self.passed_data, field.source_attrs, value)
        if errors:
            raise ValidationError(errors)
        return dict(self.passed_data)

    def type_errors(self, data: Mapping) -> dict[str, list[str]]:
        """Each field of ``data`` whose JSON type is not the documented one, with what it should be."""
        errors = {}
        for name, field in self.fields.items():
            if field.read_only or name not in data or data[name] is None:
                continue  # null and missing are the field's own business (allow_null, required)
            expected = _expected(field)
            value = data[name]
            if expected is None:
                continue
            types, label = expected
            if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
                errors[name] = [f"Must be {label}, not {_json_type(value)}."]
        return errors


class CursorPagination(pagination.CursorPagination):
    """Cursor pages whose size parameter, when given, must be a whole number from 1 up (capped at the max)."""

    def get_page_size(self, request) -> int:
        name = self.page_size_query_param
        if name and name in request.query_params:
            raw = request.query_params.getlist(name)
            try:
                if len(raw) != 1:
                    raise ValueError
                size = int(raw[0])
                if size < 1 or str(size) != raw[0].strip():
                    raise ValueError
            except ValueError:
                raise ValidationError(
                    {name: [f"Must be one whole number from 1 (at most {self.max_page_size} are sent)."]}
                ) from None
            return min(size, self.max_page_size) if self.max_page_size else size
        return self.page_size

    def get_schema_operation_parameters(self, view) -> list[dict]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"]["minimum"] = 1
        return parameters


def choice_param(request, name: str, choices: list[str]) -> str | None:
    """The query parameter ``name`` if given, which must be one of ``choices`` (else 400)."""
    value = request.query_params.get(name)
    if value and value not in choices:
        raise ValidationError({name: [f"Must be one of {', '.join(choices)}."]})
    return value or None


def text_param(request, name: str) -> str | None:
    """The query parameter ``name`` if given, which must be text PostgreSQL can compare (else 400)."""
    from conversations.validation import unstorable_text_reason

    value = request.query_params.get(name)
    if value and (reason := unstorable_text_reason(value)):
        raise ValidationError({name: [f"The value {reason}."]})
    return value or None


@contextmanager
def service_fields(fields: Mapping[str, str]):
    """A service's refusal of bad input, answered as the error of the field it names (400).

    Services say what is wrong with a code; ``fields`` maps the codes that are about one field
    of the request to that field, so that the client reads a field error, as for the
    serializer's own checks. Other refusals (409, 403) pass through as they are.
    """
    try:
        yield
    except InvalidInput as error:
        if error.code not in fields:
            raise
        raise ValidationError({fields[error.code]: [error.message]}) from None


class JsonInteger(serializers.IntegerField):
    """An integer that must arrive as a JSON number: for list items, which StrictTypes does not reach."""

    def to_internal_value(self, data):
        if not isinstance(data, int) or isinstance(data, bool):
            raise ValidationError(f"Must be an integer, not {_json_type(data)}.")
        return super().to_internal_value(data)


class JsonString(serializers.CharField):
    """Text that must arrive as a JSON string: for list items, which StrictTypes does not reach."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            raise ValidationError(f"Must be a string, not {_json_type(data)}.")
        return super().to_internal_value(data)
