"""Reads of the tenant screens: keys, members, a user's memberships, the audit log."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet

from tenants.models import ApiKey, AuditEvent, Membership


def api_keys() -> QuerySet[ApiKey]:
    """The active tenant's keys, live ones first, newest first."""
    return ApiKey.objects.order_by("revoked_at", "-created_at")


def memberships() -> QuerySet[Membership]:
    return Membership.objects.select_related("user").order_by("user__username")


def memberships_of(user: User) -> list[Membership]:
    """Every tenant ``user`` belongs to. Cross-tenant on purpose: it decides which tenant to activate."""
    return list(Membership.unscoped.select_related("tenant").filter(user=user).order_by("tenant__name"))


AUDIT_FILTERS = ("action", "actor", "target_type", "target_id")


def audit_log(filters: dict[str, str]) -> QuerySet[AuditEvent]:
    """The active tenant's audit events, newest first; ``action`` matches as a prefix, the rest exactly."""
    qs = AuditEvent.objects.order_by("-id")
    for name, value in filters.items():
        if value and name in AUDIT_FILTERS:
            qs = qs.filter(**({f"{name}__startswith": value} if name == "action" else {name: value}))
    return qs


def audit_actions() -> QuerySet[AuditEvent, str]:
    return AuditEvent.objects.order_by("action").values_list("action", flat=True).distinct()
