"""The one write flow, end to end through the REST API, the real database and the real embedding model.

One test per row of the conflict policy table (memories/write/policy.py), "same fact" found by
entity key and by near-duplicate vector, inferred writes, review resolution, merge, deprecate/restore,
history, hard delete with an audit tombstone, and secrets.
"""

from __future__ import annotations

import pytest

from memories.embeddings import FakeEmbedder, get_embedder
from memories.models import Memory, MemoryVersion, ReviewItem
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tests.api.conftest import API, assert_error, create, get, history, review_items, row_counts
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def real_embedder() -> None:
    # These tests are about what vectors find: never run them on the fake.
    assert not isinstance(get_embedder(), FakeEmbedder)


def resolution(body: dict) -> tuple[str, list[str]]:
    return body["resolution"]["action"], body["resolution"]["related"]


# --------------------------------------------------------------------------- the policy table

def test_it_creates_a_high_confidence_stated_memory(alice: KeyedClient) -> None:
    body = create(alice, content="Alice works at Acme as a data engineer.", entity="person:alice/employer",
                  confidence=0.95, subject="123", source_session="s-1", metadata={"lang": "en"})
    assert resolution(body) == ("created", [])
    assert body["status"] == "active" and body["version"] == 1 and body["provenance"] == "stated"
    assert body["subject"] == "123" and body["scope"] == "user/1" and body["entity"] == "person:alice/employer"
    assert body["embedding_model"] == get_embedder().name
    assert [v["change"] for v in history(alice, body["id"])] == ["create"]


def test_it_creates_nothing_for_a_duplicate(alice: KeyedClient) -> None:
    first = create(alice, content="The user's dog is called Rex.")
    again = create(alice, content="  the USER'S dog is called   rex  ")  # case, spacing, edge punctuation aside
    assert resolution(again) == ("duplicate", [first["id"]])
    assert again["id"] == first["id"] and again["version"] == 1
    with tenant_scope(alice.tenant):
        assert Memory.objects.count() == 1 and MemoryVersion.objects.count() == 1


def test_it_keeps_the_same_content_apart_in_other_scopes_and_types(alice: KeyedClient) -> None:
    first = create(alice, content="Deploys happen on Fridays.", entity="ops:deploy-day")
    other_scope = create(alice, scope="team/ops", content="Deploys happen on Fridays.", entity="ops:deploy-day")
    other_type = create(alice, content="Deploys are frozen in December.", entity="ops:deploy-day", type="note")
    assert resolution(other_scope) == ("created", []) and other_scope["id"] != first["id"]
    assert resolution(other_type) == ("created", [])
    assert get(alice, first["id"])["status"] == "active"


@pytest.mark.parametrize("how", ["entity", "vector"])
def test_it_supersedes_a_high_confidence_fact_with_a_newer_high_one(alice: KeyedClient, how: str) -> None:
    if how == "entity":
        old = create(alice, content="The project deadline is March 3.", entity="project:apollo/deadline")
        new = create(alice, content="The project deadline moved to April 14.", entity="project:apollo/deadline")
    else:  # no entity: found as a near-duplicate by cosine similarity of the real model's vectors
        old = create(alice, content="The user's favourite colour is blue.")
        new = create(alice, content="The user's favorite color is blue.")
    assert resolution(new) == ("superseded", [old["id"]])
    assert new["id"] != old["id"] and new["status"] == "active"
    old_now = get(alice, old["id"])
    assert old_now["status"] == "deprecated" and old_now["superseded_by"] == new["id"]
    assert old_now["version"] == 2 and old_now["valid_to"] is not None
    versions = history(alice, old["id"])
    assert [(v["version"], v["change"], v["status"]) for v in versions] == [
        (1, "create", "active"), (2, "supersede", "deprecated")]
    assert versions[1]["superseded_by"] == new["id"] and versions[0]["content"] == old["content"]


