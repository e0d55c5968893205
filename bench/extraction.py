"""Extraction timings, offline: session appends, the rule extractor, whole extraction jobs through the worker.

Runs on its own database (created and migrated, then dropped) on the configured server. The fake
embedder is the default (these timings are about the job machinery); pass ``--real-embedder`` to
include the model's cost in each job's write.

    .venv/bin/python bench/extraction.py --sessions 200
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
BENCH_DB = "bench_extraction"
TURNS = [
    "Remember: my project is called Starlight and the prototype is due next Monday.",
    "Sure, noted. Anything else?",
    "I like a blue theme for it.",
    "记住：我的项目叫星辰计划，下周一是原型设计的截止日期。",
    "Actually I prefer green now.",
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=100, help="sessions of 5 turns, each closed")
    parser.add_argument("--real-embedder", action="store_true")
    args = parser.parse_args()
    if not args.real_embedder:
        os.environ["MNEMARA_EMBEDDING_BACKEND"] = "fake"
    os.environ["ANTHROPIC_API_KEY"] = ""  # the offline extractor: no network in a benchmark

    from scratch_db import scratch_database

    with scratch_database(BENCH_DB):
        _run(args.sessions)


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[max(0, int(len(ordered) * 0.95) - 1)]
    return f"median {statistics.median(ordered) * 1000:7.2f} ms  p95 {p95 * 1000:7.2f} ms  (n={len(ordered)})"


def _run(sessions: int) -> None:
    from django.core.management import call_command
    from django_tasks_db.management.commands.db_worker import Worker

    from memories.extraction.candidates import Turn
    from memories.extraction.rules import RuleExtractor
    from memories.extraction.sessions import session_append, session_close
    from memories.models import Job, Memory
    from tenants.scoping import tenant_scope
    from tenants.services import tenant_create

    call_command("migrate", verbosity=0)
    tenant = tenant_create(slug="bench", name="Bench")

    turns = [Turn(i, "user", t) for i, t in enumerate(TURNS, start=1)]
    rules, runs = RuleExtractor(), 2000
    start = time.perf_counter()
    for _ in range(runs):
        rules.extract(turns, [])
    print(f"rule extractor, {len(turns)} turns{'':<22} {(time.perf_counter() - start) / runs * 1000:8.3f} ms per call")

    appends: list[float] = []
    with tenant_scope(tenant):
        for s in range(sessions):
            for i, text in enumerate(TURNS):
                role = "assistant" if i == 1 else "user"
                started = time.perf_counter()
                session_append(session_key=f"s-{s}", scope=f"user/{s}", subject=str(s),
                               messages=[{"role": role, "content": text}], actor="bench")
                appends.append(time.perf_counter() - started)
            session_close(session_key=f"s-{s}", actor="bench")
    print(f"session_append (1 turn, durable)              {_ms(appends)}")

    worker = Worker(queue_names=["default"], interval=0, batch=True, backend_name="default", startup_delay=False,
                    max_tasks=None, worker_id="bench", excluded_queue_names=[])
    start = time.perf_counter()
    worker.run()
    elapsed = time.perf_counter() - start
    with tenant_scope(tenant):
        statuses = sorted(Job.objects.values_list("status", flat=True).distinct())
        stored = Memory.objects.count()
    print(f"worker: {sessions} close jobs ({stored} memories)   {elapsed:8.3f} s  "
          f"= {elapsed / sessions * 1000:.1f} ms per job, statuses {statuses}")


if __name__ == "__main__":
    main()
