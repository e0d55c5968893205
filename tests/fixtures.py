"""Helpers shared by the test folders: Chromium for the browser tests and the served stack's, the admin who signs
in, signing in, choosing the dashboard's language, and what the API says is active. Fixtures stay in the
folders' conftest.py files; what they share lives here, so no conftest imports another."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx

CHROMIUM = "/usr/bin/chromium"  # Debian's (make browser-deps), never `playwright install`
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SCREENSHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "screenshots"
ADMIN_EMAIL, ADMIN_PASSWORD = "admin@acme.test", "correct horse battery staple"


def sign_in(page: Any, server: Any, language: str = "en") -> None:
    """Sign in as the admin (``ADMIN_EMAIL``) on ``server`` (anything with a ``url``: pytest-django's live server,
    the served stack) and switch the dashboard to ``language``."""
    page.goto(f"{server.url}/accounts/login/")
    page.locator("#id_username").fill(ADMIN_EMAIL)
    page.locator("#id_password").fill(ADMIN_PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{server.url}/")
    if language != "en":
        choose_language(page, language)


def choose_language(page: Any, language: str) -> None:
    button = page.locator(f"button[name=language][value='{language}']")
    if not button.is_visible():  # folded into the menu on a phone
        page.locator(".menu-toggle").click()
    button.click()
    page.wait_for_load_state()


def active_per_entity(api: httpx.Client) -> dict[tuple[str, str], list[str]]:
    """What the API says is active, per (scope, entity), for facts and preferences."""
    found: dict[tuple[str, str], list[str]] = {}
    cursor = None
    while True:
        params = {"status": "active", "limit": "200", **({"cursor": cursor} if cursor else {})}
        body = api.get("memories", params=params).raise_for_status().json()
        for m in body["results"]:
            if m["entity"] and m["type"] in ("fact", "preference"):
                found.setdefault((m["scope"], m["entity"]), []).append(m["content"])
        cursor = body["next"]
        if not cursor:
            return found


def jobs_done(timeout: float = 60.0) -> None:
    """Wait until the stack's worker has run every job that is due (django-tasks' database queue)."""
    from django_tasks_db.models import DBTaskResult

    deadline = time.monotonic() + timeout
    while True:
        waiting = DBTaskResult.objects.ready() | DBTaskResult.objects.running()  # due now (or undated), or running
        if not waiting.exists():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"the worker left jobs waiting after {timeout:.0f} s: "
                                 f"{list(waiting.values_list('task_path', 'status'))}")
        time.sleep(0.2)
