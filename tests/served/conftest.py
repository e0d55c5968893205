"""The product as ``make run`` serves it: the supervisor (uvicorn web workers + the background worker) in its
own process group, on this session's test database, reached over real sockets.

Data the served processes must see is committed (outside any test transaction) by a module-scoped fixture,
and the whole test database is flushed at the module's end, as a transactional test's teardown does, so
the tests that share the database find it empty.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import psutil
import pytest

from server.runtime.db.embedded import DATABASE_NAME as EMBEDDED_DATABASE_NAME
from tests.fixtures import ADMIN_EMAIL, ADMIN_PASSWORD, ARGS, CHROMIUM, SCREENSHOTS

ROOT = Path(__file__).resolve().parents[2]

# What `make run` runs, in one place ({port} is filled with a free port).
SERVE_COMMAND = [sys.executable, "-m", "server.runtime.supervise", "--host", "127.0.0.1", "--port", "{port}",
                 "--web-workers", "2"]

READY_TIMEOUT = 120.0
STOP_TIMEOUT = 30.0
TENANT_SLUG, OTHER_SLUG = "served-acme", "served-globex"
# ``start_service``'s extra_env for a stack whose tests do not check ranking: the fake embedder as the only model
# (no process loads the real models' weights).
FAKE_EMBEDDER = {"MNEMARA_EMBEDDING_BACKEND": "fake", "MNEMARA_EMBEDDING_MODELS": "all-MiniLM-L6-v2"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


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
class Served:
    """The running service: its base URL (``.url``, as pytest-django's live_server has), its data and its log."""

    url: str
    data: ServedData
    log: Path
    process: subprocess.Popen[bytes]

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError as exc:
            return f"(no log: {exc})"


def _flush_test_database() -> None:
    """Empty every table, as Django's TransactionTestCase does after each test (post_migrate rows come back)."""
    from django.core.management import call_command
    from django.db import DEFAULT_DB_ALIAS

    call_command("flush", verbosity=0, interactive=False, database=DEFAULT_DB_ALIAS, reset_sequences=False,
                 allow_cascade=False, inhibit_post_migrate=False)


def _on_the_test_database() -> str:
    """The name of the database the session's connection uses, after checking it is the test database: the
    module commits and flushes, which must never reach the development database."""
    from django.db import connection

    name = str(connection.settings_dict["NAME"])
    expected = str(connection.creation._get_test_db_name())  # type: ignore[attr-defined]
    if name != expected or name == EMBEDDED_DATABASE_NAME:
        pytest.fail(f"the session is on database {name!r}, not the test database {expected!r}: refusing to write")
    return name


@pytest.fixture(scope="module")
def served_database(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    """The test database's name. pytest-django creates it only when a collected test is marked for the
    database; these tests are not (each would be flushed, with the module's data), so when the session has
    no such test (``pytest tests/served``), the module creates it here and drops it at its end."""
    from django.db import DEFAULT_DB_ALIAS, connection
    from django.test.utils import setup_databases, teardown_databases

    created: list[Any] | None = None
    with django_db_blocker.unblock():
        if connection.settings_dict["NAME"] != connection.creation._get_test_db_name():  # type: ignore[attr-defined]
            created = setup_databases(verbosity=0, interactive=False, aliases={DEFAULT_DB_ALIAS: connection},
                                      serialized_aliases=set())
        name = _on_the_test_database()
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
        _on_the_test_database()
        try:
            tenant = tenant_create(slug=TENANT_SLUG, name="Served Acme")
            member_add(tenant=tenant, email=ADMIN_EMAIL, role=Role.OWNER, password=ADMIN_PASSWORD)
            _, key = apikey_create(tenant=tenant, name="served checks")
            other = tenant_create(slug=OTHER_SLUG, name="Served Globex")
            _, other_key = apikey_create(tenant=other, name="served other")
        except BaseException:
            _flush_test_database()
            raise
    try:
        yield ServedData(served_database, TENANT_SLUG, ADMIN_EMAIL, ADMIN_PASSWORD, key, other_key)
    finally:
        with django_db_blocker.unblock():
            _on_the_test_database()
            _flush_test_database()
            left = (Tenant.objects.filter(slug__in=[TENANT_SLUG, OTHER_SLUG]).exists()
                    or get_user_model().objects.filter(username=ADMIN_EMAIL).exists())
            assert not left, "the served tests' data outlived the flush"


def _ready(url: str) -> bool:
    """``GET /readyz`` says ready; while that endpoint does not exist (404), ``GET /healthz`` answers 200."""
    try:
        ready = httpx.get(f"{url}/readyz", timeout=5)
        if ready.status_code == 404:
            return httpx.get(f"{url}/healthz", timeout=5).status_code == 200
    except httpx.TransportError:
        return False
    if ready.status_code != 200:
        return False
    try:
        return bool(ready.json().get("status") == "ready")
    except ValueError:
        return False


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGINT (the supervisor's Ctrl-C: it stops its programs, then exits), up to 30 s; then the whole group,
    and every process it had started (each program runs in a process group of its own)."""
    try:
        family = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        family = []
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=STOP_TIMEOUT)
    # Whatever is left of its process group (the group's id is the supervisor's pid: start_new_session).
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    for child in family:
        with contextlib.suppress(psutil.NoSuchProcess):
            child.kill()


@contextlib.contextmanager
def start_service(data: ServedData, folder: Path, *, web_workers: int = 2,
                  extra_env: dict[str, str] | None = None) -> Iterator[Served]:
    """``make run``'s serving stack on a free port, on the test database, until the block ends.
    ``extra_env`` changes its environment (an empty value removes a variable)."""
    port = free_port()
    log = folder / "server.log"
    metrics = folder / "prometheus"
    metrics.mkdir()
    env = {**os.environ, "MNEMARA_DB_NAME": data.database, "PROMETHEUS_MULTIPROC_DIR": str(metrics),
           "PYTHONUNBUFFERED": "1", "XDG_RUNTIME_DIR": os.environ.get("XDG_RUNTIME_DIR", "/tmp")}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # the browser tests' setting, not the server's
    env.update(extra_env or {})
    env = {name: value for name, value in env.items() if value}
    argv = [part.format(port=port) for part in SERVE_COMMAND]
    argv[argv.index("--web-workers") + 1] = str(web_workers)
    with log.open("wb") as output:
        process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    service = Served(f"http://127.0.0.1:{port}", data, log, process)
    try:
        deadline = time.monotonic() + READY_TIMEOUT
        while not _ready(service.url):
            if process.poll() is not None:
                pytest.fail(f"{' '.join(argv)} exited with {process.returncode} before it was ready:\n"
                            f"{service.log_tail()}")
            if time.monotonic() > deadline:
                pytest.fail(f"{' '.join(argv)} was not ready within {READY_TIMEOUT:.0f} s:\n{service.log_tail()}")
            time.sleep(0.25)
        yield service
    finally:
        _stop(process)


@pytest.fixture(scope="module")
def served(served_data: ServedData, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The service on a free port, on the test database, until the module ends."""
    with start_service(served_data, tmp_path_factory.mktemp("served")) as service:
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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test's report ends with the tail of the server's output."""
    report = yield
    service = getattr(item, "funcargs", {}).get("served")
    if report.failed and isinstance(service, Served):
        report.sections.append(("served: the server's output (tail)", service.log_tail()))
    return report
