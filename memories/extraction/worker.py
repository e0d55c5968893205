"""The background worker's heartbeat and the queue's state: ``manage.py run_worker`` writes one (a periodic
job, ``memories/periodic.py``), GET /healthz and /metrics read both.

A queue that waits while no worker beats is a dead worker; a queue whose oldest ready task has waited
long is a worker that cannot keep up (or is stuck in one task). Ready means due: a retry delayed to
later, or a watchdog armed for a lease's end, waits from its due time, not from when it was enqueued.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Case, Count, F, Max, Min, When
from django.db.models.functions import Greatest
from django.utils import timezone

from memories.models import WorkerHeartbeat

logger = logging.getLogger(__name__)

# Rows of workers that stopped are kept this long (each start has a new id), then removed by any beat.
HEARTBEAT_KEEP = timedelta(days=1)


def worker_heartbeat(*, worker_id: str, started_at: datetime) -> None:
    """Record that this worker is alive now."""
    now = timezone.now()
    WorkerHeartbeat.objects.update_or_create(
        worker_id=worker_id,
        defaults={"beat_at": now},
        create_defaults={"beat_at": now, "started_at": started_at, "hostname": socket.gethostname()[:255],
                         "pid": os.getpid()},
    )
    WorkerHeartbeat.objects.filter(beat_at__lt=now - HEARTBEAT_KEEP).delete()


@dataclass(frozen=True)
class QueueState:
    ready: int  # tasks due now and not yet taken by a worker
    oldest_ready_age: float | None  # seconds the longest-waiting due task has waited; None: none is due
    heartbeat_age: float | None  # seconds since the freshest worker heartbeat; None: no worker ever beat
    orphaned: int = 0  # tasks marked running by a worker that has stopped (see ``dead_workers``)

    def degraded_reasons(self) -> list[str]:
        """Why the background work is not being done, in words an operator acts on; empty: it is."""
        reasons = []
        if self.orphaned:
            reasons.append(f"worker_lost: {self.orphaned} task(s) still marked running on a worker that stopped")
        stale = self.heartbeat_age is None or self.heartbeat_age > settings.HEALTH_HEARTBEAT_MAX_AGE
        if stale and self.ready:
            reasons.append("worker_down: no worker heartbeat for "
                           f"{'ever' if self.heartbeat_age is None else f'{self.heartbeat_age:.0f} s'}"
                           f" while {self.ready} task(s) wait")
        if self.oldest_ready_age is not None and self.oldest_ready_age > settings.HEALTH_QUEUE_MAX_AGE:
            reasons.append(f"queue_stalled: the oldest ready task has waited {self.oldest_ready_age:.0f} s")
        return reasons


def queue_state() -> QueueState:
    """The queue and heartbeat as of now: two aggregate queries."""
    from django_tasks_db.models import DBTaskResult, get_date_max

    now = timezone.now()
    # run_after is the far future's date when a task was not delayed: it waits since it was enqueued.
    due_since = Case(When(run_after=get_date_max(), then=F("enqueued_at")),
                     default=Greatest(F("enqueued_at"), F("run_after")))
    ready = DBTaskResult.objects.ready().aggregate(n=Count("id"), oldest=Min(due_since))
    last_beat = WorkerHeartbeat.objects.aggregate(last=Max("beat_at"))["last"]
    running = DBTaskResult.objects.filter(status="RUNNING").values_list("worker_ids", flat=True)
    dead = dead_workers(now, {ids[-1] for ids in running if ids})
    return QueueState(
        orphaned=sum(1 for ids in running if ids and ids[-1] in dead),
        ready=ready["n"],
        oldest_ready_age=(now - ready["oldest"]).total_seconds() if ready["oldest"] else None,
        heartbeat_age=(now - last_beat).total_seconds() if last_beat else None,
    )


def worker_alive_here(hostname: str, pid: int) -> bool | None:
    """On this host, whether that process still runs (a zombie does not); elsewhere None: nobody here knows."""
    if hostname != socket.gethostname()[:255]:
        return None
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def dead_workers(now: datetime, worker_ids: Iterable[str]) -> set[str]:
    """Which of these workers have stopped: on this host, a process that no longer runs (the supervisor has
    restarted it: known at once); anywhere, no heartbeat for three beats; never beat at all while running a
    task: unknown to us, so not judged dead before three beats either (it beats at start)."""
    ids = set(worker_ids)
    if not ids:
        return set()
    beats = {b.worker_id: b for b in WorkerHeartbeat.objects.filter(worker_id__in=ids)}
    silent_after = timedelta(seconds=3 * settings.WORKER_HEARTBEAT_SECONDS)
    dead = set()
    for worker_id in ids:
        beat = beats.get(worker_id)
        if beat is None:
            continue  # a worker without heartbeats (an old db_worker): the lease decides
        if worker_alive_here(beat.hostname, beat.pid) is False or now - beat.beat_at > silent_after:
            dead.add(worker_id)
    return dead


# What becomes of a queue row left RUNNING by a worker that stopped (killed, crashed), by task. django-tasks-db
# never runs such a row again, and /healthz counts it as lost work. "requeue": the task runs again (its work is
# idempotent or resumes where it stopped, and each guards itself against a second run: a job is claimed only
# while queued, a delivery only while due, an export only once its attempt's lease ran out); a row whose
# attempts (``worker_ids``) reached ``JOB_MAX_ATTEMPTS`` is failed instead. Any task not named here is failed.
REQUEUE, FAIL = "requeue", "fail"
TASK_RECOVERY = {
    "memories.extraction.tasks.extraction_run": REQUEUE,  # extraction and history imports (job_claim)
    "memories.extraction.tasks.job_watchdog": REQUEUE,
    "memories.compliance.export_jobs.export_job_run": REQUEUE,
    "memories.compliance.tasks.maintenance": REQUEUE,
    "memories.compliance.vacuum.vacuum_erasure_tables": REQUEUE,
    "memories.write.reembed.reembed_task": REQUEUE,
    "memories.write.reindex.reindex_task": REQUEUE,
    "memories.write.review_bulk.review_bulk_run": REQUEUE,
    "webhooks.tasks.webhooks_deliver": REQUEUE,
}
WORKER_LOST = "memories.jobs.WorkerLost"


def task_rows_recover() -> dict[str, int]:
    """Re-queue (or fail) every queue row still RUNNING on a worker that stopped (``dead_workers``), whatever
    its task. Run after ``jobs_recover_orphaned``, which closes the rows of the extraction jobs it re-queues.
    Each row changes only if it is still as read (another worker's sweep may have got there first)."""
    from django_tasks_db.models import DBTaskResult

    running = [(pk, path, ids) for pk, path, ids in DBTaskResult.objects.filter(status="RUNNING")
               .values_list("pk", "task_path", "worker_ids") if ids]
    dead = dead_workers(timezone.now(), {ids[-1] for _, _, ids in running})
    counts: dict[str, int] = {}
    for pk, path, ids in running:
        if ids[-1] not in dead:
            continue
        still = DBTaskResult.objects.filter(pk=pk, status="RUNNING", worker_ids=ids)
        if TASK_RECOVERY.get(path) == REQUEUE and len(ids) < settings.JOB_MAX_ATTEMPTS:
            changed = still.update(status="READY", started_at=None)
            action = "requeued"
        else:
            changed = still.update(status="FAILED", finished_at=timezone.now(), exception_class_path=WORKER_LOST,
                                   traceback=f"The worker stopped (killed or crashed) during attempt {len(ids)}.")
            action = "failed"
        if changed:
            logger.warning("task %s (%s): its worker stopped; %s", pk, path.rsplit(".", 1)[-1], action)
            counts[action] = counts.get(action, 0) + 1
    return counts
