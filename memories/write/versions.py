"""What every change to a stored memory uses: the scope lock, compare-and-set on the version, and the
immutable version snapshot. (What a change means for review items is ``truth.truth_settle``'s job.)"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django.db.models import F
from django.utils import timezone

from memories.models import Memory, MemoryVersion, Scope
from memories.write import sql
from memories.write.lineage import subject_ids_of
from memories.write.reasons import Reason, version_reason
from mnemara.kernel.errors import Conflict, NotFound


class VersionConflict(Conflict):
    """A stale version. ``current`` is the memory as it is now, for the caller to show."""

    def __init__(self, current: Memory) -> None:
        super().__init__(f"Memory {current.id} is at version {current.version}; reload and retry.",
                         code="version_conflict")
        self.current = current


def lock_scopes(scopes: Sequence[Scope]) -> None:
    """``lock_scope`` for many in one statement, in the given order (callers sort by path)."""
    sql.scope_locks([scope.pk for scope in scopes])


def lock_scope(scope: Scope | uuid.UUID) -> None:
    """Serialise writes to one scope for the rest of the transaction (related-find + decide + write)."""
    scope_id = scope.pk if isinstance(scope, Scope) else scope
    sql.scope_lock(scope_id)


def snapshot(memory: Memory, change: str, actor: str, reason: str | Reason = "") -> MemoryVersion:
    """An unsaved version row mirroring the memory's current state. ``reason``: a system reason (code and
    parameters) or a person's words."""
    why = reason if isinstance(reason, Reason) else version_reason(note=reason)
    return MemoryVersion(
        memory=memory, version=memory.version, change=change, actor=actor,
        **why.fields(), scope_path=memory.scope.path, type=memory.type, content=memory.content,
        entity=memory.entity, key=memory.key, metadata=memory.metadata, confidence=memory.confidence,
        provenance=memory.provenance, status=memory.status, source_session=memory.source_session,
        valid_from=memory.valid_from, valid_to=memory.valid_to, superseded_by_id_value=memory.superseded_by_id,
        subject_ids=subject_ids_of(memory),
    )


def bump(memory: Memory, change: str, actor: str, *, reason: str | Reason = "", expected_version: int | None = None,
         **fields: Any) -> MemoryVersion:
    """Change an existing memory with compare-and-set on its version. Call inside a transaction.

    The UPDATE only matches the version we read; zero rows means someone else won: VersionConflict.
    """
    expected = memory.version if expected_version is None else expected_version
    # The scope's lock before the row's: every writer takes them in this order, so the search-index
    # trigger's scope-row lock (migration 0007) cannot deadlock against the write flow.
    lock_scope(memory.scope_id)
    now = timezone.now()
    fields["updated_at"] = now
    updated = Memory.objects.filter(pk=memory.pk, version=expected).update(version=F("version") + 1, **fields)
    if updated == 0:
        current = Memory.objects.select_related("scope", "subject").filter(pk=memory.pk).first()
        if current is None:
            raise NotFound("Memory not found.")
        raise VersionConflict(current)
    for name, value in fields.items():
        setattr(memory, name, value)
    memory.version = expected + 1
    return snapshot(memory, change, actor, reason)


def memory_get(memory_id: uuid.UUID | str) -> Memory:
    memory = Memory.objects.select_related("scope", "subject").filter(pk=memory_id).first()
    if memory is None:
        raise NotFound("Memory not found.")
    return memory
