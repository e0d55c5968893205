"""Helpers for the recall tests: memories are written through the API with the real model."""

from __future__ import annotations

from typing import Any

API = "/api/v1"


def save(kc: Any, *items: dict[str, Any], scope: str = "user/1") -> list[dict[str, Any]]:
    """POST memories (one request, real embedder) and return the created memories in order."""
    body = [{"scope": scope, **item} for item in items]
    response = kc.client.post(f"{API}/memories", body, format="json")
    assert response.status_code == 201, response.content[:2000]
    return response.json()


def search(kc: Any, expect: int = 200, **body: Any) -> Any:
    if "scopes" not in body:
        body.setdefault("scope", "user/1")
    response = kc.client.post(f"{API}/memories/search", body, format="json")
    assert response.status_code == expect, response.content[:2000]
    return response.json()


def contents(result: dict[str, Any]) -> list[str]:
    return [hit["memory"]["content"] for hit in result["results"]]


def assert_error(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.content[:2000])
    body = response.json()
    assert set(body["error"]) >= {"code", "message", "fields"}, body
    if code is not None:
        assert body["error"]["code"] == code, body
    return body
