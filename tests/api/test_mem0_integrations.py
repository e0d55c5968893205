"""What the frameworks that wrap mem0's client send (docs/mem0.md, "Integrations"), in-process: CrewAI's Mem0
storage (``includes``/``excludes``/``custom_categories`` with every add, ``limit`` and a ``threshold`` in search,
``update_project`` at start), AutoGen's and mem0's MCP server's ``limit``, the open-source ``get_all(limit=…)``,
``immutable``, ``show_expired``, and a request of system prompts only. The clients themselves, served:
tests/served/test_mem0_clients.py."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from memories.models import Memory
from tenants.scoping import tenant_scope
from tests.api.test_mem0_api import call, direct, token
from tests.conftest import KeyedClient

pytestmark = pytest.mark.usefixtures("offline")  # the real embedding model: search results are asserted


@pytest.fixture
def offline(settings: Any) -> None:
    settings.ANTHROPIC_API_KEY = ""


def test_extractor_hints_are_accepted_and_said_to_have_no_effect(alice: KeyedClient) -> None:
    client = token(alice)
    for hints in ({"includes": "food preferences", "excludes": "passwords"},
                  {"custom_categories": [{"hobbies": "What the user does for fun"}]},
                  {"output_format": "v1.1", "version": "v2", "api_version": "v2", "includes": None}):
        answer = call(client, "POST", "/v3/memories/add/", {"messages": [{"role": "user", "content": "Likes figs"}],
                                                            "user_id": "crew", "infer": False, **hints})
        assert answer["status"] == "SUCCEEDED" and answer["results"][0]["memory"] == "Likes figs", hints
    instructions = call(client, "POST", "/v3/memories/add/", {"messages": "x", "user_id": "crew",
                                                              "custom_instructions": "Only keep food"}, expect=400)
    assert instructions["error"]["code"] == "unsupported_parameter" and "custom_instructions" in instructions["detail"]


def test_limit_is_top_k_in_search_and_the_page_size_in_get_all(alice: KeyedClient) -> None:
    client = token(alice)
    for text in ("Plays the cello on Sundays", "Plays chess online", "Plays tennis with Sam", "Plays bridge"):
        direct(client, text, user_id="ada")
    some = call(client, "POST", "/v3/memories/search/", {"query": "which games", "filters": {"user_id": "ada"},
                                                         "limit": 2, "threshold": -1})
    assert len(some["results"]) == 2
    wins = call(client, "POST", "/v3/memories/search/", {"query": "games", "filters": {"user_id": "ada"},
                                                         "limit": 1, "top_k": 3, "threshold": -1})
    assert len(wins["results"]) == 3  # top_k, mem0's platform name, comes first
    bad = call(client, "POST", "/v3/memories/search/", {"query": "x", "user_id": "ada", "limit": 0}, expect=400)
    assert "limit" in bad["error"]["fields"]
    page = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "ada"}, "limit": 3})
    assert page["count"] == 4 and len(page["results"]) == 3 and "page_size=3" in page["next"]
    sized = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "ada"}, "limit": 3}, page_size=1)
    assert len(sized["results"]) == 1


def test_crewai_s_save_and_search_calls(alice: KeyedClient) -> None:
    """CrewAI's Mem0Storage.save and .search, as mem0ai 1.x hands them over (1.x passes ids at the top)."""
    client = token(alice)
    saved = call(client, "POST", "/v1/memories/", {
        "messages": [{"role": "user", "content": "I'm Noor and I always fly with a window seat."},
                     {"role": "assistant", "content": "Final Answer: Booked a window seat for Noor."}],
        "metadata": {"type": "short_term", "agent": "Travel planner", "quality": 8.5}, "infer": True,
        "output_format": "v1.1", "version": "v2", "run_id": "crew-run-1", "user_id": "noor",
        "agent_id": "Travel_planner_Booking_agent"})
    assert saved["status"] == "SUCCEEDED" and saved["results"], saved
    found = call(client, "POST", "/v2/memories/search/", {
        "query": "Which seat does Noor like?", "limit": 3, "version": "v2", "output_format": "v1.1",
        "user_id": "noor", "metadata": {"type": "short_term"}, "run_id": "crew-run-1",
        "filters": {"AND": [{"run_id": "crew-run-1"}]}, "threshold": 0.35})
    assert any("window seat" in r["memory"] for r in found["results"]), found
    assert all(r["metadata"]["type"] == "short_term" for r in found["results"])
    either = call(client, "POST", "/v2/memories/search/", {
        "query": "window seat", "limit": 5, "user_id": "noor",
        "filters": {"OR": [{"user_id": "noor"}, {"agent_id": "Travel_planner_Booking_agent"}]}, "threshold": 0.2})
    assert either["results"], either


