"""Where a web process's resident memory goes: a real one, stage by stage (docs/scaling.md, "Memory per process").

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/rss.py --pgdata /tmp/pg-rss --db scale_one [--repeats 3]
        [--searches 50] [--write 128] [--out /tmp/rss.json]

The database is one ``bench/scale.py fill --layout one`` made (its tenant ``scale-one-0`` and its scope
``user/main``; a fill of ~50,000 memories holds ~44,000 live ones: a scope whose index just fits the default
budget, 256 MB). The bench writes into its own new scopes of that tenant (``user/rss-<run>-small`` /
``-bulk``), so use a scratch database, never one others measure on.

Each repeat starts ``python -m server.runtime.serve --workers 1`` (what ``make run`` starts, one process, the
default settings) on a free loopback port and reads, from /proc and the process's own /metrics:

1. ``ready``: once GET /readyz says ready (models loaded, warm-up done);
2. ``searches``: after --searches searches (POST /api/v1/memories/search, LoCoMo questions) of a small scope
   (20 memories written first through the REST API);
3. ``bulk write``: after one POST /api/v1/memories of --write long memories (~1,500 characters each: every
   model's batches at full length), into a new scope;
4. ``budget scope``: after --searches searches of ``user/main`` (its index loaded: the budget filled).

At each: VmRSS, anonymous and file-backed RSS, PSS (smaps_rollup), threads, glibc arenas (heaps of the
non-main arenas, read from /proc/<pid>/maps: 64 MiB-aligned anonymous reservations), and the gauges
``mnemara_process_base_bytes``, ``mnemara_embedding_model_bytes`` and ``mnemara_search_index_bytes``, so that
RSS − (base + models + index) — what the bound in docs/scaling.md leaves out — is printed too. Medians over
the repeats at the end. Extra server environment: ``--env NAME=VALUE`` (e.g. ``MNEMARA_MALLOC_ARENAS=0`` for
glibc's default arenas).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MB = 2**20
HEAP = 64 * MB  # a glibc non-main arena's heap reservation (HEAP_MAX_SIZE on 64-bit)
STAGES = ("ready", "searches", "bulk write", "budget scope")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def arenas(pid: int) -> int:
    """The heaps of glibc's non-main arenas (one each, more for an arena that outgrew 64 MiB): 64 MiB-aligned
    anonymous reservations (rw-, then --- for the part not used yet)."""
    found, previous = 0, None
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        parts = line.split()
        start, end = (int(x, 16) for x in parts[0].split("-"))
        anonymous = len(parts) < 6
        if anonymous and start % HEAP == 0 and parts[1] == "rw-p" and end - start == HEAP:
            found += 1  # a heap used to its end
        elif anonymous and previous is not None and parts[1] == "---p" and previous[2] == "rw-p" \
                and previous[1] == start and previous[0] % HEAP == 0 and end - previous[0] == HEAP:
            found += 1  # a heap and its reserved rest
        previous = (start, end, parts[1]) if anonymous else None
    return found


def process_memory(pid: int) -> dict[str, float]:
    status = {k: v.split()[0] for k, _, v in (line.partition(":") for line in
              Path(f"/proc/{pid}/status").read_text().splitlines()) if v.strip()}
    rollup = {k: v.split()[0] for k, _, v in (line.partition(":") for line in
              Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:])}
    return {"rss_mb": int(status["VmRSS"]) / 1024, "anon_mb": int(status["RssAnon"]) / 1024,
            "file_mb": int(status["RssFile"]) / 1024, "pss_mb": int(rollup["Pss"]) / 1024,
            "threads": int(status["Threads"]), "arenas": arenas(pid)}


class Server:
    def __init__(self, env: dict[str, str]) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "server.runtime.serve", "--workers", "1", "--port", str(self.port)],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.base + "/readyz", timeout=5) as r:
                    if b'"ready"' in r.read():
                        return
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise SystemExit("the server exited while starting")
            time.sleep(0.5)
        raise SystemExit("the server was not ready in 10 minutes")

    def call(self, method: str, path: str, key: str, body: Any = None, timeout: float = 600) -> tuple[float, Any]:
        request = urllib.request.Request(self.base + path, json.dumps(body).encode() if body is not None else None,
                                         method=method, headers={"Authorization": f"Bearer {key}",
                                                                 "Content-Type": "application/json"})
        started = time.perf_counter()
        with urllib.request.urlopen(request, timeout=timeout) as r:
            payload = r.read()
        return (time.perf_counter() - started) * 1000, json.loads(payload) if payload else None

    def gauges(self) -> dict[str, float]:
        scrape = urllib.request.Request(self.base + "/metrics", headers={"Authorization": "Bearer bench"})
        with urllib.request.urlopen(scrape, timeout=30) as r:
            text = r.read().decode()
        found = {"base_mb": 0.0, "models_mb": 0.0, "index_mb": 0.0}
        for line in text.splitlines():
            name, _, value = line.rpartition(" ")
            if name.startswith("mnemara_process_base_bytes"):
                found["base_mb"] += float(value) / MB
            elif name.startswith("mnemara_embedding_model_bytes"):
                found["models_mb"] += float(value) / MB
            elif name.startswith("mnemara_search_index_bytes"):
                found["index_mb"] += float(value) / MB
        return found

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGINT)
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)


def key_for_bench() -> tuple[str, list[str], list[str]]:
    """An API key of the fill's tenant, LoCoMo questions, and long texts for the bulk write."""
    import django

    django.setup()
    import numpy as np

    from tenants.models import Tenant
    from tenants.services import apikey_create

    tenant = Tenant.objects.get(slug="scale-one-0")
    _, secret = apikey_create(tenant=tenant, name="rss bench", actor="system:bench")
    data = np.load(Path("/tmp/scale-corpus.npz"), allow_pickle=False) if Path("/tmp/scale-corpus.npz").exists() \
        else None
    if data is not None:
        questions = [str(q) for q in data["questions"][:200]]
        sentences = [str(s) for s in data["sentences"][:4000]]
    else:
        questions = [f"What did the user do on day {n}?" for n in range(200)]
        sentences = [f"On day {n} the user walked {n % 17} km along the river and met friend number {n}."
                     for n in range(4000)]
    from django.db import connections

    connections.close_all()
    return secret, questions, sentences