def test_it_sends_a_low_confidence_change_of_a_high_fact_to_review(alice: KeyedClient) -> None:
    old = create(alice, content="Alice lives in Berlin.", entity="person:alice/city", confidence=0.9)
    new = create(alice, content="Alice maybe lives in Munich now.", entity="person:alice/city", confidence=0.4)
    assert resolution(new) == ("pending", [old["id"]])
    assert new["status"] == "pending"
    untouched = get(alice, old["id"])
    assert untouched["status"] == "active" and untouched["version"] == 1
    [item] = review_items(alice)
    assert item["kind"] == "pending" and item["memory"]["id"] == new["id"]
    assert item["other_memory"]["id"] == old["id"]


def test_it_overwrites_a_low_confidence_fact_with_a_high_one_in_place(alice: KeyedClient) -> None:
    old = create(alice, content="Bob might prefer email.", entity="person:bob/channel", confidence=0.3)
    assert resolution(old) == ("pending", [])
    new = create(alice, content="Bob wants to be contacted by email only.", entity="person:bob/channel",
                 confidence=0.95, source_session="s-9", metadata={"checked": True})
    assert resolution(new) == ("updated", [old["id"]])
    assert new["id"] == old["id"] and new["version"] == 2 and new["status"] == "active"
    assert new["content"] == "Bob wants to be contacted by email only." and new["confidence"] == 0.95
    assert new["metadata"] == {"checked": True}
    versions = history(alice, old["id"])
    assert [(v["version"], v["change"]) for v in versions] == [(1, "create"), (2, "update")]
    assert versions[0]["content"] == "Bob might prefer email." and "s-9" in versions[1]["reason"]
    assert review_items(alice) == []  # the pending item of the old low-confidence write is closed
    assert review_items(alice, "resolved")[0]["resolution"] == "superseded"


def test_it_keeps_low_after_low_pending(alice: KeyedClient) -> None:
    old = create(alice, content="Carol could be on vacation in May.", entity="person:carol/vacation", confidence=0.5)
    new = create(alice, content="Carol might travel in June.", entity="person:carol/vacation", confidence=0.6)
    assert resolution(old) == ("pending", []) and resolution(new) == ("pending", [old["id"]])
    assert get(alice, old["id"])["status"] == "pending"
    assert {i["memory"]["id"] for i in review_items(alice)} == {old["id"], new["id"]}


@pytest.mark.parametrize("how", ["entity", "vector"])
def test_it_pairs_contradicting_preferences_as_a_conflict(alice: KeyedClient, how: str) -> None:
    if how == "entity":
        old = create(alice, type="preference", content="The user prefers dark mode.", entity="ui:theme")
        new = create(alice, type="preference", content="The user wants a light theme.", entity="ui:theme")
    else:
        old = create(alice, type="preference", content="User prefers tea over coffee.")
        new = create(alice, type="preference", content="User prefers coffee over tea.")
    assert resolution(new) == ("conflict", [old["id"]])
    assert new["status"] == "active"  # the newest is used meanwhile
    assert get(alice, old["id"])["status"] == "conflicted"
    [item] = review_items(alice)
    assert item["kind"] == "conflict"
    assert (item["memory"]["id"], item["other_memory"]["id"]) == (new["id"], old["id"])


def test_it_offers_the_same_preference_in_other_words_as_a_merge(alice: KeyedClient) -> None:
    """A bug once: "after 10am" / "after 10 am" was raised as a contradicting preference."""
    old = create(alice, type="preference", content="Alice prefers meetings after 10am.", entity="meetings")
    new = create(alice, type="preference", content="alice prefers meetings after 10 am")
    assert resolution(new) == ("pending", [old["id"]])
    assert get(alice, old["id"])["status"] == "active"  # nothing retired, no contradiction marked
    [item] = review_items(alice)
    assert item["kind"] == "pending" and item["other_memory"]["id"] == old["id"]
    assert "in other words" in item["reason"]
    # Another order of the same words is another preference: still a conflict.
    tea = create(alice, type="preference", content="User prefers tea over coffee.")
    assert resolution(create(alice, type="preference", content="User prefers coffee over tea."))[0] == "conflict"
    assert get(alice, tea["id"])["status"] == "conflicted"


