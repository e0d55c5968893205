from __future__ import annotations

import json
import os
import secrets
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from memories.models import Memory
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.auth import api_key_lookup
from tenants.models import ApiKey, Role, Tenant
from tenants.scoping import tenant_scope
from tenants.services import apikey_create, apikey_revoke, member_add, tenant_create

DEMO_EMAIL = "admin@demo.mnemara"
KEY_NAME = "make run"

DEMO_MEMORIES = [
    MemoryInput(scope="user/123", subject="123", type="preference", entity="drink",
                content="User likes black coffee without sugar."),
    MemoryInput(scope="user/123", subject="123", type="preference", entity="ui:theme",
                content="Prefers a dark theme in every tool."),
    MemoryInput(scope="user/123/project/starlight", subject="123", type="fact", entity="project:starlight/name",
                content="The user's project is called Starlight."),
    MemoryInput(scope="user/123/project/starlight", subject="123", type="task", entity="project:starlight/deadline",
                content="The Starlight prototype is due next Monday."),
    MemoryInput(scope="user/456", subject="456", type="preference", entity="drink",
                content="用户喜欢喝黑咖啡不加糖。"),
    MemoryInput(scope="user/456/project/xingchen", subject="456", type="fact", entity="project:星辰计划/name",
                content="用户的项目叫星辰计划，由 Li Wei 负责。"),
    MemoryInput(scope="user/456/project/xingchen", subject="456", type="task", entity="project:星辰计划/deadline",
                content="星辰计划的原型设计截止日期是下周一。"),
    MemoryInput(scope="team/ops", type="fact", entity="oncall",
                content="The ops on-call rotation changes every Tuesday at 10:00 UTC."),
    MemoryInput(scope="team/ops", type="note", content="Staging database runs PostgreSQL 18 with pgvector 0.8."),
    MemoryInput(scope="user/123", subject="123", type="fact", provenance="inferred", confidence=0.6,
                content="The user probably works in the Berlin office."),
]


class Command(BaseCommand):
    help = ("Create (or refresh) the bilingual demo tenant; print the dashboard login and its API key (or write "
            "them to --banner, for the supervisor to print once the server is ready). With --state, a restart keeps "
            "the login and the key that still work; --reset makes new ones.")

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--base-url", default="http://127.0.0.1:8000",
                            help="Where the service will be reached (printed with the login and the key).")
        parser.add_argument("--banner", default="",
                            help="Write the login, the key and the addresses to this file instead of printing them.")
        parser.add_argument("--state", default="",
                            help="Keep the demo password and API key in this file (owner-only) and reuse them while "
                                 "they still work. Without it, every run makes new ones.")
        parser.add_argument("--reset", action="store_true", help="Make a new password and API key.")

    def handle(self, *args: Any, **options: Any) -> None:
        tenant = Tenant.objects.filter(slug="demo").first() or tenant_create(slug="demo", name="Demo / 演示")
        state_path = Path(options["state"]) if options["state"] else None
        kept = {} if options["reset"] or state_path is None else _read_state(state_path)
        password = _demo_password(tenant, kept.get("password", ""), fresh=not kept)
        with tenant_scope(tenant):
            if not Memory.objects.exists():
                results = memory_create(items=DEMO_MEMORIES, actor="system:demo")
                self.stdout.write(f"loaded {len(results)} demo memories")
        secret = _demo_key(tenant, kept.get("api_key", ""))
        if state_path is not None:
            _write_state(state_path, {"password": password or kept.get("password", ""), "api_key": secret})
        base = options["base_url"].rstrip("/")
        login = password or "(the password you chose; `make demo-reset` sets a new one)"
        banner = "\n".join(["", f"  Dashboard: {base}/  (English / 简体中文)",
                            f"  Login:     {DEMO_EMAIL} / {login}",
                            f"  API key:   {secret}",
                            f"  Try:       curl -H 'Authorization: Bearer <key>' {base}/api/v1/memories",
                            f"  MCP:       {base}/mcp  (Authorization: Bearer <key>)", ""])
        if options["banner"]:
            Path(options["banner"]).parent.mkdir(parents=True, exist_ok=True)
            Path(options["banner"]).write_text(banner + "\n", encoding="utf-8")
            self.stdout.write("demo tenant ready; its login and API key are shown once the server is ready")
        else:
            self.stdout.write(banner)


def _demo_password(tenant: Tenant, known: str, *, fresh: bool) -> str:
    """The demo login's password: ``known`` while it still signs in; a new one on a first run or a reset
    (``fresh``); "" when the person changed it on the dashboard since (theirs is kept, and not known here)."""
    user = get_user_model().objects.filter(username=DEMO_EMAIL).first()
    if user is not None and known and user.check_password(known):
        return known
    if user is not None and not fresh:
        return ""
    password = secrets.token_urlsafe(9)
    if user is None:
        member_add(tenant=tenant, email=DEMO_EMAIL, role=Role.OWNER, password=password)
    else:
        user.set_password(password)
        user.save(update_fields=["password"])
    return password


def _demo_key(tenant: Tenant, known: str) -> str:
    """The "make run" API key: ``known`` while it is live in the demo tenant, else a new one (the old revoked)."""
    key = api_key_lookup(known) if known else None
    if key is not None and key.tenant_id == tenant.pk and key.name == KEY_NAME:
        return known
    with tenant_scope(tenant):
        for old_key in ApiKey.objects.filter(name=KEY_NAME, revoked_at__isnull=True):
            apikey_revoke(tenant=tenant, key_id=str(old_key.pk), actor="system:demo")
    return apikey_create(tenant=tenant, name=KEY_NAME)[1]


def _read_state(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}


def _write_state(path: Path, data: dict[str, str]) -> None:
    """Owner-only: the file holds a password and a key's secret."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
    path.chmod(0o600)
