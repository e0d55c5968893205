"""A tenant's webhook endpoints and the deliveries of events to them (the outbox and the delivery log in one)."""

from __future__ import annotations

import base64
import secrets
import uuid

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.utils import timezone

from tenants.owned import TenantOwned
from webhooks.choices import DeliveryStatus, EventType

SECRET_PREFIX = "whsec_"


def secret_new() -> str:
    """A signing secret in the Standard Webhooks form: ``whsec_`` and 32 random bytes in base64."""

    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode("ascii")


class WebhookEndpoint(TenantOwned):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    url = models.URLField(max_length=2000)
    description = models.CharField(max_length=200, blank=True, default="")
    events = ArrayField(models.CharField(max_length=32, choices=EventType.choices))
    # Kept in clear: signing needs it. Shown once, at creation; never in a listing or a log.
    secret = models.CharField(max_length=100, default=secret_new)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["tenant", "active"], name="webhook_endpoint_active")]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(TenantOwned):
    """One event for one endpoint: written in the transaction of the change it tells of, sent by the worker.
    Its id is the ``webhook-id`` the receiver sees (the same on every attempt: the receiver's dedup key)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    endpoint = models.ForeignKey(WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries")
    event_type = models.CharField(max_length=32, choices=EventType.choices)
    payload = models.JSONField()  # content-free: ids, counts, field names (what the audit log holds)
    status = models.CharField(max_length=16, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    # When the next attempt is due; while an attempt runs, when it is presumed lost (its worker died).
    next_attempt_at = models.DateTimeField(null=True, blank=True, default=timezone.now)
    last_status_code = models.PositiveIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["tenant", "endpoint", "-created_at"], name="webhook_delivery_log"),
            models.Index(fields=["status", "next_attempt_at"], name="webhook_delivery_due"),
        ]
