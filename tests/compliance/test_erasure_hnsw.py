"""The erasure's VACUUM leaves the HNSW graphs to the compaction (pgvector repairs a graph around every
deleted element, a pass that grows with the table: 39 minutes for 10,000 of 100,000 memories), and the
guarantees hold: no scan returns an erased row meanwhile, and after ``run_maintenance --compact`` no row and
no byte is left while the rebuilt HNSW index is valid and used."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from memories.compliance.subjects import subject_erase
from memories.compliance.vacuum import erasure_tables, vacuum_tables
from memories.models import Memory
from tenants.scoping import tenant_scope
from tests.compliance.conftest import bytes_where, canary_hits, schema_files, write_person

pytestmark = pytest.mark.django_db(transaction=True)

CANARY = "hnswcanary51c7"
HNSW_TABLES = ("memories_memory", "memories_memoryvector")  # the tables with HNSW indexes


def _vacuums(queries: list[dict[str, Any]]) -> dict[str, str]:
    """Each vacuumed table and the options of the VACUUM that named it."""
    found: dict[str, str] = {}
    for query in queries:
        sql = query["sql"]
        if sql.startswith("VACUUM"):
            options, _, tables = sql.partition(") ")
            for table in tables.split(", "):
                found[table.strip('"')] = options + ")"
    return found


def _nearest(vector: Any, *, forced: bool) -> tuple[list[Any], str]:
    """The 10 nearest memories by the primary vector, and the plan (``forced``: no sequential scan)."""
    with transaction.atomic(), connection.cursor() as cursor:
        if forced:
            cursor.execute("SET LOCAL enable_seqscan = off")
        sql = "SELECT id FROM memories_memory ORDER BY embedding <=> %s::vector LIMIT 10"
        cursor.execute("EXPLAIN " + sql, [vector])
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute(sql, [vector])
        return [row[0] for row in cursor.fetchall()], plan


def test_the_erasures_vacuum_leaves_the_hnsw_graphs_to_the_compaction(alice, fake_embedder) -> None:
    with tenant_scope(alice.tenant):
        write_person("123", CANARY)
        with CaptureQueriesContext(connection) as queries:
            receipt = subject_erase(external_id="123", actor="test")

    assert receipt["vacuum"] == "done"
    vacuumed = _vacuums(queries.captured_queries)
    assert set(vacuumed) == set(erasure_tables())  # every erasure table is vacuumed
    for table in HNSW_TABLES:
        assert "INDEX_CLEANUP OFF" in vacuumed[table], vacuumed
    others = [t for t in erasure_tables() if t not in HNSW_TABLES]
    assert others and all("INDEX_CLEANUP" not in vacuumed[t] for t in others), vacuumed


def test_no_scan_returns_an_erased_row_before_the_compaction_and_no_byte_is_left_after(alice, fake_embedder) -> None:
    with tenant_scope(alice.tenant):
        erased = write_person("123", CANARY)
        write_person("456", "keepme")
        erased_ids = {r.memory.pk for r in erased["results"]}
        vector = "[" + ",".join(map(str, Memory.objects.get(pk=next(iter(erased_ids))).embedding)) + "]"
        before, plan = _nearest(vector, forced=True)
        assert "memory_embedding_hnsw" in plan and erased_ids & set(before)  # the graph holds them

        receipt = subject_erase(external_id="123", actor="test")

    assert receipt["vacuum"] == "done"
    assert canary_hits(CANARY) == {}
    meanwhile, plan = _nearest(vector, forced=True)
    assert "memory_embedding_hnsw" in plan  # the graph still has the erased elements, no scan returns them
    assert meanwhile and not erased_ids & set(meanwhile)

    call_command("run_maintenance", "--compact", stdout=io.StringIO())

    files = schema_files()
    assert bytes_where(files, CANARY) == {}
    assert bytes_where(files, "keepme")  # the scan reads real data: the other person is still there
    with connection.cursor() as cursor:
        cursor.execute("SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                       "JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'hnsw'")
        indexes = dict(cursor.fetchall())
    assert indexes.get("memory_embedding_hnsw") is True and all(indexes.values()), indexes
    after, plan = _nearest(vector, forced=True)
    assert "memory_embedding_hnsw" in plan  # rebuilt and used
    assert after == meanwhile


def test_the_compaction_rebuilds_with_its_own_maintenance_memory_and_resets_it(alice, fake_embedder, settings) -> None:
    """VACUUM FULL rebuilds the HNSW graphs; with the server's 64 MB a 100,000-row graph is built on disk."""
    settings.COMPACT_MAINTENANCE_MB = 300
    with connection.cursor() as cursor:
        cursor.execute("SHOW maintenance_work_mem")
        before = cursor.fetchone()[0]
        with CaptureQueriesContext(connection) as queries:
            vacuum_tables(full=True)
        cursor.execute("SHOW maintenance_work_mem")
        after = cursor.fetchone()[0]
    statements = [q["sql"] for q in queries.captured_queries]
    full = next(i for i, sql in enumerate(statements) if sql.startswith("VACUUM (FULL"))
    assert any("'maintenance_work_mem', '300MB'" in sql for sql in statements[:full]), statements
    assert after == before != "300MB"
