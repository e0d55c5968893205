"""Turns that carry their time: extracted memories are valid from it, and ``as_of`` sees history in order."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from memories.models import Memory, SessionTurn
from tenants.scoping import tenant_scope
from tests.extraction.conftest import API, close, job, memories, run_jobs

pytestmark = pytest.mark.usefixtures("offline")
SCOPE = "user/42/project/starlight"
FIRST = datetime(2025, 1, 15, 9, 30, tzinfo=UTC)
SECOND = datetime(2026, 1, 15, 16, 0, tzinfo=UTC)


@pytest.fixture
def offline(settings):
    settings.ANTHROPIC_API_KEY = ""


def send(kc, session, *messages, expect=202):
    response = kc.client.post(f"{API}/sessions/{session}/messages", {"scope": SCOPE, "messages": list(messages)},
                              format="json")
    assert response.status_code == expect, response.content[:2000]
    return response.json()


def said(content, at, role="user"):
    return {"role": role, "content": content, "created_at": at.isoformat().replace("+00:00", "Z")}


def search(kc, query, **extra):
    response = kc.client.post(f"{API}/memories/search", {"query": query, "scope": SCOPE, "floor": False, **extra},
                              format="json")
    assert response.status_code == 200, response.content[:2000]
    return [hit["memory"] for hit in response.json()["results"]]


def test_it_dates_memories_by_their_turns_and_as_of_sees_the_earlier_state(alice):
    send(alice, "s-2025", said("Remember: my project is called Starlight and the prototype is due next Monday.",
                               FIRST),
         said("Noted.", FIRST + timedelta(seconds=5), role="assistant"))
    close(alice, "s-2025")
    send(alice, "s-2026", said("Hello again.", SECOND - timedelta(minutes=1)), said("The deadline is Friday.", SECOND))
    close(alice, "s-2026")
    run_jobs()

    stored = memories(alice, SCOPE)
    by_content = {m["content"]: m for m in stored}
    assert by_content["Project is called Starlight"]["valid_from"] == "2025-01-15T09:30:00Z"
    old = next(m for m in stored if m["type"] == "task" and "next Monday" in m["content"])
    new = by_content["Starlight: The deadline is Friday"]
    assert new["valid_from"] == "2026-01-15T16:00:00Z"  # the turn that said it, not the session's first
    # The old deadline held until the new one was said, not until the import ran.
    assert (old["status"], old["valid_from"], old["valid_to"]) == ("deprecated", "2025-01-15T09:30:00Z",
                                                                   "2026-01-15T16:00:00Z")
    assert old["superseded_by"] == new["id"]

    between = search(alice, "When is the deadline?", as_of="2025-07-01T00:00:00Z", types=["task"])
    assert [m["id"] for m in between] == [old["id"]]
    after = search(alice, "When is the deadline?", as_of="2026-02-01T00:00:00Z", types=["task"])
    assert [m["id"] for m in after] == [new["id"]]
    assert [m["id"] for m in search(alice, "When is the deadline?", types=["task"])] == [new["id"]]
    before = search(alice, "When is the deadline?", as_of="2024-12-31T00:00:00Z")
    assert before == []

    turns = alice.client.get(f"{API}/sessions/s-2026").json()["turns"]
    assert [t["created_at"] for t in turns] == ["2026-01-15T15:59:00Z", "2026-01-15T16:00:00Z"]


def test_turns_without_a_time_are_now_and_so_are_their_memories(alice, fake_embedder):
    before = timezone.now()
    send(alice, "s-live", {"role": "user", "content": "Remember: my project is called Starlight."})
    close(alice, "s-live")
    run_jobs()
    [memory] = memories(alice, SCOPE)
    with tenant_scope(alice.tenant):
        turn = SessionTurn.objects.get(session__session_key="s-live")
        stored = Memory.objects.get(pk=memory["id"])
    assert before <= turn.created_at <= stored.created_at
    assert stored.valid_from == turn.created_at


@pytest.mark.parametrize(("messages", "field", "words"), [
    ([said("hi", SECOND), said("earlier", FIRST)], "messages.1.created_at", "Earlier than"),
    ([{"role": "user", "content": "now"}, said("a year ago", FIRST)], "messages.1.created_at", "Earlier than"),
    ([said("tomorrow", datetime.now(UTC) + timedelta(days=1))], "messages.0.created_at", "future"),
    ([{"role": "user", "content": "x", "created_at": "2025-01-15 09:30"}], "messages.0.created_at", "zone"),
    ([{"role": "user", "content": "x", "created_at": "2025-01-15T09:30:00"}], "messages.0.created_at", "zone"),
    ([{"role": "user", "content": "x", "created_at": 1736933400}], "messages.0.created_at", "zone"),
])
def test_it_refuses_bad_times_with_400_and_writes_nothing(alice, fake_embedder, messages, field, words):
    response = alice.client.post(f"{API}/sessions/s-bad/messages", {"scope": SCOPE, "messages": messages},
                                 format="json")
    assert response.status_code == 400, response.content[:2000]
    error = response.json()["error"]
    assert list(error["fields"]) == [field] and words in error["fields"][field][0]
    assert alice.client.get(f"{API}/sessions/s-bad").status_code == 404


def test_a_time_within_the_clock_skew_counts_as_now(alice, fake_embedder):
    soon = datetime.now(UTC) + timedelta(seconds=60)
    send(alice, "s-skew", said("Remember: the office opens at nine.", soon))
    [turn] = alice.client.get(f"{API}/sessions/s-skew").json()["turns"]
    assert datetime.fromisoformat(turn["created_at"]) < soon


def test_extract_keeps_the_times_of_its_messages(alice, fake_embedder):
    response = alice.client.post(f"{API}/extract", {"scope": SCOPE, "messages": [
        said("Remember: my project is called Starlight.", FIRST)]}, format="json")
    assert response.status_code == 202
    run_jobs()
    assert job(alice, response.json()["job"])["status"] == "succeeded"
    [memory] = memories(alice, SCOPE)
    assert memory["valid_from"] == "2025-01-15T09:30:00Z"


def test_claude_memories_are_valid_from_the_latest_turn_they_name(alice, fake_embedder, fake_claude, settings):
    from tests.extraction.conftest import summary_answer, tool_answer

    def candidate(content, source_turns):
        return {"type": "fact", "content": content, "entity": "", "confidence": 0.95, "provenance": "stated",
                "source_turns": source_turns, "updates": None}

    fake_claude.answers += [
        tool_answer({"memories": [candidate("Works at Acme", [1]),
                                  candidate("Moved to the Lisbon office", [2, 3]),  # suggested, then confirmed
                                  candidate("Likes tea", [1, 4])]}),
        summary_answer("Acme, Lisbon, tea."),
    ]
    send(alice, "s-claude", said("I work at Acme.", FIRST),
         said("Did you move to the Lisbon office?", FIRST + timedelta(days=30), role="assistant"),
         said("Yes, I did.", FIRST + timedelta(days=31)), said("Thanks.", FIRST + timedelta(days=32)))
    close(alice, "s-claude")
    run_jobs()
    stored = {m["content"]: m["valid_from"] for m in memories(alice, SCOPE)}
    assert stored == {"Works at Acme": "2025-01-15T09:30:00Z", "Moved to the Lisbon office": "2025-02-15T09:30:00Z",
                      "Likes tea": "2025-02-16T09:30:00Z"}
    # Claude saw each turn's day.
    assert "[3] user (2025-02-15): Yes, I did." in fake_claude.requests[0]["messages"][0]["content"]