def test_it_creates_an_unrelated_high_memory_and_holds_an_unrelated_low_one(alice: KeyedClient) -> None:
    high = create(alice, content="The office wifi is called Acme-Guest.", confidence=0.8)  # == threshold: high
    low = create(alice, content="The team might switch to Rust next year.", confidence=0.79)
    assert resolution(high) == ("created", []) and high["status"] == "active"
    assert resolution(low) == ("pending", []) and low["status"] == "pending"
    [item] = review_items(alice)
    assert item["kind"] == "pending" and item["memory"]["id"] == low["id"] and item["other_memory"] is None


def test_it_uses_the_tenants_review_threshold(alice: KeyedClient) -> None:
    alice.tenant.review_threshold = 0.5
    alice.tenant.save()
    body = create(alice, content="Dave likes long meetings.", confidence=0.6)
    assert resolution(body) == ("created", [])


def test_it_never_lets_an_inferred_memory_in_as_high_confidence(alice: KeyedClient) -> None:
    body = create(alice, content="The user is probably a night owl.", provenance="inferred", confidence=0.99)
    assert resolution(body) == ("pending", [])
    assert body["status"] == "pending" and body["provenance"] == "inferred" and body["confidence"] < 0.8
    [item] = review_items(alice)
    assert item["memory"]["id"] == body["id"] and "inferred" in item["reason"]


def test_it_never_lets_an_inferred_memory_supersede_a_stated_fact(alice: KeyedClient) -> None:
    old = create(alice, content="Erin's manager is Frank.", entity="person:erin/manager")
    new = create(alice, content="Erin's manager is Grace.", entity="person:erin/manager", provenance="inferred",
                 confidence=1.0)
    assert resolution(new) == ("pending", [old["id"]])
    assert get(alice, old["id"])["status"] == "active"


def test_it_treats_unrelated_chinese_sentences_as_unrelated(alice: KeyedClient) -> None:
    # all-MiniLM reads Chinese as [UNK] tokens: these two get cosine 1.0, but they share no words.
    old = create(alice, content="我喜欢喝咖啡")
    new = create(alice, content="我讨厌吃苹果")
    assert resolution(new) == ("created", [])
    assert get(alice, old["id"])["status"] == "active"
    same = create(alice, content="我喜欢喝咖啡。")
    assert resolution(same) == ("duplicate", [old["id"]])
    by_entity = create(alice, content="用户住在上海", entity="用户:住址")
    moved = create(alice, content="用户搬到北京了", entity="用户:住址")
    assert resolution(moved) == ("superseded", [by_entity["id"]])


def test_it_answers_a_batch_with_one_resolution_per_item_in_order(alice: KeyedClient) -> None:
    existing = create(alice, content="Frank drinks black coffee.", entity="person:frank/coffee")
    items: list[dict] = [
        {"scope": "user/1", "content": "Frank drinks black coffee."},
        {"scope": "user/1", "content": "Frank switched to oat latte.", "entity": "person:frank/coffee"},
        {"scope": "user/2", "content": "Grace is learning Go."},
        {"scope": "user/2", "content": "Grace is learning Go."},
        {"scope": "user/2", "content": "Grace may move teams.", "confidence": 0.2},
    ]
    response = alice.client.post(f"{API}/memories", items, format="json")
    assert response.status_code == 201, response.content
    actions = [resolution(b)[0] for b in response.json()]
    assert actions == ["duplicate", "superseded", "created", "duplicate", "pending"]
    assert response.json()[0]["id"] == existing["id"]
    assert response.json()[3]["id"] == response.json()[2]["id"]


# --------------------------------------------------------------------------- review

def _pending_pair(kc: KeyedClient) -> tuple[dict, dict]:
    old = create(kc, content="Heidi's team is Platform.", entity="person:heidi/team")
    new = create(kc, content="Heidi's team may be Data now.", entity="person:heidi/team", confidence=0.5)
    return old, new


