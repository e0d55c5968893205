"""Reads shared by the API and the dashboard. Tenancy comes from the active tenant (TenantManager)."""

from __future__ import annotations

import base64
import binascii
import json
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from memories.models import AuditEvent, ExportRun, Memory, MemoryVersion, ReviewItem, Scope
from mnemara.errors import NotFound, ValidationFailed


def scope_filter(prefixes: Sequence[str], field: str = "scope__path") -> Q:
    """Rows whose scope is one of ``prefixes`` or below one. No prefixes: everything."""
    if not prefixes:
        return Q()
    q = Q(pk__in=[])
    for prefix in prefixes:
        p = prefix.strip("/")
        q |= Q(**{field: p}) | Q(**{f"{field}__startswith": p + "/"})
    return q


def visible_memories(prefixes: Sequence[str] = ()) -> QuerySet[Memory]:
    return Memory.objects.select_related("scope", "subject").filter(scope_filter(prefixes))


def not_expired() -> Q:
    """Memories past ``expires_at`` stop being returned at once (the retention job deletes them later)."""
    return Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now())


def memory_visible(memory_id: uuid.UUID | str, prefixes: Sequence[str] = ()) -> Memory:
    memory = visible_memories(prefixes).filter(not_expired(), pk=memory_id).first()
    if memory is None:
        raise NotFound("Memory not found.")
    return memory


def memory_history(memory: Memory) -> QuerySet[MemoryVersion]:
    return MemoryVersion.objects.filter(memory=memory).order_by("version")


def memory_list(qs: QuerySet[Memory], filters: dict[str, Any]) -> QuerySet[Memory]:
    if filters.get("scope"):
        # By id, looked up first: a join on the path hides the scope from the planner, which then sorted
        # the whole scope instead of reading the (tenant, scope, created_at, id) index (45 → 0.2 ms, 10k rows).
        scope_id = Scope.objects.filter(path=filters["scope"].strip("/")).values_list("pk", flat=True).first()
        qs = qs.filter(scope_id=scope_id) if scope_id else qs.none()
    if filters.get("scope_prefix"):
        qs = qs.filter(scope_filter([filters["scope_prefix"]]))
    for name in ("type", "status", "entity"):
        if filters.get(name):
            qs = qs.filter(**{name: filters[name]})
    if filters.get("subject"):
        qs = qs.filter(subject__external_id=filters["subject"])
    if filters.get("q"):
        qs = qs.filter(content__icontains=filters["q"])
    if filters.get("updated_since"):
        qs = qs.filter(updated_at__gte=filters["updated_since"])
    if not filters.get("include_expired"):
        qs = qs.filter(Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now()))
    return qs


def review_items(prefixes: Sequence[str] = (), status: str = "open") -> QuerySet[ReviewItem]:
    qs = ReviewItem.objects.select_related("memory__scope", "memory__subject", "other_memory__scope")
    if status:
        qs = qs.filter(status=status)
    return qs.filter(scope_filter(prefixes, "memory__scope__path"))


# --------------------------------------------------------------------------- keyset pagination

def encode_cursor(created_at: datetime, pk: object) -> str:
    raw = json.dumps([created_at.isoformat(), str(pk)]).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        created, pk = json.loads(raw)
        return datetime.fromisoformat(created), str(uuid.UUID(str(pk)))
    except (ValueError, TypeError, binascii.Error, json.JSONDecodeError) as exc:
        raise ValidationFailed("Invalid cursor.", fields={"cursor": ["Not a cursor this API gave out."]}) from exc


def paginate(qs: QuerySet[Any], cursor: str | None, limit: int) -> tuple[list[Any], str | None]:
    """Newest first, stable under inserts: (created_at, id) keyset."""
    qs = qs.order_by("-created_at", "-id")
    if cursor:
        created, pk = decode_cursor(cursor)
        qs = qs.filter(Q(created_at__lt=created) | Q(created_at=created, id__lt=pk))
    rows = list(qs[: limit + 1])
    if len(rows) > limit:
        last = rows[limit - 1]
        return rows[:limit], encode_cursor(last.created_at, last.pk)
    return rows, None


# --------------------------------------------------------------------------- compliance (API and dashboard)

def export_runs() -> QuerySet[ExportRun]:
    """The active tenant's audit exports; paginate() orders them newest first."""
    return ExportRun.objects.all()


def export_run_get(export_id: uuid.UUID | str) -> ExportRun:
    run = ExportRun.objects.filter(pk=export_id).first()
    if run is None:
        raise NotFound("Export not found.", code="export_not_found")
    return run


def audit_events(*, action_prefix: str = "", target_type: str = "", target_id: str = "") -> QuerySet[AuditEvent]:
    """The active tenant's audit log, newest first, optionally narrowed (e.g. ``memory.`` or one target)."""
    qs = AuditEvent.objects.all()
    if action_prefix:
        qs = qs.filter(action__startswith=action_prefix)
    if target_type:
        qs = qs.filter(target_type=target_type)
    if target_id:
        qs = qs.filter(target_id=target_id)
    return qs.order_by("-created_at", "-id")
