"""mem0's ``filters`` as Django queries (docs/mem0.md, "Filters").

A filter is an object whose keys are combined with AND; ``AND``/``OR`` take a list of filters, ``NOT`` a filter
or a list of them (none of which may hold). Keys:

- ``user_id``, ``agent_id``, ``app_id``, ``run_id``: a value (``"alex"``), ``"*"`` (any), ``{"in": [...]}``,
  ``{"ne": v}`` — matched on the ``<kind>/<id>`` pairs of the memory's scope path (mem0_format);
- ``created_at``, ``updated_at``: ``{"gte"|"gt"|"lte"|"lt": time}`` (``created_at`` is the memory's
  ``valid_from``: when it became true, which an import or a ``timestamp`` sets);
- ``categories``: ``{"in": [...]}`` or ``{"contains": t}`` — Mnemara's memory types;
- ``metadata``: ``{key: condition, ...}``, each condition a value (the metadata holds that pair), ``"*"`` (the key
  is there) or an object of mem0's operators (``METADATA_OPERATORS``);
- ``keywords``: ``{"contains"|"icontains": text}`` (or the text): the memory's text holds it, in any case;
- ``memory_ids``: a list of ids (or ``{"in": [...]}``).

Anything else (other keys, other operators) is refused with 400 ``unsupported_filter``.
``scope_query`` is the same filter on scope rows, with every condition that is not about ids taken as
true: search uses it to find the scopes to look in, then the whole filter on what it found.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.db.models import CharField, Func, JSONField, Q, Value
from django.db.models.fields.json import KeyTextTransform, KeyTransform
from django.db.models.lookups import Exact

from memories.choices import MemoryType
from memories.extraction.mem0_format import ENTITY_KINDS, any_time
from memories.write import validation
from mnemara.kernel.errors import ValidationFailed
from tenants.paths import segment_pattern

ALWAYS = Q(pk__isnull=False)
_TIME_FIELDS = {"created_at": "valid_from", "updated_at": "updated_at"}
_TIME_OPS = {"gte": "gte", "gt": "gt", "lte": "lte", "lt": "lt"}
MAX_DEPTH = 8
#: mem0's operators on a metadata key (its "enhanced metadata filtering"); ``ne``/``nin`` also match a
#: memory without the key, as mem0 does.
METADATA_OPERATORS = ("eq", "ne", "in", "nin", "gt", "gte", "lt", "lte", "contains", "icontains")
MAX_IN_VALUES = 100


def unsupported(what: str) -> ValidationFailed:
    return ValidationFailed(f"Not supported in mem0 filters: {what} (docs/mem0.md lists what is).",
                            code="unsupported_filter", fields={"filters": [f"Not supported: {what}."]})


def _entity_q(kind: str, value: str, field: str) -> Q:
    pairs = r"^(?:[^/]+/[^/]+/)*"
    if value == "*":
        return Q(**{f"{field}__regex": rf"{pairs}{kind}/[^/]+(?:/|$)"})
    if not isinstance(value, str) or not re.fullmatch(segment_pattern(), value):
        raise validation.field_error(f"filters.{kind}_id", "An id: 1-64 letters, digits or . _ : @ -, or \"*\".")
    return Q(**{f"{field}__regex": rf"{pairs}{kind}/{re.escape(value)}(?:/|$)"})


def _entity(name: str, condition: Any, field: str) -> Q:
    kind = ENTITY_KINDS[name]
    if not isinstance(condition, dict):
        return _entity_q(kind, condition, field)
    q = ALWAYS
    for op, value in condition.items():
        if op == "in" and isinstance(value, list) and value:
            ors = Q(pk__in=[])
            for v in value:
                ors |= _entity_q(kind, v, field)
            q &= ors
        elif op == "ne":
            q &= ~_entity_q(kind, value, field)
        elif op == "eq":
            q &= _entity_q(kind, value, field)
        else:
            raise unsupported(f"{name}.{op}")
    return q


def _time(name: str, condition: Any) -> Q:
    if not isinstance(condition, dict) or not condition:
        raise unsupported(f"{name} without an operator (gte, gt, lte, lt)")
    q = ALWAYS
    for op, value in condition.items():
        if op not in _TIME_OPS:
            raise unsupported(f"{name}.{op}")
        q &= Q(**{f"{_TIME_FIELDS[name]}__{_TIME_OPS[op]}": when(value, f"filters.{name}.{op}")})
    return q


def when(value: Any, field: str) -> datetime:
    if isinstance(value, str) and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        value = f"{value}T00:00:00Z"
    return any_time(value, field)


def _categories(condition: Any) -> Q:
    if not isinstance(condition, dict) or len(condition) != 1:
        raise unsupported("categories without one operator (in, contains)")
    (op, value), = condition.items()
    values = value if op == "in" and isinstance(value, list) else [value] if op == "contains" else None
    if values is None:
        raise unsupported(f"categories.{op}")
    bad = [v for v in values if v not in MemoryType.values]
    if bad:
        raise validation.field_error("filters.categories", f"Mnemara's categories are its types: "
                                                           f"{', '.join(MemoryType.values)}.")
    return Q(type__in=values)


def _metadata(condition: Any) -> Q:
    if not isinstance(condition, dict) or not condition:
        raise unsupported("metadata other than an object of key: condition pairs")
    validation.validate_metadata(condition, "filters.")  # sizes, depth, characters jsonb can hold
    q = ALWAYS
    for key, value in condition.items():
        if value == "*":
            q &= Q(metadata__has_key=key)
        elif isinstance(value, dict):
            if not value:
                raise unsupported(f"metadata.{key}: an empty object (give an operator: "
                                  f"{', '.join(METADATA_OPERATORS)})")
            for op, operand in value.items():
                q &= _metadata_op(key, op, operand)
        else:
            q &= Q(metadata__contains={key: value})
    return q


def _typed(key: str, json_type: str) -> Q:
    kind = Func(KeyTransform(key, "metadata"), function="jsonb_typeof", output_field=CharField())
    return Q(Exact(kind, json_type))


def _lookup(lhs: KeyTransform, op: str, rhs: Any) -> Any:
    lookup = lhs.get_lookup(op)
    assert lookup is not None, op
    return lookup(lhs, rhs)


def _metadata_op(key: str, op: str, operand: Any) -> Q:
    field = f"filters.metadata.{key}.{op}"
    if op not in METADATA_OPERATORS:
        raise unsupported(f"metadata.{key}.{op} (mem0's operators: {', '.join(METADATA_OPERATORS)})")
    if op in ("eq", "ne"):
        equal = Q(metadata__contains={key: operand})
        return equal if op == "eq" else ~equal
    if op in ("in", "nin"):
        if not isinstance(operand, list) or not 1 <= len(operand) <= MAX_IN_VALUES:
            raise validation.field_error(field, f"A list of 1 to {MAX_IN_VALUES} values.")
        among = Q(pk__in=[])
        for item in operand:
            among |= Q(metadata__contains={key: item})
        return among if op == "in" else ~among
    if op in ("gt", "gte", "lt", "lte"):
        if isinstance(operand, bool) or not isinstance(operand, int | float | str):
            raise validation.field_error(field, "A number, or a string (compared as text, e.g. an ISO date).")
        lhs = KeyTransform(key, "metadata")
        compared = _lookup(lhs, op, Value(operand, output_field=JSONField()))  # jsonb with jsonb
        return _typed(key, "string" if isinstance(operand, str) else "number") & Q(compared)
    # contains, icontains: a substring of a string value; contains also an item of a list value
    text = KeyTextTransform(key, "metadata")
    if not isinstance(operand, str):
        if op == "icontains":
            raise validation.field_error(field, "A string.")
        return _typed(key, "array") & Q(metadata__contains={key: [operand]})
    found = _typed(key, "string") & Q(_lookup(text, op, operand))
    return found | (_typed(key, "array") & Q(metadata__contains={key: [operand]})) if op == "contains" else found


def _build(node: Any, field: str, depth: int, leaf: Callable[[str, Any], Q] | None) -> Q:
    if depth > MAX_DEPTH:
        raise unsupported(f"filters nested deeper than {MAX_DEPTH} levels")
    if not isinstance(node, dict):
        raise validation.field_error("filters", "An object (keys joined with AND; AND/OR take a list of objects).")
    q = ALWAYS
    for key, value in node.items():
        q &= _condition(key, value, field, depth, leaf)
    return q


def _condition(key: str, value: Any, field: str, depth: int, leaf: Callable[[str, Any], Q] | None) -> Q:
    """One key of a filter object: AND / OR / NOT of filters, an id, or (``leaf``) a memory's field."""
    if key in ("AND", "OR"):
        return _joined(key, value, field, depth, leaf)
    if key == "NOT":
        return _negated(value, field, depth, leaf)
    if key in ENTITY_KINDS:
        return _entity(key, value, field)
    if key in ("created_at", "updated_at", "categories", "metadata", "keywords", "memory_ids"):
        return leaf(key, value) if leaf is not None else ALWAYS
    mem0s = key in ("timestamp",)  # mem0's own keys Mnemara does not serve
    raise unsupported(key if mem0s else f'{key}; a metadata key goes under "metadata"')


