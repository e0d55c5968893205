"""The one owner of a process's threads (mnemara/kernel/threads.py): none until started, work inline without
them, chores on their pool, a last run and a per-thread hook at stop."""

from __future__ import annotations

import threading
import time

import pytest

from mnemara.kernel.threads import Periodic, Threads


def test_it_runs_work_in_the_callers_thread_until_started() -> None:
    threads = Threads()
    assert not threads.running
    assert threads.submit("query", threading.get_ident).result() == threading.get_ident()
    with pytest.raises(ZeroDivisionError):
        threads.submit("query", lambda: 1 / 0).result()
    with pytest.raises(RuntimeError, match="not started"):
        threads.executor("web")


def test_it_runs_work_on_the_named_pool_once_started_and_has_no_threads_after_stop() -> None:
    threads = Threads()
    before = threading.active_count()
    threads.start({"query": 2, "side": 1})
    try:
        name = threads.submit("query", lambda: threading.current_thread().name).result()
        assert name.startswith("mnemara-query")
        with pytest.raises(RuntimeError, match="already started"):
            threads.start({"query": 1})
    finally:
        threads.stop()
    assert not threads.running and threading.active_count() == before


def test_chores_run_on_their_pool_and_once_more_at_stop() -> None:
    threads = Threads()
    runs: list[str] = []
    beats: list[str] = []
    threads.start({"side": 1}, [Periodic("count", 0.05, lambda: runs.append(threading.current_thread().name)),
                                Periodic("beat", 60, lambda: beats.append("beat"), at_start=True),
                                Periodic("off", 0, lambda: runs.append("never"))])
    deadline = time.monotonic() + 5
    while len(runs) < 3:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    threads.stop()
    assert all(name.startswith("mnemara-side") for name in runs) and "never" not in runs
    assert beats == ["beat", "beat"]  # at start, and the last run at stop


def test_a_failing_periodic_job_is_logged_and_runs_again(caplog: pytest.LogCaptureFixture) -> None:
    threads = Threads()
    calls: list[int] = []

    def fail() -> None:
        calls.append(1)
        raise RuntimeError("database away")

    threads.start({"side": 1}, [Periodic("flaky", 0.02, fail)])
    deadline = time.monotonic() + 5
    while len(calls) < 2:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    threads.stop(run_periodic=False)
    assert "chore flaky failed" in caplog.text


def test_the_stop_hook_runs_once_in_every_thread_of_every_pool() -> None:
    threads = Threads()
    seen: list[str] = []
    lock = threading.Lock()

    def hook() -> None:
        with lock:
            seen.append(threading.current_thread().name)

    threads.start({"web": 3, "side": 1}, on_thread_stop=hook)
    threads.stop()
    assert len(seen) == 4 and len(set(seen)) == 4


def test_importing_every_module_of_the_apps_and_the_server_starts_no_thread() -> None:
    """Nothing starts at import: a fresh interpreter that imports every module of memories and tenants, and
    the ASGI application, still has one thread."""
    import subprocess
    import sys
    from pathlib import Path

    code = """
import os, pkgutil, importlib, threading
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
import django
django.setup()
import memories, tenants
for package in (memories, tenants):
    for found in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if ".migrations." not in found.name:
            importlib.import_module(found.name)
import server.asgi
print(threading.active_count(), sorted(t.name for t in threading.enumerate()))
"""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "1 ['MainThread']"
