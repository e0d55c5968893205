"""Idempotency-Key on create, delete, merge and erase: a retry within 24 h gets the first answer and changes
nothing; the key for another request is a 422; a deletion or erasure scrubs the answers that showed what it
removed (no copy of their content survives, and a late retry cannot write them back)."""

from __future__ import annotations

import threading
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from memories.compliance.retention import maintenance_run
from tenants.models import IdempotencyRecord
from tenants.scoping import tenant_scope
from tests.api.conftest import API, assert_error, create, row_counts
from tests.conftest import KeyedClient, keyed_client
from tests.contract import ContractClient

pytestmark = pytest.mark.django_db


def post(kc: KeyedClient, url: str, data: Any, key: str) -> Any:
    return kc.client.post(f"{API}/{url}", data, format="json", HTTP_IDEMPOTENCY_KEY=key)


def delete(kc: KeyedClient, url: str, key: str) -> Any:
    return kc.client.delete(f"{API}/{url}", HTTP_IDEMPOTENCY_KEY=key)


def records(kc: KeyedClient) -> list[IdempotencyRecord]:
    with tenant_scope(kc.tenant):
        return list(IdempotencyRecord.objects.order_by("created_at"))


def test_it_answers_a_retried_create_with_the_first_answer_and_writes_once(alice: KeyedClient, fake_embedder) -> None:
    key, body = str(uuid.uuid4()), [{"scope": "user/1", "content": "Takes the 8:15 train"},
                                     {"scope": "user/1", "content": "Drinks green tea"}]
    first = post(alice, "memories", body, key)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first
    counts = row_counts(alice.tenant)
    again = post(alice, "memories", body, key)
    assert (again.status_code, again.json(), again["Idempotent-Replayed"]) == (201, first.json(), "true")
    assert row_counts(alice.tenant) == counts
    assert [len(r.resource_ids) for r in records(alice)] == [2]


def test_it_refuses_the_key_of_another_request(alice: KeyedClient, fake_embedder) -> None:
    key = str(uuid.uuid4())
    post(alice, "memories", {"scope": "user/1", "content": "Likes jazz"}, key)
    counts = row_counts(alice.tenant)
    assert_error(post(alice, "memories", {"scope": "user/1", "content": "Likes rock"}, key), 422,
                 "idempotency_key_reused")
    assert_error(delete(alice, f"memories/{uuid.uuid4()}", key), 422, "idempotency_key_reused")
    assert row_counts(alice.tenant) == counts


def test_it_remembers_successes_only(alice: KeyedClient, fake_embedder) -> None:
    key = str(uuid.uuid4())
    assert_error(post(alice, "memories", {"scope": "bad scope!", "content": "x"}, key), 400)
    assert records(alice) == []  # nothing was written, so nothing to protect: the key is still free
    assert post(alice, "memories", {"scope": "user/1", "content": "Fixed"}, key).status_code == 201


def test_it_answers_a_retried_delete_and_erase_as_the_first_time_not_404(alice: KeyedClient, fake_embedder) -> None:
    memory = create(alice, content="Parks on level 3", subject="ada")
    key = str(uuid.uuid4())
    assert delete(alice, f"memories/{memory['id']}", key).status_code == 204
    retried = delete(alice, f"memories/{memory['id']}", key)
    assert (retried.status_code, retried.content, retried["Idempotent-Replayed"]) == (204, b"", "true")
    assert_error(alice.client.delete(f"{API}/memories/{memory['id']}"), 404)  # without the key: it is gone
    # The same key with another precondition is another request: refused, never answered "deleted".
    for if_match in ('"1"', ""):
        other = alice.client.delete(f"{API}/memories/{memory['id']}", HTTP_IDEMPOTENCY_KEY=key, HTTP_IF_MATCH=if_match)
        assert_error(other, 422, "idempotency_key_reused")

    create(alice, content="Lives in Lyon", subject="ada")
    key = str(uuid.uuid4())
    receipt = delete(alice, "subjects/ada", key)
    assert receipt.status_code == 200 and receipt.json()["counts"]["memories"] == 1
    again = delete(alice, "subjects/ada", key)
    assert (again.status_code, again.json()) == (200, receipt.json())


