"""Reads of the tenant screens: keys, members, invitations, a user's memberships, the audit log."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone

from tenants.models import ApiKey, AuditEvent, Invitation, Membership, hash_secret


def api_keys() -> QuerySet[ApiKey]:
    """The active tenant's keys, live ones first, newest first."""
    return ApiKey.objects.order_by("revoked_at", "-created_at")


def memberships() -> QuerySet[Membership]:
    return Membership.objects.select_related("user").order_by("user__username")


def memberships_of(user: User) -> list[Membership]:
    """Every tenant ``user`` belongs to. Cross-tenant on purpose: it decides which tenant to activate."""
    return list(Membership.unscoped.select_related("tenant").filter(user=user).order_by("tenant__name",
                                                                                       "tenant__slug"))


def invitations_pending() -> QuerySet[Invitation]:
    """The active tenant's invitations that can still be accepted, newest first."""
    return (Invitation.objects.select_related("invited_by")
            .filter(accepted_at=None, declined_at=None, revoked_at=None, expires_at__gt=timezone.now())
            .order_by("-created_at"))


def invitation_by_token(token: str) -> Invitation | None:
    """The invitation a link names, with its tenant. Cross-tenant on purpose: the token tells the tenant."""
    if not token or len(token) > 100:
        return None
    return (Invitation.unscoped.select_related("tenant", "invited_by")
            .filter(token_hash=hash_secret(token)).first())


def account_exists(email: str) -> bool:
    """Whether somebody can sign in as ``email`` (for the invitee only: never shown to an admin)."""
    return get_user_model().objects.filter(username__iexact=email).exists()


AUDIT_FILTERS = ("action", "actor", "target_type", "target_id", "created_at__gte", "created_at__lt")


def audit_log(filters: dict[str, Any]) -> QuerySet[AuditEvent]:
    """The active tenant's audit events, newest first; ``action`` matches as a prefix (a kind of action:
    "review."), the rest exactly; ``created_at__gte``/``__lt`` bound the time."""
    qs = AuditEvent.objects.order_by("-id")
    for name, value in filters.items():
        if value and name in AUDIT_FILTERS:
            qs = qs.filter(**({f"{name}__startswith": value} if name == "action" else {name: value}))
    return qs


def audit_actions() -> list[str]:
    """The actions the active tenant's log holds."""
    return list(AuditEvent.objects.order_by("action").values_list("action", flat=True).distinct())


def audit_actors() -> list[str]:
    """Who acted in the active tenant's log."""
    return list(AuditEvent.objects.order_by("actor").values_list("actor", flat=True).distinct())


def audit_target_types() -> list[str]:
    """What the active tenant's log has events about."""
    return list(AuditEvent.objects.order_by("target_type").values_list("target_type", flat=True).distinct())
