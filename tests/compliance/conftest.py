"""Helpers for the compliance tests: a subject's data written through the real services, a canary scan."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from memories.models import Feedback, Job, Session, SessionTurn
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.scopes_subjects import scope_get_or_create, subject_get_or_create

API = "/api/v1"


@pytest.fixture
def export_dir(settings, tmp_path):
    settings.EXPORT_DIR = tmp_path / "exports"
    return settings.EXPORT_DIR


def write_person(external_id: str, marker: str, actor: str = "test") -> dict[str, Any]:
    """Memories (plain, pending, conflict pair), a session with turns and a summary, feedback and a
    finished job, all carrying ``marker``. Runs inside tenant_scope. Returns what was written."""
    scope = f"user/{external_id}"
    results = memory_create(actor=actor, items=[
        MemoryInput(scope=scope, subject=external_id, content=f"{marker} likes tea", entity="drink",
                    type="preference", metadata={"note": marker}),
        MemoryInput(scope=f"{scope}/project/x", subject=external_id, content=f"{marker} project deadline Friday",
                    type="task"),
        MemoryInput(scope=scope, subject=external_id, content=f"{marker} maybe lives in Paris",
                    provenance="inferred", confidence=0.9),  # → pending + review item
    ])
    # A contradicting preference: a conflict pair and a review item; then a revision (a second version).
    results += memory_create(actor=actor, items=[
        MemoryInput(scope=scope, subject=external_id, content=f"{marker} hates tea, prefers coffee",
                    entity="drink", type="preference")])
    subject = subject_get_or_create(external_id)
    session = Session.objects.create(session_key=f"s-{external_id}", scope=scope_get_or_create(scope),
                                     subject=subject, summary=f"summary of {marker}", turn_count=2)
    for seq, role in enumerate(("user", "assistant"), start=1):
        SessionTurn.objects.create(session=session, seq=seq, role=role, content=f"{role} says {marker}")
    Feedback.objects.create(memory_ids=[str(results[0].memory.pk)], correction=f"not {marker}", actor=actor)
    Job.objects.create(kind="extract", status="succeeded", session=session, subject=subject,
                       input={"messages": [{"role": "user", "content": marker}]})
    return {"results": results, "subject": subject, "session": session}


def canary_hits(marker: str) -> dict[str, int]:
    """Every column of every table in the schema (text, varchar, json/jsonb, tsvector, arrays …) cast to
    text and searched case-insensitively. Only the vector and binary columns are skipped."""
    hits: dict[str, int] = {}
    with connection.cursor() as cursor:
        cursor.execute("""
            SELECT c.table_name, c.column_name FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
              AND c.data_type <> 'bytea' AND c.udt_name <> 'vector'
        """)
        columns = cursor.fetchall()
        assert len(columns) > 50  # the scan really covers the schema
        for table, column in columns:
            cursor.execute(f'SELECT count(*) FROM "{table}" WHERE "{column}"::text ILIKE %s', [f"%{marker}%"])
            count = cursor.fetchone()[0]
            if count:
                hits[f"{table}.{column}"] = count
    return hits


def schema_files() -> list[Path]:
    """The data files of every table of the schema, of their indexes and of their TOAST (after a CHECKPOINT):
    where erased bytes could stay. Skips the test when the server's files are not on this machine."""
    with connection.cursor() as cursor:
        cursor.execute("CHECKPOINT")
        cursor.execute("SHOW data_directory")
        datadir = Path(cursor.fetchone()[0])
        cursor.execute("""
            WITH t AS (SELECT c.oid, c.reltoastrelid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')),
                 heaps AS (SELECT oid FROM t UNION SELECT reltoastrelid FROM t WHERE reltoastrelid <> 0)
            SELECT pg_relation_filepath(oid) FROM heaps
            UNION SELECT pg_relation_filepath(i.indexrelid) FROM pg_index i WHERE i.indrelid IN (SELECT oid FROM heaps)
        """)
        relative = [Path(r[0]) for r in cursor.fetchall() if r[0]]
    if not datadir.is_dir():
        pytest.skip("the database server's files are not on this machine")
    files = []
    for rel in relative:  # the main fork and its 1 GB segments, the free-space and visibility maps
        pattern = re.compile(rf"{re.escape(rel.name)}(\.\d+|_fsm|_vm|_init)?")
        files += [f for f in (datadir / rel.parent).iterdir() if pattern.fullmatch(f.name) and f.is_file()]
    return files


def bytes_hits(files: list[Path], marker: str) -> int:
    return sum(bytes_where(files, marker).values())


def bytes_where(files: list[Path], marker: str) -> dict[str, int]:
    """How often ``marker`` occurs in each relation's files, by relation name: what a failed scan names."""
    needle = marker.lower().encode()
    counts = {f: f.read_bytes().lower().count(needle) for f in files}
    found = {f: n for f, n in counts.items() if n}
    if not found:
        return {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT relfilenode::text, relname FROM pg_class WHERE relfilenode <> 0")
        names = dict(cursor.fetchall())
    hits: dict[str, int] = {}
    for f, n in found.items():
        name = names.get(re.split(r"[._]", f.name)[0], f.name)
        hits[name] = hits.get(name, 0) + n
    return hits
