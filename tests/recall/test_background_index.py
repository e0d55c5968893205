"""Large scopes enter the in-process index off the request path (memories/recall/index/background.py): SQL answers
until the scope is loaded and its graph built, an erasure sends it back to SQL while it loads again, a transaction
never loads a private copy of it, and a restart's warm-up only asks for it. Thresholds forced low by settings;
``transaction=True``: the loads run on the build thread, with its own connection."""

from __future__ import annotations

import shutil
import threading
import uuid
from pathlib import Path

import pytest
from django.db import transaction
from django.utils import timezone

from memories.compliance.subjects import subject_erase
from memories.models import Memory, Scope
from memories.recall import graph_files, search
from memories.recall.index import ann
from memories.recall.index.cache import CACHE, Criteria
from memories.recall.index.source import IndexSource
from memories.recall.sources import SqlSource
from memories.recall.warm import recent_scopes_warm_up
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.scoping import tenant_scope

TOPICS = ["black coffee", "green tea", "the Kafka migration", "a half marathon", "sourdough bread",
          "Python type hints", "a trip to Lisbon", "the TLS certificate renewal", "vegetarian recipes", "jazz"]
PEOPLE = ["Emma", "Priya", "Tomasz", "Dana", "Li Wei", "Sven"]


def _items(scope: str, n: int) -> list[MemoryInput]:
    return [MemoryInput(scope=scope, content=f"{PEOPLE[i % 6]} talked about {TOPICS[i % 10]} (week {i // 10})")
            for i in range(n)]


def _source(path: str) -> object:
    states = search.scope_states(search.search_scopes([path], descendants=False, allowed_prefixes=()))
    criteria = Criteria(statuses=["active"], types=None, min_confidence=0.0, now=timezone.now(), as_of=None)
    return search.candidate_source(states, criteria, None)


def _search(path: str, query: str) -> list[str]:
    return [h.memory.content for h in search.memory_search(query=query, scopes=[path], k=5, track_access=False)]


@pytest.fixture
def large(settings):
    CACHE.clear()
    settings.SEARCH_INDEX_BACKGROUND_ROWS = 100  # "large" from 100 memories
    settings.SEARCH_INDEX_ANN_MIN_ROWS = 50  # and its searches go through a graph
    yield
    assert ann.BUILDS.wait(120)
    CACHE.clear()


@pytest.mark.django_db(transaction=True)
def test_a_large_scope_is_answered_in_sql_until_its_index_is_loaded_behind_it(alice_tenant, large) -> None:
    with tenant_scope(alice_tenant):
        memory_create(items=_items("user/big", 130), actor="t")
        memory_create(items=_items("user/small", 20), actor="t")
        assert isinstance(_source("user/small"), IndexSource)  # a small scope: loaded by its first search
        assert isinstance(_source("user/big"), SqlSource)  # asks for the load, answered in SQL meanwhile
        in_sql = _search("user/big", "Who talked about sourdough bread?")
        assert ann.BUILDS.wait(120)
        index = CACHE.cached(Scope.objects.get(path="user/big").pk)
        assert index is not None and len(index) == 130 and None in index.graphs and not index.builds
        assert isinstance(_source("user/big"), IndexSource)
        in_index = _search("user/big", "Who talked about sourdough bread?")
        assert "sourdough bread" in in_sql[0] and "sourdough bread" in in_index[0]
        # A write keeps it ready (the graph follows the write); the new memory is found at once.
        memory_create(items=[MemoryInput(scope="user/big", content="Noor keeps bees on the roof")], actor="t")
        assert isinstance(_source("user/big"), IndexSource)
        assert _search("user/big", "beekeeping on a rooftop")[0] == "Noor keeps bees on the roof"


@pytest.mark.django_db(transaction=True)
def test_an_erasure_sends_a_large_scope_back_to_sql_while_it_loads_again(alice_tenant, large) -> None:
    with tenant_scope(alice_tenant):
        memory_create(items=[*_items("user/big", 130),
                             MemoryInput(scope="user/big", subject="erase-me", content="Erin's passport is X123")],
                      actor="t")
        _source("user/big")
        assert ann.BUILDS.wait(120)
        assert isinstance(_source("user/big"), IndexSource)
        assert _search("user/big", "passport number")[0] == "Erin's passport is X123"
        subject_erase(external_id="erase-me", actor="t")
        assert isinstance(_source("user/big"), SqlSource)  # the cached index is a removal behind
        assert "Erin's passport is X123" not in _search("user/big", "passport number")
        assert ann.BUILDS.wait(120)
        assert isinstance(_source("user/big"), IndexSource)
        assert "Erin's passport is X123" not in _search("user/big", "passport number")
        index = CACHE.cached(Scope.objects.get(path="user/big").pk)
        assert index is not None and len(index) == 130


