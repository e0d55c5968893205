"""The approximate stages of a large scope's index (memories/recall/index/ann.py, ``ScopeIndex.bm25``'s bounded
postings), forced on small scopes by settings: the same top-10 as the exact stages, every write, retirement
and erasure reaches the graph, and a graph never serves another tenant."""

from __future__ import annotations

import math
import threading
import uuid
from collections.abc import Iterator

import numpy as np
import pytest
from django.utils import timezone

from memories.compliance.subjects import subject_erase
from memories.embeddings import get_embedder
from memories.models import Memory, Scope
from memories.recall import search
from memories.recall.index import ann
from memories.recall.index import cache as scope_index
from memories.recall.index.ann import Graph
from memories.recall.index.cache import CACHE, Criteria
from memories.recall.index.source import IndexSource
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.revisions import memory_deprecate, memory_revise
from tenants.scoping import tenant_scope
from tests.recall.conftest import contents, save
from tests.recall.conftest import search as api_search

TOPICS = ["black coffee", "green tea", "the Kafka migration", "a half marathon", "the quarterly budget",
          "Python type hints", "a trip to Lisbon", "the TLS certificate renewal", "vegetarian recipes", "jazz",
          "the garden shed", "a chess tournament", "sourdough bread", "the office move", "a broken bicycle"]
PEOPLE = ["Emma", "Priya", "Tomasz", "Dana", "Li Wei", "Sven", "Marta", "Kofi"]
VERBS = ["likes", "talked about", "is working on", "finished", "worries about", "asked about the"]
QUERIES = ["Who drinks coffee?", "marathon training", "certificate renewal", "what did Kofi bake",
           "chess", "moving the office", "bicycle repair", "Lisbon holiday"]


def _items(scope: str, n: int = 240) -> list[MemoryInput]:
    return [MemoryInput(scope=scope, content=f"{PEOPLE[i % 8]} {VERBS[i % 6]} {TOPICS[i % 15]} (week {i // 15})",
                        type=["fact", "preference", "task"][i % 3])
            for i in range(n)]


def _criteria(statuses: list[str] | None = None) -> Criteria:
    return Criteria(statuses=statuses or ["active"], types=None, min_confidence=0.0, now=timezone.now(),
                    as_of=None)


def _source(path: str, criteria: Criteria) -> IndexSource:
    states = search.scope_states(search.search_scopes([path], descendants=False, allowed_prefixes=()))
    source = search.candidate_source(states, criteria, None)
    assert isinstance(source, IndexSource)
    return source


def _vector_top(path: str, query: str, criteria: Criteria, limit: int = 10) -> list[tuple[str, float]]:
    found = _source(path, criteria).vector_candidates(get_embedder().embed_query(query), limit)
    return [(str(c.id), round(c.similarity, 4)) for c in found]


@pytest.mark.django_db
def test_the_graph_returns_the_exact_top_10_on_real_vectors(in_alice, settings) -> None:
    memory_create(items=_items("team/ann"), actor="test")
    for memory in Memory.objects.filter(scope__path="team/ann").order_by("pk")[:40]:
        memory_deprecate(memory_id=memory.pk, actor="test")
    for statuses in (["active"], ["active", "deprecated"]):
        criteria = _criteria(statuses)
        settings.SEARCH_INDEX_ANN_MIN_ROWS = 10**9
        exact = {q: _vector_top("team/ann", q, criteria) for q in QUERIES}
        settings.SEARCH_INDEX_ANN_MIN_ROWS = 50
        source = _source("team/ann", criteria)
        source.vector_candidates(get_embedder().embed_query(QUERIES[0]), 10)  # exact; the graph is built meanwhile
        assert ann.BUILDS.wait(120)
        approximate = {q: [(str(c.id), round(c.similarity, 4)) for c in
                           source.vector_candidates(get_embedder().embed_query(q), 10)] for q in QUERIES}
        assert list(source.indexes[0].graphs) == [None]  # the primary model's graph answered
        assert approximate == exact
    # A filter that keeps a few of many (a metadata filter's ids): those few compared, exactly.
    only = frozenset(pk.int for pk in Memory.objects.filter(scope__path="team/ann").order_by("-pk")
                     .values_list("pk", flat=True)[:12])  # as the index keys them
    few = Criteria(statuses=["active"], types=None, min_confidence=0.0, now=timezone.now(), as_of=None, only=only)
    settings.SEARCH_INDEX_ANN_MIN_ROWS = 10**9
    exact = {q: _vector_top("team/ann", q, few) for q in QUERIES}
    settings.SEARCH_INDEX_ANN_MIN_ROWS = 50
    assert {q: _vector_top("team/ann", q, few) for q in QUERIES} == exact
    assert all(uuid.UUID(pk).int in only for found in exact.values() for pk, _ in found)


