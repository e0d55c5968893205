"""Keyed memories are covered by access, erasure and the JSONL export like any other: their key rides on the
memory and on every version, and an erasure frees the key."""

from __future__ import annotations

import gzip
import json
from datetime import timedelta
from urllib.parse import urlencode

import jsonschema
import pytest
from django.utils import timezone

from memories.compliance.exports import SCHEMA_FILE, export_path, export_write
from memories.compliance.subjects import subject_erase, subject_export
from memories.models import Memory, MemoryVersion
from tenants.scoping import tenant_scope
from tests.compliance.conftest import API

pytestmark = pytest.mark.django_db

PERSON = "keyed-person-5c1e"


def _url(key: str) -> str:
    return f"{API}/keys/memory?{urlencode({'scope': f'user/{PERSON}', 'key': key})}"


def _put(alice, key: str, content: str, **fields) -> dict:
    response = alice.client.put(_url(key), {"content": content, "subject": PERSON, **fields}, format="json")
    assert response.status_code in (200, 201), response.content
    return response.json()


def test_it_exports_and_erases_keyed_memories(alice, fake_embedder, export_dir) -> None:
    first = _put(alice, "profile/coffee", "Drinks flat whites.")
    _put(alice, "profile/coffee", "Drinks cortados.")
    _put(alice, "profile/twin", "Drinks cortados.")  # the same text under another key: another memory
    proposal = _put(alice, "profile/coffee", "Maybe switching to tea.", provenance="inferred")
    assert proposal["status"] == "pending" and proposal["key"] == "profile/coffee"

    with tenant_scope(alice.tenant):
        exported = subject_export(external_id=PERSON)
        keys = sorted((m["key"], m["status"]) for m in exported["memories"])
        assert keys == [("profile/coffee", "active"), ("profile/coffee", "pending"), ("profile/twin", "active")]
        coffee = next(m for m in exported["memories"] if m["id"] == first["id"])
        assert [(v["version"], v["key"]) for v in coffee["versions"]] == [(1, "profile/coffee"),
                                                                           (2, "profile/coffee")]
        run = export_write(tenant=alice.tenant, since=timezone.now() - timedelta(hours=1),
                           until=timezone.now() + timedelta(minutes=1))
    with gzip.open(export_path(run), "rt", encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    validator = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text()),
                                                format_checker=jsonschema.FormatChecker())
    versions = [line for line in lines if line["kind"] == "memory_version"]
    for line in lines:
        validator.validate(line)
    assert {line["key"] for line in versions} == {"profile/coffee", "profile/twin"}

    with tenant_scope(alice.tenant):
        receipt = subject_erase(external_id=PERSON, actor="key:test")
        assert receipt["counts"]["memories"] == 3
        assert not Memory.objects.filter(key__startswith="profile/").exists()
        assert not MemoryVersion.objects.filter(key__startswith="profile/").exists()
    assert alice.client.get(_url("profile/coffee")).status_code == 404
    again = alice.client.put(_url("profile/coffee"), {"content": "A fresh start."}, format="json")
    assert again.status_code == 201 and again.json()["version"] == 1
