"""The product as ``make run`` serves it: the supervisor (uvicorn web workers + the background worker) in its
own process group, on this session's test database, reached over real sockets.

Data the served processes must see is committed (outside any test transaction) by a module-scoped fixture,
and the whole test database is flushed at the module's end, as a transactional test's teardown does, so
the tests that share the database find it empty.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.fixtures import ADMIN_EMAIL, ADMIN_PASSWORD, ARGS, CHROMIUM, SCREENSHOTS, jobs_done
from tests.stack import (
    FAKE_EMBEDDER,
    ROOT,
    Stack,
    flush_test_database,
    on_the_test_database,
    shared_stack,
    stack_kept,
    start_stack,
    start_stacks,
)

# what the files here import
__all__ = ["FAKE_EMBEDDER", "ROOT", "Browsing", "Served", "ServedData", "shared_service", "start_service",
           "start_services"]

TENANT_SLUG, OTHER_SLUG = "served-acme", "served-globex"


@dataclass(frozen=True)
class ServedData:
    """What the module committed: the admin's tenant, its key, and a second tenant's key."""

    database: str
    tenant_slug: str
    admin_email: str
    admin_password: str
    key: str
    other_key: str


@dataclass(frozen=True)
class Served(Stack):
    """The running service: its base URL (``.url``, as pytest-django's live_server has), its output, and the
    data the module committed (``.data``)."""

    data: ServedData


@pytest.fixture(scope="package")
def served_database(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    """The test database's name. pytest-django creates it only when a collected test is marked for the
    database; these tests are not (each would be flushed, with the module's data), so when the session has
    no such test (``pytest tests/served``), it is created here and dropped once this folder's tests are done
    (after the last stack on it: a stack may serve more than one module, tests/stack.py)."""
    from django.db import DEFAULT_DB_ALIAS, connection
    from django.test.utils import setup_databases, teardown_databases

    created: list[Any] | None = None
    with django_db_blocker.unblock():
        if connection.settings_dict["NAME"] != connection.creation._get_test_db_name():  # type: ignore[attr-defined]
            created = setup_databases(verbosity=0, interactive=False, aliases={DEFAULT_DB_ALIAS: connection},
                                      serialized_aliases=set())
        name = on_the_test_database()
        if created is not None:  # as tests/conftest.py does for the one pytest-django creates: flush may TRUNCATE
            with connection.cursor() as cursor:
                cursor.execute(f'ALTER DATABASE "{name}" SET mnemara.allow_truncate = \'on\'')
    try:
        yield name
    finally:
        if created is not None:
            with django_db_blocker.unblock():
                teardown_databases(created, verbosity=0)


@pytest.fixture(scope="module")
def served_data(served_database: str, django_db_blocker: Any) -> Iterator[ServedData]:
    """Two tenants, the first with its owner (a real password hash) and an API key, committed; all gone after
    (the test database is flushed, or dropped if this module created it)."""
    from django.contrib.auth import get_user_model

    from tenants.models import Role, Tenant
    from tenants.services import apikey_create, member_add, tenant_create

    with django_db_blocker.unblock():
        on_the_test_database()
        try:
            tenant = tenant_create(slug=TENANT_SLUG, name="Served Acme")
            member_add(tenant=tenant, email=ADMIN_EMAIL, role=Role.OWNER, password=ADMIN_PASSWORD)
            _, key = apikey_create(tenant=tenant, name="served checks")
            other = tenant_create(slug=OTHER_SLUG, name="Served Globex")
            _, other_key = apikey_create(tenant=other, name="served other")
        except BaseException:
            flush_test_database()
            raise
    try:
        yield ServedData(served_database, TENANT_SLUG, ADMIN_EMAIL, ADMIN_PASSWORD, key, other_key)
    finally:
        with django_db_blocker.unblock():
            on_the_test_database()
            if stack_kept():  # the stack serves the next module: its work is done before the flush
                _settled()
            flush_test_database()
            left = (Tenant.objects.filter(slug__in=[TENANT_SLUG, OTHER_SLUG]).exists()
                    or get_user_model().objects.filter(username=ADMIN_EMAIL).exists())
            assert not left, "the served tests' data outlived the flush"


@contextlib.contextmanager
def start_service(data: ServedData, folder: Path, *, web_workers: int = 2,
                  extra_env: dict[str, str] | None = None, port: int | None = None) -> Iterator[Served]:
    """``make run``'s serving stack on ``port`` (a free one if None), on the test database, with the module's
    data, until the block ends. ``extra_env`` changes its environment (an empty value removes a variable)."""
    with start_stack(data.database, folder, web_workers=web_workers, extra_env=extra_env, port=port) as stack:
        yield Served(stack.url, stack.log, stack.process, data)


# A shared stack's web processes write the access counts of searches this long after them (not a second): the
# flush after a module waits for that write rather than meeting it.
SHARED_ACCESS_FLUSH_SECONDS = 0.2


def _settled() -> None:
    """The kept stack's worker has run what was queued, and no session of it is inside a statement (an access
    count's write would deadlock with the flush's TRUNCATE)."""
    from django.db import connection

    jobs_done()
    time.sleep(SHARED_ACCESS_FLUSH_SECONDS + 0.2)
    for _ in range(200):
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND pid <> pg_backend_pid() AND state <> 'idle'")
            if not cursor.fetchone()[0]:
                return
        time.sleep(0.05)


@contextlib.contextmanager
def shared_service(request: pytest.FixtureRequest, data: ServedData, tmp_path_factory: pytest.TempPathFactory, *,
                   web_workers: int = 2, extra_env: dict[str, str] | None = None) -> Iterator[Served]:
    """``start_service``, its stack kept for the next module of the file's share group (tests/tiers.py, SHARED)
    that asks for the same one: without the hourly schedule (its maintenance and weekly export would run after a
    module's flush, into the next module's data)."""
    env = {**(extra_env or {}), "MNEMARA_SCHEDULE_TICK_SECONDS": "0",
           "MNEMARA_ACCESS_FLUSH_SECONDS": str(SHARED_ACCESS_FLUSH_SECONDS)}

    def start() -> contextlib.AbstractContextManager[Stack]:
        return start_stack(data.database, tmp_path_factory.mktemp("shared"), web_workers=web_workers, extra_env=env)

    with shared_stack(request, (data.database, web_workers, *sorted(env.items())), start) as stack:
        yield Served(stack.url, stack.log, stack.process, data)


@contextlib.contextmanager
def start_services(data: ServedData, folders: list[Path], *, web_workers: int = 2,
                   extra_env: dict[str, str] | None = None) -> Iterator[list[Served]]:
    """``start_service`` once per folder, the stacks booting side by side (the second does not wait for the
    first to be ready)."""
    with start_stacks(data.database, folders, web_workers=web_workers, extra_env=extra_env) as stacks:
        yield [Served(stack.url, stack.log, stack.process, data) for stack in stacks]


@pytest.fixture(scope="module")
def served(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
           ) -> Iterator[Served]:
    """The service on a free port, on the test database, for the module (and the next of its share group:
    test_served.py and test_mem0.py, tests/tiers.py)."""
    with shared_service(request, served_data, tmp_path_factory) as service:
        yield service


@pytest.fixture(scope="module")
def api(served: Served) -> Iterator[httpx.Client]:
    """The REST API with the first tenant's key."""
    with httpx.Client(base_url=f"{served.url}/api/v1/", timeout=60,
                      headers={"Authorization": f"Bearer {served.data.key}"}) as client:
        yield client


@dataclass
class Browsing:
    """A Chromium page on the service, the CSP violations and page errors it reported, and its screenshots."""

    page: Any  # playwright.sync_api.Page
    problems: list[str]

    def shot(self, name: str) -> None:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"served-{name}.png"), full_page=True)


@pytest.fixture
def browsing(served: Served) -> Iterator[Browsing]:
    """Debian's Chromium driven by Playwright, per test: its event loop must be gone before the MCP test's."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium (make browser-deps) to run browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-US")
        page = context.new_page()
        page.set_default_timeout(15_000)
        problems: list[str] = []
        page.on("console", lambda msg: problems.append(msg.text)
                if "Content Security Policy" in msg.text or "Refused to" in msg.text else None)
        page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
        try:
            yield Browsing(page, problems)
        finally:
            context.close()
            browser.close()
