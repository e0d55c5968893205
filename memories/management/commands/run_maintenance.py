from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memories.compliance.retention import maintenance_run
from tenants.models import Tenant


class Command(BaseCommand):
    help = ("Periodic maintenance, safe to run from cron at any frequency: write last ISO week's export where "
            "it is missing, then apply retention (expired and old deprecated memories, old session turns, "
            "old exports). --compact also rewrites the erasure tables (VACUUM FULL; locks them meanwhile).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", default="", help="only this tenant (slug)")
        parser.add_argument("--compact", action="store_true", help="VACUUM FULL the erasure tables afterwards")

    def handle(self, *args: Any, **options: Any) -> None:
        slug = options["tenant"] or None
        if slug and not Tenant.objects.filter(slug=slug).exists():
            raise CommandError(f"Unknown tenant {slug!r}.")
        report = maintenance_run(tenant_slug=slug, compact=options["compact"])
        self.stdout.write(json.dumps(report, sort_keys=True))
        if report["failed"]:  # the others were done; the exit code says which were not
            raise CommandError(f"maintenance failed for: {', '.join(report['failed'])} (see the log)", returncode=1)
