"""The life of a background job: queued → running → succeeded | failed (| cancelled by an erasure).

The queue row (django-tasks-db) carries only the Job id; everything else lives on the Job row, so
erasing a Job leaves nothing behind in the queue. Each state change is one short transaction; no
transaction is ever open while the job does its slow work (embedding, the LLM call).

Attempts are a fencing token. A claim increments ``attempts``; the job's final write only commits if
the row is still ``running`` with the same attempt number (``job_finish`` runs inside the write
transaction of ``memory_create``). So if a worker is presumed dead and the job re-queued, a late
write from the old attempt is refused: the job's results are committed exactly once.

Recovery: django-tasks-db never re-runs a task left RUNNING by a killed worker. Every claim therefore
enqueues, in the same transaction, a *watchdog* task due when the attempt's lease ends. If the
attempt is still running then, its worker is presumed dead: the job is re-queued (or failed once
``JOB_MAX_ATTEMPTS`` is spent). The watchdog is itself a durable queue row, so recovery needs no
extra process; ``manage.py jobs_recover`` runs the same check at once, across tenants.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from memories.models import Job, Scope, Session
from memories.selectors import scope_filter
from memories.services.audit import audit
from memories.services.memories import JobFenced
from mnemara.errors import NotFound
from tenants.models import Subject, Tenant
from tenants.scoping import tenant_scope

logger = logging.getLogger(__name__)

QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED = "queued", "running", "succeeded", "failed", "cancelled"
# extract: POST /extract on given messages; session: every N turns; close: summary + extraction on close.
KIND_EXTRACT, KIND_SESSION, KIND_CLOSE = "extract", "session", "close"
ACTOR = "system:jobs"


@dataclass(frozen=True)
class Claim:
    """One attempt at a job, held by one worker."""

    job: Job
    attempt: int


def extractor_name() -> str:
    return "claude" if settings.ANTHROPIC_API_KEY else "rules"


def _enqueue_run(job: Job, run_after: datetime | None = None) -> None:
    from memories import tasks  # tasks import the services that import this module

    task = tasks.extraction_run.using(run_after=run_after) if run_after else tasks.extraction_run
    job.task_result_id = str(task.enqueue(str(job.pk)).id)


def job_create(*, kind: str, scope: Scope, subject: Subject | None = None, session: Session | None = None,
               input: dict[str, Any], actor: str) -> Job:
    """A queued job and its queue row. Call inside the caller's transaction: both commit together."""
    with transaction.atomic():
        job = Job(kind=kind, scope=scope, subject=subject, session=session, input=input, status=QUEUED)
        _enqueue_run(job)
        job.save()
        audit("job.queued", actor=actor, target_type="job", target_id=job.pk, data={"kind": kind})
    return job


def job_tenant(job_id: uuid.UUID | str) -> Tenant | None:
    """The tenant a job belongs to. Cross-tenant on purpose: a worker only knows the job id."""
    tenant_id = Job.unscoped.filter(pk=job_id).values_list("tenant_id", flat=True).first()
    return Tenant.objects.filter(pk=tenant_id).first() if tenant_id else None


def job_claim(job_id: uuid.UUID | str) -> Claim | None:
    """Take a queued job for this worker (running, attempts+1) and arm its watchdog. None: not queued."""
    from memories import tasks

    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != QUEUED:
            return None
        now = timezone.now()
        job.status, job.attempts, job.started_at, job.finished_at = RUNNING, job.attempts + 1, now, None
        job.extractor = extractor_name()
        job.save(update_fields=["status", "attempts", "started_at", "finished_at", "extractor"])
        lease_end = now + timedelta(seconds=settings.JOB_LEASE_SECONDS)
        tasks.job_watchdog.using(run_after=lease_end).enqueue(str(job.pk), job.attempts)
    return Claim(job, job.attempts)


def _owned(claim: Claim) -> QuerySet[Job]:
    """The job row, only while this attempt still owns it."""
    return Job.objects.filter(pk=claim.job.pk, status=RUNNING, attempts=claim.attempt)


def _content_free(job: Job) -> dict[str, Any]:
    # A finished job keeps no conversation text: only what range or how many messages it covered.
    data = dict(job.input)
    if "messages" in data:
        data = {"messages_count": len(data["messages"])}
    return data


def job_finish(claim: Claim, resolutions: list[dict[str, Any]]) -> None:
    """Mark the job succeeded. Call INSIDE the transaction that wrote its results; JobFenced if lost."""
    updated = _owned(claim).update(status=SUCCEEDED, resolutions=resolutions, error="", finished_at=timezone.now(),
                                   input=_content_free(claim.job))
    if updated == 0:
        raise JobFenced("This job was cancelled or re-queued; its results are discarded.")
    audit("job.succeeded", actor=ACTOR, target_type="job", target_id=claim.job.pk,
          data={"attempt": claim.attempt, "resolutions": len(resolutions), "extractor": claim.job.extractor})


