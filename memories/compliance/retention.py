"""Retention: what is kept how long (per-tenant settings), and the periodic maintenance run.

- memories past ``expires_at``: hidden at once by the selectors, deleted here (with versions);
- deprecated memories: deleted ``deprecated_retention_days`` after their last change;
- session turns: deleted ``session_retention_days`` after they were received (``received_at``, not when an
  imported turn was said); a session idle that long goes with its summary, and finished jobs that old lose
  their input (conversation text);
- exports: deleted (file, manifest, row) ``export_retention_days`` after their window ended.

Every purge writes content-free audit events (ids, counts, the reason).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from memories.choices import Status
from memories.compliance.exports import export_due, export_purge_expired, export_write
from memories.compliance.vacuum import vacuum_tables
from memories.models import Job, Memory, MemoryVersion, SearchRemoval, Session, SessionTurn
from memories.recall import graph_files
from tenants.audit import audit_event
from tenants.idempotency import answers_forget, answers_purge
from tenants.models import AuditEvent, Tenant
from tenants.scoping import tenant_scope

logger = logging.getLogger(__name__)

ACTOR = "system:retention"
BATCH = 500


def _purge_memories(qs: QuerySet[Memory], reason: str, actor: str) -> int:
    """Delete memories (and, by cascade, their versions and review items) in batches; audit each one."""
    purged = 0
    while True:
        with transaction.atomic():
            ids = list(qs.select_for_update(skip_locked=True).values_list("pk", flat=True)[:BATCH])
            if not ids:
                return purged
            versions = dict(MemoryVersion.objects.filter(memory_id__in=ids).values("memory_id")
                            .annotate(n=Count("id")).values_list("memory_id", "n"))
            Memory.objects.filter(pk__in=ids).delete()
            answers_forget(ids)
            AuditEvent.objects.bulk_create([
                audit_event("memory.purged", actor=actor, target_type="memory", target_id=pk,
                            data={"reason": reason, "versions_deleted": versions.get(pk, 0)})
                for pk in ids])
            purged += len(ids)


def memory_purge_expired(*, now: datetime | None = None, actor: str = ACTOR) -> int:
    """Delete the active tenant's memories whose ``expires_at`` has passed."""
    return _purge_memories(Memory.objects.filter(expires_at__lte=now or timezone.now()), "expired", actor)


def memory_purge_deprecated(*, tenant: Tenant, now: datetime | None = None, actor: str = ACTOR) -> int:
    cutoff = (now or timezone.now()) - timedelta(days=tenant.deprecated_retention_days)
    return _purge_memories(Memory.objects.filter(status=Status.DEPRECATED, updated_at__lt=cutoff),
                           "deprecated_retention", actor)


def session_purge_old(*, tenant: Tenant, now: datetime | None = None, actor: str = ACTOR) -> dict[str, int]:
    """Old turns go; sessions idle past the retention go whole; old finished jobs lose their input."""
    cutoff = (now or timezone.now()) - timedelta(days=tenant.session_retention_days)
    with transaction.atomic():
        idle = Session.objects.filter(updated_at__lt=cutoff)
        idle_ids = list(idle.values_list("pk", flat=True))
        turns, _ = SessionTurn.objects.filter(Q(received_at__lt=cutoff) | Q(session_id__in=idle_ids)).delete()
        sessions, _ = Session.objects.filter(pk__in=idle_ids).delete()
        jobs = Job.objects.filter(finished_at__lt=cutoff).exclude(input={}).update(input={})
        counts = {"session_turns": turns, "sessions": sessions, "job_inputs": jobs}
        if any(counts.values()):
            audit_event("sessions.purged", actor=actor, target_type="tenant", target_id=tenant.pk,
                        data={**counts, "retention_days": tenant.session_retention_days}).save()
    return counts


def retention_purge(*, tenant: Tenant, now: datetime | None = None, actor: str = ACTOR) -> dict[str, int]:
    """Apply every retention rule of one tenant. Runs inside ``tenant_scope(tenant)``."""
    now = now or timezone.now()
    return {
        "expired_memories": memory_purge_expired(now=now, actor=actor),
        "deprecated_memories": memory_purge_deprecated(tenant=tenant, now=now, actor=actor),
        **session_purge_old(tenant=tenant, now=now, actor=actor),
        "exports": export_purge_expired(tenant=tenant, now=now, actor=actor),
        "idempotency_answers": answers_purge(now=now),
    }


def maintenance_run(*, now: datetime | None = None, tenant_slug: str | None = None,
                    compact: bool = False) -> dict[str, Any]:
    """The periodic maintenance (cron or a task): per tenant, write the weekly export if due, then purge.

    Idempotent: running it hourly does the weekly export once per week. ``compact`` also rewrites
    the erasure tables (VACUUM FULL) so erased bytes leave the data files; it locks them meanwhile.
    """
    now = now or timezone.now()
    # Cross-tenant on purpose: the maintenance job visits every tenant in turn.
    tenants = Tenant.objects.order_by("slug")
    if tenant_slug:
        tenants = tenants.filter(slug=tenant_slug)
    report: dict[str, Any] = {"failed": []}
    for tenant in tenants:
        with tenant_scope(tenant):
            try:
                with transaction.atomic():
                    report[tenant.slug] = _tenant_maintenance(tenant, now)
            except Exception as exc:  # noqa: BLE001 - one tenant's failure must not stop the others'
                _maintenance_failed(tenant, exc)
                report["failed"].append(tenant.slug)
                report[tenant.slug] = {"error": type(exc).__name__}
    report["task_results_pruned"] = task_results_prune(now=now)
    report["search_removals_pruned"] = search_removals_prune(now=now)
    report["saved_graphs_pruned"] = graph_files.prune()  # of scopes gone, or naming memories gone
    if compact:
        vacuum_tables(full=True)
        report["compacted"] = True
    return report


def _tenant_maintenance(tenant: Tenant, now: datetime) -> dict[str, Any]:
    due = export_due(tenant=tenant, now=now)
    run = export_write(tenant=tenant, since=due[0], until=due[1]) if due else None
    return {"export": str(run.pk) if run else None, "purged": retention_purge(tenant=tenant, now=now)}


def _maintenance_failed(tenant: Tenant, exc: Exception) -> None:
    """Log it with its traceback, and leave a content-free audit event in the tenant's log."""
    logger.error("maintenance failed for tenant %s", tenant.slug, exc_info=exc)
    audit_event("maintenance.failed", actor=ACTOR, target_type="tenant", target_id=tenant.pk,
                data={"error": type(exc).__name__}).save()


def task_results_prune(*, now: datetime, min_age_days: int = 14) -> int:
    """Drop finished queue rows (django-tasks-db) older than two weeks. They only hold Job ids; the
    Job rows keep the history the API reports."""
    from django_tasks_db.compat import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    finished = [TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED]
    deleted, _ = DBTaskResult.objects.filter(
        status__in=finished, finished_at__lt=now - timedelta(days=min_age_days)).delete()
    return deleted


def search_removals_prune(*, now: datetime, min_age_days: int = 1) -> int:
    """Drop removal stamps older than a day (they only hold a scope id and a number). A search index
    that remembered a pruned stamp sees a different latest one and reloads its scope once: safe."""
    deleted, _ = SearchRemoval.objects.filter(created_at__lt=now - timedelta(days=min_age_days)).delete()
    return deleted
