"""Compliance timings: erase one subject among many, export a week, compact the tables.

Runs on its own database (created and migrated, then dropped) on the configured server, with the
fake embedder (vectors do not matter for these timings; they still fill the HNSW index).

    MNEMARA_EMBEDDING_BACKEND=fake .venv/bin/python bench/compliance.py --memories 20000 --subject-memories 200
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
os.environ.setdefault("MNEMARA_EMBEDDING_BACKEND", "fake")
BENCH_DB = "bench_compliance"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--memories", type=int, default=5000, help="memories of other people in the tenant")
    parser.add_argument("--subject-memories", type=int, default=100, help="memories of the erased person")
    args = parser.parse_args()

    from scratch_db import scratch_database

    with scratch_database(BENCH_DB):
        _run(args.memories, args.subject_memories)


def _timed(label: str, fn: object) -> object:
    start = time.perf_counter()
    result = fn()  # type: ignore[operator]
    print(f"{label:<48} {time.perf_counter() - start:8.3f} s", flush=True)
    return result


def _run(others: int, own: int) -> None:
    import tempfile
    from datetime import timedelta

    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    from memories.compliance.exports import export_write
    from memories.compliance.subjects import subject_erase
    from memories.compliance.vacuum import vacuum_tables
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput
    from tenants.scoping import tenant_scope
    from tenants.services import tenant_create

    call_command("migrate", verbosity=0)
    settings.EXPORT_DIR = Path(tempfile.mkdtemp(prefix="mnemara-bench-"))
    tenant = tenant_create(slug="bench")
    with tenant_scope(tenant):
        def write(n: int, person: str) -> None:
            for start in range(0, n, 500):
                memory_create(actor="bench", items=[
                    MemoryInput(scope=f"user/{person}/{i % 7}", subject=person, content=f"{person} fact {i} " * 3)
                    for i in range(start, min(n, start + 500))])

        _timed(f"write {others} memories of 100 people", lambda: [write(others // 100, f"p{k}") for k in range(100)])
        _timed(f"write {own} memories of subject 123", lambda: write(own, "123"))
        now = timezone.now()
        run = _timed("export_write (all rows, one window)",
                     lambda: export_write(tenant=tenant, since=now - timedelta(days=1), until=now + timedelta(days=1)))
        print(f"  export: {run.line_count} lines, {run.size_bytes} bytes gzip")  # type: ignore[attr-defined]
        receipt = _timed("subject_erase incl. plain VACUUM (ANALYZE)",
                         lambda: subject_erase(external_id="123", actor="bench"))
        print(f"  receipt counts: {receipt['counts']}")  # type: ignore[index]
    _timed("compaction: VACUUM (FULL, ANALYZE) erasure tables", lambda: vacuum_tables(full=True))


if __name__ == "__main__":
    main()
