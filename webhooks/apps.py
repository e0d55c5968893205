from __future__ import annotations

from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tenants.signals import audit_recorded
        from webhooks.events import events_record

        # Every audit event is looked at where it is written: its webhook deliveries join its transaction.
        audit_recorded.connect(events_record, dispatch_uid="webhooks.events_record")
