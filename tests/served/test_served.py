"""Through the real server: the supervisor ``make run`` starts (uvicorn web workers and the background worker),
reached over real sockets by httpx, Chromium and the official MCP client (fixtures: conftest.py).

What runs in-process in the other tests (Django's test client, pytest-django's live server) goes here through
the stack that serves people: the ASGI bridge, uvicorn's HTTP parser, keep-alive, several processes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from django.conf import settings
from mcp import Client, MCPError
from mcp.client.streamable_http import streamable_http_client
from playwright.sync_api import expect

from tests.client.test_mcp import TOOLS, payload
from tests.fixtures import sign_in
from tests.served.conftest import Browsing, Served

# One page of each dashboard area a signed-in owner opens (memories/urls.py and tenants/urls.py), and what
# shows it was rendered.
AREAS = [
    ("overview", "/", "main h1"),
    ("memories", "/memories/", "#memory-results"),
    ("memories-search", "/memories/?q=served&mode=search", "#memory-results"),
    ("playground", "/playground/?query=served&scopes=team", "main h1"),
    ("review", "/review/", "main h1"),
    ("merge", "/merge/?scope=team/served-pages", "main h1"),
    ("feedback", "/feedback/", "main h1"),
    ("people", "/people/", "main h1"),
    ("audit", "/audit/", "main h1"),
    ("api-keys", "/settings/keys/", "main h1"),
    ("members", "/settings/members/", "main h1"),
    ("settings", "/settings/", "main h1"),
    ("exports", "/exports/", "main h1"),
    ("api-docs", "/api/docs/", "#swagger-ui .info .title"),  # Swagger UI, from its own static files
]


def reply(client: httpx.Client, method: str, url: str, **kwargs: Any) -> httpx.Response:
    """The server's answer; a connection closed without one fails the test saying so."""
    try:
        return client.request(method, url, **kwargs)
    except httpx.TransportError as exc:
        pytest.fail(f"no HTTP reply to {method} {url}: {exc.__class__.__name__}: {exc}")


def error_code(response: httpx.Response) -> str:
    """The API's error format: ``{"error": {"code", "message", "fields"}}``."""
    assert response.headers["content-type"].startswith("application/json"), response.headers
    body = response.json()
    assert set(body["error"]) >= {"code", "message", "fields"}, body
    return str(body["error"]["code"])


def create(api: httpx.Client, scope: str, content: str, **fields: Any) -> dict[str, Any]:
    created = reply(api, "POST", "memories", json={"scope": scope, "content": content, **fields})
    assert created.status_code == 201, created.text
    body: dict[str, Any] = created.json()
    assert body["resolution"]["action"] == "created", body
    return body


@pytest.mark.django_db
def test_it_runs_on_the_test_database() -> None:
    """The tests below carry no database marker (their data is committed for the server's processes and flushed
    once, at the module's end); this one makes pytest-django create the test database before anything writes
    when only this module runs (conftest.py's ``served_database`` creates it otherwise, e.g. under ``-k``)."""
    from django.db import connection

    assert connection.settings_dict["NAME"] == connection.creation._get_test_db_name()  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- the sign-in page over plain HTTP


def test_it_serves_the_sign_in_page_with_its_csrf_cookie(served: Served) -> None:
    with httpx.Client(base_url=served.url, timeout=30) as client:
        login = reply(client, "GET", "/accounts/login/")
        assert login.status_code == 200, login.text[:500]
        assert login.headers["content-type"].startswith("text/html")
        cookies = login.headers.get_list("set-cookie")
        assert any(c.startswith("csrftoken=") for c in cookies), cookies
        assert 'name="csrfmiddlewaretoken"' in login.text
        for path in ("/favicon.ico", "/no/such/page/"):
            answer = reply(client, "GET", path)  # any status, but an HTTP answer
            assert 200 <= answer.status_code < 600, (path, answer.status_code)


# --------------------------------------------------------------------------- the dashboard in Chromium


