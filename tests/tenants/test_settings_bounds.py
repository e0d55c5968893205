"""A tenant's settings stay within bounds (a clear 400 / form error), and maintenance isolates tenants."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from memories.compliance import retention
from memories.models import ExportRun
from mnemara.kernel.errors import ValidationFailed
from tenants.models import AuditEvent, Tenant
from tenants.scoping import tenant_scope
from tenants.services import tenant_settings_update

pytestmark = pytest.mark.django_db

OUT_OF_BOUNDS = [
    ("deprecated_retention_days", 2_147_483_647), ("session_retention_days", 0), ("export_retention_days", 40_000),
    ("token_budget", 32_001), ("token_budget", 10), ("review_threshold", 1.5), ("review_threshold", -0.1),
    ("task_half_life_days", 0.0), ("note_half_life_days", 1e9), ("extraction_daily_cap", 2_000_000),
]


@pytest.mark.parametrize(("field", "value"), OUT_OF_BOUNDS)
def test_it_refuses_an_out_of_range_setting(alice_tenant: Tenant, field: str, value: object) -> None:
    with pytest.raises(ValidationFailed) as refused:
        tenant_settings_update(tenant=alice_tenant, changes={field: value}, actor="user:test")
    assert field in refused.value.fields
    alice_tenant.refresh_from_db()
    assert getattr(alice_tenant, field) != value


def test_it_accepts_the_token_budget_context_accepts(alice, alice_tenant: Tenant) -> None:
    tenant_settings_update(tenant=alice_tenant, changes={"token_budget": 32_000}, actor="user:test")
    answer = alice.client.post("/api/v1/context", {"query": "x", "scope": "user/1"}, format="json")
    assert answer.status_code == 200, answer.content[:500]


def test_it_keeps_maintaining_other_tenants_when_one_fails(alice_tenant: Tenant, bob_tenant: Tenant,
                                                         settings, tmp_path) -> None:
    settings.EXPORT_DIR = tmp_path
    # A value saved before the bounds existed (the migration clamps these; here it is forced in).
    Tenant.objects.filter(pk=alice_tenant.pk).update(deprecated_retention_days=2_147_483_647)
    with pytest.raises(CommandError) as failed:
        call_command("run_maintenance")
    assert "acme" in str(failed.value) and "globex" not in str(failed.value)
    with tenant_scope(bob_tenant):
        assert ExportRun.objects.exists()  # globex's weekly export was written
    with tenant_scope(alice_tenant):
        assert AuditEvent.objects.filter(action="maintenance.failed", data__error="OverflowError").exists()


def test_it_reports_which_tenant_failed(alice_tenant: Tenant, bob_tenant: Tenant, settings, tmp_path) -> None:
    settings.EXPORT_DIR = tmp_path
    real = retention.retention_purge

    def purge(*, tenant: Tenant, **kwargs: object) -> dict[str, int]:
        if tenant.slug == "globex":
            raise RuntimeError("disk full")
        return real(tenant=tenant, **kwargs)  # type: ignore[arg-type]

    with mock.patch.object(retention, "retention_purge", purge):
        report = retention.maintenance_run(now=timezone.now() + timedelta(days=1))
    assert report["failed"] == ["globex"] and report["acme"]["export"]
