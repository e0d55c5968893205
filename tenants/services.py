"""Writes on tenants, members, invitations and API keys. Each ends in an audit event (but the
bookkeeping of ``membership_touch``)."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from mnemara.kernel.errors import ServiceError, ValidationFailed
from tenants.audit import audit
from tenants.models import (
    ApiKey,
    Invitation,
    InvitationState,
    Membership,
    Role,
    Tenant,
    hash_secret,
    normalise_identity,
)
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
    """Add (or create) a user by email with a role. Returns the user and a new password if one was made.

    For the operator's command line and scripts only: the dashboard invites (``invitation_create``),
    so no tenant admin can add somebody's existing account without their consent."""
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


def membership_touch(*, membership: Membership, every: timedelta = timedelta(minutes=1)) -> None:
    """Record that the user works in this tenant now (at most once per ``every``): sign-in picks the
    tenant used last. Bookkeeping, not a change anybody audits."""
    now = timezone.now()
    if membership.last_used_at is not None and now - membership.last_used_at < every:
        return
    with tenant_scope(membership.tenant):
        Membership.objects.filter(pk=membership.pk).update(last_used_at=now)
    membership.last_used_at = now


# --------------------------------------------------------------------------- invitations

INVITATION_LIFETIME = timedelta(days=7)


def invitation_create(*, tenant: Tenant, email: str, role: str, invited_by: AbstractBaseUser | None,
                      actor: str) -> tuple[Invitation, str]:
    """An invitation for ``email`` to join with ``role``, and its token (shown once, only its hash is kept).

    It looks at no account, so the answer is the same whether one exists for the email or not. A
    pending invitation to the same email is revoked: only the newest link works."""
    if role not in Role.values:
        raise ValidationFailed("Unknown role.", fields={"role": [f"One of: {', '.join(Role.values)}."]})
    email = normalise_identity(email)
    token = secrets.token_urlsafe(32)
    now = timezone.now()
    with transaction.atomic(), tenant_scope(tenant):
        # Members are listed on the admin's page anyway, so this tells them nothing new.
        if any(normalise_identity(name) == email
               for name in Membership.objects.values_list("user__username", flat=True)):
            raise ValidationFailed("This person is already a member.", code="already_member",
                                   fields={"email": ["Already a member."]})
        for old in Invitation.objects.select_for_update().filter(email=email, accepted_at=None, declined_at=None,
                                                                  revoked_at=None):
            _invitation_close(old, "revoked_at", now, actor=actor, action="invitation.revoked")
        invitation = Invitation.objects.create(email=email, role=role, token_hash=hash_secret(token),
                                               invited_by=invited_by, created_at=now,
                                               expires_at=now + INVITATION_LIFETIME)
        audit("invitation.created", actor=actor, target_type="invitation", target_id=invitation.pk,
              data={"role": role})
    return invitation, token


def invitation_revoke(*, tenant: Tenant, invitation_id: int, actor: str) -> Invitation:
    with transaction.atomic(), tenant_scope(tenant):
        invitation = Invitation.objects.select_for_update().get(pk=invitation_id)
        if invitation.state() == InvitationState.PENDING:
            _invitation_close(invitation, "revoked_at", timezone.now(), actor=actor, action="invitation.revoked")
    return invitation


# Why an invitation cannot be answered, by its state (the dashboard translates them).
INVITATION_CLOSED = {
    InvitationState.ACCEPTED: "This invitation has already been accepted.",
    InvitationState.DECLINED: "This invitation was declined.",
    InvitationState.REVOKED: "This invitation was withdrawn.",
    InvitationState.EXPIRED: "This invitation has expired. Ask for a new one.",
}


def _open_for(invitation_id: int, user: AbstractBaseUser) -> Invitation:
    """The invitation, locked, if ``user`` may answer it now (within the invitation's tenant scope)."""
    invitation = Invitation.objects.select_for_update().get(pk=invitation_id)
    state = invitation.state()
    if state != InvitationState.PENDING:
        raise ValidationFailed(INVITATION_CLOSED[state], code=f"invitation_{state}")
    if not invitation.is_for(user.get_username()):
        raise ServiceError("This invitation is for another account.", code="wrong_account", status_code=403)
    return invitation


def _invitation_close(invitation: Invitation, field: str, now: datetime, *, actor: str, action: str,
                      data: dict[str, object] | None = None) -> None:
    setattr(invitation, field, now)
    invitation.save(update_fields=[field])
    audit(action, actor=actor, target_type="invitation", target_id=invitation.pk, data=data)


def invitation_accept(*, invitation: Invitation, user: AbstractBaseUser,
                      account_created: bool = False) -> Membership:
    """``user`` joins the invitation's tenant with its role (a member already keeps the role they have)."""
    now = timezone.now()
    with transaction.atomic(), tenant_scope(invitation.tenant):
        invitation = _open_for(invitation.pk, user)
        membership, _ = Membership.objects.get_or_create(user=user, defaults={"role": invitation.role,
                                                                              "last_used_at": now})
        data: dict[str, object] = {"role": membership.role, "membership": membership.pk}
        if account_created:
            data["account_created"] = True
        _invitation_close(invitation, "accepted_at", now, actor=f"user:{user.get_username()}",
                          action="invitation.accepted", data=data)
    return membership


def invitation_decline(*, invitation: Invitation, user: AbstractBaseUser) -> None:
    with transaction.atomic(), tenant_scope(invitation.tenant):
        invitation = _open_for(invitation.pk, user)
        _invitation_close(invitation, "declined_at", timezone.now(), actor=f"user:{user.get_username()}",
                          action="invitation.declined")


def invitation_accept_new_account(*, invitation: Invitation, password: str) -> tuple[AbstractBaseUser, Membership]:
    """Create the account the invitation names, with ``password`` (already checked by the password
    validators), and accept the invitation with it: both or neither."""
    User = get_user_model()
    try:
        with transaction.atomic():
            if User.objects.filter(username__iexact=invitation.email).exists():
                raise ValidationFailed("An account with this email exists: sign in to accept.", code="account_exists")
            user = User.objects.create_user(username=invitation.email, email=invitation.email, password=password)
            membership = invitation_accept(invitation=invitation, user=user, account_created=True)
    except IntegrityError as exc:  # the same account created at the same moment
        raise ValidationFailed("An account with this email exists: sign in to accept.",
                               code="account_exists") from exc
    return user, membership
