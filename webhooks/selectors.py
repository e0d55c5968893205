"""Reads of webhooks: the active tenant's endpoints and delivery logs."""

from __future__ import annotations

import uuid

from django.db.models import QuerySet

from mnemara.kernel.errors import NotFound
from webhooks.models import WebhookDelivery, WebhookEndpoint


def webhooks() -> QuerySet[WebhookEndpoint]:
    return WebhookEndpoint.objects.order_by("created_at")


def webhook_get(endpoint_id: uuid.UUID | str) -> WebhookEndpoint:
    endpoint = WebhookEndpoint.objects.filter(pk=endpoint_id).first()
    if endpoint is None:
        raise NotFound("Webhook not found.", code="webhook_not_found")
    return endpoint


def deliveries(endpoint: WebhookEndpoint, status: str = "") -> QuerySet[WebhookDelivery]:
    """The endpoint's delivery log, newest first."""
    qs = WebhookDelivery.objects.filter(endpoint=endpoint).order_by("-created_at", "-pk")
    return qs.filter(status=status) if status else qs
