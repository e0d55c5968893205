"""What the HTTP server layer costs per request, one worker process each:

- ``gunicorn``: gunicorn, threaded WSGI (``server.wsgi:application``, through a shim: see ``WSGI_SHIM``), as
  `make run` served it until 2026-11-30;
- ``new``: the serving stack now, ``python -m server.runtime.serve --workers 1`` (uvicorn with the h11 protocol
  of ``server/runtime/protocol.py``, Starlette's router, ``server/runtime/buffered.py``);
- ``old``: the stack before ``runtime.serve``, ``python -m uvicorn mnemara.asgi:application --workers 1 --lifespan on
  --no-access-log`` run in a worktree of commit 3e1f924 (``--old-root``; ``git worktree add /tmp/oldstack
  3e1f924``), skipped when that folder does not exist;
- ``django-asgi``: uvicorn with Django's own ASGI handler (warmed with ``server.runtime.serve.warm_up``);
- ``asgiref``: uvicorn with asgiref's ``WsgiToAsgi`` around Django's WSGI handler (the maintained WSGI-in-ASGI
  adapter that ships with Django; warmed likewise).

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/server_overhead.py [--rounds 20] [--per-round 100]
        [--servers gunicorn,new,old,django-asgi,asgiref] [--old-root /tmp/oldstack]

Starts each server on a free loopback port against the configured database (the embedded one in
MNEMARA_PGDATA unless DATABASE_URL; the old stack uses the same one), waits until it is warm (GET /readyz 200,
or GET /healthz 200 where there is no /readyz), then sends GET /api/v1/no-such-thing (Django answers a JSON 404:
URL resolution, the middleware, the error handler; no database, no model) on one keep-alive connection per
server, in interleaved rounds so that a shared machine's load drift hits all alike. Reports the latency and the
CPU time the server's processes used per request (and, measured first, per second while idle), then stops them.

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
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
from django.conf import settings
settings.DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django's rule for pools
settings.DATABASES["default"]["OPTIONS"] = {"pool": {"min_size": 2, "max_size": 16, "timeout": 5}}
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application
application = get_asgi_application()  # first: it sets Django up, which the imports below need
from memories.periodic import web_threads_start
from server.runtime.serve import warm_up
web_threads_start()  # the search's side threads; Django's handler runs the views on threads of its own
warm_up(get_wsgi_application(), web_threads=False)
from server.runtime.health import WARM
WARM.set()  # GET /readyz: ready
"""

ASGIREF = """
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
from django.core.wsgi import get_wsgi_application
wsgi = get_wsgi_application()  # first: it sets Django up, which the imports below need
from asgiref.wsgi import WsgiToAsgi
from memories.periodic import web_threads_start
from server.runtime.serve import warm_up
web_threads_start()
import contextvars
# In a context of its own: an async_to_sync during the warm-up would leave its (then closed) executor in this
# thread's context, which uvicorn's tasks inherit, and asgiref's sync_to_async would submit every request to it.
contextvars.Context().run(warm_up, wsgi, web_threads=False)
from server.runtime.health import WARM
WARM.set()  # GET /readyz: ready
application = WsgiToAsgi(wsgi)
"""

# mnemara/wsgi.py as of b3cea1a cannot be the first module a process imports (it imports memories.periodic,
# which defines models, before get_wsgi_application() has set Django up: AppRegistryNotReady), so gunicorn is
# given this shim, which sets Django up first and then loads it unchanged.
WSGI_SHIM = """
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
import django
django.setup(set_prefix=False)
from server.wsgi import application
"""


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


NAMES = {
    "gunicorn": "gunicorn gthread (until 2026-11-30)",
    "new": "new: server.runtime.serve",
    "old": "old: uvicorn + mnemara.asgi (3e1f924)",
    "django-asgi": "uvicorn + Django ASGIHandler",
    "asgiref": "uvicorn + asgiref WsgiToAsgi",
}


