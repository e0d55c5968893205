"""The queue side of a job's life: the tasks the worker runs, and every transition that enqueues one.

Tasks take only a Job id (and an attempt number): no conversation text ever sits in a queue row, so
erasing a subject's Job rows leaves nothing behind.

    job_create → [extraction_run] → job_claim (running; watchdog armed) → pipeline.extract → pipeline.commit
                                                       ↘ transient failure: job_retry_later (re-queued, delayed)

Recovery: django-tasks-db never re-runs a task left RUNNING by a killed worker. Every claim therefore
enqueues, in the same transaction, a *watchdog* task due when the attempt's lease ends. If the
attempt is still running then, its worker is presumed dead: the job is re-queued (or failed once
``JOB_MAX_ATTEMPTS`` is spent). The watchdog is itself a durable queue row, so recovery needs no
extra process; ``manage.py jobs_recover`` runs the same check at once, across tenants.
"""

from __future__ import annotations

import functools
import logging
import uuid
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone
from django_tasks import task

from memories.choices import JobKind, JobStatus
from memories.extraction import jobs, pipeline
from memories.extraction.candidates import Candidate, ExtractionError, KnownMemory, TransientError
from memories.extraction.jobs import (
    ACTOR,
    Claim,
    content_free,
    extractor_name,
    job_fail,
    job_tenant,
    owned,
    retry_delay,
)
from memories.models import HistoryImport, Job, Scope, Session
from memories.write.flow import JobFenced
from mnemara.kernel.errors import ServiceError
from mnemara.kernel.metrics import JOB_FAILURES
from tenants.audit import audit
from tenants.models import Subject, Tenant
from tenants.scoping import tenant_scope

if TYPE_CHECKING:
    from django_tasks_db.models import DBTaskResult

logger = logging.getLogger(__name__)


@task()
def extraction_run(job_id: str) -> str:
    """Run one extraction job. Returns what happened, for logs and tests."""
    tenant = job_tenant(job_id)
    if tenant is None:
        return "missing"  # erased with its subject: nothing to do, nothing left behind
    with tenant_scope(tenant):
        claim = job_claim(job_id)
        if claim is None:
            return "skipped"
        if _groups(claim.job):
            return _run_group(claim, _followers(claim.job))
        return _run_claimed(claim)


@task()
def job_watchdog(job_id: str, attempt: int) -> str:
    """Fires when an attempt's lease ends: re-queues the job if its worker died."""
    tenant = job_tenant(job_id)
    if tenant is None:
        return "missing"
    with tenant_scope(tenant):
        return job_watchdog_check(job_id=job_id, attempt=attempt)


def _enqueue_run(job: Job, run_after: datetime | None = None) -> None:
    task = extraction_run.using(run_after=run_after) if run_after else extraction_run
    job.task_result_id = str(task.enqueue(str(job.pk)).id)


def job_create(*, kind: str, scope: Scope | None = None, subject: Subject | None = None, session: Session | None = None,
               input: dict[str, Any], actor: str) -> Job:
    """A queued job and its queue row. Call inside the caller's transaction: both commit together."""
    with transaction.atomic():
        job = Job(kind=kind, scope=scope, subject=subject, session=session, input=input, status=JobStatus.QUEUED)
        _enqueue_run(job)
        job.save()
        audit("job.queued", actor=actor, target_type="job", target_id=job.pk, data={"kind": kind})
    return job


