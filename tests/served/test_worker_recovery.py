"""A real ``run_worker`` (the one ``make run``'s supervisor starts) killed with SIGKILL in the middle of each kind of
task it runs: the task's queue row is re-queued or failed, the work is done by the worker the supervisor starts
again, and GET /healthz says "ok" again (a row left RUNNING kept it "degraded: worker_lost" for good).

The worker is held inside its task by a table lock this test takes first (or, for a webhook, by a receiver that
does not answer), so it is provably mid-task when it is killed.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import psutil
import psycopg
import pytest
from django.db import connection

from tests.served.conftest import FAKE_EMBEDDER, Served, ServedData, start_service

WAIT = 90.0  # a bound on waiting, not a speed assertion


class SilentReceiver(ThreadingHTTPServer):
    """A webhook receiver whose first request hangs until released (its worker dies meanwhile)."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.first_request = threading.Event()
        self.release = threading.Event()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/hook"


class _Handler(BaseHTTPRequestHandler):
    server: SilentReceiver

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.first_request.set()
        self.server.release.wait(WAIT)
        try:
            self.send_response(204)
            self.end_headers()
        except OSError:
            pass  # the worker that asked is dead

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def receiver() -> Iterator[SilentReceiver]:
    server = SilentReceiver()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.release.set()
    server.shutdown()


