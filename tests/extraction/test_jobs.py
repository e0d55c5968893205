"""Job lifecycle: the queue row holds only the job id, attempts fence late writes, the watchdog recovers."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from memories.extraction import tasks
from memories.extraction.sessions import extraction_request
from memories.models import Job, Memory
from tenants.scoping import tenant_scope
from tests.extraction.conftest import run_jobs

pytestmark = pytest.mark.usefixtures("offline", "fake_embedder")


@pytest.fixture
def offline(settings):
    settings.ANTHROPIC_API_KEY = ""


@pytest.fixture
def queued(in_alice):
    return extraction_request(scope="user/1", actor="test",
                              messages=[{"role": "user", "content": "Remember: my locker is 12."}])


def claim(job_id):
    taken = tasks.job_claim(job_id)
    assert taken is not None
    return taken


def expire(job_id, settings):
    Job.objects.filter(pk=job_id).update(
        started_at=timezone.now() - timedelta(seconds=settings.JOB_LEASE_SECONDS + 1))


def test_it_queues_only_the_job_id(queued):
    [row] = DBTaskResult.objects.all()
    assert row.task_path == "memories.extraction.tasks.extraction_run"
    assert row.args_kwargs == {"args": [str(queued.pk)], "kwargs": {}}


def test_it_commits_once_when_a_presumed_dead_attempt_comes_back(queued, settings):
    first = claim(queued.pk)
    expire(queued.pk, settings)
    assert tasks.job_watchdog_check(job_id=queued.pk, attempt=1) == "requeued"
    second = claim(queued.pk)
    assert second.attempt == 2
    assert tasks._run_claimed(first) == "fenced"  # the old attempt finishes late: its write is refused
    assert Memory.objects.count() == 0
    assert tasks._run_claimed(second) == "succeeded"
    assert list(Memory.objects.values_list("content", flat=True)) == ["The user's locker is 12."]
    job = Job.objects.get(pk=queued.pk)
    assert (job.status, job.attempts, len(job.resolutions)) == ("succeeded", 2, 1)


def test_it_fails_the_job_when_its_worker_keeps_dying(queued, settings):
    settings.JOB_MAX_ATTEMPTS = 2
    for attempt in (1, 2):
        assert claim(queued.pk).attempt == attempt
        expire(queued.pk, settings)
        outcome = tasks.job_watchdog_check(job_id=queued.pk, attempt=attempt)
    assert outcome == "failed"
    job = Job.objects.get(pk=queued.pk)
    assert job.status == "failed"
    assert job.error == "worker_lost: the worker stopped during attempt 2 of 2"
    assert job.input == {"messages_count": 1}
    assert Memory.objects.count() == 0


def test_it_leaves_a_job_alone_while_its_lease_runs(queued):
    claim(queued.pk)
    assert tasks.job_watchdog_check(job_id=queued.pk, attempt=1) == "rearmed"
    assert tasks.job_watchdog_check(job_id=queued.pk, attempt=0) == "nothing"
    assert Job.objects.get(pk=queued.pk).status == "running"


def test_it_writes_nothing_for_a_job_cancelled_by_an_erasure(queued):
    taken = claim(queued.pk)
    Job.objects.filter(pk=queued.pk).update(status="cancelled")  # what subject_erase does, under lock
    assert tasks._run_claimed(taken) == "fenced"
    assert Job.objects.get(pk=queued.pk).status == "cancelled"
    assert Memory.objects.count() == 0
    run_jobs()  # the queued task finds nothing to claim
    assert Memory.objects.count() == 0


def test_it_does_nothing_for_an_erased_job(queued):
    Job.objects.filter(pk=queued.pk).delete()
    with tenant_scope(None):
        run_jobs()
    assert DBTaskResult.objects.get().return_value == "missing"


def test_it_recovers_stale_jobs_on_command(queued, settings, bob_tenant):
    claim(queued.pk)
    out = StringIO()
    call_command("jobs_recover", stdout=out)
    assert out.getvalue().strip() == "no stale jobs"
    expire(queued.pk, settings)
    with tenant_scope(bob_tenant):  # the sweep crosses tenants on purpose
        call_command("jobs_recover", stdout=out)
    assert "requeued: 1" in out.getvalue()
    run_jobs()
    assert Job.objects.get(pk=queued.pk).status == "succeeded"


def running_on(job_id, worker_id: str) -> None:
    """The job's queue row as django-tasks-db leaves it when ``worker_id`` claimed it and then died."""
    row = DBTaskResult.objects.get(pk=Job.objects.get(pk=job_id).task_result_id)
    row.claim(worker_id)


