"""History import (docs/api.md §8.4): conversations keep their time, re-importing adds nothing, and an export
imported into a new tenant exports the same memories."""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone

from memories.compliance.exports import export_path, export_write
from memories.models import Job, Memory, MemoryVersion, SessionTurn
from tenants.scoping import tenant_scope
from tests.conftest import keyed_client
from tests.extraction.conftest import API, memories, run_jobs

pytestmark = pytest.mark.usefixtures("offline")
SCOPE = "user/42/project/starlight"
FIRST = "2025-01-15T09:30:00Z"
SECOND = "2026-01-15T16:00:00Z"


@pytest.fixture
def offline(settings):
    settings.ANTHROPIC_API_KEY = ""


def conversation(session: str, *messages: tuple[str, str, str], scope: str = SCOPE, **extra: Any) -> dict[str, Any]:
    return {"session": session, "scope": scope, **extra,
            "messages": [{"role": role, "content": content, "created_at": at} for role, content, at in messages]}


TWO_SESSIONS = [
    # The later conversation first in the file: the import still extracts the older one first.
    conversation("s-2026", ("user", "Hello again.", "2026-01-15T15:59:00Z"),
                 ("user", "The deadline is Friday.", SECOND)),
    conversation("s-2025", ("user", "Remember: my project is called Starlight and the prototype is due next Monday.",
                            FIRST), ("assistant", "Noted.", "2025-01-15T09:30:05Z")),
]


