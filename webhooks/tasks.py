"""The worker's side of webhooks: claim due deliveries, send them, record the outcome, schedule retries.

    change + audit event + delivery (pending) + task ─commit─▶ webhooks_deliver ─▶ claim (attempts+1, lease)
                                                     ─▶ send ─▶ succeeded | retry at +WEBHOOK_RETRY_DELAYS[n] | failed

Recovery needs no extra process: each claim enqueues, in its own transaction, the same task due when the
attempt's lease ends. If the worker died mid-attempt, that task finds the delivery still due and sends it
again; otherwise it finds nothing to do. A receiver may therefore see an event twice (same ``webhook-id``).
"""

from __future__ import annotations

import time
import uuid
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_tasks import task

from tenants.models import Tenant
from tenants.scoping import tenant_scope
from webhooks.choices import DeliveryStatus
from webhooks.delivery import send
from webhooks.models import WebhookDelivery


@task()
def webhooks_deliver(tenant_id: str, delivery_ids: list[str]) -> dict[str, int]:
    """Send the deliveries among these that are due. Returns how many ended how, for logs and tests."""
    tenant = Tenant.objects.filter(pk=tenant_id).first()
    if tenant is None:
        return {}
    counts: dict[str, int] = {}
    with tenant_scope(tenant):
        claimed = deliveries_claim(tenant_id, delivery_ids)
        for delivery in claimed:
            outcome = delivery_attempt(delivery)
            counts[outcome] = counts.get(outcome, 0) + 1
        log_prune({d.endpoint_id for d in claimed})
    return counts


def log_prune(endpoint_ids: set[uuid.UUID]) -> int:
    """Drop these endpoints' finished deliveries older than ``WEBHOOK_LOG_DAYS`` (a few rows each time)."""
    if not endpoint_ids:
        return 0
    cutoff = timezone.now() - timedelta(days=settings.WEBHOOK_LOG_DAYS)
    deleted, _ = (WebhookDelivery.objects.filter(endpoint_id__in=endpoint_ids, created_at__lt=cutoff)
                  .exclude(status=DeliveryStatus.PENDING).delete())
    return deleted


def _lease(count: int) -> timedelta:
    return timedelta(seconds=count * (settings.WEBHOOK_TIMEOUT_SECONDS + 5) + 30)


def deliveries_claim(tenant_id: str, delivery_ids: list[str]) -> list[WebhookDelivery]:
    """Take the due pending deliveries (attempts+1, due again when the lease ends), and arm the task that
    resends them if this attempt is lost."""
    now = timezone.now()
    with transaction.atomic():
        due = list(WebhookDelivery.objects.select_for_update(skip_locked=True).select_related("endpoint")
                   .filter(pk__in=delivery_ids, status=DeliveryStatus.PENDING, next_attempt_at__lte=now)
                   .order_by("created_at"))
        if not due:
            return []
        lease_end = now + _lease(len(due))
        for delivery in due:
            delivery.attempts += 1
            delivery.next_attempt_at = lease_end
        WebhookDelivery.objects.bulk_update(due, ["attempts", "next_attempt_at"])
        webhooks_deliver.using(run_after=lease_end).enqueue(tenant_id, [str(d.pk) for d in due])
    return due


def retry_delay(attempt: int) -> timedelta | None:
    """The wait after failed attempt ``attempt`` (1-based); None: no attempt is left."""
    delays = settings.WEBHOOK_RETRY_DELAYS
    return timedelta(seconds=delays[attempt - 1]) if attempt <= len(delays) else None


def delivery_attempt(delivery: WebhookDelivery) -> str:
    """Send a claimed delivery and record what happened (unless another attempt took it meanwhile)."""
    endpoint = delivery.endpoint
    if endpoint.active:
        outcome = send(url=endpoint.url, secret=endpoint.secret, msg_id=str(delivery.pk), timestamp=int(time.time()),
                       payload=delivery.payload)
        ok, code, error = outcome.ok, outcome.status_code, outcome.error
    else:
        ok, code, error = False, None, "endpoint_disabled"
    now = timezone.now()
    fields: dict[str, object] = {"last_status_code": code, "last_error": error[:300]}
    wait = None if ok or not endpoint.active else retry_delay(delivery.attempts)
    if ok:
        fields |= {"status": DeliveryStatus.SUCCEEDED, "delivered_at": now, "next_attempt_at": None}
    elif wait is None:
        fields |= {"status": DeliveryStatus.FAILED, "next_attempt_at": None}
    else:
        fields |= {"next_attempt_at": now + wait}
    with transaction.atomic():
        mine = WebhookDelivery.objects.filter(pk=delivery.pk, status=DeliveryStatus.PENDING,
                                              attempts=delivery.attempts).update(**fields)
        if mine and wait is not None:
            webhooks_deliver.using(run_after=now + wait).enqueue(str(delivery.tenant_id), [str(delivery.pk)])
    if not mine:
        return "fenced"
    return "delivered" if ok else ("retry" if wait is not None else "failed")
