from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_serves_the_api_docs_without_a_cdn(client) -> None:
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower()
    assert "script-src 'self'" in page["Content-Security-Policy"]


def test_it_describes_every_contract_path_in_the_schema(client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    paths = set(schema["paths"])
    for path in ["/api/v1/memories", "/api/v1/memories/{memory_id}", "/api/v1/memories/{memory_id}/deprecate",
                 "/api/v1/memories/{memory_id}/restore", "/api/v1/memories/{memory_id}/history",
                 "/api/v1/memories/merge", "/api/v1/memories/search", "/api/v1/context",
                 "/api/v1/sessions/{session_id}/messages", "/api/v1/sessions/{session_id}",
                 "/api/v1/sessions/{session_id}/close", "/api/v1/extract", "/api/v1/jobs/{job_id}",
                 "/api/v1/review", "/api/v1/review/{item_id}/resolve", "/api/v1/feedback",
                 "/api/v1/subjects/{external_id}/export", "/api/v1/subjects/{external_id}", "/api/v1/exports",
                 "/api/v1/exports/{export_id}/download"]:
        assert path in paths, path
    assert schema["components"]["securitySchemes"]["ApiKey"]["scheme"] == "bearer"
