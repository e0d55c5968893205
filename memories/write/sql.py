"""Raw SQL of the write flow. A statement that reads tenant data names the tenant itself
(``tenant_id = %s``); ``CROSS_TENANT`` says why the others need no tenant condition, and a test holds
every ``*_SQL`` constant here to that rule."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from django.db import connection

from tenants.scoping import get_active_tenant

# For each item of a batch: up to ``limit`` live memories of its scope that it may relate to (the same
# content, the same entity and type, the same wording (search words without spaces) and type, a
# near-duplicate vector of the same type, or the same attribute slot, of the same type or both of the types a
# person's statements are given (``policy.SLOT_TYPES``): "The user likes sushi" / "The user has gone off sushi"),
# or, for a statement of change, one of those types that holds a word it names (``changes.change_query``), best
# first.
RELATED_SQL = """
SELECT i.idx, c.id
FROM unnest(%(idx)s::int[], %(scope)s::uuid[], %(hash)s::text[], %(entity)s::text[], %(type)s::text[],
            %(emb)s::text[]::vector[], %(wording)s::text[], %(slots)s::text[], %(change)s::text[])
     AS i(idx, scope_id, hash, entity, type, emb, wording, slots, change)
CROSS JOIN LATERAL (
    SELECT m.id
    FROM memories_memory m
    WHERE m.tenant_id = %(tenant)s AND m.scope_id = i.scope_id AND m.status = ANY(%(live)s)
      AND (m.content_hash = i.hash
           OR ((m.expires_at IS NULL OR m.expires_at > %(now)s)
               AND ((m.type = i.type
                     AND ((i.entity <> '' AND m.entity = i.entity)
                          OR (i.wording <> '' AND replace(m.search_text, ' ', '') = i.wording)
                          OR (m.embedding <=> i.emb) + 0.0 <= %(max_distance)s))
                    OR (i.slots <> '' AND m.slots && string_to_array(i.slots, E'\n')::varchar[]
                        AND (m.type = i.type OR (m.type = ANY(%(slot_types)s) AND i.type = ANY(%(slot_types)s))))
                    OR (i.change <> '' AND m.search_vector @@ i.change::tsquery
                        AND m.type = ANY(%(slot_types)s) AND i.type = ANY(%(slot_types)s)))))
    ORDER BY (m.content_hash = i.hash) DESC, (i.wording <> '' AND replace(m.search_text, ' ', '') = i.wording) DESC,
             (i.entity <> '' AND m.entity = i.entity) DESC,
             (i.slots <> '' AND m.slots && string_to_array(i.slots, E'\n')::varchar[]) DESC,
             (m.embedding <=> i.emb) + 0.0, m.updated_at DESC
    LIMIT %(limit)s
) c
"""

# For each item of a batch that has a vector of secondary model {j}: up to ``limit`` live memories of its scope
# of the same type whose vector of that model is a near-duplicate (that model's threshold), nearest first.
# The scope's memories come first (index on tenant, scope, status), each one's vector by its (memory, model)
# key: joining the vector table instead let the planner scan every vector of the model, per item. An item
# the primary model reads skips the memories it reads too: that pair is the primary model's to judge.
RELATED_SECONDARY_SQL = """
SELECT i.idx, c.id
FROM unnest(%(idx)s::int[], %(scope)s::uuid[], %(type)s::text[], %(emb_{j})s::text[]::vector[],
            %(primary_reads)s::bool[]) AS i(idx, scope_id, type, emb, primary_reads)
