"""MCP over Streamable HTTP at ``/mcp``, beside the REST API in the same process (``server/runtime/serve.py``).

Each request carries its caller's API key (``Authorization: Bearer <key>``). Here the key is only looked up,
to answer 401 before any MCP handling and to pick the server a read-only key gets (its write tools are not
listed, not merely refused). Everything the tools do is then a REST call with that same key, to this
process's own listening socket (``MCP_API_URL`` to override): tenancy, scope prefixes, read-only refusals
and 404-for-another-tenant stay where they are enforced for every client, in the API's authentication and
``tenants.scoping``. This module never reads a memory; a bug here cannot widen what a key sees.

The MCP servers are stateless (each POST stands alone, answered as JSON): no session lives in a process, so
any number of uvicorn workers may answer, and a restart loses nothing. Their session managers still need
to run for the life of the process: the ASGI lifespan (``server/runtime/serve.py``) calls ``start`` and
``stop``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping
from contextlib import AsyncExitStack
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections

from mnemara.client.mcp import bearer_connect, bearer_key, build_server, streamable_http_manager
from mnemara.kernel.middleware import request_id_for
from mnemara.kernel.threads import THREADS
from server.runtime.buffered import Message, Receive, Scope, Send

if TYPE_CHECKING:
    from tenants.models import ApiKey

logger = logging.getLogger(__name__)

PATH = "/mcp"
# A JSON-RPC message's largest body (the SDK's own limit, 4 MiB); a larger one is a 413 ``too_large``.
MAX_BODY = 4 * 1024 * 1024


def loopback_url(scope: Mapping[str, Any]) -> str:
    """This process's REST API as the tools reach it: the configured URL, else the socket uvicorn listens on
    (never the Host header, which the caller chooses)."""
    if settings.MCP_API_URL:
        return str(settings.MCP_API_URL)
    server = scope.get("server")
    if not server or server[1] is None:
        raise RuntimeError("MNEMARA_MCP_API_URL is required when the server does not listen on a TCP port")
    host, port = str(server[0]), int(server[1])
    host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def _key_lookup(presented: str) -> ApiKey | None:
    """On a web thread, as a request would: a connection broken or too old is replaced first."""
    from tenants.auth import api_key_lookup  # models: only once Django is set up (asgi.py imports this first)

    close_old_connections()
    try:
        return api_key_lookup(presented)
    finally:
        close_old_connections()


class HostedMCP:
    """The ``/mcp`` ASGI app: a key check, then the MCP server for that kind of key."""

    def __init__(self) -> None:
        self.managers: dict[bool, Any] = {}
        for read_only in (False, True):
            connect = bearer_connect(lambda request: loopback_url(request.scope), timeout=settings.MCP_API_TIMEOUT)
            server = build_server(connect, read_only=read_only, http=True)
            self.managers[read_only] = streamable_http_manager(server)
        self._task: asyncio.Task[None] | None = None
        self._ready: asyncio.Event | None = None
        self._stop: asyncio.Event | None = None

    async def start(self) -> None:
        """Run the session managers in a task of their own until ``stop`` (idempotent)."""
        if self._task is None:
            self._ready, self._stop = asyncio.Event(), asyncio.Event()
            self._task = asyncio.create_task(self._run(self._ready, self._stop), name="mnemara-mcp")
        assert self._ready is not None
        await self._ready.wait()

    async def _run(self, ready: asyncio.Event, stop: asyncio.Event) -> None:
        async with AsyncExitStack() as stack:
            for manager in self.managers.values():
                await stack.enter_async_context(manager.run())
            ready.set()
            await stop.wait()

    async def stop(self) -> None:
        if self._task is not None and self._stop is not None:
            self._stop.set()
            await self._task
            self._task = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers", []))
        request_id = request_id_for(headers.get(b"x-request-id", b"").decode("latin1"))
        send = _with_headers(send, [*SECURITY_HEADERS, (b"x-request-id", request_id.encode())])
        if scope["method"] != "POST":  # stateless, JSON answers: no SSE stream (GET), no session (DELETE)
            await _answer(send, 405, "method_not_allowed", "MCP here is POST only (stateless).", [(b"allow", b"POST")])
            return
        authorizations = [v.decode("latin1") for k, v in scope["headers"] if k.lower() == b"authorization"]
        presented = bearer_key({"authorization": authorizations[0]}) if len(authorizations) == 1 else ""
        if not presented:  # none, not Bearer, or several (the tools must read the very key checked here)
            await _answer(send, 401, "unauthenticated", "Send 'Authorization: Bearer <api key>'.")
            return
        try:
            # On the web threads, as Django's requests: the lookup reuses their connections.
            key = await asyncio.get_running_loop().run_in_executor(THREADS.executor("web"), _key_lookup, presented)
        except (OperationalError, InterfaceError):  # as mnemara.kernel.handlers answers for the API
            from mnemara.kernel.handlers import RETRY_AFTER_SECONDS  # it imports DRF, which needs the apps loaded

            logger.warning("mcp: the database is unavailable for the key check")
            await _answer(send, 503, "database_unavailable", "The database is unavailable; retry shortly.",
                          [(b"retry-after", str(RETRY_AFTER_SECONDS).encode())])
            return
        if key is None:
            await _answer(send, 401, "unauthenticated", "Invalid or revoked API key.")
            return
        if not headers.get(b"content-type", b"").lower().startswith(b"application/json"):
            await _answer(send, 415, "unsupported_media_type", "Send the JSON-RPC message as application/json.")
            return
        body = await _body(scope, receive)
        if body is None:
            return  # the client went away before its request was complete
        if isinstance(body, int):
            await _answer(send, 413, "too_large", f"The request body is over {MAX_BODY // 1024 // 1024} MiB.")
            return
        await self.managers[key.read_only].handle_request(scope, _replay(body, receive), send)


async def _body(scope: Scope, receive: Receive) -> bytes | int | None:
    """The whole body; its size once over ``MAX_BODY`` (the rest is not kept); None if the client left. Read
    here rather than by the SDK, which refuses what it cannot read in plain text, not as a JSON-RPC error."""
    declared = dict(scope.get("headers", [])).get(b"content-length", b"0")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return int(declared)
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            return size
        parts.append(chunk)
        if not message.get("more_body", False):
            return b"".join(parts)


def _replay(body: bytes, receive: Receive) -> Receive:
    """``receive`` for the SDK: the body read already, then whatever the connection says next."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replaying() -> Message:
        return pending.pop() if pending else await receive()

    return replaying


