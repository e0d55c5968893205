"""Exports made now (POST /api/v1/exports, a background job), flagged by an erasure, re-issued or deleted."""

from __future__ import annotations

import gzip
from datetime import timedelta

import pytest
from django.utils import timezone

from memories.compliance.export_jobs import export_job_work, export_request
from memories.compliance.exports import export_path
from memories.models import ExportRun, Job
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tests.compliance.conftest import API, write_person
from tests.conftest import keyed_client
from tests.extraction.conftest import run_jobs

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(alice, fake_embedder, export_dir):
    """Two people's memories written today, in alice's tenant."""
    with tenant_scope(alice.tenant):
        write_person("123", "erased-person", actor="key:test")
        write_person("456", "kept-person", actor="key:test")
    return alice


def _export_now(kc, **body) -> dict:
    response = kc.client.post(f"{API}/exports", body, format="json")
    assert response.status_code == 202, response.content
    return response.json()


def _file_text(run: ExportRun) -> str:
    with gzip.open(export_path(run), "rt", encoding="utf-8") as f:
        return f.read()


def test_post_exports_queues_a_job_that_the_worker_turns_into_an_export(people) -> None:
    accepted = _export_now(people)
    assert accepted["status"] == "queued" and accepted["reissue_of"] is None
    job = people.client.get(accepted["poll"]).json()
    assert (job["kind"], job["status"], job["export"]) == ("export", "queued", None)
    assert run_jobs() == 1
    job = people.client.get(accepted["poll"]).json()
    assert job["status"] == "succeeded" and job["export"]
    listed = people.client.get(f"{API}/exports").json()["results"]
    assert [e["id"] for e in listed] == [job["export"]]
    assert listed[0]["flagged"] is False and listed[0]["flagged_erasures"] == 0
    with tenant_scope(people.tenant):
        run = ExportRun.objects.get()
        assert "erased-person" in _file_text(run) and "kept-person" in _file_text(run)
        actions = list(AuditEvent.objects.filter(action__startswith="export.").values_list("action", flat=True))
    assert sorted(actions) == ["export.requested", "export.written"]
    assert people.client.get(f"{API}/exports/{run.pk}/download").status_code == 200


def test_post_exports_validates_the_window(people) -> None:
    now = timezone.now()
    backwards = {"since": now.isoformat(), "until": (now - timedelta(days=1)).isoformat()}
    bad = people.client.post(f"{API}/exports", backwards, format="json")
    assert bad.status_code == 400 and "since" in bad.json()["error"]["fields"]
    future = people.client.post(f"{API}/exports", {"until": (now + timedelta(days=1)).isoformat()}, format="json")
    assert future.status_code == 400
    accepted = _export_now(people, since=(now - timedelta(days=2)).isoformat(), until=now.isoformat())
    assert accepted["window_start"].startswith((now - timedelta(days=2)).date().isoformat())


def test_an_erasure_flags_the_exports_that_hold_the_person_and_the_receipt_lists_them(people) -> None:
    _export_now(people)
    run_jobs()
    receipt = people.client.delete(f"{API}/subjects/123").json()
    with tenant_scope(people.tenant):
        run = ExportRun.objects.get()
    assert [(e["id"], e["flagged"]) for e in receipt["exports"]] == [(str(run.pk), True)]
    listed = people.client.get(f"{API}/exports", {"flagged": "true"}).json()["results"]
    assert [(e["id"], e["flagged"], e["flagged_erasures"]) for e in listed] == [(str(run.pk), True, 1)]
    assert people.client.get(f"{API}/exports", {"flagged": "false"}).json()["results"] == []
    # An export made after the erasure is not flagged by it.
    _export_now(people, since=(timezone.now() - timedelta(days=3)).isoformat())
    run_jobs()
    assert len(people.client.get(f"{API}/exports", {"flagged": "false"}).json()["results"]) == 1


def test_reissue_rewrites_the_export_in_place_without_the_erased_person(people) -> None:
    _export_now(people)
    run_jobs()
    people.client.delete(f"{API}/subjects/123")
    with tenant_scope(people.tenant):
        run = ExportRun.objects.get()
        old_sha = run.sha256
    accepted = people.client.post(f"{API}/exports/{run.pk}/reissue", format="json")
    assert accepted.status_code == 202 and accepted.json()["reissue_of"] == str(run.pk)
    run_jobs()
    body = people.client.get(f"{API}/exports/{run.pk}").json()
    assert body["flagged"] is False and body["flagged_at"] is None and body["sha256"] != old_sha
    with tenant_scope(people.tenant):
        run = ExportRun.objects.get()
        text = _file_text(run)
        assert "erased-person" not in text and "kept-person" in text
        assert AuditEvent.objects.filter(action="export.reissued", target_id=str(run.pk)).count() == 1
    assert len(list(export_path(run).parent.iterdir())) == 2  # one file and its manifest: no old copy kept