CROSS JOIN LATERAL (
    SELECT s.id FROM (
        SELECT m.id, m.updated_at,
               (SELECT v.embedding FROM memories_memoryvector v
                WHERE v.memory_id = m.id AND v.model = %(model_{j})s AND v.tenant_id = %(tenant)s) AS emb
        FROM memories_memory m
        WHERE m.tenant_id = %(tenant)s AND m.scope_id = i.scope_id AND m.status = ANY(%(live)s)
          AND (m.expires_at IS NULL OR m.expires_at > %(now)s) AND m.type = i.type
          AND (NOT i.primary_reads OR m.embedding_coverage < %(reads_min)s)
        OFFSET 0
    ) s
    WHERE (s.emb <=> i.emb) + 0.0 <= %(max_distance_{j})s
    ORDER BY (s.emb <=> i.emb) + 0.0, s.updated_at DESC
    LIMIT %(limit)s
) c
WHERE i.emb IS NOT NULL
"""

# The tenant's people whose external id or an alias occurs in one of the (case-folded) texts of a batch: the
# known people its memories may mention (memories/write/mentions.py checks whole words). Ids of one character
# are skipped here, ids of digits and punctuation there.
KNOWN_NAMES_SQL = """
SELECT s.id, s.external_id, s.aliases
FROM tenants_subject s
WHERE s.tenant_id = %(tenant)s AND EXISTS (
    SELECT 1 FROM unnest(%(texts)s::text[]) AS t(body)
    WHERE (length(s.external_id) >= 2 AND strpos(t.body, lower(s.external_id)) > 0)
       OR EXISTS (SELECT 1 FROM unnest(s.aliases) AS a(alias) WHERE length(a.alias) >= 2
                  AND strpos(t.body, lower(a.alias)) > 0))
"""

# New MemoryVector rows, in PostgreSQL's binary COPY format: a vector goes as its binary form (what
# vector_send gives and vector_recv reads), so no float is written out as text and parsed back.
VECTORS_COPY_SQL = ("COPY memories_memoryvector (tenant_id, memory_id, model, coverage, embedding, created_at) "
                    "FROM STDIN WITH (FORMAT BINARY)")

# For the batch's near-duplicate check by a secondary model, done in numpy (``related.secondary_near``): the
# live, unexpired memories of the batch's scopes and types holding that model's vector, the vector in
# binary. In the scopes not in ``all_scopes`` (every item there is one the primary model reads) only the
# memories the primary model cannot read: the other pairs are the primary model's to judge. At most
# ``limit`` rows; more, and the check runs in SQL instead (``RELATED_SECONDARY_SQL``).
# Each memory's vector by its (memory, model) key: a join let the planner scan the tenant's vectors of the
# model once per memory when its statistics were stale (a new tenant's, say).
SCOPE_VECTORS_SQL = """
SELECT s.id, s.scope_id, s.type, s.updated_at, s.unread, s.vector FROM (
    SELECT m.id, m.scope_id, m.type, m.updated_at, coalesce(m.embedding_coverage < %(reads_min)s, false) AS unread,
           (SELECT vector_send(v.embedding) FROM memories_memoryvector v
            WHERE v.memory_id = m.id AND v.model = %(model)s) AS vector
    FROM memories_memory m
    WHERE m.tenant_id = %(tenant)s AND m.scope_id = ANY(%(scopes)s) AND m.status = ANY(%(live)s)
      AND (m.expires_at IS NULL OR m.expires_at > %(now)s) AND m.type = ANY(%(types)s)
      AND (m.scope_id = ANY(%(all_scopes)s) OR m.embedding_coverage < %(reads_min)s)
    OFFSET 0
) s
WHERE s.vector IS NOT NULL
LIMIT %(limit)s
"""

# Transaction-scoped advisory locks, one per scope (serialise related-find + decide + write).
SCOPE_LOCKS_SQL = ("SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) "
                   "FROM unnest(%s::text[]) WITH ORDINALITY AS t(k, n)")
SCOPE_LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))"

# Ask the search-index trigger (migration 0014) to stamp memories whose secondary vectors were just added.
STAMP_SQL = "UPDATE memories_memory SET search_seq = -1 WHERE tenant_id = %s AND id = ANY(%s)"

# One re-embedding run per (tenant, model): a session lock, released at the end or with the connection.
REEMBED_LOCK_SQL = "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))"
REEMBED_UNLOCK_SQL = "SELECT pg_advisory_unlock(hashtextextended(%s, 0))"

CROSS_TENANT = {
    "VECTORS_COPY_SQL": "reads nothing: writes rows that carry their tenant (stamped by the caller: owned.stamp)",
    "SCOPE_LOCKS_SQL": "reads no table: locks keyed by scope ids (random UUIDs)",
    "SCOPE_LOCK_SQL": "reads no table: a lock keyed by a scope id (a random UUID)",
    "REEMBED_LOCK_SQL": "reads no table: a lock keyed by a tenant id and a model name",
    "REEMBED_UNLOCK_SQL": "reads no table: releases that lock",
}


def related_candidates(params: dict[str, Any], secondary: Sequence[int] = (),
                       primary: bool = True) -> list[tuple[int, uuid.UUID]]:
    """(item index, memory id) pairs of ``RELATED_SQL`` (unless not ``primary``) and of ``RELATED_SECONDARY_SQL``
    for each secondary model j in ``secondary`` (``params["model_j"]``, ``["emb_j"]``, ``["max_distance_j"]``);
    ``params["tenant"]`` is the active tenant. A memory may come twice for one item (found by two models)."""
    parts = [*([RELATED_SQL] if primary else []), *(RELATED_SECONDARY_SQL.format(j=j) for j in secondary)]
    if not parts:
        return []
    statement = "\nUNION ALL\n".join(parts)
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return cursor.fetchall()


def vectors_copy(rows: Sequence[tuple[uuid.UUID, uuid.UUID, str, float, bytes, Any]]) -> None:
    """Insert MemoryVector rows ``(tenant id, memory id, model, coverage, vector, created_at)`` with one binary
    COPY, the vector in pgvector's binary form (``vectors.vector_binary``): psycopg's bytea dumper passes those
    bytes through as they are, and the server reads them with the column's own type."""
    with connection.cursor() as cursor, cursor.cursor.copy(VECTORS_COPY_SQL) as copy:
        copy.set_types(["uuid", "uuid", "text", "float8", "bytea", "timestamptz"])
        for tenant_id, memory_id, model, coverage, vector, created_at in rows:
            copy.write_row((tenant_id, memory_id, model, float(coverage), vector, created_at))


