"""The mem0-compatible API (docs/mem0.md) in-process: scopes from mem0's ids, filters, paging, errors in the
documented shape, Token auth and tenancy. The real mem0 client against the served stack: tests/served/test_mem0.py."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from memories.extraction.mem0_format import entity_scope
from memories.models import Memory, MemoryVersion
from mnemara.kernel.errors import ValidationFailed
from tenants.models import AuditEvent
from tenants.paths import segment_pattern
from tenants.scoping import tenant_scope
from tests.conftest import KeyedClient, keyed_client

pytestmark = pytest.mark.usefixtures("fake_embedder", "offline")
M = "/mem0"


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


def token(kc: KeyedClient, scheme: str = "Token") -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{scheme} {kc.secret}")
    return client


def call(client: APIClient, method: str, path: str, body: Any = None, expect: int = 200, **query: Any) -> Any:
    response = client.generic(method, f"{M}{path}", data="" if body is None else json.dumps(body),
                              content_type="application/json", QUERY_STRING=urlencode(query))
    assert response.status_code == expect, response.content[:2000]
    return response.json()


def direct(client: APIClient, text: str, **ids: Any) -> dict[str, Any]:
    answer = call(client, "POST", "/v3/memories/add/", {"messages": [{"role": "user", "content": text}],
                                                        "infer": False, **ids})
    assert answer["status"] == "SUCCEEDED", answer
    return dict(answer["results"][0])


def test_it_pings_with_a_token_and_refuses_other_schemes(alice: KeyedClient) -> None:
    ping = call(token(alice), "GET", "/v1/ping/")
    assert ping["status"] == "ok" and ping["org_id"] == ping["project_id"] == alice.tenant.slug
    assert call(token(alice, "Bearer"), "GET", "/v1/ping/")["status"] == "ok"
    refused = call(token(alice, "Basic"), "GET", "/v1/ping/", expect=401)
    assert refused["error"]["code"] == "unauthenticated" and "Token" in refused["detail"]
    assert call(APIClient(), "GET", "/v1/ping/", expect=401)["error"]["code"] == "unauthenticated"


def test_it_files_mem0_ids_as_scopes_and_reads_them_back(alice: KeyedClient) -> None:
    client = token(alice)
    saved = direct(client, "Likes green tea", user_id="alex", agent_id="chef", run_id="trip-1",
                   metadata={"food": "tea"})
    memory = call(client, "GET", f"/v1/memories/{saved['id']}/")
    assert memory["user_id"] == "alex" and memory["agent_id"] == "chef" and memory["run_id"] == "trip-1"
    assert memory["app_id"] is None and memory["memory"] == "Likes green tea"
    assert memory["metadata"] == {"food": "tea"} and memory["categories"] == ["fact"]
    with tenant_scope(alice.tenant):
        stored = Memory.objects.select_related("scope", "subject").get(pk=saved["id"])
        assert stored.scope.path == "user/alex/agent/chef/run/trip-1"
        assert stored.subject is not None and stored.subject.external_id == "alex"


def test_it_filters_and_pages_get_all(alice: KeyedClient) -> None:
    client = token(alice)
    for i in range(5):
        direct(client, f"Alex fact number {i}", user_id="alex", run_id=f"r{i % 2}")
    direct(client, "Sam likes chess", user_id="sam")
    direct(client, "The tutor is called Ada", agent_id="tutor")
    first = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "alex"}}, page=1, page_size=2)
    assert first["count"] == 5 and len(first["results"]) == 2 and first["previous"] is None
    assert "page=2" in first["next"]
    last = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "alex"}}, page=3, page_size=2)
    assert len(last["results"]) == 1 and last["next"] is None and "page=2" in last["previous"]
    runs = call(client, "POST", "/v3/memories/", {"filters": {"AND": [{"user_id": "alex"}, {"run_id": "r1"}]}})
    assert runs["count"] == 2
    either = call(client, "POST", "/v3/memories/", {"filters": {"OR": [{"user_id": "sam"}, {"agent_id": "tutor"}]}})
    assert sorted(m["memory"] for m in either["results"]) == ["Sam likes chess", "The tutor is called Ada"]
    some = call(client, "POST", "/v3/memories/", {"filters": {"user_id": {"in": ["sam", "nobody"]}}})
    assert [m["memory"] for m in some["results"]] == ["Sam likes chess"]
    anyone = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "*"}})
    assert anyone["count"] == 6


def test_metadata_filters_take_mem0s_operators(alice: KeyedClient) -> None:
    client = token(alice)
    for text, metadata in (("Call the bank", {"priority": 1, "tags": ["money"], "note": "Before noon"}),
                           ("Book the dentist", {"priority": 3, "tags": ["health", "urgent"], "note": "any time"}),
                           ("Water the plants", {"priority": 5, "due": "2026-03-01"}),
                           ("Read a novel", {"mood": "calm"})):
        direct(client, text, user_id="ops", metadata=metadata)

    def listed(metadata: Any) -> list[str]:
        answer = call(client, "POST", "/v3/memories/", {"filters": {"AND": [{"user_id": "ops"},
                                                                            {"metadata": metadata}]}})
        return sorted(m["memory"] for m in answer["results"])

    assert listed({"priority": {"gte": 3}}) == ["Book the dentist", "Water the plants"]
    assert listed({"priority": {"gt": 1, "lte": 3}}) == ["Book the dentist"]
    assert listed({"priority": {"lt": 3}}) == ["Call the bank"]
    assert listed({"priority": {"in": [1, 5]}}) == ["Call the bank", "Water the plants"]
    assert listed({"priority": {"nin": [1, 5]}}) == ["Book the dentist", "Read a novel"]  # missing counts, as in mem0
    assert listed({"priority": {"ne": 3}}) == ["Call the bank", "Read a novel", "Water the plants"]
    assert listed({"priority": {"eq": 3}}) == listed({"priority": 3}) == ["Book the dentist"]
    assert listed({"tags": {"contains": "urgent"}}) == ["Book the dentist"]
    assert listed({"note": {"contains": "noon"}}) == ["Call the bank"]
    assert listed({"note": {"icontains": "BEFORE"}}) == ["Call the bank"]
    assert listed({"due": {"gte": "2026-01-01"}}) == ["Water the plants"]
    assert listed({"mood": "*"}) == ["Read a novel"]
    negated = call(client, "POST", "/v3/memories/", {"filters": {"AND": [
        {"user_id": "ops"}, {"NOT": [{"metadata": {"priority": {"gte": 3}}}, {"metadata": {"mood": "calm"}}]}]}})
    assert [m["memory"] for m in negated["results"]] == ["Call the bank"]
    found = call(client, "POST", "/v3/memories/search/", {"query": "dentist bank plants novel", "top_k": 1,
                                                         "filters": {"user_id": "ops"},
                                                         "metadata": {"priority": {"gte": 5}}})
    assert [m["memory"] for m in found["results"]] == ["Water the plants"]  # narrowed before the top 1

    wrong: list[tuple[dict[str, Any], str]] = [({"priority": {"between": [1, 2]}}, "between"),
                                               ({"priority": {}}, "priority"), ({"priority": {"gte": True}}, "gte"),
                                               ({"priority": {"in": "1"}}, "in")]
    for metadata, named in wrong:
        refused = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "ops", "metadata": metadata}},
                       expect=400)
        assert refused["error"]["code"] in ("unsupported_filter", "validation_error"), refused
        assert named in refused["detail"] + json.dumps(refused["error"]["fields"]), refused
    top_level = call(client, "POST", "/v3/memories/search/", {"query": "x", "filters": {"user_id": "ops",
                                                                                       "priority": {"gte": 1}}},
                     expect=400)
    assert top_level["error"]["code"] == "unsupported_filter" and '"metadata"' in top_level["detail"]


def test_a_failed_batch_names_the_memory_that_failed(alice: KeyedClient, bob: KeyedClient) -> None:
    client = token(alice)
    ours = direct(client, "Owns a bike", user_id="alex")
    theirs = direct(token(bob), "Owns a car", user_id="bob")
    missing = "00000000-0000-4000-8000-000000000000"
    for method, items, failed in (
            ("PUT", [{"memory_id": ours["id"], "text": "Owns two bikes"}, {"memory_id": theirs["id"], "text": "x"}],
             theirs["id"]),
            ("PUT", [{"memory_id": ours["id"], "text": "Owns two bikes"}, {"memory_id": "not-an-id", "text": "x"}],
             "not-an-id"),
            ("DELETE", [{"memory_id": missing}, {"memory_id": ours["id"]}], missing),
            ("PUT", [{"memory_id": ours["id"], "text": "Owns two bikes", "colour": "red"}], ours["id"])):
        refused = call(client, method, "/v1/batch/", {"memories": items}, expect=404 if failed != ours["id"] else 400)
        assert failed in refused["detail"], refused
        index = next(i for i, item in enumerate(items) if item["memory_id"] == failed)
        assert any(name.startswith(f"memories.{index}.") for name in refused["error"]["fields"]), refused
    assert call(client, "GET", f"/v1/memories/{ours['id']}/")["memory"] == "Owns a bike"  # all or nothing


def test_it_searches_within_the_filters(alice: KeyedClient) -> None:
    client = token(alice)
    direct(client, "Alex is allergic to nuts", user_id="alex")
    direct(client, "Sam is allergic to nuts", user_id="sam")
    found = call(client, "POST", "/v3/memories/search/", {"query": "nuts allergy", "filters": {"user_id": "alex"},
                                                         "top_k": 5})
    assert [m["memory"] for m in found["results"]] == ["Alex is allergic to nuts"]
    assert isinstance(found["results"][0]["score"], float)
    none = call(client, "POST", "/v3/memories/search/", {"query": "nuts", "filters": {"user_id": "nobody"}})
    assert none["results"] == []


def test_it_refuses_what_it_does_not_support_in_one_shape(alice: KeyedClient) -> None:
    client = token(alice)
    graph = call(client, "POST", "/v3/memories/add/", {"messages": "hi", "user_id": "a", "enable_graph": True},
                 expect=400)
    assert graph["error"]["code"] == "unsupported_parameter" and "enable_graph" in graph["detail"]
    assert "enable_graph" in graph["error"]["fields"]
    org = call(client, "POST", "/v3/memories/search/", {"query": "x", "filters": {"user_id": "a"}, "org_id": "o"},
               expect=400)
    assert org["error"]["code"] == "unsupported_parameter"
    no_id = call(client, "POST", "/v3/memories/search/", {"query": "x"}, expect=400)
    assert "filters" in no_id["error"]["fields"]
    bad_filter = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "a", "timestamp": {"gte": 1}}},
                      expect=400)
    assert bad_filter["error"]["code"] == "unsupported_filter" and "timestamp" in bad_filter["detail"]
    bad_id = call(client, "POST", "/v3/memories/add/", {"messages": "hi", "user_id": "a b", "infer": False},
                  expect=400)
    assert "user_id" in bad_id["error"]["fields"]
    exports = call(client, "POST", "/v1/exports/", {"schema": "{}"}, expect=404)
    assert exports["error"]["code"] == "unsupported_endpoint" and "/v1/exports/" in exports["detail"]
    assert "mem0ai 1.0.0 and later" in exports["detail"]
    kind = call(client, "DELETE", "/v2/entities/org/a/", expect=404)  # users, agents, apps and runs only
    assert kind["error"]["code"] == "unsupported_entity"
    old_get_all = call(client, "GET", "/v1/memories/", expect=404, user_id="a")  # mem0ai 0.x's get_all
    assert old_get_all["error"]["code"] == "unsupported_endpoint" and "mem0ai 1.0.0" in old_get_all["detail"]
    too_many = call(client, "POST", "/v3/memories/search/", {"query": "x", "filters": {"user_id": "a"},
                                                            "top_k": 1000}, expect=400)
    assert "top_k" in too_many["error"]["fields"]


def test_it_serves_mem0ai_1x_routes_with_the_org_and_project_the_ping_gave(alice: KeyedClient) -> None:
    client = token(alice)
    tenant = {"org_id": alice.tenant.slug, "project_id": alice.tenant.slug}
    added = call(client, "POST", "/v1/memories/", {"messages": [{"role": "user", "content": "Likes figs"}],
                                                   "user_id": "v1", "infer": False, "async_mode": True,
                                                   "output_format": "v1.1", **tenant})
    assert added["status"] == "SUCCEEDED" and [r["memory"] for r in added["results"]] == ["Likes figs"]
    found = call(client, "POST", "/v2/memories/search/", {"query": "figs", "user_id": "v1", **tenant})
    assert [m["memory"] for m in found["results"]] == ["Likes figs"]
    listed = call(client, "POST", "/v2/memories/", {"filters": {"AND": [{"user_id": "v1"}]}, **tenant},
                  page=1, page_size=10)
    assert listed["count"] == 1 and listed["results"][0]["id"] == added["results"][0]["id"]
    other = call(client, "POST", "/v2/memories/", {"user_id": "v1", "org_id": "another-org",
                                                   "project_id": alice.tenant.slug}, expect=400)
    assert other["error"]["code"] == "unsupported_parameter" and "org_id" in other["error"]["fields"]


def test_it_updates_deletes_and_keeps_history_through_the_write_flow(alice: KeyedClient) -> None:
    client = token(alice)
    saved = direct(client, "Lives in Paris", user_id="alex")
    updated = call(client, "PUT", f"/v1/memories/{saved['id']}/", {"text": "Lives in Lyon"})
    assert updated["memory"] == "Lives in Lyon"
    history = call(client, "GET", f"/v1/memories/{saved['id']}/history/")
    assert [(h["event"], h["old_memory"], h["new_memory"]) for h in history] == [
        ("ADD", None, "Lives in Paris"), ("UPDATE", "Lives in Paris", "Lives in Lyon")]
    other = direct(client, "Has a cat", user_id="alex")
    assert call(client, "PUT", "/v1/batch/", {"memories": [{"memory_id": other["id"], "text": "Has two cats"}]}
                )["message"] == "Successfully updated 1 memories"
    feedback = call(client, "POST", "/v1/feedback/", {"memory_id": other["id"], "feedback": "NEGATIVE",
                                                      "feedback_reason": "outdated"})
    assert feedback["feedback"] == "NEGATIVE"
    assert call(client, "DELETE", f"/v1/memories/{saved['id']}/")["message"] == "Memory deleted successfully!"
    call(client, "GET", f"/v1/memories/{saved['id']}/", expect=404)
    assert call(client, "DELETE", "/v1/batch/", {"memories": [{"memory_id": other["id"]}]}
                )["message"] == "Successfully deleted 1 memories"
    with tenant_scope(alice.tenant):
        actions = set(AuditEvent.objects.filter(target_id__in=[saved["id"], other["id"]])
                      .values_list("action", flat=True))
        assert {"memory.created", "memory.updated", "memory.deleted"} <= actions
        assert not MemoryVersion.objects.filter(memory_id__in=[saved["id"], other["id"]]).exists()


def test_it_deletes_all_of_one_user_only(alice: KeyedClient) -> None:
    client = token(alice)
    direct(client, "Alex one", user_id="alex")
    direct(client, "Alex two", user_id="alex", run_id="r")
    direct(client, "Sam one", user_id="sam")
    call(client, "DELETE", "/v1/memories/", expect=400)
    assert call(client, "DELETE", "/v1/memories/", user_id="alex")["deleted"] == 2
    left = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "*"}})
    assert [m["memory"] for m in left["results"]] == ["Sam one"]


def test_another_tenants_memory_is_not_found(alice: KeyedClient, bob: KeyedClient) -> None:
    saved = direct(token(alice), "Alice's secret plan", user_id="alex")
    theirs = token(bob)
    for method, path, body in [("GET", f"/v1/memories/{saved['id']}/", None),
                               ("PUT", f"/v1/memories/{saved['id']}/", {"text": "stolen"}),
                               ("DELETE", f"/v1/memories/{saved['id']}/", None),
                               ("GET", f"/v1/memories/{saved['id']}/history/", None),
                               ("POST", "/v1/feedback/", {"memory_id": saved["id"], "feedback": "POSITIVE"})]:
        assert call(theirs, method, path, body, expect=404)["error"]["code"] == "not_found"
    assert call(theirs, "POST", "/v3/memories/", {"filters": {"user_id": "alex"}})["count"] == 0
    assert call(theirs, "DELETE", "/v1/memories/", user_id="alex")["deleted"] == 0
    assert call(token(alice), "GET", f"/v1/memories/{saved['id']}/")["memory"] == "Alice's secret plan"


def test_a_key_limited_to_a_scope_sees_only_it(alice: KeyedClient) -> None:
    direct(token(alice), "Sam plays chess", user_id="sam")
    limited = token(keyed_client(alice.tenant, name="alex only", scope_prefixes=["user/alex"]))
    assert call(limited, "POST", "/v3/memories/add/", {"messages": "x", "user_id": "sam", "infer": False},
                expect=404)["error"]["code"] == "scope_not_found"
    assert call(limited, "POST", "/v3/memories/", {"filters": {"user_id": "sam"}})["count"] == 0
    assert direct(limited, "Alex plays go", user_id="alex")["event"] == "ADD"


def test_add_with_messages_extracts_them_now_offline(alice: KeyedClient) -> None:
    client = token(alice)
    answer = call(client, "POST", "/v3/memories/add/", {
        "messages": [{"role": "user", "content": "Hi, I'm Alex. I prefer vegetarian food. Remember that I am "
                                                 "allergic to nuts."},
                     {"role": "assistant", "content": "Noted: vegetarian, and no nuts."}],
        "user_id": "alex", "metadata": {"source": "quickstart"}})
    assert answer["status"] == "SUCCEEDED" and answer["event_id"]
    texts = {r["memory"] for r in answer["results"]}
    assert "Alex prefers vegetarian food" in texts and all(r["event"] == "ADD" for r in answer["results"])
    listed = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "alex"}})
    assert {m["memory"] for m in listed["results"]} == texts
    assert all(m["metadata"]["source"] == "quickstart" for m in listed["results"])


def test_a_message_kept_as_said_is_searchable_at_once(alice: KeyedClient) -> None:
    """A statement about a thing, no person in it, is kept as said (an observation): live, not in review."""
    client = token(alice)
    answer = call(client, "POST", "/v3/memories/add/", {
        "messages": [{"role": "user", "content": "The pho place by the river makes the best broth in town"}],
        "user_id": "rin"})
    assert [(r["reason"], r["resolution"]) for r in answer["results"]] == [("observation", "created")]
    found = call(client, "POST", "/v3/memories/search/", {"query": "where is good pho broth",
                                                         "filters": {"user_id": "rin"}})
    assert [m["id"] for m in found["results"]] == [answer["results"][0]["id"]]


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("ab_9.:@-/ \t\n中é²\u200b") | st.characters(exclude_categories=["Cs"]), max_size=66))
def test_the_id_pattern_accepts_exactly_what_the_server_does(value: str) -> None:
    """A mem0 id is one scope segment; the import schema's pattern says so to Python and to ECMA-262 alike."""
    import jsonschema_rs

    try:
        entity_scope({"user_id": value})
        accepted = True
    except ValidationFailed:
        accepted = False
    assert accepted == bool(re.fullmatch(segment_pattern(), value)), repr(value)
    assert accepted == jsonschema_rs.validator_for({"type": "string", "pattern": segment_pattern()}).is_valid(value)


def test_its_routes_stay_out_of_mnemaras_schema() -> None:
    """/api/schema/ describes Mnemara's API; the mem0 routes are docs/mem0.md's."""
    from tests.contract import served_schema

    assert not [path for path in served_schema()["paths"] if path.startswith("/mem0")]


def test_a_question_about_an_earlier_value_gets_the_replaced_memory_marked(alice: KeyedClient) -> None:
    client = token(alice)
    old = direct(client, "The user works at Google as a data analyst.", user_id="sam")
    new = direct(client, "The user just started a new job at Stripe as a product manager.", user_id="sam")
    before = call(client, "POST", "/v3/memories/search/", {"query": "Where did I work before?", "top_k": 3,
                                                          "filters": {"user_id": "sam"}})["results"]
    assert [r["id"] for r in before][:2] == [old["id"], new["id"]], before
    assert before[0]["superseded_by"] == new["id"] and "superseded_by" not in before[1]
    now = call(client, "POST", "/v3/memories/search/", {"query": "Where do I work?", "top_k": 3,
                                                       "filters": {"user_id": "sam"}})["results"]
    assert old["id"] not in [r["id"] for r in now]
