"""Search latency through the REST API: 100,000 memories in one tenant, 10,000 in the searched scope.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/search_latency.py [--queries 200] [--total 100000]
        [--in-scope 10000] [--threads 0] [--tenant bench-search] [--server uvicorn|gunicorn]

What it does:
1. Seeds (once; a later run with the same --tenant reuses the rows) the dev database (the embedded
   PostgreSQL unless DATABASE_URL) with a dedicated tenant. Seeding 100k memories through the model
   would take ~10 minutes on 2 cores, so: ~2,000 distinct sentences are embedded with the real model,
   and each of the N rows reuses one of them with a unique suffix and a slightly perturbed,
   re-normalised vector, inserted with bulk_create (straight into memories_memory: versions and audit
   events do not touch the search path, so they are skipped); likewise one vector per secondary
   embedding model (MemoryVector rows) and the primary model's coverage, as the write flow stores them.
   search_text comes from the same memories.write.text.search_text as the write flow. --in-scope rows
   go to `user/bench-0`, the rest are spread over 90 other scopes of the same tenant.
2. Starts a real HTTP server (--server: `python -m server.runtime.serve` with 1 worker, as `make run` serves it,
   or gunicorn on server.wsgi with 1 gthread worker and 1 thread; keep-alive) on 127.0.0.1 with
   MNEMARA_EMBEDDING_THREADS=--threads (0: the default of `make run`), waits for /healthz and warms
   up with 20 other queries (the first one loads the scope's in-process search index).
3. One client, one keep-alive connection, sends --queries distinct queries (none equal to a stored
   sentence, so every query is embedded: the honest number), then the same queries again (the
   embedder's LRU cache answers: the search path without the embedding), and prints p50/p95/mean of
   both passes. The difference is the query embedding's share.
4. Stops the server.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as the server runs (manage.py, server/wsgi.py)

PEOPLE = ["Emma", "Wang Lei", "Priya", "Tomasz", "Dana", "Sarah Chen", "Li Wei", "Bill", "Mia", "Jonas",
          "Aiko", "Mateo", "Fatima", "Olu", "Ingrid", "Ravi", "Chloe", "Sven", "Noor", "Diego"]
VERBS = ["prefers", "dislikes", "is working on", "finished", "asked about", "is worried about", "bought",
         "recommended", "wants to learn", "scheduled a meeting about"]
THINGS = ["black coffee", "the Atlas data warehouse", "the Kafka migration", "a half marathon", "green tea",
          "the quarterly budget", "Python type hints", "a trip to Lisbon", "the TLS certificate renewal",
          "vegetarian recipes"]
TAILS = ["", " last week", " for the team"]
QUESTIONS = ["What does {p} think of {t}?", "Has {p} said anything about {t}?", "who mentioned {t} recently",
             "{p} and {t}", "tell me what {p} {v} lately"]


def sentences(n: int) -> list[str]:
    combos = [f"{p} {v} {t}{tail}" for p in PEOPLE for v in VERBS for t in THINGS for tail in TAILS]
    random.Random(1).shuffle(combos)
    return combos[:n]


def queries(n: int) -> list[str]:
    rng = random.Random(2)
    out: list[str] = []
    while len(out) < n:
        q = rng.choice(QUESTIONS).format(p=rng.choice(PEOPLE), t=rng.choice(THINGS), v=rng.choice(VERBS))
        if q not in out:
            out.append(q)
    return out


def seed(tenant_slug: str, total: int, in_scope: int) -> str:
    """Create (or reuse) the bench tenant and its rows; return an API key secret."""
    import django

    django.setup()
    from datetime import timedelta

    import numpy as np
    from django.core.management import call_command
    from django.utils import timezone

    from memories.embeddings import get_embedder, secondary_embedders
    from memories.models import Memory, MemoryVector
    from memories.write import text
    from memories.write.scopes_subjects import scope_get_or_create
    from tenants.models import Tenant
    from tenants.scoping import tenant_scope
    from tenants.services import apikey_create, tenant_create

    call_command("migrate", verbosity=0)
    tenant = Tenant.objects.filter(slug=tenant_slug).first() or tenant_create(slug=tenant_slug, name="Search bench")
    with tenant_scope(tenant):
        existing = Memory.objects.count()
        if existing not in (0, total):
            raise SystemExit(f"tenant {tenant_slug} holds {existing} memories, not {total}: use another --tenant")
        if existing == 0:
            started = time.perf_counter()
            base = sentences(2000)
            vectors = np.asarray(get_embedder().embed(base), dtype=np.float32)
            coverage = get_embedder().coverage(base)
            others = {e.name: np.asarray(e.embed(base), dtype=np.float32) for e in secondary_embedders()}
            print(f"embedded {len(base)} sentences in {time.perf_counter() - started:.1f}s", flush=True)
            scopes = [scope_get_or_create(f"user/bench-{i}") for i in range(91)]
            rng = np.random.default_rng(3)
            epoch = timezone.now() - timedelta(days=30)
            batch: list[Memory] = []
            extra: list[MemoryVector] = []

            def perturbed(vector: np.ndarray) -> np.ndarray:
                moved = vector + rng.normal(scale=0.02, size=vector.shape[0]).astype(np.float32)
                return moved / np.linalg.norm(moved)

            for i in range(total):
                j = i % len(base)
                content = f"{base[j]} (note {i})"
                scope = scopes[0] if i < in_scope else scopes[1 + i % 90]
                # Conversations of 40 turns, one second apart, as an import stores them (the neighbour lever
                # looks them up: its cost is part of what is measured).
                memory = Memory(tenant=tenant, scope=scope, type="fact", content=content,
                                content_hash=text.content_hash(content), search_text=text.search_text(content),
                                embedding=perturbed(vectors[j]), embedding_model=get_embedder().name,
                                embedding_coverage=coverage[j], source_session=f"session-{i // 40}",
                                valid_from=epoch + timedelta(seconds=i))
                batch.append(memory)
                extra += [MemoryVector(tenant=tenant, memory=memory, model=name, embedding=perturbed(found[j]))
                          for name, found in others.items()]
                if len(batch) == 2000:
                    Memory.objects.bulk_create(batch)
                    MemoryVector.objects.bulk_create(extra)
                    batch, extra = [], []
                    print(f"  {i + 1} rows ({time.perf_counter() - started:.0f}s)", flush=True)
            Memory.objects.bulk_create(batch)
            MemoryVector.objects.bulk_create(extra)
            from django.db import connection

            with connection.cursor() as cursor:
                cursor.execute("ANALYZE memories_memory")
                cursor.execute("ANALYZE memories_memoryvector")
            print(f"seeded {total} memories in {time.perf_counter() - started:.0f}s", flush=True)
        _, secret = apikey_create(tenant=tenant, name="bench")
    return secret


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_command(server: str, port: int) -> list[str]:
    if server == "gunicorn":
        return [str(ROOT / ".venv" / "bin" / "gunicorn"), "server.wsgi:application", "--bind", f"127.0.0.1:{port}",
                "--workers", "1", "--worker-class", "gthread", "--threads", "1", "--keep-alive", "30",
                "--log-level", "warning"]
    # The serving stack `make run` starts (server/runtime/serve.py: uvicorn, its lifespan starts the threads).
    return [sys.executable, "-m", "server.runtime.serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "1"]


def start_server(port: int, threads: int, server_name: str = "uvicorn") -> subprocess.Popen[bytes]:
    env = {**os.environ, "MNEMARA_EMBEDDING_THREADS": str(threads), "LOG_LEVEL": "WARNING"}
    server = subprocess.Popen(server_command(server_name, port), cwd=ROOT, env=env, start_new_session=True)
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/readyz" if server_name == "uvicorn" else "/healthz")  # ready: warmed up
            if conn.getresponse().status == 200:
                return server
            time.sleep(0.5)
        except OSError:
            time.sleep(0.5)
    stop_server(server)
    raise SystemExit("the server did not start")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)


def run_pass(conn: http.client.HTTPConnection, secret: str, texts: list[str]) -> list[float]:
    headers = {"Authorization": f"Bearer {secret}", "Content-Type": "application/json"}
    times = []
    for q in texts:
        body = json.dumps({"query": q, "scope": "user/bench-0", "k": 10, "floor": False})
        started = time.perf_counter()
        conn.request("POST", "/api/v1/memories/search", body=body, headers=headers)
        response = conn.getresponse()
        payload = response.read()
        times.append((time.perf_counter() - started) * 1000)
        if response.status != 200 or len(json.loads(payload)["results"]) != 10:
            raise SystemExit(f"bad answer {response.status}: {payload[:300]!r}")
    return times


def describe(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    mean = statistics.fmean(times)
    return f"{name:<34} n={len(times):<4} p50 {p50:6.1f} ms   p95 {p95:6.1f} ms   mean {mean:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--total", type=int, default=100_000)
    parser.add_argument("--in-scope", type=int, default=10_000)
    parser.add_argument("--threads", type=int, default=0,
                        help="MNEMARA_EMBEDDING_THREADS for the server (0: the default, as `make run`)")
    parser.add_argument("--tenant", default="bench-search")
    parser.add_argument("--server", choices=["uvicorn", "gunicorn"], default="uvicorn",
                        help="uvicorn + server.asgi (as `make run`), or gunicorn + server.wsgi (until 2026-11-30)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures for docs/benchmarks.md "
                        "(bench/results/search_latency.json; bench/README.md)")
    args = parser.parse_args()
    secret = seed(args.tenant, args.total, args.in_scope)
    port = free_port()
    server = start_server(port, args.threads, args.server)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        run_pass(conn, secret, [f"warm-up question {i} about coffee" for i in range(20)])
        load_at_start = os.getloadavg()[0]
        texts = queries(args.queries)
        cold = run_pass(conn, secret, texts)
        warm = run_pass(conn, secret, texts)
    finally:
        stop_server(server)
    print(f"{args.total} memories in tenant {args.tenant}, {args.in_scope} in the searched scope, k=10, "
          f"1 client, {args.server} 1 worker, embedding threads {args.threads}, load {load_at_start:.1f}")
    print(describe("distinct queries (embedded)", cold))
    print(describe("repeated queries (cached vectors)", warm))
    if args.json:
        from report import command_line, write_result

        def p50_p95(times: list[float]) -> str:
            ordered = sorted(times)
            p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
            return f"{statistics.median(ordered):.1f} / {p95:.1f}"

        write_result(args.json, title="Search latency through the REST API", command=command_line(), order=20,
                     load=f"{load_at_start:.1f}",
                     columns=["queries", "distinct queries p50 / p95 (ms)", "repeated queries p50 / p95 (ms)"],
                     rows=[[len(cold), p50_p95(cold), p50_p95(warm)]],
                     notes=[f"{args.total:,} memories in one tenant, {args.in_scope:,} in the searched scope, k = 10, "
                            f"1 client, 1 web process ({args.server}). Distinct queries are each embedded; repeated "
                            "ones reuse the cached query vector (the search path alone)."])


if __name__ == "__main__":
    main()