# As Django's middleware sets them on every other answer (settings: CSP, X-Frame-Options, nosniff).
SECURITY_HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
                    (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'"),
                    (b"referrer-policy", b"same-origin"),
                    (b"cache-control", b"no-store")]  # answers hold memories (NoStoreMiddleware says why)


def _with_headers(send: Send, extra: list[tuple[bytes, bytes]]) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            names = {name.lower() for name, _ in message.get("headers", [])}
            message = {**message, "headers": [*message.get("headers", []),
                                              *[(n, v) for n, v in extra if n not in names]]}
        await send(message)

    return sending


#: The JSON-RPC error code of each refusal (MCP defines none for these; -32001 as the resource reads use it
#: for 401/403, JSON-RPC's "method not found" for a method of HTTP it does not serve, "invalid request" for
#: a body it will not read, "internal error" else).
RPC_CODES = {401: -32001, 403: -32001, 405: -32601, 413: -32600, 415: -32600}


def rpc_error(status: int, code: str, message: str) -> dict[str, Any]:
    """A refusal as a JSON-RPC error response: what MCP clients read at any HTTP status (the official SDK
    raises it as an ``MCPError`` with this message). Its ``message`` names the HTTP status, its ``data`` holds
    the status and the REST API's error code, and ``id`` is null: the request was refused before it was read."""
    return {"jsonrpc": "2.0", "id": None, "error": {
        "code": RPC_CODES.get(status, -32603), "message": f"{status} {HTTPStatus(status).phrase}: {message} ({code})",
        "data": {"status": status, "code": code}}}


async def _answer(send: Send, status: int, code: str, message: str,
                  headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps(rpc_error(status, code, message), separators=(",", ":")).encode()
    extra = [(b"www-authenticate", b'Bearer realm="mnemara"')] if status == 401 else []
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *extra, *(headers or [])]})
    await send({"type": "http.response.body", "body": body, "more_body": False})
