"""Importing a mem0 dump and a generic JSONL file through the history import (docs/mem0.md, "Importing"):
memories keep their original times, land in the scopes their ids name, and importing again adds nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from memories.models import Memory, MemoryVersion
from tenants.scoping import tenant_scope
from tests.conftest import KeyedClient
from tests.extraction.conftest import API

pytestmark = pytest.mark.usefixtures("fake_embedder")

MEM0_DUMP = [  # what mem0's get_all answers in "results"
    {"id": "7f165f7e-b411-4afe-b7e5-35789b72c4a5", "memory": "Is a vegetarian", "user_id": "alex",
     "agent_id": None, "app_id": None, "run_id": None, "metadata": {"food": "vegan"}, "categories": ["food"],
     "created_at": "2024-07-20T01:30:36.275141-07:00", "updated_at": "2024-07-20T01:30:36.275172-07:00"},
    {"id": "f2968654-5cd8-4d58-9f40-57ee339846b6", "memory": "Planning a trip to Japan", "user_id": "alex",
     "run_id": "trip-planning-2024", "created_at": "2024-07-21T10:00:00Z"},
    {"id": "a1", "memory": "Name is Alice, the tutor", "agent_id": "ai-tutor", "created_at": 1721469036},
]


def post(kc: KeyedClient, lines: Any, expect: int = 202) -> dict[str, Any]:
    response = kc.client.post(f"{API}/imports", lines, format="json")
    assert response.status_code == expect, response.content[:2000]
    return dict(response.json())


def test_it_imports_a_mem0_dump_with_its_times_and_ids_once(alice: KeyedClient) -> None:
    first = post(alice, MEM0_DUMP)
    assert first["memories"] == {"created": 3, "present": 0} and first["status"] == "succeeded"
    with tenant_scope(alice.tenant):
        by_text = {m.content: m for m in Memory.objects.select_related("scope", "subject")}
        vegetarian = by_text["Is a vegetarian"]
        assert vegetarian.scope.path == "user/alex" and vegetarian.subject is not None
        assert vegetarian.valid_from.isoformat() == "2024-07-20T08:30:36.275141+00:00"
        assert vegetarian.metadata == {"food": "vegan"}
        assert by_text["Planning a trip to Japan"].scope.path == "user/alex/run/trip-planning-2024"
        tutor = by_text["Name is Alice, the tutor"]
        assert tutor.scope.path == "agent/ai-tutor" and tutor.subject is None
        assert tutor.valid_from.isoformat() == "2024-07-20T09:50:36+00:00"
        assert MemoryVersion.objects.filter(memory__in=by_text.values()).count() == 3
    again = post(alice, MEM0_DUMP)
    assert again["memories"] == {"created": 0, "present": 3}
    with tenant_scope(alice.tenant):
        assert Memory.objects.count() == 3


def test_it_imports_generic_jsonl_with_the_command(alice: KeyedClient, tmp_path: Path) -> None:
    lines = [{"content": "Prefers window seats", "user_id": "sam", "created_at": "2023-03-01T12:00:00Z",
              "metadata": {"source": "crm"}},
             {"content": "Works at Initech", "user_id": "sam"}]
    path = tmp_path / "memories.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    call_command("import_history", str(path), tenant=alice.tenant.slug)
    call_command("import_history", str(path), tenant=alice.tenant.slug)  # twins of live memories: not again
    with tenant_scope(alice.tenant):
        stored = {m.content: m for m in Memory.objects.select_related("scope")}
        assert set(stored) == {"Prefers window seats", "Works at Initech"}
        assert stored["Prefers window seats"].valid_from.isoformat() == "2023-03-01T12:00:00+00:00"
        assert stored["Prefers window seats"].metadata == {"source": "crm"}
        assert {m.scope.path for m in stored.values()} == {"user/sam"}


def test_a_bad_line_is_named_and_nothing_is_written(alice: KeyedClient) -> None:
    bad = post(alice, [MEM0_DUMP[0], {"memory": "No owner"}], expect=400)
    assert "lines.1.user_id" in bad["error"]["fields"]
    spaced = post(alice, [{"content": "x", "user_id": "two words"}], expect=400)
    assert "lines.0.user_id" in spaced["error"]["fields"]
    with tenant_scope(alice.tenant):
        assert not Memory.objects.exists()
