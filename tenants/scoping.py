"""THE tenancy module. Every tenant-owned query goes through here and fails closed.

A tenant is *activated* for the duration of a request (API key or dashboard session) or a job with
``tenant_scope(tenant)``. ``TenantOwned.objects`` filters by the active tenant and raises
``NoActiveTenant`` when there is none, so forgetting to activate a tenant is an error, never a leak.
Code that truly works across tenants (authentication, erasure sweeps, migrations) names the
``unscoped`` manager on purpose, which makes it easy to find in review (grep for ``.unscoped``).
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from django.db import models

if TYPE_CHECKING:
    from tenants.models import Tenant

_active_tenant: contextvars.ContextVar[Tenant | None] = contextvars.ContextVar("mnemara_active_tenant", default=None)


class NoActiveTenant(RuntimeError):
    """A tenant-owned model was queried with no tenant active."""


def get_active_tenant() -> Tenant:
    tenant = _active_tenant.get()
    if tenant is None:
        raise NoActiveTenant("no tenant is active: wrap the code in tenant_scope(tenant)")
    return tenant


def active_tenant_or_none() -> Tenant | None:
    return _active_tenant.get()


def activate(tenant: Tenant | None) -> contextvars.Token[Tenant | None]:
    return _active_tenant.set(tenant)


def deactivate(token: contextvars.Token[Tenant | None]) -> None:
    _active_tenant.reset(token)


@contextmanager
def tenant_scope(tenant: Tenant | None) -> Iterator[None]:
    token = activate(tenant)
    try:
        yield
    finally:
        deactivate(token)


def stamp(rows: Iterable[models.Model]) -> None:
    """Give new rows the active tenant; refuse a row that already names another (fails closed)."""
    active = get_active_tenant()
    for row in rows:
        tenant_id = getattr(row, "tenant_id", None)
        if tenant_id is None:
            row.tenant_id = active.pk  # type: ignore[attr-defined]
        elif tenant_id != active.pk:
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
        tenant = get_active_tenant()
        return super().get_queryset().filter(tenant_id=tenant.pk)


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
