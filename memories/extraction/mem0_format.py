"""mem0's vocabulary in Mnemara's terms (docs/mem0.md): its entity ids as a scope path, and the lines of a
mem0 dump or a generic JSONL file as memories to import.

mem0 files a memory under up to four ids (``user_id``, ``agent_id``, ``app_id``, ``run_id``); Mnemara files
it under one scope path. The path is made of ``<kind>/<id>`` pairs, the user first (so a person's memories
are the personal scope ``user/<id>`` and below it), then the agent, the app and the run::

    user_id=alex                         → user/alex
    user_id=alex, run_id=trip            → user/alex/run/trip
    agent_id=tutor                       → agent/tutor
    user_id=alex, agent_id=tutor, app_id=web, run_id=s1 → user/alex/agent/tutor/app/web/run/s1

and ``user_id`` is also the memory's subject (the person GDPR access and erasure reach). Reading a path
back gives the ids again (``scope_entities``); a scope written through Mnemara's own API reads the same
way (``user/123/project/9`` has ``user_id`` 123).
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from memories.choices import MemoryType, Provenance
from memories.write import validation
from memories.write.prepare import MemoryInput
from tenants.paths import segment_pattern, validate_scope_path

#: The mem0 ids, in the order they appear in a scope path, with the path segment that names each.
ENTITY_KINDS = {"user_id": "user", "agent_id": "agent", "app_id": "app", "run_id": "run"}
#: Ids a write refuses: HTTP clients resolve them out of a URL path (``/v2/entities/user/../``), so mem0's
#: ``delete_users`` and ``reset`` (which deletes every entity ``users()`` lists) would fail on them.
DOT_SEGMENTS = frozenset((".", ".."))
MEM0_LINE = "memory"  # what a line of a mem0 dump holds its text in
GENERIC_LINE = "content"


def entity_scope(ids: dict[str, Any], prefix: str = "") -> str:
    """The scope path for mem0 ids (None or "" leave one out); a 400 naming the id that cannot be a path
    segment, or when there is none (mem0 asks for at least one too)."""
    parts: list[str] = []
    for name, kind in ENTITY_KINDS.items():
        value = ids.get(name)
        if value is None:
            continue
        if isinstance(value, str) and value in DOT_SEGMENTS:
            raise validation.field_error(name, "Not '.' or '..': a URL path cannot hold them (HTTP clients drop them, "
                                               "so delete_users and reset could never name this id).", prefix)
        if not isinstance(value, str) or not re.fullmatch(segment_pattern(), value):
            raise validation.field_error(name, "1-64 letters, digits or . _ : @ - (no spaces or '/').", prefix)
        parts += [kind, value]
    if not parts:
        raise validation.field_error("user_id", "Name at least one of user_id, agent_id, app_id, run_id.", prefix)
    return "/".join(parts)


def scope_entities(path: str) -> dict[str, str | None]:
    """The mem0 ids a scope path holds (``<kind>/<id>`` pairs; other segments are not ids)."""
    found: dict[str, str | None] = dict.fromkeys(ENTITY_KINDS)
    segments = path.split("/")
    kinds = {kind: name for name, kind in ENTITY_KINDS.items()}
    for i in range(0, len(segments) - 1, 2):
        name = kinds.get(segments[i])
        if name is not None and found[name] is None:
            found[name] = segments[i + 1]
    return found


def unix_time(value: object, field: str, prefix: str = "") -> datetime:
    """A Unix time in seconds (mem0's ``timestamp``) as an aware datetime."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise validation.field_error(field, "Seconds since 1970 (a number).", prefix)
    try:
        return datetime.fromtimestamp(value, tz=UTC)
    except (OverflowError, OSError, ValueError):
        raise validation.field_error(field, "Seconds since 1970, within the years 1-9999.", prefix) from None


def any_time(value: object, field: str, prefix: str = "") -> datetime:
    """An ISO 8601 time with its zone, or a Unix time in seconds."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return unix_time(value, field, prefix)
    return validation.validate_time(value, field, prefix)


# --------------------------------------------------------------------------- import lines

@dataclass
class ImportedLine:
    """A mem0 or generic line, ready for the write flow. ``origin``: the id it had where it came from (a
    mem0 memory's UUID), so importing the same dump again adds nothing."""

    line: int
    origin: uuid.UUID | None
    item: MemoryInput


def is_mem0_line(line: dict[str, Any]) -> bool:
    return MEM0_LINE in line and "kind" not in line and "messages" not in line


def is_generic_line(line: dict[str, Any]) -> bool:
    return GENERIC_LINE in line and "kind" not in line and "messages" not in line and MEM0_LINE not in line


def _ids(line: dict[str, Any]) -> dict[str, Any]:
    return {name: line.get(name) for name in ENTITY_KINDS}


def _origin(value: object, at: str) -> uuid.UUID | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise validation.field_error("id", "A string.", at)
    try:
        return uuid.UUID(value)
    except ValueError:
        return uuid.uuid5(uuid.NAMESPACE_URL, f"mem0:{value}")  # a mem0 id that is not a UUID: still stable


def imported_line(line: dict[str, Any], n: int, under: str) -> ImportedLine:
    """A line of a mem0 ``get_all`` dump (``{"id", "memory", "user_id", "created_at", "metadata", …}``) or
    of a generic file (``{"content", "user_id", "created_at", "metadata"}``): a memory stated by the user,
    valid from its ``created_at`` (ISO 8601 or Unix seconds; none: now), its metadata kept."""
    at = f"lines.{n}."
    mem0 = is_mem0_line(line)
    text_field = MEM0_LINE if mem0 else GENERIC_LINE
    content = line.get(text_field)
    if not isinstance(content, str) or not content.strip():
        raise validation.field_error(text_field, "A non-empty string.", at)
    scope = entity_scope(_ids(line), at)
    if under:
        scope = validate_scope_path(f"{under}/{scope}", "user_id", at)
    created = line.get("created_at")
    valid_from = None if created is None else any_time(created, "created_at", at)
    metadata = validation.validate_metadata(line.get("metadata"), at)
    categories = line.get("categories")
    kind = MemoryType.FACT
    if isinstance(categories, list) and len(categories) == 1 and categories[0] in MemoryType.values:
        kind = categories[0]  # a Mnemara memory read through the mem0 API keeps its type
    user = line.get("user_id")
    item = MemoryInput(scope=scope, content=content, type=kind, metadata=metadata, provenance=Provenance.STATED,
                       subject=user if isinstance(user, str) and user else None, valid_from=valid_from)
    return ImportedLine(n, _origin(line.get("id"), at) if mem0 else None, item)