def test_it_scrubs_remembered_answers_of_what_is_deleted_or_erased(alice: KeyedClient, fake_embedder) -> None:
    deleted_key, erased_key = str(uuid.uuid4()), str(uuid.uuid4())
    body = {"scope": "user/bo", "content": "Bo's passport number is in the drawer", "subject": "bo"}
    saved = post(alice, "memories", {**body, "scope": "team/x"}, deleted_key).json()
    post(alice, "memories", body, erased_key)
    alice.client.delete(f"{API}/memories/{saved['id']}")
    alice.client.delete(f"{API}/subjects/bo")
    assert all("passport" not in str(r.body) and r.status == 410 and not r.resource_ids for r in records(alice))
    counts = row_counts(alice.tenant)
    assert_error(post(alice, "memories", body, erased_key), 410, "idempotent_answer_gone")  # not written back
    assert_error(post(alice, "memories", {**body, "scope": "team/x"}, deleted_key), 410, "idempotent_answer_gone")
    assert row_counts(alice.tenant) == counts


def test_it_forgets_keys_after_24_hours_and_per_tenant(alice: KeyedClient, bob: KeyedClient, fake_embedder) -> None:
    key, body = str(uuid.uuid4()), {"scope": "user/1", "content": "Owns a bike"}
    first = post(alice, "memories", body, key)
    assert post(bob, "memories", {"scope": "user/1", "content": "Owns a car"}, key).status_code == 201  # bob's own
    with tenant_scope(alice.tenant):
        IdempotencyRecord.objects.update(created_at=timezone.now() - timedelta(hours=25))
    maintenance_run(tenant_slug="acme")
    assert records(alice) == [] and len(records(bob)) == 1
    again = post(alice, "memories", body, key)  # a new request now: answered by the write flow (duplicate)
    assert again.json()["resolution"]["action"] == "duplicate" and again.json()["id"] == first.json()["id"]
    assert "Idempotent-Replayed" not in again


def test_it_refuses_a_malformed_key(alice: KeyedClient, fake_embedder) -> None:
    for bad in ("", "x" * 256, "with space", "ключ"):
        response = alice.client.post(f"{API}/memories", {"scope": "user/1", "content": "x"}, format="json",
                                     HTTP_IDEMPOTENCY_KEY=bad.encode().decode("latin-1"))
        assert_error(response, 400, "validation_error")
    assert row_counts(alice.tenant)["Memory"] == 0


def test_it_merges_once(alice: KeyedClient, fake_embedder) -> None:
    a, b = create(alice, content="Has a cat."), create(alice, content="The cat is called Mo.")
    key = str(uuid.uuid4())
    first = post(alice, "memories/merge", {"ids": [a["id"], b["id"]]}, key)
    assert first.status_code == 201
    assert post(alice, "memories/merge", {"ids": [a["id"], b["id"]]}, key).json() == first.json()


@pytest.mark.django_db(transaction=True)
def test_two_requests_with_one_key_at_once_write_once(alice: KeyedClient, fake_embedder) -> None:
    key, body = str(uuid.uuid4()), {"scope": "user/1", "content": "Runs on Tuesdays"}
    answers: list[Any] = [None, None]
    start = threading.Barrier(2)

    def send(i: int) -> None:
        client = ContractClient()  # one API key, two connections
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {alice.secret}")
        start.wait()
        try:
            answers[i] = client.post(f"{API}/memories", body, format="json", HTTP_IDEMPOTENCY_KEY=key)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert [a.status_code for a in answers] == [201, 201]
    assert answers[0].json() == answers[1].json()
    assert row_counts(alice.tenant)["Memory"] == 1 and len(records(alice)) == 1


# --------------------------------------------------------------------------- one Idempotency-Key, two API keys

def keyed(kc: KeyedClient, method: str, url: str, key: str, data: Any = None, **headers: str) -> Any:
    call = getattr(kc.client, method)
    return call(f"{API}/{url}", data, format="json", HTTP_IDEMPOTENCY_KEY=key, **headers)


def test_a_key_limited_to_one_scope_never_gets_another_keys_answer(alice: KeyedClient, fake_embedder) -> None:
    """The audit's reproduction: a key limited to user/alice resends a full key's requests with the same
    Idempotency-Key; each is judged as its own request (404 outside its scopes), never replayed."""
    limited = keyed_client(alice.tenant, name="alice only", scope_prefixes=["user/alice"])
    bob_memory = create(alice, scope="user/bob", content="Bob's diagnosis is private")
    other = create(alice, scope="user/bob", content="Bob sees Dr Lee on Mondays")
    requests: list[tuple[str, str, Any, dict[str, str]]] = [
        ("post", "memories", {"scope": "user/bob", "content": "Bob lives in Oslo"}, {}),
        ("put", "keys/memory?scope=user/bob&key=prefs.md", {"content": "Bob prefers mail"}, {}),
        ("delete", "keys/memory?scope=user/bob&key=prefs.md", None, {}),
        ("post", "memories/merge", {"ids": [bob_memory["id"], other["id"]]}, {}),
    ]
    for method, url, data, headers in requests:
        key = str(uuid.uuid4())
        first = keyed(alice, method, url, key, data, **headers)
        assert 200 <= first.status_code < 300, (url, first.content)
        again = keyed(limited, method, url, key, data, **headers)
        assert "Idempotent-Replayed" not in again, url
        assert again.status_code == 404 and "Bob" not in again.content.decode(), (url, again.content)