def commands(wanted: list[str], old_root: Path) -> dict[str, tuple[list[str], Path, dict[str, str]]]:
    """name -> (argv without the port, working directory, extra environment); the port is appended."""
    uvicorn = [sys.executable, "-m", "uvicorn", "--host", "127.0.0.1", "--workers", "1", "--no-access-log",
               "--timeout-keep-alive", "30", "--log-level", "warning"]
    here = {"PYTHONPATH": f"{BENCH}:{ROOT}"}
    servers: dict[str, tuple[list[str], Path, dict[str, str]]] = {}
    for name in wanted:
        if name == "gunicorn":
            servers[NAMES[name]] = ([str(ROOT / ".venv" / "bin" / "gunicorn"), "_gunicorn_wsgi:application",
                                     "--workers", "1", "--worker-class", "gthread", "--threads", "4",
                                     "--keep-alive", "30", "--log-level", "warning", "--bind"], ROOT, here)
        elif name == "new":
            servers[NAMES[name]] = ([sys.executable, "-m", "server.runtime.serve", "--host", "127.0.0.1",
                                     "--workers", "1", "--port"], ROOT, here)
        elif name == "old":
            if not (old_root / "mnemara" / "asgi.py").exists():
                print(f"{old_root} is not a worktree of 3e1f924: the old stack is skipped")
                continue
            servers[NAMES[name]] = ([*uvicorn, "--lifespan", "on", "mnemara.asgi:application", "--port"], old_root,
                                    {"PYTHONPATH": str(old_root),
                                     "MNEMARA_ONNX_PATH": os.environ.get(
                                         "MNEMARA_ONNX_PATH", str(ROOT / ".cache" / "all-MiniLM-L6-v2.onnx"))})
        elif name == "django-asgi":
            try:
                import psycopg_pool  # noqa: F401
            except ImportError:
                print("psycopg-pool not installed: Django's ASGI handler is skipped")
                continue
            servers[NAMES[name]] = ([*uvicorn, "--lifespan", "off", "_django_asgi:application", "--port"], ROOT, here)
        elif name == "asgiref":
            servers[NAMES[name]] = ([*uvicorn, "--lifespan", "off", "_asgiref_wsgi:application", "--port"], ROOT, here)
        else:
            sys.exit(f"unknown server {name!r}: one of {', '.join(NAMES)}")
    return servers


