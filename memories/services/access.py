"""Access tracking: how often search returned a memory and when (MemoryAccess, a narrow table)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from datetime import datetime

from django.db import IntegrityError, connection, transaction

from memories.models import Memory, MemoryAccess

_UPSERT = """
INSERT INTO memories_memoryaccess (memory_id, count, last_at)
SELECT v.id, v.n, v.at
FROM unnest(%s::uuid[], %s::int[], %s::timestamptz[]) AS v(id, n, at)
JOIN memories_memory m ON m.id = v.id
ON CONFLICT (memory_id) DO UPDATE
SET count = memories_memoryaccess.count + EXCLUDED.count,
    last_at = GREATEST(memories_memoryaccess.last_at, EXCLUDED.last_at)
"""


def access_add(counts: Mapping[uuid.UUID, tuple[int, datetime]]) -> int:
    """Add ``n`` accesses at ``at`` to each memory, in one statement on this thread's connection.
    Memories deleted meanwhile are skipped. The commit does not wait for the WAL flush: a lost access
    count is cheaper than a slower search. Returns the rows written."""
    if not counts:
        return 0
    ids = list(counts)
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")
            cursor.execute(_UPSERT, [ids, [counts[i][0] for i in ids], [counts[i][1] for i in ids]])
            return int(cursor.rowcount)
    except IntegrityError:  # a memory deleted between the join and the foreign-key check
        return 0


def access_load(memories: Iterable[Memory]) -> None:
    """Attach access counts to loaded memories in one query (instead of one query per memory)."""
    by_id = {m.pk: m for m in memories if m.pk is not None}
    if not by_id:
        return
    found = {pk: (count, last_at) for pk, count, last_at in
                 MemoryAccess.objects.filter(memory_id__in=list(by_id)).values_list("memory_id", "count", "last_at")}
    for pk, memory in by_id.items():
        memory.access_set(*found.get(pk, (0, None)))