@pytest.fixture(scope="module")
def service(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    env = {**FAKE_EMBEDDER, "MNEMARA_WORKER_HEARTBEAT_SECONDS": "1", "MNEMARA_JOB_LEASE_SECONDS": "4",
           "MNEMARA_WEBHOOK_ALLOW_LOOPBACK": "1", "MNEMARA_WEBHOOK_TIMEOUT_SECONDS": "60", "ANTHROPIC_API_KEY": ""}
    folder = tmp_path_factory.mktemp("recovery")
    env["MNEMARA_EXPORT_DIR"] = str(folder / "exports")
    with start_service(served_data, folder, web_workers=1, extra_env=env) as served:
        yield served


@dataclass
class Started:
    """A task enqueued for the worker: its queue row, and how to tell its work was done after the kill."""

    row_id: str
    done: Callable[[], bool] = lambda: True


def _tenant() -> Any:
    from tenants.models import Tenant

    return Tenant.objects.get(slug="served-acme")


def _extraction() -> Started:
    from memories.extraction.sessions import extraction_request
    from memories.models import Job
    from tenants.scoping import tenant_scope

    tenant = _tenant()
    with tenant_scope(tenant):
        job = extraction_request(scope="user/7", actor="test", messages=[
            {"role": "user", "content": "Remember that the Lisbon office opens at nine."}])

    def done() -> bool:
        with tenant_scope(tenant):
            return Job.objects.get(pk=job.pk).status == "succeeded"

    return Started(job.task_result_id, done)


def _export() -> Started:
    from memories.compliance.export_jobs import export_request
    from memories.models import Job
    from tenants.scoping import tenant_scope

    tenant = _tenant()
    with tenant_scope(tenant):
        job = export_request(actor="test")

    def done() -> bool:
        with tenant_scope(tenant):
            return Job.objects.get(pk=job.pk).status == "succeeded"

    return Started(job.task_result_id, done)


def _import() -> Started:
    from memories.extraction.imports import history_import
    from memories.models import Job
    from tenants.scoping import tenant_scope

    tenant = _tenant()
    with tenant_scope(tenant):
        record = history_import(actor="test", lines=[{"session": "s-import", "scope": "user/6", "messages": [
            {"role": "user", "content": "Remember that the Porto office opens at ten.",
             "created_at": "2026-01-15T09:30:00Z"}]}])
        job = Job.objects.get(pk=record.job_id)

    def done() -> bool:
        with tenant_scope(tenant):
            return Job.objects.get(pk=job.pk).status == "succeeded"

    return Started(job.task_result_id, done)


def _webhook(receiver: SilentReceiver) -> Started:
    from tenants.scoping import tenant_scope
    from webhooks.models import WebhookDelivery, WebhookEndpoint
    from webhooks.tasks import webhooks_deliver

    tenant = _tenant()
    with tenant_scope(tenant):
        endpoint = WebhookEndpoint.objects.create(url=receiver.url, events=["memory.created"])
        delivery = WebhookDelivery.objects.create(endpoint=endpoint, event_type="memory.created",
                                                  payload={"type": "memory.created", "data": {}})
    return Started(str(webhooks_deliver.enqueue(str(tenant.pk), [str(delivery.pk)]).id))


def _enqueued(task: Any, *args: Any) -> Started:
    return Started(str(task.enqueue(*args).id))


def _reembed() -> Started:
    from memories.write.reembed import reembed_task

    return _enqueued(reembed_task, str(_tenant().pk))


def _reindex() -> Started:
    from memories.write.reindex import reindex_task

    return _enqueued(reindex_task, str(_tenant().pk))


def _vacuum() -> Started:
    from memories.compliance.vacuum import vacuum_erasure_tables

    return _enqueued(vacuum_erasure_tables)


def _maintenance() -> Started:
    from memories.compliance.tasks import maintenance

    return _enqueued(maintenance)


def _review_items() -> None:
    from memories.write.flow import memory_create
    from memories.write.prepare import MemoryInput
    from tenants.scoping import tenant_scope

    with tenant_scope(_tenant()):
        memory_create(actor="test", items=[MemoryInput(scope="user/8", subject="8", confidence=0.3,
                                                       content=f"Maybe plays {sport} on Sundays.")
                                           for sport in ("tennis", "chess", "rowing", "judo")])


def _review_bulk() -> Started:
    from django_tasks_db.models import DBTaskResult

    from memories.models import ReviewBulk, ReviewItem
    from memories.write.review_bulk import review_bulk_start
    from memories.write.reviews import selection_fingerprint
    from tenants.scoping import tenant_scope

    tenant = _tenant()
    with tenant_scope(tenant):
        ids = list(ReviewItem.objects.filter(status="open", memory__scope__path="user/8").values_list("pk", flat=True))
        bulk = review_bulk_start(item_ids=ids, action="accept", actor="user:test", filtered_by=[],
                                 fingerprint=selection_fingerprint(ids))
    row = DBTaskResult.objects.filter(task_path="memories.write.review_bulk.review_bulk_run").latest("enqueued_at")

    def done() -> bool:
        with tenant_scope(tenant):
            finished = ReviewBulk.objects.get(pk=bulk.pk)
            return finished.status == "done" and finished.counts == {"resolved": len(ids)}

    return Started(str(row.pk), done)


# Work a kind needs written before the lock is taken.
PREPARE: dict[str, Callable[[], None]] = {"review_bulk": _review_items}
# kind -> (the table whose lock holds the worker inside the task; None: the silent receiver), how to start it
KINDS: dict[str, tuple[str | None, Callable[..., Started]]] = {
    "extraction": ("memories_memory", _extraction),
    "history_import": ("memories_memory", _import),
    "webhook_delivery": (None, _webhook),
    "export": ("memories_memoryversion", _export),
    "reembed": ("memories_memoryvector", _reembed),
    "reindex": ("memories_memory", _reindex),
    "erasure_vacuum": ("memories_memory", _vacuum),
    "maintenance": ("memories_exportrun", _maintenance),
    "review_bulk": ("memories_memoryversion", _review_bulk),
}


def _raw_connection() -> psycopg.Connection[Any]:
    from django.db import connection

    connection.ensure_connection()
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    params.pop("prepare_threshold", None)
    return psycopg.connect(**params)


@contextmanager
def table_locked(table: str | None) -> Iterator[Callable[[], bool]]:
    """Hold an exclusive lock on ``table`` (in a connection of its own) until the block ends; yields whether
    another session waits for it."""
    if table is None:
        yield lambda: True
        return
    with _raw_connection() as conn:
        conn.execute(f'LOCK TABLE "{table}" IN ACCESS EXCLUSIVE MODE')

        def waited_for() -> bool:
            with _raw_connection() as probe:
                row = probe.execute("SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = %s::regclass",
                                    [table]).fetchone()
            return bool(row and row[0])

        try:
            yield waited_for
        finally:
            conn.rollback()


def wait_for(predicate: Callable[[], bool], what: str, served: Served, state: Callable[[], str] = str) -> None:
    deadline = time.monotonic() + WAIT
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what} ({state()})\n{served.log_tail()}")
        time.sleep(0.2)


