"""Audit exports made on request ("Export now", ``POST /api/v1/exports``) and re-issued ones, as background jobs.

A request writes a ``Job`` (kind ``export``; ``input`` = the window, and the export it re-issues) and its
durable queue row in one transaction; the worker runs ``export_job_run``:

    export_request → [export_job_run] → export_job_claim (running; a takeover armed at the lease's end)
                   → export_write (the file, outside any transaction) → succeeded (``input["export"]``) | failed

Writing an export is idempotent (the same window gives the same bytes and the same row), so the recovery
is simple: the task enqueued with each claim fires when the lease ends and, if that attempt is still
``running``, takes the job over (a worker that died mid-export is replaced; the later attempt's write wins).
The extraction's sweeps leave export jobs alone.
"""

from __future__ import annotations

import logging
import uuid
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_tasks import task

from memories import selectors
from memories.choices import JobKind, JobStatus
from memories.compliance.exports import export_write
from memories.models import ExportRun, Job
from memories.representation import iso
from mnemara.kernel.errors import ServiceError, ValidationFailed
from tenants.audit import audit
from tenants.models import Tenant
from tenants.scoping import get_active_tenant, tenant_scope

logger = logging.getLogger(__name__)
ACTOR = "system:jobs"
DEFAULT_DAYS = 7


def export_window(since: datetime | None, until: datetime | None) -> tuple[datetime, datetime]:
    """The window of an export made now: ``until`` defaults to now, ``since`` to seven days before ``until``.
    The window must not be empty nor reach into the future (a later run would then differ)."""
    now = timezone.now()
    until = until or now
    try:
        since = since or until - timedelta(days=DEFAULT_DAYS)
    except OverflowError:  # an `until` in the first week of year 1
        raise ValidationFailed("The export window starts before year 1: send since.",
                               fields={"since": ["Required for this until."]}) from None
    if since >= until:
        raise ValidationFailed("The export window is empty: since must be before until.",
                               fields={"since": ["Must be before until."]})
    if until > now + timedelta(seconds=5):
        raise ValidationFailed("An export cannot reach into the future.", fields={"until": ["Must not be later "
                                                                                             "than now."]})
    return since, min(until, now)


@task()
def export_job_run(job_id: str) -> str:
    """Run (or take over) one export job. Returns what happened, for logs and tests."""
    # Cross-tenant on purpose: a worker only knows the job id; the work runs inside the job's tenant.
    tenant_id = Job.unscoped.filter(pk=job_id).values_list("tenant_id", flat=True).first()
    tenant = Tenant.objects.filter(pk=tenant_id).first() if tenant_id else None
    if tenant is None:
        return "missing"
    with tenant_scope(tenant):
        return export_job_work(job_id)


def _enqueue(job: Job, run_after: datetime | None = None) -> str:
    task = export_job_run.using(run_after=run_after) if run_after else export_job_run
    return str(task.enqueue(str(job.pk)).id)


def export_request(*, since: datetime | None = None, until: datetime | None = None, actor: str) -> Job:
    """Queue an audit export of [since, until) made now (audited ``export.requested``)."""
    since, until = export_window(since, until)
    return _job_create(since=since, until=until, actor=actor, action="export.requested", data={})


def export_reissue(*, export_id: uuid.UUID | str, actor: str) -> Job:
    """Queue the re-issue of an export: its window written again from what is held now, in place (same id, same
    file name), so a person erased since is no longer in it and the old bytes are gone. Audited."""
    run = selectors.export_run_get(export_id)
    return _job_create(since=run.window_start, until=run.window_end, actor=actor, action="export.reissued",
                       data={"export": str(run.pk), "flagged": run.flagged_at is not None}, target=run)


