"""One timestamp format everywhere a memory is read: ISO 8601 in UTC written with "Z" — in the API, in a
person's GDPR export and in the JSONL audit export (``memories.representation.iso``)."""

from __future__ import annotations

import gzip
import json
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from memories.compliance.exports import export_path, export_write
from memories.compliance.subjects import subject_export
from tenants.scoping import tenant_scope
from tests.compliance.conftest import API, write_person

pytestmark = pytest.mark.django_db
ZULU = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$")


def test_it_writes_one_timestamp_format_in_the_api_and_both_exports(alice, fake_embedder, export_dir) -> None:
    with tenant_scope(alice.tenant):
        written = write_person("ts-1", "timestamps")
    memory = written["results"][0].memory
    api = alice.client.get(f"{API}/memories/{memory.pk}").json()
    with tenant_scope(alice.tenant):
        person = subject_export(external_id="ts-1")
        now = timezone.now()
        run = export_write(tenant=alice.tenant, since=now - timedelta(days=1), until=now + timedelta(seconds=1))
    exported = next(m for m in person["memories"] if m["id"] == str(memory.pk))
    with gzip.open(export_path(run), "rt", encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    version = next(line for line in lines if line["kind"] == "memory_version" and line["memory_id"] == str(memory.pk))

    assert api["created_at"] == exported["created_at"]
    assert exported["versions"][0]["valid_from"] == version["valid_from"] == api["valid_from"]
    assert exported["versions"][0]["created_at"] == version["created_at"]
    for value in (api["created_at"], api["valid_from"], exported["updated_at"], version["created_at"],
                  *(line["created_at"] for line in lines if line["kind"] == "audit_event")):
        assert ZULU.match(value), value
    # The person's export holds the API's memory object (plus its history).
    assert {k: v for k, v in exported.items() if k != "versions"} == {
        k: v for k, v in api.items() if k not in ("access_count", "last_accessed_at")
    } | {"access_count": exported["access_count"], "last_accessed_at": exported["last_accessed_at"]}
