"""Scopes and subjects a write needs, created on first use (safe under concurrent writers)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction

from memories.models import Scope
from tenants.models import Subject


def scope_get_or_create(path: str) -> Scope:
    scope = Scope.objects.filter(path=path).first()
    if scope is not None:
        return scope
    try:
        with transaction.atomic():
            return Scope.objects.create(path=path)
    except IntegrityError:
        return Scope.objects.get(path=path)


def subject_get_or_create(external_id: str | None) -> Subject | None:
    if not external_id:
        return None
    subject = Subject.objects.filter(external_id=external_id).first()
    if subject is not None:
        return subject
    try:
        with transaction.atomic():
            return Subject.objects.create(external_id=external_id)
    except IntegrityError:
        return Subject.objects.get(external_id=external_id)


def scopes_get_or_create(paths: Iterable[str]) -> dict[str, Scope]:
    """Many scopes by path: one query for those that exist; new ones one by one, in sorted order (two
    batches creating the same new scopes then wait for each other instead of deadlocking)."""
    wanted = sorted(set(paths))
    found = {scope.path: scope for scope in Scope.objects.filter(path__in=wanted)}
    for path in wanted:
        if path not in found:
            found[path] = scope_get_or_create(path)
    return found


def subjects_get_or_create(external_ids: Iterable[str | None]) -> dict[str, Subject | None]:
    """Many subjects by external id ("" and None: no subject), like ``scopes_get_or_create``."""
    wanted = sorted({e for e in external_ids if e})
    found: dict[str, Subject | None] = {s.external_id: s for s in Subject.objects.filter(external_id__in=wanted)}
    for external_id in wanted:
        if external_id not in found:
            found[external_id] = subject_get_or_create(external_id)
    found[""] = None
    return found
