"""Two checkouts' search-latency and ingest benchmarks, interleaved, with the server's CPU time per request.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/interleave.py --before ../wt-before --after . \
        [--rounds 3] [--queries 300] [--batches 6] [--batch-size 500]

A shared machine's load moves between runs by more than the few milliseconds a change costs, so the
two sides run alternately (before, after, before, after, …; each round of search then ingest) and the
medians of the rounds are compared; every round prints the load average at its start.

Each side runs its *own* ``bench/search_latency.py`` and ``bench/ingest.py`` (loaded from its folder,
with its folder as the working directory: its own code, settings and migrations) against its own
embedded database (``--before-pgdata``, ``--after-pgdata``: two schemas never mix). Seed the search
tenant once per side beforehand (``bench/search_latency.py --queries 20`` in each checkout). The
server processes' CPU time (user + system, from /proc) is read before and after each timed pass:
``cpu ms/request`` is that difference over the requests, the server's work without the client's and
without PostgreSQL's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HELPER = r'''
import http.client, importlib.util, json, os, statistics, sys, time
from pathlib import Path

root = Path(sys.argv[1]).resolve()
what, args = sys.argv[2], json.loads(sys.argv[3])
sys.path.insert(0, str(root))
os.chdir(root)


def load(name):
    spec = importlib.util.spec_from_file_location(name, root / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cpu_seconds(pid):
    """user + system CPU of pid and its child processes (gunicorn's workers)."""
    pids = [pid]
    try:
        pids += [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        pass
    total = 0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # a process that ended meanwhile
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def postgres_cpu_seconds():
    """user + system CPU of the embedded PostgreSQL's processes (the postmaster's children alive now)."""
    postmaster = int(Path(os.environ["MNEMARA_PGDATA"], "postmaster.pid").read_text().split()[0])
    return cpu_seconds(postmaster)


def quantiles(times):
    ordered = sorted(times)
    return {"p50": statistics.median(ordered), "p95": ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]}


load_at_start = os.getloadavg()[0]
if what == "search":
    bench = load("search_latency")
    secret = bench.seed(args["tenant"], args["total"], args["in_scope"])
    port = bench.free_port()
    server = bench.start_server(port, 0, "uvicorn")
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        bench.run_pass(conn, secret, [f"warm-up question {i} about coffee" for i in range(20)])
        texts = bench.queries(args["queries"])
        out = {"load": load_at_start}
        for name in ("distinct", "repeated"):
            cpu, pg = cpu_seconds(server.pid), postgres_cpu_seconds()
            times = bench.run_pass(conn, secret, texts)
            out[name] = {**quantiles(times), "cpu_ms": (cpu_seconds(server.pid) - cpu) * 1000 / len(texts),
                         "pg_cpu_ms": (postgres_cpu_seconds() - pg) * 1000 / len(texts)}
    finally:
        bench.stop_server(server)
else:
    bench = load("ingest")
    slug = f"bench-{int(time.time())}"
    bench.manage("migrate", "--noinput")
    bench.manage("tenant_create", slug, "--name", "Ingest benchmark")
    key = bench.manage("apikey_create", slug, "--name", "bench")
    port = bench.free_port()
    server = bench.start_server(port, 1, 1)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        warm = [{"scope": "bench/warmup", "content": f"Warm-up memory {i}."} for i in range(8)]
        assert bench.request(conn, "POST", "/api/v1/memories", key, warm)[0] == 201
        batches = [bench.memories(args["batch_size"], seed=b + 1, users=100) for b in range(args["batches"])]
        cpu, pg = cpu_seconds(server.pid), postgres_cpu_seconds()
        started = time.perf_counter()
        latencies = []
        for batch in batches:
            t0 = time.perf_counter()
            status, body = bench.request(conn, "POST", "/api/v1/memories", key, batch)
            assert status == 201, (status, str(body)[:300])
            latencies.append(time.perf_counter() - t0)
        wall = time.perf_counter() - started
        total = sum(len(b) for b in batches)
        out = {"load": load_at_start, "rate": total / wall, "batch_median_s": statistics.median(latencies),
               "cpu_ms": (cpu_seconds(server.pid) - cpu) * 1000 / total,
               "pg_cpu_ms": (postgres_cpu_seconds() - pg) * 1000 / total}
    finally:
        bench.stop_server(server)
print("RESULT " + json.dumps(out))
'''


def run_side(root: Path, pgdata: str, what: str, args: dict[str, object]) -> dict[str, object]:
    env = {**os.environ, "MNEMARA_PGDATA": pgdata, "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp"),
           "DJANGO_SETTINGS_MODULE": "server.settings", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run([str(root / ".venv" / "bin" / "python"), "-c", HELPER, str(root), what, json.dumps(args)],
                          cwd=root, env=env, capture_output=True, text=True, check=False)
    line = next((row for row in done.stdout.splitlines() if row.startswith("RESULT ")), None)
    if done.returncode != 0 or line is None:
        raise SystemExit(f"{root} {what} failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}")
    result: dict[str, object] = json.loads(line[len("RESULT "):])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", type=Path, required=True)
    parser.add_argument("--after", type=Path, required=True)
    parser.add_argument("--before-pgdata", default="/tmp/pg-bench-before")
    parser.add_argument("--after-pgdata", default="/tmp/pg-bench-after")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--total", type=int, default=100_000)
    parser.add_argument("--in-scope", type=int, default=10_000)
    parser.add_argument("--tenant", default="bench-search")
    parser.add_argument("--batches", type=int, default=6)
    parser.add_argument("--batch-size", type=int, default=500)
    parser.add_argument("--skip", choices=["search", "ingest"], default=None)
    args = parser.parse_args()
    sides = {"before": (args.before.resolve(), args.before_pgdata), "after": (args.after.resolve(), args.after_pgdata)}
    search_args = {"tenant": args.tenant, "total": args.total, "in_scope": args.in_scope, "queries": args.queries}
    ingest_args = {"batches": args.batches, "batch_size": args.batch_size}
    rows: dict[tuple[str, str], list[dict[str, object]]] = {}
    for round_number in range(1, args.rounds + 1):
        for what, what_args in (("search", search_args), ("ingest", ingest_args)):
            if what == args.skip:
                continue
            for side, (root, pgdata) in sides.items():
                result = run_side(root, pgdata, what, what_args)
                rows.setdefault((what, side), []).append(result)
                print(f"round {round_number} {what:<6} {side:<6} {json.dumps(result)}", flush=True)
    print()
    for what in ("search", "ingest"):
        for side in sides:
            results = rows.get((what, side))
            if not results:
                continue
            loads = [float(r["load"]) for r in results]  # type: ignore[arg-type]
            if what == "search":
                cells = [f"{name} p50 {_median(results, name, 'p50'):6.1f} p95 {_median(results, name, 'p95'):6.1f} "
                         f"cpu {_median(results, name, 'cpu_ms'):5.1f} ms/req" for name in ("distinct", "repeated")]
                print(f"{what} {side:<6} median of {len(results)}: " + " | ".join(cells)
                      + f" | load {min(loads):.1f}-{max(loads):.1f}")
            else:
                rate = statistics.median(float(r["rate"]) for r in results)  # type: ignore[arg-type]
                cpu = statistics.median(float(r["cpu_ms"]) for r in results)  # type: ignore[arg-type]
                print(f"{what} {side:<6} median of {len(results)}: {rate:6.1f} memories/s, cpu {cpu:5.2f} ms/memory"
                      f" | load {min(loads):.1f}-{max(loads):.1f}")
    sys.stdout.flush()


def _median(results: list[dict[str, object]], name: str, key: str) -> float:
    return statistics.median(float(r[name][key]) for r in results)  # type: ignore[index]


if __name__ == "__main__":
    main()
