"""Read the people and attribute slots of memories written before the current rules (memories/write/mentions.py):
``python manage.py backfill_people [--tenant SLUG] [--background] [--check]``. Resumable."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memories.write.mentions import BATCH_SIZE, people_backfill_enqueue, people_backfill_tenant, people_stale_count
from tenants.models import Tenant
from tenants.scoping import tenant_scope


class Command(BaseCommand):
    help = "Record the people each memory names and the attribute slots it fills, where not done yet (resumable)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", help="Only this tenant (slug); default: every tenant.")
        parser.add_argument("--batch-size", type=int, default=BATCH_SIZE)
        parser.add_argument("--background", action="store_true", help="Queue a task per tenant for the worker.")
        parser.add_argument("--check", action="store_true", help="Only report how many are unread.")

    def handle(self, *args: Any, **options: Any) -> None:
        tenants = Tenant.objects.order_by("slug")
        if options["tenant"]:
            tenants = tenants.filter(slug=options["tenant"])
            if not tenants.exists():
                raise CommandError(f"No tenant {options['tenant']!r}.")
        for tenant in tenants:
            if options["check"]:
                with tenant_scope(tenant):
                    self.stdout.write(f"{tenant.slug}: {people_stale_count()} memories to read")
            elif options["background"]:
                if people_backfill_enqueue(tenant):
                    self.stdout.write(f"{tenant.slug}: people and slots queued for the worker")
            else:
                with tenant_scope(tenant):
                    done = people_backfill_tenant(batch_size=options["batch_size"])
                self.stdout.write(f"{tenant.slug}: {done} memories read")
