from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from mnemara.kernel.errors import ServiceError
from tenants.models import Tenant
from tenants.services import apikey_create


class Command(BaseCommand):
    help = "Create an API key for a tenant. The key is printed once, alone on the last line."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tenant_slug")
        parser.add_argument("--scope-prefix", action="append", default=[], help="repeatable")
        parser.add_argument("--read-only", action="store_true")
        parser.add_argument("--name", default="")

    def handle(self, *args: Any, **options: Any) -> None:
        tenant = Tenant.objects.filter(slug=options["tenant_slug"]).first()
        if tenant is None:
            raise CommandError(f"Unknown tenant {options['tenant_slug']!r}.")
        try:
            key, secret = apikey_create(tenant=tenant, name=options["name"], scope_prefixes=options["scope_prefix"],
                                        read_only=options["read_only"])
        except ServiceError as exc:
            raise CommandError(exc.message) from exc
        self.stdout.write(f"created API key {key.prefix} for {tenant.slug}"
                          + (" (read-only)" if key.read_only else "")
                          + (f" limited to {', '.join(key.scope_prefixes)}" if key.scope_prefixes else ""))
        self.stdout.write(secret)
