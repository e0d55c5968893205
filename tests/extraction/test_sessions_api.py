"""Sessions, extract and jobs endpoints: contract, validation, scoping, tenancy."""

from __future__ import annotations

import pytest

from memories.models import Job, Session, SessionTurn
from tenants.scoping import tenant_scope
from tests.conftest import keyed_client
from tests.extraction.conftest import API, close, job, post_messages, run_jobs

pytestmark = pytest.mark.usefixtures("offline", "fake_embedder")
SCOPE = "user/1"


@pytest.fixture
def offline(settings):
    settings.ANTHROPIC_API_KEY = ""


def assert_error(response, status, code=None):
    assert response.status_code == status, response.content[:2000]
    error = response.json()["error"]
    assert set(error) == {"code", "message", "fields"}
    if code:
        assert error["code"] == code, error
    return error


def send(kc, session, body):
    return kc.client.post(f"{API}/sessions/{session}/messages", body, format="json")


def test_it_stores_turns_before_answering_202(alice):
    answer = post_messages(alice, "s-1", SCOPE, "Hello", ("assistant", "Hi! How can I help?"), subject="123")
    assert answer == {"session": "s-1", "appended": 2, "turn_count": 2, "job": None}
    with tenant_scope(alice.tenant):
        session = Session.objects.get(session_key="s-1")
        assert session.subject.external_id == "123"
        assert list(SessionTurn.objects.filter(session=session).order_by("seq").values_list("seq", "role")) == [
            (1, "user"), (2, "assistant")]
    body = alice.client.get(f"{API}/sessions/s-1").json()
    assert (body["id"], body["scope"], body["subject"], body["turn_count"], body["summary"]) == (
        "s-1", SCOPE, "123", 2, "")
    assert [(t["seq"], t["role"], t["content"]) for t in body["turns"]] == [
        (1, "user", "Hello"), (2, "assistant", "Hi! How can I help?")]


def test_it_returns_the_recent_turns_and_the_rolling_summary(alice):
    post_messages(alice, "s-1", SCOPE, *[f"turn {i}" for i in range(1, 6)])
    close(alice, "s-1")
    run_jobs()
    body = alice.client.get(f"{API}/sessions/s-1", {"limit": 2}).json()
    assert [t["seq"] for t in body["turns"]] == [4, 5]
    assert body["summary"].splitlines() == [
        *(f"- turn {i}" for i in range(1, 6)),
        "[extraction] 0 kept (0 merged with known memories), 5 turns skipped: 5 filler"]
    assert body["closed_at"] and body["last_job"]["status"] == "succeeded"
    assert_error(alice.client.get(f"{API}/sessions/s-1", {"limit": 0}), 400, "validation_error")


def test_it_schedules_extraction_every_n_turns(alice, settings):
    settings.EXTRACT_EVERY_N_TURNS = 3
    assert post_messages(alice, "s-1", SCOPE, "a", "b")["job"] is None
    job_id = post_messages(alice, "s-1", SCOPE, "c", "d")["job"]
    assert post_messages(alice, "s-1", SCOPE, "e")["job"] is None  # 1 new turn since the job
    with tenant_scope(alice.tenant):
        assert Job.objects.get(pk=job_id).input == {"from_seq": 1, "to_seq": 4}
        closing = Job.objects.get(pk=close(alice, "s-1"))
        assert (closing.kind, closing.input) == ("close", {"from_seq": 5, "to_seq": 5})


def test_it_closes_idempotently_and_reopens_on_a_new_turn(alice):
    post_messages(alice, "s-1", SCOPE, "Remember: my locker is 12.")
    first = close(alice, "s-1")
    assert close(alice, "s-1") == first
    post_messages(alice, "s-1", SCOPE, "Remember: my desk is 7.")
    assert alice.client.get(f"{API}/sessions/s-1").json()["closed_at"] is None
    assert close(alice, "s-1") != first


def test_it_answers_202_with_a_job_for_extract(alice):
    response = alice.client.post(f"{API}/extract", {"scope": SCOPE, "subject": "77", "messages": [
        {"role": "user", "content": "Remember: my badge is 42."}]}, format="json")
    assert response.status_code == 202
    job_id = response.json()["job"]
    assert job(alice, job_id)["status"] == "queued"
    run_jobs()
    done = job(alice, job_id)
    assert (done["status"], done["kind"], done["scope"], done["session"]) == ("succeeded", "extract", SCOPE, None)
    [resolution] = done["resolutions"]
    assert set(resolution) == {"action", "memory", "related", "type", "status", "turns", "reason"}
    memory = alice.client.get(f"{API}/memories/{resolution['memory']}").json()
    assert (memory["content"], memory["subject"]) == ("The user's badge is 42.", "77")
    with tenant_scope(alice.tenant):  # a finished job keeps no conversation text
        assert Job.objects.get(pk=job_id).input == {"messages_count": 1}


@pytest.mark.parametrize(("messages", "field"), [
    (None, "messages"),
    ([], "messages"),
    (["hello"], "messages.0"),
    ([{"role": "system", "content": "hi"}], "messages.0.role"),
    ([{"role": "user", "content": "   "}], "messages.0.content"),
    ([{"role": "user"}], "messages.0.content"),
    ([{"role": "user", "content": "a\x00b"}], "messages.0.content"),
])
def test_it_refuses_bad_messages_with_400(alice, messages, field):
    for url in (f"{API}/sessions/s-1/messages", f"{API}/extract"):
        error = assert_error(alice.client.post(url, {"scope": SCOPE, "messages": messages}, format="json"), 400)
        assert field in error["fields"], error
    with tenant_scope(alice.tenant):
        assert not Session.objects.exists() and not Job.objects.exists()


