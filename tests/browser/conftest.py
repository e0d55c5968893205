"""Playwright driving Debian's Chromium (never `playwright install`) against the stack ``make run`` starts
(tests/stack.py), on the session's test database.

The tests are transactional: what a test writes through the ORM is committed, so the stack sees it, and the
database is emptied after each test. Passwords are hashed with a fast hasher, in this process and in the stack
(MNEMARA_PASSWORD_HASHERS); both embed with the fake embedder.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from tests.fixtures import ADMIN_EMAIL, ADMIN_PASSWORD, ARGS, CHROMIUM, SCREENSHOTS, jobs_done
from tests.stack import FAKE_EMBEDDER, Stack, on_the_test_database, start_stack

FAST_HASHER = "django.contrib.auth.hashers.MD5PasswordHasher"
# The stack's largest request body (MNEMARA_MAX_REQUEST_BYTES): small, so a test can send more in one form.
MAX_REQUEST_BYTES = 256 * 1024

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


# Package scope: one stack for the package's tests in a test process, gone before other folders' tests run
# (its worker would run the jobs their own workers are there to run).
@pytest.fixture(scope="package")
def served(django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[Stack]:
    """``make run``'s stack on a free port, on the test database: the fake embedder, a fast password hasher,
    exports in a temporary folder, and no hourly schedule (its maintenance and weekly export would run after
    each test's flush, into the next test's data)."""
    with django_db_blocker.unblock():
        database = on_the_test_database()
    env = {**FAKE_EMBEDDER, "MNEMARA_PASSWORD_HASHERS": FAST_HASHER,
           "MNEMARA_EXPORT_DIR": str(tmp_path_factory.mktemp("exports")),
           "MNEMARA_MAX_REQUEST_BYTES": str(MAX_REQUEST_BYTES), "MNEMARA_SCHEDULE_TICK_SECONDS": "0"}
    with start_stack(database, tmp_path_factory.mktemp("browser-stack"), web_workers=1, extra_env=env) as stack:
        yield stack


@pytest.fixture(autouse=True)
def _worker_idle_at_the_end(served: Stack) -> Iterator[None]:
    """The stack's worker has finished what the test queued before the database is emptied under it."""
    yield
    jobs_done()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = [FAST_HASHER]


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
        page.wait_for_load_state()  # after a redirect Chromium cannot capture a page still loading
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
def office(transactional_db, fake_embedder, served):
    from tenants.models import Role
    from tenants.services import apikey_create, member_add, tenant_create
    from tests.browser.workload import admin_workload

    tenant = tenant_create(slug="acme", name="Acme")
    member_add(tenant=tenant, email=ADMIN_EMAIL, role=Role.OWNER, password=ADMIN_PASSWORD)
    memories = admin_workload(tenant)
    _, secret = apikey_create(tenant=tenant, name="checks")
    with httpx.Client(base_url=f"{served.url}/api/v1/", headers={"Authorization": f"Bearer {secret}"},
                      timeout=30) as api:
        yield Office(tenant, memories, api)
