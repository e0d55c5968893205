"""Writes of webhook endpoints: register, change, remove; and sending a delivery again."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.utils import timezone

from mnemara.kernel.errors import Conflict, NotFound, ValidationFailed, field_error
from tenants.audit import audit
from webhooks.choices import DeliveryStatus, EventType
from webhooks.delivery import url_refusal
from webhooks.models import WebhookDelivery, WebhookEndpoint
from webhooks.tasks import webhooks_deliver

MAX_ENDPOINTS = 20  # per tenant: each endpoint multiplies the work of every write


def _valid_url(url: str) -> str:
    refusal = url_refusal(url, resolve=False)
    if refusal:
        raise ValidationFailed(refusal, fields={"url": [refusal]})
    return url


def _valid_events(events: Iterable[str]) -> list[str]:
    chosen = list(dict.fromkeys(events))
    unknown = [e for e in chosen if e not in EventType.values]
    if unknown:
        raise field_error("events", f"Unknown event type(s): {', '.join(unknown)}.")
    if not chosen:
        raise field_error("events", "Choose at least one event type.")
    return chosen


def _locked(endpoint_id: uuid.UUID | str) -> WebhookEndpoint:
    endpoint = WebhookEndpoint.objects.select_for_update().filter(pk=endpoint_id).first()
    if endpoint is None:
        raise NotFound("Webhook not found.", code="webhook_not_found")
    return endpoint


def webhook_create(*, url: str, events: Iterable[str], description: str = "", actor: str) -> WebhookEndpoint:
    """A new endpoint with a new signing secret (the caller shows it once: it is never listed)."""
    endpoint = WebhookEndpoint(url=_valid_url(url), events=_valid_events(events), description=description.strip())
    with transaction.atomic():
        if WebhookEndpoint.objects.count() >= MAX_ENDPOINTS:
            raise Conflict(f"A tenant has at most {MAX_ENDPOINTS} webhooks: remove one first.",
                           code="too_many_webhooks")
        endpoint.save()
        audit("webhook.created", actor=actor, target_type="webhook", target_id=endpoint.pk,
              data={"events": endpoint.events})
    return endpoint


def webhook_update(*, endpoint_id: uuid.UUID | str, actor: str, **changes: Any) -> WebhookEndpoint:
    """Change any of ``url``, ``events``, ``description``, ``active`` (the others stay)."""
    with transaction.atomic():
        endpoint = _locked(endpoint_id)
        if "url" in changes:
            endpoint.url = _valid_url(changes["url"])
        if "events" in changes:
            endpoint.events = _valid_events(changes["events"])
        if "description" in changes:
            endpoint.description = changes["description"].strip()
        if "active" in changes:
            endpoint.active = bool(changes["active"])
        endpoint.updated_at = timezone.now()
        endpoint.save()
        audit("webhook.updated", actor=actor, target_type="webhook", target_id=endpoint.pk,
              data={"fields": sorted(changes), "active": endpoint.active})
    return endpoint


def webhook_delete(*, endpoint_id: uuid.UUID | str, actor: str) -> None:
    """Remove the endpoint and its delivery log; what was pending is not sent."""
    with transaction.atomic():
        endpoint = _locked(endpoint_id)
        endpoint.delete()
        audit("webhook.deleted", actor=actor, target_type="webhook", target_id=endpoint_id)


def delivery_redeliver(*, delivery_id: uuid.UUID | str, actor: str) -> WebhookDelivery:
    """Send a finished delivery again (same ``webhook-id``), with a fresh set of attempts."""
    with transaction.atomic():
        delivery = WebhookDelivery.objects.select_for_update().filter(pk=delivery_id).first()
        if delivery is None:
            raise NotFound("Delivery not found.", code="delivery_not_found")
        if delivery.status == DeliveryStatus.PENDING:
            return delivery
        delivery.status, delivery.attempts, delivery.next_attempt_at = DeliveryStatus.PENDING, 0, timezone.now()
        delivery.save(update_fields=["status", "attempts", "next_attempt_at"])
        webhooks_deliver.enqueue(str(delivery.tenant_id), [str(delivery.pk)])
        audit("webhook.redelivered", actor=actor, target_type="webhook_delivery", target_id=delivery.pk)
    return delivery