@pytest.mark.django_db(transaction=True)
def test_a_transaction_that_wrote_to_a_large_scope_searches_it_in_sql(alice_tenant, large) -> None:
    with tenant_scope(alice_tenant):
        memory_create(items=_items("user/big", 130), actor="t")
        _source("user/big")
        assert ann.BUILDS.wait(120)
        with transaction.atomic():
            assert isinstance(_source("user/big"), IndexSource)  # the version this transaction sees: shared
            memory_create(items=[MemoryInput(scope="user/big", content="Noor keeps bees on the roof")], actor="t")
            assert isinstance(_source("user/big"), SqlSource)  # its own rows: never a private load of the scope
            assert _search("user/big", "beekeeping on a rooftop")[0] == "Noor keeps bees on the roof"


@pytest.mark.django_db(transaction=True)
def test_a_restart_only_asks_for_a_large_recent_scope(alice_tenant, large, settings) -> None:
    with tenant_scope(alice_tenant):
        memory_create(items=_items("user/big", 130), actor="t")
        memory_create(items=_items("user/small", 20), actor="t")
    settings.SEARCH_INDEX_BACKGROUND_ROWS = 25  # the warm-up counts live memories (some of the 130 were merged)
    loaded = recent_scopes_warm_up()
    assert [path for _, path in loaded] == ["user/small"]  # loaded before ready; the large one is not
    assert ann.BUILDS.wait(120)  # …but asked for, behind it
    with tenant_scope(alice_tenant):
        index = CACHE.cached(Scope.objects.get(path="user/big").pk)
    assert index is not None and len(index) == 130


# --------------------------------------------------------------------------- saved graphs (index/persist.py)

def _graph_files() -> list[Path]:
    return sorted(graph_files.root().rglob("*.graph"))


def _restart() -> None:
    """What a new process starts from: nothing cached, the files on disk."""
    assert ann.BUILDS.wait(120)
    CACHE.clear()


def _counted(monkeypatch) -> list[int]:
    built: list[int] = []
    real = ann.Graph.build

    def build(*args, **kwargs):
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(ann.Graph, "build", build)
    return built


@pytest.mark.django_db(transaction=True)
def test_a_new_process_restores_the_saved_graph_and_catches_up_on_later_writes(alice_tenant, large,
                                                                               monkeypatch) -> None:
    with tenant_scope(alice_tenant):
        memory_create(items=_items("user/big", 130), actor="t")
        scope_id = Scope.objects.get(path="user/big").pk
        _source("user/big")
        assert ann.BUILDS.wait(120)
        saved = _graph_files()
        assert [p.parent.name for p in saved] == [str(scope_id)]
        assert saved[0].parent.parent.name == str(alice_tenant.pk)
        # Written after the save: the next process replays it onto the restored graph.
        memory_create(items=[MemoryInput(scope="user/big", content="Noor keeps bees on the roof")], actor="t")
        _restart()
        built = _counted(monkeypatch)
        assert isinstance(_source("user/big"), SqlSource)
        assert ann.BUILDS.wait(120)
        index = CACHE.cached(scope_id)
        assert index is not None and None in index.graphs and built == []
        assert isinstance(_source("user/big"), IndexSource)
        bees = next(m.pk for m in Memory.objects.filter(content__startswith="Noor"))
        slot = index.slots[bees.int]
        query = index.vector_at(slot)
        assert query is not None
        with index.lock:
            found = index.graphs[None].search(query, 1)
        assert found.tolist() == [slot]
        assert _search("user/big", "beekeeping on a rooftop")[0] == "Noor keeps bees on the roof"


