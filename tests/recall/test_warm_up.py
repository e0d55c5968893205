"""A web process's warm-up (memories/recall/warm.py): the most recently used scopes' indexes are loaded
before it says ready, within the budget, without counting an access."""

from __future__ import annotations

import uuid

import pytest
from django.test import override_settings

from memories.models import Memory, MemoryAccess, Scope
from memories.recall.index.cache import CACHE
from memories.recall.warm import recall_warm_up, recent_scopes_warm_up
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.models import Tenant
from tenants.scoping import tenant_scope

pytestmark = pytest.mark.django_db(transaction=True)


def write(tenant: Tenant, scope: str, *contents: str) -> None:
    with tenant_scope(tenant):
        memory_create(items=[MemoryInput(scope=scope, content=c) for c in contents], actor="test")


def scope_id(tenant: Tenant, path: str) -> uuid.UUID:
    with tenant_scope(tenant):
        return Scope.objects.get(path=path).pk


def test_it_loads_the_recent_scopes_of_every_tenant_without_counting_accesses(alice_tenant: Tenant,
                                                                               bob_tenant: Tenant) -> None:
    write(alice_tenant, "user/1", "Prefers tea in the morning", "Lives in Lisbon")
    write(bob_tenant, "team/ops", "The on-call rotation changes on Tuesdays")
    CACHE.clear()
    assert {path for _, path in recall_warm_up()} == {"user/1", "team/ops"}
    assert CACHE.cached(scope_id(alice_tenant, "user/1")) is not None
    assert CACHE.cached(scope_id(bob_tenant, "team/ops")) is not None
    with tenant_scope(alice_tenant):
        assert not MemoryAccess.objects.filter(memory__in=Memory.objects.all()).exists()


def test_it_stays_within_its_budget(alice_tenant: Tenant) -> None:
    write(alice_tenant, "user/big", "Grows tomatoes", "Owns a red bicycle", "Speaks Portuguese", "Plays chess",
          "Works night shifts")
    write(alice_tenant, "user/small", "Likes jazz")
    CACHE.clear()
    with override_settings(SEARCH_INDEX_WARM_ROWS=3):
        assert [path for _, path in recent_scopes_warm_up()] == ["user/small"]  # five memories do not fit
    assert CACHE.cached(scope_id(alice_tenant, "user/big")) is None
    assert CACHE.cached(scope_id(alice_tenant, "user/small")) is not None
    with override_settings(SEARCH_INDEX_WARM_ROWS=0):
        assert recent_scopes_warm_up() == []
