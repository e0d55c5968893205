"""The base of every tenant-owned model: a ``tenant`` column, a default manager that filters by the active
tenant or fails closed, and the active tenant stamped on every new row.

The active tenant itself is held here (a context variable) so that this module needs nothing above it;
``tenants.scoping`` is how the rest of the code sets and reads it, typed as a ``Tenant``.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterable
from typing import Any

from django.db import models

# The active tenant (a tenants.models.Tenant): set and read through tenants.scoping.
active_tenant: contextvars.ContextVar[Any] = contextvars.ContextVar("mnemara_active_tenant", default=None)


class NoActiveTenant(RuntimeError):
    """A tenant-owned model was queried with no tenant active."""


def active_tenant_pk() -> Any:
    tenant = active_tenant.get()
    if tenant is None:
        raise NoActiveTenant("no tenant is active: wrap the code in tenant_scope(tenant)")
    return tenant.pk


def stamp(rows: Iterable[models.Model]) -> None:
    """Give new rows the active tenant; refuse a row that already names another (fails closed)."""
    active = active_tenant_pk()
    for row in rows:
        tenant_id = getattr(row, "tenant_id", None)
        if tenant_id is None:
            row.tenant_id = active  # type: ignore[attr-defined]
        elif tenant_id != active:
            raise NoActiveTenant("refusing to write a row of another tenant")


class TenantQuerySet(models.QuerySet[Any]):
    def bulk_create(self, objs: Iterable[Any], *args: Any, **kwargs: Any) -> list[Any]:
        """As Django's, with every row stamped with (or checked against) the active tenant."""
        rows = list(objs)
        stamp(rows)
        return super().bulk_create(rows, *args, **kwargs)


class TenantManager(models.Manager.from_queryset(TenantQuerySet)):  # type: ignore[misc]
    """Default manager of every tenant-owned model: filtered to the active tenant, or an error; its
    ``bulk_create`` stamps the active tenant on every row, as ``save`` does."""

    def get_queryset(self) -> models.QuerySet[Any]:
        return super().get_queryset().filter(tenant_id=active_tenant_pk())


class TenantOwned(models.Model):
    """Abstract base: a ``tenant`` column, a fail-closed default manager, and the active tenant set on
    ``save`` and ``objects.bulk_create`` (never by hand)."""

    tenant = models.ForeignKey("tenants.Tenant", on_delete=models.CASCADE, related_name="+", editable=False)

    objects = TenantManager()
    unscoped = models.Manager()

    class Meta:
        abstract = True
        base_manager_name = "unscoped"

    def save(self, *args: Any, **kwargs: Any) -> None:
        stamp([self])
        super().save(*args, **kwargs)
