"""Does one web process still run requests concurrently under `server/asgi.py`?

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/concurrency.py [--requests 1 8 16]

Serves server.asgi with uvicorn (1 worker process) plus one extra URL, /_sleep, a sync view that takes
a database connection (SELECT pg_backend_pid()) and sleeps 1 s; sends N such requests at once and
reports the wall time, how many threads ran them and how many database backends they used. N requests
finishing in ~1 s means N ran at once (up to MNEMARA_WEB_THREADS, 8 by default).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(__file__).resolve().parent
SLEEPY = """
import threading, time
from server.asgi import application  # noqa: F401  (the real app; URLs are resolved at the first request)
from django.db import connection
from django.http import JsonResponse
from django.urls import path
from mnemara import urls

def sleepy(request):
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    time.sleep(1)
    return JsonResponse({"thread": threading.get_ident(), "backend": backend})

urls.urlpatterns.insert(0, path("_sleep", sleepy))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, nargs="+", default=[1, 8, 16])
    parser.add_argument("--port", type=int, default=8311)
    args = parser.parse_args()
    module = BENCH / "_sleepy_asgi.py"
    module.write_text(SLEEPY)
    env = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONPATH": f"{BENCH}:{ROOT}"}
    server = subprocess.Popen([sys.executable, "-m", "uvicorn", "_sleepy_asgi:application", "--host", "127.0.0.1",
                               "--port", str(args.port), "--workers", "1", "--no-access-log", "--lifespan", "off",
                               "--log-level", "warning"], cwd=ROOT, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{args.port}/_sleep"
    try:
        deadline = time.time() + 120
        while True:
            try:
                urllib.request.urlopen(url, timeout=30).read()
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.5)
        for n in args.requests:
            started = time.perf_counter()
            with ThreadPoolExecutor(n) as pool:
                answers = list(pool.map(lambda _: json.loads(urllib.request.urlopen(url, timeout=60).read()),
                                        range(n)))
            print(f"{n:>3} concurrent 1-s requests, 1 uvicorn worker process: {time.perf_counter() - started:.2f} s "
                  f"wall, {len({a['thread'] for a in answers})} threads, {len({a['backend'] for a in answers})} "
                  f"database backends")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        module.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