@pytest.mark.django_db
def test_bounded_postings_give_the_exact_bm25_top_10(in_alice, settings) -> None:
    memory_create(items=_items("team/ann"), actor="test")
    settings.SEARCH_INDEX_POSTINGS_TOP = 20  # "week", "about", the people: far longer postings than that
    source = _source("team/ann", _criteria())
    index = source.indexes[0]
    for query in ["Kofi talked about sourdough bread", "Emma week 3", "about the jazz", "Sven chess"]:
        words = [w.lower() for w in query.split()]
        bounded = scope_index.bm25([index], words, source.criteria, 10)
        documents, length = len(index), index.total_length
        idf = {w: math.log(1.0 + (documents - index.document_frequency(w) + 0.5)
                           / (index.document_frequency(w) + 0.5)) for w in words if index.document_frequency(w)}
        exact = index.bm25(idf, length / documents, source.criteria, 10, exact=True)
        assert [round(s, 4) for _, _, s, _ in bounded] == [round(s, 4) for _, s, _ in exact], query
        last = round(exact[-1][1], 4)  # memories tied with the 10th may swap (float sums in another order)
        assert [pk for _, pk, s, _ in bounded if round(s, 4) > last] == [pk for pk, s, _ in exact if round(s, 4) > last]
        assert index._top_postings  # the bounded path ran
    # A filter that keeps too few of a word's best entries: every entry is read again.
    only = frozenset(pk.int for pk in Memory.objects.filter(scope__path="team/ann", status="active").order_by("pk")
                     .values_list("pk", flat=True)[:3])  # three the criteria's status keeps (some were retired)
    criteria = Criteria(statuses=["active"], types=None, min_confidence=0.0, now=timezone.now(), as_of=None,
                        only=only)
    idf = {"week": 0.5}
    found = index.bm25(idf, index.total_length / len(index), criteria, 10)
    assert found == index.bm25(idf, index.total_length / len(index), criteria, 10, exact=True)
    assert 0 < len(found) == int(index.mask(criteria).sum()) < 10


def _fresh_search(query: str, **kwargs) -> list[str]:
    return [h.memory.content for h in search.memory_search(query=query, scopes=["user/ann"], track_access=False,
                                                           mode="vector", **kwargs)]


