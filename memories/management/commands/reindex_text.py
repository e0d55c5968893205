"""Rebuild the search words of memories built by other rules (after changing ``MNEMARA_RECALL_STEMMING``):
``python manage.py reindex_text [--tenant SLUG] [--background] [--check]`` (memories/write/reindex.py)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memories.write.reindex import BATCH_SIZE, reindex_enqueue, reindex_tenant, stale_count
from tenants.models import Tenant
from tenants.scoping import tenant_scope


class Command(BaseCommand):
    help = "Rebuild search_text where other rules built it (resumable)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", help="Only this tenant (slug); default: every tenant.")
        parser.add_argument("--batch-size", type=int, default=BATCH_SIZE)
        parser.add_argument("--background", action="store_true", help="Queue a task per tenant for the worker.")
        parser.add_argument("--check", action="store_true", help="Only report how many are stale.")

    def handle(self, *args: Any, **options: Any) -> None:
        tenants = Tenant.objects.order_by("slug")
        if options["tenant"]:
            tenants = tenants.filter(slug=options["tenant"])
            if not tenants.exists():
                raise CommandError(f"No tenant {options['tenant']!r}.")
        for tenant in tenants:
            if options["check"]:
                with tenant_scope(tenant):
                    self.stdout.write(f"{tenant.slug}: {stale_count()} memories to rebuild")
            elif options["background"]:
                if reindex_enqueue(tenant):
                    self.stdout.write(f"{tenant.slug}: search text rebuild queued for the worker")
            else:
                with tenant_scope(tenant):
                    done = reindex_tenant(batch_size=options["batch_size"])
                self.stdout.write(f"{tenant.slug}: {done} memories rebuilt")
