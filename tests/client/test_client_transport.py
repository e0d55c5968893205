"""The clients' retry, time and error rules, against small real servers that misbehave on demand (a live
Mnemara server cannot be made to fail): one that answers what each test scripts, one that accepts
connections and never answers. No Django involved."""

from __future__ import annotations

import asyncio
import inspect
import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from mnemara.client import (
    AsyncMnemara,
    AuthenticationError,
    Mnemara,
    NetworkError,
    RateLimited,
    ServerError,
    ValidationError,
)
from mnemara.client.http import DEFAULT_MAX_CONCURRENCY, DEFAULT_TIMEOUT


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
    503, {}, {"error": {"code": "database_unavailable", "message": "Try again.", "fields": {}}})


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
    assert (caught.value.status, caught.value.code, caught.value.message) == (503, "database_unavailable",
                                                                             "Try again.")
    assert waits == [0.5, 1.0] and len(script.seen) == 3


def test_it_retries_keyed_writes_with_their_key_and_never_an_update(scripted) -> None:
    url, script = scripted
    script.answers = [UNAVAILABLE, (201, {}, {**MEMORY, "resolution": {"action": "created", "related": []}})]
    waits: list[float] = []
    saved = client(url, waits).save("x", scope="user/1")
    assert saved.resolution is not None and saved.resolution.action == "created"
    keys = [seen[2]["Idempotency-Key"] for seen in script.seen]
    assert len(keys) == 2 and keys[0] == keys[1] and waits == [0.5]
    script.answers, script.seen = [UNAVAILABLE], []
    with pytest.raises(ServerError):
        client(url, waits).update(MEMORY_ID, version=1, content="y")  # no key: a repeat could write twice
    assert [s[0] for s in script.seen] == ["PATCH"] and script.seen[0][2]["If-Match"] == '"1"'
    assert "Idempotency-Key" not in script.seen[0][2] and waits == [0.5]
    script.answers, script.seen = [(204, {}, {}), (204, {}, {})], []
    memory = client(url, waits)
    memory.delete(MEMORY_ID)
    memory.delete(MEMORY_ID)
    assert script.seen[0][2]["Idempotency-Key"] != script.seen[1][2]["Idempotency-Key"]  # a key per call


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


def test_it_retries_a_refused_connection_for_any_call() -> None:
    """Nothing was sent, so even an update is safe to send again."""
    waits: list[float] = []
    dead = client("http://127.0.0.1:9", waits, max_retries=2)
    with pytest.raises(NetworkError) as caught:
        dead.update(MEMORY_ID, version=1, content="y")
    assert waits == [0.5, 1.0] and caught.value.code == "network_error"


def test_a_server_that_never_answers_fails_the_call_within_its_timeout(silent: str) -> None:
    assert DEFAULT_TIMEOUT <= 15
    started = time.monotonic()
    with pytest.raises(NetworkError) as caught, Mnemara(silent, "mn_test_key", timeout=1.0) as hung:
        hung.search("anything", scope="user/1")  # retried on a timeout, but only within the same 1 s
    assert caught.value.code == "timeout"
    assert 0.9 < time.monotonic() - started < 2.5

    async def call() -> None:
        async with AsyncMnemara(silent, "mn_test_key", timeout=1.0) as memory:
            await memory.get(MEMORY_ID)

    started = time.monotonic()
    with pytest.raises(NetworkError):
        asyncio.run(call())
    assert 0.9 < time.monotonic() - started < 2.5


def test_the_async_client_follows_the_same_rules(scripted) -> None:
    url, script = scripted
    script.answers = [UNAVAILABLE, (200, {}, MEMORY), (400, {}, {"error": {
        "code": "validation_error", "message": "Bad.", "fields": {"scope": ["A scope."]}}})]
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async def calls() -> None:
        async with AsyncMnemara(url, "mn_test_key", backoff=0.5, sleep=sleep) as memory:
            assert (await memory.get(MEMORY_ID)).content == "x"
            with pytest.raises(ValidationError) as caught:
                await memory.search("q", scope="user/1")
            assert caught.value.fields == {"scope": ["A scope."]}

    asyncio.run(calls())
    assert waits == [0.5] and len(script.seen) == 3


def test_both_clients_undo_a_merge_with_the_callers_key_and_version(scripted) -> None:
    url, script = scripted
    source = {**MEMORY, "id": "6f0c6c1e-8d7e-4a8e-9d53-8a2b1f3c4d5e", "version": 3}
    undone: tuple[int, dict[str, str], dict] = (
        200, {}, {"memory": {**MEMORY, "status": "deprecated", "version": 2}, "sources": [source]})
    script.answers = [UNAVAILABLE, undone, undone]
    waits: list[float] = []
    result = client(url, waits).unmerge(MEMORY_ID, version=1, idempotency_key="undo-1")
    assert result.memory.status == "deprecated" and [m.version for m in result.sources] == [3]

    async def calls() -> None:
        async with AsyncMnemara(url, "mn_test_key") as memory:
            assert (await memory.unmerge(MEMORY_ID)).memory.id == MEMORY_ID

    asyncio.run(calls())
    assert [(seen[0], seen[1], seen[2].get("If-Match"), seen[2]["Idempotency-Key"]) for seen in script.seen[:2]] == [
        ("POST", f"/api/v1/memories/{MEMORY_ID}/unmerge", '"1"', "undo-1")] * 2  # retried with its key
    assert script.seen[2][2]["Idempotency-Key"] not in ("", "undo-1")  # a key of its own, made per call


