"""Request-body parsing shared by every API view: one shape check, one way to report field errors."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from memories.write.validation import DATETIME_PATTERN, parse_time
from mnemara.kernel.errors import ValidationFailed, field_messages, validation_failed

__all__ = ["DATETIME_PATTERN", "StrictDateTimeField", "json_object", "query_int", "validated"]


def json_object(data: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValidationFailed("Expected a JSON object.", fields={prefix.rstrip(".") or "body": ["Not an object."]})
    return dict(data)


_SIGNED_DIGITS = re.compile(r"-?[0-9]{1,18}")
_DIGITS = re.compile(r"[0-9]{1,9}")  # ASCII only: "²" and "①" are digits to str.isdigit() but not to int()


class AsciiIntegerField(serializers.IntegerField):
    """DRF's integer field, with ASCII digits only in a string: "٣", " 5", "+5" and "5.0" are refused (``int``,
    and so DRF, would take them); a JSON number is read as DRF reads it. Every integer parameter uses it."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, str) and not _SIGNED_DIGITS.fullmatch(data):
            self.fail("invalid")
        return int(super().to_internal_value(data))


def query_int(params: Mapping[str, str], name: str, *, default: int, low: int, high: int) -> int:
    """An integer query parameter in [low, high], or a 400 naming it (never a 500 on "²" or "①")."""
    raw = params.get(name)
    if raw is None:
        return default
    if not _DIGITS.fullmatch(raw) or not low <= int(raw) <= high:
        raise ValidationFailed(f"{name}: an integer from {low} to {high}.",
                               fields={name: [f"An integer from {low} to {high}."]})
    return int(raw)


def validated(serializer_class: type[serializers.Serializer[Any]], data: Any, prefix: str = "") -> dict[str, Any]:
    """The serializer's validated data, or a 400 naming each field (``prefix`` for items of a batch)."""
    serializer = serializer_class(data=json_object(data, prefix))
    if not serializer.is_valid():
        raise validation_failed({f"{prefix}{name}": messages
                                 for name, messages in field_messages(serializer.errors).items()})
    return dict(serializer.validated_data)


# DRF's fields coerce: "true" and 1 are booleans, "0.5" and false numbers, 0 a string. A JSON body is typed, and
# the schema says which type each field has: these refuse the others (400), so what the schema calls invalid is.
class StrictBooleanField(serializers.BooleanField):
    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class StrictFloatField(serializers.FloatField):
    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        return super().to_internal_value(data)




class StrictDateTimeField(serializers.DateTimeField):
    """A time with its zone, as ``DATETIME_PATTERN`` says (the contract: "times in ISO 8601 with zone")."""

    def to_internal_value(self, value: Any) -> Any:
        try:
            return parse_time(value)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from exc
