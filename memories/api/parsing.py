"""Request-body parsing shared by every API view: one shape check, one way to report field errors."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from mnemara.errors import ValidationFailed


def json_object(data: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ValidationFailed("Expected a JSON object.", fields={prefix.rstrip(".") or "body": ["Not an object."]})
    return dict(data)


def validated(serializer_class: type[serializers.Serializer[Any]], data: Any, prefix: str = "") -> dict[str, Any]:
    """The serializer's validated data, or a 400 naming each field (``prefix`` for items of a batch)."""
    serializer = serializer_class(data=json_object(data, prefix))
    if not serializer.is_valid():
        fields = {f"{prefix}{k}": [str(e) for e in v] if isinstance(v, list) else [str(v)]
                  for k, v in serializer.errors.items()}
        raise ValidationFailed("The request is not valid.", fields=fields)
    return dict(serializer.validated_data)
