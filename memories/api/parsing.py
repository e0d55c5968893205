"""Request-body parsing shared by every API view: one shape check, one way to report field errors."""

from __future__ import annotations

import re
from collections.abc import Mapping
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
    if raw is None or raw == "":
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
