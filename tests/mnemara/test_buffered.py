"""The ASGI bridge (server/runtime/buffered.py): Django gets a request only once its body is complete, on a web
thread; answers cross back to the event loop; oversized bodies are refused before they are held; what reaches
the server conforms to HTTP."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterable, Iterator, MutableMapping
from typing import Any

import pytest

from mnemara.kernel.threads import THREADS
from server.runtime.buffered import SEND_CHUNK, BufferedWSGI, response_headers, wsgi_environ

SCOPE = {"type": "http", "method": "POST", "path": "/api/v1/memories", "query_string": b"a=1", "http_version": "1.1",
         "scheme": "http", "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5555), "root_path": "",
         "headers": [(b"content-type", b"application/json"), (b"x-a", b"1"), (b"x-a", b"2")]}


class EchoApp:
    """A WSGI app that records which thread ran it and echoes what it read."""

    def __init__(self, chunks: int = 1) -> None:
        self.thread: int | None = None
        self.environ: dict[str, Any] = {}
        self.chunks = chunks

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        self.thread = threading.get_ident()
        self.environ = environ
        body = environ["wsgi.input"].read()
        start_response("201 Created", [("Content-Type", "application/octet-stream")])
        return [body] * self.chunks


@pytest.fixture(autouse=True)
def _web_threads() -> Iterator[None]:
    THREADS.start({"web": 2})
    yield
    THREADS.stop()


def serve(app: BufferedWSGI, messages: list[dict[str, Any]], scope: dict[str, Any] | None = None
          ) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def run() -> None:
        queue = list(messages)

        async def receive() -> dict[str, Any]:
            await asyncio.sleep(0.01)  # a slow client: the app must not run before the last piece
            return queue.pop(0)

        async def send(message: MutableMapping[str, Any]) -> None:
            sent.append(dict(message))

        await app(scope or SCOPE, receive, send)

    asyncio.run(run())
    return sent


def test_it_runs_the_app_on_a_pool_thread_once_the_whole_body_arrived() -> None:
    app = EchoApp()
    bridge = BufferedWSGI(app, max_body=1000)
    pieces = [b'{"sc', b'ope": "user/1", ', b'"content": "x"}']
    sent = serve(bridge, [{"type": "http.request", "body": p, "more_body": i < 2} for i, p in enumerate(pieces)])
    assert app.thread not in (None, threading.get_ident())
    assert sent[0] == {"type": "http.response.start", "status": 201,
                       "headers": [(b"content-type", b"application/octet-stream")]}
    assert b"".join(m.get("body", b"") for m in sent[1:]) == b"".join(pieces)
    assert sent[-1]["more_body"] is False


def test_it_builds_the_wsgi_environ() -> None:
    environ = wsgi_environ(SCOPE, b"{}")
    assert (environ["REQUEST_METHOD"], environ["PATH_INFO"], environ["QUERY_STRING"]) == ("POST", "/api/v1/memories",
                                                                                           "a=1")
    assert (environ["CONTENT_TYPE"], environ["HTTP_X_A"], environ["REMOTE_ADDR"]) == ("application/json", "1,2",
                                                                                     "127.0.0.1")
    assert (environ["SERVER_NAME"], environ["SERVER_PORT"]) == ("127.0.0.1", "8000")


def test_a_chunked_body_gets_its_length() -> None:
    scope = {**SCOPE, "headers": [(b"content-type", b"application/json"), (b"transfer-encoding", b"chunked")]}
    environ = wsgi_environ(scope, b'{"version": 1}')
    assert environ["CONTENT_LENGTH"] == "14" and "HTTP_TRANSFER_ENCODING" not in environ
    assert environ["wsgi.input"].read() == b'{"version": 1}'


def test_it_streams_a_large_answer_in_pieces() -> None:
    app = EchoApp(chunks=5)
    body = b"x" * (SEND_CHUNK // 2 + 1)
    sent = serve(BufferedWSGI(app, max_body=SEND_CHUNK), [{"type": "http.request", "body": body}])
    assert b"".join(m.get("body", b"") for m in sent) == body * 5


def test_it_refuses_a_body_over_the_limit_without_calling_the_app() -> None:
    app = EchoApp()
    bridge = BufferedWSGI(app, max_body=10)
    cases: list[tuple[dict[str, Any], list[dict[str, Any]]]] = [
        (SCOPE, [{"type": "http.request", "body": b"x" * 8, "more_body": True},
                 {"type": "http.request", "body": b"x" * 8}]),
        ({**SCOPE, "headers": [(b"content-length", b"5000")]}, []),
    ]
    for scope, messages in cases:
        sent = serve(bridge, messages, scope)
        assert sent[0]["status"] == 413
        assert json.loads(sent[1]["body"])["error"]["code"] == "too_large"
    assert app.thread is None


def test_it_drops_a_request_whose_client_left() -> None:
    app = EchoApp()
    sent = serve(BufferedWSGI(app, max_body=100),
                 [{"type": "http.request", "body": b"{", "more_body": True}, {"type": "http.disconnect"}])
    assert sent == [] and app.thread is None


class HeadersApp:
    def __init__(self, headers: list[tuple[str, str]]) -> None:
        self.headers = headers

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        start_response("200 OK", self.headers)
        return [b"secret page"]


GET = {**SCOPE, "method": "GET", "headers": []}


def test_it_trims_the_blank_djangos_set_cookie_lines_begin_with() -> None:
    """Django's WSGI handler writes ``Set-Cookie`` values as `` csrftoken=...``; h11 drops the connection
    over a leading blank (the sign-in page gave no reply at all)."""
    app = HeadersApp([("Content-Type", "text/html"), ("Set-Cookie", " csrftoken=abc; Path=/; SameSite=Lax")])
    sent = serve(BufferedWSGI(app, max_body=1000), [{"type": "http.request", "body": b""}], GET)
    assert sent[0]["status"] == 200
    assert (b"set-cookie", b"csrftoken=abc; Path=/; SameSite=Lax") in sent[0]["headers"]
    assert b"".join(m.get("body", b"") for m in sent[1:]) == b"secret page"


@pytest.mark.parametrize("header", [("X-Bad", "a\r\nInjected: 1"), ("X-Bad", "nul\x00"), ("Bad Name", "v"),
                                    ("X-Bad", "\u2603 not latin-1"), ("", "v")])
def test_a_header_http_does_not_allow_is_a_logged_500_in_the_apis_format(header: tuple[str, str],
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    sent = serve(BufferedWSGI(HeadersApp([("Content-Type", "text/html"), header]), max_body=1000),
                 [{"type": "http.request", "body": b""}], GET)
    assert sent[0]["status"] == 500 and (b"content-type", b"application/json") in sent[0]["headers"]
    body = b"".join(m.get("body", b"") for m in sent[1:])
    assert json.loads(body)["error"]["code"] == "server_error" and b"secret" not in body
    assert any("refused before it reached the server" in r.getMessage() for r in caplog.records)


def test_header_values_keep_inner_blanks_and_tabs() -> None:
    assert response_headers([("X-A", "a b\tc"), ("X-Empty", "")]) == [(b"x-a", b"a b\tc"), (b"x-empty", b"")]
