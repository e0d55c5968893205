"""What the HTTP server layer costs per request: gunicorn (threaded WSGI, as `make run` served before issue 13),
uvicorn with mnemara/asgi.py (what `make run` serves now), and uvicorn with Django's own ASGI handler.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/server_overhead.py [--rounds 20] [--per-round 100]

Starts each server with one worker process on a free loopback port against the configured database (the
embedded one in MNEMARA_PGDATA unless DATABASE_URL), then sends GET /api/v1/no-such-thing (Django answers a
JSON 404: URL resolution, the middleware, the error handler; no database, no model) on one keep-alive
connection per server, in interleaved rounds so that a shared machine's load drift hits all alike. Reports
the latency and the CPU time the server's processes used per request, then stops them.

Django's ASGI handler runs each request on a new thread, so it needs a connection pool (psycopg-pool,
not a project dependency: that variant is skipped when it is not installed).
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
DJANGO_ASGI = """
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "mnemara.settings")
from django.conf import settings
settings.DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django's rule for pools
settings.DATABASES["default"]["OPTIONS"] = {"pool": {"min_size": 2, "max_size": 16, "timeout": 5}}
from django.core.asgi import get_asgi_application
from mnemara.runtime.warm import web_process_settle
application = get_asgi_application()
web_process_settle()
"""


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def commands(port: int) -> dict[str, list[str]]:
    uvicorn = [sys.executable, "-m", "uvicorn", "--host", "127.0.0.1", "--workers", "1", "--no-access-log",
               "--lifespan", "off", "--timeout-keep-alive", "30", "--log-level", "warning"]
    servers = {
        "gunicorn gthread (before)": [str(ROOT / ".venv" / "bin" / "gunicorn"), "mnemara.wsgi:application", "--bind",
                                      f"127.0.0.1:{port}", "--workers", "1", "--worker-class", "gthread",
                                      "--threads", "4", "--keep-alive", "30", "--log-level", "warning"],
        "uvicorn + mnemara.asgi (now)": [*uvicorn, "--port", str(port + 1), "mnemara.asgi:application"],
    }
    try:
        import psycopg_pool  # noqa: F401

        servers["uvicorn + Django ASGIHandler"] = [*uvicorn, "--port", str(port + 2), "_django_asgi:application"]
    except ImportError:
        print("psycopg-pool not installed: Django's ASGI handler is skipped")
    return servers


def listening_pid(port: int) -> int:
    for conn in psutil.net_connections("tcp"):
        if conn.laddr and conn.laddr.port == port and conn.status == "LISTEN" and conn.pid:
            return conn.pid
    raise RuntimeError(f"nothing listens on {port}")


def cpu_seconds(pid: int) -> float:
    proc = psutil.Process(pid)
    return sum(sum(p.cpu_times()[:2]) for p in [proc, *proc.children(recursive=True)])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--per-round", type=int, default=100)
    args = parser.parse_args()
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, lambda signum, frame: sys.exit(128 + signum))
    module = BENCH / "_django_asgi.py"
    module.write_text(DJANGO_ASGI)
    base = free_port()
    env = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONPATH": f"{BENCH}:{ROOT}"}
    started = {name: subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
               for name, cmd in commands(base).items()}
    ports = {name: base + i for i, name in enumerate(started)}
    try:
        deadline = time.time() + 120
        conns: dict[str, http.client.HTTPConnection] = {}
        for name, port in ports.items():
            while name not in conns:
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    conn.request("GET", "/healthz")
                    conn.getresponse().read()
                    conns[name] = conn
                except OSError:
                    if time.time() > deadline:
                        raise
                    time.sleep(0.5)
        pids = {name: listening_pid(port) for name, port in ports.items()}

        def one(name: str) -> float:
            began = time.perf_counter()
            conns[name].request("GET", "/api/v1/no-such-thing")
            response = conns[name].getresponse()
            response.read()
            assert response.status == 404, response.status
            return (time.perf_counter() - began) * 1000

        for name in conns:
            for _ in range(50):
                one(name)
        latencies: dict[str, list[float]] = {name: [] for name in conns}
        cpu = dict.fromkeys(conns, 0.0)
        loads = []
        for n in range(args.rounds):
            order = list(conns)
            random.Random(n).shuffle(order)
            for name in order:
                before = cpu_seconds(pids[name])
                latencies[name] += [one(name) for _ in range(args.per_round)]
                cpu[name] += cpu_seconds(pids[name]) - before
            loads.append(os.getloadavg()[0])
        print(f"GET /api/v1/no-such-thing (JSON 404), 1 worker process each, {args.rounds} interleaved rounds of "
              f"{args.per_round}; load average {min(loads):.1f}-{max(loads):.1f}")
        for name, values in latencies.items():
            ordered = sorted(values)
            p95 = ordered[int(0.95 * len(ordered))]
            print(f"{name:<30} p50 {statistics.median(ordered):5.2f} ms   p95 {p95:5.2f} ms"
                  f"   server CPU {cpu[name] / len(values) * 1000:5.2f} ms/request")
    finally:
        for server in started.values():
            os.killpg(server.pid, signal.SIGTERM)
        for server in started.values():
            server.wait(timeout=30)
        module.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
