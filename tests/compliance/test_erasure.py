"""GDPR erasure (Art. 17) and access (Art. 15/20): the canary test, the fence, the receipt, the API."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django_tasks_db.models import DBTaskResult

from memories.compliance.subjects import subject_erase, subject_export
from memories.models import (
    ExportRun,
    Feedback,
    Job,
    Memory,
    MemoryVector,
    MemoryVersion,
    ReviewItem,
    Session,
    SessionTurn,
)
from memories.write.flow import JobFenced, memory_create
from memories.write.prepare import MemoryInput
from mnemara.kernel.errors import NotFound
from tenants.filters import saved_filter_save
from tenants.models import AuditEvent, IdempotencyRecord, SavedFilter, Subject
from tenants.scoping import tenant_scope
from tests.compliance.conftest import API, canary_hits, write_person
from tests.conftest import keyed_client

pytestmark = pytest.mark.django_db

CANARY = "canary-7f3a9c2e-erase-me"
OTHER = "otherperson-41d8b0"


def _counts_for(subject: Subject) -> dict[str, int]:
    memories = Memory.objects.filter(subject=subject)
    ids = list(memories.values_list("pk", flat=True))
    sessions = Session.objects.filter(subject=subject)
    return {
        "memories": len(ids),
        "memory_versions": MemoryVersion.objects.filter(memory_id__in=ids).count(),
        "embeddings": memories.filter(embedding__isnull=False).count()
        + MemoryVector.objects.filter(memory_id__in=ids).count(),
        "sessions": sessions.count(),
        "session_turns": SessionTurn.objects.filter(session__in=sessions).count(),
        "session_summaries": sessions.exclude(summary="").count(),
        "review_items": ReviewItem.objects.filter(subject=subject).count(),
        "feedback": Feedback.objects.filter(memory_ids__has_any_keys=[str(i) for i in ids]).count(),
    }


def _seed_the_canary_and_someone_else(alice) -> tuple[Subject, Job, dict[str, int], list[str]]:
    """The canary person (with a queued job and saved filters) and another person: the canary's subject, its
    queued job, the counts its erasure must report, and the other person's memories."""
    with tenant_scope(alice.tenant):
        mine = write_person("123", CANARY)
        write_person("456", OTHER)
        subject = mine["subject"]
        # A queued extraction job for the person, with its queue row (args carry only the job id).
        queued = Job.objects.create(kind="extract", status="queued", subject=subject,
                                    input={"messages": [{"role": "user", "content": CANARY}]})
        DBTaskResult.objects.create(args_kwargs={"args": [str(queued.pk)], "kwargs": {}}, task_path="x.extract",
                                    backend_name="default", run_after=queued.created_at)
        # A reviewer's saved filters: a search for the person's words, one naming them, one about someone else.
        officer = get_user_model().objects.create_user("officer@acme.test")
        for name, query in (("their words", f"q={CANARY}"), ("their items", "person=123&reason=inferred_write"),
                            ("their scope", "scope=user%2F123"), ("someone else", f"q={OTHER}&conf_min=0.123")):
            saved_filter_save(user=officer, page="review", name=name, query=query)
        expected = _counts_for(subject)
        assert expected["memories"] == 4 and expected["review_items"] >= 2 and expected["session_turns"] == 2
        assert expected["memory_versions"] > expected["memories"]  # the conflict pair made second versions
        other_before = sorted(Memory.objects.filter(subject__external_id="456").values_list("content", flat=True))
    return subject, queued, expected, other_before


def _assert_the_receipt(receipt: dict, expected: dict[str, int]) -> None:
    for kind, n in expected.items():
        assert receipt["counts"][kind] == n, kind
    assert receipt["counts"]["jobs_cancelled"] == 1 and receipt["counts"]["jobs_scrubbed"] == 1
    assert receipt["counts"]["queued_tasks_deleted"] == 1
    assert receipt["counts"]["subjects"] == 1
    assert receipt["counts"]["saved_filters"] == 3
    assert receipt["vacuum"] == "scheduled"  # the test's transaction is open: VACUUM waits for the commit
    assert receipt["erased_at"] and receipt["exports"] == []


def test_it_erases_every_trace_of_the_canary_and_nothing_else(alice, fake_embedder) -> None:
    subject, queued, expected, other_before = _seed_the_canary_and_someone_else(alice)
    assert canary_hits(CANARY)  # the scan does see the data before the erasure

    response = alice.client.delete(f"{API}/subjects/123")

    assert response.status_code == 200, response.content
    receipt = response.json()
    _assert_the_receipt(receipt, expected)
    assert canary_hits(CANARY) == {}
    with tenant_scope(alice.tenant):
        assert not Subject.objects.filter(external_id="123").exists()
        assert sorted(Memory.objects.filter(subject__external_id="456").values_list("content", flat=True)) \
            == other_before
        assert Job.objects.get(pk=queued.pk).status == "cancelled"
        assert list(SavedFilter.objects.values_list("name", flat=True)) == ["someone else"]
        tombstone = AuditEvent.objects.get(action="subject.erased")
    assert canary_hits(OTHER)  # the other person is untouched
    assert tombstone.target_id == "" and tombstone.data["counts"] == receipt["counts"]
    # A word boundary: the tombstone's own timestamp may hold the digits (".123840Z").
    assert not re.search(r"\b123\b", str(tombstone.data)) and str(subject.pk) not in str(tombstone.data)


