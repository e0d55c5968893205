"""Shared fixtures: two tenants (alice's "acme" and bob's "globex"), their API keys and clients.

The database is the real embedded PostgreSQL + pgvector; the embedder is the real model, loaded once
per test process. Use ``fake_embedder`` where vectors do not matter.
"""

from __future__ import annotations

import os

# As in manage.py and server/wsgi.py (the server's entry points): numpy's OpenBLAS on one thread.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from memories.embeddings import FakeEmbedder, embedders, set_embedder, set_embedders
from tenants.models import ApiKey, Tenant
from tenants.scoping import tenant_scope
from tenants.services import apikey_create, tenant_create
from tests.contract import ContractClient

# tests.tiers marks the slow tiers by path (make test-fast leaves them out); tests.stack adds the output of the
# stack a failed test ran against (tests/served, tests/browser) to its report; tests.flush empties the database
# after a transactional test without re-creating the content types and permissions.
pytest_plugins = ["tests.tiers", "tests.stack", "tests.flush"]


@dataclass
class KeyedClient:
    tenant: Tenant
    key: ApiKey
    secret: str
    client: ContractClient


def keyed_client(tenant: Tenant, **kwargs: object) -> KeyedClient:
    """A client with a new API key of ``tenant``; every answer it gets is checked against the schema."""
    key, secret = apikey_create(tenant=tenant, **kwargs)  # type: ignore[arg-type]
    client = ContractClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    return KeyedClient(tenant, key, secret, client)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Allow TRUNCATE of the audit log in the test database only (migration 0005 refuses it elsewhere):
    Django's TransactionTestCase empties every table with TRUNCATE between tests."""
    from django.db import connection

    with django_db_blocker.unblock():
        name = connection.settings_dict["NAME"]
        if name != connection.creation._get_test_db_name():  # type: ignore[attr-defined]  # only a test database
            return
        with connection.cursor() as cursor:
            cursor.execute(f'ALTER DATABASE "{name}" SET mnemara.allow_truncate = \'on\'')


@pytest.fixture
def alice_tenant(db: None) -> Tenant:
    return tenant_create(slug="acme", name="Acme")


@pytest.fixture
def bob_tenant(db: None) -> Tenant:
    return tenant_create(slug="globex", name="Globex")


@pytest.fixture
def alice(alice_tenant: Tenant) -> KeyedClient:
    return keyed_client(alice_tenant, name="alice")


@pytest.fixture
def bob(bob_tenant: Tenant) -> KeyedClient:
    return keyed_client(bob_tenant, name="bob")


@pytest.fixture
def in_alice(alice_tenant: Tenant) -> Iterator[Tenant]:
    with tenant_scope(alice_tenant):
        yield alice_tenant


@pytest.fixture
def fake_embedder() -> Iterator[FakeEmbedder]:
    """The fake as the only embedding model for one test (the configured ones come back after it)."""
    previous = embedders()
    fake = FakeEmbedder()
    set_embedder(fake)
    yield fake
    set_embedders(previous)


@pytest.fixture(scope="session", autouse=True)
def _no_threads_left(django_db_setup: None) -> Iterator[None]:
    """The suite runs without the process's threads (mnemara/kernel/threads.py: work runs inline); a test that
    starts them stops them, and nothing may hold a connection to the test database when it is dropped."""
    yield
    from mnemara.kernel.threads import THREADS

    assert not THREADS.running, "a test left the process's threads running"


@pytest.fixture(autouse=True)
def _search_state_per_test(settings: Any, tmp_path: Path) -> Iterator[None]:
    """Each test starts with no cached search index and no memoised word statistics (an earlier test's, read
    within the minute they are kept, would stand for this test's ANALYZE), and ends with no access counts waiting
    for the one-second flush (which would otherwise fire during a later test, or after the database is gone).
    The graphs a test's large scopes save go to its own temporary directory."""
    settings.SEARCH_INDEX_GRAPH_DIR = tmp_path / "graphs"
    from django.core.cache import cache

    from memories.recall.access import ACCESS_COUNTS, SEARCH_COUNTS
    from memories.recall.index.cache import CACHE
    from memories.recall.sql import WORD_STATISTICS_KEY

    CACHE.clear()
    cache.delete(WORD_STATISTICS_KEY)
    yield
    ACCESS_COUNTS.discard()
    SEARCH_COUNTS.discard()
