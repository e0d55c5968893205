"""GET /metrics: hidden without MNEMARA_METRICS_TOKEN, 401 without the token, Prometheus text with it; labelled
by URL pattern and vocabulary, never by a raw path or identifier."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import resolve

from memories.recall.search import memory_search
from mnemara.kernel.errors import ValidationFailed
from tenants.models import Tenant
from tests.api.conftest import create
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db
TOKEN = "metrics-token-for-tests"


@pytest.fixture
def metrics_on(settings) -> None:
    settings.METRICS_TOKEN = TOKEN


def scrape() -> str:
    response = Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"].startswith("text/plain")
    return response.content.decode()


def test_it_is_not_found_without_the_setting(settings) -> None:
    settings.METRICS_TOKEN = ""
    assert Client().get("/metrics").status_code == 404
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer anything").status_code == 404


@pytest.mark.parametrize("header", [None, "Bearer wrong", f"Token {TOKEN}", f"Bearer {TOKEN}x"])
def test_it_requires_the_token(metrics_on: None, header: str | None) -> None:
    response = Client().get("/metrics", headers={"Authorization": header} if header else {})
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert b"mnemara_" not in response.content


def test_it_exposes_requests_searches_writes_and_the_queue(metrics_on: None, alice: KeyedClient,
                                                           django_capture_on_commit_callbacks) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        create(alice, content="Alice drinks green tea every morning.")
    search = alice.client.post("/api/v1/memories/search", {"query": "tea", "scope": "user/1"}, format="json")
    assert search.status_code == 200
    alice.client.get("/api/v1/subjects/person-4711/export")
    text = scrape()
    assert 'mnemara_http_request_duration_seconds_count{method="POST",route="/api/v1/memories",status="201"}' in text
    assert f'route="/{resolve("/api/v1/subjects/person-4711/export").route}"' in text
    assert "person-4711" not in text
    assert 'mnemara_search_duration_seconds_count{mode="hybrid"}' in text
    assert "mnemara_query_embedding_duration_seconds_count" in text
    assert 'mnemara_write_resolutions_total{action="created"}' in text
    for name in ("mnemara_database_up 1.0", "mnemara_queue_ready_tasks 0.0",
                 "mnemara_queue_oldest_ready_age_seconds 0.0", "mnemara_job_failures_total",
                 "mnemara_subject_erasures_total"):
        assert name in text, name


def test_it_labels_an_invalid_search_mode_as_invalid(metrics_on: None, in_alice: Tenant) -> None:
    with pytest.raises(ValidationFailed):
        memory_search(query="tea", scopes=["user/1"], mode="x" * 40)
    text = scrape()
    assert 'mnemara_search_duration_seconds_count{mode="invalid"}' in text
    assert "x" * 40 not in text
