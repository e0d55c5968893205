"""A write whose answer is lost on the way back: the client sends it again with the same Idempotency-Key, and
the server answers with the first outcome. Between the client and the live test server sits a small TCP
proxy that forwards each request whole, waits for the server's whole answer, and then drops it (closes the
client's connection) for as many requests as it is told to."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from mnemara.client import AsyncMnemara, IdempotencyKeyReused, Mnemara, NetworkError, NotFound
from tests.client.conftest import TIMEOUT
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db(transaction=True)


def _read_request(conn: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return b""
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(body) < length:
        body += conn.recv(65536)
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(b"connection:")]
    return b"\r\n".join([*lines, b"Connection: close"]) + b"\r\n\r\n" + body


class DroppingProxy:
    """Forwards HTTP requests to ``upstream``; the answers to the next ``drop`` requests never come back."""

    def __init__(self, upstream: str) -> None:
        parts = urlsplit(upstream)
        self.upstream = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.drop = 0
        self.requests: list[bytes] = []
        self._server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._server.getsockname()[1]}"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        with conn:
            request = _read_request(conn)
            if not request:
                return
            self.requests.append(request)
            with socket.create_connection(self.upstream) as upstream:
                upstream.sendall(request)
                answer = b""
                while chunk := upstream.recv(65536):  # the whole answer: the server has done its work
                    answer += chunk
            if self.drop:
                self.drop -= 1
                return  # closed without a byte: the client sees its connection drop
            conn.sendall(answer)

    def keys(self) -> list[str]:
        return [line.split(b":", 1)[1].strip().decode() for request in self.requests
                for line in request.split(b"\r\n") if line.lower().startswith(b"idempotency-key:")]

    def close(self) -> None:
        self._server.close()


@pytest.fixture
def proxy(live_server) -> Iterator[DroppingProxy]:
    proxy = DroppingProxy(live_server.url)
    yield proxy
    proxy.close()


def test_a_delete_and_an_erasure_retried_after_a_lost_answer_report_what_they_did(
        proxy: DroppingProxy, alice: KeyedClient, alice_memory: Mnemara) -> None:
    saved = alice_memory.save("Parks on level 3", scope="team/ops")
    alice_memory.save("Lives in Lyon", scope="user/ada", subject="ada")
    with Mnemara(proxy.url, alice.secret, backoff=0.05, timeout=TIMEOUT) as memory:
        proxy.drop = 1
        assert memory.delete(saved.id) is None  # the retry got the first answer (204), not a 404
        proxy.drop = 1
        receipt = memory.erase_subject("ada")
    assert receipt.counts["memories"] == 1 and receipt.raw["vacuum"] in ("done", "scheduled")
    keys = proxy.keys()
    assert len(proxy.requests) == 4 and keys[0] == keys[1] and keys[2] == keys[3] and keys[1] != keys[2]
    with pytest.raises(NotFound):
        alice_memory.get(saved.id)


def test_a_save_retried_after_a_lost_answer_is_saved_once(proxy: DroppingProxy, alice: KeyedClient,
                                                          alice_memory: Mnemara) -> None:
    async def save() -> str:
        async with AsyncMnemara(proxy.url, alice.secret, backoff=0.05, timeout=TIMEOUT) as memory:
            proxy.drop = 1
            saved = await memory.save("Takes the 8:15 train", scope="user/5")
            assert saved.resolution is not None and saved.resolution.action == "created"  # not "duplicate"
            return saved.id

    saved_id = asyncio.run(save())
    assert [m.id for m in alice_memory.list(scope="user/5")] == [saved_id]
    assert len(proxy.requests) == 2


def test_a_save_that_failed_is_retried_by_the_caller_with_its_own_key_and_saved_once(
        proxy: DroppingProxy, alice: KeyedClient, alice_memory: Mnemara) -> None:
    """The client gave up (no retries left: the call raised ``NetworkError``) but the server had written; the
    caller sends the same save again, with the key it chose, later: one memory, answered as the first time."""
    with Mnemara(proxy.url, alice.secret, max_retries=0, timeout=TIMEOUT) as memory:
        proxy.drop = 1
        with pytest.raises(NetworkError):
            memory.save("Takes the 9:40 ferry", scope="user/6", idempotency_key="save-ferry-6")
        saved = memory.save("Takes the 9:40 ferry", scope="user/6", idempotency_key="save-ferry-6")
    assert saved.resolution is not None and saved.resolution.action == "created"  # the first answer, not "duplicate"
    again = alice_memory.save("Takes the 9:40 ferry", scope="user/6", idempotency_key="save-ferry-6")
    assert again.id == saved.id and again.version == 1
    assert [m.id for m in alice_memory.list(scope="user/6")] == [saved.id]
    assert proxy.keys() == ["save-ferry-6", "save-ferry-6"]
    with pytest.raises(IdempotencyKeyReused):  # the same key for another request is refused, nothing written
        alice_memory.save("Takes the 10:40 ferry", scope="user/6", idempotency_key="save-ferry-6")


def test_every_write_takes_the_callers_key_and_is_done_once(alice_memory: Mnemara) -> None:
    memory = alice_memory
    first = memory.save("Works from Porto", scope="user/7", idempotency_key="k-save")
    assert memory.save("Works from Porto", scope="user/7", idempotency_key="k-save").id == first.id
    updated = [memory.update(first.id, version=1, content="Works from Braga", idempotency_key="k-update")
               for _ in range(2)]  # the second is answered, not a VersionConflict with itself
    assert [u.version for u in updated] == [2, 2]
    assert [memory.deprecate(first.id, reason="moved", idempotency_key="k-deprecate").version
            for _ in range(2)] == [3, 3]
    assert [memory.restore(first.id, idempotency_key="k-restore").version for _ in range(2)] == [4, 4]
    assert [v.version for v in memory.history(first.id)] == [1, 2, 3, 4]

    put = [memory.put("user/7/prefs", "editor", "Uses helix.", idempotency_key="k-put") for _ in range(2)]
    assert put[0].id == put[1].id and put[1].version == 1
    many = [memory.save_many([{"scope": "user/7", "content": "Has a cat named Miso"}], idempotency_key="k-many")
            for _ in range(2)]
    assert many[0][0].id == many[1][0].id
    for _ in range(2):
        memory.add_messages("s-7", [{"role": "user", "content": "I moved to Braga."}], scope="user/7",
                            idempotency_key="k-append")
        memory.feedback([first.id], useful=True, idempotency_key="k-feedback")
    assert memory.session("s-7", scope="user/7").turn_count == 1
    merged = [memory.merge([first.id, many[0][0].id], content="Works from Braga; has a cat named Miso",
                           idempotency_key="k-merge") for _ in range(2)]
    assert merged[0].id == merged[1].id
    for _ in range(2):
        memory.delete(merged[0].id, idempotency_key="k-delete")
        memory.delete_by_key("user/7/prefs", "editor", idempotency_key="k-delete-key")
    assert [m.content for m in memory.list(scope="user/7", status="active")] == []
