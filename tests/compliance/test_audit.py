"""The audit log: append-only through the ORM and through SQL, and written at every change."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from tenants.audit import audit
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tenants.services import apikey_revoke
from tests.compliance.conftest import API
from tests.conftest import keyed_client

pytestmark = pytest.mark.django_db

APP_ROLE = "mnemara_audit_test_app"


@pytest.fixture
def event(alice):
    with tenant_scope(alice.tenant):
        return audit("memory.updated", actor="key:test", target_type="memory", target_id="m1", data={"n": 1})


def _refused(sql: str, params: list | None = None) -> None:
    with pytest.raises(DatabaseError, match=r"append-only|permission denied|must be owner"), transaction.atomic(), \
            connection.cursor() as cursor:
        cursor.execute(sql, params or [])


def test_it_refuses_changes_through_the_orm(alice, event) -> None:
    with tenant_scope(alice.tenant):
        event.action = "memory.forged"
        with pytest.raises(RuntimeError, match="append-only"):
            event.save()
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            AuditEvent.objects.filter(pk=event.pk).update(action="memory.forged")
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            AuditEvent.objects.filter(pk=event.pk).delete()
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            AuditEvent.objects.get(pk=event.pk).delete()
        assert AuditEvent.objects.get(pk=event.pk).action == "memory.updated"


def test_it_refuses_update_delete_and_truncate_in_sql_by_the_app_role(event) -> None:
    _refused("UPDATE memories_auditevent SET action = 'x' WHERE id = %s", [event.pk])
    _refused("DELETE FROM memories_auditevent WHERE id = %s", [event.pk])
    _refused("DELETE FROM memories_auditevent")
    with transaction.atomic(), connection.cursor() as cursor:
        # This test database allows TRUNCATE for Django's test flush; take that away for this check.
        cursor.execute(f'ALTER DATABASE "{connection.settings_dict["NAME"]}" RESET mnemara.allow_truncate')
        # A session cannot grant itself the exception: only the database-level setting counts.
        cursor.execute("SET LOCAL mnemara.allow_truncate = 'on'")
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # run the test's pending FK checks first
        _refused("TRUNCATE memories_auditevent CASCADE")
        transaction.set_rollback(True)
    assert AuditEvent.unscoped.filter(pk=event.pk, action="memory.updated").exists()


def test_it_refuses_a_non_owner_role_even_with_every_table_privilege(event) -> None:
    """A production app role (not the owner, not a superuser) cannot switch the guard off either."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"CREATE ROLE {APP_ROLE} NOLOGIN")
        cursor.execute(f"GRANT ALL ON memories_auditevent TO {APP_ROLE}")
        cursor.execute(f"SET LOCAL ROLE {APP_ROLE}")
        _refused("UPDATE memories_auditevent SET action = 'x' WHERE id = %s", [event.pk])
        _refused("DELETE FROM memories_auditevent WHERE id = %s", [event.pk])
        _refused("SET LOCAL session_replication_role = replica")  # the superuser way around triggers
        _refused("ALTER TABLE memories_auditevent DISABLE TRIGGER memories_auditevent_append_only")
        _refused(f'ALTER DATABASE "{connection.settings_dict["NAME"]}" SET mnemara.allow_truncate = \'on\'')
        cursor.execute("RESET ROLE")
        transaction.set_rollback(True)


def test_it_records_actor_action_target_time_and_request_id_for_every_change(alice, fake_embedder) -> None:
    request_id = "5f0c1e7a9b2d4c6e8f0a1b2c3d4e5f60"  # opaque: kept (free text is replaced)
    headers = {"HTTP_X_REQUEST_ID": request_id}
    c = alice.client
    created = c.post(f"{API}/memories", {"scope": "user/1", "content": "likes tea", "entity": "drink",
                                         "type": "preference"}, format="json", **headers).json()
    mid = created["id"]
    c.patch(f"{API}/memories/{mid}", {"content": "likes green tea"}, format="json", HTTP_IF_MATCH='"1"', **headers)
    c.post(f"{API}/memories/{mid}/deprecate", {}, format="json", **headers)
    c.post(f"{API}/memories/{mid}/restore", {}, format="json", **headers)
    other = c.post(f"{API}/memories", {"scope": "user/1", "content": "hates tea", "entity": "drink",
                                       "type": "preference"}, format="json", **headers).json()
    assert other["resolution"]["action"] == "conflict"
    item = c.get(f"{API}/review").json()["results"][0]
    c.post(f"{API}/review/{item['id']}/resolve", {"action": "keep_new"}, format="json", **headers)
    c.delete(f"{API}/memories/{mid}", **headers)
    key = keyed_client(alice.tenant, name="second", actor="user:admin@acme")
    apikey_revoke(tenant=alice.tenant, key_id=str(key.key.pk), actor="user:admin@acme")
    with tenant_scope(alice.tenant):
        events = list(AuditEvent.objects.order_by("id"))
    actions = [e.action for e in events]
    for expected in ("memory.created", "memory.updated", "memory.deprecated", "memory.restored",
                     "memory.conflicted", "review.created", "memory.resolved", "review.resolved", "memory.deleted",
                     "apikey.created", "apikey.revoked"):
        assert expected in actions, expected
    for e in events:
        assert e.actor and e.target_type and e.created_at
        if e.action.startswith(("memory.", "review.")):
            assert e.request_id == request_id and e.actor == alice.key.actor() and e.target_id, e.action
    assert {e.actor for e in events if e.action.startswith("apikey.")} >= {"user:admin@acme"}


def test_it_keeps_each_tenants_audit_log_to_itself(alice, bob, fake_embedder) -> None:
    created = alice.client.post(f"{API}/memories", {"scope": "user/1", "content": "audited"}, format="json").json()
    assert bob.client.delete(f"{API}/memories/{created['id']}").status_code == 404
    with tenant_scope(bob.tenant):
        assert not AuditEvent.objects.filter(target_id=created["id"]).exists()
