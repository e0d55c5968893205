"""Request-body parsing shared by every API view: one shape check, one way to report field errors."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from rest_framework import serializers

from mnemara.errors import ValidationFailed


def json_object(data: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValidationFailed("Expected a JSON object.", fields={prefix.rstrip(".") or "body": ["Not an object."]})
    return dict(data)


_DIGITS = re.compile(r"[0-9]{1,9}")  # ASCII only: "²" and "①" are digits to str.isdigit() but not to int()


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
        fields = {f"{prefix}{k}": [str(e) for e in v] if isinstance(v, list) else [str(v)]
                  for k, v in serializer.errors.items()}
        raise ValidationFailed("The request is not valid.", fields=fields)
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


_DAY = r"(?:0[1-9]|1[0-9]|2[0-8])"
_YEAR = r"(?:000[1-9]|00[1-9][0-9]|0[1-9][0-9][0-9]|[1-9][0-9]{3})"
_LEAP_YEAR = r"(?:[0-9][0-9](?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)"
_DATE = (rf"(?:{_YEAR}-(?:(?:0[13578]|1[02])-(?:{_DAY}|29|30|31)|(?:0[469]|11)-(?:{_DAY}|29|30)|02-{_DAY})"
         rf"|{_LEAP_YEAR}-02-29)")
#: A time with its zone (RFC 3339, at most microseconds): what the API accepts, exactly (also the schema's
#: ``pattern``), so a date that does not exist (02-30) is no match.
DATETIME_PATTERN = (rf"^{_DATE}T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]{{1,6}})?"
                    rf"(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$")
_DATETIME = re.compile(DATETIME_PATTERN)


class StrictDateTimeField(serializers.DateTimeField):
    """A time with its zone, as ``DATETIME_PATTERN`` says (the contract: "times in ISO 8601 with zone")."""

    def to_internal_value(self, value: Any) -> Any:
        if not isinstance(value, str) or not _DATETIME.fullmatch(value):
            raise serializers.ValidationError("A time with its zone, e.g. 2025-03-10T09:30:00Z.")
        try:
            # In UTC: PostgreSQL refuses offsets beyond ±15:59, and year 1 at +14:00 is before the first instant.
            return datetime.fromisoformat(value).astimezone(UTC)
        except (ValueError, OverflowError) as exc:
            raise serializers.ValidationError("A time that can be represented in UTC.") from exc
