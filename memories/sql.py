"""Raw SQL of the shared reads (``selectors/``). Each statement that reads tenant data names the
tenant itself (``tenant_id = %s``); a test holds every ``*_SQL`` constant here to that rule."""

from __future__ import annotations

import uuid
from typing import Any

from django.db import connection

from memories.choices import LIVE_STATUSES
from tenants.scoping import get_active_tenant

# Pairs of live memories of one scope at least this alike, among its newest rows (exact, bounded).
MERGE_PAIRS_SQL = """
WITH recent AS MATERIALIZED (
    SELECT id, embedding FROM memories_memory
    WHERE tenant_id = %s AND scope_id = %s AND status = ANY(%s) AND embedding IS NOT NULL
    ORDER BY updated_at DESC LIMIT %s)
SELECT a.id, b.id, 1 - (a.embedding <=> b.embedding) AS similarity
FROM recent a JOIN recent b ON a.id < b.id
WHERE 1 - (a.embedding <=> b.embedding) >= %s
ORDER BY similarity DESC LIMIT %s
"""

# The same by a secondary embedding model's vectors (MemoryVector rows of that model), each looked up by its
# (memory, model) key for the scope's newest rows.
MERGE_PAIRS_SECONDARY_SQL = """
WITH recent AS MATERIALIZED (
    SELECT r.id, r.embedding FROM (
        SELECT m.id,
               (SELECT v.embedding FROM memories_memoryvector v
                WHERE v.memory_id = m.id AND v.model = %s AND v.tenant_id = m.tenant_id) AS embedding
        FROM memories_memory m
        WHERE m.tenant_id = %s AND m.scope_id = %s AND m.status = ANY(%s)
        ORDER BY m.updated_at DESC LIMIT %s) r
    WHERE r.embedding IS NOT NULL)
SELECT a.id, b.id, 1 - (a.embedding <=> b.embedding) AS similarity
FROM recent a JOIN recent b ON a.id < b.id
WHERE 1 - (a.embedding <=> b.embedding) >= %s
ORDER BY similarity DESC LIMIT %s
"""

# The scopes of the tenant's most recently changed live memories, among its newest ``recent`` (bounded: the
# (tenant, updated_at) index read backwards), most recent first: where merge suggestions look unasked.
MERGE_SCOPES_SQL = """
SELECT scope_id FROM (
    SELECT scope_id, updated_at FROM memories_memory
    WHERE tenant_id = %s AND status = ANY(%s) AND embedding IS NOT NULL
    ORDER BY updated_at DESC LIMIT %s) recent
GROUP BY scope_id
ORDER BY max(updated_at) DESC LIMIT %s
"""

CROSS_TENANT: dict[str, str] = {}


def merge_scopes(*, recent: int, limit: int) -> list[uuid.UUID]:
    with connection.cursor() as cursor:
        cursor.execute(MERGE_SCOPES_SQL, [get_active_tenant().pk, list(LIVE_STATUSES), recent, limit])
        return [row[0] for row in cursor.fetchall()]


def merge_pairs(scope_id: uuid.UUID, *, scan: int, min_similarity: float, limit: int, model: str = "",
                primary: bool = True) -> list[tuple[uuid.UUID, uuid.UUID, float]]:
    """Alike pairs by the primary model's vectors (``primary``), or by the secondary ``model``'s."""
    params: list[Any] = [get_active_tenant().pk, scope_id, list(LIVE_STATUSES), scan, min_similarity, limit]
    with connection.cursor() as cursor:
        if primary:
            cursor.execute(MERGE_PAIRS_SQL, params)
        else:
            cursor.execute(MERGE_PAIRS_SECONDARY_SQL, [model, *params])
        return [(a, b, float(s)) for a, b, s in cursor.fetchall()]