def test_a_job_whose_worker_process_is_gone_is_requeued_at_once(queued, settings):
    import socket

    from memories.extraction.worker import queue_state, worker_heartbeat
    from memories.models import WorkerHeartbeat

    running_on(queued.pk, "killed-worker")
    claim(queued.pk)
    worker_heartbeat(worker_id="killed-worker", started_at=timezone.now())
    WorkerHeartbeat.objects.filter(worker_id="killed-worker").update(hostname=socket.gethostname(), pid=2**22 + 7)
    assert queue_state().degraded_reasons() == [
        "worker_lost: 1 task(s) still marked running on a worker that stopped"]
    assert tasks.jobs_recover_orphaned() == {"requeued": 1}  # long before the lease ends
    job = Job.objects.get(pk=queued.pk)
    assert job.status == "queued" and job.error.startswith("worker_lost")
    assert queue_state().orphaned == 0


def test_a_silent_worker_elsewhere_is_dead_after_three_beats_a_live_one_never(queued, settings):
    from memories.extraction.worker import worker_heartbeat
    from memories.models import WorkerHeartbeat

    running_on(queued.pk, "remote-worker")
    claim(queued.pk)
    worker_heartbeat(worker_id="remote-worker", started_at=timezone.now())
    WorkerHeartbeat.objects.filter(worker_id="remote-worker").update(hostname="another-host")
    assert tasks.jobs_recover_orphaned() == {}  # beating: alive, whatever its pid here
    WorkerHeartbeat.objects.filter(worker_id="remote-worker").update(
        beat_at=timezone.now() - timedelta(seconds=3 * settings.WORKER_HEARTBEAT_SECONDS + 1))
    assert tasks.jobs_recover_orphaned() == {"requeued": 1}


# --------------------------------------------------------------------------- offline jobs written together

def _request(*texts, scope="user/1"):
    return [extraction_request(scope=scope, actor="test", messages=[{"role": "user", "content": text}])
            for text in texts]


def _returned():
    rows = DBTaskResult.objects.filter(task_path="memories.extraction.tasks.extraction_run").order_by("enqueued_at")
    return [row.return_value for row in rows]


def test_queued_offline_jobs_are_written_together_in_one_batch(in_alice, monkeypatch):
    from memories.extraction import pipeline

    batches = []
    real = pipeline.memory_create

    def counted(**kwargs):
        batches.append(len(kwargs["items"]))
        return real(**kwargs)

    monkeypatch.setattr(pipeline, "memory_create", counted)
    queued = _request("Remember: my locker is 12.", "I'm allergic to nuts.", "I drive a blue Toyota Corolla.")
    assert run_jobs() == 1  # the first run took the others' queue rows with their jobs
    assert _returned() == ["succeeded", "succeeded", "succeeded"]
    assert len(batches) == 1 and batches[0] == Memory.objects.count() >= 3
    for job in queued:
        job.refresh_from_db()
        assert job.status == "succeeded"
        assert [r["action"] for r in job.resolutions] and all(
            Memory.objects.filter(pk=r["memory"], metadata__extraction__job=str(job.pk)).exists()
            for r in job.resolutions if r["memory"])


def test_a_job_cancelled_while_its_group_extracts_writes_nothing_the_others_do(in_alice, monkeypatch):
    from memories.extraction import pipeline

    first, second, third = _request("Remember: my locker is 12.", "I'm allergic to nuts.",
                                    "I drive a blue Toyota Corolla.")
    real = pipeline.extract

    def erasing(claim, **kwargs):
        if claim.job.pk == second.pk:  # an erasure cancels the first job, already claimed, under its lock
            Job.objects.filter(pk=first.pk).update(status="cancelled")
        return real(claim, **kwargs)

    monkeypatch.setattr(pipeline, "extract", erasing)
    run_jobs()
    assert [Job.objects.get(pk=j.pk).status for j in (first, second, third)] == ["cancelled", "succeeded", "succeeded"]
    assert not Memory.objects.filter(metadata__extraction__job=str(first.pk)).exists()
    assert Memory.objects.filter(metadata__extraction__job=str(second.pk)).exists()
    assert Memory.objects.filter(metadata__extraction__job=str(third.pk)).exists()


def test_a_later_job_of_the_group_sees_what_an_earlier_one_found(in_alice):
    # "green now" takes the key of the theme preference the first job found, though it is written in the same batch.
    _request("I prefer a blue theme.", "Actually I prefer green now.")
    run_jobs()
    assert _returned() == ["succeeded", "succeeded"]
    entities = {m.content: m.entity for m in Memory.objects.all()}
    assert len(set(entities.values())) == 1, entities