@pytest.mark.django_db(transaction=True)
def test_a_saved_graph_of_another_scope_or_a_damaged_one_is_built_again(alice_tenant, bob_tenant, large,
                                                                        monkeypatch) -> None:
    with tenant_scope(alice_tenant):
        memory_create(items=_items("user/big", 130), actor="t")
        alice_scope = Scope.objects.get(path="user/big").pk
        _source("user/big")
        assert ann.BUILDS.wait(120)
    [alice_file] = _graph_files()
    with tenant_scope(bob_tenant):
        memory_create(items=_items("user/big", 130), actor="t")
        bob_scope = Scope.objects.get(path="user/big").pk
    # Alice's file put where Bob's scope's graph would be: refused (it says whose it is), Bob's built anew.
    planted = graph_files.scope_dir(bob_tenant.pk, bob_scope) / alice_file.name
    planted.parent.mkdir(parents=True)
    shutil.copy(alice_file, planted)
    _restart()
    built = _counted(monkeypatch)
    with tenant_scope(bob_tenant):
        _source("user/big")
        assert ann.BUILDS.wait(120)
        bob_index = CACHE.cached(bob_scope)
        assert built == [1] and bob_index is not None and bob_index.graphs
    rewritten = graph_files.read(bob_tenant.pk, bob_scope, planted.stem)
    assert rewritten is not None and rewritten.header["tenant"] == str(bob_tenant.pk)
    # A damaged file (one byte of the graph flipped): not used, built again.
    raw = bytearray(alice_file.read_bytes())
    raw[-100] ^= 0xFF
    alice_file.write_bytes(bytes(raw))
    _restart()
    with tenant_scope(alice_tenant):
        _source("user/big")
        assert ann.BUILDS.wait(120)
        alice_index = CACHE.cached(alice_scope)
        assert built == [1, 1] and alice_index is not None and alice_index.graphs
    assert graph_files.read(alice_tenant.pk, alice_scope, alice_file.stem) is not None


@pytest.mark.django_db(transaction=True)
def test_after_an_erasure_no_saved_graph_holds_the_erased_memory(alice_tenant, large) -> None:
    with tenant_scope(alice_tenant):
        memory_create(items=[*_items("user/big", 130),
                             MemoryInput(scope="user/big", subject="erase-me", content="Erin's passport is X123")],
                      actor="t")
        _source("user/big")
        assert ann.BUILDS.wait(120)
        index = CACHE.cached(Scope.objects.get(path="user/big").pk)
        assert index is not None
        erased = Memory.objects.get(content__startswith="Erin")
        vector = index.vectors[index.slots[erased.pk.int]].tobytes()
        held = [p for p in _graph_files() if vector in p.read_bytes() and erased.pk.bytes in p.read_bytes()]
        assert held  # the saved graph holds a copy of it
        subject_erase(external_id="erase-me", actor="t")
        assert not any(vector in p.read_bytes() or erased.pk.bytes in p.read_bytes() for p in _graph_files())
        _source("user/big")  # loaded again, its graph built and saved again: without it
        assert ann.BUILDS.wait(120)
    assert _graph_files() and not any(vector in p.read_bytes() for p in _graph_files())


@pytest.mark.django_db(transaction=True)
def test_maintenance_deletes_saved_graphs_naming_deleted_memories(alice_tenant, large) -> None:
    with tenant_scope(alice_tenant):
        memory_create(items=_items("user/big", 130), actor="t")
        memory_create(items=_items("user/other", 130), actor="t")
        _source("user/big")
        _source("user/other")
        assert ann.BUILDS.wait(120)
        assert len(_graph_files()) == 2
        Memory.objects.filter(scope__path="user/big").first().delete()
    assert graph_files.prune() == 1
    assert [p.parent.name for p in _graph_files()] == [str(Scope.unscoped.get(path="user/other").pk)]


def test_processes_saving_one_graph_at_once_leave_a_whole_file(settings, tmp_path) -> None:
    tenant, scope = uuid.uuid4(), uuid.uuid4()
    path = graph_files.graph_path(tenant, scope, "m")

    def save(fill: int) -> None:
        for _ in range(20):
            header = {"tenant": str(tenant), "scope": str(scope), "model": "m"}
            graph_files.write(path, graph_files.encode(header, range(1000), bytes([fill]) * 200_000))

    writers = [threading.Thread(target=save, args=(n,)) for n in (1, 2)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    found = graph_files.read(tenant, scope, "m")
    assert found is not None and found.ids == list(range(1000)) and found.graph in (b"\1" * 200_000, b"\2" * 200_000)
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left
