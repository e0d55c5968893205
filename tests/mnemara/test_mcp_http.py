"""MCP over Streamable HTTP at ``/mcp`` (server/runtime/mcp_http.py), as hosted agents reach it.

The service runs as ``make run`` serves it: ``python -m server.runtime.serve`` (one worker here), in a
subprocess on this test's database (``MNEMARA_DB_NAME``) with the fake embedder (vectors do not matter
here). The official SDK's client connects with each tenant's key in turn; the same URL serves them all.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from django.db import connection
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from mnemara.client.mcp import server_version
from tenants.services import apikey_create, apikey_revoke
from tests.client.test_mcp import READ_TOOLS, TOOLS, error_text, payload
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
# How often the service writes the access counts of its searches (MNEMARA_ACCESS_FLUSH_SECONDS: a second unless
# set); each test waits for that write before the flush.
ACCESS_FLUSH_SECONDS = 0.2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def service(django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[str]:
    """The service's base URL: the serving stack on the test database, stopped after the module."""
    with django_db_blocker.unblock():
        database = connection.settings_dict["NAME"]
    port = free_port()
    log = tmp_path_factory.mktemp("mcp-http") / "uvicorn.log"
    env = {**os.environ, "MNEMARA_DB_NAME": database, "MNEMARA_EMBEDDING_BACKEND": "fake", "DEBUG": "0",
           "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp"), "MNEMARA_WEB_THREADS": "4",
           "MNEMARA_SEARCH_INDEX_SWEEP_SECONDS": "0",
           "MNEMARA_ACCESS_FLUSH_SECONDS": str(ACCESS_FLUSH_SECONDS)}
    with log.open("wb") as output:
        web = subprocess.Popen([sys.executable, "-m", "server.runtime.serve", "--host", "127.0.0.1",
                                "--port", str(port), "--workers", "1"],
                               cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if web.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"uvicorn did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.2)
        yield url
    finally:
        web.terminate()
        try:
            web.wait(timeout=20)
        except subprocess.TimeoutExpired:
            web.kill()
            web.wait()
        text = log.read_text()
        assert "Traceback" not in text, text[-3000:]


@pytest.fixture(autouse=True)
def _served_writes_settled(transactional_db: None, request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test that used the service ends once the service has written what a search left pending.

    The service writes access counts up to ``ACCESS_FLUSH_SECONDS`` after a search, on its own
    connection; the flush between tests (a TRUNCATE of every table) must not meet that write, or
    PostgreSQL breaks the deadlock by failing the flush. A test that never reached the service (in-process
    ones) has nothing to wait for."""
    yield
    if "service" not in request.fixturenames:
        return
    time.sleep(ACCESS_FLUSH_SECONDS + 0.2)
    for _ in range(200):
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND pid <> pg_backend_pid() AND state <> 'idle'")
            if not cursor.fetchone()[0]:
                return
        time.sleep(0.05)


@asynccontextmanager
async def mcp_session(url: str, key: str) -> AsyncIterator[Any]:
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=60)
    async with http, Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client:
        yield client


def test_each_tenant_sees_only_its_own_memories(service: str, alice: KeyedClient, bob: KeyedClient) -> None:
    async def scenario() -> None:
        async with mcp_session(service, alice.secret) as client:
            assert client.server_info is not None and client.server_info.version == server_version()
            assert {tool.name for tool in (await client.list_tools()).tools} == TOOLS
            saved = payload(await client.call_tool("save_memory", {
                "content": "The Apollo launch moved to June 3", "scope": "user/7/project/apollo",
                "entity": "project:apollo/launch", "metadata": [{"key": "source", "value": "standup"}]}))
            assert saved["resolution"]["action"] == "created" and saved["metadata"] == {"source": "standup"}
            found = payload(await client.call_tool("search_memories", {"query": "Apollo launch", "scope": "user/7",
                                                                       "descendants": True}))
            assert [hit["id"] for hit in found["results"]] == [saved["id"]]
            only_here = payload(await client.call_tool("search_memories", {"query": "Apollo launch",
                                                                           "scope": "user/7"}))
            assert only_here["results"] == []

        async with mcp_session(service, bob.secret) as client:
            assert {tool.name for tool in (await client.list_tools()).tools} == TOOLS
            for name, arguments in (("get_memory", {"memory_id": saved["id"]}),
                                    ("memory_history", {"memory_id": saved["id"]}),
                                    ("deprecate_memory", {"memory_id": saved["id"]})):
                assert "not_found" in error_text(await client.call_tool(name, arguments))
            found = payload(await client.call_tool("search_memories", {"query": "Apollo launch", "scope": "user/7",
                                                                       "descendants": True}))
            assert found["results"] == []
            assert payload(await client.call_tool("list_memories", {}))["results"] == []
            context = await client.call_tool("get_context", {"query": "Apollo", "scope": "user/7",
                                                             "descendants": True})
            assert "June 3" not in "".join(getattr(part, "text", "") for part in context.content)

        async with mcp_session(service, alice.secret) as client:  # untouched by bob
            memory = payload(await client.call_tool("get_memory", {"memory_id": saved["id"]}))
            assert (memory["version"], memory["status"]) == (1, "active")

    anyio.run(scenario)


def test_a_read_only_key_is_not_offered_the_write_tools(service: str, alice: KeyedClient) -> None:
    _, secret = apikey_create(tenant=alice.tenant, name="reader", read_only=True)
    saved = alice.client.post("/api/v1/memories", {"scope": "user/8", "content": "Likes green tea"},
                              format="json").json()

    async def scenario() -> None:
        async with mcp_session(service, secret) as client:
            assert {tool.name for tool in (await client.list_tools()).tools} == READ_TOOLS
            refused = error_text(await client.call_tool("save_memory", {"content": "x", "scope": "user/8"}))
            assert "save_memory" in refused
            found = payload(await client.call_tool("search_memories", {"query": "green tea", "scope": "user/8"}))
            assert [hit["id"] for hit in found["results"]] == [saved["id"]]
            resource = await client.read_resource(f"mnemara://memories/{saved['id']}")
            assert json.loads(resource.contents[0].text)["content"] == "Likes green tea"
            listed = await client.read_resource("mnemara://scopes/user%2F8/memories")
            assert [m["id"] for m in json.loads(listed.contents[0].text)["results"]] == [saved["id"]]
            prompt = await client.get_prompt("use_memory_well", {"scope": "user/8"})
            assert "get_context" in prompt.messages[0].content.text

    anyio.run(scenario)


def test_a_keys_scope_prefixes_apply(service: str, alice: KeyedClient) -> None:
    _, secret = apikey_create(tenant=alice.tenant, name="user 9 only", scope_prefixes=["user/9"])

    async def scenario() -> None:
        async with mcp_session(service, secret) as client:
            payload(await client.call_tool("save_memory", {"content": "Runs on Tuesdays", "scope": "user/9"}))
            for name, arguments in (("save_memory", {"content": "x", "scope": "user/10"}),
                                    ("search_memories", {"query": "Tuesdays", "scope": "user/10"}),
                                    ("get_context", {"query": "Tuesdays", "scope": "user/10"})):
                assert "scope_not_found" in error_text(await client.call_tool(name, arguments)), name
            found = payload(await client.call_tool("search_memories", {"query": "Tuesdays", "scope": "user/9"}))
            assert [hit["content"] for hit in found["results"]] == ["Runs on Tuesdays"]

    anyio.run(scenario)


def test_it_answers_401_before_any_mcp_handling(service: str, alice: KeyedClient) -> None:
    old, revoked = apikey_create(tenant=alice.tenant, name="old")
    apikey_revoke(tenant=alice.tenant, key_id=str(old.pk), actor="test")
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    headers = {"Accept": "application/json, text/event-stream"}
    for authorization in (None, "Bearer mn_not_a_key", f"Bearer {revoked}", f"Basic {alice.secret}"):
        sent = {**headers, **({"Authorization": authorization} if authorization else {})}
        response = httpx.post(f"{service}/mcp", json=initialize, headers=sent, timeout=30)
        assert response.status_code == 401, (authorization, response.text)
        assert response.headers["www-authenticate"] == 'Bearer realm="mnemara"'
        error = response.json()["error"]  # a JSON-RPC error, with the REST API's code (as GET /api/v1/… answers)
        assert error["code"] == -32001 and error["message"].startswith("401 Unauthorized: ")
        assert error["data"] == {"status": 401, "code": "unauthenticated"}
    rest = httpx.get(f"{service}/api/v1/memories", headers={"Authorization": "Bearer mn_not_a_key"}, timeout=30)
    assert rest.json()["error"]["code"] == "unauthenticated"
    accepted = httpx.post(f"{service}/mcp", json=initialize, timeout=30,
                          headers={**headers, "Authorization": f"Bearer {alice.secret}"})
    assert accepted.status_code == 200 and accepted.json()["result"]["serverInfo"]["name"] == "mnemara"
    assert httpx.get(f"{service}/healthz", timeout=30).status_code == 200  # Django still answers beside it


def test_the_official_client_names_the_401_of_a_wrong_key(service: str) -> None:
    async def connect() -> None:
        async with mcp_session(service, "mn_0123456789_not-a-real-key") as client:
            await client.list_tools()

    with pytest.raises(BaseException) as refused:
        anyio.run(connect)
    errors = [refused.value]
    while isinstance(errors[-1], BaseExceptionGroup) and len(errors[-1].exceptions) == 1:
        errors.append(errors[-1].exceptions[0])
    assert str(errors[-1]) == "401 Unauthorized: Invalid or revoked API key. (unauthenticated)", errors


def test_only_post_is_served_and_every_answer_carries_the_security_headers(service: str, alice: KeyedClient) -> None:
    auth = {"Authorization": f"Bearer {alice.secret}", "Accept": "application/json, text/event-stream"}
    for method in ("GET", "DELETE", "PUT"):
        refused = httpx.request(method, f"{service}/mcp", headers=auth, timeout=10)  # no endless SSE stream
        assert (refused.status_code, refused.headers["allow"]) == (405, "POST"), method
        assert refused.json()["error"]["data"] == {"status": 405, "code": "method_not_allowed"}
    probe = {"X-Request-ID": "0af7651916cd43dd8448eb211c80319c"}  # kept: opaque (free text is replaced)
    for response in (httpx.get(f"{service}/mcp", timeout=10, headers=probe),
                     httpx.post(f"{service}/mcp", json=INITIALIZE, timeout=30, headers={**auth, **MCP_HEADERS}),
                     httpx.post(f"{service}/mcp", json=INITIALIZE, timeout=30, headers=MCP_HEADERS)):
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["x-frame-options"] == "DENY"
        assert "default-src 'none'" in response.headers["content-security-policy"]
        assert response.headers["x-request-id"]
    assert httpx.get(f"{service}/mcp", timeout=10, headers=probe).headers["x-request-id"] == probe["X-Request-ID"]


def test_a_missing_or_foreign_resource_is_a_json_rpc_not_found(service: str, alice: KeyedClient,
                                                               bob: KeyedClient) -> None:
    bobs = bob.client.post("/api/v1/memories", {"scope": "user/9", "content": "Bob's secret"}, format="json").json()
    headers = {**MCP_HEADERS, "Authorization": f"Bearer {alice.secret}"}
    for uri in (f"mnemara://memories/{uuid.uuid4()}", f"mnemara://memories/{bobs['id']}"):
        read = {"jsonrpc": "2.0", "id": 3, "method": "resources/read", "params": {"uri": uri}}
        answer = httpx.post(f"{service}/mcp", json=read, headers=headers, timeout=30).json()
        assert answer["error"]["code"] == -32002, answer
        assert answer["error"]["data"] == {"status": 404, "code": "not_found"}
        assert "secret" not in json.dumps(answer)


INSPECTOR_VERSION = "2.12.0"


def inspector() -> Path:
    """The MCP Inspector's CLI, installed once into the repository's gitignored cache (skips without npm)."""
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        pytest.skip("node/npm not found: the MCP Inspector CLI test needs them (Node 20: apt-get install nodejs npm)")
    folder = ROOT / ".cache" / "mcp-inspector" / INSPECTOR_VERSION
    cli = folder / "node_modules" / ".bin" / "mcp-inspector"
    if not cli.exists():
        folder.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([npm, "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--loglevel=error",
                               f"@modelcontextprotocol/inspector@{INSPECTOR_VERSION}"],
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not cli.exists():
            pytest.skip(f"could not install the MCP Inspector from npm: {done.stderr.strip()[-500:]}")
    return cli


def test_the_mcp_inspector_cli_lists_and_calls_the_tools_over_http(service: str, alice: KeyedClient,
                                                                  tmp_path: Path) -> None:
    cli = inspector()
    saved = alice.client.post("/api/v1/memories", {"scope": "user/11", "content": "Drinks oat milk"},
                              format="json").json()

    def run(key: str, *args: str) -> Any:
        done = subprocess.run([str(cli), "--cli", f"{service}/mcp", "--transport", "http",
                               "--header", f"Authorization: Bearer {key}", *args],
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, "MCP_CATALOG_PATH": str(tmp_path / "catalog.json")})
        assert done.returncode == 0, done.stdout + done.stderr
        return json.loads(done.stdout)

    listed = run(alice.secret, "--method", "tools/list")
    assert {tool["name"] for tool in listed["tools"]} == TOOLS
    search = next(tool for tool in listed["tools"] if tool["name"] == "search_memories")
    assert search["annotations"]["readOnlyHint"] is True
    assert search["inputSchema"]["properties"]["k"]["maximum"] == 50
    called = run(alice.secret, "--method", "tools/call", "--tool-name", "search_memories",
                 "--tool-arg", "query=oat milk", "--tool-arg", "scope=user/11")
    assert [hit["id"] for hit in called["structuredContent"]["results"]] == [saved["id"]]
    _, reader = apikey_create(tenant=alice.tenant, name="inspector reader", read_only=True)
    assert {tool["name"] for tool in run(reader, "--method", "tools/list")["tools"]} == READ_TOOLS


MCP_V1 = "1.30.0"
AGENTS_SDK = "0.24.0"  # openai-agents: needs mcp 1.x


def python_with_mcp_v1() -> Path:
    """A Python with the ``mcp`` SDK 1.x, in a virtual environment made once in the repository's gitignored
    cache (pip reaches PyPI); the test skips, saying why, where that cannot be made."""
    folder = ROOT / ".cache" / f"mcp-v{MCP_V1}-agents-{AGENTS_SDK}-venv"
    python = folder / "bin" / "python"
    if not (folder / ".complete").exists():
        made = subprocess.run([sys.executable, "-m", "venv", "--clear", str(folder)], capture_output=True, text=True)
        installed = made.returncode == 0 and subprocess.run(
            [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", f"mcp=={MCP_V1}",
             f"openai-agents=={AGENTS_SDK}"],
            capture_output=True, text=True, timeout=600)
        if not installed or installed.returncode != 0:
            detail = made.stderr if not installed else installed.stderr
            pytest.skip(f"could not make a virtual environment with mcp=={MCP_V1} and openai-agents=={AGENTS_SDK} "
                        "(PyPI unreachable?): "
                        f"{detail.strip()[-500:]}")
        (folder / ".complete").touch()
    return python


def test_mcp_v1_clients_and_the_server_on_mcp_v1_work(service: str, alice: KeyedClient) -> None:
    """mcp 1.x both ways: a 1.x client on the hosted /mcp, and Mnemara's MCP server itself on the 1.x SDK;
    and the OpenAI Agents SDK makes every tool strict."""
    python = python_with_mcp_v1()
    alice.client.post("/api/v1/memories", {"scope": "user/12", "content": "Drinks oat milk"}, format="json")
    _, reader = apikey_create(tenant=alice.tenant, name="v1 reader", read_only=True)
    done = subprocess.run([str(python), str(Path(__file__).with_name("mcp_v1_client.py")), service, alice.secret,
                           reader], capture_output=True, text=True, timeout=180, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    for name in ("http", "stdio"):
        assert seen[name]["tools"] == sorted(TOOLS) and seen[name]["found"] == ["Drinks oat milk"], name
        assert seen[name]["server"] == server_version()
    assert seen["http_read_only"]["tools"] == sorted(READ_TOOLS)
    assert seen["stdio"]["saved"] == {"source": "mcp 1.x"} and not seen["stdio"]["error"]
    assert seen["stdio"]["templates"] == ["mnemara://memories/{memory_id}", "mnemara://scopes/{scope}/memories"]
    assert seen["stdio"]["prompt"]
    assert seen["strict"] == dict.fromkeys(TOOLS, True)


INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
LIST_TOOLS = {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18"}


def test_the_application_routes_mcp_and_django_and_its_lifespan_owns_the_threads(alice: KeyedClient) -> None:
    """In process, through Starlette's test client (which runs the lifespan): /mcp and /mcp/ to the MCP app,
    the rest to Django; the lifespan starts the threads, warms up (GET /readyz says so), and stops them."""
    from starlette.testclient import TestClient

    from mnemara.kernel.threads import THREADS
    from server.runtime.health import WARM
    from server.runtime.serve import application

    _, reader = apikey_create(tenant=alice.tenant, name="reader", read_only=True)
    with TestClient(application()) as http:
        assert THREADS.running
        deadline = time.monotonic() + 60
        while (ready := http.get("/readyz")).status_code != 200:
            assert ready.json()["status"] == "starting" and time.monotonic() < deadline
            time.sleep(0.1)
        assert ready.json() == {"status": "ready", "pid": os.getpid()}
        listed = http.get("/api/v1/memories", headers={"Authorization": f"Bearer {alice.secret}"})
        assert listed.status_code == 200 and listed.headers["content-type"] == "application/json"
        headers = {**MCP_HEADERS, "Authorization": f"Bearer {reader}"}
        for path in ("/mcp", "/mcp/"):
            assert http.post(path, json=INITIALIZE, headers=headers).status_code == 200
            tools = http.post(path, json=LIST_TOOLS, headers=headers).json()["result"]["tools"]
            assert {tool["name"] for tool in tools} == READ_TOOLS
        twice = [*headers.items(), ("Authorization", f"Bearer {alice.secret}")]
        assert http.post("/mcp", json=LIST_TOOLS, headers=twice).status_code == 401
    assert not THREADS.running and not WARM.is_set()


@pytest.mark.parametrize(("server", "expected"), [
    (("127.0.0.1", 8000), "http://127.0.0.1:8000"), (("0.0.0.0", 8000), "http://127.0.0.1:8000"),
    (("::", 8001), "http://[::1]:8001"), (("10.0.0.5", 80), "http://10.0.0.5:80")])
def test_the_tools_reach_the_api_on_the_listening_socket_never_the_host_header(server, expected, settings) -> None:
    from server.runtime.mcp_http import loopback_url

    settings.MCP_API_URL = ""
    scope = {"server": server, "headers": [(b"host", b"attacker.example")]}
    assert loopback_url(scope) == expected
    settings.MCP_API_URL = "https://memory.internal:8443"
    assert loopback_url(scope) == "https://memory.internal:8443"