def test_a_group_whose_worker_died_is_requeued_at_once_every_job_of_it(in_alice, monkeypatch):
    """The jobs a run took with its own are marked running on its worker, queue rows too: when that worker dies
    mid-write, each is re-queued at once (not only the first, the others at their lease's end) and done again."""
    import socket

    from memories.extraction import pipeline
    from memories.extraction.worker import queue_state, worker_heartbeat
    from memories.models import WorkerHeartbeat

    first, second = _request("Remember: my locker is 12.", "I'm allergic to nuts.")
    running_on(first.pk, "killed-worker")

    def killed(group):
        raise KeyboardInterrupt  # what a SIGKILL leaves: nothing after this line runs, nothing is committed

    monkeypatch.setattr(pipeline, "commit_together", killed)
    with pytest.raises(KeyboardInterrupt):
        tasks.extraction_run.call(str(first.pk))
    assert [Job.objects.get(pk=j.pk).status for j in (first, second)] == ["running", "running"]
    worker_heartbeat(worker_id="killed-worker", started_at=timezone.now())
    WorkerHeartbeat.objects.filter(worker_id="killed-worker").update(hostname=socket.gethostname(), pid=2**22 + 7)
    assert queue_state().orphaned == 2
    assert tasks.jobs_recover_orphaned() == {"requeued": 2}  # long before the lease ends
    assert queue_state().orphaned == 0
    monkeypatch.undo()
    run_jobs()
    for job in (first, second):
        assert Job.objects.get(pk=job.pk).status == "succeeded"
        assert Memory.objects.filter(metadata__extraction__job=str(job.pk)).count() == 1


def test_a_job_of_the_group_whose_extraction_breaks_fails_alone(in_alice, monkeypatch):
    from memories.extraction import pipeline

    first, second, third = _request("Remember: my locker is 12.", "I'm allergic to nuts.",
                                    "I drive a blue Toyota Corolla.")
    real = pipeline.extract

    def breaking(claim, **kwargs):
        if claim.job.pk == second.pk:
            raise RuntimeError("a bug met by this job's words only")
        return real(claim, **kwargs)

    monkeypatch.setattr(pipeline, "extract", breaking)
    run_jobs()
    assert [Job.objects.get(pk=j.pk).status for j in (first, second, third)] == ["succeeded", "failed", "succeeded"]
    assert Job.objects.get(pk=second.pk).error == "internal_error: RuntimeError"
    assert not Memory.objects.filter(metadata__extraction__job=str(second.pk)).exists()
    assert Memory.objects.filter(metadata__extraction__job=str(first.pk)).count() == 1
    assert Memory.objects.filter(metadata__extraction__job=str(third.pk)).count() == 1
    assert DBTaskResult.objects.filter(status="RUNNING").count() == 0


def test_the_first_job_breaking_fails_alone_and_its_row_says_so(in_alice, monkeypatch):
    from memories.extraction import pipeline

    first, second = _request("Remember: my locker is 12.", "I'm allergic to nuts.")
    real = pipeline.extract

    def breaking(claim, **kwargs):
        if claim.job.pk == first.pk:
            raise RuntimeError("a bug met by this job's words only")
        return real(claim, **kwargs)

    monkeypatch.setattr(pipeline, "extract", breaking)
    run_jobs()
    assert [Job.objects.get(pk=j.pk).status for j in (first, second)] == ["failed", "succeeded"]
    rows = {str(row.pk): row.status for row in DBTaskResult.objects.filter(
        task_path="memories.extraction.tasks.extraction_run")}
    assert rows == {str(Job.objects.get(pk=first.pk).task_result_id): "FAILED",
                    str(Job.objects.get(pk=second.pk).task_result_id): "SUCCESSFUL"}
    assert Memory.objects.filter(metadata__extraction__job=str(second.pk)).count() == 1


def test_a_batch_write_one_job_breaks_is_written_job_by_job(in_alice, monkeypatch):
    """The batch is all or nothing; when it is refused for one job's memories, the others are still written."""
    from django.db import DataError

    from memories.extraction import pipeline

    first, second, third = _request("Remember: my locker is 12.", "I'm allergic to nuts.",
                                    "I drive a blue Toyota Corolla.")
    real = pipeline.memory_create
    batches = []

    def refusing(**kwargs):
        batches.append(len(kwargs["items"]))
        if any("nuts" in item.content for item in kwargs["items"]):
            raise DataError("a value this job's memory holds")
        return real(**kwargs)

    monkeypatch.setattr(pipeline, "memory_create", refusing)
    run_jobs()
    assert batches == [3, 1, 1, 1]
    assert [Job.objects.get(pk=j.pk).status for j in (first, second, third)] == ["succeeded", "failed", "succeeded"]
    assert not Memory.objects.filter(metadata__extraction__job=str(second.pk)).exists()
    assert Memory.objects.filter(metadata__extraction__job=str(first.pk)).count() == 1
    assert Memory.objects.filter(metadata__extraction__job=str(third.pk)).count() == 1


def test_a_group_holds_at_most_its_turns_the_next_job_starts_another(in_alice, monkeypatch):
    monkeypatch.setattr(tasks, "GROUP_TURNS", 2)
    _request("Remember: my locker is 12.", "I'm allergic to nuts.", "I drive a blue Toyota Corolla.")
    assert run_jobs() == 2  # the first two jobs' two turns together, the third on its own
    assert _returned() == ["succeeded", "succeeded", "succeeded"]
    assert Job.objects.filter(status="succeeded").count() == 3
