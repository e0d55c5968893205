"""Load benchmark: a mixed agent workload against the server as `make run` starts it.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/load.py [--users 8 16 32] [--seconds 60] [--port 8370]

1. A scratch data directory (a new /tmp/pgl… folder, removed afterwards): migrate, the demo data and a
   fresh API key (as `make run`), 32 scopes of 100 memories each written through the API; the per-key
   rate limit raised (API_THROTTLE_RATE) so that it measures the server, not the limit;
2. `python -m server.runtime.supervise` (uvicorn with 2 workers, the worker, the database) on a loopback port;
3. for each --users level: locust headless (bench/load/locustfile.py: 35 % search, 35 % context,
   20 % create, 10 % PATCH with If-Match; no think time) for --seconds, one level after the other.
   Errors are answers the API should not give; a 200 to a create (the write flow resolved a
   near-duplicate) and a 409 to a PATCH (another writer bumped the version first) are right, and
   counted on their own;
4. every memory acknowledged with 201 is fetched again: all must be there;
5. Ctrl-C to the supervisor. Prints one Markdown table (throughput, p50/p95/p99, errors per level).

locust runs on the same 2 cores as the server, so the numbers are for the whole machine.
"""

from __future__ import annotations

import argparse
import csv
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
sys.path.insert(0, str(ROOT / "bench"))
from faults import Api, health, manage, wait_for  # noqa: E402

SCOPES = 32


def seed(api: Api) -> None:
    people = ["Emma", "Priya", "Tomasz", "Dana", "Li Wei", "Aiko", "Mateo", "Fatima", "Ingrid", "Ravi"]
    things = ["black coffee", "the Kafka migration", "a half marathon", "green tea", "the quarterly budget",
              "Python type hints", "a trip to Lisbon", "the TLS certificate renewal", "vegetarian recipes", "jazz"]
    for s in range(SCOPES):
        items = [{"scope": f"user/load-{s}", "content": f"{people[i % 10]} mentioned {things[(i * 7 + s) % 10]} "
                                                        f"in meeting {i} of scope {s}."} for i in range(100)]
        status, body = api.call("POST", "/api/v1/memories", items, timeout=120)
        assert status in (200, 201), (status, body)


def run_level(port: int, key: str, users: int, seconds: int, out: Path, created: Path) -> dict[str, dict[str, str]]:
    prefix = out / f"u{users}"
    env = {**os.environ, "MNEMARA_API_KEY": key, "MNEMARA_CREATED_FILE": str(created)}
    with open(f"{prefix}.log", "w") as log:
        subprocess.run([str(ROOT / ".venv" / "bin" / "locust"), "-f", str(ROOT / "bench" / "load" / "locustfile.py"),
                        "--headless", "--users", str(users), "--spawn-rate", str(users), "--run-time", f"{seconds}s",
                        "--host", f"http://127.0.0.1:{port}", "--csv", str(prefix), "--only-summary",
                        "--stop-timeout", "10", "--loglevel", "WARNING"],
                       cwd=ROOT, env=env, check=False, stdout=subprocess.DEVNULL, stderr=log)
    with open(f"{prefix}_stats.csv") as stats:
        return {row["Name"]: row for row in csv.DictReader(stats)}


def check_created(api: Api, created: Path) -> tuple[int, int]:
    ids = [line.strip() for line in created.read_text().splitlines() if line.strip()] if created.exists() else []
    conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=30)
    missing = 0
    for memory_id in ids:
        conn.request("GET", f"/api/v1/memories/{memory_id}", headers={"Authorization": f"Bearer {api.key}"})
        response = conn.getresponse()
        response.read()
        missing += response.status != 200
    return len(ids), missing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, nargs="+", default=[8, 16, 32])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--port", type=int, default=8370)
    args = parser.parse_args()
    for stop in (signal.SIGINT, signal.SIGTERM):  # clean up (servers, scratch data) however it is stopped
        signal.signal(stop, lambda signum, frame: sys.exit(128 + signum))
    if not all(1 <= u <= 64 for u in args.users) or not 5 <= args.seconds <= 300:
        sys.exit("bounds: 1-64 users, 5-300 s per level")
    pgdata = Path(tempfile.mkdtemp(prefix="pgl", dir="/tmp"))
    work = Path(tempfile.mkdtemp(prefix="mnemara-load-"))
    (work / "metrics").mkdir()
    # The per-key rate limit (6,000/min) would cap the run: this measures the server, not the limit.
    env = {**os.environ, "MNEMARA_PGDATA": str(pgdata), "XDG_RUNTIME_DIR": "/tmp",
           "PROMETHEUS_MULTIPROC_DIR": str(work / "metrics"), "API_THROTTLE_RATE": "1000000/min"}
    env.pop("DATABASE_URL", None)
    supervisor = None
    try:
        manage(env, "migrate", "--noinput")
        manage(env, "demo_data")
        key = manage(env, "apikey_create", "demo")
        with open(work / "supervisor.log", "w") as log:
            supervisor = subprocess.Popen([PY, "-m", "server.runtime.supervise", "--port", str(args.port)], cwd=ROOT,
                                          env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        api = Api(args.port, key)
        wait_for(lambda: health(api).get("status") == "ok", timeout=120, step=0.5)
        started = time.monotonic()
        seed(api)
        print(f"seeded {SCOPES} scopes x 100 memories in {time.monotonic() - started:.0f} s; port {args.port}")
        created = work / "created.txt"
        notes: list[str] = []
        print("| users | requests | req/s | p50 ms | p95 ms | p99 ms | errors | search p50/p95 | context p50/p95 "
              "| create p50/p95 | patch p50/p95 | load |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for users in args.users:
            (work / "created.txt.outcomes").unlink(missing_ok=True)
            rows = run_level(args.port, key, users, args.seconds, work, created)
            total = rows["Aggregated"]
            pair = {name: f"{row['50%']} / {row['95%']}" for name, row in rows.items()}
            print(f"| {users} | {total['Request Count']} | {float(total['Requests/s']):.1f} | {total['50%']} | "
                  f"{total['95%']} | {total['99%']} | {total['Failure Count']} | {pair.get('search', '-')} | "
                  f"{pair.get('context', '-')} | {pair.get('create', '-')} | {pair.get('patch', '-')} | "
                  f"{os.getloadavg()[0]:.1f} |", flush=True)
            outcomes = work / "created.txt.outcomes"
            if outcomes.exists():
                notes.append(f"{users} users: " + "; ".join(line.replace("\t", " x ", 1)
                                                             for line in outcomes.read_text().splitlines()))
        for note in notes:
            print(note)
        acknowledged, missing = check_created(api, created)
        print(f"acknowledged creates (201): {acknowledged}; missing afterwards: {missing}")
        failures = work / f"u{args.users[-1]}_failures.csv"
        if failures.exists() and len(failures.read_text().splitlines()) > 1:
            print("failures (last level):", json.dumps(failures.read_text().splitlines()[1:6]))
    finally:
        if supervisor is not None:
            os.killpg(supervisor.pid, signal.SIGINT)
            supervisor.wait(timeout=60)
        subprocess.run([PY, "-m", "server.runtime.pg", "stop"], cwd=ROOT, env=env, capture_output=True)
        shutil.rmtree(pgdata, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
