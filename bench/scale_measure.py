"""What ``bench/scale.py measure`` measures on one filled database (see bench/scale.py for the fill).

Every search goes through the REST API's view (DRF's test client: authentication, validation, ranking,
serialisation; no HTTP), with the real models embedding each query; each path is forced by settings:

* ``index`` — the in-process index (``memories.recall.index``), budget and thresholds lifted so that the
  scope is served from it however large: cold = the first search after the cache was emptied (the scope's
  load included), warm = the rest. The load alone is timed too, with the index's bytes.
* ``sql`` — ``MNEMARA_SEARCH_INDEX=off`` and ``HNSW_MIN_SCOPE_ROWS`` above the scope: an exact scan in SQL.
* ``hnsw`` — ``MNEMARA_SEARCH_INDEX=off`` and ``HNSW_MIN_SCOPE_ROWS=0``: pgvector's HNSW, iterative scans,
  every model (``one`` only: a tenant's scope in ``tenants`` is never large).

Cold for SQL means a new database connection and empty query caches (PostgreSQL's and the OS's buffers are
shared with the rest of the machine and were not dropped). Recall@10 of HNSW against the exact scan is over
the vector lists themselves (``SqlSource`` for each model, no other ranking). Then: a web process as
``make run`` starts it (``python -m server.runtime.serve --workers 1``, default budget) answers searches over
HTTP and its RSS is read from /proc; list paging (GET /memories, 20 pages of 50); the weekly export of the
last week of data; ``reembed`` of the secondary model on a sample of 500 memories (rolled back; extrapolated
linearly to all memories); the subject erasure of ``erase-me`` (``one``: 10,000 memories from the 100k stage;
committed, so it runs last, VACUUM included); database size per memory.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
# The small scope every size is read against: a tenant of its own in the same database, filled once by the
# same generator, searched beside the large scope in the same run (``search_path``, ``web_process``).
REFERENCE_SLUG = "scale-reference"
REFERENCE_SIZE = 1000


def rss_mb(pid: int | None = None) -> float:
    for line in Path(f"/proc/{pid or 'self'}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def quantiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    at = lambda q: ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]  # noqa: E731
    return {"p50": round(at(0.5), 2), "p95": round(at(0.95), 2), "mean": round(statistics.fmean(values), 2),
            "n": len(values)}


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    value = fn()
    return (time.perf_counter() - started) * 1000, value


@contextlib.contextmanager
def settings_for(path: str) -> Iterator[None]:
    from django.core.cache import cache
    from django.db import connections
    from django.test import override_settings

    from memories.embeddings import query_caches_clear
    from memories.recall.index.cache import CACHE

    values: dict[str, Any] = {
        "index": {"SEARCH_INDEX_ENABLED": True, "HNSW_MIN_SCOPE_ROWS": 10**9, "SEARCH_INDEX_MAX_ROWS": 10**9,
                  "SEARCH_INDEX_MAX_MB": 10.0**6},
        "sql": {"SEARCH_INDEX_ENABLED": False, "HNSW_MIN_SCOPE_ROWS": 10**9},
        "hnsw": {"SEARCH_INDEX_ENABLED": False, "HNSW_MIN_SCOPE_ROWS": 0},
    }[path]
    CACHE.clear()
    cache.clear()
    query_caches_clear()
    connections.close_all()
    with override_settings(**values):
        yield
    CACHE.clear()
    cache.clear()


def db_sizes() -> dict[str, Any]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_database_size(current_database())")
        total = cursor.fetchone()[0]
        cursor.execute("""SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c
                          JOIN pg_namespace n ON n.oid = c.relnamespace
                          WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 2 DESC LIMIT 6""")
        tables = dict(cursor.fetchall())
        cursor.execute("""SELECT indexrelname, pg_relation_size(indexrelid) FROM pg_stat_user_indexes
                          WHERE indexrelname LIKE '%%hnsw%%' OR indexrelname LIKE '%%gin%%'""")
        indexes = dict(cursor.fetchall())
    return {"database_bytes": total, "tables": tables, "indexes": indexes}


def reference_client(data: dict[str, Any]) -> Any:
    """The API client of the reference scope (``REFERENCE_SIZE`` memories in one scope of the tenant
    ``REFERENCE_SLUG``), filled on first use by ``bench/scale.py``'s generator (COPY, the scope's stamp written
    as the fill does)."""
    import psycopg
    from django.db import connection
    from pgvector.psycopg import register_vector
    from psycopg.types.json import Jsonb

    from bench.scale import ERASE_SUBJECT, _copy_batch, admin_params
    from memories.embeddings import embedders
    from memories.models import Memory, Scope
    from tenants.models import Subject, Tenant
    from tenants.scoping import tenant_scope

    tenant, _ = Tenant.objects.get_or_create(slug=REFERENCE_SLUG, defaults={"name": "scale reference"})
    with tenant_scope(tenant):
        scope, _ = Scope.objects.get_or_create(path="user/main")
        if not Subject.objects.exists():
            Subject.objects.bulk_create([Subject(external_id=f"person-{s}") for s in range(20)]
                                        + [Subject(external_id=ERASE_SUBJECT)])
        ids = dict(Subject.objects.values_list("external_id", "pk"))
        have = Memory.objects.count()
    if have < REFERENCE_SIZE:
        erase = {tenant.pk: ids.pop(ERASE_SUBJECT)}
        models = [e.name for e in embedders()]
        params = admin_params() | {"dbname": connection.settings_dict["NAME"]}
        with psycopg.connect(**params, autocommit=True) as conn:
            register_vector(conn)
            _copy_batch(conn, "one", have, REFERENCE_SIZE - have, np.random.default_rng([3, have]),
                        [(tenant.pk, scope.pk, scope.path)], {tenant.pk: sorted(ids.values())}, erase, models,
                        data["sentences"], data["search_text"], [data[f"vectors_{k}"] for k in range(len(models))],
                        [data[f"coverage_{k}"] for k in range(len(models))], Jsonb)
            conn.execute("ANALYZE")
    return client_for(tenant)


def client_for(tenant: Any) -> Any:
    from rest_framework.test import APIClient

    from tenants.services import apikey_create

    _, secret = apikey_create(tenant=tenant, name="scale bench", actor="system:bench")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    client.secret = secret  # type: ignore[attr-defined]
    return client


def search(client: Any, query: str) -> tuple[float, float]:
    """One search through the API's view: (wall ms, this process's CPU ms — every thread's, so the query's
    embedding on the ``query`` threads is in it)."""
    cpu = time.process_time()
    ms, response = timed(lambda: client.post("/api/v1/memories/search", {"query": query, "scope": "user/main",
                                                                          "k": 10}, format="json"))
    cpu_ms = (time.process_time() - cpu) * 1000
    if response.status_code != 200:
        raise RuntimeError(f"search failed: {response.status_code} {response.content[:300]!r}")
    return ms, cpu_ms


def ratios(big: dict[str, Any], small: dict[str, Any]) -> dict[str, Any]:
    """Each figure of a size over the same figure of the reference scope measured beside it (CPU: the mean, as
    a process's CPU time is read in 10 ms ticks through psutil)."""
    return {"p95": round(big["wall_ms"]["p95"] / small["wall_ms"]["p95"], 2),
            "p50": round(big["wall_ms"]["p50"] / small["wall_ms"]["p50"], 2),
            "cpu": round(big["cpu_ms"]["mean"] / max(small["cpu_ms"]["mean"], 1e-3), 2)}


def search_path(path: str, clients: list[Any], questions: list[str], rounds: int,
                reference: Any = None) -> dict[str, Any]:
    """Cold: the first search of each client's scope; warm: ``rounds`` more rounds of the questions, wall
    and CPU per search. With ``reference`` (the client of the small reference scope, ``REFERENCE_SIZE``
    memories in the same database): each warm question is asked of it too, the two alternating (which goes
    first rotates), so the machine's load drifts over both alike; ``ratio`` is this size over it."""
    load = [os.getloadavg()[0]]
    with settings_for(path):
        cold = [search(c, questions[i % len(questions)])[0] for i, c in enumerate(clients)]
        if reference is not None:
            search(reference, questions[-1])  # its cold search (its scope's load): not part of the reference
        warm: list[tuple[float, float]] = []
        small: list[tuple[float, float]] = []
        for r in range(rounds):
            for i, q in enumerate(questions, start=r):
                ask = [(warm, clients[i % len(clients)]), *([(small, reference)] if reference is not None else [])]
                for into, client in ask[i % len(ask):] + ask[: i % len(ask)]:
                    into.append(search(client, q))
    load.append(os.getloadavg()[0])
    found: dict[str, Any] = {"cold_ms": quantiles(cold), "warm_ms": quantiles([w for w, _ in warm]),
                             "warm_cpu_ms": quantiles([c for _, c in warm]), "load": load}
    if small:
        found["reference"] = {"memories": REFERENCE_SIZE, "wall_ms": quantiles([w for w, _ in small]),
                              "cpu_ms": quantiles([c for _, c in small])}
        found["ratio"] = ratios({"wall_ms": found["warm_ms"], "cpu_ms": found["warm_cpu_ms"]}, found["reference"])
    return found


def index_load(tenant: Any, scope_id: Any) -> dict[str, Any]:
    from memories.recall.index.cache import CACHE, load
    from tenants.scoping import tenant_scope

    CACHE.clear()
    before = rss_mb()
    with tenant_scope(tenant):
        ms, index = timed(lambda: load(scope_id))
    result = {"load_ms": round(ms), "rows": len(index), "index_bytes": index.nbytes,
              "bytes_per_memory": round(index.nbytes / max(len(index), 1)),
              "rss_delta_mb": round(rss_mb() - before, 1)}
    del index
    return result


def vector_recall(tenant: Any, scope_id: Any, data: dict[str, Any], queries: int,
                  configs: list[tuple[int, float, int]] | None = None) -> dict[str, Any]:
    """Recall@10 of each model's HNSW list against its exact list, and the time of each (ms), for each
    (``HNSW_EF_SEARCH``, ``HNSW_SCAN_SHARE``, ``HNSW_SCAN_ROWS``) in ``configs`` (default: the configured ones).
    Two recalls: by id (the exact list's ids found), and ann-benchmarks' by distance (a row counts if its distance
    is at most the exact 10th distance × (1 + 1e-3)), which forgives near-ties. And the pool's: the share of the
    exact top 10 found in the list a search actually asks for (``RECALL_CANDIDATE_POOL`` rows, whose best the ranking
    then reorders): ``pool_recall@10``."""
    from django.conf import settings
    from django.core.cache import cache
    from django.test import override_settings

    from memories.choices import LIVE_STATUSES
    from memories.embeddings import embedders
    from memories.models import Memory
    from memories.recall import sql
    from memories.recall.sources import PRIMARY_HNSW, SqlSource
    from tenants.scoping import tenant_scope

    default = (settings.HNSW_EF_SEARCH, settings.HNSW_SCAN_SHARE, settings.HNSW_SCAN_ROWS)
    configs = configs or [default]
    found: dict[str, Any] = {}
    statuses = [str(s) for s in LIVE_STATUSES]

    def run(vector: Any, name: str, limit: int = 10, **values: Any) -> tuple[float, list[Any]]:
        cache.clear()
        with override_settings(**values):
            source = SqlSource(qs, [scope_id], statuses)
            return timed(lambda: source.vector_candidates(vector.tolist(), limit, name))

    with tenant_scope(tenant):
        qs = Memory.objects.filter(scope_id=scope_id, status__in=statuses)
        for k, embedder in enumerate(embedders()):
            vectors = data[f"queries_{k}"][:queries]
            exact_ms: list[float] = []
            per: dict[tuple[int, float, int], dict[str, list[float]]] = {
                c: {"id": [], "distance": [], "ms": [], "pool": []} for c in configs}
            pool = settings.RECALL_CANDIDATE_POOL  # what a search asks of the list: its exact top 10 must be in it
            graph = sql.hnsw_graph_rows(PRIMARY_HNSW if k == 0 else sql.model_hnsw_name(embedder.name))
            for v in vectors:
                ms, exact = run(v, embedder.name, HNSW_MIN_SCOPE_ROWS=10**9)
                exact_ms.append(ms)
                ids, tenth = {c.id for c in exact}, 1.0 - exact[-1].similarity
                for ef, share, rows in configs:
                    values = {"HNSW_MIN_SCOPE_ROWS": 0, "HNSW_EF_SEARCH": ef, "HNSW_SCAN_SHARE": share,
                              "HNSW_SCAN_ROWS": rows}
                    ms, got = run(v, embedder.name, **values)
                    per[(ef, share, rows)]["id"].append(len(ids & {c.id for c in got}) / max(len(ids), 1))
                    per[(ef, share, rows)]["distance"].append(
                        sum(1 for c in got if 1.0 - c.similarity <= tenth * (1 + 1e-3)) / max(len(ids), 1))
                    per[(ef, share, rows)]["ms"].append(ms)
                    _, pooled = run(v, embedder.name, pool, **values)
                    per[(ef, share, rows)]["pool"].append(len(ids & {c.id for c in pooled}) / max(len(ids), 1))
            each = [{"ef_search": ef, "scan_share": share, "scan_rows": max(10, rows, math.ceil(share * graph)),
                     "index_rows": graph, "recall@10": round(statistics.fmean(r["id"]), 4),
                     "min_recall@10": round(min(r["id"]), 2),
                     "distance_recall@10": round(statistics.fmean(r["distance"]), 4), "hnsw_ms": quantiles(r["ms"]),
                     "pool": pool, "pool_recall@10": round(statistics.fmean(r["pool"]), 4),
                     "min_pool_recall@10": round(min(r["pool"]), 2)}
                    for (ef, share, rows), r in per.items()]
            configured = [e for e, c in zip(each, per, strict=True) if c == default] or each[-1:]
            # The configured pair's figures at the top (what `report` tabulates), every pair under "hnsw".
            found[embedder.name] = {**configured[0], "exact_ms": quantiles(exact_ms), "hnsw": each}
    return found


def list_paging(client: Any, pages: int = 20) -> dict[str, Any]:
    times, url = [], "/api/v1/memories?scope=user/main&limit=50"
    for _ in range(pages):
        ms, response = timed(lambda: client.get(url))  # noqa: B023
        if response.status_code != 200:
            raise RuntimeError(f"list failed: {response.status_code}")
        times.append(ms)
        cursor = response.json().get("next")
        if not cursor:
            break
        url = f"/api/v1/memories?scope=user/main&limit=50&cursor={cursor}"
    return {"page_ms": quantiles(times), "first_ms": round(times[0], 1)}


def weekly_export(tenant: Any) -> dict[str, Any]:
    from django.db.models import Max

    from memories.compliance.exports import export_write
    from memories.models import MemoryVersion
    from tenants.scoping import tenant_scope

    with tenant_scope(tenant):
        last = MemoryVersion.objects.aggregate(last=Max("created_at"))["last"]
        until = last.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
        since = until - timedelta(days=7)
        ms, run = timed(lambda: export_write(tenant=tenant, since=since, until=until, actor="system:bench"))
    return {"ms": round(ms), "lines": run.line_count, "bytes": run.size_bytes}


def reembed_sample(tenant: Any, scope_id: Any, total: int, sample: int = 500) -> dict[str, Any]:
    from django.db import transaction

    from memories.embeddings import embedders
    from memories.models import Memory, MemoryVector
    from memories.write.reembed import reembed_model
    from tenants.scoping import tenant_scope

    model = embedders()[-1].name
    result: dict[str, Any] = {"model": model, "sample": sample}

    class Rollback(Exception):
        pass

    with contextlib.suppress(Rollback), tenant_scope(tenant), transaction.atomic():
        ids = list(Memory.objects.filter(scope_id=scope_id).order_by("?").values_list("pk", flat=True)[:sample])
        MemoryVector.objects.filter(memory_id__in=ids, model=model).delete()
        ms, done = timed(lambda: reembed_model(model, duty=1.0))
        result.update(ms=round(ms), embedded=done.embedded, per_memory_ms=round(ms / max(done.embedded, 1), 2),
                      extrapolated_s=round(ms / max(done.embedded, 1) * total / 1000))
        raise Rollback
    return result


def erasure(tenant: Any) -> dict[str, Any]:
    from memories.compliance.subjects import subject_erase
    from memories.models import Memory
    from tenants.scoping import tenant_scope

    with tenant_scope(tenant):
        held = Memory.objects.filter(subject__external_id="erase-me").count()
        if not held:
            return {}
        ms, receipt = timed(lambda: subject_erase(external_id="erase-me", actor="system:bench"))
    return {"ms": round(ms), "memories": held, "receipt_counts": receipt.get("counts", receipt.get("erased"))}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_cpu_s(pid: int) -> float:
    """CPU seconds (user + system, every thread) of the process ``pid`` and its children."""
    import psutil

    proc = psutil.Process(pid)
    return sum(t.user + t.system for t in [proc.cpu_times(), *(c.cpu_times() for c in proc.children(recursive=True))])


def pending(base: str) -> float:
    """The server's loads and graph builds queued or running (/metrics: mnemara_search_index_pending)."""
    scrape = urllib.request.Request(base + "/metrics", headers={"Authorization": "Bearer bench"})
    with urllib.request.urlopen(scrape, timeout=30) as r:
        return sum(float(line.rsplit(" ", 1)[1]) for line in r.read().decode().splitlines()
                   if line.startswith("mnemara_search_index_pending"))


def warmed(base: str, searches: Callable[[], Any]) -> float:
    """Seconds of searching (``searches``, each round) until the server has no load or graph build pending."""
    started = time.monotonic()
    while time.monotonic() - started < 7200:
        searches()
        if pending(base) == 0:
            break
        time.sleep(5)
    return round(time.monotonic() - started, 1)


def web_process(clients: list[Any], questions: list[str], rounds: int, reference: Any = None) -> dict[str, Any]:
    """A real web process (``python -m server.runtime.serve --workers 1``, default settings) answering
    searches over HTTP, one per client per round after a first one per client (its scope's load, timed apart):
    the seconds from its start to ready (/readyz), its RSS after start-up and after the searches, wall and the
    server's CPU per search, and what its /metrics say about the index and the models. With ``reference``, each
    search is followed or preceded (alternately) by the same question to the reference scope (its first search,
    its scope's load, left out), and ``ratio`` is this size over it. ``installed_s``: from its start until no load
    or graph build is pending (a restart that restores saved graphs: memories/recall/index/persist.py), and
    ``first_50_ms``: the first 50 searches of the measured scopes, from the first (SQL answers while pending)."""
    port = free_port()
    env = {**os.environ, "PORT": str(port), "MNEMARA_SEARCH_INDEX_WARM_ROWS": "0", "MNEMARA_METRICS_TOKEN": "bench"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "server.runtime.serve", "--workers", "1", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"

    def ask(client: Any, query: str) -> tuple[float, float]:
        body = json.dumps({"query": query, "scope": "user/main", "k": 10}).encode()
        request = urllib.request.Request(base + "/api/v1/memories/search", body, method="POST", headers={
            "Authorization": f"Bearer {client.secret}", "Content-Type": "application/json"})
        cpu = server_cpu_s(proc.pid)
        ms, _ = timed(lambda: urllib.request.urlopen(request, timeout=120).read())
        return ms, (server_cpu_s(proc.pid) - cpu) * 1000

    try:
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(base + "/readyz", timeout=5) as r:
                    if b"ready" in r.read() and r.status == 200:
                        break
            except OSError:
                pass
            time.sleep(0.2)
        ready_s = round(time.monotonic() - started, 1)  # start to the first "ready" of /readyz
        started_rss = rss_mb(proc.pid)
        load = [os.getloadavg()[0]]
        # The first search of each scope loads it into the index (a large one: asks for it, answered in SQL):
        # timed apart ("first_ms"), not a warm search; then searches until no load or graph build is pending
        # ("warm_s", from the first search: memories/recall/index/background.py).
        sequence: list[float] = []  # every search of the measured scopes in order, from the first (wall ms)

        def asked(client: Any, query: str) -> tuple[float, float]:
            ms, cpu = ask(client, query)
            sequence.append(ms)
            return ms, cpu

        first = [asked(client, questions[i % len(questions)])[0] for i, client in enumerate(clients)]
        if reference is not None:
            ask(reference, questions[-1])
        warm_s = warmed(base, lambda: [asked(c, questions[i % len(questions)]) for i, c in enumerate(clients)])
        installed_s = round(time.monotonic() - started, 1)  # process start to no load or graph build pending
        times: list[tuple[float, float]] = []
        small: list[tuple[float, float]] = []
        for r in range(rounds):
            for i, client in enumerate(clients):
                query = questions[(i + r) % len(questions)]
                turn = [(times, client, asked), *([(small, reference, ask)] if reference is not None else [])]
                k = (i + r) % len(turn)
                for into, who, how in turn[k:] + turn[:k]:
                    into.append(how(who, query))
        load.append(os.getloadavg()[0])
        found: dict[str, Any] = {"searches": len(times), "ready_s": ready_s, "first_ms": quantiles(first),
                                 "warm_s": warm_s, "installed_s": installed_s,
                                 "first_50_ms": quantiles(sequence[:50]),
                                 "http_ms": quantiles([w for w, _ in times]),
                                 "http_cpu_ms": quantiles([c for _, c in times]), "load": load}
        if small:
            found["reference"] = {"memories": REFERENCE_SIZE, "wall_ms": quantiles([w for w, _ in small]),
                                  "cpu_ms": quantiles([c for _, c in small])}
            found["ratio"] = ratios({"wall_ms": found["http_ms"], "cpu_ms": found["http_cpu_ms"]},
                                    found["reference"])
        scrape = urllib.request.Request(base + "/metrics", headers={"Authorization": "Bearer bench"})
        with urllib.request.urlopen(scrape, timeout=30) as r:
            gauges = ("mnemara_search_index_", "mnemara_embedding_model_", "mnemara_process_base")
            metrics = [line for line in r.read().decode().splitlines() if line.startswith(gauges)]
        return {"rss_started_mb": round(started_rss), "rss_after_mb": round(rss_mb(proc.pid)), **found,
                "metrics": metrics}
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def steps(layout: str, first: Any, scopes: dict[Any, Any], clients: list[Any], questions: list[str], total: int,
          data: dict[str, Any], queries: int, recall_configs: list[tuple[int, float, int]] | None,
          reference: Any) -> dict[str, Callable[[], Any]]:
    """What ``measure`` runs, by name, in order (a step that does not apply to the layout gives None)."""
    return {
        "index_load": lambda: index_load(first, scopes[first.pk]),
        "search_index": lambda: search_path("index", clients[:10] if layout == "tenants" else clients[:1],
                                            questions, 1 if layout == "tenants" else 2, reference),
        "search_sql": lambda: search_path("sql", clients[:10] if layout == "tenants" else clients[:1],
                                          questions[:8] if total >= 10**5 else questions, 1, reference),
        "search_hnsw": lambda: (search_path("hnsw", clients[:1], questions, 1, reference) if layout == "one"
                                else None),
        "recall": lambda: (vector_recall(first, scopes[first.pk], data, queries, recall_configs) if layout == "one"
                           else None),
        "list_paging": lambda: list_paging(clients[0]),
        "weekly_export": lambda: weekly_export(first),
        "reembed": lambda: reembed_sample(first, scopes[first.pk], total),
        "web_process": lambda: web_process(clients if layout == "tenants" else clients[:1], questions,
                                           1 if layout == "tenants" else 50, reference),
        "erasure": lambda: erasure(first) if layout == "one" else None,
    }


def measure(layout: str, db: str, data: dict[str, Any], *, skip: set[str] | None = None,
            only: set[str] | None = None, queries: int = 20,
            recall_configs: list[tuple[int, float, int]] | None = None) -> dict[str, Any]:
    from memories.models import Memory, Scope
    from tenants.models import Tenant

    skip = skip or set()
    reference = reference_client(data)
    everything = Memory.unscoped.count()
    total = Memory.unscoped.exclude(tenant__slug=REFERENCE_SLUG).count()  # type: ignore[attr-defined]
    tenants = list(Tenant.objects.filter(slug__startswith=f"scale-{layout}-").order_by("slug"))
    rng = np.random.default_rng(7)
    picked = [tenants[int(i)] for i in rng.choice(len(tenants), size=min(len(tenants), 40), replace=False)]
    scopes = {s.tenant_id: s.pk for s in Scope.unscoped.filter(tenant__in=picked)}  # type: ignore[attr-defined]
    clients = [client_for(t) for t in picked]
    questions = [str(q) for q in data["questions"][:queries]]
    result: dict[str, Any] = {"layout": layout, "db": db, "memories": total, "tenants": len(tenants),
                              "scope_memories": total // len(tenants), "load_before": os.getloadavg(),
                              "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    result["size"] = db_sizes()
    result["size"]["bytes_per_memory"] = round(result["size"]["database_bytes"] / max(everything, 1))
    print(f"[{db}] {total} memories, {result['size']['bytes_per_memory']} B/memory", flush=True)
    step = steps(layout, picked[0], scopes, clients, questions, total, data, queries, recall_configs, reference)
    from memories.embeddings import embedders

    result["rss_mb_start"] = round(rss_mb())
    for embedder in embedders():  # the models load once per process: not part of any search's time
        embedder.embed_query("warm up")
    result["rss_mb_models"] = round(rss_mb())
    for name, run in step.items():
        if name in skip or (only and name not in only):
            continue
        started = time.perf_counter()
        value = run()
        if value is not None:
            result[name] = value
            print(f"[{db}] {name} ({time.perf_counter() - started:.0f} s): {json.dumps(value)}", flush=True)
    result["rss_mb_end"] = round(rss_mb())
    result["load_after"] = os.getloadavg()
    return result
