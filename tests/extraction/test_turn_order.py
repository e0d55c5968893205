"""Every path that stores a conversation keeps its shape for recall (docs/recall.md, "Levers"): session
messages and imports keep the turns' order in time even when no times are sent, and the memories
extracted from them carry the session, the subject and their turns' times."""

from __future__ import annotations

import pytest

from memories.models import Memory, Session, SessionTurn
from tenants.scoping import tenant_scope
from tests.extraction.conftest import API, close, post_messages, run_jobs

pytestmark = pytest.mark.django_db
SCOPE = "user/77"
SAID = ["Remember: my badge number is 42.", "Remember: my locker is number 7.", "Remember: my desk is B12."]


def _times(alice, session_key: str) -> list:
    with tenant_scope(alice.tenant):
        session = Session.objects.get(session_key=session_key)
        return list(SessionTurn.objects.filter(session=session).order_by("seq").values_list("created_at", flat=True))


def test_turns_sent_without_times_keep_their_order_and_their_memories_the_session(alice) -> None:
    post_messages(alice, "chat-1", SCOPE, *SAID, subject="77")
    times = _times(alice, "chat-1")
    assert times == sorted(times) and len(set(times)) == 3
    close(alice, "chat-1")
    run_jobs()
    with tenant_scope(alice.tenant):
        memories = list(Memory.objects.filter(scope__path=SCOPE).order_by("valid_from"))
    assert len(memories) >= 2
    assert {(m.source_session, m.subject.external_id if m.subject else None) for m in memories} == {("chat-1", "77")}
    assert len({m.valid_from for m in memories}) == len(memories)  # one instant each: a conversation, in order


def test_an_imported_conversation_without_times_keeps_its_order(alice) -> None:
    line = {"session": "imported-1", "scope": SCOPE, "subject": "77",
            "messages": [{"role": "user", "content": text} for text in SAID]}
    response = alice.client.post(f"{API}/imports", [line], format="json")
    assert response.status_code in (201, 202), response.content[:2000]
    times = _times(alice, "imported-1")
    assert times == sorted(times) and len(set(times)) == 3


def test_a_one_off_extraction_is_a_conversation_of_its_own(alice) -> None:
    response = alice.client.post(f"{API}/extract", {"scope": SCOPE, "subject": "77", "messages": [
        {"role": "user", "content": text} for text in SAID]}, format="json")
    assert response.status_code == 202
    job_id = response.json()["job"]
    run_jobs()
    with tenant_scope(alice.tenant):
        memories = list(Memory.objects.filter(scope__path=SCOPE))
    assert memories and {m.source_session for m in memories} == {f"extract/{job_id}"}
    assert len({m.valid_from for m in memories}) == len(memories)


def _named(alice, session_key: str, turns: list[tuple[str, str]]) -> None:
    messages = [{"role": "user", "name": name, "content": text} for name, text in turns]
    response = alice.client.post(f"{API}/sessions/{session_key}/messages", {"scope": SCOPE, "messages": messages},
                                 format="json")
    assert response.status_code == 202, response.content[:2000]
    close(alice, session_key)
    run_jobs()


FRIENDS = [("Ana", "I adopted a golden retriever puppy last month."),
           ("Ben", "I started pottery classes at the community centre."),
           ("Ana", "I am training for the Lisbon half marathon.")]


def test_memories_from_named_speakers_without_a_session_subject_are_about_their_speaker(alice) -> None:
    _named(alice, "friends-1", FRIENDS)
    with tenant_scope(alice.tenant):
        memories = list(Memory.objects.filter(scope__path=SCOPE).select_related("subject"))
    assert memories
    by_turn = {tuple(m.metadata["extraction"]["turns"]): m for m in memories}
    assert {turns: m.subject.external_id if m.subject else None for turns, m in by_turn.items()} == {
        (1,): "Ana", (2,): "Ben", (3,): "Ana"}
    assert {m.source_session for m in memories} == {"friends-1"}


def test_a_session_subject_stays_the_subject_of_named_speakers_memories(alice) -> None:
    messages = [{"role": "user", "name": name, "content": text} for name, text in FRIENDS]
    response = alice.client.post(f"{API}/sessions/friends-2/messages",
                                 {"scope": SCOPE, "subject": "77", "messages": messages}, format="json")
    assert response.status_code == 202, response.content[:2000]
    close(alice, "friends-2")
    run_jobs()
    with tenant_scope(alice.tenant):
        subjects = {m.subject.external_id if m.subject else None
                    for m in Memory.objects.filter(scope__path=SCOPE).select_related("subject")}
    assert subjects == {"77"}
