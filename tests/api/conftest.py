"""Helpers for the memory API tests: create through the API, check the error format, count rows."""

from __future__ import annotations

from typing import Any

from tenants.scoping import tenant_scope

API = "/api/v1"


def assert_error(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    """The one error format: {"error": {"code", "message", "fields"}} (plus extras such as "current")."""
    assert response.status_code == status, (response.status_code, response.content[:2000])
    body = response.json()
    assert isinstance(body.get("error"), dict), body
    assert isinstance(body["error"]["code"], str) and body["error"]["code"]
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert isinstance(body["error"]["fields"], dict)
    if code is not None:
        assert body["error"]["code"] == code, body
    return body


def create(kc: Any, expect: int = 201, **fields: Any) -> dict[str, Any]:
    """POST one memory (scope user/1 unless given) and return the answer."""
    response = kc.client.post(f"{API}/memories", {"scope": "user/1", **fields}, format="json")
    assert response.status_code == expect, response.content[:2000]
    return response.json()


def get(kc: Any, memory_id: str) -> dict[str, Any]:
    response = kc.client.get(f"{API}/memories/{memory_id}")
    assert response.status_code == 200, response.content[:2000]
    return response.json()


def history(kc: Any, memory_id: str) -> list[dict[str, Any]]:
    response = kc.client.get(f"{API}/memories/{memory_id}/history")
    assert response.status_code == 200, response.content[:2000]
    return response.json()["results"]


def review_items(kc: Any, status: str = "open") -> list[dict[str, Any]]:
    response = kc.client.get(f"{API}/review", {"status": status})
    assert response.status_code == 200, response.content[:2000]
    return response.json()["results"]


def row_counts(tenant: Any) -> dict[str, int]:
    """Every table a memory write touches, for "no partial write" checks."""
    from memories.models import Feedback, Memory, MemoryVersion, ReviewItem, Scope
    from tenants.models import AuditEvent, Subject

    with tenant_scope(tenant):
        return {model.__name__: model.objects.count()
                for model in (Memory, MemoryVersion, ReviewItem, AuditEvent, Feedback, Scope, Subject)}
