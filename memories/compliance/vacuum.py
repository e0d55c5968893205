"""VACUUM after erasure: the dead rows of erased data and their index entries (GIN, HNSW) go.

An erasure inside a caller's transaction cannot VACUUM (PostgreSQL refuses it there), and one made by a
request (REST, dashboard) does not wait for it: both enqueue ``vacuum_erasure_tables`` for the worker,
after the commit. Only a caller that asks to wait (the shell, benchmarks, tests) VACUUMs before returning.
"""

from __future__ import annotations

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

ERASURE_TABLES: tuple[type[models.Model], ...] = (Memory, MemoryVector, MemoryVersion, MemoryMention, SessionTurn,
                                                  Session, ReviewItem, Job, Feedback, Subject, Scope, SavedFilter)


def erasure_tables() -> list[str]:
    from django_tasks_db.models import DBTaskResult

    from tenants.models import IdempotencyRecord

    # Remembered answers (an erasure scrubs those that showed the person's memories: tenants.idempotency).
    models_: list[type[models.Model]] = [*ERASURE_TABLES, IdempotencyRecord, DBTaskResult]
    return [m._meta.db_table for m in models_]


def vacuum_tables(*, full: bool = False) -> None:
    """VACUUM the erasure tables: dead rows and their index entries (GIN, HNSW) go.

    Plain VACUUM runs online; it leaves stale bytes in freed page space and GIN keeps orphaned keys
    (measured: see docs/compliance.md). ``full`` rewrites the tables and indexes (no residual bytes)
    but holds an exclusive lock while it runs: for a quiet hour (``run_maintenance --compact``).
    """
    names = ", ".join(connection.ops.quote_name(t) for t in erasure_tables())
    with connection.cursor() as cursor:
        # ANALYZE too: the planner's statistics (pg_statistic) keep sample values of text columns.
        cursor.execute(f"VACUUM ({'FULL, ' if full else ''}ANALYZE) {names}")


@task()
def vacuum_erasure_tables(full: bool = False) -> None:
    """Scheduled by an erasure that ran inside a caller's transaction (VACUUM cannot run there)."""
    vacuum_tables(full=full)


def erasure_vacuum(*, wait: bool = True) -> str:
    """Run VACUUM now when the caller waits for it and no transaction is open; otherwise the worker runs it
    (``vacuum_erasure_tables``, enqueued after the commit). Requests never wait: on a table with HNSW
    indexes the VACUUM passes over both graphs, which grows with the table, not the person (39 minutes at
    100k memories, docs/scaling.md)."""
    full = settings.ERASURE_VACUUM_FULL
    if wait and not connection.in_atomic_block:
        vacuum_tables(full=full)
        return "done"
    transaction.on_commit(lambda: vacuum_erasure_tables.enqueue(full=full))
    return "scheduled"
