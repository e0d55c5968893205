"""A real `manage.py db_worker` killed with SIGKILL in the middle of a job: the job completes exactly once.

The worker subprocess runs against this test's database (``MNEMARA_DB_NAME``) and reaches "Claude"
through a local HTTP server standing in for api.anthropic.com (``ANTHROPIC_BASE_URL``): the first
call blocks, so the worker is provably inside the LLM call — job claimed, no transaction open — when
it is killed. A second worker then recovers the job through the watchdog armed at claim time.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django_tasks_db.models import DBTaskResult

from memories.models import Job, Memory
from tenants.scoping import tenant_scope
from tests.extraction.conftest import API, tool_answer

ANSWER = tool_answer({"memories": [
    {"type": "fact", "content": "Project is called Starlight", "entity": "project:starlight/name",
     "confidence": 0.95, "provenance": "stated", "source_turns": [1]},
    {"type": "task", "content": "Starlight: the prototype is due next Monday", "entity": "project:starlight/deadline",
     "confidence": 0.95, "provenance": "stated", "source_turns": [1]},
]})[1]


class BlockingClaude(ThreadingHTTPServer):
    """Answers /v1/messages; the first request hangs until released (the worker dies meanwhile)."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.first_request = threading.Event()
        self.release = threading.Event()
        self.requests = 0
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(BaseHTTPRequestHandler):
    server: BlockingClaude

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers["Content-Length"]))
        with self.server.lock:
            self.server.requests += 1
            first = self.server.requests == 1
        if first:
            self.server.first_request.set()
            self.server.release.wait(120)
        body = json.dumps(ANSWER).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            pass  # the worker that asked is dead

    def log_message(self, *args: object) -> None:
        pass


def start_worker(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--interval", "0.1", "--no-startup-delay", "--no-reload"],
        cwd=settings.BASE_DIR, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)


def wait_for(predicate, what: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout  # a bound on waiting, not a speed assertion
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.2)


def job_row(tenant, job_id) -> Job:
    with tenant_scope(tenant):
        return Job.objects.get(pk=job_id)


@pytest.mark.django_db(transaction=True)
def test_it_completes_a_job_exactly_once_after_its_worker_is_killed(alice, tmp_path, settings):
    settings.ANTHROPIC_API_KEY = ""  # this process only enqueues; the workers run Claude
    server = BlockingClaude()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = {**os.environ, "MNEMARA_DB_NAME": connection.settings_dict["NAME"], "ANTHROPIC_API_KEY": "test-key",
           "ANTHROPIC_BASE_URL": server.url, "MNEMARA_ANTHROPIC_MAX_RETRIES": "0", "MNEMARA_JOB_LEASE_SECONDS": "2",
           "MNEMARA_EMBEDDING_BACKEND": "fake", "DEBUG": "0", "XDG_RUNTIME_DIR": "/tmp"}
    log = tmp_path / "worker.log"
    workers: list[subprocess.Popen[bytes]] = []
    try:
        response = alice.client.post(f"{API}/extract", {"scope": "user/5", "messages": [
            {"role": "user", "content": "Remember: my project is called Starlight and the prototype is due "
                                        "next Monday."}]}, format="json")
        job_id = response.json()["job"]

        workers.append(start_worker(env, log))
        assert server.first_request.wait(120), log.read_text()
        running = job_row(alice.tenant, job_id)
        assert (running.status, running.attempts, running.extractor) == ("running", 1, "claude")
        workers[0].send_signal(signal.SIGKILL)
        workers[0].wait(30)

        workers.append(start_worker(env, log))
        wait_for(lambda: job_row(alice.tenant, job_id).status in ("succeeded", "failed"), "the job to finish")
        done = job_row(alice.tenant, job_id)
        assert (done.status, done.attempts, done.error) == ("succeeded", 2, ""), log.read_text()
        assert [r["action"] for r in done.resolutions] == ["created", "created"]
        with tenant_scope(alice.tenant):
            contents = sorted(Memory.objects.values_list("content", flat=True))
        assert contents == ["Project is called Starlight", "Starlight: the prototype is due next Monday"]
        assert server.requests == 2
        dead = DBTaskResult.objects.get(pk=running.task_result_id)
        assert (dead.status, dead.exception_class_path) == ("FAILED", "memories.jobs.WorkerLost")
    finally:
        server.release.set()
        for worker in workers:
            if worker.poll() is None:
                worker.terminate()
                worker.wait(30)
        server.shutdown()