def test_delete_removes_the_file_manifest_and_row_and_is_audited(people) -> None:
    _export_now(people)
    run_jobs()
    with tenant_scope(people.tenant):
        run = ExportRun.objects.get()
    path = export_path(run)
    assert people.client.delete(f"{API}/exports/{run.pk}").status_code == 204
    assert not path.exists() and list(path.parent.iterdir()) == []
    assert people.client.get(f"{API}/exports/{run.pk}").status_code == 404
    assert people.client.delete(f"{API}/exports/{run.pk}").status_code == 404
    with tenant_scope(people.tenant):
        assert AuditEvent.objects.filter(action="export.deleted", target_id=str(run.pk)).count() == 1


def test_another_tenant_restricted_and_read_only_keys(people, bob) -> None:
    _export_now(people)
    run_jobs()
    with tenant_scope(people.tenant):
        run = ExportRun.objects.get()
        job = Job.objects.get(kind="export")
    for method, path in [("get", f"exports/{run.pk}"), ("delete", f"exports/{run.pk}"),
                         ("post", f"exports/{run.pk}/reissue"), ("get", f"jobs/{job.pk}")]:
        assert getattr(bob.client, method)(f"{API}/{path}").status_code == 404, path
    restricted = keyed_client(people.tenant, name="r", scope_prefixes=["user/123"])
    assert restricted.client.post(f"{API}/exports", {}, format="json").status_code == 404
    assert restricted.client.get(f"{API}/jobs/{job.pk}").status_code == 404
    read_only = keyed_client(people.tenant, name="ro", read_only=True)
    assert read_only.client.post(f"{API}/exports", {}, format="json").status_code == 403
    assert read_only.client.delete(f"{API}/exports/{run.pk}").status_code == 403
    assert read_only.client.get(f"{API}/exports/{run.pk}").status_code == 200


def test_a_person_erased_while_the_file_is_written_flags_it(people, monkeypatch) -> None:
    """The erasure cannot see an export not recorded yet: the export sees the erasure instead."""
    import memories.compliance.exports as exports
    from memories.compliance.subjects import subject_erase

    real = exports._write_gzip

    def write_then_erase(path, lines):
        result = real(path, lines)
        subject_erase(external_id="123", actor="test")
        return result

    monkeypatch.setattr(exports, "_write_gzip", write_then_erase)
    with tenant_scope(people.tenant):
        job = export_request(actor="test")
        assert export_job_work(job.pk) == "succeeded"
        run = ExportRun.objects.get()
    assert run.flagged_at is not None and run.flagged_erasures == 1


def test_an_export_job_is_taken_over_when_its_attempt_outlives_the_lease(people, settings) -> None:
    from django_tasks_db.models import DBTaskResult

    with tenant_scope(people.tenant):
        job = export_request(actor="test")
        an_hour_ago = timezone.now() - timedelta(hours=1)
        # Its worker took the queue row and the job an hour ago, then died.
        DBTaskResult.objects.filter(pk=job.task_result_id).update(status="RUNNING", started_at=an_hour_ago)
        Job.objects.filter(pk=job.pk).update(status="running", attempts=1, started_at=an_hour_ago)
        assert export_job_work(job.pk) == "succeeded"
        assert DBTaskResult.objects.get(pk=job.task_result_id).status == "FAILED"
        job.refresh_from_db()
        assert (job.status, job.attempts, job.input["export"]) == ("succeeded", 2, str(ExportRun.objects.get().pk))
        fresh = export_request(actor="test", since=timezone.now() - timedelta(days=1))
        Job.objects.filter(pk=fresh.pk).update(status="running", attempts=1, started_at=timezone.now())
        assert export_job_work(fresh.pk) == "nothing"  # alive: left alone


def test_a_flagged_export_cannot_be_downloaded_until_reissued(people) -> None:
    _export_now(people)
    run_jobs()
    people.client.delete(f"{API}/subjects/123")
    with tenant_scope(people.tenant):
        run = ExportRun.objects.get()
    refused = people.client.get(f"{API}/exports/{run.pk}/download")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "export_flagged"
    people.client.post(f"{API}/exports/{run.pk}/reissue", format="json")
    run_jobs()
    assert people.client.get(f"{API}/exports/{run.pk}/download").status_code == 200
