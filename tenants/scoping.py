"""THE tenancy module. Every tenant-owned query goes through here and fails closed.

A tenant is *activated* for the duration of a request (API key or dashboard session) or a job with
``tenant_scope(tenant)``. ``TenantOwned.objects`` (``tenants.owned``) filters by the active tenant and raises
``NoActiveTenant`` when there is none, so forgetting to activate a tenant is an error, never a leak.
Code that truly works across tenants (authentication, erasure sweeps, migrations) names the
``unscoped`` manager on purpose, which makes it easy to find in review (grep for ``.unscoped``).
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from tenants.owned import NoActiveTenant, active_tenant

if TYPE_CHECKING:
    from tenants.models import Tenant

__all__ = ["NoActiveTenant", "activate", "active_tenant_or_none", "deactivate", "get_active_tenant", "tenant_scope"]


def get_active_tenant() -> Tenant:
    tenant: Tenant | None = active_tenant.get()
    if tenant is None:
        raise NoActiveTenant("no tenant is active: wrap the code in tenant_scope(tenant)")
    return tenant


def active_tenant_or_none() -> Tenant | None:
    tenant: Tenant | None = active_tenant.get()
    return tenant


def activate(tenant: Tenant | None) -> contextvars.Token[Tenant | None]:
    return active_tenant.set(tenant)


def deactivate(token: contextvars.Token[Tenant | None]) -> None:
    active_tenant.reset(token)


@contextmanager
def tenant_scope(tenant: Tenant | None) -> Iterator[None]:
    token = activate(tenant)
    try:
        yield
    finally:
        deactivate(token)
