"""Where the wall time of one REST search goes, on the serving stack: a per-request timeline, and the stack's floor.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/search_timeline.py [--pgdata /tmp/pg-search-profile]
        [--conversations 2] [--base-root CHECKOUT] [--rounds 2]

The questions and scopes of ``bench/search_profile.py`` (ingested into ``--pgdata`` the same way). Each checkout
(this one, and ``--base-root`` if given: the commit before, as a ``git archive`` with ``.venv`` and ``.cache``
linked in) is served by uvicorn on the stack ``make run`` uses (one worker; ``server.runtime.serve``'s protocol),
in a process whose request path is wrapped with timers (this script run with ``--serve``). The checkouts take
turns, ``--rounds`` times, and each round sends, on one kept-alive connection, every question (past the first 20,
which warm) as ``POST /api/v1/memories/search`` with the defaults, each followed by two requests that do no search:
``GET /api/v1/no-such-thing`` (Django's JSON 404: the middleware, URL resolution, no database) and an
authenticated ``GET /mem0/v1/ping/`` (the API key's lookup, DRF). Per request type it prints the client's wall
time and, from the server, each step's wall time (p50 / p95 / mean, ms):

- ``loop→thread``: the event loop hands the request to a web thread; ``thread→auth`` the middleware and DRF's
  set-up; ``auth`` the key's lookup; ``embed start`` when the query's first model run was submitted (from the
  thread's start); ``first wait`` the request thread's wait for the first query vector it needs; ``model run`` that
  run itself (on a query thread); ``search`` the whole search; ``app→written`` from Django's response to the
  event loop having handed its bytes to the transport; ``loop total`` from the ASGI app's call to that;
  ``thread CPU`` the request thread's CPU time.

The client's time minus ``loop total`` is the HTTP round trip outside the app (the client, the socket, h11).
Wall times wait for a core: read them with the load printed beside them.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
now = time.perf_counter


def serve(root: str, port: int, out: str) -> None:
    """Serve ``root``'s code with the request path timed; one JSON line per request into ``out``."""
    sys.path.insert(0, root)
    os.chdir(root)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    import django

    django.setup()
    local = threading.local()
    sink = open(out, "a")  # noqa: SIM115
    runs: list[tuple[float, float]] = []

    def mark(name: str) -> None:
        line = getattr(local, "line", None)
        if line is not None and name not in line:
            line[name] = now()

    def wrap(owner: Any, name: str, before: str, after: str) -> None:
        fn = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            mark(before)
            try:
                return fn(*args, **kwargs)
            finally:
                mark(after)

        setattr(owner, name, wrapper)

    from memories.embeddings.runners import OnnxEmbedder
    from memories.recall import search, vectors
    from server.runtime import buffered
    from tenants import auth

    environ_of, call, run = buffered.wsgi_environ, buffered.BufferedWSGI.__call__, buffered.BufferedWSGI._run

    async def timed_call(self: Any, scope: Any, receive: Any, send: Any) -> None:
        scope["timeline.t0"] = now()
        await call(self, scope, receive, send)

    def timed_environ(scope: Any, body: bytes) -> dict[str, Any]:
        return {**environ_of(scope, body), "timeline.t0": scope.get("timeline.t0")}

    def timed_run(self: Any, environ: dict[str, Any], send: Any, loop: Any) -> None:
        runs.clear()
        line: dict[str, Any] = {"path": environ["PATH_INFO"], "t0": environ.get("timeline.t0"), "thread": now()}
        local.line, cpu, app = line, time.thread_time(), self.app

        def timed_app(env: Any, start_response: Any) -> Any:
            result = app(env, start_response)
            mark("app")
            return result

        async def timed_send(message: Any) -> None:
            await send(message)
            if message.get("type") == "http.response.body" and not message.get("more_body"):
                line["written"] = now()

        self.app = timed_app
        try:
            run(self, environ, timed_send, loop)
        finally:
            self.app = app
        line["cpu"] = time.thread_time() - cpu
        local.line = None
        sink.write(json.dumps(line) + "\n")
        sink.flush()

    buffered.wsgi_environ = timed_environ
    buffered.BufferedWSGI.__call__ = timed_call  # type: ignore[method-assign]
    buffered.BufferedWSGI._run = timed_run  # type: ignore[method-assign]
    wrap(auth.ApiKeyAuthentication, "authenticate", "auth0", "auth1")
    wrap(search, "memory_search", "search0", "search1")
    soon = "_vector_soon" if hasattr(vectors, "_vector_soon") else "_embed_soon"  # the latter: before 2026-12-07
    wrap(vectors, soon, "embed", "embed")
    embed = OnnxEmbedder.embed

    def timed_embed(self: Any, texts: Any) -> Any:
        began = now()
        try:
            return embed(self, texts)
        finally:
            runs.append((began, now()))

    OnnxEmbedder.embed = timed_embed  # type: ignore[method-assign]
    results = vectors.QueryVectors.results

    def timed_results(self: Any) -> Any:
        line = getattr(local, "line", None)
        if line is None or "wait0" in line:
            return results(self)
        line["wait0"] = now()
        found = results(self)
        line["wait1"] = now()
        if runs:
            line["run0"], line["run1"] = runs[0]
        return found

    vectors.QueryVectors.results = timed_results  # type: ignore[method-assign]
    import uvicorn

    from server.runtime.serve import APP, PROTOCOL

    uvicorn.run(APP, host="127.0.0.1", port=port, workers=1, http=PROTOCOL, lifespan="on", access_log=False,
                timeout_keep_alive=5)


