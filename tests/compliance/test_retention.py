"""Retention: expired memories vanish at once and are purged; old deprecated memories, session turns go."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from memories.compliance.retention import maintenance_run
from memories.models import Job, Memory, MemoryVersion, Session, SessionTurn
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.scopes_subjects import scope_get_or_create
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tests.compliance.conftest import API

pytestmark = pytest.mark.django_db


def test_it_stops_returning_an_expired_memory_at_once_and_purges_it(alice, fake_embedder, export_dir) -> None:
    soon = (timezone.now() + timedelta(days=1)).isoformat()
    expiring = alice.client.post(f"{API}/memories", {"scope": "user/1", "content": "temporary code 4711",
                                                     "expires_at": soon}, format="json").json()
    kept = alice.client.post(f"{API}/memories", {"scope": "user/1", "content": "permanent fact"},
                             format="json").json()
    assert alice.client.get(f"{API}/memories/{expiring['id']}").status_code == 200
    with tenant_scope(alice.tenant):
        Memory.objects.filter(pk=expiring["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert alice.client.get(f"{API}/memories/{expiring['id']}").status_code == 404
    listed = [m["id"] for m in alice.client.get(f"{API}/memories").json()["results"]]
    assert listed == [kept["id"]]

    report = maintenance_run(tenant_slug="acme")

    assert report["acme"]["purged"]["expired_memories"] == 1
    with tenant_scope(alice.tenant):
        assert not Memory.objects.filter(pk=expiring["id"]).exists()
        assert not MemoryVersion.objects.filter(memory_id=expiring["id"]).exists()
        event = AuditEvent.objects.get(action="memory.purged", target_id=expiring["id"])
        assert Memory.objects.filter(pk=kept["id"]).exists()
    assert event.data == {"reason": "expired", "versions_deleted": 1}


def test_it_purges_deprecated_memories_and_old_sessions_after_their_retention(alice, fake_embedder,
                                                                              export_dir) -> None:
    now = timezone.now()
    with tenant_scope(alice.tenant):
        old, recent, live = (r.memory for r in memory_create(actor="test", items=[
            MemoryInput(scope="team/a", content="old wrong fact"), MemoryInput(scope="team/a", content="recent"),
            MemoryInput(scope="team/a", content="live fact")]))
        Memory.objects.filter(pk__in=[old.pk, recent.pk]).update(status="deprecated")
        Memory.objects.filter(pk=old.pk).update(updated_at=now - timedelta(days=400))
        scope = scope_get_or_create("team/a")
        idle = Session.objects.create(session_key="idle", scope=scope, summary="old talk",
                                      updated_at=now - timedelta(days=100))
        active = Session.objects.create(session_key="active", scope=scope, summary="new talk")
        SessionTurn.objects.create(session=idle, seq=1, role="user", content="old")
        SessionTurn.objects.create(session=active, seq=1, role="user", content="old turn",
                                   created_at=now - timedelta(days=100), received_at=now - timedelta(days=100))
        SessionTurn.objects.create(session=active, seq=2, role="user", content="new turn")
        # Imported history: said long ago, received today; retention counts from its receipt.
        SessionTurn.objects.create(session=active, seq=3, role="user", content="imported turn",
                                   created_at=now - timedelta(days=400))
        job = Job.objects.create(kind="extract", status="succeeded", input={"messages": ["old"]},
                                 finished_at=now - timedelta(days=100))

    report = maintenance_run(now=now, tenant_slug="acme")["acme"]["purged"]

    assert report["deprecated_memories"] == 1 and report["sessions"] == 1 and report["session_turns"] == 2
    assert report["job_inputs"] == 1
    with tenant_scope(alice.tenant):
        assert set(Memory.objects.values_list("pk", flat=True)) == {recent.pk, live.pk}
        assert list(Session.objects.values_list("session_key", flat=True)) == ["active"]
        assert list(SessionTurn.objects.order_by("seq").values_list("content", flat=True)) == [
            "new turn", "imported turn"]
        assert Job.objects.get(pk=job.pk).input == {}
        assert AuditEvent.objects.filter(action="sessions.purged").count() == 1
        assert AuditEvent.objects.get(action="memory.purged").data["reason"] == "deprecated_retention"


def test_it_hides_another_tenants_expiring_memory(alice, bob, fake_embedder) -> None:
    created = alice.client.post(f"{API}/memories", {"scope": "user/1", "content": "door code 1234-x",
                                                    "expires_at": "2099-01-01T00:00:00Z"}, format="json").json()
    assert bob.client.get(f"{API}/memories/{created['id']}").status_code == 404