def test_it_lists_the_exports_that_still_hold_the_person(alice, fake_embedder, export_dir) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from memories.compliance.exports import export_write

    with tenant_scope(alice.tenant):
        write_person("123", CANARY)
        now = timezone.now()
        run = export_write(tenant=alice.tenant, since=now - timedelta(days=1), until=now + timedelta(days=1))
        assert run.subject_ids and ExportRun.objects.count() == 1
        receipt = subject_erase(external_id="123", actor="test")
    assert [e["id"] for e in receipt["exports"]] == [str(run.pk)]


def test_it_answers_404_for_an_unknown_subject(alice) -> None:
    response = alice.client.delete(f"{API}/subjects/nobody")
    assert response.status_code == 404 and response.json()["error"]["code"] == "subject_not_found"
    assert alice.client.get(f"{API}/subjects/nobody/export").status_code == 404
    with tenant_scope(alice.tenant), pytest.raises(NotFound):
        subject_erase(external_id="nobody", actor="test")


def test_it_fences_a_job_that_started_before_the_erasure(alice, fake_embedder) -> None:
    with tenant_scope(alice.tenant):
        write_person("123", CANARY)
        job = Job.objects.create(kind="extract", status="running", subject=Subject.objects.get(external_id="123"),
                                 input={"messages": [{"role": "user", "content": CANARY}]})
        subject_erase(external_id="123", actor="test")
        # The job finishes after the erasure: its write is refused and nothing comes back.
        with pytest.raises(JobFenced):
            memory_create(actor="job", job_id=job.pk, items=[
                MemoryInput(scope="user/123", subject="123", content=f"{CANARY} extracted late")])
        assert not Memory.objects.exists() or not Memory.objects.filter(content__contains=CANARY).exists()
        assert not Subject.objects.filter(external_id="123").exists()
        job.refresh_from_db()
        assert job.status == "cancelled" and job.input == {}
    assert canary_hits(CANARY) == {}


def test_it_erases_what_a_job_committed_before_the_erasure(alice, fake_embedder) -> None:
    with tenant_scope(alice.tenant):
        subject = Subject.objects.create(external_id="123")
        job = Job.objects.create(kind="extract", status="running", subject=subject)
        written = memory_create(actor="job", job_id=job.pk, items=[
            MemoryInput(scope="user/123", subject="123", content=f"{CANARY} extracted in time")])
        assert Memory.objects.filter(pk=written[0].memory.pk).exists()
        receipt = subject_erase(external_id="123", actor="test")
        assert receipt["counts"]["memories"] == 1 and receipt["counts"]["jobs_cancelled"] == 1
        assert not Memory.objects.filter(pk=written[0].memory.pk).exists()
    assert canary_hits(CANARY) == {}


def test_it_erases_memories_in_the_personal_scope_without_a_subject_link(alice, fake_embedder) -> None:
    with tenant_scope(alice.tenant):
        memory_create(actor="test", items=[MemoryInput(scope="user/123", subject="123", content="linked"),
                                           MemoryInput(scope="user/123/notes", content=f"{CANARY} unlinked"),
                                           MemoryInput(scope="user/1234", content="someone else")])
        receipt = subject_erase(external_id="123", actor="test")
        assert receipt["counts"]["memories"] == 2
        assert list(Memory.objects.values_list("content", flat=True)) == ["someone else"]
        assert receipt["counts"]["scopes"] == 2  # user/123 and user/123/notes: named after the person


def test_it_exports_everything_held_about_the_person(alice, fake_embedder) -> None:
    with tenant_scope(alice.tenant):
        write_person("123", CANARY)
        write_person("456", OTHER)
    response = alice.client.get(f"{API}/subjects/123/export")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["subject"]["external_id"] == "123"
    assert len(body["memories"]) == 4 and all(m["versions"] for m in body["memories"])
    assert sum(len(m["versions"]) for m in body["memories"]) > 4
    assert body["sessions"][0]["turns"][0]["content"] == f"user says {CANARY}"
    assert CANARY in body["sessions"][0]["summary"]
    assert len(body["review_items"]) >= 2 and len(body["feedback"]) == 1 and len(body["jobs"]) == 1
    actions = {e["action"] for e in body["audit_events"]}
    assert {"memory.created", "review.created"} <= actions
    assert OTHER not in response.content.decode()
    with tenant_scope(alice.tenant):
        assert AuditEvent.objects.filter(action="subject.exported").count() == 1


