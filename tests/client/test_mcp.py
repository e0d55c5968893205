"""The MCP server, driven by an MCP client from the same SDK.

The main test starts ``python manage.py mcp_server`` as a subprocess over stdio, exactly as Claude Code or
Claude Desktop would, pointed at the live test server with a real API key. The subprocess gets a
``DATABASE_URL`` that leads nowhere: the MCP server talks to Mnemara over HTTP only, so any database
access would fail this test.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from mnemara.client import AsyncMnemara, Mnemara
from mnemara.client.mcp import build_server, server_version
from tests.client.conftest import TIMEOUT
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
READ_TOOLS = {"search_memories", "get_context", "list_memories", "get_memory", "memory_history"}
TOOLS = READ_TOOLS | {"save_memory", "update_memory", "deprecate_memory", "add_session_messages"}


def payload(result: Any) -> Any:
    """A tool's answer: its structured content, else its text (JSON-decoded when it is JSON)."""
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return result.structured_content
    text = "".join(getattr(block, "text", "") for block in result.content)
    try:
        return json.loads(text)
    except ValueError:
        return text


def error_text(result: Any) -> str:
    assert result.is_error, result
    return "".join(getattr(block, "text", "") for block in result.content)


def server_params(url: str, api_key: str) -> StdioServerParameters:
    env = {**os.environ, "MNEMARA_URL": url, "MNEMARA_API_KEY": api_key, "MNEMARA_TIMEOUT": str(TIMEOUT),
           "DATABASE_URL": "postgresql://nobody@127.0.0.1:9/no_database_here", "PYTHONUNBUFFERED": "1"}
    env.pop("MNEMARA_DEFAULT_SCOPE", None)
    return StdioServerParameters(command=sys.executable, args=["manage.py", "mcp_server"], env=env, cwd=str(ROOT))


def test_it_serves_save_then_search_over_stdio(live_server, alice: KeyedClient, warm_embedder: None) -> None:
    async def session(errlog) -> None:
        async with Client(stdio_client(server_params(live_server.url, alice.secret), errlog=errlog),
                          read_timeout_seconds=60) as client:
            tools = await client.list_tools()
            assert {tool.name for tool in tools.tools} == TOOLS
            assert all(tool.description for tool in tools.tools)
            assert client.server_info is not None and client.server_info.version == server_version()

            saved = payload(await client.call_tool("save_memory", {
                "content": "Has a cat called Miso", "scope": "user/31", "type": "fact"}))
            assert saved["resolution"]["action"] == "created" and saved["scope"] == "user/31"

            found = payload(await client.call_tool("search_memories", {"query": "what is my cat's name?",
                                                                       "scope": "user/31"}))
            assert found["results"][0]["id"] == saved["id"]
            assert found["results"][0]["content"] == "Has a cat called Miso"

            above = payload(await client.call_tool("search_memories", {"query": "cat", "scope": "user",
                                                                       "descendants": True}))
            assert [hit["id"] for hit in above["results"]] == [saved["id"]]
            assert payload(await client.call_tool("get_memory", {"memory_id": saved["id"]}))["version"] == 1

            context = await client.call_tool("get_context", {"query": "cat", "scope": "user/31"})
            block = "".join(getattr(part, "text", "") for part in context.content)
            assert block.startswith("<memory") and "Has a cat called Miso" in block

            listed = payload(await client.call_tool("list_memories", {"scope": "user/31"}))
            assert [m["id"] for m in listed["results"]] == [saved["id"]]

            updated = payload(await client.call_tool("update_memory", {
                "memory_id": saved["id"], "version": 1, "content": "Has a cat called Miso Soup"}))
            assert updated["version"] == 2
            stale = error_text(await client.call_tool("update_memory", {
                "memory_id": saved["id"], "version": 1, "content": "Has a cat called Tofu"}))
            assert "version_conflict" in stale and "version=2" in stale and "Miso Soup" in stale

            history = payload(await client.call_tool("memory_history", {"memory_id": saved["id"]}))["results"]
            assert [(v["version"], v["content"]) for v in history] == [(1, "Has a cat called Miso"),
                                                                       (2, "Has a cat called Miso Soup")]
            sent = payload(await client.call_tool("add_session_messages", {
                "session_id": "s-31", "scope": "user/31",
                "messages": [{"role": "user", "content": "My sister Ada lives in Lyon."}]}))
            assert sent["accepted"] == 1

            deprecated = payload(await client.call_tool("deprecate_memory", {"memory_id": saved["id"],
                                                                             "reason": "test"}))
            assert deprecated["status"] == "deprecated"

    with tempfile.TemporaryFile("w+") as errlog:
        try:
            anyio.run(session, errlog)
        except BaseException:
            errlog.seek(0)
            print("MCP server stderr:\n" + errlog.read()[-4000:], file=sys.stderr)
            raise
        errlog.seek(0)
        assert "Traceback" not in errlog.read()


