"""Concurrency against the real PostgreSQL with real threads (each its own connection).

Optimistic locking is a compare-and-set UPDATE: of all writers holding version v exactly one wins,
the others get 409 with the current memory. Identical concurrent creates leave one row: the scope
advisory lock serialises the related-find, and the partial unique constraint backs it up.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from rest_framework.test import APIClient

from memories.models import Memory, MemoryVersion
from tenants.scoping import tenant_scope
from tests.api.conftest import API, create, history
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db(transaction=True)


def run_threads(count: int, target: Callable[[int], Any]) -> list[Any]:
    """Run ``target(i)`` in ``count`` threads; each closes its DB connection; re-raise any error."""
    results: list[Any] = [None] * count
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            results[i] = target(i)
        except BaseException as exc:  # noqa: BLE001 - reported to the test below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a writer hung"
    if errors:
        raise errors[0]
    return results


def client_for(kc: KeyedClient) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {kc.secret}")
    return client


def test_it_lets_exactly_one_of_20_writers_win_each_version(alice: KeyedClient, fake_embedder: object) -> None:
    memory = create(alice, content="Shared counter memory, version one.")
    url = f"{API}/memories/{memory['id']}"
    writers = 20
    start = threading.Barrier(writers)

    def writer(n: int) -> list[tuple[int, int, int | None]]:
        """Until it wins once: (version read, status, version written). The first read is shared by all."""
        client, attempts = client_for(alice), []
        version = client.get(url).json()["version"]
        start.wait()
        while True:
            response = client.patch(url, {"content": f"Written by writer {n}."}, format="json",
                                    HTTP_IF_MATCH=f'"{version}"')
            if response.status_code == 200:
                attempts.append((version, 200, response.json()["version"]))
                return attempts
            assert response.status_code == 409, response.content
            body = response.json()
            assert body["error"]["code"] == "version_conflict"
            attempts.append((version, 409, None))
            version = body["current"]["version"]  # the loser learns the current version from the 409

    results = run_threads(writers, writer)
    attempts = [a for r in results for a in r]
    wins = [a for a in attempts if a[1] == 200]
    assert len(wins) == writers and all(len(r) >= 1 and r[-1][1] == 200 for r in results)
    # Exactly one winner per version read, and it wrote exactly the next version.
    assert Counter(read for read, _, _ in wins) == Counter(range(1, writers + 1))
    assert all(written == read + 1 for read, _, written in wins)
    assert sum(1 for a in attempts if a[1] == 409) == len(attempts) - writers
    assert sum(1 for r in results if r[0][1] == 409) == writers - 1  # of the first round, one won
    versions = history(alice, memory["id"])
    assert [v["version"] for v in versions] == list(range(1, writers + 2))  # contiguous, nothing lost or twice
    written = Counter(v["content"] for v in versions[1:])
    assert written == Counter(f"Written by writer {n}." for n in range(writers))
    by_version = {v["version"]: v["content"] for v in versions}
    for n, result in enumerate(results):  # each win is recorded once, as the version its response named
        assert by_version[result[-1][2]] == f"Written by writer {n}."
    final = client_for(alice).get(url)
    assert final.json()["version"] == writers + 1 and final["ETag"] == f'"{writers + 1}"'


def test_it_answers_404_to_concurrent_writers_of_another_tenant(alice: KeyedClient, bob: KeyedClient,
                                                                fake_embedder: object) -> None:
    memory = create(alice, content="Alice's memory under siege.")
    url = f"{API}/memories/{memory['id']}"
    start = threading.Barrier(8)

    def intruder(n: int) -> int:
        client = client_for(bob)
        start.wait()
        if n % 2:
            return client.patch(url, {"content": f"bob {n}"}, format="json", HTTP_IF_MATCH='"1"').status_code
        return client.delete(url).status_code

    assert run_threads(8, intruder) == [404] * 8
    assert [v["version"] for v in history(alice, memory["id"])] == [1]


def test_it_keeps_one_row_for_concurrent_identical_creates(alice: KeyedClient, fake_embedder: object) -> None:
    writers = 10
    start = threading.Barrier(writers)

    def creator(n: int) -> dict:
        client = client_for(alice)
        start.wait()
        response = client.post(f"{API}/memories", {"scope": "user/77/new", "content": "Same words, same time."},
                               format="json")
        assert response.status_code == 201, response.content
        return response.json()

    results = run_threads(writers, creator)
    actions = Counter(r["resolution"]["action"] for r in results)
    assert actions == {"created": 1, "duplicate": writers - 1}
    assert len({r["id"] for r in results}) == 1
    with tenant_scope(alice.tenant):
        assert Memory.objects.count() == 1 and MemoryVersion.objects.count() == 1


def test_it_keeps_one_row_for_concurrent_identical_batches(alice: KeyedClient, fake_embedder: object) -> None:
    writers = 6
    start = threading.Barrier(writers)
    batch = [{"scope": f"team/{s}", "content": f"Batch memory {i} of team {s}."} for s in "abc" for i in range(5)]

    def creator(n: int) -> list[str]:
        client = client_for(alice)
        start.wait()
        # Different orders of the same items: the sorted scope lock order means no deadlock.
        items = batch if n % 2 else list(reversed(batch))
        response = client.post(f"{API}/memories", items, format="json")
        assert response.status_code == 201, response.content
        return [r["resolution"]["action"] for r in response.json()]

    results = run_threads(writers, creator)
    assert Counter(a for r in results for a in r) == {"created": len(batch), "duplicate": len(batch) * (writers - 1)}
    with tenant_scope(alice.tenant):
        assert Memory.objects.count() == len(batch)


def test_it_refuses_a_live_twin_in_the_database_itself(alice: KeyedClient, fake_embedder: object) -> None:
    body = create(alice, content="Only one of me may live.")
    with tenant_scope(alice.tenant):
        original = Memory.objects.get(pk=body["id"])
        twin = Memory(scope=original.scope, content=original.content, content_hash=original.content_hash)
        with pytest.raises(IntegrityError), transaction.atomic():
            twin.save()
        Memory.objects.filter(pk=original.pk).update(status="deprecated")
        twin.save()  # a deprecated memory's text may live again
