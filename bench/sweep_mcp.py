"""The sweep's MCP and generated-client parts (bench/client_sweep.py): the hosted MCP server at ``/mcp`` through
the official ``mcp`` client (list the tools, call each with plain text, bad arguments), and a python client
generated from the served ``/api/schema/`` by openapi-python-client, whose models must parse every answer."""

from __future__ import annotations

import asyncio
import importlib
import json
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.client_sweep import TIMEOUT, acall

if TYPE_CHECKING:
    from bench.client_sweep import Sweep

M = "mcp"


def _structured(check: Any = None) -> Any:
    def read(result: Any) -> str | None:
        if result.is_error:
            return "tool error: " + "".join(getattr(b, "text", "") for b in result.content)[:240]
        data = result.structured_content
        if data is None:
            text = "".join(getattr(b, "text", "") for b in result.content)
            data = {"text": text}
        return check(data) if check else None
    return read


def _tool_error(*words: str) -> Any:
    def read(result: Any) -> str | None:
        text = "".join(getattr(b, "text", "") for b in result.content)
        if not result.is_error:
            return f"not an error: {text[:200]}"
        bad = [w for w in words if w not in text]
        return f"error text lacks {bad}: {text[:200]}" if bad or "Traceback" in text else None
    return read


def mcp_server(sweep: Sweep) -> None:
    asyncio.run(_mcp(sweep))


async def _mcp(sweep: Sweep) -> None:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {sweep.key}"}, timeout=TIMEOUT)
    async with http, Client(streamable_http_client(f"{sweep.url}/mcp", http_client=http)) as client:
        tools = await acall(sweep, M, "list_tools", "", client.list_tools(),
                            lambda r: None if len(r.tools) == 9 else f"{[t.name for t in r.tools]}")
        if tools is None:
            return
        scope = f"user/{sweep.uid('mcp')}"
        call = client.call_tool
        saved = {}
        for name, text in (("en", "I just moved to Lisbon and I work night shifts at the hospital."),
                           ("zh", "我下个月要去成都出差，顺便看看大熊猫。"),
                           ("emoji", "Zoë's favourite animal is the fox 🦊"),
                           ("long", "A long note about my garden and the tomatoes I grow. " * 150)):
            result = await acall(sweep, M, "save_memory", f"plain {name}", call("save_memory", {"content": text,
                                                                                             "scope": scope}),
                                 _structured(lambda d: None if d.get("id") else f"{d}"))
            if result is not None and not result.is_error:
                saved[name] = result.structured_content
        await _reads(sweep, call, scope, saved)
        await _bad_arguments(sweep, call, scope)
        await _writes(sweep, call, scope, saved)
        await acall(sweep, M, "list_resource_templates", "", client.list_resource_templates(),
                    lambda r: None if len(r.resource_templates) == 2 else f"{r}")
        if saved.get("en"):
            await acall(sweep, M, "read_resource", "a memory",
                        client.read_resource(f"mnemara://memories/{saved['en']['id']}"),
                        lambda r: None if "Lisbon" in r.contents[0].text else f"{r}"[:200])
        await acall(sweep, M, "list_prompts", "", client.list_prompts(),
                    lambda r: None if r.prompts else "no prompt")


async def _reads(sweep: Sweep, call: Any, scope: str, saved: dict[str, Any]) -> None:
    def found(word: str) -> Any:
        return lambda d: None if word in json.dumps(d, ensure_ascii=False) else f"no {word}: {str(d)[:200]}"

    await acall(sweep, M, "search_memories", "en", call("search_memories", {
        "query": "Where do I live?", "scope": scope}), _structured(found("Lisbon")))
    await acall(sweep, M, "search_memories", "zh", call("search_memories", {
        "query": "我要去哪里出差", "scope": scope}), _structured(found("成都")))
    await acall(sweep, M, "search_memories", "no match", call("search_memories", {"query": "quantum chromodynamics",
                                                                                   "scope": scope}), _structured())
    await acall(sweep, M, "search_memories", "unknown scope", call("search_memories", {
        "query": "x", "scope": f"user/{sweep.uid('nobody')}"}), _structured())
    await acall(sweep, M, "get_context", "en", call("get_context", {"query": "What shifts do I work?", "scope": scope}),
                _structured(found("night shifts")))
    await acall(sweep, M, "get_context", "zh", call("get_context", {"query": "成都", "scope": scope}),
                _structured(found("成都")))
    await acall(sweep, M, "list_memories", "scope", call("list_memories", {"scope": scope}),
                _structured(lambda d: None if len(d["results"]) == len(saved) else f"{len(d['results'])}"))
    await acall(sweep, M, "list_memories", "text", call("list_memories", {"scope": scope, "text": "熊猫"}),
                _structured(lambda d: None if len(d["results"]) == 1 else f"{d}"[:200]))
    await acall(sweep, M, "list_memories", "no arguments", call("list_memories", {}), _structured())
    if saved.get("en"):
        await acall(sweep, M, "get_memory", "", call("get_memory", {"memory_id": saved["en"]["id"]}),
                    _structured(found("Lisbon")))
        await acall(sweep, M, "memory_history", "", call("memory_history", {"memory_id": saved["en"]["id"]}),
                    _structured(lambda d: None if len(d["results"]) == 1 else f"{d}"[:200]))


