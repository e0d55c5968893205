"""A background job's row: its states and the transitions that do not touch the queue.

    queued → running → succeeded | failed   (| cancelled by an erasure)

The queue row (django-tasks-db) carries only the Job id; everything else lives on the Job row, so
erasing a Job leaves nothing behind in the queue. Each state change is one short transaction; no
transaction is ever open while the job does its slow work (embedding, the LLM call).

Attempts are a fencing token. A claim increments ``attempts``; the job's final write only commits if
the row is still ``running`` with the same attempt number (``job_finish`` runs inside the write
transaction of ``memory_create``). So if a worker is presumed dead and the job re-queued, a late
write from the old attempt is refused: the job's results are committed exactly once.

The transitions that enqueue (create, claim, retry, the watchdog's recovery) live in ``tasks.py``
with the tasks they enqueue.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from memories.choices import JobStatus
from memories.models import Job
from memories.write.flow import JobFenced
from mnemara.kernel.errors import NotFound
from mnemara.kernel.metrics import JOB_FAILURES
from tenants.audit import audit
from tenants.models import Tenant
from tenants.paths import scope_filter

ACTOR = "system:jobs"


@dataclass(frozen=True)
class Claim:
    """One attempt at a job, held by one worker."""

    job: Job
    attempt: int


def extractor_name() -> str:
    return "claude" if settings.ANTHROPIC_API_KEY else "rules"


def job_tenant(job_id: uuid.UUID | str) -> Tenant | None:
    """The tenant a job belongs to. Cross-tenant on purpose: a worker only knows the job id."""
    tenant_id = Job.unscoped.filter(pk=job_id).values_list("tenant_id", flat=True).first()
    return Tenant.objects.filter(pk=tenant_id).first() if tenant_id else None


def owned(claim: Claim) -> QuerySet[Job]:
    """The job row, only while this attempt still owns it."""
    return Job.objects.filter(pk=claim.job.pk, status=JobStatus.RUNNING, attempts=claim.attempt)


def content_free(job: Job) -> dict[str, Any]:
    # A finished job keeps no conversation text: only what range or how many messages it covered.
    data = dict(job.input)
    if "messages" in data:
        data = {"messages_count": len(data["messages"])}
    return data


def job_finish(claim: Claim, resolutions: list[dict[str, Any]], *, note: str = "",
               extractor: str | None = None) -> None:
    """Mark the job succeeded. Call INSIDE the transaction that wrote its results; JobFenced if lost.

    ``note``: kept in ``error`` of the succeeded job (``claude_fallback: <Claude's error>`` when the offline
    extractor took over the batch); ``extractor``: the one that finally ran, when not the one claimed."""
    changes: dict[str, Any] = {"extractor": extractor} if extractor else {}
    updated = owned(claim).update(status=JobStatus.SUCCEEDED, resolutions=resolutions, error=note[:2000],
                                  finished_at=timezone.now(), input=content_free(claim.job), **changes)
    if updated == 0:
        raise JobFenced("This job was cancelled or re-queued; its results are discarded.")
    audit("job.succeeded", actor=ACTOR, target_type="job", target_id=claim.job.pk,
          data={"attempt": claim.attempt, "resolutions": len(resolutions), "extractor": claim.job.extractor})


def job_fail(claim: Claim, error: str) -> bool:
    """Mark the job failed with a content-free reason. False if this attempt no longer owns it."""
    with transaction.atomic():
        updated = owned(claim).update(status=JobStatus.FAILED, error=error[:2000], finished_at=timezone.now(),
                                       input=content_free(claim.job))
        if updated:
            audit("job.failed", actor=ACTOR, target_type="job", target_id=claim.job.pk,
                  data={"attempt": claim.attempt, "error": error.split(":", 1)[0]})
            transaction.on_commit(JOB_FAILURES.labels(claim.job.kind).inc)
    return bool(updated)


def retry_delay(attempt: int) -> timedelta:
    return timedelta(seconds=settings.JOB_RETRY_DELAY_SECONDS * 2 ** max(0, attempt - 1))


def job_visible(job_id: uuid.UUID | str, prefixes: Sequence[str] = ()) -> Job:
    """A job of the active tenant whose scope the key may see; anything else is a 404."""
    qs = Job.objects.select_related("scope", "session").filter(pk=job_id)
    if prefixes:
        qs = qs.filter(scope_filter(prefixes))
    job = qs.first()
    if job is None:
        raise NotFound("Job not found.")
    return job
