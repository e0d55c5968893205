# mypy: ignore-errors
# (written against the mcp 1.x API; the project's venv, which mypy reads, has 2.x)
"""Run by tests/mnemara/test_mcp_http.py with a Python that has the ``mcp`` SDK 1.x (not the project's venv):
``python mcp_v1_client.py <base URL> <key> <read-only key>``. Prints one JSON line of what it saw.

It checks both directions of 1.x compatibility: a 1.x client against the hosted ``/mcp`` (served by the
project's SDK), and Mnemara's MCP server itself running on 1.x (``python -m mnemara.client.mcp`` over stdio,
the repository on PYTHONPATH), driven by the same 1.x client. And which tools the OpenAI Agents SDK (it
needs mcp 1.x) can make strict.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamablehttp_client


async def over_http(url: str, key: str) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {key}"}
    async with streamablehttp_client(f"{url}/mcp", headers=headers) as (read, write, _), \
            ClientSession(read, write) as session:
        init = await session.initialize()
        tools = await session.list_tools()
        found = await session.call_tool("search_memories", {"query": "oat milk", "scope": "user/12"})
        return {"server": init.serverInfo.version, "tools": sorted(t.name for t in tools.tools),
                "found": [hit["content"] for hit in (found.structuredContent or {}).get("results", [])]}


async def over_stdio(url: str, key: str) -> dict[str, Any]:
    env = {**os.environ, "MNEMARA_URL": url, "MNEMARA_API_KEY": key, "MNEMARA_DEFAULT_SCOPE": "user/12"}
    params = StdioServerParameters(command=sys.executable, args=["-m", "mnemara.client.mcp"], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        tools = await session.list_tools()
        found = await session.call_tool("search_memories", {"query": "oat milk", "descendants": True})
        saved = await session.call_tool("save_memory", {"content": "Cycles to work", "metadata": [
            {"key": "source", "value": "mcp 1.x"}]})
        templates = await session.list_resource_templates()
        prompt = await session.get_prompt("use_memory_well", {})
        return {"server": init.serverInfo.version, "tools": sorted(t.name for t in tools.tools),
                "found": [hit["content"] for hit in (found.structuredContent or {}).get("results", [])],
                "saved": (saved.structuredContent or {}).get("metadata"), "error": saved.isError,
                "templates": sorted(t.uriTemplate for t in templates.resourceTemplates),
                "prompt": "get_context" in prompt.messages[0].content.text}


async def strict_in_agents_sdk(url: str, key: str) -> dict[str, bool]:
    """Which tools the OpenAI Agents SDK (which needs mcp 1.x) makes strict: all of them, or it says which."""
    from agents import Agent
    from agents.mcp import MCPServerStreamableHttp, MCPUtil
    from agents.run_context import RunContextWrapper

    params = {"url": f"{url}/mcp", "headers": {"Authorization": f"Bearer {key}"}}
    async with MCPServerStreamableHttp(params=params) as server:
        tools = await MCPUtil.get_function_tools(server, convert_schemas_to_strict=True, agent=Agent(name="t"),
                                                 run_context=RunContextWrapper(context=None))
        return {tool.name: tool.strict_json_schema for tool in tools}


async def main() -> None:
    url, key, reader = sys.argv[1:4]
    print(json.dumps({"http": await over_http(url, key), "http_read_only": await over_http(url, reader),
                      "stdio": await over_stdio(url, key), "strict": await strict_in_agents_sdk(url, key)}))


if __name__ == "__main__":
    anyio.run(main)