@pytest.mark.django_db(transaction=True)
def test_writes_retirements_and_erasure_reach_the_graph(alice_tenant, settings) -> None:
    CACHE.clear()
    settings.SEARCH_INDEX_ANN_MIN_ROWS = 50
    with tenant_scope(alice_tenant):
        memory_create(items=_items("user/ann", 120), actor="t")
        assert _fresh_search("sourdough bread")
        assert ann.BUILDS.wait(120)
        index = CACHE.cached(Scope.objects.get(path="user/ann").pk)
        assert index is not None and None in index.graphs
        graph = index.graphs[None]
        # A new memory: added to the same graph, found at once.
        memory_create(items=[MemoryInput(scope="user/ann", content="Noor keeps bees on the roof")], actor="t")
        assert _fresh_search("beekeeping on a rooftop")[0] == "Noor keeps bees on the roof"
        assert index.graphs[None] is graph and len(graph) == 121
        # An edit: the graph holds the new vector, not the old one.
        bees = Memory.objects.get(content="Noor keeps bees on the roof")
        memory_revise(memory_id=bees.pk, expected_version=bees.version, actor="t",
                      changes={"content": "Noor plays the cello in an orchestra"})
        assert _fresh_search("cello orchestra")[0] == "Noor plays the cello in an orchestra"
        assert "Noor plays the cello in an orchestra" not in _fresh_search("beekeeping on a rooftop")[:1]
        # A retirement: out of the default search.
        memory_deprecate(memory_id=bees.pk, actor="t")
        assert "Noor plays the cello in an orchestra" not in _fresh_search("cello orchestra")
        # An erasure: the scope's index and its graph are built again without the person's memories.
        memory_create(items=[MemoryInput(scope="user/ann", subject="erase-me", content="Erin's passport is X123")],
                      actor="t")
        assert _fresh_search("passport number")[0] == "Erin's passport is X123"
        erased = Memory.objects.get(content="Erin's passport is X123").pk
        subject_erase(external_id="erase-me", actor="t")
        assert "Erin's passport is X123" not in _fresh_search("passport number")
        # The old index's build of this scope may still be on its way (one per scope at a time): once none is,
        # the next search asks for the rebuilt index's graph.
        assert ann.BUILDS.wait(120)
        assert "Erin's passport is X123" not in _fresh_search("passport number")
        assert ann.BUILDS.wait(120)
        rebuilt = CACHE.cached(Scope.objects.get(path="user/ann").pk)
        assert rebuilt is not None and rebuilt is not index and erased.int not in rebuilt.slots
        assert None in rebuilt.graphs and len(rebuilt.graphs[None]) == len(rebuilt) == 121


@pytest.mark.django_db(transaction=True)
def test_a_graph_never_serves_another_tenant(alice, bob, settings) -> None:
    CACHE.clear()
    settings.SEARCH_INDEX_ANN_MIN_ROWS = 5
    save(alice, *[{"content": f"Alice's secret project about {t} is called Starlight"} for t in TOPICS], scope="user/1")
    save(bob, *[{"content": f"Bob's project about {t} is called Moonbeam"} for t in TOPICS], scope="user/1")
    for client, owner in ((alice, "Alice"), (bob, "Bob"), (alice, "Alice"), (bob, "Bob")):
        found = contents(api_search(client, query="secret project", mode="vector"))
        assert found and all(text.startswith(owner) for text in found)
        assert ann.BUILDS.wait(120)  # each scope's first search built its graph for the next
    indexes = list(CACHE._indexes.values())
    assert len(indexes) == 2 and all(index.graphs for index in indexes)


@pytest.fixture
def held_build(monkeypatch) -> Iterator[tuple[threading.Event, threading.Event, list[threading.Thread]]]:
    """``Graph.build`` held until the test sets ``release``: ``started`` is set, and the thread recorded, per build."""
    started, release, threads = threading.Event(), threading.Event(), []
    original = Graph.build.__func__  # type: ignore[attr-defined]

    def build(cls, *args, **kwargs):
        threads.append(threading.current_thread())
        started.set()
        release.wait(20)
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(Graph, "build", classmethod(build))
    yield started, release, threads
    release.set()
    ann.BUILDS.wait(120)


def _top(source: IndexSource, query: str) -> list[tuple[str, float]]:
    found = source.vector_candidates(get_embedder().embed_query(query), 10)
    return [(str(c.id), round(c.similarity, 4)) for c in found]


@pytest.mark.django_db
def test_the_first_search_answers_exactly_while_the_graph_builds(in_alice, settings, monkeypatch, held_build) -> None:
    started, release, threads = held_build
    memory_create(items=_items("team/ann") + _items("team/other", 80), actor="test")
    criteria = _criteria()
    settings.SEARCH_INDEX_ANN_MIN_ROWS = 10**9
    exact = {q: _vector_top("team/ann", q, criteria) for q in QUERIES}
    settings.SEARCH_INDEX_ANN_MIN_ROWS = 50
    source = _source("team/ann", criteria)
    index = source.indexes[0]
    assert {q: _top(source, q) for q in QUERIES} == exact  # the exact product, while the build is held
    assert not release.is_set() and index.graphs == {}
    assert started.wait(10) and threads[0] is not threading.current_thread()
    other = _source("team/other", criteria)  # another scope's build waits for the one running
    assert _top(other, "chess") and len(threads) == 1 and other.indexes[0].graphs == {}
    release.set()
    assert ann.BUILDS.wait(120)
    assert list(index.graphs) == [None] and list(other.indexes[0].graphs) == [None] and len(threads) == 2
    graph, asked = index.graphs[None], []
    search_graph = graph.search

    def counted(*args):
        asked.append(1)
        return search_graph(*args)

    monkeypatch.setattr(graph, "search", counted)
    assert {q: _top(source, q) for q in QUERIES} == exact  # now from the graph: the same top-10
    assert len(asked) >= len(QUERIES)