def job_claim(job_id: uuid.UUID | str) -> Claim | None:
    """Take a queued job for this worker (running, attempts+1) and arm its watchdog. None: not queued."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != JobStatus.QUEUED:
            return None
        now = timezone.now()
        job.status, job.attempts, job.started_at, job.finished_at = JobStatus.RUNNING, job.attempts + 1, now, None
        job.extractor = extractor_name()
        job.save(update_fields=["status", "attempts", "started_at", "finished_at", "extractor"])
        lease_end = now + timedelta(seconds=settings.JOB_LEASE_SECONDS)
        job_watchdog.using(run_after=lease_end).enqueue(str(job.pk), job.attempts)
    return Claim(job, job.attempts)


def job_retry_later(claim: Claim, error: str) -> bool:
    """A transient failure: re-queue with a growing delay, or fail once the attempts are spent."""
    if claim.attempt >= settings.JOB_MAX_ATTEMPTS:
        return job_fail(claim, f"{error} (gave up after {claim.attempt} attempts)")
    with transaction.atomic():
        job = owned(claim).select_for_update().first()
        if job is None:
            return False
        job.status, job.error = JobStatus.QUEUED, f"{error} (attempt {claim.attempt} of {settings.JOB_MAX_ATTEMPTS})"
        _enqueue_run(job, run_after=timezone.now() + retry_delay(claim.attempt))
        job.save(update_fields=["status", "error", "task_result_id"])
    return True


def job_watchdog_check(*, job_id: uuid.UUID | str, attempt: int, worker_gone: bool = False) -> str:
    """Re-queue (or fail) an attempt whose worker died: at its lease's end, or at once when ``worker_gone``
    (its worker is known to have stopped). Returns what it did, for logs and tests."""
    with transaction.atomic():
        job = Job.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.status != JobStatus.RUNNING or job.attempts != attempt:
            return "nothing"  # finished, cancelled, or a newer attempt with its own watchdog
        lease_end = (job.started_at or timezone.now()) + timedelta(seconds=settings.JOB_LEASE_SECONDS)
        if lease_end > timezone.now() and not worker_gone:
            job_watchdog.using(run_after=lease_end).enqueue(str(job.pk), attempt)
            return "rearmed"
        _abandon_task_row(job.task_result_id)
        lost = f"worker_lost: the worker stopped during attempt {attempt} of {settings.JOB_MAX_ATTEMPTS}"
        if attempt >= settings.JOB_MAX_ATTEMPTS:
            job.status, job.error, job.finished_at = JobStatus.FAILED, lost, timezone.now()
            job.input = content_free(job)
            job.save(update_fields=["status", "error", "finished_at", "input"])
            transaction.on_commit(JOB_FAILURES.labels(job.kind).inc)
            action = "failed"
        else:
            job.status, job.error = JobStatus.QUEUED, lost
            _enqueue_run(job)
            job.save(update_fields=["status", "error", "task_result_id"])
            action = "requeued"
        audit("job.failed" if action == "failed" else "job.requeued", actor=ACTOR, target_type="job", target_id=job.pk,
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
    # Export jobs recover by themselves (memories.compliance.export_jobs).
    stale = (Job.unscoped.filter(status=JobStatus.RUNNING, started_at__lt=cutoff).exclude(kind=JobKind.EXPORT)
             .values_list("pk", "tenant_id", "attempts"))
    tenants = {t.pk: t for t in Tenant.objects.filter(pk__in={row[1] for row in stale})}
    for job_id, tenant_id, attempts in stale:
        with tenant_scope(tenants[tenant_id]):
            action = job_watchdog_check(job_id=job_id, attempt=attempts)
        counts[action] = counts.get(action, 0) + 1
    return counts


def jobs_recover_orphaned() -> dict[str, int]:
    """Re-queue at once every running job whose worker has stopped (``dead_workers``: its process is gone on
    this host, or it stopped beating), without waiting for the lease: a chore of every worker."""
    from django_tasks_db.models import DBTaskResult

    from memories.extraction.worker import dead_workers

    # Cross-tenant on purpose: a worker's sweep; each job is then handled inside its own tenant.
    running = list(Job.unscoped.filter(status=JobStatus.RUNNING).exclude(kind=JobKind.EXPORT)
                   .values_list("pk", "tenant_id", "attempts", "task_result_id"))
    if not running:
        return {}
    workers = {str(pk): ids[-1] for pk, ids in DBTaskResult.objects.filter(
        pk__in=[row[3] for row in running if row[3]]).values_list("pk", "worker_ids") if ids}
    dead = dead_workers(timezone.now(), set(workers.values()))
    orphans = [row for row in running if workers.get(str(row[3])) in dead]
    tenants = {t.pk: t for t in Tenant.objects.filter(pk__in={row[1] for row in orphans})}
    counts: dict[str, int] = {}
    for job_id, tenant_id, attempts, _ in orphans:
        with tenant_scope(tenants[tenant_id]):
            action = job_watchdog_check(job_id=job_id, attempt=attempts, worker_gone=True)
        counts[action] = counts.get(action, 0) + 1
    return counts


def _run_import(claim: Claim) -> str:
    """A history import's extraction: its conversations' jobs one after the other, oldest first (so a later
    session supersedes an earlier one), each claimed and run as a worker runs any job. The lease is renewed
    before each, so a long import is not taken for a dead one; a job that cannot run now (a retry later)
    runs on its own from the queue, and the import goes on."""
    record = HistoryImport.objects.filter(pk=claim.job.input.get("import")).first()
    for job_id, _line in record.jobs if record is not None else []:
        if not owned(claim).update(started_at=timezone.now()):
            return "fenced"
        child = job_claim(job_id)
        if child is None:
            continue  # done by an earlier attempt, re-queued on its own, or erased
        try:
            _run_claimed(child)
        except Exception:  # already recorded as the child's failure (internal_error); the others still run
            logger.exception("import %s: job %s failed", record.pk if record else "?", job_id)
    with transaction.atomic():
        jobs.job_finish(claim, [])
    return JobStatus.SUCCEEDED


# --------------------------------------------------------------------------- offline jobs written together

#: The most queued offline extraction jobs one worker run writes together (one ``memory_create`` batch), and
#: the most new turns they may hold in all: ~400 turns give ~450 memories (LoCoMo: 1.1 a turn), so one group's
#: transaction is about as large as a client's batch ``POST /memories`` of 500, never larger.
GROUP_JOBS = 32
GROUP_TURNS = 400
GROUPED_KINDS = (JobKind.SESSION, JobKind.CLOSE, JobKind.EXTRACT)


def _groups(job: Job) -> bool:
    return job.kind in GROUPED_KINDS and job.extractor == "rules" and GROUP_JOBS > 1


def _queued_after(first: Job) -> list[tuple[uuid.UUID, str]]:
    """The offline jobs of this tenant queued after ``first`` and due now, in queue order, up to ``GROUP_JOBS``
    and ``GROUP_TURNS`` in all: the run stops at the first that may not join (not due, another extractor's, a
    second job of a session already in the group: its summary builds on the earlier job's, or one over the
    turns), so no job is written before one queued earlier."""
    from django_tasks_db.models import DBTaskResult

    rows = list(Job.objects.filter(status=JobStatus.QUEUED, created_at__gte=first.created_at).exclude(pk=first.pk)
                .order_by("created_at", "pk").values_list("pk", "kind", "session_id", "task_result_id", "input")
                [: GROUP_JOBS - 1])
    due = {str(pk) for pk in DBTaskResult.objects.ready().filter(
        pk__in=[row[3] for row in rows if row[3]]).values_list("pk", flat=True)}
    sessions = {first.session_id} - {None}
    turns = _new_turns(first.input)
    taken: list[tuple[uuid.UUID, str]] = []
    for pk, kind, session_id, task_result_id, job_input in rows:
        turns += _new_turns(job_input)
        if kind not in GROUPED_KINDS or str(task_result_id) not in due or extractor_name() != "rules" or (
                session_id is not None and session_id in sessions) or turns > GROUP_TURNS:
            break
        sessions.add(session_id)
        taken.append((pk, str(task_result_id)))
    return taken


def _new_turns(job_input: dict[str, Any]) -> int:
    """The turns a session, close or extract job reads as new (its context turns aside)."""
    if "messages" in job_input:
        return len(job_input["messages"])
    return max(0, int(job_input.get("to_seq", 0)) - int(job_input.get("from_seq", 1)) + 1)


def _followers(first: Job) -> list[tuple[Claim, DBTaskResult]]:
    """The jobs this run takes with ``first`` (``_queued_after``), each claimed with its queue row. Only when
    ``first``'s own row is running on a worker: the others' rows are marked running on the same worker."""
    from django_tasks_db.models import DBTaskResult

    worker_ids = DBTaskResult.objects.filter(pk=first.task_result_id, status="RUNNING").values_list(
        "worker_ids", flat=True).first()
    if not worker_ids:
        return []
    taken = [_follower_claim(pk, row_id, worker_ids[-1]) for pk, row_id in _queued_after(first)]
    return [pair for pair in taken if pair is not None]


def _follower_claim(job_id: uuid.UUID, task_result_id: str, worker_id: str) -> tuple[Claim, DBTaskResult] | None:
    """A job and its queue row taken together, the row marked running on ``worker_id`` as the worker marks the
    rows it takes: no other worker runs it meanwhile, and if this worker dies mid-group every job of the group
    is re-queued at once (``jobs_recover_orphaned`` finds each by its row), not at its lease's end. None: the
    row or the job was taken by someone else first."""
    from django_tasks_db.models import DBTaskResult

    with transaction.atomic():
        row = DBTaskResult.objects.ready().select_for_update(skip_locked=True).filter(pk=task_result_id).first()
        if row is None:
            return None
        claim = job_claim(job_id)
        if claim is None:
            return None
        row.claim(worker_id)
    return claim, row


def _rows_finish(followers: Sequence[tuple[Claim, DBTaskResult]], statuses: dict[uuid.UUID, str]) -> None:
    """The taken rows end as the worker ends a row whose task returned (unless they changed hands meanwhile)."""
    from django_tasks_db.models import DBTaskResult

    for claim, row in followers:
        DBTaskResult.objects.filter(pk=row.pk, status="RUNNING", worker_ids=row.worker_ids).update(
            status="SUCCESSFUL", finished_at=timezone.now(), return_value=statuses[claim.job.pk])


def _run_group(first: Claim, followers: Sequence[tuple[Claim, DBTaskResult]]) -> str:
    """Offline jobs claimed together: each extracted in queue order (a later job of the same scope is shown what
    the earlier ones found as the newest memories), then all their memories written in ONE ``memory_create``
    batch, as a ``POST /memories`` list is: one embedding batch (split over the cores), one transaction.
    A job whose extraction fails fails (or retries) alone; if the batch write is refused (a job was cancelled
    by an erasure, a secret under the reject policy, a database error), each job is written on its own, as it
    would have been alone. Returns the first job's outcome."""
    statuses: dict[uuid.UUID, str] = {}
    group: list[tuple[Claim, pipeline.Work, list[KnownMemory], pipeline.Outcome]] = []
    pending: dict[str, list[Candidate]] = {}
    failure: Exception | None = None
    for claim in [first, *(claim for claim, _ in followers)]:
        def extract(claim: Claim = claim) -> str:
            scope = str(claim.job.scope_id or "")
            work, known, outcome = pipeline.extract(claim, pending=pending.get(scope, []))
            group.append((claim, work, known, outcome))
            pending.setdefault(scope, []).extend(outcome.candidates)
            return JobStatus.SUCCEEDED
        try:
            statuses[claim.job.pk] = _guarded(claim, extract, reraise=claim is first)
        except Exception as exc:  # noqa: BLE001 - recorded on the first job; raised once the others are done
            statuses[claim.job.pk], failure = JobStatus.FAILED, exc
    if group:
        try:
            pipeline.commit_together(group)
        except Exception as exc:  # noqa: BLE001 - each job is then written on its own, with its own handling
            logger.info("jobs %s written one by one: the batch write failed (%s)",
                        [str(c.job.pk) for c, *_ in group], type(exc).__name__)
            for claim, work, known, outcome in group:
                statuses[claim.job.pk] = _guarded(claim, functools.partial(_commit, claim, work, known, outcome),
                                                  reraise=False)
    _rows_finish(followers, statuses)
    if failure is not None:
        raise failure
    return statuses[first.job.pk]


