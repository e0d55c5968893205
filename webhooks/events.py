"""Which audit events are webhook events, what their payloads say, and the outbox rows written for them.

``events_record`` receives every batch of audit events where it is written (``tenants.signals.audit_recorded``),
so a delivery exists if and only if the change it tells of commits. Payloads are built from the audit event
alone, and the audit log is content-free by construction (ids, field names, counts), so no payload holds a
memory's text or a person's identifier: an erasure has nothing to remove here, and ``erasure.completed``
carries only counts (not the admin's reference, not the exports' file names).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tenants.models import AuditEvent
from tenants.scoping import get_active_tenant
from webhooks.choices import EventType
from webhooks.models import WebhookDelivery, WebhookEndpoint
from webhooks.tasks import webhooks_deliver

# The audit action each webhook event is recorded under.
AUDIT_ACTIONS: dict[str, EventType] = {
    "memory.created": EventType.MEMORY_CREATED,
    "memory.updated": EventType.MEMORY_UPDATED,
    "memory.deprecated": EventType.MEMORY_DEPRECATED,
    "memory.deleted": EventType.MEMORY_DELETED,
    "memory.merged": EventType.MEMORY_MERGED,
    "memory.unmerged": EventType.MEMORY_UNMERGED,
    "review.created": EventType.REVIEW_OPENED,
    "review.resolved": EventType.REVIEW_RESOLVED,
    "subject.erased": EventType.ERASURE_COMPLETED,
    "export.written": EventType.EXPORT_READY,
}


def iso(value: datetime) -> str:
    return value.astimezone(UTC).isoformat().replace("+00:00", "Z")


def event_data(event: AuditEvent, event_type: str) -> dict[str, Any]:
    """The payload's ``data``: the object's id under ``<type>_id`` and the audit event's own content-free data."""
    if event_type == EventType.ERASURE_COMPLETED:
        return {"erasure_id": str(event.pk), "counts": event.data.get("counts", {}),
                "erased_at": event.data.get("erased_at")}
    data: dict[str, Any] = {f"{event.target_type}_id": event.target_id, **event.data}
    if event_type == EventType.EXPORT_READY:
        data["download"] = f"/api/v1/exports/{event.target_id}/download"
    if event.actor:
        data["actor"] = event.actor
    return data


def event_payload(event: AuditEvent, event_type: str) -> dict[str, Any]:
    """The body sent (Standard Webhooks' shape): ``type``, ``timestamp`` (when the change happened), ``data``."""
    return {"type": event_type, "timestamp": iso(event.created_at), "data": event_data(event, event_type)}


def events_record(sender: object, events: list[AuditEvent], **kwargs: Any) -> None:
    """Write a pending delivery for each webhook event of ``events`` and each active endpoint that takes its
    type, and queue their sending, in the caller's transaction."""
    typed = [(e, AUDIT_ACTIONS[e.action]) for e in events if e.action in AUDIT_ACTIONS]
    if not typed:
        return
    endpoints = list(WebhookEndpoint.objects.filter(active=True, events__overlap=[t for _, t in typed])
                     .values_list("pk", "events"))
    if not endpoints:
        return
    deliveries = [WebhookDelivery(endpoint_id=pk, event_type=event_type, payload=event_payload(event, event_type))
                  for event, event_type in typed for pk, wanted in endpoints if event_type in wanted]
    WebhookDelivery.objects.bulk_create(deliveries)
    webhooks_deliver.enqueue(str(get_active_tenant().pk), [str(d.pk) for d in deliveries])
