"""The serving stack ``make run`` starts (the supervisor: uvicorn web workers + the background worker), started
by a test on a free port, on the session's test database: what tests/served and tests/browser run against.

A pytest plugin (tests/conftest.py loads it): a failed test's report ends with the tail of the output of the
stack it used. The fixtures that start a stack stay in each folder's conftest.py; they share what is here.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path

import httpx
import psutil
import pytest

from server.runtime.db.embedded import DATABASE_NAME as EMBEDDED_DATABASE_NAME

ROOT = Path(__file__).resolve().parents[1]

# What `make run` runs, in one place ({port} is filled with a free port).
SERVE_COMMAND = [sys.executable, "-m", "server.runtime.supervise", "--host", "127.0.0.1", "--port", "{port}",
                 "--web-workers", "2"]

READY_TIMEOUT = 120.0
STOP_TIMEOUT = 30.0
# Every stack's worker asks for a task this often when its queue is empty (MNEMARA_WORKER_POLL_SECONDS: a second
# unless set; the environment's wins): a test that waits for a job waits for the job, not for the worker's next look.
WORKER_POLL_SECONDS = "0.1"
# ``start_stack``'s extra_env for a stack whose tests do not check ranking: the fake embedder as the only model
# (no process loads the real models' weights).
FAKE_EMBEDDER = {"MNEMARA_EMBEDDING_BACKEND": "fake", "MNEMARA_EMBEDDING_MODELS": "all-MiniLM-L6-v2"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Stack:
    """The running stack: its base URL (``.url``), its output and its process (the supervisor)."""

    url: str
    log: Path
    process: subprocess.Popen[bytes]

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError as exc:
            return f"(no log: {exc})"


def flush_test_database() -> None:
    """Empty every table, as Django's TransactionTestCase does after each test (post_migrate rows stay or come
    back: tests/flush.py)."""
    from django.db import DEFAULT_DB_ALIAS

    from tests.flush import flush_database

    flush_database(DEFAULT_DB_ALIAS)


def on_the_test_database() -> str:
    """The name of the database the session's connection uses, after checking it is the test database: what
    a stack and its tests commit (and the flush after them) must never reach the development database."""
    from django.db import connection

    name = str(connection.settings_dict["NAME"])
    expected = str(connection.creation._get_test_db_name())  # type: ignore[attr-defined]
    if name != expected or name == EMBEDDED_DATABASE_NAME:
        pytest.fail(f"the session is on database {name!r}, not the test database {expected!r}: refusing to write")
    return name


def _ready(url: str) -> bool:
    """``GET /readyz`` says ready; while that endpoint does not exist (404), ``GET /healthz`` answers 200."""
    try:
        ready = httpx.get(f"{url}/readyz", timeout=5)
        if ready.status_code == 404:
            return httpx.get(f"{url}/healthz", timeout=5).status_code == 200
    except httpx.TransportError:
        return False
    if ready.status_code != 200:
        return False
    try:
        return bool(ready.json().get("status") == "ready")
    except ValueError:
        return False


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGINT (the supervisor's Ctrl-C: it stops its programs, then exits), up to 30 s; then the whole group,
    and every process it had started (each program runs in a process group of its own)."""
    try:
        family = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        family = []
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=STOP_TIMEOUT)
    # Whatever is left of its process group (the group's id is the supervisor's pid: start_new_session).
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    for child in family:
        with contextlib.suppress(psutil.NoSuchProcess):
            child.kill()


def _launch(database: str, folder: Path, web_workers: int, extra_env: dict[str, str] | None,
            port: int | None = None) -> tuple[Stack, str]:
    """Start ``make run``'s serving stack on ``port`` (a free one if None), not waiting for it: the stack and its
    command line."""
    port = port or free_port()
    log = folder / "server.log"
    metrics = folder / "prometheus"
    metrics.mkdir()
    env = {**os.environ, "MNEMARA_DB_NAME": database, "PROMETHEUS_MULTIPROC_DIR": str(metrics),
           "PYTHONUNBUFFERED": "1", "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp"),
           "MNEMARA_WORKER_POLL_SECONDS": os.environ.get("MNEMARA_WORKER_POLL_SECONDS", WORKER_POLL_SECONDS)}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # the browser tests' setting, not the server's
    env.update(extra_env or {})
    env = {name: value for name, value in env.items() if value}
    argv = [part.format(port=port) for part in SERVE_COMMAND]
    argv[argv.index("--web-workers") + 1] = str(web_workers)
    with log.open("wb") as output:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    return Stack(f"http://127.0.0.1:{port}", log, process), " ".join(argv)


