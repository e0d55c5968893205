from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from mnemara.kernel.errors import ServiceError
from tenants.services import member_add, tenant_create


class Command(BaseCommand):
    help = "Create a tenant; with --admin-email also its owner account (the password is the last line)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("--name", default="")
        parser.add_argument("--admin-email", default="")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            tenant = tenant_create(slug=options["slug"], name=options["name"])
            self.stdout.write(f"created tenant {tenant.slug} ({tenant.pk})")
            if options["admin_email"]:
                _, password = member_add(tenant=tenant, email=options["admin_email"])
                self.stdout.write(f"owner: {options['admin_email']}")
                self.stdout.write(password or "(existing user: password unchanged)")
        except ServiceError as exc:
            raise CommandError(exc.message) from exc
