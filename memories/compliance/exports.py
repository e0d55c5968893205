"""The weekly JSONL audit export: one gzip file per tenant and window, plus a manifest.

Reproducible by construction: the same window over the same rows gives the same bytes (sorted
lines, sorted keys, no wall-clock time in the content, gzip with mtime 0 and no file name), so a
re-run can be checked against the first one's sha256. The line format is versioned
(``SCHEMA_VERSION``, ``memories/compliance/export_schema.json``, ``docs/export-schema.md``).
"""

from __future__ import annotations

import gzip
import hashlib
import heapq
import json
import os
import re
import tempfile
import uuid
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from memories import selectors
from memories.models import ExportRun, MemoryVersion
from memories.representation import audit_json, iso, version_json
from mnemara.kernel.errors import Conflict, NotFound, ValidationFailed
from tenants.audit import audit
from tenants.models import AuditEvent, Subject, Tenant
from tenants.scoping import get_active_tenant

SCHEMA_VERSION = "1.0"
SCHEMA_NAME = "mnemara-export"
SCHEMA_FILE = Path(__file__).resolve().parent / "export_schema.json"
GENERATED_BY = f"mnemara export_memories (schema {SCHEMA_VERSION})"
_PERSONAL_SCOPE = re.compile(r"^user/([^/]+)")


# --------------------------------------------------------------------------- windows

def iso_week_window(now: datetime | None = None) -> tuple[datetime, datetime]:
    """The previous full ISO week (Monday 00:00 UTC to the next Monday 00:00 UTC) before ``now``."""
    today = (now or timezone.now()).astimezone(UTC).date()
    this_monday = today - timedelta(days=today.weekday())
    return day_start(this_monday - timedelta(days=7)), day_start(this_monday)


