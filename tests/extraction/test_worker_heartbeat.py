"""``manage.py run_worker``: django-tasks-db's worker with a heartbeat that /healthz reads."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from memories.extraction.worker import queue_state, worker_heartbeat
from memories.models import WorkerHeartbeat


@pytest.mark.django_db
def test_it_beats_and_forgets_workers_gone_for_a_day() -> None:
    started = timezone.now()
    WorkerHeartbeat.objects.create(worker_id="old", hostname="h", pid=1, beat_at=started - timedelta(days=2))
    worker_heartbeat(worker_id="w1", started_at=started)
    first = WorkerHeartbeat.objects.get(worker_id="w1")
    worker_heartbeat(worker_id="w1", started_at=started)
    again = WorkerHeartbeat.objects.get(worker_id="w1")
    assert again.beat_at >= first.beat_at and again.started_at == started and again.pid > 0
    assert list(WorkerHeartbeat.objects.values_list("worker_id", flat=True)) == ["w1"]
    age = queue_state().heartbeat_age
    assert age is not None and age < 5


@pytest.mark.django_db(transaction=True)
def test_run_worker_beats_while_it_runs_the_queue(settings) -> None:
    from memories.compliance.tasks import maintenance

    settings.SCHEDULE_TICK_SECONDS = 0  # only the task enqueued here (tests/compliance/test_schedule.py: the tick)
    result = maintenance.enqueue()
    call_command("run_worker", batch=True, worker_id="test-worker", verbosity=0, reload=False)
    beat = WorkerHeartbeat.objects.get(worker_id="test-worker")
    assert timezone.now() - beat.beat_at < timedelta(seconds=30)
    from django_tasks_db.models import DBTaskResult

    assert DBTaskResult.objects.get(pk=result.id).status == "SUCCESSFUL"
    assert queue_state().ready == 0


def _running(task_path: str, worker_ids: list[str]) -> str:
    from django_tasks_db.models import DBTaskResult, get_date_max

    row = DBTaskResult.objects.create(status="RUNNING", args_kwargs={"args": [], "kwargs": {}}, task_path=task_path,
                                      worker_ids=worker_ids, backend_name="default", run_after=get_date_max(),
                                      started_at=timezone.now())
    return str(row.pk)


@pytest.mark.django_db
def test_it_requeues_or_fails_every_task_row_a_stopped_worker_left_running(settings) -> None:
    from django_tasks_db.models import DBTaskResult

    from memories.extraction.worker import WORKER_LOST, task_rows_recover

    settings.JOB_MAX_ATTEMPTS = 3
    silent = timezone.now() - timedelta(minutes=10)
    WorkerHeartbeat.objects.create(worker_id="gone", hostname="elsewhere", pid=1, beat_at=silent)
    WorkerHeartbeat.objects.create(worker_id="alive", hostname="elsewhere", pid=1, beat_at=timezone.now())
    webhook = _running("webhooks.tasks.webhooks_deliver", ["gone"])
    spent = _running("memories.compliance.tasks.maintenance", ["a", "b", "gone"])
    unknown = _running("somewhere.else.task", ["gone"])
    busy = _running("memories.write.reindex.reindex_task", ["alive"])
    assert queue_state().orphaned == 3 and queue_state().degraded_reasons()

    assert task_rows_recover() == {"requeued": 1, "failed": 2}

    rows = {str(r.pk): r for r in DBTaskResult.objects.all()}
    assert (rows[webhook].status, rows[webhook].worker_ids) == ("READY", ["gone"])
    assert (rows[spent].status, rows[spent].exception_class_path) == ("FAILED", WORKER_LOST)
    assert rows[unknown].status == "FAILED" and rows[busy].status == "RUNNING"
    assert queue_state().orphaned == 0 and task_rows_recover() == {}


@pytest.mark.django_db
def test_jobs_recover_also_recovers_the_rows_of_other_tasks() -> None:
    from io import StringIO

    from django_tasks_db.models import DBTaskResult

    WorkerHeartbeat.objects.create(worker_id="gone", hostname="elsewhere", pid=1,
                                   beat_at=timezone.now() - timedelta(minutes=10))
    export = _running("memories.compliance.export_jobs.export_job_run", ["gone"])
    out = StringIO()
    call_command("jobs_recover", stdout=out)
    assert out.getvalue().strip() == "requeued: 1"
    assert DBTaskResult.objects.get(pk=export).status == "READY"