def scope_vectors(params: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The rows of ``SCOPE_VECTORS_SQL``: (id, scope id, type, updated_at, unread by the primary, vector bytes)."""
    with connection.cursor() as cursor:
        cursor.execute(SCOPE_VECTORS_SQL, params)
        return cursor.fetchall()


def scope_locks(scope_ids: Sequence[uuid.UUID]) -> None:
    """Lock the scopes in the given order (callers sort them) until the transaction ends."""
    with connection.cursor() as cursor:
        cursor.execute(SCOPE_LOCKS_SQL, [[f"scope:{pk}" for pk in scope_ids]])


def scope_lock(scope_id: uuid.UUID) -> None:
    with connection.cursor() as cursor:
        cursor.execute(SCOPE_LOCK_SQL, [f"scope:{scope_id}"])


def memories_stamp(ids: Sequence[uuid.UUID]) -> None:
    """Stamp these memories of the active tenant (and their scopes) for the search indexes."""
    if ids:
        with connection.cursor() as cursor:
            cursor.execute(STAMP_SQL, [get_active_tenant().pk, list(ids)])


@contextlib.contextmanager
def reembed_lock(tenant_id: uuid.UUID, model: str) -> Iterator[bool]:
    """Hold the (tenant, model) re-embedding lock while the block runs; yields False if another run has it."""
    key = f"reembed:{tenant_id}:{model}"
    with connection.cursor() as cursor:
        cursor.execute(REEMBED_LOCK_SQL, [key])
        locked = bool(cursor.fetchone()[0])
    try:
        yield locked
    finally:
        if locked:
            with connection.cursor() as cursor:
                cursor.execute(REEMBED_UNLOCK_SQL, [key])


def known_names_rows(tenant_id: Any, texts: Sequence[str]) -> list[tuple[Any, str, list[str]]]:
    """(subject id, external id, aliases) of ``KNOWN_NAMES_SQL``."""
    with connection.cursor() as cursor:
        cursor.execute(KNOWN_NAMES_SQL, {"tenant": tenant_id, "texts": list(texts)})
        return cursor.fetchall()