def day_start(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def export_file_name(tenant: Tenant, start: datetime, end: datetime) -> str:
    fmt = "%Y%m%dT%H%M%SZ"
    return f"mnemara-{tenant.slug}-{start.astimezone(UTC).strftime(fmt)}-{end.astimezone(UTC).strftime(fmt)}.jsonl.gz"


def export_path(run: ExportRun) -> Path:
    """Where a run's file lives. Stored relative to EXPORT_DIR so the folder can move."""
    return Path(settings.EXPORT_DIR) / run.file_path


def export_open(*, export_id: uuid.UUID | str, actor: str) -> tuple[ExportRun, Path]:
    """An export run of the active tenant and its file, for download (audited). The file must still be
    inside ``EXPORT_DIR``: gone or moved is a 404; flagged by an erasure, a 409 until re-issued."""
    run = selectors.export_run_get(export_id)
    if run.flagged_at is not None:  # no new copy of an erased person's data leaves the service
        raise Conflict("This export holds data of a person erased since: re-issue it or delete it.",
                       code="export_flagged")
    root = Path(settings.EXPORT_DIR).resolve()
    path = export_path(run).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        raise NotFound("The export file is gone from the export folder.", code="export_file_missing")
    audit("export.downloaded", actor=actor, target_type="export", target_id=run.pk)
    return run, path


def manifest_path(export_file: Path) -> Path:
    return export_file.with_name(export_file.name.removesuffix(".jsonl.gz") + ".manifest.json")


def _dumps(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


# --------------------------------------------------------------------------- the export

class _Collected:
    def __init__(self) -> None:
        self.counts = {"memory_version": 0, "audit_event": 0}
        self.subject_ids: set[uuid.UUID] = set()
        self.personal_ids: set[str] = set()


def _lines(start: datetime, end: datetime, seen: _Collected) -> Iterator[str]:
    """Every line of the window in one deterministic order: (time, kind, id)."""
    versions = (MemoryVersion.objects.filter(created_at__gte=start, created_at__lt=end)
                .annotate(subject_pk=F("memory__subject_id"), subject_external_id=F("memory__subject__external_id"))
                .order_by("created_at", "memory_id", "version"))
    events = AuditEvent.objects.filter(created_at__gte=start, created_at__lt=end).order_by("created_at", "id")

    def version_rows() -> Iterator[tuple[datetime, int, str, dict[str, Any]]]:
        for v in versions.iterator(chunk_size=2000):
            if v.subject_pk is not None:
                seen.subject_ids.add(v.subject_pk)
            match = _PERSONAL_SCOPE.match(v.scope_path)
            if match:
                seen.personal_ids.add(match.group(1))
            seen.counts["memory_version"] += 1
            line = {"kind": "memory_version", "schema_version": SCHEMA_VERSION,
                    **version_json(v, v.subject_external_id)}
            yield v.created_at, 0, f"{v.memory_id}:{v.version:010d}", line

    def event_rows() -> Iterator[tuple[datetime, int, str, dict[str, Any]]]:
        for e in events.iterator(chunk_size=2000):
            seen.counts["audit_event"] += 1
            yield e.created_at, 1, f"{e.id:020d}", {"kind": "audit_event", "schema_version": SCHEMA_VERSION,
                                                     **audit_json(e)}

    for _, _, _, line in heapq.merge(version_rows(), event_rows(), key=lambda row: row[:3]):
        yield _dumps(line) + "\n"


def _write_gzip(path: Path, lines: Iterator[str]) -> tuple[str, int]:
    """Write atomically (temp file + rename); return (sha256, size) of the gzip bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".export-", suffix=".tmp")
    try:
        # filename="" and mtime=0: nothing in the header changes from one run to the next.
        with os.fdopen(fd, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=6,
                                                       mtime=0) as gz:
            for line in lines:
                gz.write(line.encode())
        digest = hashlib.sha256()
        with open(tmp, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return digest.hexdigest(), path.stat().st_size


def _manifest(tenant: Tenant, start: datetime, end: datetime, name: str, sha256: str, size: int,
              counts: dict[str, int]) -> dict[str, Any]:
    return {
        "schema": SCHEMA_NAME, "schema_version": SCHEMA_VERSION, "tenant": tenant.slug,
        "window": {"start": iso(start), "end": iso(end)}, "file": name, "sha256": sha256, "bytes": size,
        "counts": {**counts, "lines": sum(counts.values())}, "generated_by": GENERATED_BY,
    }


def export_write(*, tenant: Tenant, since: datetime, until: datetime, actor: str = "system:export") -> ExportRun:
    """Write (or rewrite) the tenant's export for [since, until) and record it as an ExportRun."""
    if since >= until:
        raise ValidationFailed("The export window is empty: since must be before until.",
                               fields={"since": ["Must be before until."]})
    assert get_active_tenant().pk == tenant.pk, "export_write runs inside tenant_scope(tenant)"
    name = export_file_name(tenant, since, until)
    relative = f"{tenant.slug}/{name}"
    path = Path(settings.EXPORT_DIR) / relative
    seen = _Collected()
    sha256, size = _write_gzip(path, _lines(since, until, seen))
    manifest = _manifest(tenant, since, until, name, sha256, size, seen.counts)
    manifest_path(path).write_text(
        json.dumps(manifest, sort_keys=True, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    if seen.personal_ids:
        seen.subject_ids |= set(Subject.objects.filter(external_id__in=seen.personal_ids).values_list("pk", flat=True))
    with transaction.atomic():
        # A person erased while the file was being written (after its rows were read) left a copy in it that
        # the erasure could not see: the run is flagged at once, like one made before an erasure.
        still_here = Subject.objects.select_for_update().filter(pk__in=seen.subject_ids).count()
        erased_meanwhile = len(seen.subject_ids) - still_here
        run, created = ExportRun.objects.update_or_create(
            window_start=since, window_end=until,
            defaults={"schema_version": SCHEMA_VERSION, "file_path": relative, "manifest": manifest,
                      "sha256": sha256, "line_count": manifest["counts"]["lines"], "size_bytes": size,
                      "subject_ids": sorted(seen.subject_ids, key=str), "created_at": timezone.now(),
                      "flagged_at": timezone.now() if erased_meanwhile else None,
                      "flagged_erasures": erased_meanwhile})
        audit("export.written", actor=actor, target_type="export", target_id=run.pk,
              data={"lines": run.line_count, "sha256": sha256, "rerun": not created,
                    **({"flagged_erasures": erased_meanwhile} if erased_meanwhile else {})})
    return run


def exports_flag_for_erasure(*, subject_pk: uuid.UUID, erased_at: datetime) -> list[ExportRun]:
    """Flag every export made before this erasure whose file holds the person (runs inside the erasure's
    transaction). The rows keep the person's random UUID (nothing personal) until the run is re-issued."""
    runs = list(ExportRun.objects.select_for_update().filter(subject_ids__contains=[subject_pk],
                                                              created_at__lt=erased_at).order_by("window_start"))
    if runs:
        ExportRun.objects.filter(pk__in=[r.pk for r in runs]).update(
            flagged_at=erased_at, flagged_erasures=F("flagged_erasures") + 1)
    return runs


def export_delete(*, export_id: uuid.UUID | str, actor: str) -> ExportRun:
    """Delete an export: its row, file and manifest (audited ``export.deleted``, content-free)."""
    with transaction.atomic():
        run = selectors.export_run_get(export_id)
        path = export_path(run)
        ExportRun.objects.filter(pk=run.pk).delete()
        audit("export.deleted", actor=actor, target_type="export", target_id=run.pk,
              data={"window_start": iso(run.window_start), "window_end": iso(run.window_end),
                    "flagged": run.flagged_at is not None})
    root = Path(settings.EXPORT_DIR).resolve()
    if path.resolve().is_relative_to(root):
        path.unlink(missing_ok=True)
        manifest_path(path).unlink(missing_ok=True)
    return run


def export_due(*, tenant: Tenant, now: datetime | None = None) -> tuple[datetime, datetime] | None:
    """The previous ISO week's window if the tenant has no export for it yet, else None."""
    start, end = iso_week_window(now)
    if ExportRun.objects.filter(window_start=start, window_end=end).exists():
        return None
    return start, end


def export_purge_expired(*, tenant: Tenant, now: datetime | None = None, actor: str = "system:retention") -> int:
    """Delete exports (file, manifest, row) whose window ended more than export_retention_days ago."""
    cutoff = (now or timezone.now()) - timedelta(days=tenant.export_retention_days)
    purged = 0
    for run in ExportRun.objects.filter(window_end__lt=cutoff).order_by("window_end"):
        path = export_path(run)
        with transaction.atomic():
            ExportRun.objects.filter(pk=run.pk).delete()
            audit("export.purged", actor=actor, target_type="export", target_id=run.pk,
                  data={"window_end": iso(run.window_end), "retention_days": tenant.export_retention_days})
        path.unlink(missing_ok=True)
        manifest_path(path).unlink(missing_ok=True)
        purged += 1
    return purged
