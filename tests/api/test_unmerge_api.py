"""`POST /api/v1/memories/{id}/unmerge`: a merge undone through the API alone, by the same service as
the dashboard's Undo — sources back as they were, the merged memory deprecated, one versioned, audited step —
with If-Match (stale → 409), Idempotency-Key, 404 across tenants and outside the key's scopes, and coded 409s."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from memories.models import Memory, MemoryVersion
from tenants.models import AuditEvent, Role
from tenants.scoping import tenant_scope
from tenants.services import member_add
from tests.api.conftest import API, assert_error, create, get, history, row_counts
from tests.conftest import KeyedClient, keyed_client
from webhooks.models import WebhookDelivery, WebhookEndpoint

pytestmark = pytest.mark.django_db


def merged_pair(kc: KeyedClient) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    a = create(kc, content="Prefers meetings after 10am.")
    b = create(kc, content="Likes green tea.")
    response = kc.client.post(f"{API}/memories/merge", {"ids": [a["id"], b["id"]]}, format="json")
    assert response.status_code == 201, response.content[:2000]
    return a, b, response.json()


def unmerge(kc: KeyedClient, memory_id: str, body: Any = None, **headers: Any) -> Any:
    return kc.client.post(f"{API}/memories/{memory_id}/unmerge", body, format="json" if body is not None else None,
                          **headers)


def test_it_undoes_a_merge_in_one_versioned_audited_step(alice: KeyedClient, fake_embedder: object) -> None:
    a, b, merged = merged_pair(alice)
    with tenant_scope(alice.tenant):
        endpoint = WebhookEndpoint.objects.create(url="https://hooks.example.com/x", secret="s",
                                                  events=["memory.unmerged", "memory.deprecated"])
    response = unmerge(alice, merged["id"], HTTP_IF_MATCH=f'"{merged["version"]}"')
    assert response.status_code == 200, response.content[:2000]
    body = response.json()
    assert body["memory"]["id"] == merged["id"] and body["memory"]["status"] == "deprecated"
    assert response["ETag"] == f'"{body["memory"]["version"]}"' and body["memory"]["version"] == merged["version"] + 1
    assert {m["id"]: (m["status"], m["superseded_by"]) for m in body["sources"]} == {
        a["id"]: ("active", None), b["id"]: ("active", None)}
    assert [v["change"] for v in history(alice, a["id"])] == ["create", "merge", "restore"]
    assert [v["change"] for v in history(alice, merged["id"])] == ["merge", "deprecate"]
    assert get(alice, merged["id"])["status"] == "deprecated"
    with tenant_scope(alice.tenant):
        event = AuditEvent.objects.get(action="memory.unmerged")
        assert event.actor == alice.key.actor() and set(event.data["sources"]) == {a["id"], b["id"]}
        hooks = {d.event_type: d.payload["data"] for d in WebhookDelivery.objects.filter(endpoint=endpoint)}
    assert hooks["memory.unmerged"]["memory_id"] == merged["id"]
    assert set(hooks["memory.unmerged"]["sources"]) == {a["id"], b["id"]}
    assert hooks["memory.deprecated"] == {"memory_id": merged["id"], "version": merged["version"] + 1,
                                          "via": "unmerge", "actor": alice.key.actor()}
    # Done: a second undo is refused with a code, and changes nothing.
    before = row_counts(alice.tenant)
    assert_error(unmerge(alice, merged["id"]), 409, "undo_impossible")
    assert row_counts(alice.tenant) == before


def test_a_stale_version_is_a_409_with_the_current_memory_and_nothing_changes(alice: KeyedClient,
                                                                               fake_embedder: object) -> None:
    a, _, merged = merged_pair(alice)
    before = row_counts(alice.tenant)
    body = assert_error(unmerge(alice, merged["id"], {"version": merged["version"] + 1}), 409, "version_conflict")
    assert body["current"]["id"] == merged["id"] and body["current"]["version"] == merged["version"]
    assert_error(unmerge(alice, merged["id"], HTTP_IF_MATCH='"7"'), 409, "version_conflict")
    assert_error(unmerge(alice, merged["id"], {"version": 1}, HTTP_IF_MATCH='"2"'), 412, "precondition_failed")
    assert_error(unmerge(alice, merged["id"], HTTP_IF_MATCH='"1'), 400, "invalid_if_match")
    assert row_counts(alice.tenant) == before and get(alice, a["id"])["status"] == "deprecated"


def test_it_refuses_what_is_not_a_merge_or_changed_since(alice: KeyedClient, fake_embedder: object) -> None:
    plain = create(alice, content="Lives in Lisbon.")
    assert_error(unmerge(alice, plain["id"]), 409, "not_a_merge")
    a, _, merged = merged_pair(alice)
    changed = alice.client.patch(f"{API}/memories/{merged['id']}", {"content": "Meetings after 10."}, format="json",
                                 HTTP_IF_MATCH=f'"{merged["version"]}"')
    assert changed.status_code == 200
    assert_error(unmerge(alice, merged["id"]), 409, "undo_impossible")
    assert get(alice, a["id"])["status"] == "deprecated"
    assert_error(unmerge(alice, merged["id"], []), 400)  # a body, if any, is an object


def test_another_tenants_or_scopes_merge_is_a_404_and_a_read_only_key_a_403(alice: KeyedClient, bob: KeyedClient,
                                                                            fake_embedder: object) -> None:
    _, _, merged = merged_pair(alice)
    assert_error(unmerge(bob, merged["id"]), 404, "not_found")
    narrow = keyed_client(alice.tenant, name="narrow", scope_prefixes=["team/"])
    assert_error(unmerge(narrow, merged["id"]), 404)
    reader = keyed_client(alice.tenant, name="reader", read_only=True)
    assert_error(unmerge(reader, merged["id"]), 403, "forbidden")
    assert get(alice, merged["id"])["status"] == "active"


def test_a_retry_with_the_same_idempotency_key_gets_the_first_answer(alice: KeyedClient,
                                                                     fake_embedder: object) -> None:
    _, _, merged = merged_pair(alice)
    first = unmerge(alice, merged["id"], HTTP_IDEMPOTENCY_KEY="undo-1")
    assert first.status_code == 200
    again = unmerge(alice, merged["id"], HTTP_IDEMPOTENCY_KEY="undo-1")
    assert again.status_code == 200 and again.json() == first.json() and again["Idempotent-Replayed"] == "true"
    with tenant_scope(alice.tenant):
        assert AuditEvent.objects.filter(action="memory.unmerged").count() == 1
    # Deleting one of the memories it shows scrubs the remembered answer (no copy of the content outlives it).
    source = first.json()["sources"][0]
    assert alice.client.delete(f"{API}/memories/{source['id']}").status_code == 204
    assert_error(unmerge(alice, merged["id"], HTTP_IDEMPOTENCY_KEY="undo-1"), 410, "idempotent_answer_gone")


def test_the_api_and_the_dashboard_undo_a_merge_alike(alice: KeyedClient, fake_embedder: object) -> None:
    """One service: the same versions (change, status, reason), the same audit actions, for either entry."""
    member_add(tenant=alice.tenant, email="admin@acme.test", role=Role.ADMIN, password="correct horse battery")
    admin_client = Client()
    admin_client.force_login(get_user_model().objects.get(email="admin@acme.test"))

    def trail(merged_id: str, sources: list[str]) -> list[tuple[Any, ...]]:
        with tenant_scope(alice.tenant):
            versions = [(str(v.memory_id) == merged_id, v.change, v.status, v.reason)
                        for v in MemoryVersion.objects.filter(memory_id__in=[merged_id, *sources])
                        .order_by("memory_id", "version") if v.change in ("deprecate", "restore")]
            actions = sorted(e.action for e in AuditEvent.objects.filter(
                target_id__in=[merged_id, *sources], action__in=["memory.unmerged", "memory.deprecated",
                                                                  "memory.restored"]).exclude(data__via="merge"))
        return [*sorted(versions, key=str), *actions]

    a1, b1, via_api = merged_pair(alice)
    assert unmerge(alice, via_api["id"]).status_code == 200
    a2 = create(alice, content="Works from Porto.", scope="user/2")
    b2 = create(alice, content="Plays chess.", scope="user/2")
    merged = alice.client.post(f"{API}/memories/merge", {"ids": [a2["id"], b2["id"]]}, format="json").json()
    response = admin_client.post(reverse("dashboard:memory-unmerge", args=[merged["id"]]))
    assert response.status_code == 303
    assert trail(via_api["id"], [a1["id"], b1["id"]]) == trail(merged["id"], [a2["id"], b2["id"]])
    with tenant_scope(alice.tenant):
        assert Memory.objects.filter(status="active").count() == 4