def test_it_signs_in_and_opens_every_dashboard_area_in_chromium(served: Served, api: httpx.Client,
                                                               browsing: Browsing) -> None:
    create(api, "team/served-pages", "The served dashboard checks run against the real server.")
    page = browsing.page
    page.goto(f"{served.url}/accounts/login/")
    browsing.shot("login")
    sign_in(page, served)  # fills the form, submits, waits for the overview at /
    expect(page.get_by_role("heading", name="Overview", exact=True)).to_be_visible()
    browsing.shot("overview")
    failed = {}
    for name, path, rendered in AREAS:
        response = page.goto(served.url + path)
        status = response.status if response is not None else None
        if status != 200:
            failed[name] = status
            continue
        expect(page.locator(rendered).first).to_be_visible()
        browsing.shot(name)
    assert failed == {}
    assert browsing.problems == []


def test_it_edits_through_htmx_and_shows_a_stale_edit_where_the_admin_acted(served: Served, api: httpx.Client,
                                                                             browsing: Browsing) -> None:
    memory = create(api, "team/served-htmx", "The served release train leaves on Thursdays.", type="fact")
    page = browsing.page
    sign_in(page, served)

    # The list's filter form and a row's "More" are htmx requests that swap a part of the page.
    page.goto(f"{served.url}/memories/?scope=team/served-htmx")
    row = page.locator(f"#m-{memory['id']}")
    expect(row).to_contain_text("The served release train leaves on Thursdays.")
    row.get_by_role("button", name="More").click()
    expect(page.locator(f"#m-{memory['id']}.expanded")).to_contain_text("Open the memory page")

    # Edit (htmx GET of the form, htmx POST of it): a new version, shown in place (the page never changes).
    here = f"{served.url}/memories/{memory['id']}/"
    page.goto(here)
    page.locator("#edit-button").click()
    expect(page.locator("#id_content")).to_be_visible()
    assert page.url == here  # swapped in by htmx, not the link's fallback page
    page.locator("#id_content").fill("The served release train leaves on Thursdays at noon.")
    page.locator("#memory-card button[type=submit]").click()
    expect(page.locator("#memory-content")).to_have_text("The served release train leaves on Thursdays at noon.")
    assert page.url == here
    browsing.shot("edited")

    # A stale edit: someone else saves version 3 meanwhile; the admin's text stays, the newer one beside it.
    page.locator("#edit-button").click()
    expect(page.locator("#id_content")).to_be_visible()
    newer = "The served release train leaves on Fridays."
    changed = reply(api, "PATCH", f"memories/{memory['id']}", json={"content": newer}, headers={"If-Match": '"2"'})
    assert changed.status_code == 200, changed.text
    mine = "The served release train leaves on Thursdays at one."
    page.locator("#id_content").fill(mine)
    page.locator("#memory-card button[type=submit]").click()
    expect(page.locator("#stale-warning")).to_be_visible()
    expect(page.locator("#current-content")).to_have_text(newer)
    expect(page.locator("#id_content")).to_have_value(mine)
    expect(page.locator(".toast.error")).to_have_count(0)
    assert page.url == here
    browsing.shot("stale-edit")
    page.locator("#memory-card button[type=submit]").click()  # "Save over the newer version"
    expect(page.locator("#memory-content")).to_have_text(mine)

    # Deprecate (a plain form POST), then the API sees it.
    page.get_by_placeholder("Reason for deprecating").fill("served check")
    page.get_by_role("button", name="Deprecate").click()
    expect(page.locator("#memory-card .badge.status-deprecated")).to_be_visible()
    now = reply(api, "GET", f"memories/{memory['id']}").json()
    assert (now["status"], now["version"], now["content"]) == ("deprecated", 5, mine)
    assert browsing.problems == []


# --------------------------------------------------------------------------- the REST API with a key