STEPS = [("loop→thread", "t0", "thread"), ("thread→auth", "thread", "auth0"), ("auth", "auth0", "auth1"),
         ("embed start (from the thread's start)", "thread", "embed"), ("first wait", "wait0", "wait1"),
         ("model run (the first)", "run0", "run1"), ("search", "search0", "search1"), ("app→written", "app", "written"),
         ("loop total", "t0", "written")]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(values: list[float]) -> str:
    return f"p50 {statistics.median(values):7.2f}  p95 {pct(values, 0.95):7.2f}  mean {statistics.mean(values):7.2f}"


@contextlib.contextmanager
def served(root: str, pgdata: str, out: str) -> Any:
    from search_profile import free_port

    port = free_port()
    env = dict(os.environ, MNEMARA_PGDATA=pgdata, XDG_RUNTIME_DIR="/tmp", OPENBLAS_NUM_THREADS="1")
    proc = subprocess.Popen([sys.executable, __file__, "--serve", root, str(port), out], cwd=root, env=env,
                            start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                c.request("GET", "/readyz")
                if c.getresponse().status == 200:
                    break
            time.sleep(0.5)
        else:
            raise SystemExit("the server did not get ready")
        yield port
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(30)


def one_round(root: str, pgdata: str, secret: str, questions: list[tuple[str, str]]) -> None:
    with tempfile.NamedTemporaryFile(suffix=".jsonl") as out, served(root, pgdata, out.name) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        bearer = {"Authorization": f"Bearer {secret}", "Content-Type": "application/json"}
        walls: dict[str, list[float]] = {"/api/v1/memories/search": [], "/api/v1/no-such-thing": [],
                                         "/mem0/v1/ping/": []}

        def ask(method: str, path: str, body: str | None, headers: dict[str, str]) -> float:
            if conn.sock is None:
                conn.connect()
            began = now()
            conn.request(method, path, body, headers)
            response = conn.getresponse()
            response.read()
            assert response.status in (200, 404), (path, response.status)
            return 1000 * (now() - began)

        def search(scope: str, query: str) -> float:
            return ask("POST", "/api/v1/memories/search", json.dumps({"query": query, "scope": scope}), bearer)

        for scope, query in questions[:20]:
            search(scope, query)
        time.sleep(0.2)
        first = Path(out.name).read_text().count("\n")
        loads = [os.getloadavg()[0]]
        for scope, query in questions[20:]:
            walls["/api/v1/memories/search"].append(search(scope, query))
            walls["/api/v1/no-such-thing"].append(ask("GET", "/api/v1/no-such-thing", None, {}))
            walls["/mem0/v1/ping/"].append(ask("GET", "/mem0/v1/ping/", None, {"Authorization": f"Token {secret}"}))
        loads.append(os.getloadavg()[0])
        time.sleep(0.3)
        lines = [json.loads(line) for line in Path(out.name).read_text().splitlines()[first:]]
    print(f"\n{root}: load {min(loads):.1f}–{max(loads):.1f}")
    for path, values in walls.items():
        print(f"  {path}")
        print(f"    {'client (HTTP round trip)':<40} {summary(values)}")
        mine = [line for line in lines if line["path"] == path]
        for name, a, b in STEPS:
            spans = [1000 * (line[b] - line[a]) for line in mine if line.get(a) is not None and line.get(b) is not None]
            if spans:
                print(f"    {name:<40} {summary(spans)}")
        print(f"    {'thread CPU':<40} {summary([1000 * line['cpu'] for line in mine])}")


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(sys.argv[2], int(sys.argv[3]), sys.argv[4])
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", default="/tmp/pg-search-profile")
    parser.add_argument("--conversations", type=int, default=2)
    parser.add_argument("--base-root")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
    os.environ["MNEMARA_PGDATA"] = args.pgdata
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    import django

    django.setup()
    from search_profile import ingest

    secret, questions, _ = ingest(args.conversations)
    roots = [str(ROOT)] + ([str(Path(args.base_root).resolve())] if args.base_root else [])
    for r in range(args.rounds):
        for root in roots[r % len(roots):] + roots[: r % len(roots)]:
            one_round(root, args.pgdata, secret, questions)  # a new process: every question new to its caches
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