def _row(row_id: str) -> Any:
    from django_tasks_db.models import DBTaskResult

    return DBTaskResult.objects.get(pk=row_id)


def _worker_pid() -> int:
    """The pid of the worker beating now (the supervisor's run_worker)."""
    from django.utils import timezone

    from memories.models import WorkerHeartbeat

    for beat in WorkerHeartbeat.objects.order_by("-beat_at"):
        if (timezone.now() - beat.beat_at).total_seconds() < 5 and psutil.pid_exists(beat.pid):
            return beat.pid
    return 0


def _queue_idle() -> bool:
    from django_tasks_db.models import DBTaskResult

    return not (DBTaskResult.objects.ready().exists() or DBTaskResult.objects.filter(status="RUNNING").exists())


def _deliveries() -> list[Any]:
    from webhooks.models import WebhookDelivery

    return list(WebhookDelivery.unscoped.values())


def _health(served: Served) -> dict[str, Any]:
    return dict(httpx.get(f"{served.url}/healthz", timeout=10).json())


def test_the_worker_writes_last_weeks_export_by_itself(service: Served, django_db_blocker: Any) -> None:
    """``make run`` schedules the hourly maintenance through its worker: no cron, and the weekly export appears."""
    from memories.compliance.exports import iso_week_window
    from memories.models import ExportRun, ScheduledRun
    from tenants.scoping import tenant_scope

    start, end = iso_week_window()
    with django_db_blocker.unblock():
        tenant = _tenant()

        def written() -> bool:
            with tenant_scope(tenant):
                return ExportRun.objects.filter(window_start=start, window_end=end).exists()

        wait_for(written, "last week's export", service)
        assert ScheduledRun.objects.filter(schedule="maintenance").count() == 1


@pytest.mark.parametrize("kind", list(KINDS))
def test_it_recovers_each_kind_of_task_after_its_worker_is_killed(kind: str, service: Served,
                                                                  receiver: SilentReceiver, fake_embedder: Any,
                                                                  django_db_blocker: Any) -> None:
    table, start = KINDS[kind]
    with django_db_blocker.unblock():
        PREPARE.get(kind, lambda: None)()
        wait_for(lambda: bool(_worker_pid()) and _queue_idle(), "a worker's heartbeat and an idle queue", service)
        pid = _worker_pid()
        with table_locked(table) as waited_for, connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '20s'")  # starting a kind must not wait for the lock taken here
            started = start(receiver) if table is None else start()
            cursor.execute("SET lock_timeout = 0")
            wait_for(lambda: _row(started.row_id).status == "RUNNING", f"the {kind} task to start", service,
                     lambda: f"{_row(started.row_id).__dict__} {_deliveries()}")
            if table is None:
                assert receiver.first_request.wait(WAIT), service.log_tail()
            else:
                wait_for(waited_for, f"the {kind} task to wait for {table}", service)
            os.kill(pid, signal.SIGKILL)
            wait_for(lambda: not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE,
                     "the worker to die", service)
        receiver.release.set()
        wait_for(lambda: _row(started.row_id).status in ("SUCCESSFUL", "FAILED"), f"the {kind} task's row to end",
                 service)
        wait_for(started.done, f"the {kind} work to be done", service)
        wait_for(lambda: _health(service)["status"] == "ok", "/healthz to say ok", service)
        assert _worker_pid() not in (0, pid)