def _conflict_pair(kc: KeyedClient) -> tuple[dict, dict]:
    old = create(kc, type="preference", content="Ivan likes morning meetings.", entity="person:ivan/meetings")
    new = create(kc, type="preference", content="Ivan hates meetings before noon.", entity="person:ivan/meetings")
    return old, new


def resolve(kc: KeyedClient, action: str, **extra: object) -> dict:
    [item] = review_items(kc)
    response = kc.client.post(f"{API}/review/{item['id']}/resolve", {"action": action, **extra}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "resolved" and body["resolution"] == action and body["resolved_by"]
    assert review_items(kc) == []
    return body


def test_it_accepts_a_pending_memory_over_the_fact_it_would_change(alice: KeyedClient) -> None:
    old, new = _pending_pair(alice)
    resolve(alice, "accept")
    assert get(alice, new["id"])["status"] == "active"
    old_now = get(alice, old["id"])
    assert old_now["status"] == "deprecated" and old_now["superseded_by"] == new["id"]
    assert [v["change"] for v in history(alice, new["id"])] == ["create", "resolve"]


def test_it_rejects_a_pending_memory_and_leaves_the_other_alone(alice: KeyedClient) -> None:
    old, new = _pending_pair(alice)
    resolve(alice, "reject")
    assert get(alice, new["id"])["status"] == "deprecated"
    untouched = get(alice, old["id"])
    assert untouched == {k: v for k, v in old.items() if k != "resolution"}


def test_it_does_not_activate_another_pending_memory_when_rejecting(alice: KeyedClient) -> None:
    first = create(alice, content="Judy might like jazz.", entity="person:judy/music", confidence=0.4)
    second = create(alice, content="Judy might like blues.", entity="person:judy/music", confidence=0.4)
    item = next(i for i in review_items(alice) if i["memory"]["id"] == second["id"])
    response = alice.client.post(f"{API}/review/{item['id']}/resolve", {"action": "reject"}, format="json")
    assert response.status_code == 200
    assert get(alice, second["id"])["status"] == "deprecated"
    assert get(alice, first["id"])["status"] == "pending"  # still waiting for its own review
    assert [i["memory"]["id"] for i in review_items(alice)] == [first["id"]]


def test_it_accepts_a_lone_pending_memory(alice: KeyedClient) -> None:
    body = create(alice, content="Kim might join in March.", confidence=0.3)
    resolve(alice, "accept")
    assert get(alice, body["id"])["status"] == "active"


@pytest.mark.parametrize("action", ["keep_old", "reject"])
def test_it_keeps_the_old_side_of_a_conflict(alice: KeyedClient, action: str) -> None:
    old, new = _conflict_pair(alice)
    resolve(alice, action)
    assert get(alice, old["id"])["status"] == "active"
    new_now = get(alice, new["id"])
    assert new_now["status"] == "deprecated" and new_now["superseded_by"] == old["id"]


@pytest.mark.parametrize("action", ["keep_new", "accept"])
def test_it_keeps_the_new_side_of_a_conflict(alice: KeyedClient, action: str) -> None:
    old, new = _conflict_pair(alice)
    resolve(alice, action)
    assert get(alice, new["id"])["status"] == "active"
    old_now = get(alice, old["id"])
    assert old_now["status"] == "deprecated" and old_now["superseded_by"] == new["id"]
    assert [v["change"] for v in history(alice, old["id"])] == ["create", "update", "resolve"]


def test_it_merges_a_conflict_pair(alice: KeyedClient) -> None:
    old, new = _conflict_pair(alice)
    body = resolve(alice, "merge", content="Ivan prefers meetings in the afternoon.")
    with tenant_scope(alice.tenant):
        merged = Memory.objects.get(content="Ivan prefers meetings in the afternoon.")
    for side in (old, new):
        now = get(alice, side["id"])
        assert now["status"] == "deprecated" and now["superseded_by"] == str(merged.pk)
    assert get(alice, str(merged.pk))["status"] == "active"
    assert body["memory"]["id"] == new["id"]


def test_it_refuses_to_resolve_twice_or_with_an_unknown_action(alice: KeyedClient) -> None:
    _pending_pair(alice)
    [item] = review_items(alice)
    url = f"{API}/review/{item['id']}/resolve"
    assert_error(alice.client.post(url, {"action": "approve"}, format="json"), 400, "validation_error")
    assert alice.client.post(url, {"action": "accept"}, format="json").status_code == 200
    assert_error(alice.client.post(url, {"action": "reject"}, format="json"), 409, "already_resolved")
    assert [i["id"] for i in review_items(alice, "resolved")] == [item["id"]]
    assert [i["id"] for i in review_items(alice, "all")] == [item["id"]]


def test_it_refuses_to_merge_a_pending_item_without_a_pair(alice: KeyedClient) -> None:
    create(alice, content="Leo might be allergic to nuts.", confidence=0.2)
    [item] = review_items(alice)
    response = alice.client.post(f"{API}/review/{item['id']}/resolve", {"action": "merge"}, format="json")
    assert_error(response, 409, "not_a_pair")


# --------------------------------------------------------------------------- merge, deprecate, restore

def test_it_merges_memories_into_a_new_one(alice: KeyedClient) -> None:
    a = create(alice, content="Mia uses Vim.", subject="7", metadata={"a": 1})
    b = create(alice, content="Mia writes Go.", subject="7", metadata={"b": 2}, confidence=0.85)
    response = alice.client.post(f"{API}/memories/merge", {"ids": [a["id"], b["id"]]}, format="json")
    assert response.status_code == 201, response.content
    merged = response.json()
    assert merged["content"] == "Mia uses Vim. Mia writes Go." and merged["status"] == "active"
    assert merged["metadata"] == {"a": 1, "b": 2} and merged["subject"] == "7" and merged["confidence"] == 1.0
    for source in (a, b):
        now = get(alice, source["id"])
        assert now["status"] == "deprecated" and now["superseded_by"] == merged["id"]
        assert [v["change"] for v in history(alice, source["id"])] == ["create", "merge"]
    assert [v["change"] for v in history(alice, merged["id"])] == ["merge"]


def test_it_merges_into_the_text_of_one_of_the_sources(alice: KeyedClient) -> None:
    a = create(alice, content="Nina is on call this week.")
    b = create(alice, content="Nina handles the pager until Friday.")
    response = alice.client.post(f"{API}/memories/merge", {"ids": [a["id"], b["id"]], "content": a["content"]},
                                 format="json")
    assert response.status_code == 201, response.content
    assert response.json()["content"] == a["content"] and response.json()["id"] not in (a["id"], b["id"])


def test_it_refuses_merges_that_make_no_sense(alice: KeyedClient) -> None:
    a = create(alice, content="Oscar runs marathons.")
    b = create(alice, scope="user/2", content="Pia sings in a choir.")
    c = create(alice, content="Oscar trains on Sundays.")
    url = f"{API}/memories/merge"
    assert_error(alice.client.post(url, {"ids": [a["id"], b["id"]]}, format="json"), 400, "validation_error")
    assert_error(alice.client.post(url, {"ids": [a["id"], a["id"]]}, format="json"), 400, "validation_error")
    assert_error(alice.client.post(url, {"ids": [a["id"]]}, format="json"), 400, "validation_error")
    alice.client.post(f"{API}/memories/{c['id']}/deprecate", {}, format="json")
    before = row_counts(alice.tenant)
    assert_error(alice.client.post(url, {"ids": [a["id"], c["id"]]}, format="json"), 409, "not_live")
    assert row_counts(alice.tenant) == before


def test_it_deprecates_and_restores_as_new_versions(alice: KeyedClient) -> None:
    body = create(alice, content="Quinn's desk is on floor 3.")
    url = f"{API}/memories/{body['id']}"
    response = alice.client.post(f"{url}/deprecate", {"reason": "moved"}, format="json")
    assert response.status_code == 200 and response.json()["status"] == "deprecated"
    assert response.json()["version"] == 2 and response["ETag"] == '"2"'
    again = alice.client.post(f"{url}/deprecate", {}, format="json")
    assert again.status_code == 200 and again.json()["version"] == 2  # idempotent: no new version
    restored = alice.client.post(f"{url}/restore", {"version": 2}, format="json")
    assert restored.status_code == 200 and restored.json()["status"] == "active"
    assert restored.json()["valid_to"] is None and restored.json()["version"] == 3
    stale = alice.client.post(f"{url}/deprecate", {}, format="json", HTTP_IF_MATCH='"2"')
    assert assert_error(stale, 409, "version_conflict")["current"]["version"] == 3
    versions = history(alice, body["id"])
    assert [(v["version"], v["change"], v["status"]) for v in versions] == [
        (1, "create", "active"), (2, "deprecate", "deprecated"), (3, "restore", "active")]
    assert versions[1]["reason"] == "moved"


def test_it_refuses_to_restore_a_memory_whose_twin_is_live(alice: KeyedClient) -> None:
    body = create(alice, content="Rita's badge number is on file.")
    alice.client.post(f"{API}/memories/{body['id']}/deprecate", {}, format="json")
    create(alice, content="Rita's badge number is on file.")
    response = alice.client.post(f"{API}/memories/{body['id']}/restore", {}, format="json")
    assert_error(response, 409, "duplicate_content")
    assert get(alice, body["id"])["status"] == "deprecated"


# --------------------------------------------------------------------------- delete, secrets

def test_it_hard_deletes_a_memory_and_its_versions_but_keeps_a_tombstone(alice: KeyedClient) -> None:
    body = create(alice, content="Sam's home address is 12 Elm Street.", subject="42")
    alice.client.patch(f"{API}/memories/{body['id']}", {"content": "Sam lives at 14 Elm Street.", "version": 1},
                       format="json")
    response = alice.client.delete(f"{API}/memories/{body['id']}")
    assert response.status_code == 204
    assert_error(alice.client.get(f"{API}/memories/{body['id']}"), 404, "not_found")
    assert_error(alice.client.get(f"{API}/memories/{body['id']}/history"), 404, "not_found")
    with tenant_scope(alice.tenant):
        assert not Memory.objects.filter(pk=body["id"]).exists()
        assert not MemoryVersion.objects.filter(memory_id=body["id"]).exists()
        tombstone = AuditEvent.objects.get(action="memory.deleted", target_id=body["id"])
    assert tombstone.data == {"versions_deleted": 2}
    assert "Elm" not in str(tombstone.data)
    with tenant_scope(alice.tenant):
        assert not any("Elm" in str(e.data) for e in AuditEvent.objects.all())


def test_it_deletes_a_memory_in_review_with_its_review_items(alice: KeyedClient) -> None:
    body = create(alice, content="Tom may be leaving.", confidence=0.1)
    assert alice.client.delete(f"{API}/memories/{body['id']}", HTTP_IF_MATCH='"1"').status_code == 204
    with tenant_scope(alice.tenant):
        assert ReviewItem.objects.count() == 0


def test_it_redacts_secrets_before_storing(alice: KeyedClient) -> None:
    body = create(alice, content="Deploy key for staging: sk-ant-abcdefghijklmnop1234567890. Card 4111 1111 1111 1111.")
    assert "abcdefghijklmnop" not in body["content"] and "4111" not in body["content"]
    assert "[redacted api_key]" in body["content"] and "[redacted card_number]" in body["content"]
    assert body["resolution"]["redacted"] == ["api_key", "card_number"]
    versions = history(alice, body["id"])
    assert "abcdefghijklmnop" not in versions[0]["content"]
    patched = alice.client.patch(f"{API}/memories/{body['id']}", {"content": "My password: hunter2hunter"},
                                 format="json", HTTP_IF_MATCH='"1"')
    assert patched.status_code == 200 and "hunter2" not in patched.json()["content"]


def test_it_refuses_secrets_when_the_policy_says_reject(alice: KeyedClient, settings) -> None:
    settings.SECRETS_POLICY = "reject"
    body = create(alice, content="We ship on Tuesdays.")
    before = row_counts(alice.tenant)
    secret = {"scope": "user/1", "content": "token = ghp_abcdefghijklmnopqrstuvwxyz123456"}
    response = alice.client.post(f"{API}/memories", secret, format="json")
    assert_error(response, 400, "secret_detected")
    assert "ghp_" not in response.content.decode()
    batch = [{"scope": "user/1", "content": "Fine."}, {"scope": "user/1", "content": "AKIAABCDEFGHIJKLMNOP"}]
    assert_error(alice.client.post(f"{API}/memories", batch, format="json"), 400, "secret_detected")
    patch = alice.client.patch(f"{API}/memories/{body['id']}", {"content": "password=correct-horse"}, format="json",
                               HTTP_IF_MATCH='"1"')
    assert_error(patch, 400, "secret_detected")
    assert row_counts(alice.tenant) == before


# --------------------------------------------------------------------------- tenancy

def test_it_never_relates_or_resolves_across_tenants(alice: KeyedClient, bob: KeyedClient) -> None:
    mine = create(alice, content="Uri's salary band is L5.", entity="person:uri/band")
    create(alice, content="Uri might get promoted.", entity="person:uri/band", confidence=0.3)
    [item] = review_items(alice)
    # The same text and entity in bob's tenant: no duplicate, no supersede, no review of alice's data.
    theirs = create(bob, content="Uri's salary band is L5.", entity="person:uri/band")
    assert resolution(theirs) == ("created", []) and theirs["id"] != mine["id"]
    other = create(bob, content="Uri's salary band is L7.", entity="person:uri/band")
    assert resolution(other) == ("superseded", [theirs["id"]])
    assert_error(bob.client.post(f"{API}/review/{item['id']}/resolve", {"action": "reject"}, format="json"), 404)
    assert_error(bob.client.get(f"{API}/memories/{mine['id']}/history"), 404)
    assert get(alice, mine["id"])["status"] == "active" and review_items(alice)[0]["status"] == "open"


def test_it_applies_the_policy_between_items_of_one_batch(alice: KeyedClient) -> None:
    # Later items see what earlier items of the same request did, before anything is inserted.
    items: list[dict] = [
        {"content": "Vera might be moving to Oslo.", "entity": "person:vera/city", "confidence": 0.3},
        {"content": "Vera lives in Oslo now.", "entity": "person:vera/city", "confidence": 0.95},
        {"content": "Vera moved on to Bergen.", "entity": "person:vera/city", "confidence": 0.9},
        {"type": "preference", "content": "Walt likes window seats.", "entity": "person:walt/seat"},
        {"type": "preference", "content": "Walt wants aisle seats.", "entity": "person:walt/seat"},
        {"content": "vera lives in oslo now"},
        {"content": "Vera moved on to Bergen!"},
    ]
    response = alice.client.post(f"{API}/memories", [{"scope": "user/5", **i} for i in items], format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert [resolution(b)[0] for b in body] == ["pending", "updated", "superseded", "created", "conflict",
                                                "created", "duplicate"]
    first = body[0]["id"]
    assert body[1]["id"] == first and body[2]["resolution"]["related"] == [first]
    assert body[6]["id"] == body[2]["id"]
    vera = get(alice, first)
    assert vera["status"] == "deprecated" and vera["superseded_by"] == body[2]["id"] and vera["version"] == 3
    assert [(v["version"], v["change"], v["status"]) for v in history(alice, first)] == [
        (1, "create", "pending"), (2, "update", "active"), (3, "supersede", "deprecated")]
    assert get(alice, body[3]["id"])["status"] == "conflicted"
    [conflict] = review_items(alice)
    assert (conflict["memory"]["id"], conflict["other_memory"]["id"]) == (body[4]["id"], body[3]["id"])
    [closed] = review_items(alice, "resolved")
    assert closed["memory"]["id"] == first and closed["resolution"] == "superseded"
    with tenant_scope(alice.tenant):
        assert AuditEvent.objects.filter(action="review.resolved", target_id=closed["id"]).count() == 1