def test_it_refuses_too_large_messages_with_413(alice, settings):
    settings.SESSION_MAX_MESSAGE_CHARS = 100
    settings.SESSION_MAX_MESSAGES = 3
    assert_error(send(alice, "s-1", {"scope": SCOPE, "messages": [{"role": "user", "content": "x" * 101}]}), 413)
    assert_error(send(alice, "s-1", {"scope": SCOPE, "messages": [{"role": "user", "content": "x"}] * 4}), 413,
                 "too_many_messages")


def test_it_refuses_a_bad_scope_and_keeps_a_session_id_per_scope(alice):
    assert_error(send(alice, "s-1", {"scope": "bad path!", "messages": [{"role": "user", "content": "x"}]}), 400)
    post_messages(alice, "s-1", SCOPE, "hello")
    post_messages(alice, "s-1", "user/2", "x")  # the same id in another scope: another session
    assert alice.client.get(f"{API}/sessions/s-1", {"scope": "user/2"}).json()["turn_count"] == 1
    assert_error(alice.client.get(f"{API}/sessions/s-1"), 409, "session_ambiguous")  # which one: ?scope= says
    assert_error(alice.client.post(f"{API}/sessions/s-1/messages", [1], format="json"), 400)


def test_it_refuses_writes_with_a_read_only_key(alice):
    post_messages(alice, "s-1", SCOPE, "hello")
    reader = keyed_client(alice.tenant, read_only=True)
    assert_error(send(reader, "s-1", {"scope": SCOPE, "messages": [{"role": "user", "content": "x"}]}), 403)
    assert_error(reader.client.post(f"{API}/sessions/s-1/close"), 403)
    assert_error(reader.client.post(f"{API}/extract", {"scope": SCOPE, "messages": []}, format="json"), 403)
    assert reader.client.get(f"{API}/sessions/s-1").status_code == 200


def test_it_hides_sessions_and_jobs_outside_the_keys_scopes(alice):
    post_messages(alice, "s-1", SCOPE, "hello")
    job_id = close(alice, "s-1")
    limited = keyed_client(alice.tenant, scope_prefixes=["user/2"])
    assert_error(send(limited, "s-1", {"scope": SCOPE, "messages": [{"role": "user", "content": "x"}]}), 404)
    assert_error(limited.client.get(f"{API}/sessions/s-1"), 404)
    assert_error(limited.client.post(f"{API}/sessions/s-1/close"), 404)
    assert_error(limited.client.get(f"{API}/jobs/{job_id}"), 404)
    assert_error(limited.client.post(f"{API}/extract", {"scope": SCOPE, "messages": [
        {"role": "user", "content": "x"}]}, format="json"), 404, "scope_not_found")
    assert post_messages(limited, "s-2", "user/2/chat", "hi")["appended"] == 1


def test_it_gives_another_tenant_404_on_sessions_and_jobs(alice, bob):
    post_messages(alice, "s-1", SCOPE, "Remember: my PIN hint is the lake.")
    job_id = close(alice, "s-1")
    assert_error(bob.client.get(f"{API}/sessions/s-1"), 404)
    assert_error(bob.client.post(f"{API}/sessions/s-1/close"), 404)
    assert_error(bob.client.get(f"{API}/jobs/{job_id}"), 404)
    # The same session id in bob's tenant is bob's own, unrelated session.
    assert post_messages(bob, "s-1", SCOPE, "hello")["turn_count"] == 1
    assert alice.client.get(f"{API}/sessions/s-1").json()["turn_count"] == 1
    assert_error(alice.client.get(f"{API}/jobs/00000000-0000-0000-0000-000000000000"), 404)
    assert_error(alice.client.get(f"{API}/sessions/unknown"), 404)


def test_a_two_person_conversation_is_extracted_for_both_named_speakers(alice):
    messages = [{"role": "user", "name": "Caroline", "content": "I adopted a rescue dog called Rex."},
                {"role": "user", "name": "Melanie", "content": "Nice! My son Leo just started violin lessons."},
                {"role": "user", "name": "Caroline", "content": "Lovely, tell him good luck!"}]
    assert send(alice, "s-2p", {"scope": SCOPE, "messages": messages}).status_code == 202
    body = alice.client.get(f"{API}/sessions/s-2p").json()
    assert [t["name"] for t in body["turns"]] == ["Caroline", "Melanie", "Caroline"]
    done = job(alice, close(alice, "s-2p"))
    run_jobs()
    done = job(alice, done["id"])
    assert [(r["action"], r["turns"], r["reason"]) for r in done["resolutions"]] == [
        ("created", [1], "statement"), ("created", [2], "statement"), ("skipped", [3], "reaction")]
    rows = alice.client.get(f"{API}/memories", {"scope": SCOPE}).json()["results"]
    assert sorted((m["content"], m["metadata"]["extraction"]["speaker"]) for m in rows) == [
        ("Caroline adopted a rescue dog called Rex.", "Caroline"),
        ("Leo (Melanie's son) just started violin lessons.", "Melanie")]


def test_a_speaker_name_is_text(alice):
    error = assert_error(send(alice, "s-1", {"scope": SCOPE, "messages": [
        {"role": "user", "name": 7, "content": "Hello"}]}), 400)
    assert "messages.0.name" in error["fields"]