def _wait_ready(stack: Stack, command: str) -> None:
    deadline = time.monotonic() + READY_TIMEOUT
    while not _ready(stack.url):
        if stack.process.poll() is not None:
            pytest.fail(f"{command} exited with {stack.process.returncode} before it was ready:\n{stack.log_tail()}")
        if time.monotonic() > deadline:
            pytest.fail(f"{command} was not ready within {READY_TIMEOUT:.0f} s:\n{stack.log_tail()}")
        time.sleep(0.25)


@contextlib.contextmanager
def start_stacks(database: str, folders: list[Path], *, web_workers: int = 2,
                 extra_env: dict[str, str] | None = None, port: int | None = None) -> Iterator[list[Stack]]:
    """``make run``'s serving stack once per folder (its output goes there), each on a free port (the first on
    ``port`` if given), on ``database``, until the block ends. They boot side by side: the second does not wait
    for the first to be ready. ``extra_env`` changes their environment (an empty value removes a variable)."""
    launched: list[tuple[Stack, str]] = []
    try:
        for folder in folders:
            launched.append(_launch(database, folder, web_workers, extra_env, None if launched else port))
        for stack, command in launched:
            _wait_ready(stack, command)
        yield [stack for stack, _ in launched]
    finally:
        for stack, _ in launched:
            _stop(stack.process)


@contextlib.contextmanager
def start_stack(database: str, folder: Path, *, web_workers: int = 2,
                extra_env: dict[str, str] | None = None, port: int | None = None) -> Iterator[Stack]:
    """``make run``'s serving stack on ``port`` (a free one if None), on ``database``, until the block ends; its
    output goes to ``folder``. ``extra_env`` changes its environment (an empty value removes a variable)."""
    with start_stacks(database, [folder], web_workers=web_workers, extra_env=extra_env, port=port) as [stack]:
        yield stack


# ----------------------------------------------------------------------- one stack for consecutive modules

# The test that runs after the one tearing down now (pytest's ``nextitem``; None: the last of this process).
_NEXT: list[pytest.Item | None] = [None]
# The stack kept running for the next module of its share group (tests/tiers.py, SHARED): its key, its exits.
_KEPT: dict[str, object] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    _NEXT[0] = nextitem


def _stop_kept() -> None:
    exits = _KEPT.get("exits")
    _KEPT.clear()
    if isinstance(exits, contextlib.ExitStack):
        exits.close()


def stack_kept() -> bool:
    """Whether a module's stack stays running for the next module (its data is flushed under it)."""
    return bool(_KEPT)


@contextlib.contextmanager
def shared_stack(request: pytest.FixtureRequest, key: tuple[object, ...],
                 start: Callable[[], AbstractContextManager[Stack]]) -> Iterator[Stack]:
    """The stack ``start`` boots, shared by consecutive modules of one share group (tests/tiers.py, SHARED) that
    start it with the same ``key`` (its configuration): booted by the first, stopped after the last (or before a
    test of any other module). A module outside a group gets a stack of its own, stopped at its end."""
    from tests.tiers import share_group

    group = share_group(request.path)
    if _KEPT and (group is None or _KEPT["key"] != (group, *key)):
        _stop_kept()
    if not _KEPT:
        exits = contextlib.ExitStack()
        stack = exits.enter_context(start())
        _KEPT.update(key=(group, *key), exits=exits, stack=stack)
    try:
        yield _KEPT["stack"]  # type: ignore[misc]
    finally:
        following = _NEXT[0]
        if group is None or following is None or share_group(following.path) != group:
            _stop_kept()


def pytest_sessionfinish(session: pytest.Session) -> None:
    _stop_kept()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test's report ends with the tail of the output of the stack it used."""
    report = yield
    if report.failed:
        for stack in getattr(item, "funcargs", {}).values():
            if isinstance(stack, Stack):
                report.sections.append(("the stack's output (tail)", stack.log_tail()))
    return report
