"""The serving stack itself, through ``make run``'s supervisor: how a request body reaches Django whatever its
framing, whose address a request comes from, how ``/mcp`` refuses what it cannot read, and how long an
incomplete request may hold a connection (server/runtime/buffered.py, serve.py, protocol.py, mcp_http.py)."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest

from tests.served.conftest import FAKE_EMBEDDER, Served, ServedData, shared_service
from tests.served.test_served import create, error_code, reply

# Not valid JSON: a route that reads it answers 400 parse_error, one that reads an empty body answers otherwise.
TRUNCATED = b'{"scope": "team/framing", "content": '


@pytest.fixture(scope="module")
def served(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
           ) -> Iterator[Served]:
    """The stack with the fake embedder and one web process: nothing here checks ranking, nor what two web
    processes share (each request is read by the same protocol and bridge in any of them). Shared with
    test_served_privacy.py (tests/tiers.py, SHARED)."""
    with shared_service(request, served_data, tmp_path_factory, web_workers=1, extra_env=FAKE_EMBEDDER) as service:
        yield service


@pytest.fixture(scope="module")
def api(served: Served) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=f"{served.url}/api/v1/", timeout=60,
                      headers={"Authorization": f"Bearer {served.data.key}"}) as client:
        yield client


def chunked(body: bytes) -> Iterator[bytes]:
    """A body httpx sends with ``Transfer-Encoding: chunked`` (a generator has no length), in two chunks."""
    yield body[: len(body) // 2]
    yield body[len(body) // 2:]


def framed(client: httpx.Client, method: str, url: str, body: bytes, framing: str,
           content_type: str = "application/json", headers: dict[str, str] | None = None) -> httpx.Response:
    """``body`` sent with a Content-Length or chunked, and checked to have gone out that way."""
    content: bytes | Iterator[bytes] = body if framing == "content-length" else chunked(body)
    request = client.build_request(method, url, content=content, headers={"Content-Type": content_type,
                                                                          **(headers or {})})
    if framing == "chunked":
        assert request.headers["transfer-encoding"] == "chunked" and "content-length" not in request.headers
    else:
        assert request.headers["content-length"] == str(len(body))
    try:
        return client.send(request)
    except httpx.TransportError as exc:
        pytest.fail(f"no HTTP reply to {method} {url}: {exc.__class__.__name__}: {exc}")


FRAMINGS = ["content-length", "chunked"]


# --------------------------------------------------------------------------- request bodies, both framings


@pytest.mark.parametrize("framing", FRAMINGS)
def test_a_stale_deprecate_is_a_409_whatever_the_framing(api: httpx.Client, framing: str) -> None:
    memory = create(api, f"team/framing-{framing}", "The framing check's memory, version one.")
    edited = reply(api, "PATCH", f"memories/{memory['id']}", json={"content": "The framing check's memory, two."},
                   headers={"If-Match": '"1"'})
    assert edited.status_code == 200 and edited.json()["version"] == 2, edited.text
    stale = framed(api, "POST", f"memories/{memory['id']}/deprecate", json.dumps({"version": 1}).encode(), framing)
    assert stale.status_code == 409 and error_code(stale) == "version_conflict", stale.text
    assert reply(api, "GET", f"memories/{memory['id']}").json()["status"] == "active"


@pytest.mark.parametrize("framing", FRAMINGS)
def test_a_memory_is_created_whatever_the_framing(api: httpx.Client, framing: str) -> None:
    body = {"scope": f"team/framing-{framing}", "content": f"Created with a {framing} body."}
    created = framed(api, "POST", "memories", json.dumps(body).encode(), framing)
    assert created.status_code == 201, created.text
    assert (created.json()["scope"], created.json()["content"]) == (body["scope"], body["content"])


@pytest.fixture(scope="module")
def targets(api: httpx.Client) -> dict[str, str]:
    """Ids the write routes act on: a memory, a merged memory, a review item, a webhook."""
    memory = create(api, "team/framing-routes", "The routes check's memory.")
    first = create(api, "team/framing-merge", "The merge check's first memory.")
    second = create(api, "team/framing-merge", "The merge check's second, unrelated memory about ports.")
    merged = reply(api, "POST", "memories/merge", json={"ids": [first["id"], second["id"]],
                                                        "content": "The merge check's merged memory."})
    assert merged.status_code in (200, 201), merged.text
    pending = reply(api, "POST", "memories", json={"scope": "team/framing-review", "provenance": "inferred",
                                                  "content": "A guess the routes check leaves for review.",
                                                  "confidence": 0.3})
    assert pending.status_code == 201 and pending.json()["status"] == "pending", pending.text
    review = reply(api, "GET", "review", params={"scope": "team/framing-review"})
    assert review.status_code == 200, review.text
    items = [item["id"] for item in review.json()["results"]]
    assert items, review.json()
    hook = reply(api, "POST", "webhooks", json={"url": "https://hooks.example.com/mnemara",
                                                "events": ["memory.created"]})
    assert hook.status_code == 201, hook.text
    return {"memory": memory["id"], "merged": merged.json()["id"], "item": items[0], "webhook": hook.json()["id"]}


# Every route that reads a request body: the API (/api/schema/'s operations with a requestBody), the mem0
# surface (docs/mem0.md) and the keyed memories; {name} is filled from ``targets``.
WRITE_ROUTES = [
    ("POST", "/api/v1/memories", "application/json"),
    ("PATCH", "/api/v1/memories/{memory}", "application/json"),
    ("POST", "/api/v1/memories/{memory}/deprecate", "application/json"),
    ("POST", "/api/v1/memories/{memory}/restore", "application/json"),
    ("POST", "/api/v1/memories/{merged}/unmerge", "application/json"),
    ("POST", "/api/v1/memories/merge", "application/json"),
    ("POST", "/api/v1/memories/search", "application/json"),
    ("POST", "/api/v1/context", "application/json"),
    ("POST", "/api/v1/review/{item}/resolve", "application/json"),
    ("POST", "/api/v1/feedback", "application/json"),
    ("POST", "/api/v1/sessions/framing-session/messages", "application/json"),
    ("POST", "/api/v1/extract", "application/json"),
    ("POST", "/api/v1/imports", "application/json"),
    ("POST", "/api/v1/imports", "application/x-ndjson"),
    ("POST", "/api/v1/exports", "application/json"),
    ("PUT", "/api/v1/keys/memory?scope=team/framing-keys&key=framing.probe", "application/json"),
    ("POST", "/api/v1/webhooks", "application/json"),
    ("PATCH", "/api/v1/webhooks/{webhook}", "application/json"),
    ("POST", "/mem0/v3/memories/add/", "application/json"),
    ("POST", "/mem0/v3/memories/search/", "application/json"),
    ("POST", "/mem0/v3/memories/", "application/json"),
    ("PUT", "/mem0/v1/memories/{memory}/", "application/json"),
    ("PUT", "/mem0/v1/batch/", "application/json"),
    ("DELETE", "/mem0/v1/batch/", "application/json"),
    ("POST", "/mem0/v1/feedback/", "application/json"),
]


@pytest.mark.parametrize(("method", "path", "content_type"), WRITE_ROUTES,
                         ids=[f"{m} {p} {c.split('/')[1]}" for m, p, c in WRITE_ROUTES])
def test_every_write_route_reads_the_body_whatever_the_framing(served: Served, targets: dict[str, str],
                                                               method: str, path: str, content_type: str) -> None:
    """A body that is not JSON is a 400 parse_error on every route, sent either way: each route read it."""
    url = served.url + path.format(**targets)
    answers = {}
    with httpx.Client(timeout=60, headers={"Authorization": f"Bearer {served.data.key}"}) as client:
        for framing in FRAMINGS:
            answer = framed(client, method, url, TRUNCATED, framing, content_type)
            answers[framing] = (answer.status_code, error_code(answer) if answer.status_code >= 400 else answer.text)
    assert answers == dict.fromkeys(FRAMINGS, (400, "parse_error")), answers


@pytest.mark.parametrize("framing", FRAMINGS)
def test_the_sign_in_form_is_read_whatever_the_framing(served: Served, framing: str) -> None:
    """The dashboard's forms too: a urlencoded body, sent chunked, signs the owner in."""
    with httpx.Client(base_url=served.url, timeout=30) as client:
        form = reply(client, "GET", "/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text)
        assert token, form.text[:500]
        body = urlencode({"username": served.data.admin_email, "password": served.data.admin_password,
                          "csrfmiddlewaretoken": token.group(1)}).encode()
        signed = framed(client, "POST", "/accounts/login/", body, framing, "application/x-www-form-urlencoded",
                        headers={"Referer": f"{served.url}/"})
        assert signed.status_code == 302 and signed.headers["location"] == "/", (signed.status_code, signed.text[:500])


# --------------------------------------------------------------------------- whose address a request has

LOCKED = "Too many failed sign-in attempts."


def test_a_forwarded_for_header_from_loopback_gets_no_fresh_sign_in_attempts(served: Served) -> None:
    """No proxy is named (MNEMARA_FORWARDED_ALLOW_IPS): X-Forwarded-For is not believed, so every attempt
    from this loopback client counts against the same address, whatever address it claims."""
    with httpx.Client(base_url=served.url, timeout=30) as client:
        answers = []
        for n in range(7):
            form = reply(client, "GET", "/accounts/login/")
            token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text)
            assert token, form.text[:500]
            answer = reply(client, "POST", "/accounts/login/",
                           data={"username": "forwarded-probe@example.com", "password": f"guess {n}",
                                 "csrfmiddlewaretoken": token.group(1)},
                           headers={"X-Forwarded-For": f"198.51.100.{n + 1}", "Referer": f"{served.url}/"})
            assert answer.status_code in (200, 429), answer.text[:500]
            answers.append(LOCKED in answer.text)
    assert answers == [False] * 5 + [True] * 2


