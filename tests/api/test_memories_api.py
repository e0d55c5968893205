"""REST API v1 for memories, review and feedback: every endpoint and method, preconditions, limits,
pagination and filters, tenancy (404) and read-only keys (403)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from memories.models import Feedback, Memory
from tenants.scoping import tenant_scope
from tests.api.conftest import API, assert_error, create, get, history, review_items, row_counts
from tests.conftest import KeyedClient, keyed_client

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- get, ETag, PATCH preconditions

def test_it_answers_a_get_with_an_etag(alice: KeyedClient) -> None:
    body = create(alice, content="Uma owns the billing service.", entity="service:billing/owner")
    response = alice.client.get(f"{API}/memories/{body['id']}")
    assert response.status_code == 200 and response["ETag"] == '"1"'
    data = response.json()
    expected = {"id", "scope", "subject", "type", "content", "entity", "metadata", "confidence", "provenance",
                "status", "source_session", "valid_from", "valid_to", "expires_at", "version", "superseded_by",
                "created_at", "updated_at", "access_count", "last_accessed_at"}
    assert expected <= set(data)
    assert data["created_at"].endswith("Z") or "+" in data["created_at"]


def test_it_patches_with_if_match_and_makes_a_new_version(alice: KeyedClient) -> None:
    body = create(alice, content="Victor's team uses Jira.", metadata={"src": "chat"})
    url = f"{API}/memories/{body['id']}"
    response = alice.client.patch(url, {"content": "Victor's team moved to Linear.", "metadata": {"src": "ui"},
                                        "confidence": 0.9, "type": "note", "entity": "Team:Victor/Tracker",
                                        "reason": "user corrected"}, format="json", HTTP_IF_MATCH='"1"')
    assert response.status_code == 200, response.content
    assert response["ETag"] == '"2"'
    data = response.json()
    assert data["version"] == 2 and data["content"] == "Victor's team moved to Linear."
    assert data["type"] == "note" and data["entity"] == "team:victor/tracker" and data["metadata"] == {"src": "ui"}
    with_body_version = alice.client.patch(url, {"status": "deprecated", "version": 2}, format="json")
    assert with_body_version.status_code == 200 and with_body_version.json()["version"] == 3
    weak = alice.client.patch(url, {"status": "active"}, format="json", HTTP_IF_MATCH='W/"3"')
    assert weak.status_code == 200 and weak.json()["version"] == 4
    versions = history(alice, body["id"])
    assert [v["version"] for v in versions] == [1, 2, 3, 4]
    assert versions[0]["content"] == "Victor's team uses Jira." and versions[1]["reason"] == "user corrected"


def test_it_requires_a_precondition_to_patch(alice: KeyedClient) -> None:
    body = create(alice, content="Wendy reviews all SQL migrations.")
    url = f"{API}/memories/{body['id']}"
    before = row_counts(alice.tenant)
    assert_error(alice.client.patch(url, {"content": "x y z"}, format="json"), 428, "precondition_required")
    for bad in ("abc", '"one"', "*", '"²"', '"-1"', '"1.0"', "", '"1', '1"', '""1""'):
        # Unreadable, not failed: a 400 naming the header (API.md's 412 is for an If-Match that failed).
        response = alice.client.patch(url, {"content": "x y z"}, format="json", HTTP_IF_MATCH=bad)
        assert assert_error(response, 400, "invalid_if_match")["error"]["fields"] == {
            "If-Match": ['The quoted version from the ETag, e.g. "3".']}
    disagree = alice.client.patch(url, {"content": "x y z", "version": 2}, format="json", HTTP_IF_MATCH='"1"')
    assert_error(disagree, 412, "precondition_failed")
    assert row_counts(alice.tenant) == before and get(alice, body["id"])["version"] == 1


def test_it_answers_a_stale_version_with_409_and_the_current_memory(alice: KeyedClient) -> None:
    body = create(alice, content="Xavier is on the Berlin team.")
    url = f"{API}/memories/{body['id']}"
    assert alice.client.patch(url, {"content": "Xavier is on the Paris team."}, format="json",
                              HTTP_IF_MATCH='"1"').status_code == 200
    headers: dict = {"HTTP_IF_MATCH": '"1"'}
    for kwargs in (headers, {}):
        data = {"content": "Xavier is on the Rome team."} | ({} if kwargs else {"version": 1})
        stale = assert_error(alice.client.patch(url, data, format="json", **kwargs), 409, "version_conflict")
        assert stale["current"]["version"] == 2 and stale["current"]["content"] == "Xavier is on the Paris team."
        assert stale["current"]["id"] == body["id"]
    huge = alice.client.patch(url, {"status": "active"}, format="json", HTTP_IF_MATCH='"99999999999999999999"')
    assert_error(huge, 409, "version_conflict")
    huge = alice.client.patch(url, {"status": "active", "version": 2**70}, format="json")
    assert_error(huge, 409, "version_conflict")
    assert len(history(alice, body["id"])) == 2


def test_it_validates_patches(alice: KeyedClient) -> None:
    body = create(alice, content="Yara speaks Portuguese.")
    dup = create(alice, content="Yara speaks Spanish.")
    url = f"{API}/memories/{body['id']}"
    before = row_counts(alice.tenant)
    for data, status, code in [
        ({"version": 1}, 400, "validation_error"),  # nothing to change
        ({"confidence": 2, "version": 1}, 400, "validation_error"),
        ({"status": "gone", "version": 1}, 400, "validation_error"),
        ({"metadata": [1], "version": 1}, 400, "validation_error"),
        ({"content": "   ", "version": 1}, 400, "validation_error"),
        ({"content": "x" * 8001, "version": 1}, 413, "too_large"),
        ({"content": "Yara speaks spanish", "version": 1}, 409, "duplicate_content"),
        ({"entity": "ß" * 200, "version": 1}, 400, "validation_error"),  # 400 chars once case-folded
        ({"valid_to": "2001-01-01T00:00:00Z", "version": 1}, 400, "validation_error"),  # before valid_from
    ]:
        assert_error(alice.client.patch(url, data, format="json"), status, code)
    assert row_counts(alice.tenant) == before
    assert get(alice, dup["id"])["version"] == 1


def test_it_deletes_with_an_optional_precondition(alice: KeyedClient) -> None:
    body = create(alice, content="Zoe's standup is at 9.")
    url = f"{API}/memories/{body['id']}"
    assert_error(alice.client.delete(url, HTTP_IF_MATCH='"7"'), 409, "version_conflict")
    assert_error(alice.client.delete(url, HTTP_IF_MATCH="seven"), 400, "invalid_if_match")
    assert alice.client.delete(url, HTTP_IF_MATCH='"1"').status_code == 204
    assert_error(alice.client.delete(url), 404, "not_found")


# --------------------------------------------------------------------------- limits

def test_it_limits_what_can_be_created(alice: KeyedClient, settings) -> None:
    before = row_counts(alice.tenant)
    url = f"{API}/memories"
    cases = [
        ({"scope": "user/1", "content": "x" * 8001}, 413, "too_large"),
        ({"scope": "user/1", "content": "ok", "metadata": {"blob": "x" * 17000}}, 413, "too_large"),
        ({"scope": "user/1", "content": "ok", "metadata": {"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}}, 400,
         "validation_error"),
        ({"scope": "user//1", "content": "ok"}, 400, "validation_error"),
        ({"scope": "user/1 2", "content": "ok"}, 400, "validation_error"),
        ({"scope": "/".join("abcdefghi"), "content": "ok"}, 400, "validation_error"),
        ({"scope": "a" * 65, "content": "ok"}, 400, "validation_error"),
        ({"scope": "", "content": "ok"}, 400, "validation_error"),
        ({"scope": "user/1", "content": ""}, 400, "validation_error"),
        ({"scope": "user/1", "content": "\u200b\u200b"}, 400, "validation_error"),  # empty once normalised
        ({"scope": "user/1", "content": "ok", "confidence": -0.1}, 400, "validation_error"),
        ({"scope": "user/1", "content": "ok", "type": "rumour"}, 400, "validation_error"),
        ({"scope": "user/1", "content": "ok", "provenance": "guessed"}, 400, "validation_error"),
        ({"scope": "user/1", "content": "ok", "entity": "e" * 256}, 400, "validation_error"),
        ({"scope": "user/1", "content": "ok", "entity": "ﬃ" * 100}, 400, "validation_error"),  # 300 once folded
        ({"scope": "user/1", "content": "ok", "valid_from": "2025-01-02T00:00:00Z",
          "valid_to": "2025-01-01T00:00:00Z"}, 400, "validation_error"),
        ({"scope": "user/1", "content": "ok", "subject": "s" * 201}, 400, "validation_error"),
        ([], 400, "validation_error"),
        ([{"scope": "user/1", "content": f"m{i}"} for i in range(501)], 413, "batch_too_large"),
        ([{"scope": "user/1", "content": "fine"}, {"scope": "user/1", "content": "x" * 8001}], 413, "too_large"),
        ([{"scope": "user/1", "content": "fine"}, {"scope": "bad scope", "content": "x"}], 400, "validation_error"),
    ]
    for data, status, code in cases:
        body = assert_error(alice.client.post(url, data, format="json"), status, code)
        if isinstance(data, list) and len(data) == 2:
            assert any(k.startswith("1.") for k in body["error"]["fields"]), body
    assert row_counts(alice.tenant) == before


def test_it_refuses_a_body_over_the_upload_limit(alice: KeyedClient, settings) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 50_000
    before = row_counts(alice.tenant)
    items = [{"scope": "user/1", "content": f"Memory {i} " + "padding " * 20} for i in range(400)]
    assert_error(alice.client.post(f"{API}/memories", items, format="json"), 413, "too_large")
    assert row_counts(alice.tenant) == before


def test_it_accepts_a_batch_of_500(alice: KeyedClient, fake_embedder: object) -> None:
    items = [{"scope": f"user/{i % 5}", "content": f"Batch fact number {i} about item {i * 7}."} for i in range(500)]
    response = alice.client.post(f"{API}/memories", items, format="json")
    assert response.status_code == 201
    assert len(response.json()) == 500
    with tenant_scope(alice.tenant):
        assert Memory.objects.count() == 500


def test_it_creates_a_batch_of_50_with_mixed_actions(alice: KeyedClient) -> None:
    create(alice, content="Anna's role is backend engineer.", entity="person:anna/role")
    create(alice, content="Ben maybe likes tabs.", entity="person:ben/indent", confidence=0.3)
    create(alice, type="preference", content="Cleo prefers video calls.", entity="person:cleo/calls")
    items: list[dict] = []
    for i in range(10):
        items.append({"scope": "user/1", "content": f"Service {i} is deployed in region eu-{i}.",
                      "entity": f"service:s{i}/region"})
    for i in range(10):  # the same entities again, higher up the policy table: superseded
        items.append({"scope": "user/1", "content": f"Service {i} moved to region us-{i}.",
                      "entity": f"service:s{i}/region"})
    for i in range(10):  # duplicates of the live ones (a deprecated memory's text may be written again)
        items.append({"scope": "user/1", "content": f"service {i} moved to region US-{i}"})
    for i in range(10):
        items.append({"scope": "user/3", "content": f"Ticket {i} might be a duplicate.", "confidence": 0.5})
    items += [
        {"scope": "user/1", "content": "Anna is now the engineering manager.", "entity": "person:anna/role"},
        {"scope": "user/1", "content": "Ben uses four spaces.", "entity": "person:ben/indent"},
        {"scope": "user/1", "type": "preference", "content": "Cleo hates video calls.", "entity": "person:cleo/calls"},
        {"scope": "user/1", "content": "Anna's role might be director.", "entity": "person:anna/role",
         "confidence": 0.4},
        {"scope": "user/1", "content": "Dan is inferred to like chess.", "provenance": "inferred"},
    ]
    items += [{"scope": "team/x", "content": f"Team note {i} on ticket flow and stand-up agenda {i * 11}."}
              for i in range(5)]
    assert len(items) == 50
    response = alice.client.post(f"{API}/memories", items, format="json")
    assert response.status_code == 201, response.content
    actions = [b["resolution"]["action"] for b in response.json()]
    assert actions[:10] == ["created"] * 10
    assert actions[10:20] == ["superseded"] * 10
    assert actions[20:30] == ["duplicate"] * 10
    assert actions[30:40] == ["pending"] * 10
    assert actions[40:45] == ["superseded", "updated", "conflict", "pending", "pending"]
    assert actions[45:] == ["created"] * 5
    for old, new, dup in zip(response.json()[:10], response.json()[10:20], response.json()[20:30], strict=True):
        assert new["resolution"]["related"] == [old["id"]] and get(alice, old["id"])["superseded_by"] == new["id"]
        assert dup["id"] == new["id"] and dup["resolution"]["related"] == [new["id"]]


# --------------------------------------------------------------------------- list: pagination and filters

def _ids(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [m["id"] for m in response.json()["results"]]


def test_it_paginates_with_a_cursor(alice: KeyedClient, fake_embedder: object) -> None:
    made = [create(alice, content=f"Paged memory number {i} about topic {i * 13}.")["id"] for i in range(7)]
    seen, cursor, pages = [], None, 0
    while True:
        params = {"limit": 3} | ({"cursor": cursor} if cursor else {})
        response = alice.client.get(f"{API}/memories", params)
        body = response.json()
        assert set(body) == {"results", "next"}
        seen += _ids(response)
        cursor, pages = body["next"], pages + 1
        if cursor is None:
            break
    assert pages == 3 and seen == list(reversed(made))  # newest first, nothing twice, nothing missed
    assert_error(alice.client.get(f"{API}/memories", {"cursor": "garbage!"}), 400, "validation_error")
    assert_error(alice.client.get(f"{API}/memories", {"cursor": "WzEsMl0"}), 400, "validation_error")  # [1,2]
    assert_error(alice.client.get(f"{API}/memories", {"limit": 0}), 400, "validation_error")
    assert_error(alice.client.get(f"{API}/memories", {"limit": 201}), 400, "validation_error")


def test_it_filters_the_list(alice: KeyedClient, fake_embedder: object) -> None:
    a = create(alice, scope="user/1", content="Alpha likes sushi.", type="preference", subject="s1",
               entity="person:alpha/food")
    b = create(alice, scope="user/1/project/9", content="Project nine ships in June.", type="task")
    c = create(alice, scope="user/10", content="Gamma is maybe moving.", confidence=0.2, subject="s2")
    d = create(alice, scope="team/ops", content="Ops rotates on Mondays.")
    alice.client.post(f"{API}/memories/{d['id']}/deprecate", {}, format="json")
    expired = create(alice, scope="team/ops", content="Old promo code.",
                     expires_at=(timezone.now() - timedelta(days=1)).isoformat())
    url = f"{API}/memories"
    assert set(_ids(alice.client.get(url))) == {a["id"], b["id"], c["id"], d["id"]}  # expired ones hidden
    assert _ids(alice.client.get(url, {"scope": "user/1"})) == [a["id"]]
    assert set(_ids(alice.client.get(url, {"scope_prefix": "user/1"}))) == {a["id"], b["id"]}
    assert _ids(alice.client.get(url, {"type": "task"})) == [b["id"]]
    assert _ids(alice.client.get(url, {"status": "pending"})) == [c["id"]]
    assert _ids(alice.client.get(url, {"status": "deprecated"})) == [d["id"]]
    assert _ids(alice.client.get(url, {"subject": "s2"})) == [c["id"]]
    assert _ids(alice.client.get(url, {"entity": "person:alpha/food"})) == [a["id"]]
    assert _ids(alice.client.get(url, {"q": "SHIPS"})) == [b["id"]]
    assert _ids(alice.client.get(url, {"q": "no such words"})) == []
    future = (timezone.now() + timedelta(minutes=5)).isoformat()
    assert _ids(alice.client.get(url, {"updated_since": future})) == []
    assert d["id"] in _ids(alice.client.get(url, {"updated_since": a["created_at"]}))
    assert _ids(alice.client.get(url, {"scope": "team/ops", "status": "active"})) == []
    assert expired["id"] not in _ids(alice.client.get(url, {"scope": "team/ops"}))
    for bad in ({"type": "rumour"}, {"status": "gone"}, {"updated_since": "yesterday"}, {"limit": "ten"}):
        assert_error(alice.client.get(url, bad), 400, "validation_error")


# --------------------------------------------------------------------------- feedback and review

def test_it_records_feedback(alice: KeyedClient, fake_embedder: object) -> None:
    a = create(alice, content="Feedback target one.")
    url = f"{API}/feedback"
    response = alice.client.post(url, {"memory_ids": [a["id"]], "useful": True}, format="json")
    assert response.status_code == 201 and "id" in response.json()
    assert alice.client.post(url, {"correction": "Actually it is two."}, format="json").status_code == 201
    with tenant_scope(alice.tenant):
        assert Feedback.objects.count() == 2
    before = row_counts(alice.tenant)
    assert_error(alice.client.post(url, {}, format="json"), 400, "validation_error")
    assert_error(alice.client.post(url, {"memory_ids": ["nope"]}, format="json"), 400, "validation_error")
    missing = "00000000-0000-4000-8000-000000000000"
    assert_error(alice.client.post(url, {"memory_ids": [missing], "useful": False}, format="json"), 404)
    assert row_counts(alice.tenant) == before


def test_it_validates_review_queries(alice: KeyedClient, fake_embedder: object) -> None:
    create(alice, content="Reviewable thing.", confidence=0.1)
    assert len(review_items(alice)) == 1
    assert_error(alice.client.get(f"{API}/review", {"status": "weird"}), 400, "validation_error")
    assert_error(alice.client.get(f"{API}/review", {"cursor": "???"}), 400, "validation_error")
    missing = "00000000-0000-4000-8000-000000000000"
    assert_error(alice.client.post(f"{API}/review/{missing}/resolve", {"action": "accept"}, format="json"), 404)


# --------------------------------------------------------------------------- tenancy and permissions

def _alice_world(alice: KeyedClient) -> tuple[dict, dict, dict]:
    """A memory in user/2 with an open review item, and one in user/1 (the scoped key's own)."""
    hidden = create(alice, scope="user/2", content="Hidden memory about project Orion.", confidence=0.3)
    other = create(alice, scope="user/2", content="Another hidden memory about Orion.")
    own = create(alice, scope="user/1", content="A visible memory about lunch.")
    return hidden, other, own


def _assert_404_everywhere(kc: KeyedClient, hidden: dict, other: dict, own_id: str | None, item_id: str) -> None:
    mid, c = hidden["id"], kc.client
    url = f"{API}/memories/{mid}"
    calls = [
        c.get(url),
        c.patch(url, {"content": "stolen"}, format="json", HTTP_IF_MATCH='"1"'),
        c.patch(url, {"content": "stolen", "version": 1}, format="json"),
        c.patch(url, {}, format="json"),  # even an invalid request: 404 first, never a hint
        c.delete(url),
        c.delete(url, HTTP_IF_MATCH='"1"'),
        c.post(f"{url}/deprecate", {}, format="json"),
        c.post(f"{url}/restore", {}, format="json"),
        c.get(f"{url}/history"),
        c.post(f"{API}/memories/merge", {"ids": [mid, other["id"]]}, format="json"),
        c.post(f"{API}/review/{item_id}/resolve", {"action": "accept"}, format="json"),
        c.post(f"{API}/feedback", {"memory_ids": [mid], "useful": False}, format="json"),
        c.post(f"{API}/memories", {"scope": "user/2", "content": "Hidden memory about project Orion."},
               format="json") if own_id else None,
    ]
    if own_id:
        calls.append(c.post(f"{API}/memories/merge", {"ids": [own_id, mid]}, format="json"))
    for response in calls:
        if response is not None:
            assert_error(response, 404)
    assert mid not in _ids(c.get(f"{API}/memories"))
    assert mid not in _ids(c.get(f"{API}/memories", {"scope": "user/2"}))
    assert all(i["memory"]["id"] != mid for i in review_items(kc, "all"))


def test_it_hides_another_tenants_memories_from_every_endpoint(alice: KeyedClient, bob: KeyedClient) -> None:
    hidden, other, _ = _alice_world(alice)
    [item] = review_items(alice)
    before = row_counts(alice.tenant)
    _assert_404_everywhere(bob, hidden, other, None, item["id"])
    assert row_counts(alice.tenant) == before
    assert get(alice, hidden["id"])["version"] == 1 and review_items(alice)[0]["status"] == "open"
    # bob's own scope with the same path is a different scope: his write does not see alice's.
    mine = create(bob, scope="user/2", content="Hidden memory about project Orion.")
    assert mine["resolution"]["action"] == "created" and mine["id"] != hidden["id"]


def test_it_hides_memories_outside_the_keys_scope_prefixes(alice: KeyedClient) -> None:
    hidden, other, own = _alice_world(alice)
    [item] = review_items(alice)
    scoped = keyed_client(alice.tenant, name="scoped", scope_prefixes=["user/1"])
    before = row_counts(alice.tenant)
    _assert_404_everywhere(scoped, hidden, other, own["id"], item["id"])
    assert row_counts(alice.tenant) == before
    assert _ids(scoped.client.get(f"{API}/memories")) == [own["id"]]
    assert get(scoped, own["id"])["id"] == own["id"]
    assert create(scoped, scope="user/1/project/5", content="Inside the prefix.")["status"] == "active"
    assert_error(scoped.client.post(f"{API}/memories", {"scope": "user/10", "content": "Prefix lookalike."},
                                    format="json"), 404)
    batch = [{"scope": "user/1", "content": "In."}, {"scope": "user/2", "content": "Out."}]
    assert_error(scoped.client.post(f"{API}/memories", batch, format="json"), 404)
    assert row_counts(alice.tenant)["Memory"] == before["Memory"] + 1


def test_it_refuses_writes_with_a_read_only_key(alice: KeyedClient) -> None:
    body = create(alice, content="Read-only keys may look at this.", confidence=0.3)
    other = create(alice, content="And at this one too.")
    [item] = review_items(alice)
    reader = keyed_client(alice.tenant, name="reader", read_only=True)
    mid, c = body["id"], reader.client
    url = f"{API}/memories/{mid}"
    assert c.get(url).status_code == 200 and c.get(f"{url}/history").status_code == 200
    assert c.get(f"{API}/memories").status_code == 200 and c.get(f"{API}/review").status_code == 200
    before = row_counts(alice.tenant)
    for response in [
        c.post(f"{API}/memories", {"scope": "user/1", "content": "new"}, format="json"),
        c.patch(url, {"content": "changed"}, format="json", HTTP_IF_MATCH='"1"'),
        c.delete(url, HTTP_IF_MATCH='"1"'),
        c.post(f"{url}/deprecate", {}, format="json"),
        c.post(f"{url}/restore", {}, format="json"),
        c.post(f"{API}/memories/merge", {"ids": [mid, other["id"]]}, format="json"),
        c.post(f"{API}/review/{item['id']}/resolve", {"action": "accept"}, format="json"),
        c.post(f"{API}/feedback", {"memory_ids": [mid], "useful": True}, format="json"),
    ]:
        assert_error(response, 403, "forbidden")
    assert row_counts(alice.tenant) == before
