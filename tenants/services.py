"""Writes on tenants, members and API keys. Each ends in an audit event."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import models, transaction
from django.utils import timezone

from mnemara.errors import ValidationFailed
from tenants.audit import audit
from tenants.models import ApiKey, Membership, Role, Tenant, hash_secret
from tenants.paths import validate_scope_path
from tenants.scoping import tenant_scope


def tenant_create(*, slug: str, name: str = "", actor: str = "system:cli") -> Tenant:
    try:
        validate_slug(slug)
    except ValidationError as exc:
        raise ValidationFailed("A tenant slug is letters, digits, - and _.",
                               fields={"slug": ["Invalid slug."]}) from exc
    if Tenant.objects.filter(slug=slug).exists():
        raise ValidationFailed(f"Tenant {slug!r} already exists.", fields={"slug": ["Already taken."]})
    with transaction.atomic():
        tenant = Tenant.objects.create(slug=slug, name=name or slug)
        with tenant_scope(tenant):
            audit("tenant.created", actor=actor, target_type="tenant", target_id=tenant.pk)
    return tenant


def member_add(*, tenant: Tenant, email: str, role: str = Role.OWNER, password: str | None = None,
               actor: str = "system:cli") -> tuple[AbstractBaseUser, str | None]:
    """Add (or create) a user by email with a role. Returns the user and a new password if one was made."""
    User = get_user_model()
    new_password = None
    with transaction.atomic(), tenant_scope(tenant):
        user = User.objects.filter(username=email).first()
        if user is None:
            new_password = password or secrets.token_urlsafe(12)
            user = User.objects.create_user(username=email, email=email, password=new_password)
        membership, _ = Membership.objects.update_or_create(user=user, defaults={"role": role})
        audit("membership.created", actor=actor, target_type="membership", target_id=membership.pk,
              data={"role": role})
    return user, new_password


def apikey_create(*, tenant: Tenant, name: str = "", scope_prefixes: list[str] | None = None,
                  read_only: bool = False, actor: str = "system:cli") -> tuple[ApiKey, str]:
    """A new key: the row and the secret, which is never stored and cannot be shown again."""
    prefixes = [validate_scope_path(p, "scope_prefix") for p in (scope_prefixes or [])]
    prefix, secret = ApiKey.generate()
    with transaction.atomic(), tenant_scope(tenant):
        key = ApiKey(name=name, prefix=prefix, hashed_key=hash_secret(secret), scope_prefixes=prefixes,
                     read_only=read_only)
        key.save()
        audit("apikey.created", actor=actor, target_type="api_key", target_id=key.pk,
              data={"prefix": prefix, "read_only": read_only, "scope_prefixes": prefixes})
    return key, secret


def apikey_revoke(*, tenant: Tenant, key_id: str, actor: str) -> ApiKey:
    with transaction.atomic(), tenant_scope(tenant):
        key = ApiKey.objects.get(pk=key_id)
        if key.revoked_at is None:
            key.revoked_at = timezone.now()
            key.save(update_fields=["revoked_at"])
            audit("apikey.revoked", actor=actor, target_type="api_key", target_id=key.pk, data={"prefix": key.prefix})
    return key


SETTINGS_FIELDS = ("name", "review_threshold", "token_budget", "task_half_life_days", "note_half_life_days",
                   "deprecated_retention_days", "session_retention_days", "export_retention_days",
                   "extraction_daily_cap")


def tenant_settings_update(*, tenant: Tenant, changes: dict[str, object], actor: str) -> Tenant:
    """Change a tenant's settings within their bounds (the model fields' validators: 400 naming each
    field out of bounds); audit the changed field names."""
    unknown = sorted(set(changes) - set(SETTINGS_FIELDS))
    if unknown:
        raise ValidationFailed("Unknown settings.", fields={f: ["Cannot be changed."] for f in unknown})
    errors: dict[str, list[str]] = {}
    cleaned: dict[str, object] = {}
    for name, value in changes.items():
        field = Tenant._meta.get_field(name)
        assert isinstance(field, models.Field)  # SETTINGS_FIELDS are plain columns
        try:
            cleaned[name] = field.clean(value, tenant)
        except ValidationError as exc:
            errors[name] = list(exc.messages)
    if errors:
        raise ValidationFailed("Some settings are out of bounds.", code="settings_out_of_bounds", fields=errors)
    changes = cleaned
    changed = sorted(k for k, v in changes.items() if getattr(tenant, k) != v)
    if not changed:
        return tenant
    with transaction.atomic(), tenant_scope(tenant):
        Tenant.objects.filter(pk=tenant.pk).update(**{k: changes[k] for k in changed})
        audit("tenant.settings_updated", actor=actor, target_type="tenant", target_id=tenant.pk,
              data={"fields": changed})
    return Tenant.objects.get(pk=tenant.pk)


def _owners_left(excluding: Membership) -> int:
    return Membership.objects.filter(role=Role.OWNER).exclude(pk=excluding.pk).count()


def member_role_change(*, tenant: Tenant, membership_id: int, role: str, actor: str) -> Membership:
    """Change a member's role. A tenant always keeps at least one owner."""
    if role not in Role.values:
        raise ValidationFailed("Unknown role.", fields={"role": [f"One of: {', '.join(Role.values)}."]})
    with transaction.atomic(), tenant_scope(tenant):
        membership = Membership.objects.select_for_update().get(pk=membership_id)
        if membership.role == Role.OWNER and role != Role.OWNER and _owners_left(membership) == 0:
            raise ValidationFailed("The last owner cannot be demoted.", code="last_owner")
        if membership.role != role:
            old = membership.role
            membership.role = role
            membership.save(update_fields=["role"])
            audit("membership.role_changed", actor=actor, target_type="membership", target_id=membership.pk,
                  data={"from": old, "to": role})
    return membership


def member_remove(*, tenant: Tenant, membership_id: int, actor: str) -> None:
    """Remove a member from the tenant (the user account stays). A tenant always keeps one owner."""
    with transaction.atomic(), tenant_scope(tenant):
        membership = Membership.objects.select_for_update().get(pk=membership_id)
        if membership.role == Role.OWNER and _owners_left(membership) == 0:
            raise ValidationFailed("The last owner cannot be removed.", code="last_owner")
        membership.delete()
        audit("membership.removed", actor=actor, target_type="membership", target_id=membership_id)
