"""The client's keyed calls against the live test server: put, get_by_key, delete_by_key, keys, namespaces (sync
and async), preconditions and tenancy."""

from __future__ import annotations

import asyncio

import pytest

from mnemara.client import AsyncMnemara, Mnemara, NotFound, PreconditionFailed, VersionConflict
from tests.client.conftest import TIMEOUT
from tests.conftest import KeyedClient

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_puts_and_gets_by_key(alice_memory: Mnemara) -> None:
    created = alice_memory.put("user/1/agent", "prefs/editor", "Uses vim.", type="preference",
                               metadata={"source": "test"})
    assert created.key == "prefs/editor" and created.resolution and created.resolution.action == "created"
    replaced = alice_memory.put("user/1/agent", "prefs/editor", "Uses helix.", type="preference",
                                if_version=created.version)
    assert replaced.id == created.id and replaced.version == 2 and replaced.metadata == {}  # a PUT replaces
    got = alice_memory.get_by_key("user/1/agent", "prefs/editor")
    assert got.content == "Uses helix." and got.key == "prefs/editor"
    with pytest.raises(VersionConflict) as stale:
        alice_memory.put("user/1/agent", "prefs/editor", "Uses emacs.", if_version=1)
    assert stale.value.current is not None and stale.value.current.content == "Uses helix."
    with pytest.raises(PreconditionFailed) as exists:
        alice_memory.put("user/1/agent", "prefs/editor", "Uses emacs.", create_only=True)
    assert exists.value.code == "key_exists"
    twin = alice_memory.put("user/1/agent", "prefs/editor-copy", "Uses helix.", type="preference")
    assert twin.id != got.id  # equal content under two keys: two memories
    alice_memory.delete_by_key("user/1/agent", "prefs/editor", if_version=2)
    with pytest.raises(NotFound):
        alice_memory.get_by_key("user/1/agent", "prefs/editor")


def test_it_lists_keys_and_namespaces_page_by_page(alice_memory: Mnemara) -> None:
    for key in ("c", "a", "b/x", "b/y"):
        alice_memory.put("team/docs", key, f"Document {key}.")
    alice_memory.put("team/docs/sub", "z", "Nested document.")
    page = alice_memory.keys("team/docs", limit=2)
    assert [e.key for e in page.results] == ["a", "b/x"] and page.next
    assert [e.key for e in alice_memory.iter_keys("team/docs", page_size=1)] == ["a", "b/x", "b/y", "c"]
    assert [e.key for e in alice_memory.iter_keys("team/docs", prefix="b/")] == ["b/x", "b/y"]
    [entry] = alice_memory.keys("team/docs", prefix="c", with_memory=True).results
    assert entry.memory is not None and entry.memory.content == "Document c." and entry.memory.id == entry.id
    deep = [(e.scope, e.key) for e in alice_memory.iter_keys("team/docs", descendants=True)]
    assert deep[-1] == ("team/docs/sub", "z") and len(deep) == 5
    spaces = {n.scope: (n.memories, n.keys) for n in alice_memory.iter_namespaces("team", page_size=1)}
    assert spaces == {"team/docs": (4, 4), "team/docs/sub": (1, 1)}
    assert alice_memory.namespaces("team/docs/sub").results[0].scope == "team/docs/sub"


def test_it_hides_another_tenants_keys(alice_memory: Mnemara, bob_memory: Mnemara) -> None:
    alice_memory.put("user/1", "secret", "Alice's only.")
    with pytest.raises(NotFound):
        bob_memory.get_by_key("user/1", "secret")
    with pytest.raises(NotFound):
        bob_memory.delete_by_key("user/1", "secret")
    assert bob_memory.keys("user/1").results == [] and bob_memory.namespaces().results == []


def test_the_async_client_has_the_keyed_calls(live_server, alice: KeyedClient, warm_embedder: None) -> None:
    async def run() -> tuple[str, list[str], list[str]]:
        async with AsyncMnemara(live_server.url, alice.secret, backoff=0.05, timeout=TIMEOUT) as memory:
            saved = await memory.put("user/2", "k/1", "Async one.")
            await memory.put("user/2", "k/2", "Async two.")
            got = await memory.get_by_key("user/2", "k/1")
            keys = [e.key async for e in memory.iter_keys("user/2", page_size=1)]
            await memory.delete_by_key("user/2", "k/2")
            spaces = [n.scope async for n in memory.iter_namespaces()]
            assert got.id == saved.id
            return got.content, keys, spaces

    content, keys, spaces = asyncio.run(run())
    assert content == "Async one." and keys == ["k/1", "k/2"] and spaces == ["user/2"]
