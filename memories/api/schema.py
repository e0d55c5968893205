"""The memory API's schema pieces that serializers cannot say alone: bounded JSON (metadata and search
filters), text patterns the services apply, the version headers, and rules across fields (one of
``scope``/``scopes``; at least one change in a PATCH).

Patterns read the same in Python, ECMA-262 and Rust (``mnemara.kernel.patterns``: explicit classes only).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from memories.api.parsing import DATETIME_PATTERN, StrictDateTimeField
from memories.write.validation import content_pattern
from mnemara.kernel.patterns import SPACES
from mnemara.kernel.schema import BLANK_ADMITTED
from tenants.paths import scope_pattern

#: Text the API stores: PostgreSQL refuses NUL.
NO_NUL = r"^[^\x00]*$"
#: Text that must say something: a character other than a space, and no NUL.
NOT_BLANK = rf"^[^\x00]*[^\x00{SPACES}][^\x00]*$"

_SCALAR = {"type": ["null", "boolean", "number", "string"], "pattern": NO_NUL}


def _level(inner: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [_SCALAR, {"type": "array", "items": inner},
                      {"type": "object", "propertyNames": {"pattern": NO_NUL}, "additionalProperties": inner}]}


def _json_components() -> dict[str, dict[str, Any]]:
    """``Metadata``: an object nesting at most 5 levels (itself the first), as the write flow allows."""
    components: dict[str, dict[str, Any]] = {"MetadataLevel5": _level(_SCALAR)}
    for depth in (4, 3, 2):
        components[f"MetadataLevel{depth}"] = _level({"$ref": f"#/components/schemas/MetadataLevel{depth + 1}"})
    components["Metadata"] = {
        "type": "object",
        "description": "A JSON object of your own: at most 16 KiB as UTF-8 JSON, at most 5 levels deep (itself "
                       "the first), finite numbers, no NUL characters.",
        "propertyNames": {"pattern": NO_NUL},
        "additionalProperties": {"$ref": "#/components/schemas/MetadataLevel2"},
    }
    return components


class MetadataField(serializers.DictField):
    """A memory's ``metadata`` or a search's ``filters`` (validated by the write flow's rules)."""


class MetadataFieldSchema(OpenApiSerializerFieldExtension):
    target_class = MetadataField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        for name, schema in _json_components().items():
            auto_schema.registry.register_on_missing(
                ResolvedComponent(name=name, type=ResolvedComponent.SCHEMA, schema=schema, object=name))
        return {"$ref": "#/components/schemas/Metadata"}


class Text(serializers.CharField):
    """A text field whose rule the schema states as a ``pattern`` (by default: no NUL, which DRF's
    ``CharField`` refuses and PostgreSQL cannot store). ``pattern`` may be a callable, for a pattern
    built on first use."""

    def __init__(self, pattern: str | Callable[[], str] = NO_NUL, *, longest: int | None = None, **kwargs: Any) -> None:
        self.pattern = pattern
        self.longest = longest  # a limit the service enforces (413, not DRF's 400), stated in the schema
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):  # DRF's CharField takes 0 or true as text; the schema says a string
            self.fail("invalid")
        return super().to_internal_value(data)


class TextSchema(OpenApiSerializerFieldExtension):
    target_class = Text
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        field = self.target
        schema: dict[str, Any] = {"type": "string",
                                  "pattern": field.pattern() if callable(field.pattern) else field.pattern}
        if field.allow_blank:  # the pattern admits "": mnemara.kernel.schema.postprocess undoes drf-spectacular's oneOf
            schema[BLANK_ADMITTED] = True
        if field.max_length is not None or field.longest is not None:
            schema["maxLength"] = field.max_length or field.longest
        return schema  # drf-spectacular adds minLength (not blank), nullable, default and the description


class ScopeField(Text):
    """A scope path as sent: the view checks it (``TenantAPIView.allowed_scope``), this says its syntax."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "A scope path like `user/123`: up to 8 segments of 1–64 letters, digits or "
                                       "`_ . : @ -`, separated by `/`; spaces and `/` around it are ignored.")
        super().__init__(scope_pattern, trim_whitespace=False, max_length=255, **kwargs)


class ContentField(Text):
    """A memory's text as sent: the write flow normalises it (docs/api.md §4.1)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", "The text, at most 8,000 characters. Controls and invisible characters are "
                                       "dropped and spaces collapsed; something must remain.")
        super().__init__(content_pattern, longest=settings.MAX_CONTENT_CHARS, trim_whitespace=False, **kwargs)


class DateTimeSchema(OpenApiSerializerFieldExtension):
    target_class = StrictDateTimeField

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        return {"type": "string", "format": "date-time", "pattern": DATETIME_PATTERN}


def across_fields(serializer: type[serializers.Serializer[Any]], rule: dict[str, Any]) -> None:
    """Add a JSON Schema rule across fields (``anyOf``/``oneOf`` of ``required``) to a request serializer. It goes
    inside ``allOf``: the same rule to a validator, and client generators keep the fields typed (a bare
    ``oneOf`` beside ``properties`` makes openapi-python-client type the body as ``Any``)."""

    class Rule(OpenApiSerializerExtension):
        target_class = serializer

        def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
            schema = auto_schema._map_serializer(self.target_class, direction, bypass_extensions=True)
            return {**schema, "allOf": [rule]} if direction == "request" else schema

    Rule.__name__ = f"{serializer.__name__}Rule"


# A version as the ETag gives it ("3"; W/ and a bare 3 are read too), quotes balanced: "3 or 3" is refused.
IF_MATCH_PATTERN = rf'^[{SPACES}]*(?:W/)?(?:"[0-9]{{1,100}}"|[0-9]{{1,100}})[{SPACES}]*$'
IF_MATCH_VERSION = re.compile(rf'[{SPACES}]*(?:W/)?(?:"([0-9]{{1,100}})"|([0-9]{{1,100}}))[{SPACES}]*')
IF_MATCH = OpenApiParameter(
    "If-Match", {"type": "string", "pattern": IF_MATCH_PATTERN}, OpenApiParameter.HEADER,
    description="The version this change applies to, as the `ETag` gave it: `\"3\"`. A stale one is answered 409 "
                "with the current memory.")
ETAG = OpenApiParameter("ETag", str, OpenApiParameter.HEADER, response=[200],
                        description="The memory's version, quoted: send it back as `If-Match`.")


def one_or_many(serializer: type[serializers.Serializer[Any]], name: str, max_items: int | None = None,
                ) -> type[serializers.Serializer[Any]]:
    """A body (or answer) that is one ``serializer`` object or a list of 1–``max_items`` of them, as
    ``POST /memories`` takes and gives: ``oneOf`` an object and an array."""

    marker = type(name, (serializers.Serializer,), {"__doc__": f"One {serializer.__name__} or a list of them."})

    class OneOrMany(OpenApiSerializerExtension):
        target_class = marker

        def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
            ref = auto_schema.resolve_serializer(serializer, direction).ref
            many: dict[str, Any] = {"type": "array", "items": ref, "minItems": 1}
            if max_items is not None:
                many["maxItems"] = max_items
            return {"oneOf": [ref, many]}

    OneOrMany.__name__ = f"{name}Schema"
    return marker
