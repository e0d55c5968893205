"""Writes on tenants, members and API keys. Each ends in an audit event."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction
from django.utils import timezone

from memories.services.audit import audit
from memories.services.validation import validate_scope_path
from mnemara.errors import ValidationFailed
from tenants.models import ApiKey, Membership, Role, Tenant, hash_secret
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
