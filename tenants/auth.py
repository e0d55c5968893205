"""API-key authentication for DRF: the key's lookup (it activates the key's tenant), permission and rate
limit. The base class of every API view is ``tenants.api.TenantAPIView``."""

from __future__ import annotations

import hmac
from datetime import timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone
from rest_framework import authentication, exceptions, permissions, throttling
from rest_framework.request import Request

from tenants import scoping, sql
from tenants.models import ApiKey, hash_secret

LAST_USED_RESOLUTION = timedelta(seconds=60)


def api_key_lookup(presented: str) -> ApiKey | None:
    """The live key a caller presented, with its tenant; None if it is unknown, revoked or wrong. It activates
    no tenant: the API's authentication does that, and the hosted MCP endpoint only decides who may enter."""
    prefix = ApiKey.split(presented)
    if prefix is None:
        return None
    # Cross-tenant on purpose: the key is what tells us the tenant. Raw SQL because this runs on every
    # API call and the ORM took three times longer to build the query than PostgreSQL to answer it.
    key = sql.api_key_by_prefix(prefix)
    if key is None:
        return None
    if not hmac.compare_digest(key.hashed_key, hash_secret(presented)):
        return None
    return key


class KeyPrincipal:
    """What DRF calls ``request.user`` for an API-key request."""

    is_authenticated = True
    is_anonymous = False

    def __init__(self, key: ApiKey) -> None:
        self.key = key

    def __str__(self) -> str:
        return self.key.actor()


class ApiKeyAuthentication(authentication.BaseAuthentication):
    #: The ``Authorization`` schemes a key may come with (lower case), and how to say so.
    schemes: tuple[str, ...] = ("bearer",)
    expected = "Use 'Authorization: Bearer <api key>'."

    def authenticate(self, request: Request) -> tuple[KeyPrincipal, ApiKey] | None:
        header = request.META.get("HTTP_AUTHORIZATION", "")
        if not header:
            return None
        scheme, _, presented = header.partition(" ")
        presented = presented.strip()
        if scheme.lower() not in self.schemes or not presented:
            raise exceptions.AuthenticationFailed(self.expected)
        key = self._lookup(presented)
        if key is None:
            raise exceptions.AuthenticationFailed("Invalid or revoked API key.")
        scoping.activate(key.tenant)
        self._touch(key)
        return KeyPrincipal(key), key

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="mnemara"'

    @staticmethod
    def _lookup(presented: str) -> ApiKey | None:
        return api_key_lookup(presented)

    @staticmethod
    def _touch(key: ApiKey) -> None:
        now = timezone.now()
        if key.last_used_at and now - key.last_used_at < LAST_USED_RESOLUTION:
            return
        stale = Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - LAST_USED_RESOLUTION)
        ApiKey.unscoped.filter(stale, pk=key.pk).update(last_used_at=now)


class HasTenantKey(permissions.BasePermission):
    """A valid key is required; a read-only key may only call views that do not write."""

    message = "This API key is read-only."

    def has_permission(self, request: Request, view: Any) -> bool:
        if not isinstance(request.auth, ApiKey):
            raise exceptions.NotAuthenticated("Authentication credentials were not provided.")
        writes = getattr(view, "writes", None)
        if writes is None:
            writes = request.method not in permissions.SAFE_METHODS
        return not (writes and request.auth.read_only)


class ApiKeyRateThrottle(throttling.SimpleRateThrottle):
    """Per-key request rate (``API_THROTTLE_RATE``); over it → 429 in the API error format."""

    scope = "api_key"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        if not isinstance(request.auth, ApiKey):
            return None
        return f"throttle:key:{request.auth.prefix}"



class TokenOrBearerAuthentication(ApiKeyAuthentication):
    """The same API keys, also as ``Authorization: Token <key>`` (what mem0's clients send): the
    mem0-compatible API (docs/mem0.md) accepts both schemes."""

    schemes = ("token", "bearer")
    expected = "Use 'Authorization: Token <api key>' (or Bearer)."

    def authenticate_header(self, request: Request) -> str:
        return 'Token realm="mnemara"'
