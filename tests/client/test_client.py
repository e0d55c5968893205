"""The Python client against the live test server: real HTTP, real database, real embedding model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mnemara.client import (
    AuthenticationError,
    Memory,
    Mnemara,
    NotFound,
    ValidationError,
    VersionConflict,
)
from tests.client.conftest import require_endpoint

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_saves_a_memory_and_reads_it_back(alice_memory: Mnemara) -> None:
    saved = alice_memory.save("Prefers answers in Chinese", scope="user/123", type="preference",
                              entity="language", subject="123", metadata={"source": "test"}, confidence=0.95)
    assert isinstance(saved, Memory)
    assert saved.resolution is not None and saved.resolution.action == "created"
    assert (saved.scope, saved.type, saved.subject, saved.version) == ("user/123", "preference", "123", 1)
    assert saved.created_at is not None and saved.created_at.tzinfo is not None

    fetched = alice_memory.get(saved.id)
    assert (fetched.id, fetched.content, fetched.metadata, fetched.confidence) == \
        (saved.id, "Prefers answers in Chinese", {"source": "test"}, 0.95)
    assert [m.id for m in alice_memory.list(scope="user/123")] == [saved.id]
    assert [v.version for v in alice_memory.history(saved.id)] == [1]


def test_it_saves_many_and_lists_them_page_by_page(alice_memory: Mnemara) -> None:
    saved = alice_memory.save_many([{"scope": "team/ops", "content": f"Runbook step {i} is documented"}
                                    for i in range(5)])
    assert len(saved) == 5 and all(m.resolution is not None for m in saved)
    page = alice_memory.list_page(scope="team/ops", limit=2)
    assert len(page.results) == 2 and page.next
    listed = list(alice_memory.list(scope="team/ops", page_size=2))
    assert sorted(m.id for m in listed) == sorted(m.id for m in saved)


def test_it_raises_version_conflict_with_the_current_memory_on_a_stale_update(alice_memory: Mnemara) -> None:
    saved = alice_memory.save("The Apollo deadline is March 3", scope="project/apollo", entity="apollo/deadline")
    updated = alice_memory.update(saved.id, version=saved.version, content="The Apollo deadline is March 10",
                                  reason="moved")
    assert updated.version == saved.version + 1

    with pytest.raises(VersionConflict) as caught:
        alice_memory.update(saved.id, version=saved.version, content="The Apollo deadline is April 1")
    conflict = caught.value
    assert (conflict.status, conflict.code) == (409, "version_conflict")
    assert conflict.current is not None
    assert (conflict.current.version, conflict.current.content) == (updated.version, "The Apollo deadline is March 10")
    # Nothing was lost: the stale write did not land, and a retry with the current version does.
    assert alice_memory.get(saved.id).content == "The Apollo deadline is March 10"
    retried = alice_memory.update(saved.id, version=conflict.current.version, content="The Apollo deadline is April 1")
    assert retried.version == updated.version + 1
    assert [v.version for v in alice_memory.history(saved.id)] == [1, 2, 3]


def test_it_deprecates_and_restores(alice_memory: Mnemara) -> None:
    saved = alice_memory.save("Uses vim", scope="user/5", type="preference")
    deprecated = alice_memory.deprecate(saved.id, reason="switched editors")
    assert deprecated.status == "deprecated" and deprecated.version == 2
    assert alice_memory.restore(saved.id, version=deprecated.version).status == "active"


def test_it_reports_validation_errors_with_their_fields(alice_memory: Mnemara) -> None:
    with pytest.raises(ValidationError) as caught:
        alice_memory.save("x", scope="user/1", type="gossip")
    assert caught.value.status == 400 and caught.value.code == "validation_error"
    assert "type" in caught.value.fields


def test_it_refuses_a_wrong_key(live_server, alice_memory: Mnemara) -> None:
    with Mnemara(live_server.url, "mn_0000000000_wrong") as wrong, pytest.raises(AuthenticationError) as caught:
        wrong.get("00000000-0000-0000-0000-000000000000")
    assert (caught.value.status, caught.value.code) == (401, "unauthenticated")


def test_it_hides_another_tenants_memory(alice_memory: Mnemara, bob_memory: Mnemara) -> None:
    saved = alice_memory.save("Alice's secret plan is to buy Globex", scope="user/1")
    for attempt in (lambda: bob_memory.get(saved.id),
                    lambda: bob_memory.update(saved.id, version=1, content="hijacked"),
                    lambda: bob_memory.deprecate(saved.id),
                    lambda: bob_memory.history(saved.id)):
        with pytest.raises(NotFound) as caught:
            attempt()
        assert (caught.value.status, caught.value.code) == (404, "not_found")
    assert list(bob_memory.list()) == []
    assert alice_memory.get(saved.id).version == 1


def test_it_searches_the_saved_memories(alice_memory: Mnemara, bob_memory: Mnemara) -> None:
    require_endpoint("/api/v1/memories/search")
    alice_memory.save_many([
        {"scope": "user/42", "content": "Prefers dark mode in every editor", "type": "preference"},
        {"scope": "user/42", "content": "Has a golden retriever called Biscuit"},
        {"scope": "user/42", "content": "Works on the payments team in Berlin"},
    ])
    hits = alice_memory.search("what is the name of my dog?", scope="user/42", k=3)
    assert hits and hits[0].memory.content == "Has a golden retriever called Biscuit"
    assert hits == sorted(hits, key=lambda h: h.score, reverse=True)
    assert bob_memory.search("what is the name of my dog?", scope="user/42") == []
    bar = hits[0].scores["similarity"]  # the caller's own threshold on raw similarity
    assert [h.memory.content for h in alice_memory.search("what is the name of my dog?", scope="user/42", k=3,
                                                           threshold=bar)] == ["Has a golden retriever called Biscuit"]


def test_it_gets_the_context_block(alice_memory: Mnemara) -> None:
    require_endpoint("/api/v1/context")
    saved = alice_memory.save("Is allergic to peanuts", scope="user/77")
    alice_memory.save("Likes sailing on weekends", scope="user/77")
    context = alice_memory.context("Can you suggest a snack?", scope="user/77", token_budget=300)
    assert context.block.startswith("<memory") and context.block.rstrip().endswith("</memory>")
    assert "Is allergic to peanuts" in context.block
    assert saved.id in context.items and context.tokens > 0


def test_it_erases_a_subject(alice_memory: Mnemara) -> None:
    require_endpoint("/api/v1/subjects/123")
    kept = alice_memory.save("Team standup is at 9:30", scope="team/ops")
    erased = alice_memory.save("Lives in Lyon", scope="user/123", subject="123")
    receipt = alice_memory.erase_subject("123")
    assert receipt.subject == "123" and receipt.erased_at is not None
    assert receipt.counts["memories"] == 1 and receipt.counts["memory_versions"] == 1
    with pytest.raises(NotFound):
        alice_memory.get(erased.id)
    assert alice_memory.get(kept.id).content == "Team standup is at 9:30"
    assert list(alice_memory.list(subject="123")) == []


def test_it_sends_turns_to_a_session_and_closes_it(alice_memory: Mnemara) -> None:
    require_endpoint("/api/v1/sessions/s-1/messages")
    alice_memory.add_messages("s-client-1", [
        {"role": "user", "content": "Remember that my favourite colour is teal"},
        {"role": "assistant", "content": "Noted: teal."},
    ], scope="user/9", subject="9")
    session = alice_memory.session("s-client-1")
    assert [(t.role, t.content) for t in session.turns] == [
        ("user", "Remember that my favourite colour is teal"), ("assistant", "Noted: teal.")]
    assert (session.scope, session.subject, session.turn_count) == ("user/9", "9", 2)
    closed = alice_memory.close_session("s-client-1")
    assert closed.job, closed.raw
    require_endpoint(f"/api/v1/jobs/{closed.job}")
    job = alice_memory.job(closed.job)
    assert job.id == closed.job and job.status in ("queued", "running", "succeeded", "failed")


def test_it_sends_turns_with_their_times_and_imports_history(alice_memory: Mnemara, bob_memory: Mnemara) -> None:
    said = datetime(2025, 1, 15, 9, 30, tzinfo=UTC)
    alice_memory.add_messages("s-client-2", [{"role": "user", "content": "Remember: the office opens at nine.",
                                              "created_at": said}], scope="user/9")
    assert [t.created_at for t in alice_memory.session("s-client-2").turns] == [said]

    lines = [{"session": "s-client-3", "scope": "user/9", "messages": [
        {"role": "user", "content": "Remember: my project is called Starlight.", "created_at": said}]}]
    started = alice_memory.import_history(lines)
    assert (started.status, started.conversations_total, started.raw["turns"]) == (
        "queued", 1, {"added": 1, "present": 0})
    assert started.job and alice_memory.import_status(started.id).id == started.id
    again = alice_memory.import_history(lines)
    assert (again.status, again.job, again.raw["turns"]) == ("succeeded", None, {"added": 0, "present": 1})
    with pytest.raises(NotFound):
        bob_memory.import_status(started.id)