def _joined(key: str, value: Any, field: str, depth: int, leaf: Callable[[str, Any], Q] | None) -> Q:
    if not isinstance(value, list) or not value:
        raise validation.field_error(f"filters.{key}", "A non-empty list of filters.")
    parts = [_build(v, field, depth + 1, leaf) for v in value]
    joined = parts[0]
    for part in parts[1:]:
        joined = joined & part if key == "AND" else joined | part
    return joined


def _negated(value: Any, field: str, depth: int, leaf: Callable[[str, Any], Q] | None) -> Q:
    negated = value if isinstance(value, list) else [value]
    if not negated:
        raise validation.field_error("filters.NOT", "A filter, or a non-empty list of filters.")
    parts = [_build(v, field, depth + 1, leaf) for v in negated]
    if leaf is None:  # on scopes a negation narrows nothing for sure: taken as true (adds no condition)
        return Q()
    anyof = parts[0]
    for part in parts[1:]:
        anyof |= part
    return ~anyof


def _keywords(condition: Any) -> Q:
    text = condition if isinstance(condition, str) else None
    if isinstance(condition, dict) and len(condition) == 1 and next(iter(condition)) in ("contains", "icontains"):
        text = next(iter(condition.values()))
    if not isinstance(text, str) or not text.strip() or len(text) > 1000:
        raise validation.field_error("filters.keywords", 'Text, or {"contains": text} (matched in any case).')
    return Q(content__icontains=validation.validate_no_nul(text, "filters.keywords"))


