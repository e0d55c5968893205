"""Subject lineage: which people a memory is about.

A memory written about a person links to them; a memory derived from others — merged from them,
updated in place by a write about someone else, superseding them, kept over them by a review
decision — carries the union of their subjects forward. Links are only ever added (an undo of the
decision leaves them), and every version records the set it was written with, so GDPR access and
erasure (``memories.compliance.subjects``) reach every copy of a person's data.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from memories.models import Memory, MemorySubject

_KNOWN = "_lineage_ids"  # the memory's subject ids, cached on the instance


def subject_ids_of(memory: Memory) -> list[uuid.UUID]:
    """The memory's subjects (ids, sorted), from the links already loaded or added, else one query."""
    known: set[uuid.UUID] | None = memory.__dict__.get(_KNOWN)
    if known is None:
        known = set()
        if not memory._state.adding:  # the links are the truth (the primary ``subject`` is linked too)
            known = set(MemorySubject.objects.filter(memory_id=memory.pk).values_list("subject_id", flat=True))
        memory.__dict__[_KNOWN] = known
    return sorted(known, key=str)


def lineage_add(memory: Memory, subject_ids: Iterable[uuid.UUID | None]) -> list[uuid.UUID]:
    """Add subjects to the memory's lineage (in memory: ``links_save`` stores them). Returns the new ones."""
    current = set(subject_ids_of(memory))
    new = sorted({s for s in subject_ids if s and s not in current}, key=str)
    memory.__dict__[_KNOWN] = current | set(new)
    return new


def links_save(links: Iterable[tuple[uuid.UUID, uuid.UUID]]) -> None:
    """Store (memory id, subject id) links; ones that exist already are kept as they are."""
    rows = [MemorySubject(memory_id=memory_id, subject_id=subject_id) for memory_id, subject_id in links]
    if rows:
        MemorySubject.objects.bulk_create(rows, ignore_conflicts=True)
