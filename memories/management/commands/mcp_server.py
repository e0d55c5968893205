"""`python manage.py mcp_server`: the MCP server over stdio (see docs/mcp.md and mnemara/client/mcp.py)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from mnemara.client import mcp as mcp_server


class Command(BaseCommand):
    help = ("Serve this tenant's memory to MCP clients (Claude Code, Claude Desktop) over stdio. Configured by "
            "MNEMARA_URL and MNEMARA_API_KEY (and optionally MNEMARA_DEFAULT_SCOPE). Talks to Mnemara over HTTP "
            "only: no database access.")
    # Stdout is the protocol and the database is never used: no checks that could print or connect.
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--default-scope", default=None,
                            help="scope used when a tool call names none (default: $MNEMARA_DEFAULT_SCOPE)")

    def handle(self, *args: Any, **options: Any) -> None:
        mcp_server.configure_logging()
        try:
            client, default_scope = mcp_server.client_from_env()
        except SystemExit as exc:
            raise CommandError(str(exc)) from exc
        if options["default_scope"] is not None:
            default_scope = options["default_scope"]
        mcp_server.serve(client, default_scope=default_scope)
