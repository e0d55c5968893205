from __future__ import annotations

import hashlib
import secrets
import unicodedata
import uuid
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tenants.owned import TenantManager, TenantOwned, TenantQuerySet
from tenants.paths import path_within
from tenants.signals import audit_recorded

# Bounds of a tenant's settings. The token budget's are those of POST /context (a default it would refuse
# breaks every call that relies on it); a retention beyond ~100 years overflows date arithmetic.
TOKEN_BUDGET_MIN, TOKEN_BUDGET_MAX = 32, 32_000
RETENTION_DAYS_MAX = 36_500
HALF_LIFE_DAYS_MIN, HALF_LIFE_DAYS_MAX = 0.1, 36_500.0
EXTRACTION_DAILY_CAP_MAX = 1_000_000


def _between(low: float, high: float) -> list[Any]:
    return [MinValueValidator(low), MaxValueValidator(high)]


class Tenant(models.Model):
    """An organisation. All data is partitioned by it. Settings live here as plain columns, each with its
    bounds as validators (the settings form and ``tenant_settings_update`` check them)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    slug = models.SlugField(max_length=64, unique=True)
    name = models.CharField(max_length=200)
    review_threshold = models.FloatField(default=0.8, validators=_between(0.0, 1.0))
    token_budget = models.PositiveIntegerField(default=1200, validators=_between(TOKEN_BUDGET_MIN, TOKEN_BUDGET_MAX))
    task_half_life_days = models.FloatField(default=14.0, validators=_between(HALF_LIFE_DAYS_MIN, HALF_LIFE_DAYS_MAX))
    note_half_life_days = models.FloatField(default=90.0, validators=_between(HALF_LIFE_DAYS_MIN, HALF_LIFE_DAYS_MAX))
    deprecated_retention_days = models.PositiveIntegerField(default=365, validators=_between(1, RETENTION_DAYS_MAX))
    session_retention_days = models.PositiveIntegerField(default=90, validators=_between(1, RETENTION_DAYS_MAX))
    export_retention_days = models.PositiveIntegerField(default=400, validators=_between(1, RETENTION_DAYS_MAX))
    extraction_daily_cap = models.PositiveIntegerField(default=1000, validators=_between(0, EXTRACTION_DAILY_CAP_MAX))
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.slug


class Role(models.TextChoices):
    OWNER = "owner", _("owner")
    ADMIN = "admin", _("admin")
    REVIEWER = "reviewer", _("reviewer")
    VIEWER = "viewer", _("viewer")


ROLE_RANK = {Role.VIEWER: 0, Role.REVIEWER: 1, Role.ADMIN: 2, Role.OWNER: 3}


def normalise_identity(name: str) -> str:
    """How a sign-in name or an invited email is compared: NFKC, as Django's sign-in form normalises a
    username, then case-folded (and NFKC again, since folding can undo it), so "ａｌｉｃｅ@Example.com"
    and "alice@example.com" are one person to the login throttle and to invitations."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).strip().casefold())


class Membership(TenantOwned):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.VIEWER)
    created_at = models.DateTimeField(default=timezone.now)
    # When the dashboard last worked in this tenant for this user: sign-in picks the most recent one.
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tenant", "user"], name="membership_unique_user")]

    def has_role(self, role: str) -> bool:
        return ROLE_RANK[Role(self.role)] >= ROLE_RANK[Role(role)]


class InvitationState(models.TextChoices):
    PENDING = "pending", _("awaiting an answer")
    ACCEPTED = "accepted", _("accepted")
    DECLINED = "declined", _("declined")
    REVOKED = "revoked", _("withdrawn")
    EXPIRED = "expired", _("expired")


class Invitation(TenantOwned):
    """An offer to join the tenant with a role, which only the person with that email can accept.

    Adding a member by email creates one, whatever accounts exist, so the admin learns nothing about
    other people's accounts. Only a hash of the token is stored; the link is shown once to the admin.
    """

    email = models.CharField(max_length=254)  # normalise_identity(email)
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.VIEWER)
    token_hash = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    declined_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["tenant", "email"], name="invitation_tenant_email")]

    def __str__(self) -> str:
        return f"{self.email} ({self.role})"

    def state(self, now: datetime | None = None) -> InvitationState:
        if self.accepted_at:
            return InvitationState.ACCEPTED
        if self.declined_at:
            return InvitationState.DECLINED
        if self.revoked_at:
            return InvitationState.REVOKED
        if self.expires_at <= (now or timezone.now()):
            return InvitationState.EXPIRED
        return InvitationState.PENDING

    def is_for(self, username: str) -> bool:
        return normalise_identity(username) == self.email


class LoginThrottle(models.Model):
    """Sign-in attempts of one identity from one address in the current window (tenants/throttle.py).

    Not tenant-owned: sign-in comes before any tenant. The key is a hash, so no typed name is stored.
    """

    key = models.CharField(max_length=64, primary_key=True)
    attempts = models.PositiveIntegerField()
    expires_at = models.DateTimeField(db_index=True)