def test_crewai_s_update_project_and_mem0s_project_calls(alice: KeyedClient) -> None:
    client = token(alice)
    slug = alice.tenant.slug
    path = f"/api/v1/orgs/organizations/{slug}/projects/{slug}/"
    project = call(client, "GET", path)
    assert project["id"] == slug and {"fact", "preference"} <= {k for c in project["custom_categories"] for k in c}
    assert set(call(client, "GET", path, fields="custom_categories")) == {"id", "name", "custom_categories"}
    accepted = call(client, "PATCH", path, {"custom_categories": [{"travel": "Trips and bookings"}]})
    assert "custom_categories" in accepted["message"]
    refused = call(client, "PATCH", path, {"custom_instructions": "Keep only travel"}, expect=400)
    assert refused["error"]["code"] == "unsupported_parameter" and "custom_instructions" in refused["error"]["fields"]
    other = call(client, "GET", f"/api/v1/orgs/organizations/{slug}/projects/another/", expect=404)
    assert other["error"]["code"] == "unsupported_endpoint"
    assert call(token(alice), "GET", "/api/v1/webhooks/projects/x/", expect=404)["error"]["code"] == \
        "unsupported_endpoint"


def test_an_immutable_memory_refuses_updates_but_not_deletion(alice: KeyedClient) -> None:
    client = token(alice)
    answer = call(client, "POST", "/v3/memories/add/", {"messages": "Born on 2 May 1990", "user_id": "lee",
                                                        "infer": False, "immutable": True, "metadata": {"a": 1}})
    memory_id = answer["results"][0]["id"]
    shown = call(client, "GET", f"/v1/memories/{memory_id}/")
    assert shown["immutable"] is True and shown["metadata"] == {"a": 1}
    refused = call(client, "PUT", f"/v1/memories/{memory_id}/", {"text": "Born on 3 May 1990"}, expect=400)
    assert refused["error"]["code"] == "immutable" and memory_id in refused["detail"]
    batch = call(client, "PUT", "/v1/batch/", {"memories": [{"memory_id": memory_id, "text": "x"}]}, expect=400)
    assert batch["error"]["code"] == "immutable" and "memories.0.memory_id" in batch["error"]["fields"]
    assert call(client, "GET", f"/v1/memories/{memory_id}/")["memory"] == "Born on 2 May 1990"
    plain = direct(client, "Lives in Oslo", user_id="lee")
    assert call(client, "GET", f"/v1/memories/{plain['id']}/")["immutable"] is False
    call(client, "DELETE", f"/v1/memories/{memory_id}/")
    call(client, "GET", f"/v1/memories/{memory_id}/", expect=404)


def test_show_expired_lists_expired_memories_too(alice: KeyedClient) -> None:
    client = token(alice)
    old = direct(client, "Parking permit 12", user_id="kai")
    direct(client, "Likes plums", user_id="kai")
    with tenant_scope(alice.tenant):
        Memory.objects.filter(pk=old["id"]).update(expires_at=timezone.now() - timedelta(days=1))
    assert call(client, "POST", "/v3/memories/", {"filters": {"user_id": "kai"}})["count"] == 1
    everything = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "kai"}, "show_expired": True})
    assert everything["count"] == 2
    found = call(client, "POST", "/v3/memories/search/", {"query": "parking permit", "filters": {"user_id": "kai"},
                                                          "show_expired": False})
    assert all(r["id"] != old["id"] for r in found["results"])