def _commit(claim: Claim, work: pipeline.Work, known: list[KnownMemory], outcome: pipeline.Outcome) -> str:
    pipeline.commit(claim, work, known, outcome)
    return JobStatus.SUCCEEDED


def _run_claimed(claim: Claim) -> str:
    if claim.job.kind == JobKind.IMPORT:
        return _guarded(claim, lambda: _run_import(claim))

    def run() -> str:
        work, known, outcome = pipeline.extract(claim)
        return _commit(claim, work, known, outcome)

    return _guarded(claim, run)


def _guarded(claim: Claim, work: Callable[[], str], *, reraise: bool = True) -> str:
    """Run a claimed job's ``work``; a failure is recorded on the job as what it is (fenced, retry later,
    failed). ``reraise``: an unexpected error is raised again once recorded (the task's own job)."""
    try:
        return work()
    except JobFenced:
        logger.info("job %s attempt %s was fenced (cancelled or re-queued); nothing written",
                    claim.job.pk, claim.attempt)
        return "fenced"
    except TransientError as exc:
        return "retry" if job_retry_later(claim, str(exc)) else "fenced"
    except (OperationalError, InterfaceError) as exc:
        return "retry" if job_retry_later(claim, f"database_error: {type(exc).__name__}") else "fenced"
    except ExtractionError as exc:
        job_fail(claim, str(exc))
        return JobStatus.FAILED
    except ServiceError as exc:  # the write flow refused the batch (e.g. a secret under the reject policy)
        job_fail(claim, f"write_refused: {exc.code}: {exc.message}")
        return JobStatus.FAILED
    except Exception as exc:
        job_fail(claim, f"internal_error: {type(exc).__name__}")
        if reraise:
            raise
        logger.exception("job %s failed", claim.job.pk)
        return JobStatus.FAILED
