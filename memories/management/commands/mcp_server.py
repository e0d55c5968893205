"""`python manage.py mcp_server`: the MCP server over stdio (see docs/mcp.md and mnemara/client/mcp.py).

Over Streamable HTTP, the service itself serves MCP at ``/mcp`` (``make run``), each request with its
caller's key: there is nothing more to start.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from mnemara.client import mcp as mcp_server

HOSTED = ("MCP over Streamable HTTP is served by Mnemara itself at <base URL>/mcp (`make run`), each request "
          "authenticated by its caller's own key (Authorization: Bearer <api key>): point the MCP client there "
          "(docs/mcp.md). This command serves stdio only.")


class Command(BaseCommand):
    help = ("Serve this tenant's memory to MCP clients (Claude Code, Claude Desktop) over stdio. Configured by "
            "MNEMARA_URL and MNEMARA_API_KEY (and optionally MNEMARA_DEFAULT_SCOPE). Talks to Mnemara over HTTP "
            "only: no database access. Over HTTP, Mnemara serves MCP itself at /mcp.")
    # Stdout is the protocol and the database is never used: no checks that could print or connect.
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--default-scope", default=None,
                            help="scope used when a tool call names none (default: $MNEMARA_DEFAULT_SCOPE)")
        parser.add_argument("--read-only", action="store_true",
                            help="offer the read tools only (a read-only key is refused writes either way)")
        parser.add_argument("--transport", choices=["stdio", "streamable-http"], default="stdio",
                            help="stdio (default); streamable-http is served at <base URL>/mcp by the service")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["transport"] != "stdio":
            raise CommandError(HOSTED)
        mcp_server.configure_logging()
        try:
            client, default_scope = mcp_server.client_from_env()
        except SystemExit as exc:
            raise CommandError(str(exc)) from exc
        if options["default_scope"] is not None:
            default_scope = options["default_scope"]
        mcp_server.serve(client, default_scope=default_scope, read_only=options["read_only"])
