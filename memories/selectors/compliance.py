"""The compliance screens' and API's reads: the audit log, exports, erasure receipts and which audit
targets are gone."""

from __future__ import annotations

import uuid
from collections.abc import Iterable

from django.db.models import QuerySet

from memories.models import ExportRun, ReviewItem, Session
from memories.selectors.memory import visible_memories
from mnemara.kernel.errors import NotFound
from tenants.models import AuditEvent


def memory_targets_gone(target_ids: Iterable[str]) -> dict[str, str]:
    """Of these audit targets (memory ids as text), the ones no memory page shows any more, each with why:
    ``deleted`` (deleted or purged: an event says so) or ``erased`` (an erasure leaves no id behind)."""
    ids = set()
    for raw in target_ids:
        try:
            ids.add(str(uuid.UUID(raw)))
        except (ValueError, TypeError):
            continue
    if not ids:
        return {}
    live = {str(pk) for pk in visible_memories().filter(pk__in=ids).values_list("pk", flat=True)}
    gone = ids - live
    deleted = set(AuditEvent.objects.filter(target_type="memory", target_id__in=gone,
                                            action__in=["memory.deleted", "memory.purged"])
                  .values_list("target_id", flat=True))
    return {pk: "deleted" if pk in deleted else "erased" for pk in gone}


def audit_scope_paths(events: Iterable[AuditEvent]) -> dict[int, str]:
    """For an audit page: the scope path of each event about a memory, a review item or a session that still
    exists (three queries at most). An erased or deleted memory's scope is not shown: its path may name the
    person."""
    events = list(events)
    wanted: dict[str, set[str]] = {"memory": set(), "review_item": set(), "session": set()}
    for e in events:
        if e.target_type in wanted and _is_uuid(e.target_id):
            wanted[e.target_type].add(e.target_id)
    paths = {"memory": dict(visible_memories().filter(pk__in=wanted["memory"]).values_list("pk", "scope__path")),
             "review_item": dict(ReviewItem.objects.filter(pk__in=wanted["review_item"])
                                 .values_list("pk", "memory__scope__path")),
             "session": dict(Session.objects.filter(pk__in=wanted["session"]).values_list("pk", "scope__path"))}
    found = {kind: {str(pk): path for pk, path in rows.items()} for kind, rows in paths.items()}
    return {e.pk: found[e.target_type][e.target_id] for e in events
            if e.target_type in found and e.target_id in found[e.target_type]}


def _is_uuid(value: str) -> bool:
    try:
        uuid.UUID(value)
    except (ValueError, TypeError):
        return False
    return True


def export_runs(*, flagged: bool | None = None) -> QuerySet[ExportRun]:
    """The active tenant's audit exports (only the flagged ones, or only the others); paginate() orders them
    newest first."""
    qs = ExportRun.objects.all()
    return qs if flagged is None else qs.filter(flagged_at__isnull=not flagged)


def export_states(export_ids: Iterable[str]) -> dict[str, str]:
    """What became of exports an erasure flagged: ``flagged`` (still), ``reissued`` (written again since) or
    ``deleted``."""
    ids = [str(i) for i in export_ids]
    runs = {str(r.pk): r for r in ExportRun.objects.filter(pk__in=ids)}
    return {i: "deleted" if i not in runs else "flagged" if runs[i].flagged_at else "reissued" for i in ids}


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


def erasure_receipts(limit: int = 50) -> QuerySet[AuditEvent]:
    """Stored erasure receipts (the content-free ``subject.erased`` events), newest first."""
    return AuditEvent.objects.filter(action="subject.erased").order_by("-created_at", "-id")[:limit]


def erasure_receipt(receipt_id: int) -> AuditEvent:
    event = AuditEvent.objects.filter(action="subject.erased", pk=receipt_id).first()
    if event is None:
        raise NotFound("Receipt not found.", code="receipt_not_found")
    return event
