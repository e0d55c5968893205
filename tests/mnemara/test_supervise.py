"""The supervisor (mnemara/supervise.py) without a database: restarts, back-off, the metrics folder, and that it
loads no Django. Killing the real worker and the real postmaster is bench/faults.py."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mnemara import supervise
from mnemara.supervise import Program, restart_delay

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


def wait_for(check, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_it_backs_off_only_when_a_program_keeps_dying_quickly() -> None:
    assert [restart_delay(n) for n in range(8)] == [0, 1, 2, 4, 8, 16, 30, 30]


def test_it_restarts_a_killed_program(monkeypatch: pytest.MonkeyPatch) -> None:
    program = Program("sleeper", SLEEPER)
    program.check(dict(os.environ))
    assert program.process is not None
    first = program.process.pid
    monkeypatch.setattr(supervise, "QUICK_EXIT_SECONDS", 0.0)  # it ran "long enough": restart at once
    try:
        os.kill(first, signal.SIGKILL)
        wait_for(lambda: program.process is not None and program.process.poll() is not None)
        program.check(dict(os.environ))  # notices the exit
        assert program.process is None and program.failures == 0
        program.check(dict(os.environ))  # due now: started again
        assert program.process is not None and program.process.pid != first
        assert program.process.poll() is None
    finally:
        program.stop()
        program.wait(time.monotonic() + 10)


def test_it_delays_the_restart_of_a_program_that_dies_at_start() -> None:
    program = Program("crasher", [sys.executable, "-c", "raise SystemExit(3)"])
    program.check(dict(os.environ))
    assert program.process is not None
    program.process.wait(10)
    program.check(dict(os.environ))
    assert program.process is None and program.failures == 1
    assert program.due_at - time.monotonic() > 0.5
    program.check(dict(os.environ))
    assert program.process is None  # not yet due


def test_it_empties_the_metrics_folder_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    (tmp_path / "counter_123.db").write_bytes(b"old")
    (tmp_path / "keep.txt").write_text("not ours")
    assert supervise.metrics_dir(8000) == tmp_path
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


def test_it_gives_each_port_its_own_metrics_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    monkeypatch.setattr(supervise, "ROOT", tmp_path)
    assert supervise.metrics_dir(8123) == tmp_path / ".cache" / "prometheus" / "8123"
    assert supervise.metrics_dir(8124) == tmp_path / ".cache" / "prometheus" / "8124"


def test_it_serves_through_uvicorn_without_an_access_log() -> None:
    args = argparse.Namespace(host="127.0.0.1", port=8001, web_workers=2, limit_concurrency=1000)
    web, worker = supervise.programs_for(args)
    assert web.argv[1:4] == ["-m", "uvicorn", "mnemara.asgi:application"] and "--no-access-log" in web.argv
    assert web.argv[web.argv.index("--lifespan") + 1] == "on"  # /mcp's session managers run under it
    assert worker.argv[2] == "run_worker"


def test_it_loads_no_django() -> None:
    code = ("import sys, mnemara.supervise; loaded = sorted({m.split('.')[0] for m in sys.modules} & "
            "{'django', 'memories', 'tenants', 'psycopg'}); assert not loaded, loaded")
    result = subprocess.run([sys.executable, "-c", code], cwd=supervise.ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