def status_of(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def warm(port: int) -> bool:
    """True once the server on ``port`` says it is warm: /readyz 200, or /healthz 200 where there is no /readyz
    (the old stack answers it with an HTML 404 whose Set-Cookie line it cannot send: the connection drops)."""
    try:
        readyz = status_of(port, "/readyz")
    except http.client.RemoteDisconnected:
        readyz = 404
    return readyz == 200 or (readyz == 404 and status_of(port, "/healthz") == 200)


def embedded_running(env: dict[str, str]) -> bool:
    if env.get("DATABASE_URL"):
        return True
    status = subprocess.run([sys.executable, "-m", "server.runtime.pg", "status"], cwd=ROOT, env=env,
                            capture_output=True, text=True).stdout
    return status.startswith("running")


def listening_pid(port: int) -> int:
    for conn in psutil.net_connections("tcp"):
        if conn.laddr and conn.laddr.port == port and conn.status == "LISTEN" and conn.pid:
            return conn.pid
    raise RuntimeError(f"nothing listens on {port}")


def cpu_seconds(pid: int) -> float:
    proc = psutil.Process(pid)
    return sum(sum(p.cpu_times()[:2]) for p in [proc, *proc.children(recursive=True)])


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--per-round", type=int, default=100)
    parser.add_argument("--servers", default="gunicorn,new,old,django-asgi,asgiref",
                        help=f"a comma-separated subset of {','.join(NAMES)}")
    parser.add_argument("--old-root", type=Path, default=Path("/tmp/oldstack"))
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle CPU measured before the rounds")
    return parser.parse_args()


def connected_when_warm(ports: dict[str, int]) -> dict[str, http.client.HTTPConnection]:
    """A connection to each server once it is warm (at most 180 s for all)."""
    deadline = time.time() + 180
    conns: dict[str, http.client.HTTPConnection] = {}
    for name, port in ports.items():
        while name not in conns:
            try:
                if warm(port):
                    conns[name] = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                    continue
            except OSError:
                pass
            if time.time() > deadline:
                raise TimeoutError(f"{name} not warm after 180 s")
            time.sleep(0.5)
    return conns


class Prober:
    """Times one request to a server over its kept-alive connection, counting reopened connections and answers
    that are not the 404."""

    def __init__(self, conns: dict[str, http.client.HTTPConnection]) -> None:
        self.conns = conns
        self.reset()

    def reset(self) -> None:
        self.reopened = dict.fromkeys(self.conns, 0)
        self.failed = dict.fromkeys(self.conns, 0)

    def one(self, name: str) -> float:
        conns = self.conns
        began = time.perf_counter()
        try:
            conns[name].request("GET", "/api/v1/no-such-thing")
            response = conns[name].getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            self.reopened[name] += 1  # the server closed the idle connection: open it again, time the retry
            conns[name].close()
            began = time.perf_counter()
            conns[name].request("GET", "/api/v1/no-such-thing")
            response = conns[name].getresponse()
        response.read()
        if response.status != 404:
            self.failed[name] += 1  # reported beside its latencies
        return (time.perf_counter() - began) * 1000


def measure(args: argparse.Namespace, ports: dict[str, int]) -> None:
    """Idle CPU, then the interleaved rounds; prints one line per server."""
    conns = connected_when_warm(ports)
    pids = {name: listening_pid(port) for name, port in ports.items()}
    prober = Prober(conns)
    idle_before = {name: cpu_seconds(pids[name]) for name in conns}
    time.sleep(args.idle)  # what each uses with no requests (chores, timers), all idle at once
    idle = {name: (cpu_seconds(pids[name]) - idle_before[name]) / args.idle for name in conns}
    for name in conns:
        for _ in range(50):
            prober.one(name)
    prober.reset()  # counted from here on (uvicorn closes a connection idle for 5 s)
    latencies: dict[str, list[float]] = {name: [] for name in conns}
    cpu = dict.fromkeys(conns, 0.0)
    loads = []
    for n in range(args.rounds):
        order = list(conns)
        random.Random(n).shuffle(order)
        for name in order:
            before = cpu_seconds(pids[name])
            latencies[name] += [prober.one(name) for _ in range(args.per_round)]
            cpu[name] += cpu_seconds(pids[name]) - before
        loads.append(os.getloadavg()[0])
    print(f"GET /api/v1/no-such-thing (JSON 404), 1 worker process each, {args.rounds} interleaved rounds of "
          f"{args.per_round}; load average {min(loads):.1f}-{max(loads):.1f}")
    reopened, failed = prober.reopened, prober.failed
    for name, values in latencies.items():
        ordered = sorted(values)
        p95 = ordered[int(0.95 * len(ordered))]
        print(f"{name:<37} p50 {statistics.median(ordered):5.2f} ms   p95 {p95:5.2f} ms"
              f"   server CPU {cpu[name] / len(values) * 1000:5.2f} ms/request"
              + f"   idle CPU {idle[name] * 1000:4.1f} ms/s"
              + (f"   (connection opened again {reopened[name]}x)" if reopened[name] else "")
              + (f"   {failed[name]} answers not the 404" if failed[name] else ""))


def main() -> int:
    args = arguments()
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, lambda signum, frame: sys.exit(128 + signum))
    modules = {BENCH / "_django_asgi.py": DJANGO_ASGI, BENCH / "_gunicorn_wsgi.py": WSGI_SHIM,
               BENCH / "_asgiref_wsgi.py": ASGIREF}
    for module, text in modules.items():
        module.write_text(text)
    env = {**os.environ, "LOG_LEVEL": "WARNING"}
    database_was_running = embedded_running(env)
    servers = commands([name.strip() for name in args.servers.split(",") if name.strip()], args.old_root)
    ports = {name: free_port() for name in servers}
    started = {}
    for name, (argv, cwd, extra) in servers.items():
        port = str(ports[name]) if argv[-1] == "--port" else f"127.0.0.1:{ports[name]}"
        started[name] = subprocess.Popen([*argv, port], cwd=cwd, env={**env, **extra}, start_new_session=True)
    try:
        measure(args, ports)
    finally:
        for server in started.values():
            os.killpg(server.pid, signal.SIGTERM)
        for server in started.values():
            server.wait(timeout=30)
        for module in modules:
            module.unlink(missing_ok=True)
        if not database_was_running and "DATABASE_URL" not in env:
            # A server stopped with SIGTERM releases its handle but leaves the embedded postmaster running.
            subprocess.run([sys.executable, "-m", "server.runtime.pg", "stop"], cwd=ROOT, env=env,
                           capture_output=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