def test_both_clients_have_the_same_operations_with_the_same_signatures() -> None:
    def operations(client: object) -> dict[str, list[inspect.Parameter]]:
        return {name: list(inspect.signature(getattr(client, name)).parameters.values()) for name in dir(client)
                if not name.startswith("_") and callable(getattr(client, name)) and name not in ("close", "aclose")}

    sync, asynchronous = Mnemara("http://x", "mn_k"), AsyncMnemara("http://x", "mn_k")
    assert operations(sync) == operations(asynchronous)
    assert len(operations(sync)) == 31 and "scope" in inspect.signature(sync.save).parameters
    assert sync.save.__doc__ == asynchronous.save.__doc__ and inspect.iscoroutinefunction(asynchronous.save)
    sync.close()
    asyncio.run(asynchronous.aclose())


def test_it_imports_without_django() -> None:
    code = ("import sys, mnemara.client; from mnemara.client import Mnemara, AsyncMnemara; "
            "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django imported'")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[2])


def test_an_empty_key_is_an_authentication_error() -> None:
    for key in ("", "  "):
        with pytest.raises(AuthenticationError, match="API key is required"):
            Mnemara("http://127.0.0.1:8000", key)
        with pytest.raises(AuthenticationError):
            AsyncMnemara("http://127.0.0.1:8000", key)


def test_an_errors_message_names_its_fields(scripted) -> None:
    url, script = scripted
    script.answers = [(400, {}, {"error": {"code": "validation_error", "message": "Invalid input.", "fields": {
        "content": ["This field may not be blank."], "3.scope": ["Not a scope.", "Too long."]}}})]
    with pytest.raises(ValidationError) as caught:
        client(url, []).save("", scope="user/1")
    assert str(caught.value) == ("400 validation_error: Invalid input. [content: This field may not be blank.; "
                                 "3.scope: Not a scope. Too long.]")
    assert caught.value.message == "Invalid input." and set(caught.value.fields) == {"content", "3.scope"}


def test_a_callers_idempotency_key_is_sent_and_kept_by_the_retries(scripted) -> None:
    url, script = scripted
    created: tuple[int, dict[str, str], dict] = (
        201, {}, {**MEMORY, "resolution": {"action": "created", "related": []}})
    script.answers = [UNAVAILABLE, created, UNAVAILABLE, (200, {}, MEMORY), (201, {}, [MEMORY] * 500),
                      (201, {}, [MEMORY])]
    waits: list[float] = []
    memory = client(url, waits)
    memory.save("x", scope="user/1", idempotency_key="mine-1")
    memory.update(MEMORY_ID, version=1, content="y", idempotency_key="mine-2")  # with a key, an update is retried
    memory.save_many([{"scope": "user/1", "content": f"x{i}"} for i in range(501)], idempotency_key="mine-3")
    assert [(seen[0], seen[2]["Idempotency-Key"]) for seen in script.seen] == [
        ("POST", "mine-1"), ("POST", "mine-1"), ("PATCH", "mine-2"), ("PATCH", "mine-2"), ("POST", "mine-3"),
        ("POST", "mine-3.1")]
    assert waits == [0.5, 0.5]


@pytest.fixture
def counting() -> Iterator[tuple[str, dict[str, int]]]:
    """A server that answers every GET with a memory, a little later, and counts the requests in flight."""
    lock = threading.Lock()
    counts = {"now": 0, "most": 0, "total": 0}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive: the client's pool reuses its connections

        def do_GET(self) -> None:
            with lock:
                counts["now"] += 1
                counts["total"] += 1
                counts["most"] = max(counts["most"], counts["now"])
            time.sleep(0.005)  # long enough for the calls to overlap
            payload = json.dumps(MEMORY).encode()
            with lock:
                counts["now"] -= 1
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", counts
    server.shutdown()
    server.server_close()


def test_a_client_keeps_at_most_max_concurrency_calls_in_flight(counting) -> None:
    """Hundreds of calls at once (LangGraph's ``asyncio.gather`` of a batch) queue in the client: at most
    ``max_concurrency`` reach the server at a time, and every one completes."""
    url, counts = counting

    async def many() -> list[str]:
        async with AsyncMnemara(url, "mn_test_key", max_concurrency=4) as memory:
            assert memory.max_concurrency == 4
            return [m.id for m in await asyncio.gather(*(memory.get(MEMORY_ID) for _ in range(400)))]

    assert asyncio.run(many()) == [MEMORY_ID] * 400
    assert counts["total"] == 400 and 1 <= counts["most"] <= 4

    counts.update(most=0, total=0)
    with Mnemara(url, "mn_test_key", max_concurrency=3) as memory, ThreadPoolExecutor(max_workers=12) as pool:
        assert list(pool.map(lambda _: memory.get(MEMORY_ID).id, range(120))) == [MEMORY_ID] * 120
    assert counts["total"] == 120 and 1 <= counts["most"] <= 3
    for cls in (Mnemara, AsyncMnemara):
        assert inspect.signature(cls).parameters["max_concurrency"].default == DEFAULT_MAX_CONCURRENCY
