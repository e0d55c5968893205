"""The webhook screens: register (secret shown once), the delivery log, pause, send again, remove; admins only;
English and Simplified Chinese."""

from __future__ import annotations

import pytest
from django.urls import reverse

from memories.write.prepare import MemoryInput
from tenants.scoping import tenant_scope
from tests.dashboard.conftest import write
from tests.webhooks import conftest as webhook_fixtures
from tests.webhooks.conftest import run_deliveries
from webhooks.models import WebhookDelivery, WebhookEndpoint

pytestmark = pytest.mark.django_db

receiver = webhook_fixtures.receiver  # the loopback receiver fixture, shared with tests/webhooks


def test_it_registers_a_webhook_showing_the_secret_once_and_logs_its_deliveries(
        admin_client, alice_tenant, receiver, fake_embedder) -> None:
    response = admin_client.post(reverse("dashboard:webhooks"), {"url": receiver.url, "description": "CRM sync",
                                                                 "events": ["memory.created", "review.opened"]})
    assert response.status_code == 303 and response["Location"] == reverse("dashboard:webhooks")  # PRG
    page = admin_client.get(response["Location"])
    with tenant_scope(alice_tenant):
        hook = WebhookEndpoint.objects.get()
    assert page["Cache-Control"] == "no-store" and f'value="{hook.secret}"' in page.content.decode()
    assert hook.secret not in admin_client.get(reverse("dashboard:webhooks")).content.decode()  # once
    assert hook.events == ["memory.created", "review.opened"]

    receiver.answers = [500, 500, 500, 500]  # first attempt + three retries: failed
    write(alice_tenant, MemoryInput(scope="user/1", content="Prefers tea."))
    run_deliveries()
    detail = admin_client.get(reverse("dashboard:webhook", args=[hook.pk])).content.decode()
    assert "memory.created" in detail and "http_500" in detail and "Send again" in detail
    with tenant_scope(alice_tenant):
        delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts) == ("failed", 4)
    admin_client.post(reverse("dashboard:webhook-redeliver", args=[hook.pk, delivery.pk]))
    run_deliveries()
    delivered = admin_client.get(reverse("dashboard:webhook", args=[hook.pk]) + "?status=succeeded")
    assert "Delivered" in delivered.content.decode() or "delivered" in delivered.content.decode()
    assert len(receiver.received) == 5

    admin_client.post(reverse("dashboard:webhook-toggle", args=[hook.pk]))
    with tenant_scope(alice_tenant):
        assert not WebhookEndpoint.objects.get().active
    admin_client.post(reverse("dashboard:webhook-delete", args=[hook.pk]))
    with tenant_scope(alice_tenant):
        assert not WebhookEndpoint.objects.exists()


def test_it_explains_a_refused_url(admin_client) -> None:
    response = admin_client.post(reverse("dashboard:webhooks"), {"url": "http://10.1.2.3/x",
                                                                 "events": ["memory.created"]})
    assert response.status_code == 400 and "Private, link-local" in response.content.decode()


def test_it_is_for_admins_only_and_another_tenant_gets_404(admin_client, viewer_client, bob_member) -> None:
    admin_client.post(reverse("dashboard:webhooks"), {"url": "https://example.com/h", "events": ["export.ready"]})
    hook = WebhookEndpoint.unscoped.get()
    assert viewer_client.get(reverse("dashboard:webhooks")).status_code == 403
    assert viewer_client.post(reverse("dashboard:webhook-delete", args=[hook.pk])).status_code == 403
    assert bob_member.get(reverse("dashboard:webhook", args=[hook.pk])).status_code == 404
    assert bob_member.post(reverse("dashboard:webhook-delete", args=[hook.pk])).status_code == 404
    assert WebhookEndpoint.unscoped.filter(pk=hook.pk).exists()


def test_it_speaks_chinese(admin_client) -> None:
    admin_client.post(reverse("dashboard:webhooks"), {"url": "https://example.com/h", "events": ["export.ready"]})
    html = admin_client.get(reverse("dashboard:webhooks"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "注册 Webhook" in html and "导出已就绪" in html
    hook = WebhookEndpoint.unscoped.get()
    detail = admin_client.get(reverse("dashboard:webhook", args=[hook.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "投递记录" in detail.content.decode()