# --------------------------------------------------------------------------- /mcp's refusals

INITIALIZE: dict[str, Any] = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                         "clientInfo": {"name": "framing-check", "version": "1"}}}


def mcp_refusal(answer: httpx.Response) -> tuple[int, str]:
    """An /mcp refusal: a JSON-RPC error carrying the REST API's error code (docs/mcp.md)."""
    assert answer.headers["content-type"].startswith("application/json"), (answer.headers, answer.text[:300])
    body = answer.json()
    assert body["jsonrpc"] == "2.0" and body["id"] is None, body
    assert body["error"]["data"]["status"] == answer.status_code, body
    return answer.status_code, str(body["error"]["data"]["code"])


@pytest.mark.parametrize("framing", FRAMINGS)
def test_mcp_refuses_a_body_over_its_limit_in_its_error_format(served: Served, framing: str) -> None:
    padding = "x" * (4 * 1024 * 1024 + 1)
    body = json.dumps({**INITIALIZE, "params": {**INITIALIZE["params"], "padding": padding}}).encode()
    with httpx.Client(timeout=60, headers={"Authorization": f"Bearer {served.data.key}",
                                           "Accept": "application/json, text/event-stream"}) as client:
        answer = framed(client, "POST", f"{served.url}/mcp", body, framing)
    assert mcp_refusal(answer) == (413, "too_large")


