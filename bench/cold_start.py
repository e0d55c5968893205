"""Cold start: how long until `make run`'s supervisor is ready, and is the first request after that as fast as the
later ones?

    XDG_RUNTIME_DIR=/tmp MNEMARA_PGDATA=/tmp/pg… .venv/bin/python bench/cold_start.py --key mn_…
        [--repeats 3] [--warm 30] [--scope user/locomo] [--port 0] [--stack new|old --old-root /tmp/oldstack]

Each repeat starts a fresh supervisor on a free loopback port against the data directory in MNEMARA_PGDATA (which
must already hold the key and memories in --scope, e.g. seeded by bench/keepalive.py --seed), logs it to
/tmp/cold-start-<stack>-<first kind>-first-<n>.log, and:

1. ready: the new stack (``python -m server.runtime.supervise``) is ready once GET /readyz (polled every 50 ms,
   a new connection each time) has answered "ready" from --web-workers distinct processes; the time the
   supervisor printed its own "ready:" line is read from its log. The old stack (``python -m mnemara.supervise``
   in --old-root, commit 3e1f924) has no /readyz: ready is its first GET /healthz 200.
2. at once, the first requests, each on a new connection, until every web process has served one of each kind
   (the kinds one after the other, --first first):
   the search (POST /api/v1/memories/search, a new LoCoMo question each time, so every search embeds its query;
   k=20, ``"floor": false``), the dashboard's
   sign-in page (GET /accounts/login/) and a write (POST /api/v1/memories, Chinese and English in one content,
   into --write-scope). Which process answered is read from the kernel's socket table (psutil) after the
   answer, outside the timed part;
3. then --warm rounds of the three, each on a new connection: their medians are the warm reference.

Reported per repeat: the seconds to ready, then per kind the first request (and the first on each other process),
the warm median and p95, and the ratio first / warm median. At the end the ratios of all repeats, and the lines
of the supervisor's log that say ERROR or Traceback (the new stack's expected "Service Unavailable: /readyz" while
starting counted apart). The supervisor is stopped with SIGINT to its process group (Ctrl-C) after each repeat.
No timed assertion: the numbers are for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
QUESTION = "When did Caroline go to the LGBTQ support group?"
DATA = ROOT.parent / "shared" / "data" / "locomo-dev.json"


def questions() -> list[str]:
    """A new question for every search, so that the first and the warm ones alike embed their query (a
    repeated one would come from the query cache and make every warm search cheaper than any real first)."""
    if not DATA.exists():
        return [f"{QUESTION} ({n})" for n in range(1000)]
    conversation = json.loads(DATA.read_text())[0]
    return [qa["question"] for qa in conversation["qa"]]
KINDS = ["search", "sign-in page", "write"]
READY_LINE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) INFO server\.runtime\.supervise ready: ")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Client:
    def __init__(self, port: int, key: str, scope: str, write_scope: str, supervisor: psutil.Process) -> None:
        self.port, self.key, self.scope, self.write_scope = port, key, scope, write_scope
        self.supervisor = supervisor
        self.writes = 0
        self.tag = f"{time.time():.0f}"
        self.questions = questions()
        self.searches = 0

    def get(self, path: str, timeout: float = 1.0) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    def request_for(self, kind: str) -> tuple[str, str, bytes | None, dict[str, str]]:
        api = {"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"}
        if kind == "search":
            self.searches += 1
            question = self.questions[self.searches % len(self.questions)]
            body = {"query": question, "scope": self.scope, "k": 20, "floor": False}
            return "POST", "/api/v1/memories/search", json.dumps(body).encode(), api
        if kind == "sign-in page":
            return "GET", "/accounts/login/", None, {}
        self.writes += 1
        n = self.writes
        content = (f"会议记录 {self.tag}-{n}: Li Wei 说 the Starlight demo moves to 周四 {n % 12 + 1} 点; "
                   f"bring the 样品 and the English slides (第 {n} 次).")
        return "POST", "/api/v1/memories", json.dumps({"scope": self.write_scope, "content": content}).encode(), api

    def timed(self, kind: str) -> tuple[float, str, int | None]:
        """(ms, outcome, pid of the web process that answered) for one request on a new connection."""
        method, path, body, headers = self.request_for(kind)
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        began = time.perf_counter()
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
            elapsed = (time.perf_counter() - began) * 1000
            outcome = str(response.status)
            pid = self.owner(conn.sock.getsockname()[1]) if conn.sock is not None else None
        except OSError as exc:
            elapsed = (time.perf_counter() - began) * 1000
            outcome, pid = f"dropped ({exc.__class__.__name__})", None
        finally:
            conn.close()
        return elapsed, outcome, pid

    def owner(self, local_port: int) -> int | None:
        for process in self.supervisor.children(recursive=True):
            try:
                for c in process.net_connections("tcp"):
                    if c.raddr and c.raddr.port == local_port and c.laddr.port == self.port:
                        return process.pid
            except psutil.Error:
                continue
        return None


def start(args: argparse.Namespace, port: int, log_path: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp")}
    if args.stack == "new":
        cwd, module = ROOT, "server.runtime.supervise"
    else:
        cwd, module = Path(args.old_root), "mnemara.supervise"
        env.setdefault("MNEMARA_ONNX_PATH", str(ROOT / ".cache" / "all-MiniLM-L6-v2.onnx"))
    argv = [sys.executable, "-m", module, "--host", "127.0.0.1", "--port", str(port),
            "--web-workers", str(args.web_workers)]
    with open(log_path, "w") as log:
        return subprocess.Popen(argv, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def wait_ready(args: argparse.Namespace, client: Client, started: float) -> float:
    """Seconds from the start until ready (see the module's docstring)."""
    pids: set[int] = set()
    while time.monotonic() - started < args.timeout:
        try:
            if args.stack == "new":
                status, raw = client.get("/readyz")
                answer = json.loads(raw)
                if status == 200 and answer.get("status") == "ready":
                    pids.add(int(answer["pid"]))
                if len(pids) >= args.web_workers:
                    return time.monotonic() - started
            else:
                status, _ = client.get("/healthz")
                if status == 200:
                    return time.monotonic() - started
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    raise TimeoutError(f"not ready after {args.timeout} s")


def printed_ready(log_path: Path, started_wall: float) -> float | None:
    for line in log_path.read_text(errors="replace").splitlines():
        match = READY_LINE.match(line)
        if match:
            at = dt.datetime.strptime(match.group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp()
            return at - started_wall
    return None


def log_problems(log_path: Path) -> tuple[list[str], int]:
    lines = log_path.read_text(errors="replace").splitlines()
    expected = sum(1 for line in lines if "Service Unavailable: /readyz" in line)
    problems = [line for line in lines
                if ("ERROR" in line or "Traceback" in line or "CRITICAL" in line)
                and "Service Unavailable: /readyz" not in line]
    return problems, expected


def stop(supervisor: subprocess.Popen[bytes]) -> float:
    began = time.monotonic()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(supervisor.pid, signal.SIGINT)
    try:
        supervisor.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(supervisor.pid, signal.SIGKILL)
        supervisor.wait()
    return time.monotonic() - began


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report_kind(kind: str, first: list[tuple[float, str, int | None]], warm: list[tuple[float, str, int | None]],
                ratios: dict[str, float]) -> None:
    """Prints one kind's first and warm answers; adds its first / warm median ratios to ``ratios``."""
    ok = [ms for ms, outcome, _ in warm if outcome.startswith("2")]
    outcomes = sorted({outcome for _, outcome, _ in first + warm})
    firsts = ", ".join(f"{ms:.1f} ms (pid {pid}, {outcome})" for ms, outcome, pid in first)
    if not ok:
        print(f"  {kind:<13} first requests: {firsts}; no successful warm answer: {outcomes}")
        return
    median = statistics.median(ok)
    per_process: dict[int | None, float] = {}
    for ms, _, pid in first:
        per_process.setdefault(pid, ms)
    worst_first = max(per_process.values())
    ratios[kind] = first[0][0] / median
    ratios[f"{kind} (worst process)"] = worst_first / median
    print(f"  {kind:<13} first: {firsts}")
    print(f"  {'':<13} warm n={len(ok)} median {median:.1f} ms p95 {pct(ok, 0.95):.1f} ms; first / median "
          f"{ratios[kind]:.2f}x; slowest process's first / median {ratios[f'{kind} (worst process)']:.2f}x; "
          f"answers {outcomes}")


def one_repeat(args: argparse.Namespace, n: int) -> dict[str, float]:
    port = args.port or free_port()
    log_path = Path(f"/tmp/cold-start-{args.stack}-{args.first.replace(' ', '-')}-first-{n}.log")
    load_before = os.getloadavg()
    started, started_wall = time.monotonic(), time.time()
    supervisor = start(args, port, log_path)
    ratios: dict[str, float] = {}
    try:
        client = Client(port, args.key, args.scope, args.write_scope, psutil.Process(supervisor.pid))
        ready = wait_ready(args, client, started)
        first: dict[str, list[tuple[float, str, int | None]]] = {kind: [] for kind in KINDS}
        order = [args.first, *[kind for kind in KINDS if kind != args.first]]
        for kind in order:  # until every web process has answered one of this kind (at most 8 tries)
            while len({pid for _, _, pid in first[kind]}) < args.web_workers and len(first[kind]) < 8:
                first[kind].append(client.timed(kind))
        warm: dict[str, list[tuple[float, str, int | None]]] = {kind: [] for kind in KINDS}
        for _ in range(args.warm):
            for kind in KINDS:
                warm[kind].append(client.timed(kind))
        printed = printed_ready(log_path, started_wall) if args.stack == "new" else None
        what = (f"/readyz ready from {args.web_workers} processes" if args.stack == "new" else "first /healthz 200")
        print(f"[{args.stack} stack, repeat {n}, port {port}, load average before {load_before[0]:.1f}, "
              f"after {os.getloadavg()[0]:.1f}; first requests in the order {', '.join(order)}]")
        print(f"  ready ({what}): {ready:.1f} s after the start"
              + (f"; the supervisor printed ready at {printed:.1f} s" if printed is not None else ""))
        for kind in KINDS:
            report_kind(kind, first[kind], warm[kind], ratios)
    finally:
        stopped = stop(supervisor)
    problems, expected = log_problems(log_path)
    print(f"  stopped (SIGINT) in {stopped:.1f} s, exit {supervisor.returncode}; log {log_path}: "
          f"{len(problems)} ERROR/Traceback lines besides {expected} 'Service Unavailable: /readyz'")
    for line in problems[:10]:
        print(f"    {line[:220]}")
    return ratios


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--key", required=True)
    parser.add_argument("--scope", default="user/locomo", help="the searched scope (it must hold memories)")
    parser.add_argument("--write-scope", default="user/coldstart")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--warm", type=int, default=30)
    parser.add_argument("--port", type=int, default=0, help="0: a free port each time")
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--stack", choices=["new", "old"], default="new")
    parser.add_argument("--old-root", default="/tmp/oldstack", help="a worktree of commit 3e1f924 (--stack old)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for ready")
    parser.add_argument("--first", choices=KINDS, default="search",
                        help="which kind of request comes first after ready (the others follow in their order); "
                             "what one kind loads lazily, the next ones find loaded")
    args = parser.parse_args()
    if not (1 <= args.repeats <= 10 and 1 <= args.warm <= 200):
        sys.exit("bounds: 1-10 repeats, 1-200 warm rounds")
    if "MNEMARA_PGDATA" not in os.environ and "DATABASE_URL" not in os.environ:
        sys.exit("set MNEMARA_PGDATA to a data directory that holds the key and the memories")
    for stop_signal in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop_signal, lambda signum, frame: sys.exit(128 + signum))
    all_ratios: list[dict[str, float]] = []
    for n in range(1, args.repeats + 1):
        all_ratios.append(one_repeat(args, n))
    print(f"summary, {args.stack} stack, first request / warm median per repeat:")
    for kind in KINDS:
        for key in (kind, f"{kind} (worst process)"):
            values = [f"{r[key]:.2f}x" for r in all_ratios if key in r]
            print(f"  {key:<28} {', '.join(values) if values else 'no successful answers'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
