"""The worker's own schedule: hourly maintenance with the weekly audit export, decided by the database, enqueued
once per period however many workers tick; and the Exports page saying when it last ran and runs next."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from memories.compliance.exports import export_write, iso_week_window
from memories.compliance.schedule import schedule_tick, weekly_export
from memories.models import ExportRun, ScheduledRun
from tenants.scoping import tenant_scope
from tenants.services import tenant_create

NOW = datetime(2026, 12, 9, 10, 30, tzinfo=UTC)  # a Wednesday: last week's export is due
MAINTENANCE = "memories.compliance.tasks.maintenance"


def _tick_together(n: int, now: datetime) -> list[list[str]]:
    """``n`` workers ticking at the same moment, each on its own database connection."""
    barrier = threading.Barrier(n)
    results: list[list[str]] = []

    def worker() -> None:
        try:
            barrier.wait()
            results.append(schedule_tick(now=now))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


@pytest.mark.django_db(transaction=True)
def test_it_writes_the_due_weekly_export_exactly_once_with_two_workers_ticking(settings, tmp_path):
    settings.EXPORT_DIR = tmp_path
    tenant = tenant_create(slug="acme", name="Acme")

    now = timezone.now()  # the workers below tick at their start too: the same hour, already enqueued
    results = _tick_together(2, now)
    assert sorted(len(r) for r in results) == [0, 1]
    assert schedule_tick(now=now) == []
    assert ScheduledRun.objects.count() == 1
    assert DBTaskResult.objects.filter(task_path=MAINTENANCE).count() == 1

    call_command("run_worker", batch=True, worker_id="w1", verbosity=0, reload=False)
    start, end = iso_week_window()
    with tenant_scope(tenant):
        assert list(ExportRun.objects.values_list("window_start", "window_end")) == [(start, end)]
    assert DBTaskResult.objects.get(task_path=MAINTENANCE).status == "SUCCESSFUL"
    assert ScheduledRun.objects.count() == 1

    assert _tick_together(2, now + timedelta(hours=1)).count(["maintenance"]) == 1  # the next hour's run
    call_command("run_worker", batch=True, worker_id="w2", verbosity=0, reload=False)
    with tenant_scope(tenant):
        assert ExportRun.objects.count() == 1  # the week's export is not written twice


@pytest.mark.django_db
def test_it_knows_the_last_weekly_export_and_the_next(alice_tenant, settings, tmp_path):
    settings.EXPORT_DIR = tmp_path
    with tenant_scope(alice_tenant):
        assert weekly_export(now=NOW).last is None and weekly_export(now=NOW).due_now
        start, end = iso_week_window(NOW)
        export_write(tenant=alice_tenant, since=start - timedelta(days=7), until=start)  # the week before
        export_write(tenant=alice_tenant, since=end - timedelta(days=2), until=end)  # "export now": not weekly
        before = weekly_export(now=NOW)
        assert before.last is not None and (before.last.window_end, before.due_now) == (start, True)
        export_write(tenant=alice_tenant, since=start, until=end)
        state = weekly_export(now=NOW)
    assert state.last is not None
    assert (state.last.window_end, state.due_now, state.next_at) == (end, False, datetime(2026, 12, 14, tzinfo=UTC))
