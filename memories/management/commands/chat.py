"""`python manage.py chat --scope user/123`: talk to Claude with long-term memory from Mnemara."""

from __future__ import annotations

import os
import sys
import uuid
from collections.abc import Iterator
from typing import Any, TextIO

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from mnemara.client import Mnemara
from mnemara.client.chat import ChatConfig, chat_loop


def prompted_lines(stdin: TextIO, prompt: str) -> Iterator[str]:
    """Input lines; with a terminal, shown after a prompt and edited with readline."""
    if not stdin.isatty():
        yield from stdin
        return
    while True:
        try:
            yield input(prompt)
        except (EOFError, KeyboardInterrupt):
            print()
            return


class Command(BaseCommand):
    help = ("Chat with Claude, remembering through Mnemara: each turn recalls the <memory> block into the system "
            "prompt and sends the turns to the session for extraction. Needs ANTHROPIC_API_KEY, MNEMARA_URL and "
            "MNEMARA_API_KEY (or --url / --api-key). Type 'exit' or Ctrl-D to end.")
    requires_system_checks: list[str] = []
    requires_migrations_checks = False
    # For call_command (tests, embedding): the input stream and a ready anthropic client.
    stealth_options = ("stdin", "claude")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--scope", required=True, help="the memory scope of this user, e.g. user/123")
        parser.add_argument("--session", default="", help="session id (default: a new one)")
        parser.add_argument("--subject", default=None, help="the person's external id, e.g. 123 (for GDPR)")
        parser.add_argument("--url", default="", help="Mnemara base URL (default: $MNEMARA_URL)")
        parser.add_argument("--api-key", default="", help="Mnemara API key (default: $MNEMARA_API_KEY)")
        parser.add_argument("--model", default="", help="Claude model (default: settings.ANTHROPIC_MODEL)")
        parser.add_argument("--token-budget", type=int, default=None, help="tokens of memory per turn")
        parser.add_argument("--memory-tool", action="store_true",
                            help="also give Claude Anthropic's memory tool, its /memories files kept in Mnemara "
                                 "(reviewed, versioned, audited)")
        parser.add_argument("--memory-tool-scope", default="",
                            help="the scope of Claude's memory files (default: <scope>/claude)")

    def handle(self, *args: Any, **options: Any) -> None:
        anthropic_key = os.environ.get("ANTHROPIC_API_KEY") or settings.ANTHROPIC_API_KEY
        if not anthropic_key:
            raise CommandError("ANTHROPIC_API_KEY is not set: the chat agent needs Claude. "
                               "Export ANTHROPIC_API_KEY=sk-ant-... and try again.")
        url = options["url"] or os.environ.get("MNEMARA_URL", "")
        api_key = options["api_key"] or os.environ.get("MNEMARA_API_KEY", "")
        if not url or not api_key:
            raise CommandError("Mnemara is not configured: set MNEMARA_URL (e.g. http://127.0.0.1:8000) and "
                               "MNEMARA_API_KEY (from `manage.py apikey_create <tenant>`), or pass --url/--api-key.")
        import anthropic

        config = ChatConfig(scope=options["scope"], session_id=options["session"] or f"chat-{uuid.uuid4().hex[:12]}",
                            subject=options["subject"], model=options["model"] or settings.ANTHROPIC_MODEL,
                            max_tokens=settings.ANTHROPIC_MAX_TOKENS, token_budget=options["token_budget"])
        claude = options.get("claude") or anthropic.Anthropic(api_key=anthropic_key, timeout=settings.ANTHROPIC_TIMEOUT)
        stdin = options.get("stdin") or sys.stdin
        self.stderr.write(f"Chatting as {config.scope} (session {config.session_id}, model {config.model}). "
                          "'exit' or Ctrl-D ends.")
        with Mnemara(url, api_key) as memory:
            memory_tool = None
            if options["memory_tool"]:
                from mnemara.client.memory_tool import MnemaraMemoryTool

                files = options["memory_tool_scope"] or f"{config.scope.strip('/')}/claude"
                memory_tool = MnemaraMemoryTool(memory, files, subject=config.subject)
                self.stderr.write(f"Claude's memory tool keeps its /memories files in {files} (inferred notes: "
                                  "they wait in review until a person accepts them).")
            try:
                turns = chat_loop(memory=memory, claude=claude, config=config,
                                  lines=prompted_lines(stdin, "you> "), write=self.stdout.write,
                                  memory_tool=memory_tool)
            except anthropic.APIError as exc:
                raise CommandError(f"Claude failed: {exc}") from exc
        self.stderr.write(f"{turns} turn(s); session {config.session_id} closed for extraction.")
