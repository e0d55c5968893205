from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from memories.compliance.exports import day_start, export_path, export_write, iso_week_window
from mnemara.kernel.errors import ServiceError
from tenants.models import Tenant
from tenants.scoping import tenant_scope


def parse_when(value: str) -> datetime:
    """A date (00:00 UTC that day) or an ISO 8601 datetime (UTC if it has no zone)."""
    try:
        if len(value) == 10:
            return day_start(date.fromisoformat(value))
        parsed = datetime.fromisoformat(value)
    except ValueError as exc:
        raise CommandError(f"Not a date or ISO 8601 datetime: {value!r} (e.g. 2025-01-06).") from exc
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


class Command(BaseCommand):
    help = ("Write the JSONL audit export (gzip + manifest) into MNEMARA_EXPORT_DIR for [--since, --until): "
            "dates are 00:00 UTC, --until is exclusive. Default: the previous full ISO week, every tenant.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tenant", default="", help="tenant slug (default: every tenant)")
        parser.add_argument("--since", default="", help="window start, e.g. 2025-01-06 (inclusive)")
        parser.add_argument("--until", default="", help="window end, e.g. 2025-01-13 (exclusive)")

    def handle(self, *args: Any, **options: Any) -> None:
        default_start, default_end = iso_week_window()
        since = parse_when(options["since"]) if options["since"] else default_start
        until = parse_when(options["until"]) if options["until"] else default_end
        if since >= until:
            raise CommandError("--since must be before --until.")
        # Cross-tenant on purpose: the command exports every tenant unless told one.
        tenants = Tenant.objects.order_by("slug")
        if options["tenant"]:
            tenants = tenants.filter(slug=options["tenant"])
            if not tenants.exists():
                raise CommandError(f"Unknown tenant {options['tenant']!r}.")
        for tenant in tenants:
            with tenant_scope(tenant):
                try:
                    run = export_write(tenant=tenant, since=since, until=until, actor="system:cli")
                except ServiceError as exc:
                    raise CommandError(exc.message) from exc
            self.stdout.write(f"{tenant.slug}: {run.line_count} lines sha256={run.sha256} {export_path(run)}")