def test_system_prompts_alone_give_no_memory_and_say_so(alice: KeyedClient) -> None:
    client = token(alice)
    for infer in (True, False):
        answer = call(client, "POST", "/v3/memories/add/", {
            "messages": [{"role": "system", "content": "You are a helpful travel agent."},
                         {"role": "user", "content": "   "}], "user_id": "sys", "infer": infer})
        assert answer["status"] == "SUCCEEDED" and answer["results"] == []
        assert answer["skipped"] == [{"message": 0, "reason": "system"}, {"message": 1, "reason": "empty"}]
    empty = call(client, "POST", "/v3/memories/add/", {"messages": [], "user_id": "sys", "agent_id": "x"})
    assert empty["status"] == "SUCCEEDED" and empty["results"] == [] and empty["skipped"] == []
    mixed = call(client, "POST", "/v3/memories/add/", {
        "messages": [{"role": "system", "content": "Be brief."},
                     {"role": "user", "content": "Thanks!"},
                     {"role": "user", "content": "I'm Ana and I teach maths in Porto."}], "user_id": "ana"})
    assert mixed["results"] and {"message": 0, "reason": "system"} in mixed["skipped"]
    assert [s["message"] for s in mixed["skipped"] if s["reason"] != "system"] == [1], mixed  # its own position


def test_ai_sdk_and_openai_message_shapes(alice: KeyedClient) -> None:
    """The Vercel AI provider and OpenAI-style agents send content as a list of parts, a "developer" prompt and
    tool results: the text parts are read, the rest is skipped and said so; an image is still refused."""
    client = token(alice)
    answer = call(client, "POST", "/v3/memories/add/", {"user_id": "parts", "messages": [
        {"role": "developer", "content": "Answer in French."},
        {"role": "user", "content": [{"type": "text", "text": "My sister Mia lives in Quebec."}]},
        {"role": "tool", "content": [{"type": "tool-result", "toolCallId": "1", "output": {"ok": True}}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Quebec is lovely!"}]},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
                                                               "function": {"name": "weather", "arguments": "{}"}}]},
        {"role": "user", "content": None}]})
    assert any("Quebec" in r["memory"] for r in answer["results"]), answer
    assert {"message": 0, "reason": "system"} in answer["skipped"] and {"message": 2, "reason": "tool"} in \
        answer["skipped"]
    assert {"message": 4, "reason": "tool"} in answer["skipped"] and {"message": 5, "reason": "empty"} in \
        answer["skipped"]
    plain = call(client, "POST", "/v3/memories/add/", {"user_id": "parts", "infer": False, "messages": [
        {"role": "user", "content": [{"type": "text", "text": "Locker 7,"}, {"type": "text", "text": "floor 2"}]}]})
    assert plain["results"][0]["memory"] == "Locker 7,\nfloor 2"
    image = call(client, "POST", "/v3/memories/add/", {"user_id": "parts", "messages": [
        {"role": "user", "content": [{"type": "text", "text": "Look"},
                                     {"type": "image_url", "image_url": {"url": "https://x/y.png"}}]}]}, expect=400)
    assert "messages.0.content" in image["error"]["fields"]
    odd = call(client, "POST", "/v3/memories/add/", {"user_id": "parts", "messages": [{"role": "critic",
                                                                                         "content": "x"}]}, expect=400)
    assert "messages.0.role" in odd["error"]["fields"]


