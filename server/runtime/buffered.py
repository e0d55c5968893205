"""``BufferedWSGI``: serves a WSGI app (Django's) over ASGI, giving it each request only once the whole body
has arrived, on the process's ``web`` threads (``mnemara.kernel.threads``).

Why by hand: a client that sends its body slowly holds a coroutine here, never a thread, so it cannot starve
the others (``bench/slow_clients.py``); a body over the limit is refused before it is held; ``CONTENT_LENGTH``
is the length of the body read, however it was framed (a chunked body has no Content-Length header). Each
request crosses once each way between the event loop and its thread, and the thread keeps its database
connection between requests (``CONN_MAX_AGE``). Django's ASGI handler and asgiref's ``WsgiToAsgi``, and why
neither replaces this: docs/architecture.md ("The Django bridge"), measured with ``bench/server_overhead.py``.

What reaches the server conforms to HTTP: every header name must be a token and every value visible
characters (leading and trailing blanks, which Django's ``Set-Cookie`` lines carry, are dropped as RFC 9110
allows); anything else is logged and answered with a 500 in the API's error format, never passed on for
the server to drop the connection over."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
import sys
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from mnemara.kernel.errors import error_body
from mnemara.kernel.threads import THREADS

logger = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]

# Response bytes gathered in the thread before they are handed to the event loop: a JSON answer crosses
# once; a large download streams in pieces of this size, each waiting until the server has taken it.
SEND_CHUNK = 64 * 1024

# RFC 9110 §5.1 (a token) and §5.5 (a field value: visible characters, blanks inside, none at the ends).
HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
HEADER_VALUE = re.compile(r"(?:[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?")


class BadHeader(ValueError):
    pass


def response_headers(headers: Iterable[tuple[str, str]]) -> list[tuple[bytes, bytes]]:
    """A WSGI response's headers as ASGI wants them, each checked (``BadHeader`` if one does not conform)."""
    checked = []
    for name, value in headers:
        value = value.strip(" \t")
        try:
            raw_name, raw_value = name.encode("latin1"), value.encode("latin1")
        except UnicodeEncodeError:
            raise BadHeader(f"header {name!r} is not latin-1") from None
        if not HEADER_NAME.fullmatch(name) or not HEADER_VALUE.fullmatch(value):
            raise BadHeader(f"header {name!r} has a name or value HTTP does not allow")
        checked.append((raw_name.lower(), raw_value))
    return checked


def internal_error_messages(reason: str) -> list[Message]:
    """A 500 in the API's error format (for a response that could not be sent as the app wrote it)."""
    body = json.dumps(error_body("server_error", "The server could not send its answer.")).encode()
    logger.error("response refused before it reached the server: %s", reason)
    return [{"type": "http.response.start", "status": 500,
             "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]},
            {"type": "http.response.body", "body": body, "more_body": False}]


def wsgi_environ(scope: Scope, body: bytes) -> dict[str, Any]:
    """PEP 3333's environ for an ASGI HTTP scope and its whole body (headers as CGI variables, repeated ones
    joined; ``CONTENT_LENGTH`` the body's length, whether it came with a Content-Length or chunked)."""
    server = scope.get("server") or ("localhost", 80)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode().decode("latin1"),
        "PATH_INFO": scope["path"].encode().decode("latin1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin1"),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "SERVER_NAME": str(server[0]), "SERVER_PORT": str(server[1]),
        "REMOTE_ADDR": (scope.get("client") or ("", 0))[0],
        "wsgi.version": (1, 0), "wsgi.url_scheme": scope.get("scheme", "http"), "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr, "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin1").upper().replace("-", "_")
        key = name if name in ("CONTENT_LENGTH", "CONTENT_TYPE") else f"HTTP_{name}"
        value = raw_value.decode("latin1")
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    # The body is whole here, however it was framed: a chunked one came with no Content-Length, and Django
    # reads exactly CONTENT_LENGTH bytes (none when it is missing).
    environ["CONTENT_LENGTH"] = str(len(body))
    environ.pop("HTTP_TRANSFER_ENCODING", None)
    return environ


class BufferedWSGI:
    """Serve a WSGI app over ASGI: read the whole body on the event loop, then run the app on a thread."""

    def __init__(self, app: WSGIApp, *, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"unsupported ASGI scope: {scope['type']}")
        body = await self._body(scope, receive)
        if body is None:
            return  # the client went away before its request was complete
        if isinstance(body, int):  # Django would refuse it too, but only after it sat in memory
            await _send_json(send, 413, error_body("too_large", "The request body is too large."))
            return
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(THREADS.executor("web"), self._run, wsgi_environ(scope, body), send, loop)

    async def _body(self, scope: Scope, receive: Receive) -> bytes | int | None:
        """The whole body; its size if over ``max_body`` (the rest is not kept); None if the client left."""
        declared = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if declared.isdigit() and int(declared) > self.max_body:
            return int(declared)
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size <= self.max_body:
                parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts) if size <= self.max_body else size

    def _run(self, environ: dict[str, Any], send: Send, loop: asyncio.AbstractEventLoop) -> None:
        """In a pool thread: call the app and hand its response to the event loop."""
        pending: list[Message] = []
        buffered = 0
        refused: list[str] = []  # why the response cannot be sent as written (then a 500 is, in its place)

        def flush(last: bool) -> None:
            nonlocal buffered
            if refused:
                messages = internal_error_messages(refused[0]) if last else []
            else:
                messages = [*pending, *([{"type": "http.response.body", "body": b"", "more_body": False}]
                                        if last else [])]
            if messages:
                asyncio.run_coroutine_threadsafe(_send_all(send, messages), loop).result()
            pending.clear()
            buffered = 0

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[..., Any]:
            try:
                code = int(status.split(" ", 1)[0])
                pending.append({"type": "http.response.start", "status": code, "headers": response_headers(headers)})
            except (BadHeader, ValueError) as exc:
                refused.append(str(exc))
            return _no_write

        result = self.app(environ, start_response)
        try:
            for chunk in result:
                if chunk and not refused:
                    pending.append({"type": "http.response.body", "body": chunk, "more_body": True})
                    buffered += len(chunk)
                    if buffered >= SEND_CHUNK:
                        flush(last=False)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # Django's request_finished: connections are closed or kept here, in their thread
        flush(last=True)


async def _send_all(send: Send, messages: list[Message]) -> None:
    for message in messages:
        await send(message)


async def _send_json(send: Send, status: int, payload: dict[str, Any]) -> None:
    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body, "more_body": False})


def _no_write(data: bytes) -> None:
    raise NotImplementedError("write() is not supported: Django returns an iterable")