def long_texts(sentences: list[str], n: int, offset: int) -> list[str]:
    texts = []
    for i in range(n):
        text, j = "", 0
        while len(text) < 1500:
            text += sentences[(offset + i * 13 + j * 977) % len(sentences)] + " "
            j += 1
        texts.append(text.strip()[:1600])
    return texts


def one_run(n: int, args: argparse.Namespace, key: str, questions: list[str], sentences: list[str]) -> dict[str, Any]:
    env = {**os.environ, "MNEMARA_METRICS_TOKEN": "bench", "MNEMARA_SEARCH_INDEX_WARM_ROWS": "0",
           "MNEMARA_PGDATA": str(args.pgdata), "MNEMARA_DB_NAME": args.db, **dict(e.split("=", 1) for e in args.env)}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    run = f"{int(time.time())}-{n}"
    server = Server(env)
    stages: dict[str, Any] = {}

    def record(stage: str, **extra: Any) -> None:
        stages[stage] = {**process_memory(server.proc.pid), **server.gauges(), **extra}
        s = stages[stage]
        s["unaccounted_mb"] = s["rss_mb"] - s["base_mb"] - s["models_mb"] - s["index_mb"]
        print(f"  [{n}] {stage:13s} rss {s['rss_mb']:6.0f}  anon {s['anon_mb']:5.0f}  file {s['file_mb']:4.0f}  "
              f"pss {s['pss_mb']:5.0f}  threads {s['threads']:3d}  arenas {s['arenas']:2d}  | base {s['base_mb']:4.0f}"
              f"  models {s['models_mb']:4.0f}  index {s['index_mb']:4.0f}  rest {s['unaccounted_mb']:5.0f}"
              + (f"  | search p50 {extra['search_p50_ms']:.0f} ms" if "search_p50_ms" in extra else ""), flush=True)

    try:
        server.wait_ready()
        record("ready")
        small = f"user/rss-{run}-small"
        server.call("POST", "/api/v1/memories", key, [{"content": sentences[i], "scope": small} for i in range(20)])
        times = [server.call("POST", "/api/v1/memories/search", key,
                             {"query": questions[i % len(questions)], "scope": small, "k": 10})[0]
                 for i in range(args.searches)]
        record("searches", search_p50_ms=statistics.median(times))
        ms, _ = server.call("POST", "/api/v1/memories", key, [{"content": text, "scope": f"user/rss-{run}-bulk"}
                                                            for text in long_texts(sentences, args.write, n)])
        record("bulk write", write_ms=ms)
        times = [server.call("POST", "/api/v1/memories/search", key,
                             {"query": questions[(i + 50) % len(questions)], "scope": "user/main", "k": 10})[0]
                 for i in range(args.searches)]
        record("budget scope", search_p50_ms=statistics.median(times[1:]), first_search_ms=times[0])
    finally:
        server.stop()
    return stages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgdata", type=Path, default=Path("/tmp/pg-rss"))
    parser.add_argument("--db", default="scale_one")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--searches", type=int, default=50)
    parser.add_argument("--write", type=int, default=128)
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the server")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.pgdata.resolve() == (ROOT / ".pgdata").resolve():
        sys.exit("refusing to write into the project's .pgdata: give --pgdata a scratch directory")
    os.environ.setdefault("XDG_RUNTIME_DIR", "/tmp")
    os.environ["MNEMARA_PGDATA"] = str(args.pgdata)
    os.environ["MNEMARA_DB_NAME"] = args.db
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    sys.path.insert(0, str(ROOT))
    key, questions, sentences = key_for_bench()
    print(f"load {os.getloadavg()[0]:.1f}; server env {args.env or 'default'}", flush=True)
    runs = [one_run(n, args, key, questions, sentences) for n in range(args.repeats)]
    print("medians:")
    medians: dict[str, dict[str, float]] = {}
    for stage in STAGES:
        fields = [k for k, v in runs[0][stage].items() if isinstance(v, (int, float))]
        medians[stage] = {k: round(statistics.median(r[stage][k] for r in runs), 1) for k in fields}
        print(f"  {stage:13s} " + "  ".join(f"{k} {v:g}" for k, v in medians[stage].items()), flush=True)
    if args.out:
        args.out.write_text(json.dumps({"env": args.env, "runs": runs, "medians": medians,
                                        "load": os.getloadavg()}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