def _memory_ids(condition: Any) -> Q:
    ids = condition.get("in") if isinstance(condition, dict) and len(condition) == 1 else condition
    if not isinstance(ids, list) or not 1 <= len(ids) <= MAX_IN_VALUES or not all(isinstance(i, str) for i in ids):
        raise validation.field_error("filters.memory_ids", f"A list of 1 to {MAX_IN_VALUES} memory ids.")
    return Q(pk__in=[i for i in ids if _is_uuid(i)])


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return True


def _memory_leaf(key: str, value: Any) -> Q:
    if key == "categories":
        return _categories(value)
    if key == "metadata":
        return _metadata(value)
    if key == "keywords":
        return _keywords(value)
    if key == "memory_ids":
        return _memory_ids(value)
    return _time(key, value)


def memory_query(filters: dict[str, Any]) -> Q:
    """The whole filter on memories (their scope's path, validity, type and metadata)."""
    return _build(filters, "scope__path", 0, _memory_leaf)


def scope_query(filters: dict[str, Any]) -> Q:
    """The filter's conditions on ids, on scope rows (``path``); every other condition counts as true."""
    memory_query(filters)  # refuse what is unsupported or malformed, whatever search would look at
    return _build(filters, "path", 0, None)


def names_an_id(filters: dict[str, Any]) -> bool:
    """Does the filter name one of the ids anywhere (mem0 asks for one)?"""
    if not isinstance(filters, dict):
        return False
    for key, value in filters.items():
        if key in ENTITY_KINDS:
            return True
        if key in ("AND", "OR") and isinstance(value, list) and any(names_an_id(v) for v in value):
            return True
    return False


def only_ids(filters: dict[str, Any]) -> bool:
    """Does the filter say nothing but ids (so the scopes it selects are exactly the memories it selects)?"""
    for key, value in filters.items():
        if key in ("AND", "OR"):
            if not all(isinstance(v, dict) and only_ids(v) for v in value):
                return False
        elif key not in ENTITY_KINDS:  # NOT too: the scopes it selects are a superset
            return False
    return True
