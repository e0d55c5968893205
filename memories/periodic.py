"""The threads of a long-lived process, as the apps need them: a web process's (search fan-out, embedding,
access counts, the index sweep) and the background worker's (the same, plus its heartbeat). The pools and
the ticker belong to ``mnemara.kernel.threads``; this says which chores run (the worker's: its heartbeat,
the recovery of what a dead worker left running, and the schedule)."""

from __future__ import annotations

from django.conf import settings
from django.db import DatabaseError, close_old_connections, connections
from django.utils import timezone

from memories.compliance.schedule import schedule_tick
from memories.extraction.tasks import jobs_recover_orphaned
from memories.extraction.worker import logger as worker_logger
from memories.extraction.worker import task_rows_recover, worker_heartbeat
from memories.recall.upkeep import periodic_jobs
from mnemara.kernel.resident import arenas_cap
from mnemara.kernel.threads import THREADS, Periodic


def web_threads_start() -> None:
    arenas_cap(settings.MALLOC_ARENAS)  # before the threads: each would get a malloc arena of its own
    THREADS.start(settings.THREAD_POOLS, periodic_jobs(), on_thread_stop=connections.close_all)


def worker_threads_start(worker_id: str) -> None:
    """The worker's threads, and a heartbeat every ``WORKER_HEARTBEAT_SECONDS`` from the start on (GET
    /healthz and /metrics read it); a beat that fails (database down) is logged and the next one tries."""
    started_at = timezone.now()

    def beat() -> None:
        close_old_connections()
        try:
            worker_heartbeat(worker_id=worker_id, started_at=started_at)
        except DatabaseError as exc:
            worker_logger.warning("worker heartbeat failed: %s", exc.__class__.__name__)

    def recover() -> None:
        close_old_connections()
        jobs_recover_orphaned()
        task_rows_recover()  # every other task's row a dead worker left running

    heartbeat = Periodic("heartbeat", settings.WORKER_HEARTBEAT_SECONDS, beat, at_start=True)
    # A job or task whose worker died (killed, crashed: the supervisor starts a new one) is re-queued (or failed)
    # at this worker's start and within a beat or three after, not at its lease's end.
    orphans = Periodic("orphaned-jobs", settings.WORKER_HEARTBEAT_SECONDS, recover, at_start=True)
    def schedule() -> None:
        close_old_connections()
        try:
            schedule_tick()
        except DatabaseError as exc:
            worker_logger.warning("schedule tick failed: %s", exc.__class__.__name__)

    # Maintenance each hour, with last week's audit export (memories/compliance/schedule.py): no cron needed.
    scheduled = Periodic("schedule", settings.SCHEDULE_TICK_SECONDS, schedule, at_start=True)
    arenas_cap(settings.MALLOC_ARENAS)
    THREADS.start(settings.THREAD_POOLS, [*periodic_jobs(), heartbeat, orphans, scheduled],
                  on_thread_stop=connections.close_all)


def threads_stop() -> None:
    THREADS.stop()
