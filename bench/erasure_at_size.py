"""Erasing a person at size: the database time of each way to get their rows and bytes out.

Fill a scratch server once with ``bench/scale.py`` (layout ``one``: every 10th of the first 100,000
memories is about ``erase-me``, so 2,000 of 20,000 and 10,000 of 100,000), then run each option on its own
copy of that database (``CREATE DATABASE … TEMPLATE``), timing each phase:

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/scale.py fill --layout one --to 20000 --pgdata /tmp/pg-erase
    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/erasure_at_size.py --pgdata /tmp/pg-erase --source scale_one \\
        --options vacuum,index_cleanup_off,reindex,rebuild --out bench/runs/erasure_at_size.json

Phases, each one statement or one transaction (wall time: on a database with no other client, the
database's time):

* ``erase``: ``subject_erase``'s transaction (the rows go; its own VACUUM left out, timed next);
* ``after``: what the option does once the transaction has committed, before anyone asks for compaction:
  - ``vacuum``: ``VACUUM (ANALYZE)`` of the erasure tables, as before (pgvector repairs both HNSW graphs
    around every deleted element);
  - ``index_cleanup_off``: the same VACUUM with ``INDEX_CLEANUP OFF`` on the two tables with HNSW indexes
    (the dead rows are pruned from the heap; the index entries wait for the compaction's rebuild) — what
    ``memories.compliance.vacuum`` does now;
  - ``reindex``: ``REINDEX INDEX CONCURRENTLY`` of each HNSW index, then ``VACUUM (ANALYZE)``;
  - ``rebuild``: ``DROP INDEX`` and ``CREATE INDEX`` of each HNSW index, then ``VACUUM (ANALYZE)``;
  - ``none``: nothing (every dead row waits for the compaction);
* ``compact``: ``vacuum_tables(full=True)`` (``run_maintenance --compact``: VACUUM FULL, every byte out), with
  ``maintenance_work_mem`` = ``--compact-mb`` (default ``MNEMARA_COMPACT_MAINTENANCE_MB``).

After each option: no row of the person, both HNSW indexes valid, and the planner still uses the primary one
for a nearest-neighbour query.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

OPTIONS = ("vacuum", "index_cleanup_off", "reindex", "rebuild", "none")
HNSW_TABLES = ("memories_memory", "memories_memoryvector")


def _load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def _copy(source: str, target: str) -> None:
    import psycopg
    from django.db import connections
    from scale import admin_params

    params = admin_params()
    connections.close_all()  # a template must have no session
    with psycopg.connect(**params, dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{target}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{target}" TEMPLATE "{source}"')


def _drop(name: str) -> None:
    import psycopg
    from scale import admin_params

    with psycopg.connect(**admin_params(), dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _use(name: str) -> None:
    from django.db import connections

    connections.close_all()
    connections["default"].settings_dict["NAME"] = name


def _hnsw_indexes() -> list[tuple[str, str]]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname, indexdef FROM pg_indexes WHERE indexdef ILIKE '%USING hnsw%' "
                       "ORDER BY indexname")
        return [(str(a), str(b)) for a, b in cursor.fetchall()]


def _after(option: str) -> None:
    from django.db import connection

    from memories.compliance.vacuum import erasure_tables, vacuum_tables

    names = ", ".join(connection.ops.quote_name(t) for t in erasure_tables())
    with connection.cursor() as cursor:
        if option == "vacuum":
            cursor.execute(f"VACUUM (ANALYZE) {names}")
        elif option == "index_cleanup_off":
            vacuum_tables()  # the code's path
        elif option in ("reindex", "rebuild"):
            for name, definition in _hnsw_indexes():
                if option == "reindex":
                    cursor.execute(f"REINDEX INDEX CONCURRENTLY {name}")
                else:
                    cursor.execute(f"DROP INDEX {name}")
                    cursor.execute(definition)
            cursor.execute(f"VACUUM (ANALYZE) {names}")


def _checks(subject_pk: Any) -> dict[str, Any]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM memories_memory WHERE subject_id = %s", [subject_pk])
        left = cursor.fetchone()[0]
        cursor.execute("SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
                       "JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'hnsw'")
        valid = dict(cursor.fetchall())
        cursor.execute("SELECT embedding::text FROM memories_memory WHERE embedding IS NOT NULL LIMIT 1")
        vector = cursor.fetchone()[0]
        cursor.execute("EXPLAIN SELECT id FROM memories_memory ORDER BY embedding <=> %s::vector LIMIT 10", [vector])
        plan = "\n".join(r[0] for r in cursor.fetchall())
        cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
        size = cursor.fetchone()[0]
    return {"rows_left": left, "hnsw_valid": valid, "hnsw_used": "memory_embedding_hnsw" in plan, "db_size": size}


def _backend() -> tuple[int, float]:
    """This connection's server process and the CPU seconds it has used (its /proc entry: the embedded server
    runs on this machine)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = int(cursor.fetchone()[0])
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return pid, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _phase(found: dict[str, Any], name: str, fn: Any) -> Any:
    """Run one phase; record its wall seconds and the backend's CPU seconds (``None`` if it reconnected)."""
    pid, cpu = _backend()
    started = time.perf_counter()
    result = fn()
    found[f"{name}_s"] = round(time.perf_counter() - started, 1)
    after_pid, after_cpu = _backend()
    found[f"{name}_cpu_s"] = round(after_cpu - cpu, 1) if after_pid == pid else None
    return result


