"""The schedule the background worker keeps by itself: maintenance every hour (``maintenance_run``: last ISO week's
audit export where a tenant has none yet, then retention), so ``make run`` and one worker unit need no cron.

Durable and shared: each worker ticks every ``SCHEDULE_TICK_SECONDS`` and asks the database what is due. A
schedule's period (the hour) is due while it has no ``ScheduledRun`` row; the tick inserts that row and enqueues
the task in one transaction, and the unique (schedule, period) lets one worker only do it, however many tick at
once. A worker down at the top of the hour catches up at its next tick. The weekly export is therefore written
within the hour after Monday 00:00 UTC (``exports.iso_week_window``); maintenance is idempotent, so a run that
failed is simply done again the next hour.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from memories.compliance.exports import iso_week_window
from memories.compliance.tasks import maintenance
from memories.models import ExportRun, ScheduledRun

logger = logging.getLogger(__name__)

MAINTENANCE = "maintenance"


def hour_period(now: datetime) -> str:
    return now.astimezone(UTC).strftime("%Y-%m-%dT%H")


def schedule_tick(*, now: datetime | None = None) -> list[str]:
    """Enqueue what is due now and not yet enqueued by any worker; returns the schedules it enqueued."""
    period = hour_period(now or timezone.now())
    try:
        with transaction.atomic():
            run, created = ScheduledRun.objects.get_or_create(schedule=MAINTENANCE, period=period)
            if not created:
                return []
            run.task_result_id = str(maintenance.enqueue().id)
            run.save(update_fields=["task_result_id"])
    except IntegrityError:  # another worker inserted the same period meanwhile: it enqueues
        return []
    logger.info("schedule: %s for %s enqueued", MAINTENANCE, period)
    return [MAINTENANCE]


@dataclass(frozen=True)
class WeeklyExport:
    """The active tenant's weekly export, as the Exports page shows it."""

    last: ExportRun | None  # the latest export of a whole ISO week
    due_now: bool  # last week's export is missing: the worker writes it at its next tick
    next_at: datetime  # when the next week's export becomes due (the worker writes it within the hour)
    maintenance_at: datetime | None  # when a worker last enqueued the hourly maintenance (any tenant's)


def weekly_export(*, now: datetime | None = None) -> WeeklyExport:
    now = now or timezone.now()
    _, end = iso_week_window(now)
    weekly = [run for run in ExportRun.objects.filter(window_end__lte=end).order_by("-window_end")[:20]
              if run.window_end - run.window_start == timedelta(days=7)
              and run.window_end.astimezone(UTC).weekday() == 0
              and run.window_end.astimezone(UTC).time() == datetime.min.time()]
    last = weekly[0] if weekly else None
    latest = ScheduledRun.objects.filter(schedule=MAINTENANCE).order_by("-enqueued_at").first()
    return WeeklyExport(last=last, due_now=not (last and last.window_end == end), next_at=end + timedelta(days=7),
                        maintenance_at=latest.enqueued_at if latest else None)
