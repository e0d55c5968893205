from __future__ import annotations

import pytest
from django.db import connection

from memories.models import Memory
from tenants.models import ApiKey, hash_secret
from tenants.scoping import NoActiveTenant, tenant_scope
from tenants.services import apikey_revoke
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db


def assert_error(response, status: int, code: str) -> None:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == code
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    assert isinstance(body["error"]["fields"], dict)


def test_it_refuses_a_request_without_a_key(client) -> None:
    assert_error(client.get("/api/v1/memories"), 401, "unauthenticated")


def test_it_refuses_a_wrong_key(alice: KeyedClient) -> None:
    alice.client.credentials(HTTP_AUTHORIZATION="Bearer mn_0000000000_nope")
    assert_error(alice.client.get("/api/v1/memories"), 401, "unauthenticated")
    alice.client.credentials(HTTP_AUTHORIZATION=f"Basic {alice.secret}")
    assert_error(alice.client.get("/api/v1/memories"), 401, "unauthenticated")
    alice.client.credentials(HTTP_AUTHORIZATION=f"Bearer {alice.secret[:-1]}x")
    assert_error(alice.client.get("/api/v1/memories"), 401, "unauthenticated")


def test_it_refuses_a_revoked_key(alice: KeyedClient) -> None:
    assert alice.client.get("/api/v1/memories").status_code == 200
    apikey_revoke(tenant=alice.tenant, key_id=str(alice.key.pk), actor="test")
    assert_error(alice.client.get("/api/v1/memories"), 401, "unauthenticated")


def test_it_stores_keys_hashed(alice: KeyedClient) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM tenants_apikey")
        rows = cursor.fetchall()
    assert rows and all(alice.secret not in str(row) for row in rows)
    with tenant_scope(alice.tenant):
        assert ApiKey.objects.get().hashed_key == hash_secret(alice.secret)


def test_it_records_last_use(alice: KeyedClient) -> None:
    alice.client.get("/api/v1/memories")
    assert ApiKey.unscoped.get(pk=alice.key.pk).last_used_at is not None


def test_it_refuses_tenant_owned_queries_without_an_active_tenant(alice: KeyedClient) -> None:
    with pytest.raises(NoActiveTenant):
        list(Memory.objects.all())
    with pytest.raises(NoActiveTenant):
        ApiKey.objects.count()


def test_it_hides_another_tenants_memory(alice: KeyedClient, bob: KeyedClient, fake_embedder: object) -> None:
    created = alice.client.post("/api/v1/memories", {"scope": "user/1", "content": "Alice's secret plan"},
                                format="json").json()
    response = bob.client.get(f"/api/v1/memories/{created['id']}")
    assert_error(response, 404, "not_found")
    assert bob.client.get("/api/v1/memories").json()["results"] == []


def test_it_answers_unknown_routes_and_methods_in_the_error_format(alice: KeyedClient) -> None:
    assert_error(alice.client.get("/api/v1/nope"), 404, "not_found")
    assert_error(alice.client.put("/api/v1/memories", {}, format="json"), 405, "method_not_allowed")


def test_it_answers_malformed_json_with_a_400(alice: KeyedClient) -> None:
    response = alice.client.post("/api/v1/memories", data="{bad", content_type="application/json")
    assert_error(response, 400, "parse_error")
    response = alice.client.post("/api/v1/memories", {"scope": 5, "content": ["x"]}, format="json")
    assert_error(response, 400, "validation_error")


def test_healthz_reports_postgres_and_pgvector(client) -> None:
    body = client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["database"].startswith("postgresql 18")
    assert body["pgvector"].startswith("0.8")
    assert body["embedding_model"]