def test_it_serves_the_rest_api_with_a_key(served: Served, api: httpx.Client) -> None:
    content = "The served warehouse in Lyon opens at 07:30 on weekdays."
    memory = create(api, "team/served-api", content, type="fact", entity="warehouse:lyon/opening")

    found = reply(api, "POST", "memories/search", json={"query": "When does the Lyon warehouse open?",
                                                        "scope": "team/served-api"})
    assert found.status_code == 200, found.text
    assert memory["id"] in [hit["memory"]["id"] for hit in found.json()["results"]]

    context = reply(api, "POST", "context", json={"query": "Lyon warehouse opening hours", "scope": "team/served-api"})
    assert context.status_code == 200, context.text
    block = context.json()
    assert memory["id"] in block["items"] and content in block["block"], block
    assert block["block"].startswith("<memory") and block["tokens"] > 0

    got = reply(api, "GET", f"memories/{memory['id']}")
    assert got.status_code == 200 and got.headers["etag"] == '"1"', got.headers
    updated = reply(api, "PATCH", f"memories/{memory['id']}", json={"content": content.replace("07:30", "08:00")},
                    headers={"If-Match": '"1"'})
    assert updated.status_code == 200 and updated.json()["version"] == 2, updated.text
    stale = reply(api, "PATCH", f"memories/{memory['id']}", json={"content": "lost update"},
                  headers={"If-Match": '"1"'})
    assert stale.status_code == 409 and error_code(stale) == "version_conflict", stale.text
    assert stale.json()["current"]["version"] == 2

    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    assert isinstance(limit, int)
    prefix, suffix = b'{"scope": "team/served-api", "content": "', b'"}'
    for size in (limit + 1, limit + 1024 * 1024):  # just over (Django's check), far over (the bridge's)
        body = prefix + b"x" * (size - len(prefix) - len(suffix)) + suffix
        too_large = reply(api, "POST", "memories", content=body, headers={"Content-Type": "application/json"})
        assert too_large.status_code == 413, (size, too_large.text[:500])
        assert error_code(too_large) == "too_large"

    with httpx.Client(base_url=f"{served.url}/api/v1/", timeout=60,
                      headers={"Authorization": f"Bearer {served.data.other_key}"}) as other:
        theirs = create(other, "team/served-api", "Globex keeps its own secrets here.")
    hidden = reply(api, "GET", f"memories/{theirs['id']}")
    assert hidden.status_code == 404 and error_code(hidden) == "not_found", hidden.text

    assert reply(api, "GET", f"memories/{memory['id']}").json()["version"] == 2  # nothing else changed it


def test_it_answers_many_requests_on_one_kept_alive_connection(served: Served) -> None:
    ports = set()
    with httpx.Client(base_url=served.url, timeout=30,
                      headers={"Authorization": f"Bearer {served.data.key}"}) as client:
        for n in range(20):
            if n % 3 == 0:
                response = reply(client, "GET", "/healthz")
            elif n % 3 == 1:
                response = reply(client, "GET", "/api/v1/memories", params={"limit": "5"})
            else:
                response = reply(client, "POST", "/api/v1/memories/search",
                                 json={"query": f"served keep-alive {n}", "scope": "team/served-api"})
            assert response.status_code == 200, (n, response.status_code, response.text[:300])
            assert response.headers.get("connection", "").lower() != "close", (n, response.headers)
            ports.add(response.extensions["network_stream"].get_extra_info("client_addr"))
    assert len(ports) == 1, ports  # one connection (one client port), kept alive for all twenty


# --------------------------------------------------------------------------- MCP over Streamable HTTP


WRONG_KEY = "mn_0000000000_not-a-real-key"


def leaves(exc: BaseException) -> list[BaseException]:
    """The exceptions inside (nested) exception groups."""
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for inner in exc.exceptions for leaf in leaves(inner)]
    return [exc]


@asynccontextmanager
async def mcp_session(url: str, key: str) -> AsyncIterator[Any]:
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=60)
    async with http, Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client:
        yield client


