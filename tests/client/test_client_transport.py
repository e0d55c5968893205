"""The client's retry and error rules, against a small real HTTP server that answers what each test needs
(a live Mnemara server cannot be made to fail on demand). No Django involved."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mnemara.client import Mnemara, NetworkError, RateLimited, ServerError


class Script:
    """The answers to give, in order, and the requests seen."""

    def __init__(self) -> None:
        self.answers: list[tuple[int, dict[str, str], dict]] = []
        self.seen: list[tuple[str, str, dict[str, str]]] = []


@pytest.fixture
def scripted() -> Iterator[tuple[str, Script]]:
    script = Script()

    class Handler(BaseHTTPRequestHandler):
        def _answer(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            self.rfile.read(length)
            script.seen.append((self.command, self.path, dict(self.headers)))
            status, headers, body = script.answers.pop(0) if script.answers else (500, {}, {})
            payload = json.dumps(body).encode()
            self.send_response(status)
            for name, value in {"Content-Type": "application/json", **headers}.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = do_PATCH = do_DELETE = _answer

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", script
    server.shutdown()
    server.server_close()


MEMORY_ID = "5f0c6c1e-8d7e-4a8e-9d53-8a2b1f3c4d5e"
MEMORY: dict[str, object] = {"id": MEMORY_ID, "scope": "user/1", "type": "fact", "content": "x", "version": 1,
                             "status": "active"}
UNAVAILABLE: tuple[int, dict[str, str], dict] = (
    503, {}, {"error": {"code": "unavailable", "message": "Try again.", "fields": {}}})


def client(url: str, waits: list[float], **kwargs) -> Mnemara:
    return Mnemara(url, "mn_test_key", backoff=0.5, sleep=waits.append, **kwargs)


def test_it_retries_reads_with_exponential_backoff(scripted) -> None:
    url, script = scripted
    script.answers = [UNAVAILABLE, UNAVAILABLE, (200, {}, MEMORY)]
    waits: list[float] = []
    assert client(url, waits).get(MEMORY_ID).content == "x"
    assert waits == [0.5, 1.0]
    assert len(script.seen) == 3
    assert script.seen[0][2]["Authorization"] == "Bearer mn_test_key"


def test_it_gives_up_after_max_retries_with_the_apis_error(scripted) -> None:
    url, script = scripted
    script.answers = [UNAVAILABLE] * 3
    waits: list[float] = []
    with pytest.raises(ServerError) as caught:
        client(url, waits, max_retries=2).search("q", scope="user/1")
    assert (caught.value.status, caught.value.code, caught.value.message) == (503, "unavailable", "Try again.")
    assert waits == [0.5, 1.0] and len(script.seen) == 3


def test_it_never_retries_a_write(scripted) -> None:
    url, script = scripted
    script.answers = [UNAVAILABLE, (201, {}, MEMORY)]
    waits: list[float] = []
    with pytest.raises(ServerError):
        client(url, waits).save("x", scope="user/1")
    with pytest.raises(ServerError):
        script.answers = [UNAVAILABLE]
        client(url, waits).update(MEMORY_ID, version=1, content="y")
    assert waits == [] and [s[0] for s in script.seen] == ["POST", "PATCH"]
    assert script.seen[1][2]["If-Match"] == '"1"'


def test_it_honours_retry_after(scripted) -> None:
    url, script = scripted
    throttled = (429, {"Retry-After": "3"}, {"error": {"code": "throttled", "message": "Slow down.", "fields": {}}})
    script.answers = [throttled, (200, {}, {"block": "<memory>\n</memory>", "items": [], "tokens": 2})]
    waits: list[float] = []
    assert client(url, waits).context("q", scope="user/1").tokens == 2
    assert waits == [3.0]

    script.answers = [(429, {"Retry-After": "3600"}, throttled[2])]
    with pytest.raises(RateLimited) as caught:
        client(url, waits).context("q", scope="user/1")
    assert caught.value.retry_after == 3600.0 and waits == [3.0]


def test_it_retries_connection_errors_for_reads_only() -> None:
    waits: list[float] = []
    dead = client("http://127.0.0.1:9", waits, max_retries=2)
    with pytest.raises(NetworkError):
        dead.get(MEMORY_ID)
    assert waits == [0.5, 1.0]
    with pytest.raises(NetworkError):
        dead.save("x", scope="user/1")
    assert waits == [0.5, 1.0]


def test_it_imports_without_django() -> None:
    code = ("import sys, mnemara.client; "
            "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django imported'")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])