class Subject(TenantOwned):
    """The person memories are about: the unit of GDPR access and erasure."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    external_id = models.CharField(max_length=200)
    # Other spellings of the person's name ("Zhang Wei", "张伟"), case-folded: content naming any of them
    # mentions this person (memories/write/mentions.py).
    aliases = ArrayField(models.CharField(max_length=200), default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tenant", "external_id"], name="subject_unique_external_id")]

    def __str__(self) -> str:
        return self.external_id


KEY_PREFIX_LEN = 10


def hash_secret(secret: str) -> str:
    # Keys carry 256 bits of randomness, so a fast hash is enough (no dictionary to attack).
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiKey(TenantOwned):
    """A tenant-bound key. Only its prefix (for lookup) and a hash are stored."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=100, blank=True)
    prefix = models.CharField(max_length=KEY_PREFIX_LEN, unique=True)
    hashed_key = models.CharField(max_length=64)
    scope_prefixes = ArrayField(models.CharField(max_length=255), default=list, blank=True)
    read_only = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.prefix}…"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None

    @staticmethod
    def generate() -> tuple[str, str]:
        """A new (prefix, full key). The full key is shown once and never stored."""
        prefix = secrets.token_hex(KEY_PREFIX_LEN // 2)
        return prefix, f"mn_{prefix}_{secrets.token_urlsafe(32)}"

    @staticmethod
    def split(key: str) -> str | None:
        """The lookup prefix of a presented key, or None if it is not shaped like one."""
        parts = key.split("_", 2)
        if len(parts) != 3 or parts[0] != "mn" or len(parts[1]) != KEY_PREFIX_LEN:
            return None
        return parts[1]

    def allows_scope(self, path: str) -> bool:
        return path_within(path, self.scope_prefixes)

    def actor(self) -> str:
        return f"key:{self.prefix}"

    def as_dict(self) -> dict[str, Any]:
        return {"id": str(self.id), "prefix": self.prefix, "name": self.name}


class AuditQuerySet(TenantQuerySet):
    def bulk_create(self, objs: Iterable[Any], *args: Any, **kwargs: Any) -> list[Any]:
        rows = super().bulk_create(objs, *args, **kwargs)
        if rows:
            audit_recorded.send(sender=AuditEvent, events=rows)
        return rows


class AuditManager(TenantManager.from_queryset(AuditQuerySet)):  # type: ignore[misc]
    """The tenant manager, whose ``bulk_create`` also sends ``audit_recorded``."""


class AuditEvent(TenantOwned):
    """Append-only: who did what to which object. Content-free by construction (ids, fields, counts).

    A database trigger (memories migration 0002) refuses UPDATE and DELETE on this table.
    """

    id = models.BigAutoField(primary_key=True)
    action = models.CharField(max_length=64)  # dotted: memory.created, review.resolved, subject.erased
    actor = models.CharField(max_length=200)
    target_type = models.CharField(max_length=32)
    target_id = models.CharField(max_length=64, blank=True, default="")
    data = models.JSONField(default=dict, blank=True)
    request_id = models.CharField(max_length=64, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "memories_auditevent"  # named when the model lived in the memories app
        indexes = [
            models.Index(fields=["tenant", "created_at"], name="audit_tenant_created"),
            models.Index(fields=["tenant", "target_type", "target_id"], name="audit_tenant_target"),
        ]

    objects = AuditManager()  # type: ignore[misc]

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise RuntimeError("audit events are append-only")
        super().save(*args, **kwargs)
        audit_recorded.send(sender=AuditEvent, events=[self])


class IdempotencyRecord(TenantOwned):
    """The first answer to a create, delete or erase sent with an ``Idempotency-Key`` (``tenants.idempotency``):
    a retry with that key within 24 h gets it again and changes nothing."""

    key = models.CharField(max_length=255)
    #: Who sent it (``api_key:<id>``): a key is remembered per API key, so another key of the tenant that
    #: sends the same Idempotency-Key gets its own request done, never this one's answer.
    principal = models.CharField(max_length=64, default="", blank=True)
    #: HMAC of the method, path and body: the same key for another request is refused. Keyed, because the
    #: path of an erasure names the person.
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    body = models.JSONField(null=True, blank=True)
    headers = models.JSONField(default=dict, blank=True)
    #: The memories the answer shows: deleting or erasing one scrubs the answer (no copy outlives them).
    resource_ids = ArrayField(models.UUIDField(), default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta(TenantOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["tenant", "principal", "key"], name="idempotency_unique_key")]
        indexes = [models.Index(fields=["created_at"], name="idempotency_created"),
                   GinIndex(fields=["resource_ids"], name="idempotency_resources")]


class FilterPage(models.TextChoices):
    """The dashboard pages a member can save a filter on (the value is the page's URL name)."""

    MEMORIES = "memories", _("Memories")
    REVIEW = "review", _("Review")
    FEEDBACK = "feedback", _("Feedback")
    AUDIT = "audit", _("Audit log")


class SavedFilter(TenantOwned):
    """A filter one dashboard member saved under a name on one page: the page's querystring, to open it again
    (``tenants.filters``). Personal: only its owner sees it. Its values may name a person or their words, so a
    GDPR erasure deletes the ones that do (``saved_filters_forget``)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_filters")
    page = models.CharField(max_length=16, choices=FilterPage.choices)
    name = models.CharField(max_length=80)
    query = models.CharField(max_length=2000)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta(TenantOwned.Meta):
        constraints = [models.UniqueConstraint(fields=["tenant", "user", "page", "name"],
                                               name="saved_filter_unique_name")]