async def _bad_arguments(sweep: Sweep, call: Any, scope: str) -> None:
    cases = [("search_memories", "k=500", {"query": "x", "scope": scope, "k": 500}, "k"),
             ("search_memories", "no query", {"scope": scope}, "query"),
             ("search_memories", "empty query", {"query": "", "scope": scope}, "query"),
             ("search_memories", "k as words", {"query": "x", "scope": scope, "k": "ten"}, "k"),
             ("search_memories", "bad scope", {"query": "x", "scope": "user//x"}, "scope"),
             ("search_memories", "types not a list", {"query": "x", "scope": scope, "types": "fact"}, "types"),
             ("get_memory", "not a uuid", {"memory_id": "not-a-uuid"}, "not_found"),
             ("get_memory", "unknown uuid", {"memory_id": str(uuid.uuid4())}, "not_found"),
             ("memory_history", "unknown uuid", {"memory_id": str(uuid.uuid4())}, "not_found"),
             ("save_memory", "empty content", {"content": "", "scope": scope}, "content"),
             ("save_memory", "whitespace content", {"content": "   ", "scope": scope}, ""),
             ("save_memory", "no scope", {"content": "x"}, "scope"),
             ("save_memory", "type note-ish", {"content": "x", "scope": scope, "type": "memo"}, "type"),
             ("save_memory", "metadata as object", {"content": "x", "scope": scope, "metadata": {"a": "b"}},
              "metadata"),
             ("update_memory", "nothing to change", {"memory_id": str(uuid.uuid4()), "version": 1}, "Nothing"),
             ("get_context", "token_budget 5", {"query": "x", "scope": scope, "token_budget": 5}, "token_budget"),
             ("add_session_messages", "no messages", {"session_id": "s", "messages": [], "scope": scope}, "messages"),
             ("add_session_messages", "session id with slash", {"session_id": "a/b", "scope": scope,
                                                                "messages": [{"role": "user", "content": "hi"}]},
              "session_id"),
             ("add_session_messages", "role system", {"session_id": "s", "scope": scope,
                                                      "messages": [{"role": "system", "content": "hi"}]}, "role"),
             ("no_such_tool", "unknown tool", {}, "no_such_tool")]
    for tool, case, arguments, word in cases:
        await acall(sweep, M, tool, f"bad: {case}", call(tool, arguments), _tool_error(word))


async def _writes(sweep: Sweep, call: Any, scope: str, saved: dict[str, Any]) -> None:
    if saved.get("zh"):
        memory = saved["zh"]
        await acall(sweep, M, "update_memory", "zh content", call("update_memory", {
            "memory_id": memory["id"], "version": memory["version"], "content": "我下周要去成都出差。"}),
            _structured(lambda d: None if d.get("version") == memory["version"] + 1 else f"{d}"[:200]))
        await acall(sweep, M, "update_memory", "stale version", call("update_memory", {
            "memory_id": memory["id"], "version": memory["version"], "content": "stale"}),
            _tool_error("version_conflict"))
        await acall(sweep, M, "deprecate_memory", "", call("deprecate_memory", {"memory_id": memory["id"],
                                                                                "reason": "trip cancelled"}),
                    _structured(lambda d: None if d.get("status") == "deprecated" else f"{d}"[:200]))
    turns = [{"role": "user", "content": "My sister Ines is visiting from Porto next weekend."},
             {"role": "assistant", "content": "Lovely! Any plans?"},
             {"role": "user", "content": "我们打算去看海，她不会游泳。"}]
    await acall(sweep, M, "add_session_messages", "en + zh turns", call("add_session_messages", {
        "session_id": sweep.uid("mcp-session"), "messages": turns, "scope": scope}),
        _structured(lambda d: None if d.get("accepted") == 3 else f"{d}"))
    await acall(sweep, M, "save_memory", "metadata + provenance inferred", call("save_memory", {
        "content": "Probably a night owl", "scope": scope, "provenance": "inferred", "confidence": 0.4,
        "metadata": [{"key": "source", "value": "guess"}]}),
        _structured(lambda d: None if d.get("resolution", {}).get("action") == "pending" else f"{d}"[:200]))


G = "generated"


def generated_client(sweep: Sweep) -> None:
    """openapi-python-client over the served schema; every answer parsed by its models."""
    import httpx

    schema = httpx.get(f"{sweep.url}/api/schema/", headers={"Accept": "application/json"}, timeout=TIMEOUT)
    sweep.call(G, "GET /api/schema/", "", lambda: schema.raise_for_status() and schema.json())
    folder = Path(tempfile.mkdtemp(prefix="sweep-generated-"))
    (folder / "openapi.json").write_text(schema.text)
    (folder / "config.yaml").write_text("post_hooks: []\n")
    generator = Path(sys.executable).parent / "openapi-python-client"
    done = sweep.call(G, "generate", "", lambda: subprocess.run(
        [str(generator), "generate", "--path", "openapi.json", "--output-path", "mnemara_api", "--meta", "none",
         "--config", "config.yaml"], cwd=folder, capture_output=True, text=True, timeout=300, check=True))
    if done is None:
        return
    sys.path.insert(0, str(folder))
    try:
        importlib.import_module("mnemara_api")
        from bench.sweep_generated import calls
        calls(sweep, G)
    finally:
        sys.path.remove(str(folder))