def job_fail(claim: Claim, error: str) -> bool:
    """Mark the job failed with a content-free reason. False if this attempt no longer owns it."""
    with transaction.atomic():
        updated = _owned(claim).update(status=FAILED, error=error[:2000], finished_at=timezone.now(),
                                       input=_content_free(claim.job))
        if updated:
            audit("job.failed", actor=ACTOR, target_type="job", target_id=claim.job.pk,
                  data={"attempt": claim.attempt, "error": error.split(":", 1)[0]})
    return bool(updated)


def retry_delay(attempt: int) -> timedelta:
    return timedelta(seconds=settings.JOB_RETRY_DELAY_SECONDS * 2 ** max(0, attempt - 1))


def job_retry_later(claim: Claim, error: str) -> bool:
    """A transient failure: re-queue with a growing delay, or fail once the attempts are spent."""
    if claim.attempt >= settings.JOB_MAX_ATTEMPTS:
        return job_fail(claim, f"{error} (gave up after {claim.attempt} attempts)")
    with transaction.atomic():
        job = _owned(claim).select_for_update().first()
        if job is None:
            return False
        job.status, job.error = QUEUED, f"{error} (attempt {claim.attempt} of {settings.JOB_MAX_ATTEMPTS})"
        _enqueue_run(job, run_after=timezone.now() + retry_delay(claim.attempt))
        job.save(update_fields=["status", "error", "task_result_id"])
    return True


def job_watchdog(*, job_id: uuid.UUID | str, attempt: int) -> str:
    """Re-queue (or fail) an attempt whose worker died. Returns what it did, for logs and tests."""
    from memories import tasks

    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != RUNNING or job.attempts != attempt:
            return "nothing"  # finished, cancelled, or a newer attempt with its own watchdog
        lease_end = (job.started_at or timezone.now()) + timedelta(seconds=settings.JOB_LEASE_SECONDS)
        if lease_end > timezone.now():
            tasks.job_watchdog.using(run_after=lease_end).enqueue(str(job.pk), attempt)
            return "rearmed"
        _abandon_task_row(job.task_result_id)
        lost = f"worker_lost: the worker stopped during attempt {attempt} of {settings.JOB_MAX_ATTEMPTS}"
        if attempt >= settings.JOB_MAX_ATTEMPTS:
            job.status, job.error, job.finished_at = FAILED, lost, timezone.now()
            job.input = _content_free(job)
            job.save(update_fields=["status", "error", "finished_at", "input"])
            action = "failed"
        else:
            job.status, job.error = QUEUED, lost
            _enqueue_run(job)
            job.save(update_fields=["status", "error", "task_result_id"])
            action = "requeued"
        audit(f"job.{action}", actor=ACTOR, target_type="job", target_id=job.pk,
              data={"attempt": attempt, "error": "worker_lost"})
    logger.warning("job %s: worker lost during attempt %s; %s", job_id, attempt, action)
    return action


def _abandon_task_row(task_result_id: str) -> None:
    """Close the dead attempt's queue row, which django-tasks-db would otherwise show RUNNING forever."""
    from django_tasks_db.models import DBTaskResult

    if task_result_id:
        DBTaskResult.objects.filter(pk=task_result_id, status="RUNNING").update(
            status="FAILED", finished_at=timezone.now(), exception_class_path="memories.jobs.WorkerLost",
            traceback="The worker stopped (killed or crashed) while running this task.")


def jobs_recover_stale() -> dict[str, int]:
    """Run the watchdog now for every running job whose lease ran out, in every tenant."""
    cutoff = timezone.now() - timedelta(seconds=settings.JOB_LEASE_SECONDS)
    counts: dict[str, int] = {}
    # Cross-tenant on purpose: an operator's sweep; each job is then handled inside its own tenant.
    stale = Job.unscoped.filter(status=RUNNING, started_at__lt=cutoff).values_list("pk", "tenant_id", "attempts")
    tenants = {t.pk: t for t in Tenant.objects.filter(pk__in={row[1] for row in stale})}
    for job_id, tenant_id, attempts in stale:
        with tenant_scope(tenants[tenant_id]):
            action = job_watchdog(job_id=job_id, attempt=attempts)
        counts[action] = counts.get(action, 0) + 1
    return counts


def job_visible(job_id: uuid.UUID | str, prefixes: Sequence[str] = ()) -> Job:
    """A job of the active tenant whose scope the key may see; anything else is a 404."""
    qs = Job.objects.select_related("scope", "session").filter(pk=job_id)
    if prefixes:
        qs = qs.filter(scope_filter(prefixes))
    job = qs.first()
    if job is None:
        raise NotFound("Job not found.")
    return job
