"""Mnemara's memories and versions in mem0's JSON shapes (docs/mem0.md, "Shapes").

mem0's ``created_at`` is when a memory became true: Mnemara's ``valid_from`` (set by an import or by
``timestamp``); ``updated_at`` is the last change. ``categories`` holds the memory's type.
"""

from __future__ import annotations

from typing import Any

from memories.choices import ChangeKind
from memories.extraction.mem0_format import scope_entities
from memories.models import Memory, MemoryVersion
from memories.representation import iso
from memories.write.policy import Action

#: What mem0 calls the write flow's resolutions.
EVENTS = {Action.CREATED: "ADD", Action.SUPERSEDED: "ADD", Action.PENDING: "ADD", Action.CONFLICT: "ADD",
          Action.UPDATED: "UPDATE", Action.DUPLICATE: "NONE"}
_VERSION_EVENTS = {ChangeKind.CREATE: "ADD", ChangeKind.DEPRECATE: "DELETE"}


#: The metadata key an ``add(…, immutable=True)`` sets (shown as mem0's ``immutable``, not in ``metadata``).
IMMUTABLE_KEY = "mem0_immutable"


def mem0_memory(memory: Memory) -> dict[str, Any]:
    metadata = {k: v for k, v in (memory.metadata or {}).items() if k != IMMUTABLE_KEY}
    return {
        "id": str(memory.id), "memory": memory.content, **scope_entities(memory.scope.path),
        "hash": memory.content_hash, "metadata": metadata, "categories": [memory.type],
        "created_at": iso(memory.valid_from), "updated_at": iso(memory.updated_at),
        "expiration_date": memory.expires_at.date().isoformat() if memory.expires_at else None,
        "immutable": (memory.metadata or {}).get(IMMUTABLE_KEY) is True,
        # a value a newer memory replaced, found by a question about earlier values (memories/recall/history.py)
        **({"superseded_by": str(memory.superseded_by_id)} if memory.superseded_by_id else {}),
    }


def mem0_history(memory: Memory, versions: list[MemoryVersion]) -> list[dict[str, Any]]:
    """Each version as a mem0 history entry, oldest first: what the text was before and after it."""
    entries = []
    before: str | None = None
    for v in versions:
        ids = scope_entities(v.scope_path)
        entries.append({
            "id": str(v.id), "memory_id": str(memory.id), "input": [], "old_memory": before,
            "new_memory": v.content, "user_id": ids["user_id"], "agent_id": ids["agent_id"],
            "event": _VERSION_EVENTS.get(ChangeKind(v.change), "UPDATE"), "metadata": v.metadata,
            "created_at": iso(v.created_at), "updated_at": iso(v.created_at)})
        before = v.content
    return entries
