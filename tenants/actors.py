"""Who an actor string names, in words: ``key:<prefix>`` → the API key's name, ``user:<username>`` → the
person's full name (else the username), anything else (``system:…``) as it is.

Actors are stored as those strings (versions, audit events, review decisions, feedback) and resolved when
shown, within the active tenant only: a key or person of another tenant is never named, and a revoked key
(keys are revoked, never deleted) keeps its name.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model

from tenants.models import ApiKey, Membership

KEY, USER = "key:", "user:"


def actor_key_prefix(actor: str) -> str:
    """The API key prefix an actor string names ('' for others)."""
    return actor.removeprefix(KEY) if actor.startswith(KEY) else ""


def actor_names(actors: Iterable[str]) -> dict[str, str]:
    """Each actor's display name (two queries at most, tenant-scoped). A key without a name, or one this
    tenant does not hold, reads as its actor string."""
    wanted = set(actors)
    prefixes = {actor_key_prefix(a) for a in wanted} - {""}
    usernames = {a.removeprefix(USER) for a in wanted if a.startswith(USER)}
    names = {a: a for a in wanted}
    if prefixes:
        for prefix, name in ApiKey.objects.filter(prefix__in=prefixes).values_list("prefix", "name"):
            if name.strip():
                names[KEY + prefix] = name.strip()
    if usernames:
        field = get_user_model().USERNAME_FIELD
        members = Membership.objects.filter(**{f"user__{field}__in": usernames}).select_related("user")
        for member in members:
            full = member.user.get_full_name().strip()
            names[USER + member.user.get_username()] = full or member.user.get_username()
    return {a: names[a] for a in wanted}


def actor_name(actor: str) -> str:
    return actor_names([actor])[actor] if actor else ""
