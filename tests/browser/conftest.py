"""Playwright driving Debian's Chromium against pytest-django's live server (never `playwright install`)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.fixtures import ADMIN_EMAIL, ADMIN_PASSWORD, ARGS, CHROMIUM, SCREENSHOTS

# Sync Playwright runs an event loop in this thread; Django's ORM calls from the test are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# Package scope: Playwright's event loop must stop before other packages' tests run their own (the MCP
# client tests in tests/client would otherwise find a loop already running in this thread).
@pytest.fixture(scope="package")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium (make browser-deps) to run browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.csp_violations = []
    page.on("console", lambda msg: page.csp_violations.append(msg.text)
            if "Content Security Policy" in msg.text or "Refused to" in msg.text else None)
    page.on("pageerror", lambda exc: page.csp_violations.append(f"page error: {exc}"))
    yield page
    context.close()


@pytest.fixture
def shot(page):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(name: str) -> None:
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
    return take


# --------------------------------------------------------------------------- an admin's tenant, both languages

LANGUAGES = {"en": "English", "zh-hans": "简体中文"}


@dataclass
class Office:
    """The tenant of the admin tasks: its workload's memories by content, and an API key for checks."""

    tenant: Any
    memories: dict[str, Any]
    api: httpx.Client


@pytest.fixture
def office(transactional_db, fake_embedder, live_server):
    from tenants.models import Role
    from tenants.services import apikey_create, member_add, tenant_create
    from tests.browser.workload import admin_workload

    tenant = tenant_create(slug="acme", name="Acme")
    member_add(tenant=tenant, email=ADMIN_EMAIL, role=Role.OWNER, password=ADMIN_PASSWORD)
    memories = admin_workload(tenant)
    _, secret = apikey_create(tenant=tenant, name="checks")
    with httpx.Client(base_url=f"{live_server.url}/api/v1/", headers={"Authorization": f"Bearer {secret}"},
                      timeout=30) as api:
        yield Office(tenant, memories, api)