def jsonl(lines: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode()


def post_import(kc: Any, lines: Any, *, as_jsonl: bool = True, expect: int = 202) -> dict[str, Any]:
    if as_jsonl:
        response = kc.client.generic("POST", f"{API}/imports", jsonl(lines), content_type="application/x-ndjson")
    else:
        response = kc.client.post(f"{API}/imports", lines, format="json")
    assert response.status_code == expect, response.content[:2000]
    return dict(response.json())


def get_import(kc: Any, import_id: str, expect: int = 200) -> dict[str, Any]:
    response = kc.client.get(f"{API}/imports/{import_id}")
    assert response.status_code == expect, response.content[:2000]
    return dict(response.json())


def search(kc: Any, query: str, **extra: Any) -> list[dict[str, Any]]:
    response = kc.client.post(f"{API}/memories/search", {"query": query, "scope": SCOPE, "floor": False, **extra},
                              format="json")
    assert response.status_code == 200, response.content[:2000]
    return [hit["memory"] for hit in response.json()["results"]]


def counts(tenant: Any) -> tuple[int, int, int, int]:
    with tenant_scope(tenant):
        return (Memory.objects.count(), MemoryVersion.objects.count(), SessionTurn.objects.count(),
                Job.objects.count())


def test_two_sessions_a_year_apart_keep_their_dates_and_a_reimport_adds_nothing(alice):
    stored = _import_two_sessions_and_check_their_dates(alice)
    _reimport_and_check_nothing_is_added(alice, stored)


def _import_two_sessions_and_check_their_dates(alice) -> list[dict[str, Any]]:
    """The first import: both conversations extracted, oldest first, each memory dated when it was said."""
    accepted = post_import(alice, TWO_SESSIONS)
    assert accepted["status"] == "queued" and accepted["job"]
    assert accepted["conversations"] == {"total": 2, "done": 0}
    assert accepted["turns"] == {"added": 4, "present": 0}

    assert run_jobs() == 1  # one import job runs both conversations' jobs
    done = get_import(alice, accepted["id"])
    assert (done["status"], done["conversations"], done["errors"]) == ("succeeded", {"total": 2, "done": 2}, [])
    assert done["memories"] == {"created": 3, "present": 0} and done["finished_at"]

    stored = memories(alice, SCOPE)
    by_content = {m["content"]: m for m in stored}
    assert by_content["Project is called Starlight"]["valid_from"] == FIRST
    old = next(m for m in stored if m["type"] == "task" and "next Monday" in m["content"])
    new = by_content["Starlight: The deadline is Friday"]
    assert (old["valid_from"], new["valid_from"]) == (FIRST, SECOND)
    # Oldest first: the 2026 deadline superseded the 2025 one (not the reverse), when it was said.
    assert (old["status"], old["valid_to"], old["superseded_by"]) == ("deprecated", SECOND, new["id"])
    assert {m["source_session"] for m in stored} == {"s-2025", "s-2026"}

    between = search(alice, "When is the prototype due?", as_of="2025-07-01T00:00:00Z", types=["task"])
    assert [m["id"] for m in between] == [old["id"]]
    assert [m["id"] for m in search(alice, "When is the prototype due?", types=["task"])] == [new["id"]]
    return stored


def _reimport_and_check_nothing_is_added(alice, stored: list[dict[str, Any]]) -> None:
    before = counts(alice.tenant)
    again = post_import(alice, TWO_SESSIONS, as_jsonl=False)  # the same lines, as a JSON array this time
    assert again["job"] is None and again["status"] == "succeeded"
    assert again["turns"] == {"added": 0, "present": 4}
    assert again["conversations"] == {"total": 2, "done": 2} and again["memories"]["created"] == 0
    assert run_jobs() == 0
    assert counts(alice.tenant) == before
    unchanged = ("id", "content", "status", "version", "valid_from", "valid_to", "updated_at")
    assert [[m[k] for k in unchanged] for m in memories(alice, SCOPE)] == [[m[k] for k in unchanged] for m in stored]


def test_a_conversation_continued_later_imports_only_its_new_turns(alice):
    first = conversation("s-1", ("user", "Remember: my project is called Starlight.", FIRST))
    post_import(alice, [first])
    run_jobs()
    longer = conversation("s-1", ("user", "Remember: my project is called Starlight.", FIRST),
                          ("user", "The deadline is Friday.", SECOND))
    accepted = post_import(alice, [longer])
    assert accepted["turns"] == {"added": 1, "present": 1}
    run_jobs()
    assert get_import(alice, accepted["id"])["memories"]["created"] == 1
    assert {m["content"] for m in memories(alice, SCOPE)} == {"Project is called Starlight",
                                                            "Starlight: The deadline is Friday"}


def test_a_turn_that_differs_from_the_stored_one_is_a_409_and_nothing_is_written(alice):
    post_import(alice, [conversation("s-1", ("user", "Remember: my project is called Starlight.", FIRST))])
    before = counts(alice.tenant)
    error = post_import(alice, [conversation("s-2", ("user", "Remember: the office opens at nine.", FIRST)),
                                conversation("s-1", ("user", "Something else entirely.", FIRST))], expect=409)["error"]
    assert error["code"] == "import_conflict" and list(error["fields"]) == ["lines.1.messages.0"]
    assert counts(alice.tenant) == before


@pytest.mark.parametrize(("lines", "field"), [
    ([conversation("s-ok", ("user", "fine", FIRST)), conversation("s-bad", ("user", "x", "2025-01-15"))],
     "lines.1.messages.0.created_at"),
    ([conversation("s-1", ("user", "b", SECOND), ("user", "a", FIRST))], "lines.0.messages.1.created_at"),
    ([conversation("s-1", ("user", "a", FIRST)), conversation("s-1", ("user", "a", FIRST))], "lines.1.session"),
    ([conversation("a/b", ("user", "a", FIRST))], "lines.0.session"),
    ([{"session": "s-1", "messages": []}], "lines.0.messages"),
    ([{"kind": "memory_version", "schema_version": "2.0"}], "lines.0.schema_version"),
    ([{"kind": "audit\u0000event", "schema_version": "1.0"}], "lines.0.kind"),
    ([{"kind": "memory_version", "schema_version": "1.0", "memory_id": "not-a-uuid"}], "lines.0.memory_id"),
    (["just text"], "lines.0"),
    ([{"kind": "memory_version", "schema_version": "1.0", "memory_id": "e3e70682-c209-1cac-a29f-6fbed82c07cd",
       "version": 1, "scope": "team/a", "type": "fact", "content": "x", "confidence": 1, "provenance": "stated",
       "status": "active", "valid_from": FIRST, "superseded_by": ""}], "lines.0.superseded_by"),
    ([{"kind": "memory_version", "schema_version": "1.0", "memory_id": "e3e70682-c209-1cac-a29f-6fbed82c07cd",
       "version": 1, "scope": "team/a", "type": "fact", "content": "x", "confidence": 1, "provenance": "stated",
       "status": "active", "valid_from": FIRST, "entity": "a\u0000b"}], "lines.0.entity"),
    ([], "lines"),
    ({"session": "s-1"}, "lines"),
])
def test_bad_lines_are_a_400_naming_them_and_nothing_is_written(alice, fake_embedder, lines, field):
    error = post_import(alice, lines, as_jsonl=False, expect=400)["error"]
    assert error["code"] == "validation_error" and field in error["fields"], error
    assert counts(alice.tenant) == (0, 0, 0, 0)


def test_a_line_that_is_not_json_is_a_400(alice, fake_embedder):
    response = alice.client.generic("POST", f"{API}/imports", b'{"session": "s-1"}\n{oops\n',
                                    content_type="application/x-ndjson")
    assert response.status_code == 400 and response.json()["error"]["code"] == "parse_error"
    assert "line 2" in response.json()["error"]["message"]


def test_imports_are_the_tenants_own_and_need_a_full_write_key(alice, bob, fake_embedder):
    accepted = post_import(alice, [conversation("s-1", ("user", "Remember: the office opens at nine.", FIRST))])
    get_import(bob, accepted["id"], expect=404)
    reader = keyed_client(alice.tenant, name="reader", read_only=True)
    post_import(reader, TWO_SESSIONS, expect=403)
    assert get_import(reader, accepted["id"])["id"] == accepted["id"]
    limited = keyed_client(alice.tenant, name="limited", scope_prefixes=["user/42"])
    post_import(limited, TWO_SESSIONS, expect=404)
    get_import(limited, accepted["id"], expect=404)


def test_the_command_imports_a_file_and_waits_for_its_extraction(alice, tmp_path, capsys):
    path = tmp_path / "history.jsonl"
    path.write_bytes(jsonl(TWO_SESSIONS))
    call_command("import_history", str(path), tenant=alice.tenant.slug, scope_prefix="imported", wait=True)
    assert "2 conversations (2 done), 4 turns added" in capsys.readouterr().out
    stored = memories(alice, f"imported/{SCOPE}")
    assert sorted(m["valid_from"] for m in stored) == [FIRST, FIRST, SECOND]
    call_command("import_history", str(path), tenant=alice.tenant.slug, scope_prefix="imported", wait=True)
    assert "0 turns added, 4 present; 0 memories created" in capsys.readouterr().out


# --------------------------------------------------------------------------- export → import → export

def export_lines(tenant: Any, settings: Any, tmp_path: Path) -> list[dict[str, Any]]:
    settings.EXPORT_DIR = tmp_path / tenant.slug
    with tenant_scope(tenant):
        run = export_write(tenant=tenant, since=datetime(2000, 1, 1, tzinfo=UTC),
                           until=timezone.now() + timedelta(days=1))
        with gzip.open(export_path(run), "rt", encoding="utf-8") as f:
            return [json.loads(line) for line in f.read().split("\n") if line]


SAME = ("scope", "subject", "type", "content", "entity", "metadata", "confidence", "provenance", "status",
        "source_session", "valid_from", "valid_to", "key")


def final_states(lines: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Each memory's last exported state, ids aside (a successor is named by its content)."""
    last: dict[str, dict[str, Any]] = {}
    for line in lines:
        if line["kind"] == "memory_version" and line["version"] >= last.get(line["memory_id"], {}).get("version", 0):
            last[line["memory_id"]] = line
    content = {memory_id: line["content"] for memory_id, line in last.items()}
    return sorted((*(json.dumps(line.get(k), sort_keys=True) for k in SAME), content.get(line["superseded_by"]))
                  for line in last.values())


def seed(kc: Any) -> None:
    """Memories in every state: active, superseded, deprecated, pending (inferred), a conflict pair, with
    metadata and subjects, plus extracted ones from an imported conversation."""
    def save(body: Any) -> Any:
        response = kc.client.post(f"{API}/memories", body, format="json")
        assert response.status_code == 201, response.content[:2000]
        return response.json()

    save([{"scope": "user/7", "subject": "7", "content": "Ada's team meets on Tuesdays.", "type": "fact",
           "entity": "team:meeting", "metadata": {"source": "crm", "tags": ["a", "b"]},
           "valid_from": "2024-03-01T08:00:00Z"},
          {"scope": "user/7", "subject": "7", "content": "Likes a blue theme", "type": "preference",
           "entity": "preference:theme"},
          {"scope": "team/ops", "content": "Probably works remotely", "provenance": "inferred", "confidence": 0.5},
          {"scope": "team/ops", "content": "The on-call rotation changes every Monday.", "type": "note"}])
    save({"scope": "user/7", "subject": "7", "content": "Ada's team meets on Wednesdays.", "type": "fact",
          "entity": "team:meeting", "valid_from": "2024-09-01T08:00:00Z"})
    save({"scope": "user/7", "subject": "7", "content": "Prefers a green theme", "type": "preference",
          "entity": "preference:theme"})
    doomed = save({"scope": "team/ops", "content": "The printer is on floor 2.", "type": "fact"})
    response = kc.client.post(f"{API}/memories/{doomed['id']}/deprecate", {}, format="json",
                              HTTP_IF_MATCH='"1"')
    assert response.status_code == 200, response.content[:2000]
    for key in ("notes/a.md", "notes/b.md"):  # two keys holding one value: two memories, keys kept
        response = kc.client.put(f"{API}/keys/memory?scope=team/ops&key={key}",
                                 {"content": "Deploy freeze starts Friday."}, format="json")
        assert response.status_code == 201, response.content[:2000]
    post_import(kc, TWO_SESSIONS)
    run_jobs()


def test_an_export_imported_into_a_new_tenant_exports_the_same_memories(alice, bob, settings, tmp_path):
    seed(alice)
    exported = export_lines(alice.tenant, settings, tmp_path)
    states = final_states(exported)
    assert {s[8] for s in states} == {'"active"', '"deprecated"', '"pending"', '"conflicted"'}
    assert sorted(s[12] for s in states if s[12] != "null") == ['"notes/a.md"', '"notes/b.md"']

    accepted = post_import(bob, exported)
    assert accepted["job"] is None and accepted["status"] == "succeeded"
    assert accepted["memories"] == {"created": len(states), "present": 0}
    assert accepted["lines_skipped"] == len(exported) - len(states)
    assert final_states(export_lines(bob.tenant, settings, tmp_path)) == states

    # What a person must decide is asked again in the new tenant: the pending memory and the conflict pair.
    kinds = sorted(item["kind"] for item in bob.client.get(f"{API}/review").json()["results"])
    assert kinds == ["conflict", "pending"]

    before = counts(bob.tenant)
    again = post_import(bob, exported)
    assert again["memories"] == {"created": 0, "present": len(states)}
    assert counts(bob.tenant) == before

    # Alice's own export into Alice: every memory is already here.
    assert post_import(alice, exported)["memories"]["created"] == 0
