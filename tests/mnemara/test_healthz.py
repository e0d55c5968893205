"""GET /healthz: the contract's fields, the worker's heartbeat and the queue's age, degraded with a reason,
503 only when the database is down."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.db import OperationalError
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from memories.compliance.tasks import maintenance
from memories.extraction.worker import worker_heartbeat
from memories.models import WorkerHeartbeat

pytestmark = pytest.mark.django_db


def health() -> tuple[int, dict]:
    response = Client().get("/healthz")
    return response.status_code, response.json()


def test_it_is_ok_with_a_fresh_heartbeat_and_nothing_waiting() -> None:
    worker_heartbeat(worker_id="w1", started_at=timezone.now())
    status, body = health()
    assert status == 200
    assert body["status"] == "ok" and body["reasons"] == []
    assert body["database"].startswith("postgresql ") and body["pgvector"] and body["embedding_model"]
    assert 0 <= body["worker"]["heartbeat_age_seconds"] < 5
    assert body["queue"] == {"ready": 0, "oldest_ready_age_seconds": None}


def test_it_is_ok_without_a_worker_while_nothing_waits() -> None:
    status, body = health()
    assert (status, body["status"], body["worker"]["heartbeat_age_seconds"]) == (200, "ok", None)


def test_it_is_degraded_when_tasks_wait_and_no_worker_beats() -> None:
    WorkerHeartbeat.objects.create(worker_id="gone", hostname="h", pid=1, beat_at=timezone.now() - timedelta(minutes=5))
    maintenance.enqueue()
    status, body = health()
    assert status == 200
    assert body["status"] == "degraded"
    assert body["queue"]["ready"] == 1
    assert body["reasons"][0].startswith("worker_down: no worker heartbeat for 300 s while 1 task(s) wait")


def test_it_is_degraded_when_the_oldest_ready_task_waited_too_long() -> None:
    worker_heartbeat(worker_id="busy", started_at=timezone.now())
    result = maintenance.enqueue()
    DBTaskResult.objects.filter(pk=result.id).update(enqueued_at=timezone.now() - timedelta(hours=1))
    status, body = health()
    assert (status, body["status"]) == (200, "degraded")
    assert 3590 < body["queue"]["oldest_ready_age_seconds"] < 3700
    assert body["reasons"] == [f"queue_stalled: the oldest ready task has waited "
                               f"{body['queue']['oldest_ready_age_seconds']:.0f} s"]


def test_it_counts_a_delayed_task_from_when_it_is_due() -> None:
    worker_heartbeat(worker_id="w1", started_at=timezone.now())
    later = maintenance.using(run_after=timezone.now() + timedelta(minutes=10)).enqueue()
    due = maintenance.using(run_after=timezone.now() - timedelta(seconds=30)).enqueue()
    DBTaskResult.objects.filter(pk__in=[later.id, due.id]).update(enqueued_at=timezone.now() - timedelta(days=1))
    _, body = health()
    assert body["queue"]["ready"] == 1
    assert 29 < body["queue"]["oldest_ready_age_seconds"] < 40
    assert body["status"] == "ok"


def test_it_answers_503_when_the_database_is_down() -> None:
    with mock.patch("server.runtime.health._database", side_effect=OperationalError("connection refused")):
        response = Client().get("/healthz")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    body = response.json()
    assert {k: body[k] for k in ("status", "database", "pgvector")} == {
        "status": "error", "database": "unavailable", "pgvector": None}
    assert body["embedding_model"]