def test_mcp_refuses_a_body_that_is_not_json_in_its_error_format(served: Served) -> None:
    with httpx.Client(timeout=60, headers={"Authorization": f"Bearer {served.data.key}",
                                           "Accept": "application/json, text/event-stream"}) as client:
        answer = framed(client, "POST", f"{served.url}/mcp", json.dumps(INITIALIZE).encode(), "content-length",
                        content_type="text/plain")
        assert mcp_refusal(answer) == (415, "unsupported_media_type")
        for framing in FRAMINGS:  # the same message as JSON is served, however it is framed
            served_answer = framed(client, "POST", f"{served.url}/mcp", json.dumps(INITIALIZE).encode(), framing)
            assert served_answer.status_code == 200, served_answer.text[:300]
            assert served_answer.json()["result"]["serverInfo"]["name"] == "mnemara"


# --------------------------------------------------------------------------- incomplete requests


def closed_after(sock: socket.socket, limit: float) -> None:
    """Wait until the server closes ``sock`` without an answer; fail past ``limit`` seconds."""
    sock.settimeout(limit)
    try:
        data = sock.recv(65536)
    except TimeoutError:
        pytest.fail(f"the connection was still open after {limit:.0f} s")
    except ConnectionResetError:
        data = b""
    assert data == b"", data[:300]


def test_a_connection_that_never_completes_its_request_head_is_closed(served: Served) -> None:
    from server.runtime.protocol import HEAD_TIMEOUT_SECONDS

    port = int(served.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port)) as partial, \
            socket.create_connection(("127.0.0.1", port)) as silent, \
            socket.create_connection(("127.0.0.1", port)) as complete:
        partial.sendall(b"GET /healthz HTT")
        complete.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        complete.settimeout(30)
        assert complete.recv(65536).startswith(b"HTTP/1.1 200"), "a whole request is answered on a raw socket"
        for sock in (partial, silent):
            closed_after(sock, HEAD_TIMEOUT_SECONDS + 10)
