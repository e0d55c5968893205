"""A real HTTP receiver on loopback (a thread), and running the worker's queue in-process.

The receiver answers each POST with the next status of ``answers`` (then 200) and keeps what it got; tests
check the Standard Webhooks signature themselves, the way a receiver would.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.utils import timezone
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

API = "/api/v1"
TASK = "webhooks.tasks.webhooks_deliver"


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes

    @property
    def event(self) -> dict[str, Any]:
        return json.loads(self.body)

    def verified(self, secret: str) -> bool:
        key = base64.b64decode(secret.removeprefix("whsec_"))
        signed = f"{self.headers['webhook-id']}.{self.headers['webhook-timestamp']}.".encode() + self.body
        expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
        return any(hmac.compare_digest(f"v1,{expected}", s) for s in self.headers["webhook-signature"].split())


@dataclass
class Receiver:
    url: str
    answers: list[int] = field(default_factory=list)
    received: list[Received] = field(default_factory=list)

    def of(self, event_type: str) -> list[Received]:
        return [r for r in self.received if r.event["type"] == event_type]


@pytest.fixture
def receiver(settings: Any) -> Iterator[Receiver]:
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    settings.WEBHOOK_RETRY_DELAYS = [0, 0, 0]  # retries are due at once: tests never sleep
    state = Receiver(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", 0)))
            state.received.append(Received({k.lower(): v for k, v in self.headers.items()}, body))
            self.send_response(state.answers.pop(0) if state.answers else 200)
            self.send_header("content-length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/hooks"
    yield state
    server.shutdown()
    server.server_close()


def run_deliveries(*, include_delayed: bool = False, limit: int = 50) -> int:
    """Run the queue's due tasks as a worker would, in this process (``include_delayed``: the webhook tasks
    scheduled for later too, as if their time had come)."""
    worker = Worker(queue_names=["default"], interval=0, batch=True, backend_name="default", startup_delay=False,
                    max_tasks=None, worker_id="pytest", excluded_queue_names=[])
    for ran in range(limit):
        if include_delayed:
            DBTaskResult.objects.filter(status="READY", task_path=TASK).update(run_after=timezone.now())
        row = DBTaskResult.objects.ready().first()
        if row is None:
            return ran
        row.claim("pytest")
        worker.run_task(row)
    raise AssertionError("tasks kept coming")


def register(client: Any, url: str, events: list[str], expect: int = 201) -> dict[str, Any]:
    response = client.post(f"{API}/webhooks", {"url": url, "events": events}, format="json")
    assert response.status_code == expect, response.content[:2000]
    return response.json()
