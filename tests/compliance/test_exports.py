"""The weekly JSONL audit export: schema, manifest, byte-identical re-runs, command, API, retention."""

from __future__ import annotations

import gzip
import hashlib
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import jsonschema
import pytest
from django.core.management import CommandError, call_command
from django.db.models import F
from django.utils import timezone

from memories.compliance.exports import SCHEMA_FILE, export_path, export_write, iso_week_window, manifest_path
from memories.compliance.retention import maintenance_run
from memories.models import ExportRun, MemoryVersion
from memories.representation import iso
from tenants.audit import audit
from tenants.models import AuditEvent
from tenants.scoping import tenant_scope
from tests.compliance.conftest import API, write_person

pytestmark = pytest.mark.django_db

SCHEMA = json.loads(SCHEMA_FILE.read_text())
DAYS_BACK = 30


def _line_validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.FormatChecker())


def _manifest_validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "oneOf": [{"$ref": "#/$defs/manifest"}]},
                                           format_checker=jsonschema.FormatChecker())


def _past_window() -> tuple[datetime, datetime]:
    now = timezone.now()
    return now - timedelta(days=DAYS_BACK + 5), now - timedelta(days=1)


@pytest.fixture
def history(alice, fake_embedder):
    """Memories and audit events dated a month ago (versions moved back; audit rows written back-dated)."""
    with tenant_scope(alice.tenant):
        write_person("123", "exported-person", actor="key:test")
        MemoryVersion.objects.update(created_at=F("created_at") - timedelta(days=DAYS_BACK))
        for i in range(3):
            event = audit("memory.updated", actor="key:test", target_type="memory", target_id=f"m{i}",
                          data={"fields": ["content"], "中文": "是"})
            AuditEvent.objects.bulk_create([AuditEvent(
                tenant_id=alice.tenant.pk, action="memory.viewed", actor=event.actor, target_type="memory",
                target_id=f"m{i}", data={"n": i}, created_at=timezone.now() - timedelta(days=DAYS_BACK, seconds=i))])
    return alice