def _job_create(*, since: datetime, until: datetime, actor: str, action: str, data: dict[str, Any],
                target: ExportRun | None = None) -> Job:
    with transaction.atomic():
        job = Job(kind=JobKind.EXPORT, status=JobStatus.QUEUED,
                  input={"since": iso(since), "until": iso(until), "actor": actor,
                         **({"reissue_of": str(target.pk)} if target else {})})
        job.task_result_id = _enqueue(job)
        job.save()
        audit(action, actor=actor, target_type="export" if target else "job",
              target_id=target.pk if target else job.pk,
              data={"job": str(job.pk), "window_start": iso(since), "window_end": iso(until), **data})
    return job


def export_jobs_open() -> list[Job]:
    """The active tenant's export jobs not finished yet, oldest first (the Exports screen shows them)."""
    return list(Job.objects.filter(kind=JobKind.EXPORT, status__in=[JobStatus.QUEUED, JobStatus.RUNNING])
                .order_by("created_at"))


def export_job_claim(job_id: uuid.UUID | str) -> tuple[Job, int] | None:
    """Take the job (running, attempts + 1) if it is queued, or if its running attempt's lease has ended (its
    worker is presumed dead); arm the takeover at the new lease's end. None: nothing to do now."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id, kind=JobKind.EXPORT).first()
        if job is None or job.status not in (JobStatus.QUEUED, JobStatus.RUNNING):
            return None
        now = timezone.now()
        lease = timedelta(seconds=settings.JOB_LEASE_SECONDS)
        if job.status == JobStatus.RUNNING and job.started_at is not None:
            if job.started_at + lease > now:
                return None  # the attempt is alive: its own takeover task is queued already
            _abandon_task_rows(job)
        job.status, job.attempts, job.started_at = JobStatus.RUNNING, job.attempts + 1, now
        job.save(update_fields=["status", "attempts", "started_at"])
        _enqueue(job, run_after=now + lease)
    return job, job.attempts


def _abandon_task_rows(job: Job) -> None:
    """Close the dead attempt's queue row (which django-tasks-db would show running forever, and /healthz count
    as lost): the run of this job that started before the attempt claimed it."""
    from django_tasks_db.models import DBTaskResult

    DBTaskResult.objects.filter(status="RUNNING", task_path=f"{__name__}.export_job_run",
                                args_kwargs__args=[str(job.pk)], started_at__lte=job.started_at).update(
        status="FAILED", finished_at=timezone.now(), exception_class_path="memories.jobs.WorkerLost",
        traceback="The worker stopped (killed or crashed) while running this export; another attempt took over.")


def export_job_work(job_id: uuid.UUID | str) -> str:
    """Run one export job of the active tenant. Returns what happened, for logs and tests."""
    claimed = export_job_claim(job_id)
    if claimed is None:
        return "nothing"
    job, attempt = claimed
    since, until = (datetime.fromisoformat(job.input[k].replace("Z", "+00:00")) for k in ("since", "until"))
    try:
        run = export_write(tenant=get_active_tenant(), since=since, until=until,
                           actor=job.input.get("actor", ACTOR))
    except (ServiceError, OSError) as exc:
        _job_end(job, attempt, status=JobStatus.FAILED, error=f"export_failed: {type(exc).__name__}")
        return JobStatus.FAILED
    _job_end(job, attempt, status=JobStatus.SUCCEEDED, export=run)
    return JobStatus.SUCCEEDED


def _job_end(job: Job, attempt: int, *, status: str, error: str = "", export: ExportRun | None = None) -> None:
    with transaction.atomic():
        data = {**job.input, **({"export": str(export.pk)} if export else {})}
        updated = Job.objects.filter(pk=job.pk, status=JobStatus.RUNNING, attempts=attempt).update(
            status=status, error=error, finished_at=timezone.now(), input=data)
        if updated:
            audit("job.succeeded" if status == JobStatus.SUCCEEDED else "job.failed", actor=ACTOR, target_type="job",
                  target_id=job.pk,
                  data={"kind": JobKind.EXPORT, "attempt": attempt, **({"export": str(export.pk)} if export else {}),
                        **({"error": error.split(":", 1)[0]} if error else {})})
        else:
            logger.info("export job %s attempt %s was taken over; its result is the later attempt's", job.pk, attempt)
