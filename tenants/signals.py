"""Signals the tenants app sends: other apps listen (connected in their AppConfig.ready), tenants knows none."""

from __future__ import annotations

from django.dispatch import Signal

#: Sent with ``events`` (the AuditEvents just inserted) inside the transaction that inserted them, by
#: ``AuditEvent.save`` and ``AuditEvent.objects.bulk_create``: every change the audit log records. A
#: receiver that writes rows (the webhooks outbox) commits or rolls back with the change itself.
audit_recorded = Signal()
