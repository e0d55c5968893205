"""/api/v1/webhooks: registering, reading, changing and removing endpoints; who may; the secret shown once."""

from __future__ import annotations

import pytest

from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tests.conftest import keyed_client
from tests.webhooks.conftest import API, register
from webhooks.models import WebhookEndpoint

pytestmark = pytest.mark.django_db

URL = "https://hooks.example.com/mnemara"


def test_it_registers_a_webhook_and_shows_its_secret_only_once(alice) -> None:
    created = register(alice.client, URL, ["memory.created", "memory.created", "export.ready"])
    assert created["events"] == ["memory.created", "export.ready"] and created["active"] is True
    assert created["secret"].startswith("whsec_")
    got = alice.client.get(f"{API}/webhooks/{created['id']}").json()
    assert "secret" not in got and got["url"] == URL
    listed = alice.client.get(f"{API}/webhooks").json()["results"]
    assert [w["id"] for w in listed] == [created["id"]] and "secret" not in listed[0]
    with tenant_scope(alice.tenant):
        event = AuditEvent.objects.get(action="webhook.created")
        assert created["secret"] not in str(event.data)


def test_it_changes_and_removes_a_webhook(alice) -> None:
    created = register(alice.client, URL, ["memory.created"])
    response = alice.client.patch(f"{API}/webhooks/{created['id']}", {"active": False, "events": ["review.opened"]},
                                  format="json")
    assert response.status_code == 200
    assert (response.json()["active"], response.json()["events"], response.json()["url"]) == (
        False, ["review.opened"], URL)
    assert alice.client.delete(f"{API}/webhooks/{created['id']}").status_code == 204
    assert alice.client.get(f"{API}/webhooks/{created['id']}").status_code == 404


@pytest.mark.parametrize(("url", "why"), [
    ("ftp://example.com/x", "http"), ("http://127.0.0.1:9/x", "loopback"), ("http://localhost/x", "loopback"),
    ("http://10.0.0.8/x", "private"), ("http://169.254.169.254/latest", "private"), ("http://[::1]/x", "loopback"),
    ("https://example.com:99999/x", "http"),
])
def test_it_refuses_urls_it_may_not_send_to(alice, url: str, why: str) -> None:
    response = alice.client.post(f"{API}/webhooks", {"url": url, "events": ["memory.created"]}, format="json")
    assert response.status_code == 400, response.content
    assert why in response.json()["error"]["fields"]["url"][0].lower()


def test_it_allows_loopback_and_private_addresses_when_configured(alice, settings) -> None:
    settings.WEBHOOK_ALLOW_LOOPBACK = settings.WEBHOOK_ALLOW_PRIVATE = True
    register(alice.client, "http://127.0.0.1:9/x", ["memory.created"])
    register(alice.client, "http://10.0.0.8/x", ["memory.created"])


def test_it_refuses_unknown_events_and_an_empty_list(alice) -> None:
    for events, field in ((["memory.eaten"], "events.0"), ([], "events")):
        response = alice.client.post(f"{API}/webhooks", {"url": URL, "events": events}, format="json")
        assert response.status_code == 400 and list(response.json()["error"]["fields"]) == [field]


def test_it_lets_a_read_only_key_read_but_not_write(alice) -> None:
    created = register(alice.client, URL, ["memory.created"])
    reader = keyed_client(alice.tenant, name="reader", read_only=True)
    assert reader.client.get(f"{API}/webhooks").status_code == 200
    assert reader.client.get(f"{API}/webhooks/{created['id']}/deliveries").status_code == 200
    assert reader.client.post(f"{API}/webhooks", {"url": URL, "events": ["memory.created"]},
                              format="json").status_code == 403
    assert reader.client.delete(f"{API}/webhooks/{created['id']}").status_code == 403


def test_it_answers_a_scope_restricted_key_404(alice) -> None:
    restricted = keyed_client(alice.tenant, name="restricted", scope_prefixes=["user/1"])
    assert restricted.client.get(f"{API}/webhooks").status_code == 404
    assert restricted.client.post(f"{API}/webhooks", {"url": URL, "events": ["memory.created"]},
                                  format="json").status_code == 404


def test_another_tenant_gets_404(alice, bob) -> None:
    created = register(alice.client, URL, ["memory.created"])
    for method in ("get", "delete"):
        assert getattr(bob.client, method)(f"{API}/webhooks/{created['id']}").status_code == 404
    assert bob.client.patch(f"{API}/webhooks/{created['id']}", {"active": False}, format="json").status_code == 404
    assert bob.client.get(f"{API}/webhooks/{created['id']}/deliveries").status_code == 404
    assert bob.client.get(f"{API}/webhooks").json()["results"] == []
    with tenant_scope(alice.tenant):
        assert WebhookEndpoint.objects.get().active


def test_it_keeps_to_twenty_webhooks_a_tenant(alice) -> None:
    for n in range(20):
        register(alice.client, f"{URL}/{n}", ["memory.created"])
    response = alice.client.post(f"{API}/webhooks", {"url": URL, "events": ["memory.created"]}, format="json")
    assert response.status_code == 409 and response.json()["error"]["code"] == "too_many_webhooks"