def run_option(source: str, option: str, *, serial: bool = False) -> dict[str, Any]:
    from unittest import mock

    from memories.compliance import subjects
    from memories.compliance.vacuum import vacuum_tables
    from tenants.models import Subject, Tenant
    from tenants.scoping import tenant_scope

    target = f"erase_{option}"
    _copy(source, target)
    _use(target)
    found: dict[str, Any] = {"option": option, "load_before": _load()}
    try:
        from django.db import connection

        if serial:  # every build in this backend, so its CPU time is all of the database's
            with connection.cursor() as cursor:
                cursor.execute("SET max_parallel_maintenance_workers = 0")
        found["serial"] = serial
        tenant = Tenant.objects.get(slug="scale-one-0")
        with tenant_scope(tenant):
            subject_pk = Subject.objects.get(external_id="erase-me").pk
            with mock.patch.object(subjects, "erasure_vacuum", lambda wait=True: "timed separately"):
                receipt = _phase(found, "erase", lambda: subjects.subject_erase(external_id="erase-me", actor="bench"))
        found["memories_erased"] = receipt["counts"]["memories"]
        found["embeddings_erased"] = receipt["counts"]["embeddings"]
        _phase(found, "after", lambda: _after(option))
        found["checks_before_compaction"] = _checks(subject_pk)
        _phase(found, "compact", lambda: vacuum_tables(full=True))
        found["total_s"] = round(found["erase_s"] + found["after_s"] + found["compact_s"], 1)
        cpu = [found[f"{p}_cpu_s"] for p in ("erase", "after", "compact")]
        found["total_cpu_s"] = round(sum(cpu), 1) if None not in cpu else None
        found["checks_after_compaction"] = _checks(subject_pk)
        found["load_after"] = _load()
    finally:
        _use(source)
        _drop(target)
    print(json.dumps(found), flush=True)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-erase"))
    parser.add_argument("--source", default="scale_one", help="the filled database (bench/scale.py fill)")
    parser.add_argument("--options", default=",".join(OPTIONS[:4]))
    parser.add_argument("--compact-mb", type=int, default=0,
                        help="the compaction's maintenance_work_mem in MB (default: MNEMARA_COMPACT_MAINTENANCE_MB)")
    parser.add_argument("--serial", action="store_true",
                        help="no parallel maintenance workers: the backend's CPU time is all the database's")
    parser.add_argument("--out", type=Path, help="append the run (JSON) to this list")
    args = parser.parse_args()

    from scale import setup

    setup(args.pgdata, args.source)
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection

    if args.compact_mb:
        settings.COMPACT_MAINTENANCE_MB = args.compact_mb
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM memories_memory")
        memories = cursor.fetchone()[0]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=ROOT).stdout.strip()
    run: dict[str, Any] = {"memories": memories, "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                           "commit": commit, "compact_maintenance_mb": settings.COMPACT_MAINTENANCE_MB,
                           "results": []}
    for option in args.options.split(","):
        if option not in OPTIONS:
            sys.exit(f"unknown option {option!r}: one of {', '.join(OPTIONS)}")
        run["results"].append(run_option(args.source, option, serial=args.serial))
    if args.out:
        runs = json.loads(args.out.read_text()) if args.out.exists() else []
        args.out.write_text(json.dumps([*runs, run], indent=1) + "\n")


if __name__ == "__main__":
    main()