def _lines(path: Path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_it_writes_a_valid_versioned_export_with_a_matching_manifest(history, export_dir) -> None:
    since, until = _past_window()
    with tenant_scope(history.tenant):
        run = export_write(tenant=history.tenant, since=since, until=until)
    path = export_path(run)
    lines = _lines(path)
    kinds = [line["kind"] for line in lines]
    assert kinds.count("memory_version") == MemoryVersion.unscoped.count() > 0
    assert kinds.count("audit_event") == 3  # only the back-dated ones: today's are outside the window
    validator = _line_validator()
    for line in lines:
        validator.validate(line)
    manifest = json.loads(manifest_path(path).read_text())
    _manifest_validator().validate(manifest)
    assert manifest["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest() == run.sha256
    assert manifest["counts"] == {"memory_version": kinds.count("memory_version"), "audit_event": 3,
                                  "lines": len(lines)}
    assert manifest["schema_version"] == run.schema_version == "1.0"
    assert manifest["window"] == {"start": iso(since), "end": iso(until)}  # the one format (representation.iso)
    times = [line["created_at"] for line in lines]
    assert times == sorted(times, key=datetime.fromisoformat)


def test_it_writes_byte_identical_files_for_the_same_window(history, export_dir) -> None:
    since, until = _past_window()
    with tenant_scope(history.tenant):
        first = export_write(tenant=history.tenant, since=since, until=until)
        first_bytes = export_path(first).read_bytes()
        first_manifest = manifest_path(export_path(first)).read_bytes()
        export_path(first).unlink()
        second = export_write(tenant=history.tenant, since=since, until=until)
        assert ExportRun.objects.count() == 1 and second.pk == first.pk  # a re-run regenerates the same run
    assert export_path(second).read_bytes() == first_bytes
    assert manifest_path(export_path(second)).read_bytes() == first_manifest
    header = first_bytes[:10]
    assert header[3] & 0x08 == 0, "no file name in the gzip header"
    assert header[4:8] == b"\0\0\0\0", "gzip mtime is 0"


def test_it_runs_the_command_twice_with_identical_output(history, export_dir) -> None:
    since, until = _past_window()
    args = ["--tenant", "acme", "--since", since.isoformat(), "--until", until.isoformat()]
    call_command("export_memories", *args)
    with tenant_scope(history.tenant):
        path = export_path(ExportRun.objects.get())
    first = path.read_bytes()
    call_command("export_memories", *args)
    assert path.read_bytes() == first
    assert path.parent.parent == export_dir and path.name.startswith("mnemara-acme-")


def test_it_refuses_an_unknown_tenant_and_bad_dates(export_dir, db) -> None:
    with pytest.raises(CommandError, match="Unknown tenant 'nope'"):
        call_command("export_memories", "--tenant", "nope")
    with pytest.raises(CommandError, match="Not a date"):
        call_command("export_memories", "--since", "last tuesday")
    with pytest.raises(CommandError, match="before"):
        call_command("export_memories", "--since", "2025-01-13", "--until", "2025-01-06")


def test_it_defaults_to_the_previous_iso_week(alice, bob, export_dir) -> None:
    call_command("export_memories")
    start, end = iso_week_window()
    assert start.weekday() == 0 and end - start == timedelta(days=7) and end <= timezone.now()
    assert start.tzinfo == UTC and start.hour == 0
    runs = ExportRun.unscoped.order_by("tenant__slug")
    assert [(r.window_start, r.window_end) for r in runs] == [(start, end), (start, end)]
    assert iso_week_window(datetime(2025, 1, 8, 12, tzinfo=UTC)) == (datetime(2024, 12, 30, tzinfo=UTC),
                                                                    datetime(2025, 1, 6, tzinfo=UTC))


def test_it_lists_and_downloads_exports_through_the_api(history, export_dir) -> None:
    since, until = _past_window()
    with tenant_scope(history.tenant):
        run = export_write(tenant=history.tenant, since=since, until=until)
        export_write(tenant=history.tenant, since=since - timedelta(days=7), until=since)
    body = history.client.get(f"{API}/exports", {"limit": 1}).json()
    assert len(body["results"]) == 1 and body["next"]
    rest = history.client.get(f"{API}/exports", {"cursor": body["next"]}).json()
    assert len(rest["results"]) == 1 and rest["next"] is None
    listed = {r["id"]: r for r in body["results"] + rest["results"]}
    assert listed[str(run.pk)]["sha256"] == run.sha256
    response = history.client.get(f"{API}/exports/{run.pk}/download")
    assert response.status_code == 200 and response["Content-Type"] == "application/gzip"
    data = b"".join(response.streaming_content)
    assert hashlib.sha256(data).hexdigest() == run.sha256
    with tenant_scope(history.tenant):
        assert AuditEvent.objects.filter(action="export.downloaded", target_id=str(run.pk)).exists()
    export_path(run).unlink()
    missing = history.client.get(f"{API}/exports/{run.pk}/download")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "export_file_missing"


def test_it_hides_exports_from_another_tenant(history, bob, export_dir) -> None:
    since, until = _past_window()
    with tenant_scope(history.tenant):
        run = export_write(tenant=history.tenant, since=since, until=until)
    assert bob.client.get(f"{API}/exports/{run.pk}/download").status_code == 404
    assert bob.client.get(f"{API}/exports").json()["results"] == []


def test_it_deletes_exports_past_their_retention(alice, export_dir) -> None:
    alice.tenant.export_retention_days = 30
    alice.tenant.save()
    now = timezone.now()
    with tenant_scope(alice.tenant):
        old = export_write(tenant=alice.tenant, since=now - timedelta(days=60), until=now - timedelta(days=40))
        recent = export_write(tenant=alice.tenant, since=now - timedelta(days=20), until=now - timedelta(days=10))
    old_path = export_path(old)
    report = maintenance_run(now=now, tenant_slug="acme")
    assert report["acme"]["purged"]["exports"] == 1
    assert not old_path.exists() and not manifest_path(old_path).exists()
    with tenant_scope(alice.tenant):
        assert ExportRun.objects.filter(pk=recent.pk).exists() and not ExportRun.objects.filter(pk=old.pk).exists()
        assert AuditEvent.objects.filter(action="export.purged", target_id=str(old.pk)).exists()


def test_it_writes_the_weekly_export_once_when_maintenance_runs_often(alice, export_dir) -> None:
    first = maintenance_run(tenant_slug="acme")
    second = maintenance_run(tenant_slug="acme")
    assert first["acme"]["export"] and second["acme"]["export"] is None
    call_command("run_maintenance", "--tenant", "acme")
    with tenant_scope(alice.tenant):
        assert ExportRun.objects.count() == 1
    with pytest.raises(CommandError, match="Unknown tenant"):
        call_command("run_maintenance", "--tenant", "nope")
