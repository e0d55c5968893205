"""VACUUM after erasure: the dead rows of erased data go from the tables; compaction rewrites them.

The tables with HNSW indexes (``HNSW_TABLES``) are vacuumed with ``INDEX_CLEANUP OFF``: pgvector's VACUUM
repairs the graph around every deleted element, a pass that grows with the table, not the person (39
minutes for 10,000 of 100,000 memories). Their dead rows are pruned from the heap all the same, so an index
entry left behind points at a dead line pointer and no scan returns it; the graph's elements go at the
compaction (``vacuum_tables(full=True)``: VACUUM FULL rebuilds every index from the live rows), which the
erasure's guarantee needed anyway for the bytes (docs/compliance.md, measured in docs/scaling.md).

An erasure inside a caller's transaction cannot VACUUM (PostgreSQL refuses it there), and one made by a
request (REST, dashboard) does not wait for it: both enqueue ``vacuum_erasure_tables`` for the worker,
after the commit. Only a caller that asks to wait (the shell, benchmarks, tests) VACUUMs before returning.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.db import connection, models, transaction
from django_tasks import task

from memories.models import (
    Feedback,
    Job,
    Memory,
    MemoryMention,
    MemoryVector,
    MemoryVersion,
    ReviewItem,
    Scope,
    Session,
    SessionTurn,
)
from tenants.models import SavedFilter, Subject

log = logging.getLogger(__name__)

#: How long a compaction waits for the transactions that were open when it started (their snapshots keep
#: erased rows alive: VACUUM FULL copies rows a running transaction may still see into the new files).
SNAPSHOT_WAIT_SECONDS = 60.0

# A snapshot of this database, VACUUM FULL's own included, holds back every transaction id running anywhere in
# the cluster when it was taken: a write transaction of another database that began before the compaction keeps
# the erased rows "recently dead" to it as surely as an old snapshot of this one.
_OLDER_SNAPSHOTS = """
    SELECT pid, xact_start FROM pg_stat_activity
    WHERE pid <> pg_backend_pid() AND xact_start < %s
      AND (backend_xid IS NOT NULL OR (datname = current_database() AND backend_xmin IS NOT NULL))
"""

ERASURE_TABLES: tuple[type[models.Model], ...] = (Memory, MemoryVector, MemoryVersion, MemoryMention, SessionTurn,
                                                  Session, ReviewItem, Job, Feedback, Subject, Scope, SavedFilter)


#: The tables with HNSW indexes (the primary model's on the memory row, each secondary model's partial one on
#: the vector rows): their plain VACUUM leaves the index entries to the compaction.
HNSW_TABLES = (Memory._meta.db_table, MemoryVector._meta.db_table)


def erasure_tables() -> list[str]:
    from django_tasks_db.models import DBTaskResult

    from tenants.models import IdempotencyRecord

    # Remembered answers (an erasure scrubs those that showed the person's memories: tenants.idempotency).
    models_: list[type[models.Model]] = [*ERASURE_TABLES, IdempotencyRecord, DBTaskResult]
    return [m._meta.db_table for m in models_]


def vacuum_tables(*, full: bool = False) -> None:
    """VACUUM the erasure tables: dead rows go (and their index entries, but the HNSW indexes' wait for
    the compaction, see the module's docstring).

    Plain VACUUM runs online; it leaves stale bytes in freed page space and GIN keeps orphaned keys
    (measured: see docs/compliance.md). ``full`` rewrites the tables and indexes (no residual bytes)
    but holds an exclusive lock while it runs: for a quiet hour (``run_maintenance --compact``).
    """
    quote = connection.ops.quote_name
    if full:
        older_snapshots_wait()
        plain = ", ".join(quote(t) for t in erasure_tables())
        with connection.cursor() as cursor:
            # VACUUM FULL rebuilds every index; an HNSW graph that does not fit in maintenance_work_mem (64 MB by
            # default: ~40,000 384-d vectors) is built on disk, several times slower. Session-wide (VACUUM
            # cannot run in a transaction), so reset after.
            cursor.execute("SELECT set_config('maintenance_work_mem', %s, false)",
                           [f"{int(settings.COMPACT_MAINTENANCE_MB)}MB"])
            try:
                # ANALYZE too: the planner's statistics (pg_statistic) keep sample values of text columns.
                cursor.execute(f"VACUUM (FULL, ANALYZE) {plain}")
            finally:
                cursor.execute("RESET maintenance_work_mem")
        return
    plain = ", ".join(quote(t) for t in erasure_tables() if t not in HNSW_TABLES)
    graphs = ", ".join(quote(t) for t in erasure_tables() if t in HNSW_TABLES)
    with connection.cursor() as cursor:
        cursor.execute(f"VACUUM (ANALYZE) {plain}")
        cursor.execute(f"VACUUM (INDEX_CLEANUP OFF, ANALYZE) {graphs}")


def older_snapshots_wait(timeout: float = SNAPSHOT_WAIT_SECONDS) -> list[int]:
    """Wait until every transaction of this database that was open when we started has ended, as
    ``CREATE INDEX CONCURRENTLY`` does, and every writing transaction of the cluster's other databases (see
    ``_OLDER_SNAPSHOTS``): a row such a transaction may still see survives VACUUM FULL, so compacting under it
    would leave erased bytes on disk. Returns the backend pids of those still open at the timeout
    (logged: the operator sees which sessions held the compaction back)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT clock_timestamp()")
        started = cursor.fetchone()[0]
        deadline = time.monotonic() + timeout
        while True:
            cursor.execute(_OLDER_SNAPSHOTS, [started])
            holders = cursor.fetchall()
            if not holders or time.monotonic() >= deadline:
                break
            time.sleep(0.2)
    if holders:
        log.warning("compaction: %d transaction(s) open since before it (pids %s) may keep erased rows on disk; "
                    "run it again when they have ended", len(holders), ", ".join(str(p) for p, _ in holders))
    return [pid for pid, _ in holders]


@task()
def vacuum_erasure_tables(full: bool = False) -> None:
    """Scheduled by an erasure that ran inside a caller's transaction (VACUUM cannot run there)."""
    vacuum_tables(full=full)


def erasure_vacuum(*, wait: bool = True) -> str:
    """Run VACUUM now when the caller waits for it and no transaction is open; otherwise the worker runs it
    (``vacuum_erasure_tables``, enqueued after the commit). Requests never wait for it (it prunes tables
    that grow with every tenant, not with the person)."""
    full = settings.ERASURE_VACUUM_FULL
    if wait and not connection.in_atomic_block:
        vacuum_tables(full=full)
        return "done"
    transaction.on_commit(lambda: vacuum_erasure_tables.enqueue(full=full))
    return "scheduled"