def test_another_full_key_with_the_same_idempotency_key_gets_its_own_request_done(alice: KeyedClient,
                                                                                 fake_embedder) -> None:
    second = keyed_client(alice.tenant, name="second agent")
    key = str(uuid.uuid4())
    first = keyed(alice, "post", "memories", key, {"scope": "user/1", "content": "Takes the 8:15 train"})
    theirs = keyed(second, "post", "memories", key, {"scope": "user/1", "content": "Takes the 8:15 train"})
    assert theirs.status_code == 201 and "Idempotent-Replayed" not in theirs
    assert theirs.json()["resolution"]["action"] == "duplicate"  # done again (through the write flow), not replayed
    assert keyed(second, "post", "memories", key, {"scope": "user/1", "content": "Likes rock"}).status_code == 422
    assert keyed(alice, "post", "memories", key,
                 {"scope": "user/1", "content": "Takes the 8:15 train"}).json() == first.json()
    memory = theirs.json()["id"]
    assert keyed(alice, "delete", f"memories/{memory}", key).status_code == 422  # alice's key, another request
    assert keyed(second, "delete", f"memories/{uuid.uuid4()}", str(uuid.uuid4())).status_code == 404


def test_a_replay_that_shows_a_scope_the_key_no_longer_reads_is_a_404(alice: KeyedClient, fake_embedder) -> None:
    agent = keyed_client(alice.tenant, name="agent", scope_prefixes=["user/"])
    key, body = str(uuid.uuid4()), {"scope": "user/bob", "content": "Bob lives in Oslo"}
    assert keyed(agent, "post", "memories", key, body).status_code == 201
    with tenant_scope(alice.tenant):
        agent.key.scope_prefixes = ["user/alice"]
        agent.key.save(update_fields=["scope_prefixes"])
    again = keyed(agent, "post", "memories", key, body)
    assert again.status_code == 404 and "Oslo" not in again.content.decode()


def test_an_erasure_replay_is_per_key(alice: KeyedClient, fake_embedder) -> None:
    second = keyed_client(alice.tenant, name="compliance bot")
    create(alice, scope="user/9", content="Plays the cello", subject="p9")
    key = str(uuid.uuid4())
    first = keyed(alice, "delete", "subjects/p9", key)
    assert first.status_code == 200
    theirs = keyed(second, "delete", "subjects/p9", key)
    assert "Idempotent-Replayed" not in theirs and theirs.status_code == 404  # the person is gone: done again
    assert keyed(alice, "delete", "subjects/p9", key)["Idempotent-Replayed"] == "true"


@pytest.mark.parametrize("change", ["patch", "deprecate", "restore"])
def test_a_change_replayed_after_its_memory_is_deleted_is_the_documented_410(alice: KeyedClient, fake_embedder,
                                                                             change: str) -> None:
    """Deprecate, restore and correct remember an answer that shows the memory; once it is deleted the answer
    is scrubbed, and a replay is 410 ``idempotent_answer_gone``, which each operation's schema lists (the
    ContractClient checks every answer against it)."""
    memory = create(alice, content="Kim's locker code is 4417")
    key = str(uuid.uuid4())
    url = f"{API}/memories/{memory['id']}"
    def send() -> Any:
        if change == "patch":
            return alice.client.patch(url, {"content": "Kim's locker code is 4418", "version": 1}, format="json",
                                      HTTP_IDEMPOTENCY_KEY=key)
        if change == "restore":
            alice.client.post(f"{url}/deprecate", {}, format="json")
        return alice.client.post(f"{url}/{change}", {}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert send().status_code == 200
    assert alice.client.delete(url).status_code == 204
    replay = (alice.client.patch(url, {"content": "Kim's locker code is 4418", "version": 1}, format="json",
                                 HTTP_IDEMPOTENCY_KEY=key) if change == "patch"
              else alice.client.post(f"{url}/{change}", {}, format="json", HTTP_IDEMPOTENCY_KEY=key))
    assert_error(replay, 410, "idempotent_answer_gone")
