"""Batch ingest through the REST API: memories per second, end to end.

Starts gunicorn (from this venv) on 127.0.0.1 against the configured database (the embedded dev
server unless DATABASE_URL is set), creates a fresh bench tenant and API key with the management
commands, POSTs batches of distinct, realistic memories (mixed English and Chinese, several users'
scopes, some low-confidence ones that go to review) and prints the latency of each batch and the
overall rate. The server is stopped at the end, whatever happens.

    .venv/bin/python bench/ingest.py                      # 10 batches of 500, 1 client, 1 worker
    .venv/bin/python bench/ingest.py --batches 4 --clients 2 --workers 2

Each run leaves its tenant (bench-<time>) in the database: the audit log is append-only.
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
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"

FIRST = ["Alice", "Bob", "Carol", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kemal", "Lena",
         "Mateo", "Nadia", "Omar", "Priya", "Quentin", "Rosa", "Sven", "Tariq", "Uma", "Viktor", "Wen", "Yara"]
CITIES = ["Berlin", "Lisbon", "Osaka", "Toronto", "Nairobi", "Austin", "Krakow", "Melbourne", "Seoul", "Lyon"]
TOOLS = ["Postgres", "Kubernetes", "Terraform", "React", "Rust", "Go", "Django", "Kafka", "Redis", "Airflow"]
FOODS = ["oat flat whites", "green tea", "spicy ramen", "vegan curry", "sourdough", "black coffee", "sushi"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
ZH_NAMES = ["张伟", "王芳", "李娜", "刘洋", "陈静", "杨磊", "赵敏", "黄强", "周杰", "吴霞"]
ZH_CITIES = ["杭州", "成都", "深圳", "西安", "南京", "武汉", "厦门", "青岛"]
ZH_THINGS = ["乌龙茶", "火锅", "小笼包", "咖啡", "羽毛球", "古典音乐", "登山", "书法"]
ZH_PROJECTS = ["星辰计划", "北斗项目", "青云平台", "蓝海系统", "天枢工程"]

EN = [
    ("fact", "{name} moved to {city} in {year} and works on the {tool} platform team (ticket {n})."),
    ("preference", "{name} prefers {food} and asks for meetings on {day} afternoons, note {n}."),
    ("task", "Follow up with {name} about the {tool} migration before {day}, {year}; tracking item #{n}."),
    ("fact", "The {tool} cluster for project P-{n} runs in {city}; {name} owns its on-call rotation."),
    ("note", "In the {day} sync, {name} said the {tool} upgrade {n} slipped by {k} days because of load tests."),
    ("summary", "Session {n}: {name} planned a trip to {city} in {year} and compared {tool} with {tool2}."),
    ("fact", "{name}'s budget for Q{q} {year} is {k}0,000 EUR, approved by finance on request {n}."),
]
ZH = [
    ("fact", "{zname}住在{zcity}，在{zproject}负责后端开发，工号{n}。"),
    ("preference", "{zname}喜欢{zthing}，每周{k}次，编号{n}。"),
    ("task", "{zproject}的第{n}号任务需要在{year}年{q}月{k}日之前由{zname}完成。"),
    ("summary", "第{n}次会议：{zname}介绍了{zproject}的进展，计划下个月去{zcity}出差。"),
]


def memories(count: int, seed: int, users: int) -> list[dict[str, Any]]:
    """``count`` distinct memories: ~70% English, ~30% Chinese, ~15% below the review threshold."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = seed * 1_000_000 + i
        kind, template = rng.choice(ZH) if rng.random() < 0.3 else rng.choice(EN)
        content = template.format(
            name=rng.choice(FIRST), city=rng.choice(CITIES), tool=rng.choice(TOOLS), tool2=rng.choice(TOOLS),
            food=rng.choice(FOODS), day=rng.choice(DAYS), year=rng.randint(2019, 2027), q=rng.randint(1, 4),
            k=rng.randint(2, 9), n=n, zname=rng.choice(ZH_NAMES), zcity=rng.choice(ZH_CITIES),
            zthing=rng.choice(ZH_THINGS), zproject=rng.choice(ZH_PROJECTS))
        user = rng.randrange(users)
        item: dict[str, Any] = {
            "scope": f"user/{user}" if rng.random() < 0.8 else f"user/{user}/project/{rng.randrange(5)}",
            "type": kind, "content": content, "subject": str(user),
            "confidence": round(rng.uniform(0.3, 0.79), 2) if rng.random() < 0.15 else round(rng.uniform(0.8, 1), 2),
            "source_session": f"bench-{seed}-{i // 20}", "metadata": {"source": "bench", "batch_seed": seed},
        }
        if rng.random() < 0.3:
            item["entity"] = f"bench:{n}/detail"
        out.append(item)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def manage(*args: str) -> str:
    env = {**os.environ, "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp")}
    result = subprocess.run([str(PYTHON), "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                            check=True)
    return result.stdout.strip().splitlines()[-1]


def request(conn: http.client.HTTPConnection, method: str, path: str, key: str | None = None,
            body: Any = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, json.loads(data) if data else None


def start_server(port: int, workers: int, threads: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp"), "LOG_LEVEL": "WARNING"}
    server = subprocess.Popen(
        [str(GUNICORN), "server.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
         "--threads", str(threads), "--timeout", "600", "--log-level", "warning"],
        cwd=ROOT, env=env, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            if request(conn, "GET", "/healthz")[0] == 200:
                return server
        except OSError:
            time.sleep(0.3)
    stop_server(server)
    raise SystemExit("gunicorn did not answer /healthz within 120 s")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def run(args: argparse.Namespace) -> None:
    slug = f"bench-{int(time.time())}"
    manage("migrate", "--noinput")
    manage("tenant_create", slug, "--name", "Ingest benchmark")
    key = manage("apikey_create", slug, "--name", "bench")
    port = free_port()
    load_at_start = os.getloadavg()[0]
    print(f"gunicorn on 127.0.0.1:{port}: {args.workers} worker(s) x {args.threads} thread(s); tenant {slug}")
    server = start_server(port, args.workers, args.threads)
    try:
        warm = [{"scope": "bench/warmup", "content": f"Warm-up memory {i} for worker {w}."} for w in range(4)
                for i in range(8)]
        for w in range(args.workers):  # load the model in every worker before timing
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            status, _ = request(conn, "POST", "/api/v1/memories", key, warm[w * 8:(w + 1) * 8] if w < 4 else warm)
            assert status == 201, status
        batches = [memories(args.batch_size, seed=b + 1, users=args.users) for b in range(args.batches)]
        latencies: list[float] = []
        actions: Counter[str] = Counter()
        lock = threading.Lock()
        queue = list(enumerate(batches))

        def client() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            while True:
                with lock:
                    if not queue:
                        return
                    index, batch = queue.pop(0)
                started = time.perf_counter()
                status, body = request(conn, "POST", "/api/v1/memories", key, batch)
                elapsed = time.perf_counter() - started
                if status != 201:
                    raise SystemExit(f"batch {index}: HTTP {status}: {str(body)[:300]}")
                with lock:
                    latencies.append(elapsed)
                    actions.update(r["resolution"]["action"] for r in body)
                print(f"  batch {index + 1:3d}: {len(batch)} memories in {elapsed:6.2f} s "
                      f"({len(batch) / elapsed:6.1f}/s)", flush=True)

        started = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - started
    finally:
        stop_server(server)
    total = sum(len(b) for b in batches)
    print(f"\n{total} memories in {len(batches)} batches of {args.batch_size}, {args.clients} client(s): "
          f"{wall:.2f} s wall, {total / wall:.1f} memories/s")
    print(f"batch latency: median {statistics.median(latencies):.2f} s, max {max(latencies):.2f} s")
    print("resolutions: " + ", ".join(f"{k} {v}" for k, v in actions.most_common()))
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} (1 min) at the end")
    if args.json:
        from report import command_line, write_result

        write_result(args.json, title="Batch ingest through the REST API", command=command_line(), order=10,
                     load=f"{load_at_start:.1f}–{os.getloadavg()[0]:.1f}",
                     columns=["memories", "batches × size", "clients", "wall", "memories/s", "median batch",
                              "max batch"],
                     rows=[[total, f"{len(batches)} × {args.batch_size}", args.clients, f"{wall:.2f} s",
                            f"{total / wall:.1f}", f"{statistics.median(latencies):.2f} s",
                            f"{max(latencies):.2f} s"]],
                     notes=["Mixed English and Chinese memories over several users' scopes; every embedding model "
                            "embeds every memory. Resolutions: "
                            + ", ".join(f"{k} {v}" for k, v in actions.most_common()) + "."])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batches", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=500)
    parser.add_argument("--users", type=int, default=100, help="distinct user scopes the memories spread over")
    parser.add_argument("--clients", type=int, default=1, help="concurrent client connections")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=1, help="gunicorn threads per worker")
    parser.add_argument("--json", metavar="PATH", help="also write the figures for docs/benchmarks.md "
                        "(bench/results/ingest.json; bench/README.md)")
    args = parser.parse_args()
    if not GUNICORN.exists():
        sys.exit(f"{GUNICORN} not found: run `make install` first")
    run(args)


if __name__ == "__main__":
    main()