def test_it_serves_mcp_to_the_official_client(served: Served) -> None:
    async def scenario() -> None:
        async with mcp_session(served.url, served.data.key) as client:
            assert {tool.name for tool in (await client.list_tools()).tools} == TOOLS
            saved = payload(await client.call_tool("save_memory", {
                "content": "The served MCP check prefers tea over coffee.", "scope": "user/served-mcp",
                "type": "preference"}))
            assert saved["resolution"]["action"] == "created", saved
            found = payload(await client.call_tool("search_memories", {"query": "tea or coffee?",
                                                                       "scope": "user/served-mcp"}))
            assert saved["id"] in [hit["id"] for hit in found["results"]], found
            # A person's scope and a private question: they must reach no log line (test_it_logged_no_personal_data).
            await client.call_tool("save_memory", {"content": f"{CANARY_TEXT}", "scope": CANARY_SCOPE,
                                                   "type": "fact", "subject": CANARY_SUBJECT})
            await client.call_tool("search_memories", {"query": CANARY_QUERY, "scope": CANARY_SCOPE})
            await client.call_tool("list_memories", {"scope": CANARY_SCOPE, "text": CANARY_QUERY})

        refused: BaseException | None = None
        try:
            with anyio.fail_after(60):
                async with mcp_session(served.url, WRONG_KEY) as client:
                    await client.list_tools()
        except Exception as exc:  # noqa: BLE001 - the SDK wraps the 401 in task groups
            refused = exc
        assert refused is not None, "the MCP client was served with a wrong key"
        assert all(isinstance(e, (MCPError, httpx2.HTTPStatusError)) for e in leaves(refused)), repr(refused)

    anyio.run(scenario)
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "served", "version": "1"}}}
    wrong = httpx.post(f"{served.url}/mcp", json=initialize, timeout=30,
                       headers={"Accept": "application/json, text/event-stream",
                                "Authorization": f"Bearer {WRONG_KEY}"})
    assert wrong.status_code == 401, wrong.text
    assert wrong.headers["www-authenticate"] == 'Bearer realm="mnemara"'


# --------------------------------------------------------------------------- last: what the server logged

CANARY_SUBJECT = "erin-canary-7431"
CANARY_SCOPE = f"user/{CANARY_SUBJECT}"
CANARY_QUERY = "my secret diagnosis canary-hiv-7431"
CANARY_TEXT = "Erin's canary-diagnosis-7431 is private"


def test_it_logged_no_personal_data(served: Served, api: httpx.Client) -> None:
    """Subject ids, scopes, search text and contents never reach a log line: the REST request log names the
    route, and the hosted MCP's internal calls log nothing of their own."""
    assert api.post("memories/search", json={"query": CANARY_QUERY, "scope": CANARY_SCOPE}).status_code == 200
    assert api.get("memories", params={"scope_prefix": CANARY_SCOPE, "q": CANARY_QUERY}).status_code == 200
    assert api.get(f"subjects/{CANARY_SUBJECT}/export").status_code == 200
    text = served.log.read_text(errors="replace")
    for canary in ("erin-canary-7431", "canary-hiv-7431", "canary-diagnosis-7431", "secret+diagnosis",
                   "secret diagnosis"):
        assert canary not in text, text[max(0, text.find(canary) - 500):text.find(canary) + 300]



def logged_exceptions(text: str) -> list[str]:
    """The exception line of each traceback in a log (the first one of a chain)."""
    lines = text.splitlines()
    found = []
    for n, line in enumerate(lines):
        if line.startswith("Traceback (most recent call last):"):
            found.append(next((later for later in lines[n + 1:] if later and not later[0].isspace()), "?"))
    return found


def test_it_logged_no_traceback(served: Served) -> None:
    text = served.log.read_text(errors="replace")
    exceptions = logged_exceptions(text)
    first = text.find("Traceback (most recent call last):")
    assert Counter(exceptions) == Counter(), text[max(0, first - 300):first + 2500]
