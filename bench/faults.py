"""Faults under the supervisor `make run` uses: SIGKILL of the worker, then of the embedded postmaster.

    XDG_RUNTIME_DIR=/tmp .venv/bin/python bench/faults.py [--port 8360] [--jobs 30] [--writers 4]

On a scratch data directory (a new /tmp/pgf… folder, removed afterwards) and a loopback port:
1. migrate, create a tenant and an API key, start `python -m server.runtime.supervise` (web, worker, database)
   with MNEMARA_HEALTH_HEARTBEAT_MAX_AGE=10 (so /healthz can show "degraded" within this run);
2. worker: freeze the worker (SIGSTOP), queue --jobs extraction jobs (POST /api/v1/extract), check that
   /healthz says "degraded" (worker_down) once the heartbeat is older than 10 s, SIGKILL the frozen
   worker, and time until every job has succeeded — nobody restarts anything by hand;
3. database: --writers threads write memories in a loop (POST /api/v1/memories), every answer counted;
   after 5 s the postmaster gets SIGKILL; the loop goes on until writes have succeeded again for 10 s.
   Reported: the statuses (the bar: 503, never 500), the time from the kill to the first 201 again
   (the bar: 60 s), and whether every acknowledged (201) memory is there afterwards (GET each one);
4. Ctrl-C (SIGINT) to the supervisor: everything stops, the database too.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
MESSAGES = [{"role": "user", "content": "I moved to Lisbon last month and I prefer green tea now."},
            {"role": "assistant", "content": "Noted: Lisbon, and green tea."}]


class Api:
    def __init__(self, port: int, key: str) -> None:
        self.port, self.key = port, key

    def call(self, method: str, path: str, body: Any = None, timeout: float = 10.0) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            headers = {"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"}
            conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
            response = conn.getresponse()
            raw = response.read()
            try:
                return response.status, json.loads(raw) if raw else None
            except ValueError:
                return response.status, raw[:200]
        finally:
            conn.close()


def manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""


def program(supervisor: psutil.Process, marker: str) -> psutil.Process:
    for child in supervisor.children():
        if marker in " ".join(child.cmdline()):
            return child
    raise RuntimeError(f"no {marker} under the supervisor")


def wait_for(check: Any, timeout: float, step: float = 0.2) -> float:
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > timeout:
            raise TimeoutError
        time.sleep(step)
    return time.monotonic() - started


def health(api: Api) -> dict[str, Any]:
    try:
        status, body = api.call("GET", "/healthz", timeout=5)
    except OSError:
        return {"status": "unreachable"}
    return body if isinstance(body, dict) else {"status": f"http {status}"}


def worker_scenario(api: Api, supervisor: psutil.Process, jobs: int) -> None:
    worker = program(supervisor, "run_worker")
    worker.send_signal(signal.SIGSTOP)
    ids = []
    for i in range(jobs):
        status, body = api.call("POST", "/api/v1/extract", {"scope": f"user/fault-{i}", "messages": MESSAGES})
        assert status == 202, (status, body)
        ids.append(body["job"])
    print(f"worker frozen (pid {worker.pid}); {jobs} extraction jobs queued")
    try:
        waited = wait_for(lambda: health(api).get("status") == "degraded", timeout=30, step=0.5)
        print(f"/healthz after {waited:.0f} s: {json.dumps(health(api)['reasons'])}")
    except TimeoutError:
        print(f"/healthz never said degraded: {health(api)}")
    killed = time.monotonic()
    worker.kill()

    def all_done() -> bool:
        return all(api.call("GET", f"/api/v1/jobs/{job}")[1]["status"] == "succeeded" for job in ids)

    try:
        wait_for(all_done, timeout=120, step=1.0)
        print(f"worker SIGKILLed: all {jobs} queued jobs succeeded {time.monotonic() - killed:.1f} s later "
              f"(new worker pid {program(supervisor, 'run_worker').pid}); /healthz: {health(api)['status']}")
    except TimeoutError:
        states = collections.Counter(api.call("GET", f"/api/v1/jobs/{job}")[1]["status"] for job in ids)
        print(f"worker SIGKILLed: NOT all jobs done after 120 s: {dict(states)}")


class Writers:
    """Threads writing one memory per request; every answer is counted, every 201 remembered."""

    def __init__(self, api: Api, count: int) -> None:
        self.api, self.count = api, count
        self.statuses: collections.Counter[str] = collections.Counter()
        self.created: list[str] = []
        self.first_201_after: dict[float, float] = {}
        self.log: list[tuple[float, str]] = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self.run, args=(n,), daemon=True) for n in range(count)]

    def run(self, n: int) -> None:
        i = 0
        while not self.stopping.is_set():
            i += 1
            body = {"scope": f"user/writer-{n}", "content": f"Writer {n} note number {i}: the fault test goes on."}
            try:
                status, answer = self.api.call("POST", "/api/v1/memories", body, timeout=15)
                outcome = str(status)
            except OSError as exc:
                outcome, answer = f"connection error ({exc.__class__.__name__})", None
            with self.lock:
                self.statuses[outcome] += 1
                self.log.append((time.monotonic(), outcome))
                if outcome == "201":
                    self.created.append(answer["id"])
            if outcome != "201":
                time.sleep(0.2)  # as a client honouring Retry-After would, only sooner

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=30)


def database_scenario(api: Api, pgdata: Path, writers: int) -> None:
    load = Writers(api, writers)
    load.start()
    time.sleep(5)
    postmaster = int((pgdata / "postmaster.pid").read_text().split()[0])
    killed = time.monotonic()
    os.kill(postmaster, signal.SIGKILL)
    print(f"postmaster (pid {postmaster}) SIGKILLed with {writers} writers running")

    def back() -> bool:
        with load.lock:
            return any(at > killed + 0.5 and outcome == "201" for at, outcome in load.log)

    with contextlib.suppress(TimeoutError):
        wait_for(back, timeout=90)
    recovered = min((at for at, outcome in load.log if at > killed + 0.5 and outcome == "201"), default=None)
    time.sleep(10)
    load.stop()
    non_201 = [at for at, outcome in load.log if outcome != "201"]
    print(f"statuses over the whole run: {dict(load.statuses)}")
    if non_201:
        print(f"non-201 answers between {min(non_201) - killed:+.1f} s and {max(non_201) - killed:+.1f} s "
              f"from the kill")
    print("first 201 after the kill: " + (f"{recovered - killed:.1f} s" if recovered else "never (90 s)"))
    missing = [m for m in load.created if api.call("GET", f"/api/v1/memories/{m}")[0] != 200]
    print(f"acknowledged writes (201): {len(load.created)}; present afterwards: {len(load.created) - len(missing)}; "
          f"missing: {len(missing)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=8360)
    parser.add_argument("--jobs", type=int, default=30)
    parser.add_argument("--writers", type=int, default=4)
    args = parser.parse_args()
    for stop in (signal.SIGINT, signal.SIGTERM):  # clean up (servers, scratch data) however it is stopped
        signal.signal(stop, lambda signum, frame: sys.exit(128 + signum))
    pgdata = Path(tempfile.mkdtemp(prefix="pgf", dir="/tmp"))
    metrics = Path(tempfile.mkdtemp(prefix="mnemara-faults-metrics-"))
    env = {**os.environ, "MNEMARA_PGDATA": str(pgdata), "XDG_RUNTIME_DIR": "/tmp",
           "PROMETHEUS_MULTIPROC_DIR": str(metrics), "MNEMARA_HEALTH_HEARTBEAT_MAX_AGE": "10",
           "MNEMARA_EXPORT_DIR": str(metrics / "exports")}
    env.pop("DATABASE_URL", None)
    supervisor = None
    log_path = pgdata.parent / f"{pgdata.name}-supervisor.log"
    try:
        manage(env, "migrate", "--noinput")
        manage(env, "tenant_create", "faults", "--name", "Faults")
        key = manage(env, "apikey_create", "faults")
        with open(log_path, "w") as log:
            supervisor = subprocess.Popen([PY, "-m", "server.runtime.supervise", "--port", str(args.port)], cwd=ROOT,
                                          env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        api = Api(args.port, key)
        wait_for(lambda: health(api).get("status") == "ok", timeout=120, step=0.5)
        print(f"supervisor pid {supervisor.pid} on 127.0.0.1:{args.port}, data in {pgdata}; log {log_path}")
        worker_scenario(api, psutil.Process(supervisor.pid), args.jobs)
        database_scenario(api, pgdata, args.writers)
    finally:
        if supervisor is not None:
            os.killpg(supervisor.pid, signal.SIGINT)  # as Ctrl-C in the terminal of `make run`
            started = time.monotonic()
            supervisor.wait(timeout=60)
            stopped = subprocess.run([PY, "-m", "server.runtime.pg", "status"], cwd=ROOT, env=env, capture_output=True,
                                     text=True).stdout.strip()
            print(f"Ctrl-C: supervisor exited with {supervisor.returncode} after {time.monotonic() - started:.1f} s; "
                  f"database {stopped}")
        subprocess.run([PY, "-m", "server.runtime.pg", "stop"], cwd=ROOT, env=env, capture_output=True)
        shutil.rmtree(pgdata, ignore_errors=True)
        shutil.rmtree(metrics, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
