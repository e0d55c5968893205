"""Through the real server: what a browser, a proxy or an agent's HTTP cache may keep (nothing that holds
personal data: ``Cache-Control: no-store`` on the API, mem0, /mcp and the dashboard; static files and health
may be cached), and what the log keeps of a refusal (one line, no traceback)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

from tests.served.conftest import FAKE_EMBEDDER, Served, ServedData, shared_service

VIEWER_EMAIL, VIEWER_PASSWORD = "viewer@served.test", "viewer-password-8c2e"


@pytest.fixture(scope="module")
def served(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any,
           request: pytest.FixtureRequest) -> Iterator[Served]:
    """The stack with the fake embedder and one web process, shared with test_runtime.py (tests/tiers.py, SHARED)."""
    from tenants.models import Role, Tenant
    from tenants.services import member_add

    with django_db_blocker.unblock():
        member_add(tenant=Tenant.objects.get(slug=served_data.tenant_slug), email=VIEWER_EMAIL, role=Role.VIEWER,
                   password=VIEWER_PASSWORD)
    with shared_service(request, served_data, tmp_path_factory, web_workers=1, extra_env=FAKE_EMBEDDER) as service:
        yield service


@contextmanager
def signed_in(served: Served, email: str, password: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=served.url, timeout=60, follow_redirects=True) as client:
        form = client.get("/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text)
        assert token, form.text[:500]
        signed = client.post("/accounts/login/", data={"username": email, "password": password,
                                                       "csrfmiddlewaretoken": token.group(1)})
        assert signed.status_code == 200 and str(signed.url).rstrip("/") == served.url, signed.url
        yield client


def test_nothing_that_holds_personal_data_may_be_stored_by_a_cache(served: Served) -> None:
    key = {"Authorization": f"Bearer {served.data.key}"}
    with httpx.Client(base_url=served.url, timeout=60) as client:
        created = client.post("/api/v1/memories", headers=key, json={"scope": "user/cache-1", "subject": "cache-1",
                                                                     "content": "Prefers green tea."})
        assert created.status_code == 201, created.text
        answers = {
            "memory": client.get(f"/api/v1/memories/{created.json()['id']}", headers=key),
            "list": client.get("/api/v1/memories", headers=key),
            "created": created,
            "subject export": client.get("/api/v1/subjects/cache-1/export", headers=key),
            "an error": client.get("/api/v1/memories/00000000-0000-4000-8000-000000000000", headers=key),
            "no key": client.get("/api/v1/memories"),
            "mem0": client.post("/mem0/v3/memories/", headers={"Authorization": f"Token {served.data.key}"},
                                json={"filters": {"user_id": "cache-1"}}),
            "mcp": client.post("/mcp", headers={**key, "Accept": "application/json, text/event-stream"},
                               json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
            "mcp without key": client.post("/mcp", json={}),
        }
        cacheable = {"healthz": client.get("/healthz"), "static": client.get("/static/dashboard/app.js")}
    with signed_in(served, served.data.admin_email, served.data.admin_password) as dashboard:
        for path in ("/", "/memories/", f"/memories/{created.json()['id']}/", "/people/", "/audit/"):
            answers[path] = dashboard.get(path)
    for name, answer in answers.items():
        assert answer.status_code < 500, (name, answer.status_code, answer.text[:300])
        assert answer.headers.get("cache-control") == "no-store", (name, answer.headers)
    for name, answer in cacheable.items():
        assert answer.status_code == 200, name
        assert "no-store" not in answer.headers.get("cache-control", ""), (name, answer.headers)


def test_a_refusal_is_logged_in_one_line(served: Served) -> None:
    with signed_in(served, VIEWER_EMAIL, VIEWER_PASSWORD) as viewer:
        assert viewer.get("/settings/keys/").status_code == 403
        assert viewer.get("/exports/").status_code == 403
    text = served.log.read_text(errors="replace")
    assert "Forbidden (Permission denied)" in text
    first = text.find("Traceback (most recent call last):")
    assert first == -1, text[max(0, first - 300):first + 2500]