def test_delete_all_takes_filters_in_the_query_as_mem0ai_2x_sends_them(alice: KeyedClient) -> None:
    """``delete_all(filters={"user_id": …})``, mem0ai 2.x's documented form: its client puts ``str(filters)``
    (a Python dict's repr) in the query; JSON is read too."""
    client = token(alice)
    for user in ("pia", "rio", "sol"):
        direct(client, f"{user} keeps a garden", user_id=user)
    direct(client, "rio plays drums", user_id="rio", agent_id="band")
    assert call(client, "DELETE", "/v1/memories/", filters=str({"user_id": "pia"}))["deleted"] == 1
    assert call(client, "DELETE", "/v1/memories/", filters='{"AND": [{"user_id": "rio"}, {"agent_id": "band"}]}')[
        "deleted"] == 1
    assert call(client, "POST", "/v3/memories/", {"filters": {"user_id": "rio"}})["count"] == 1
    for bad in ("[object Object]", "__import__('os')", "{'metadata': {'a': 1}}"):
        refused = call(client, "DELETE", "/v1/memories/", filters=bad, expect=400)
        assert "filters" in refused["error"]["fields"], bad
    assert call(client, "POST", "/v3/memories/", {"filters": {"user_id": "*"}})["count"] == 2


def test_a_host_with_a_trailing_slash_still_reaches_the_routes(alice: KeyedClient) -> None:
    """The npm client and the Vercel provider join ``host`` and the path with a template string: ``host`` given
    as ``…/mem0/`` asks for ``/mem0//v1/…``."""
    client = token(alice)
    assert call(client, "GET", "//v1/ping/")["status"] == "ok"
    saved = call(client, "POST", "//v3/memories/add/", {"messages": "Likes rye bread", "user_id": "slash",
                                                        "infer": False})
    assert call(client, "GET", f"//v1/memories/{saved['results'][0]['id']}/")["memory"] == "Likes rye bread"
    assert call(client, "GET", "//v1/summary/", expect=404)["error"]["code"] == "unsupported_endpoint"


def test_mem0s_routes_answer_at_the_server_root_too(alice: KeyedClient) -> None:
    """A mem0 client given the server itself as ``host`` (``MemoryClient(host="https://mnemara.example.com")``)
    asks for ``/v1/ping/``, ``/v3/memories/add/``…: the same API answers there."""
    client = token(alice)
    ping = client.get("/v1/ping/")
    assert ping.status_code == 200 and ping.json()["org_id"] == alice.tenant.slug
    added = client.post("/v3/memories/add/", {"messages": "Likes oat milk", "user_id": "root", "infer": False},
                        format="json")
    assert added.status_code == 200 and added.json()["results"][0]["memory"] == "Likes oat milk"
    listed = client.post("/v3/memories/", {"filters": {"user_id": "root"}}, format="json")
    assert listed.json()["count"] == 1
    missing = client.get("/v1/summary/")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unsupported_endpoint"
    assert APIClient().get("/v1/ping/", HTTP_AUTHORIZATION="Token mn_wrong").status_code == 401
    assert APIClient().get("/api/v1/memories").status_code == 401  # Mnemara's own API is where it was


def test_keywords_and_memory_ids_filters(alice: KeyedClient) -> None:
    """mem0's ``keywords`` (text the memory holds, any case) and ``memory_ids`` filters, in get_all and search."""
    client = token(alice)
    ids = [direct(client, text, user_id="kw")["id"] for text in ("Drinks oolong TEA at noon", "Walks the dog",
                                                                 "Takes tea with lemon")]
    tea = call(client, "POST", "/v3/memories/", {"filters": {"AND": [{"user_id": "kw"},
                                                                     {"keywords": {"icontains": "tea"}}]}})
    assert sorted(m["memory"] for m in tea["results"]) == ["Drinks oolong TEA at noon", "Takes tea with lemon"]
    plain = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "kw", "keywords": "DOG"}})
    assert [m["id"] for m in plain["results"]] == [ids[1]]
    chosen = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "kw", "memory_ids": [ids[0], "nope"]}})
    assert [m["id"] for m in chosen["results"]] == [ids[0]]
    found = call(client, "POST", "/v3/memories/search/", {"query": "tea", "threshold": -1,
                                                          "filters": {"user_id": "kw", "memory_ids": {"in": ids[1:]}}})
    assert {m["id"] for m in found["results"]} <= set(ids[1:]) and found["results"]
    bad = call(client, "POST", "/v3/memories/", {"filters": {"user_id": "kw", "keywords": {"regex": "t.a"}}},
               expect=400)
    assert "filters.keywords" in bad["error"]["fields"]
