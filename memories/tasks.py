"""Background tasks. They only call services; their only argument is a Job id (and an attempt number).

No conversation text ever sits in the queue row: erasing a subject's Job rows leaves nothing behind.
Service imports are local because the services enqueue these tasks (an import cycle otherwise).
"""

from __future__ import annotations

from django_tasks import task


@task()
def extraction_run(job_id: str) -> str:
    from memories.extraction.extract import job_run

    return job_run(job_id=job_id)


@task()
def job_watchdog(job_id: str, attempt: int) -> str:
    """Fires when an attempt's lease ends: re-queues the job if its worker died (see services/jobs.py)."""
    from memories.services.jobs import job_tenant
    from memories.services.jobs import job_watchdog as watchdog
    from tenants.scoping import tenant_scope

    tenant = job_tenant(job_id)
    if tenant is None:
        return "missing"
    with tenant_scope(tenant):
        return watchdog(job_id=job_id, attempt=attempt)