def _graph_matches(index) -> bool:
    """The graph holds exactly the slots with a vector, each with the matrix's vector."""
    graph = index.graphs[None]
    slots = np.flatnonzero(index.has_vector[: index.size])
    held = np.asarray(graph.index.get(slots.astype(np.uint64)), dtype=np.float32)
    return len(graph) == len(slots) and np.allclose(held, index.vectors[slots].astype(np.float32), atol=1e-3)


@pytest.mark.django_db(transaction=True)
def test_writes_and_an_erasure_during_a_build_reach_the_graph(alice_tenant, settings, held_build) -> None:
    started, release, _ = held_build
    CACHE.clear()
    settings.SEARCH_INDEX_ANN_MIN_ROWS = 50
    with tenant_scope(alice_tenant):
        memory_create(items=[*_items("user/ann", 120),
                             MemoryInput(scope="user/ann", content="Noor keeps bees on the roof"),
                             MemoryInput(scope="user/ann", subject="erase-me", content="Erin's passport is X123")],
                      actor="t")
        assert _fresh_search("beekeeping on a rooftop")[0] == "Noor keeps bees on the roof"
        pk = Scope.objects.get(path="user/ann").pk
        index = CACHE.cached(pk)
        assert index is not None and started.wait(10) and not index.graphs  # the build is held
        # A new memory and an edit while the graph is built: replayed onto it before it is installed.
        memory_create(items=[MemoryInput(scope="user/ann", content="Ola repairs old clocks")], actor="t")
        bees = Memory.objects.get(content="Noor keeps bees on the roof")
        memory_revise(memory_id=bees.pk, expected_version=bees.version, actor="t",
                      changes={"content": "Noor plays the cello in an orchestra"})
        assert _fresh_search("cello orchestra")[0] == "Noor plays the cello in an orchestra"
        release.set()
        assert ann.BUILDS.wait(120) and CACHE.cached(pk) is index
        assert list(index.graphs) == [None] and len(index.graphs[None]) == 123 and _graph_matches(index)
        assert _fresh_search("clock repair")[0] == "Ola repairs old clocks"
        assert _fresh_search("cello orchestra")[0] == "Noor plays the cello in an orchestra"
        assert "Noor plays the cello in an orchestra" not in _fresh_search("beekeeping on a rooftop")[:1]
        # An erasure while a build (of a graph holding the person's memory) is held.
        started.clear()
        release.clear()
        with index.lock:
            index.graphs.clear()
        assert _fresh_search("passport number")[0] == "Erin's passport is X123"
        assert started.wait(10) and not index.graphs
        erased = Memory.objects.get(content="Erin's passport is X123").pk
        subject_erase(external_id="erase-me", actor="t")
        assert "Erin's passport is X123" not in _fresh_search("passport number")
        release.set()
        assert ann.BUILDS.wait(120)
        for _ in range(2):  # the reloaded scope's first search starts its build; the next one uses it
            assert "Erin's passport is X123" not in _fresh_search("passport number")
            assert ann.BUILDS.wait(120)
        rebuilt = CACHE.cached(pk)
        assert rebuilt is not None and rebuilt is not index and erased.int not in rebuilt.slots
        assert list(rebuilt.graphs) == [None] and len(rebuilt.graphs[None]) == len(rebuilt) == 122
        assert _graph_matches(rebuilt)
