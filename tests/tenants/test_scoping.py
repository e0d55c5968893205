"""THE tenancy module fails closed for reads and for writes, including bulk writes."""

from __future__ import annotations

import pytest

from memories.models import Scope
from tenants.models import Tenant
from tenants.scoping import NoActiveTenant, tenant_scope


@pytest.mark.django_db
def test_it_stamps_the_active_tenant_on_bulk_created_rows(alice_tenant: Tenant, bob_tenant: Tenant) -> None:
    with tenant_scope(alice_tenant):
        Scope.objects.bulk_create([Scope(path="team/a"), Scope(path="team/b")])
        assert sorted(Scope.objects.values_list("path", flat=True)) == ["team/a", "team/b"]
    assert set(Scope.unscoped.filter(path__startswith="team/").values_list("tenant_id", flat=True)) \
        == {alice_tenant.pk}
    with tenant_scope(bob_tenant):
        assert not Scope.objects.exists()


@pytest.mark.django_db
def test_it_refuses_to_bulk_create_another_tenants_rows(alice_tenant: Tenant, bob_tenant: Tenant) -> None:
    with tenant_scope(alice_tenant), pytest.raises(NoActiveTenant):
        Scope.objects.bulk_create([Scope(path="team/a"), Scope(path="team/x", tenant_id=bob_tenant.pk)])
    assert not Scope.unscoped.filter(path__startswith="team/").exists()


@pytest.mark.django_db
def test_it_refuses_reads_and_writes_without_an_active_tenant(alice_tenant: Tenant) -> None:
    with pytest.raises(NoActiveTenant):
        Scope.objects.bulk_create([Scope(path="team/a")])
    with pytest.raises(NoActiveTenant):
        Scope(path="team/a").save()
    with pytest.raises(NoActiveTenant):
        list(Scope.objects.all())