def test_it_refuses_to_start_without_configuration(live_server) -> None:
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("MNEMARA_URL", "MNEMARA_API_KEY")}
    env["DATABASE_URL"] = "postgresql://nobody@127.0.0.1:9/no_database_here"
    done = subprocess.run([sys.executable, "manage.py", "mcp_server"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode != 0
    assert done.stdout == ""
    assert "MNEMARA_URL" in done.stderr and "MNEMARA_API_KEY" in done.stderr


def test_it_hides_another_tenants_memory(live_server, alice_memory: Mnemara, bob: KeyedClient) -> None:
    """Bob's MCP server (in-process this time, same SDK client) cannot see or touch Alice's memory."""
    saved = alice_memory.save("Alice's launch date is June 1", scope="user/1")

    async def session() -> None:
        bob_memory = AsyncMnemara(live_server.url, bob.secret, timeout=TIMEOUT)
        async with bob_memory, Client(build_server(bob_memory, default_scope="user/1")) as client:
            for name, arguments in (("update_memory", {"memory_id": saved.id, "version": 1, "content": "x"}),
                                    ("deprecate_memory", {"memory_id": saved.id}),
                                    ("get_memory", {"memory_id": saved.id}),
                                    ("memory_history", {"memory_id": saved.id})):
                assert "not_found" in error_text(await client.call_tool(name, arguments))
            assert payload(await client.call_tool("list_memories", {}))["results"] == []
            found = payload(await client.call_tool("search_memories", {"query": "launch date"}))
            assert found["results"] == []

    anyio.run(session)
    assert alice_memory.get(saved.id).version == 1


def test_a_tool_fails_within_the_timeout_when_mnemara_hangs(silent: str) -> None:
    """The client's timeout bounds a whole call, retries included: a hung server is an error the model can
    read in about MNEMARA_TIMEOUT seconds, not minutes."""
    async def session() -> str:
        hung = AsyncMnemara(silent, "mn_test_key", timeout=1.0)
        async with hung, Client(build_server(hung, default_scope="user/1")) as client:
            return error_text(await client.call_tool("search_memories", {"query": "anything"}))

    started = time.monotonic()
    assert "timeout" in anyio.run(session)
    assert time.monotonic() - started < 5


def test_it_points_to_the_hosted_endpoint_for_streamable_http() -> None:
    import subprocess

    done = subprocess.run([sys.executable, "manage.py", "mcp_server", "--transport", "streamable-http"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode != 0 and done.stdout == ""
    assert "/mcp" in done.stderr and "Authorization: Bearer" in done.stderr


def test_a_read_only_server_offers_only_the_read_tools() -> None:
    async def tools() -> set[str]:
        async with Client(build_server(AsyncMnemara("http://127.0.0.1:9", "mn_unused"), read_only=True)) as client:
            return {tool.name for tool in (await client.list_tools()).tools}

    assert anyio.run(tools) == READ_TOOLS


def test_no_tool_takes_a_free_form_object() -> None:
    """Strict tool calling (the OpenAI Agents SDK) needs every object in an input schema closed."""
    async def schemas() -> list[Any]:
        async with Client(build_server(AsyncMnemara("http://127.0.0.1:9", "mn_unused"))) as client:
            return [tool.input_schema for tool in (await client.list_tools()).tools]

    def objects(node: Any) -> Any:
        if isinstance(node, dict):
            if node.get("type") == "object" and "properties" in node and node.get("title", "").endswith("Arguments"):
                pass  # the arguments object itself: closed by the SDK's own model
            elif node.get("type") == "object":
                yield node
            for value in node.values():
                yield from objects(value)
        elif isinstance(node, list):
            for value in node:
                yield from objects(value)

    every = anyio.run(schemas)
    found = [o for schema in every for o in objects(schema)]
    assert found and all(o.get("additionalProperties") is False and o.get("properties") for o in found)
    assert "$ref" not in json.dumps(every)  # inlined: a strict-mode converter may give up on a reference


def tools_of(server: Any) -> dict[str, Any]:
    async def listed() -> dict[str, Any]:
        async with Client(server) as client:
            return {tool.name: tool for tool in (await client.list_tools()).tools}

    return anyio.run(listed)  # type: ignore[no-any-return]


def test_scope_is_required_where_the_server_has_no_default_and_descriptions_are_dedented() -> None:
    client = AsyncMnemara("http://127.0.0.1:9", "mn_unused")
    hosted, personal = tools_of(build_server(client, http=True)), tools_of(build_server(client, default_scope="u/1"))
    scoped = {"search_memories", "get_context", "save_memory", "add_session_messages"}
    assert {name for name, tool in hosted.items() if "scope" in tool.input_schema.get("required", [])} == scoped
    assert hosted["save_memory"].input_schema["properties"]["scope"]["type"] == "string"
    assert not any("scope" in tool.input_schema.get("required", []) for tool in personal.values())
    assert "'u/1'" in personal["search_memories"].input_schema["properties"]["scope"]["description"]
    for tool in hosted.values():
        assert tool.description and not any(line.startswith(" ") for line in tool.description.splitlines())


def test_answers_are_compact_json_once_with_z_times(live_server, alice: KeyedClient, fake_embedder) -> None:
    async def session() -> dict[str, Any]:
        memory = AsyncMnemara(live_server.url, alice.secret, timeout=TIMEOUT)
        async with memory, Client(build_server(memory, default_scope="user/5")) as client:
            answers = {"save": await client.call_tool("save_memory", {"content": "Prefers tea over coffee"})}
            answers["search"] = await client.call_tool("search_memories", {"query": "tea", "floor": False})
            answers["history"] = await client.call_tool("memory_history", {
                "memory_id": answers["save"].structured_content["id"]})
            answers["context"] = await client.call_tool("get_context", {"query": "tea", "floor": False})
            return answers

    answers = anyio.run(session)
    for name in ("save", "search", "history"):
        [text] = answers[name].content
        assert json.loads(text.text) == answers[name].structured_content, name  # the spec's one text copy
        assert "null" not in text.text and ": " not in text.text and "\n" not in text.text, text.text
    saved = answers["save"].structured_content
    assert len(json.dumps(saved, separators=(",", ":"))) < 450, saved
    assert "subject" not in saved and "key" not in saved and saved["created_at"].endswith("Z")
    assert answers["history"].structured_content["results"][0]["created_at"].endswith("Z")
    assert answers["search"].structured_content["results"][0]["content"] == "Prefers tea over coffee"
    context = answers["context"]
    assert context.structured_content is None and context.content[0].text.startswith("<memory")


def test_an_argument_error_is_one_short_line_naming_the_field() -> None:
    """What the model reads when its arguments do not fit: the tool, the field and what it must be, no
    validation library's wording of the input, no link to its documentation."""
    async def errors() -> list[str]:
        async with Client(build_server(AsyncMnemara("http://127.0.0.1:9", "mn_unused"), default_scope="u/1")) as client:
            return [error_text(await client.call_tool(name, arguments)) for name, arguments in (
                ("search_memories", {"query": "tea", "k": 500}),
                ("save_memory", {"content": "Likes tea", "type": "opinion"}),
                ("update_memory", {"version": 1, "content": "x"}),
                ("search_memories", {"query": "tea", "types": ["fact", "gossip"]}))]

    k, kind, missing, item = anyio.run(errors)
    assert k.startswith("Invalid arguments for search_memories: k: ") and "50" in k, k
    assert kind.startswith("Invalid arguments for save_memory: type: ") and "'preference'" in kind, kind
    assert missing.startswith("Invalid arguments for update_memory: memory_id: ") and "required" in missing, missing
    assert item.startswith("Invalid arguments for search_memories: types.1: "), item
    for text in (k, kind, missing, item):
        assert "pydantic" not in text and "http" not in text and "\n" not in text and len(text) < 300, text
