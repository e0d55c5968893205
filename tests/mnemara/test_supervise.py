"""The supervisor (server/runtime/supervise.py) without a database: restarts, back-off, the metrics folder, and that it
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

from server.runtime import supervise
from server.runtime.supervise import Program, restart_delay

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


def test_it_serves_through_the_one_serving_stack() -> None:
    args = argparse.Namespace(host="127.0.0.1", port=8001, web_workers=2, limit_concurrency=1000)
    web, worker = supervise.programs_for(args)
    assert web.argv[1:3] == ["-m", "server.runtime.serve"]
    assert web.argv[web.argv.index("--workers") + 1] == "2"
    assert worker.argv[2] == "run_worker"


def test_it_says_where_the_service_is_once_every_web_process_is_ready(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import http.server
    import json
    import threading

    answers = iter([(503, {"status": "starting", "pid": 1}), (200, {"status": "ready", "pid": 1}),
                    (200, {"status": "ready", "pid": 1}), (200, {"status": "ready", "pid": 2})])

    class ReadyZ(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            status, body = next(answers, (200, {"status": "ready", "pid": 2}))
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), ReadyZ)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    banner = tmp_path / "banner.txt"
    banner.write_text("  Login: demo\n")
    readiness = supervise.Readiness(supervise.local_url("0.0.0.0", server.server_address[1]), 2, banner)
    try:
        readiness.check()  # "starting": not yet
        assert not readiness.announced
        readiness.check()
        readiness.check()
        assert readiness.announced and readiness.ready_pids == {1, 2}
        assert "Login: demo" in capsys.readouterr().out
    finally:
        server.shutdown()


def test_it_loads_no_django() -> None:
    code = ("import sys, server.runtime.supervise; loaded = sorted({m.split('.')[0] for m in sys.modules} & "
            "{'django', 'memories', 'tenants', 'psycopg'}); assert not loaded, loaded")
    result = subprocess.run([sys.executable, "-c", code], cwd=supervise.ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
