"""Keyed memories: PUT/GET/DELETE /keys/memory, GET /keys, GET /namespaces — the write flow behind a PUT
(policy, review, versions, audit), preconditions, pagination, tenancy (404), key scopes (404) and read-only
keys (403)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

from memories.models import Memory, MemoryVersion
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tests.api.conftest import API, assert_error, create, history, review_items
from tests.conftest import KeyedClient, keyed_client

pytestmark = pytest.mark.django_db


def url(scope: str = "user/1", key: str = "notes/a.md", path: str = "keys/memory", **more: Any) -> str:
    return f"{API}/{path}?{urlencode({'scope': scope, 'key': key, **more})}"


def put(kc: KeyedClient, key: str = "notes/a.md", expect: int | None = None, scope: str = "user/1",
        headers: dict[str, Any] | None = None, **fields: Any) -> Any:
    response = kc.client.put(url(scope, key), fields, format="json", **(headers or {}))
    if expect is not None:
        assert response.status_code == expect, response.content[:2000]
    return response


def test_it_creates_then_replaces_a_keyed_memory_as_new_versions(alice: KeyedClient) -> None:
    created = put(alice, expect=201, content="Sam prefers tea.", type="preference")
    body = created.json()
    assert created["ETag"] == '"1"' and body["key"] == "notes/a.md" and body["resolution"]["action"] == "created"
    replaced = put(alice, expect=200, content="Sam prefers green tea.", type="preference",
                   headers={"HTTP_IF_MATCH": '"1"'})
    assert replaced.json()["id"] == body["id"] and replaced.json()["version"] == 2
    assert replaced.json()["resolution"] == {"action": "updated", "related": [body["id"]]}
    got = alice.client.get(url())
    assert got.status_code == 200 and got["ETag"] == '"2"' and got.json()["content"] == "Sam prefers green tea."
    versions = history(alice, body["id"])
    assert [(v["version"], v["key"], v["content"]) for v in versions] == [
        (1, "notes/a.md", "Sam prefers tea."), (2, "notes/a.md", "Sam prefers green tea.")]
    assert versions[1]["reason"] == "replaced by a write to its key"
    same = put(alice, expect=200, content="Sam prefers green tea.", type="preference")
    assert same.json()["resolution"]["action"] == "duplicate" and same.json()["version"] == 2
    with tenant_scope(alice.tenant):
        actions = list(AuditEvent.objects.filter(target_id=body["id"]).values_list("action", flat=True))
    assert actions.count("memory.created") == 1 and actions.count("memory.updated") == 1


def test_it_keeps_equal_content_under_two_keys_as_two_memories(alice: KeyedClient) -> None:
    first = put(alice, "a", expect=201, content="The build uses Bazel.").json()
    second = put(alice, "b", expect=201, content="The build uses Bazel.").json()
    assert first["id"] != second["id"] and second["resolution"]["action"] == "created"
    plain = create(alice, content="The build uses Bazel.")
    assert plain["resolution"]["action"] == "created" and plain["id"] not in (first["id"], second["id"])
    again = create(alice, content="the build uses bazel")  # unkeyed duplicates still collapse among themselves
    assert again["resolution"] == {"action": "duplicate", "related": [plain["id"]]}
    keyed_again = put(alice, "c", expect=201, content="The build uses Bazel.").json()
    assert keyed_again["id"] not in (first["id"], second["id"], plain["id"])


def test_it_runs_entity_conflicts_through_the_policy_across_keys(alice: KeyedClient) -> None:
    old = put(alice, "drink", expect=201, content="Ann likes coffee.", type="preference", entity="ann/drink").json()
    new = put(alice, "drink-2", expect=201, content="Ann likes tea.", type="preference", entity="ann/drink").json()
    assert new["resolution"] == {"action": "conflict", "related": [old["id"]]}
    assert alice.client.get(url(key="drink")).json()["status"] == "conflicted"


def test_it_sends_an_inferred_write_to_review_and_a_replacement_as_a_proposal(alice: KeyedClient) -> None:
    first = put(alice, expect=201, content="Max may be moving to Berlin.", provenance="inferred").json()
    assert first["status"] == "pending" and first["resolution"]["action"] == "pending"
    again = put(alice, expect=200, content="Max may be moving to Munich.", provenance="inferred").json()
    assert again["id"] == first["id"] and again["status"] == "pending" and again["version"] == 2
    stated = put(alice, expect=200, content="Max moved to Munich.").json()
    assert stated["id"] == first["id"] and stated["status"] == "active"
    assert not [i for i in review_items(alice) if i["memory"]["id"] == first["id"]]
    proposal = put(alice, expect=201, content="Max moved to Hamburg.", confidence=0.3).json()
    assert proposal["status"] == "pending" and proposal["key"] == "notes/a.md"
    assert proposal["resolution"] == {"action": "pending", "related": [first["id"]]}
    assert alice.client.get(url()).json()["id"] == first["id"]  # the key answers with the settled memory
    item = next(i for i in review_items(alice) if i["memory"]["id"] == proposal["id"])
    accepted = alice.client.post(f"{API}/review/{item['id']}/resolve", {"action": "accept"}, format="json")
    assert accepted.status_code == 200, accepted.content
    now = alice.client.get(url()).json()
    assert now["id"] == proposal["id"] and now["status"] == "active"
    with tenant_scope(alice.tenant):
        assert Memory.objects.get(pk=first["id"]).status == "deprecated"


def test_it_honours_if_match_and_if_none_match(alice: KeyedClient) -> None:
    assert_error(put(alice, content="x", headers={"HTTP_IF_MATCH": '"1"'}), 412, "key_not_found")
    put(alice, expect=201, content="Kim's desk is 4B.", headers={"HTTP_IF_NONE_MATCH": "*"})
    assert_error(put(alice, content="Kim's desk is 5C.", headers={"HTTP_IF_NONE_MATCH": "*"}), 412, "key_exists")
    stale = assert_error(put(alice, content="Kim's desk is 5C.", headers={"HTTP_IF_MATCH": '"7"'}), 409,
                         "version_conflict")
    assert stale["current"]["content"] == "Kim's desk is 4B."
    assert_error(put(alice, content="y", headers={"HTTP_IF_NONE_MATCH": '"1"'}), 400, "invalid_if_none_match")
    assert_error(put(alice, content="y", headers={"HTTP_IF_MATCH": "1\""}), 400, "invalid_if_match")
    for bad in ('"1', "seven"):  # a keyed delete reads If-Match as strictly; nothing is deleted
        assert_error(alice.client.delete(url(), HTTP_IF_MATCH=bad), 400, "invalid_if_match")
    assert alice.client.get(url()).json()["content"] == "Kim's desk is 4B."
    both = put(alice, content="y", headers={"HTTP_IF_NONE_MATCH": "*", "HTTP_IF_MATCH": '"1"'})
    assert_error(both, 400)


def test_it_deletes_by_key_with_if_match_and_idempotency(alice: KeyedClient) -> None:
    memory = put(alice, expect=201, content="Lee's locker is 12.").json()
    put(alice, expect=201, content="Lee's locker is 13.", provenance="inferred")  # a proposal beside it
    assert_error(alice.client.delete(url(), HTTP_IF_MATCH='"5"'), 409, "version_conflict")
    first = alice.client.delete(url(), HTTP_IF_MATCH='"1"', HTTP_IDEMPOTENCY_KEY="del-1")
    assert first.status_code == 204
    replay = alice.client.delete(url(), HTTP_IF_MATCH='"1"', HTTP_IDEMPOTENCY_KEY="del-1")
    assert replay.status_code == 204 and replay["Idempotent-Replayed"] == "true"
    assert_error(alice.client.get(url()), 404, "key_not_found")
    assert_error(alice.client.delete(url()), 404)
    with tenant_scope(alice.tenant):
        assert not Memory.objects.filter(key="notes/a.md").exists()
        assert not MemoryVersion.objects.filter(memory_id=memory["id"]).exists()
        assert AuditEvent.objects.filter(action="memory.deleted", target_id=memory["id"]).exists()


def test_it_lists_keys_sorted_a_page_at_a_time(alice: KeyedClient) -> None:
    for key in ("b/2", "a", "b/1", "B", "c"):
        put(alice, key, expect=201, content=f"Content of {key}.")
    put(alice, "deep", scope="user/1/project/x", expect=201, content="Deep one.")
    put(alice, "b/3", expect=201, content="Pending one.", provenance="inferred")
    create(alice, content="Not keyed.")
    seen, cursor = [], None
    while True:
        params: dict[str, Any] = {"scope": "user/1", "limit": 2, **({"cursor": cursor} if cursor else {})}
        response = alice.client.get(f"{API}/keys", params)
        assert response.status_code == 200, response.content
        page = response.json()
        seen += [(r["scope"], r["key"]) for r in page["results"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert [k for _, k in seen] == ["B", "a", "b/1", "b/2", "b/3", "c"]  # code point order
    assert {s for s, _ in seen} == {"user/1"}
    prefixed = alice.client.get(f"{API}/keys", {"scope": "user/1", "prefix": "b/"}).json()["results"]
    assert [r["key"] for r in prefixed] == ["b/1", "b/2", "b/3"] and prefixed[2]["status"] == "pending"
    deep = alice.client.get(f"{API}/keys", {"scope": "user/1", "descendants": "true"}).json()["results"]
    assert ("user/1/project/x", "deep") in [(r["scope"], r["key"]) for r in deep]
    assert "memory" not in deep[0]
    whole = alice.client.get(f"{API}/keys", {"scope": "user/1", "prefix": "c", "with_memory": "true"}).json()
    assert [(r["key"], r["memory"]["content"], r["memory"]["key"]) for r in whole["results"]] == [
        ("c", "Content of c.", "c")]
    assert_error(alice.client.get(f"{API}/keys", {"scope": "user/1", "cursor": "nonsense"}), 400)


def test_it_lists_namespaces_with_counts(alice: KeyedClient) -> None:
    put(alice, "a", scope="user/1", expect=201, content="One.")
    put(alice, "b", scope="user/1", expect=201, content="Two.")
    create(alice, scope="user/1", content="Three, unkeyed.")
    put(alice, "a", scope="user/2/project/x", expect=201, content="Four.")
    create(alice, scope="team/ops", content="Five.")
    everything = alice.client.get(f"{API}/namespaces").json()
    assert everything["results"] == [{"scope": "team/ops", "memories": 1, "keys": 0},
                                     {"scope": "user/1", "memories": 3, "keys": 2},
                                     {"scope": "user/2/project/x", "memories": 1, "keys": 1}]
    users = alice.client.get(f"{API}/namespaces", {"prefix": "user", "limit": "1"}).json()
    assert [r["scope"] for r in users["results"]] == ["user/1"] and users["next"]
    rest = alice.client.get(f"{API}/namespaces", {"prefix": "user", "cursor": users["next"]}).json()
    assert [r["scope"] for r in rest["results"]] == ["user/2/project/x"] and rest["next"] is None


def test_it_refuses_bad_keys_and_scopes_with_400(alice: KeyedClient) -> None:
    for bad in (" lead", "trail ", "a\x01b", "zero\u200bwidth", "x" * 256, ""):
        assert_error(put(alice, bad, content="Something."), 400)
        assert_error(alice.client.get(url(key=bad)), 400)
    assert_error(alice.client.get(f"{API}/keys/memory", {"scope": "user/1"}), 400)
    assert_error(put(alice, scope="bad scope", content="Something."), 400)
    assert_error(put(alice), 400)
    assert_error(put(alice, content="x", confidence=2), 400)
    assert_error(alice.client.get(f"{API}/keys", {"scope": "user/1", "limit": "0"}), 400)
    exact = put(alice, "Notes/A.md", expect=201, content="Case matters.").json()
    assert exact["key"] == "Notes/A.md" and alice.client.get(url(key="notes/a.md")).status_code == 404


def test_it_hides_keys_of_other_tenants_and_outside_the_keys_scopes(alice: KeyedClient, bob: KeyedClient) -> None:
    put(alice, expect=201, content="Alice's secret plan.")
    assert_error(bob.client.get(url()), 404)
    assert_error(bob.client.delete(url()), 404)
    assert bob.client.get(f"{API}/keys", {"scope": "user/1"}).json()["results"] == []
    assert bob.client.get(f"{API}/namespaces").json()["results"] == []
    assert put(bob, expect=201, content="Bob's own.").json()["key"] == "notes/a.md"  # another tenant's key
    limited = keyed_client(alice.tenant, scope_prefixes=["user/2"])
    assert_error(limited.client.get(url()), 404, "scope_not_found")
    assert_error(put(limited, content="Sneaky."), 404, "scope_not_found")
    assert_error(limited.client.get(f"{API}/keys", {"scope": "user/1"}), 404)
    assert limited.client.get(f"{API}/namespaces").json()["results"] == []


def test_it_refuses_writes_by_a_read_only_key(alice: KeyedClient) -> None:
    put(alice, expect=201, content="Read me.")
    reader = keyed_client(alice.tenant, read_only=True)
    assert reader.client.get(url()).status_code == 200
    assert_error(put(reader, content="Write me."), 403)
    assert_error(reader.client.delete(url()), 403)


def test_it_redacts_secrets_in_a_keyed_write(alice: KeyedClient) -> None:
    body = put(alice, expect=201, content="The key is sk-ant-api03-" + "a" * 40 + " for prod.").json()
    assert "sk-ant" not in body["content"] and body["resolution"]["redacted"]
