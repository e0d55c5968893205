"""Agents' corrections through the API alone: a correction with the `memory_ids` it corrects is a
pending proposal paired with that memory in `GET /review`; `accept` leaves exactly one active memory (the
old one superseded, its people carried), `reject` keeps the original; and every actor has a name."""

from __future__ import annotations

import pytest

from memories.models import Memory, MemorySubject
from tenants.scoping import tenant_scope
from tenants.services import apikey_revoke
from tests.api.conftest import API, assert_error, create, get, history, review_items
from tests.conftest import KeyedClient, keyed_client

pytestmark = pytest.mark.django_db

OLD = "Staff engineer in the payments team."
NEW = "Moved to the identity team."


def correct(kc: KeyedClient, memory_id: str, text: str = NEW, **extra: object) -> dict:
    response = kc.client.post(f"{API}/feedback", {"memory_ids": [memory_id], "correction": text, **extra},
                              format="json")
    assert response.status_code == 201, response.content[:2000]
    return response.json()


def test_it_pairs_a_correction_with_the_memory_it_corrects_and_accept_leaves_one(alice: KeyedClient,
                                                                                   fake_embedder: object) -> None:
    # The observed bug: no entity, no shared words, so the policy alone found nothing related — the
    # correction became a standalone pending memory and, accepted, a second active one.
    old = create(alice, content=OLD, subject="123")
    answer = correct(alice, old["id"], reason="The user said so today.")
    assert answer["review_item"] and answer["actor"] == alice.key.actor() and answer["actor_name"] == "alice"
    [item] = review_items(alice)
    assert item["id"] == answer["review_item"] and item["kind"] == "pending"
    assert item["other_memory"]["id"] == old["id"] and item["memory"]["content"] == NEW
    assert item["memory"]["status"] == "pending" and item["memory"]["provenance"] == "inferred"
    assert item["memory"]["subject"] == "123"
    assert item["reason"] == f"agent correction; would change {old['id']}: The user said so today."
    assert item["correction"]["actor_name"] == "alice" and item["correction"]["reason"] == "The user said so today."
    assert get(alice, old["id"])["status"] == "active"  # nothing changes before a person decides

    resolved = alice.client.post(f"{API}/review/{item['id']}/resolve", {"action": "accept"}, format="json").json()
    assert resolved["resolution"] == "accept" and resolved["resolved_by_name"] == "alice"
    live = alice.client.get(f"{API}/memories", {"scope": "user/1", "status": "active"}).json()["results"]
    assert [m["content"] for m in live] == [NEW]
    before = get(alice, old["id"])
    assert before["status"] == "deprecated" and before["superseded_by"] == item["memory"]["id"]
    assert [v["change"] for v in history(alice, item["memory"]["id"])] == ["create", "resolve"]
    assert not review_items(alice)
    with tenant_scope(alice.tenant):  # the person of the old memory is carried to the new one
        assert MemorySubject.objects.filter(memory_id=item["memory"]["id"], subject__external_id="123").exists()


def test_it_keeps_the_original_when_a_correction_is_rejected(alice: KeyedClient, fake_embedder: object) -> None:
    old = create(alice, content=OLD, entity="person:123/team")
    item_id = correct(alice, old["id"])["review_item"]
    response = alice.client.post(f"{API}/review/{item_id}/resolve", {"action": "reject"}, format="json")
    assert response.status_code == 200
    assert get(alice, old["id"])["status"] == "active" and get(alice, old["id"])["version"] == 1
    with tenant_scope(alice.tenant):
        assert Memory.objects.get(content=NEW).status == "deprecated"


def test_it_corrects_what_superseded_the_memory_and_refuses_nothing_new(alice: KeyedClient,
                                                                        fake_embedder: object) -> None:
    first = create(alice, content=OLD, entity="person:123/team")
    second = create(alice, content="Staff engineer in the platform team.", entity="person:123/team")
    assert second["resolution"]["action"] == "superseded"
    item_id = correct(alice, first["id"])["review_item"]
    [item] = review_items(alice)
    assert item["id"] == item_id and item["other_memory"]["id"] == second["id"]
    assert correct(alice, second["id"], text="Staff engineer in the platform team.")["review_item"] is None
    assert len(review_items(alice)) == 1


def test_it_names_the_key_in_history_even_after_it_is_revoked(alice: KeyedClient, fake_embedder: object) -> None:
    named = keyed_client(alice.tenant, name="make run")
    memory = create(named, content="Prefers tea.")
    [created] = history(alice, memory["id"])
    assert created["actor"] == named.key.actor() and created["actor_name"] == "make run"
    with tenant_scope(alice.tenant):
        apikey_revoke(tenant=alice.tenant, key_id=str(named.key.pk), actor="user:admin")
    assert history(alice, memory["id"])[0]["actor_name"] == "make run"


def test_it_never_pairs_across_tenants(alice: KeyedClient, bob: KeyedClient, fake_embedder: object) -> None:
    old = create(alice, content=OLD)
    assert_error(bob.client.post(f"{API}/feedback", {"memory_ids": [old["id"]], "correction": NEW}, format="json"),
                 404)
    assert not review_items(bob) and not review_items(alice)


def test_it_erases_a_correction_with_the_person_it_is_about(alice: KeyedClient, fake_embedder: object) -> None:
    old = create(alice, content=OLD, subject="123")
    correct(alice, old["id"], reason="Said by the user.")
    exported = alice.client.get(f"{API}/subjects/123/export").json()
    assert {m["content"] for m in exported["memories"]} == {OLD, NEW}
    assert exported["feedback"][0]["reason"] == "Said by the user."
    receipt = alice.client.delete(f"{API}/subjects/123")
    assert receipt.status_code == 200 and receipt.json()["counts"]["feedback"] == 1
    with tenant_scope(alice.tenant):
        assert not Memory.objects.exists()
    assert not review_items(alice, "all")