def test_it_exports_through_the_service_as_plain_json(alice, fake_embedder) -> None:
    import json

    with tenant_scope(alice.tenant):
        write_person("123", CANARY)
        body = subject_export(external_id="123")
    assert json.loads(json.dumps(body)) == body


def test_it_hides_subjects_from_another_tenant(alice, bob, fake_embedder, export_dir) -> None:
    from memories.compliance.exports import export_write

    with tenant_scope(alice.tenant):
        write_person("123", CANARY)
        from django.utils import timezone

        run = export_write(tenant=alice.tenant, since=timezone.now().replace(year=2000), until=timezone.now())
    for response in (bob.client.get(f"{API}/subjects/123/export"), bob.client.delete(f"{API}/subjects/123"),
                     bob.client.get(f"{API}/exports/{run.pk}/download")):
        assert response.status_code == 404, response.content
    assert bob.client.get(f"{API}/exports").json() == {"results": [], "next": None}
    with tenant_scope(alice.tenant):
        assert Subject.objects.filter(external_id="123").exists()


def test_it_needs_an_unrestricted_key_and_write_access_to_erase(alice, fake_embedder) -> None:
    with tenant_scope(alice.tenant):
        write_person("123", CANARY)
    restricted = keyed_client(alice.tenant, name="r", scope_prefixes=["user/123"])
    for response in (restricted.client.get(f"{API}/subjects/123/export"),
                     restricted.client.delete(f"{API}/subjects/123"), restricted.client.get(f"{API}/exports"),
                     restricted.client.get(f"{API}/exports/{uuid.uuid4()}/download")):
        assert response.status_code == 404, response.content
    read_only = keyed_client(alice.tenant, name="ro", read_only=True)
    assert read_only.client.get(f"{API}/subjects/123/export").status_code == 200
    response = read_only.client.delete(f"{API}/subjects/123")
    assert response.status_code == 403 and response.json()["error"]["code"] == "forbidden"
    with tenant_scope(alice.tenant):
        assert Subject.objects.filter(external_id="123").exists()


def test_it_leaves_nothing_of_the_persons_requests(alice, fake_embedder) -> None:
    """What a client chose for the person's requests — its X-Request-ID, its Idempotency-Key, its session id —
    is gone with the erasure: request ids are kept only when opaque, keys only as an HMAC, and every remembered
    answer of a request about the person is scrubbed; a retry is still not done again."""
    marker = "reqcanary5e1b"

    def sent(n: str) -> dict[str, str]:
        return {"HTTP_X_REQUEST_ID": f"req-{marker}-{n}", "HTTP_IDEMPOTENCY_KEY": f"idem-{marker}-{n}"}

    create = {"scope": "user/123", "subject": "123", "content": "Likes green tea in the morning."}
    turns = {"scope": "user/123", "subject": "123",
             "messages": [{"role": "user", "content": f"I prefer cocoa, {marker}."}]}
    assert alice.client.post(f"{API}/memories", create, format="json", **sent("create")).status_code == 201
    assert alice.client.post(f"{API}/sessions/s-{marker}/messages", turns, format="json",
                             **sent("turns")).status_code == 202
    assert alice.client.post(f"{API}/extract", {k: turns[k] for k in ("scope", "messages")}, format="json",
                             **sent("extract")).status_code == 202
    assert alice.client.delete(f"{API}/subjects/456", **sent("someone-else")).status_code == 404
    held = canary_hits(marker)  # the person's session and turns, their extraction job's input (no subject sent)
    assert {"memories_session.session_key", "memories_sessionturn.content", "memories_job.input"} <= set(held), held
    # Neither the request ids nor the keys are stored as sent.
    assert "memories_auditevent.request_id" not in held and "tenants_idempotencyrecord.key" not in held

    erased = alice.client.delete(f"{API}/subjects/123", **sent("erase"))

    assert erased.status_code == 200, erased.content
    assert canary_hits(marker) == {}
    with tenant_scope(alice.tenant):
        remembered = list(IdempotencyRecord.objects.values_list("status", "body"))
    assert sorted(status for status, _ in remembered) == [200, 410, 410, 410]  # the receipt; three scrubbed
    assert not any(marker in json.dumps(body) or "user/123" in json.dumps(body) for _, body in remembered)
    retried = alice.client.post(f"{API}/memories", create, format="json", **sent("create"))
    assert retried.status_code == 410 and retried.json()["error"]["code"] == "idempotent_answer_gone"
    assert alice.client.delete(f"{API}/subjects/123", **sent("erase")).json() == erased.json()
