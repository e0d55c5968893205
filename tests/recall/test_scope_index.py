"""The in-process search indexes (memories/recall/index/cache.py): the same answers as SQL, and never stale.

Equivalence runs inside a test transaction (private indexes, loaded per search). Freshness needs
committed rows and the shared cache, hence ``transaction=True`` there.
"""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import pytest
from django.db import connection, transaction
from django.utils import timezone

from memories.compliance.retention import memory_purge_expired
from memories.embeddings import embedders, get_embedder
from memories.models import Memory, MemoryAccess, Scope
from memories.recall import access, search, sources
from memories.recall.index import cache as scope_index
from memories.recall.index.cache import CACHE, Criteria
from memories.recall.index.source import IndexSource
from memories.recall.query import query_terms
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.revisions import memory_delete, memory_deprecate, memory_revise
from tenants.scoping import tenant_scope
from tests.recall.conftest import contents, save
from tests.recall.conftest import search as api_search

TOPICS = ["black coffee", "green tea", "the Kafka migration", "a half marathon", "the quarterly budget",
          "Python type hints", "a trip to Lisbon", "the TLS certificate renewal", "vegetarian recipes", "jazz"]
PEOPLE = ["Emma", "Priya", "Tomasz", "Dana", "Li Wei", "Sven"]
VERBS = ["likes", "drinks", "is working on", "finished", "worries about"]


def _items(scope: str) -> list[MemoryInput]:
    now = timezone.now()
    items = []
    for i in range(120):
        person, verb, topic = PEOPLE[i % 6], VERBS[i % 5], TOPICS[i % 10]
        items.append(MemoryInput(
            scope=scope, content=f"{person} {verb} {topic} (note {i})", type=["fact", "preference", "task"][i % 3],
            confidence=[1.0, 0.7, 0.4][i % 3], valid_from=now - timedelta(days=i % 30),
            expires_at=now - timedelta(days=1) if i % 17 == 0 else None))
    items += [MemoryInput(scope=scope, content="用户喜欢喝黑咖啡不加糖"),
              MemoryInput(scope=scope, content="项目代号是 Starlight，预算 42000 元")]
    return items


@pytest.fixture
def corpus(in_alice):
    memory_create(items=_items("team/index"), actor="test")
    for memory in Memory.objects.filter(scope__path="team/index")[:10]:
        memory_deprecate(memory_id=memory.pk, actor="test")
    return Memory.objects.filter(scope__path="team/index")


def _sources(criteria: Criteria, filters=None):
    states = search.scope_states(search.search_scopes(["team/index"], descendants=False, allowed_prefixes=()))
    index_source = search.candidate_source(states, criteria, filters)
    assert isinstance(index_source, IndexSource)
    sql_qs = sources.filtered_memories(scope_ids=[s.scope_id for s in states], types=criteria.types,
                                      min_confidence=criteria.min_confidence, statuses=criteria.statuses,
                                      filters=filters, as_of=criteria.as_of, now=criteria.now)
    return index_source, sources.SqlSource(sql_qs, [s.scope_id for s in states], criteria.statuses)


CRITERIA = [
    {"statuses": ["active"]},
    {"statuses": ["active", "deprecated"]},
    {"statuses": ["active"], "types": ["task"]},
    {"statuses": ["active"], "min_confidence": 0.7},
    {"statuses": ["active", "deprecated"], "as_of_days": 10},
]


@pytest.mark.django_db
@pytest.mark.parametrize("options", CRITERIA)
def test_it_ranks_by_vector_exactly_as_the_sql_scan(corpus, options) -> None:
    now = timezone.now()
    as_of = now - timedelta(days=options["as_of_days"]) if "as_of_days" in options else None
    criteria = Criteria(statuses=options["statuses"], types=options.get("types"),
                        min_confidence=options.get("min_confidence", 0.0), now=now, as_of=as_of)
    index_source, sql_source = _sources(criteria)
    for query in ["coffee", "who is running a marathon", "certificate renewal", "黑咖啡"]:
        vector = get_embedder().embed_query(query)
        mine = index_source.vector_candidates(vector, 200)
        theirs = sql_source.vector_candidates(vector, 200)
        assert {c.id for c in mine} == {c.id for c in theirs}, (query, options)  # the filter, exactly
        sims = {c.id: c.similarity for c in theirs}
        assert all(abs(c.similarity - sims[c.id]) < 1e-4 for c in mine)
        # Order too, except among near-ties (float rounding may swap them).
        ordered = [round(c.similarity, 3) for c in mine]
        assert ordered == sorted(ordered, reverse=True)
        assert [c.id for c in mine[:5]] == [c.id for c in theirs[:5]] or \
            abs(mine[4].similarity - mine[5].similarity) < 1e-4, query
        top = index_source.vector_candidates(vector, 3)
        assert [c.id for c in top] == [c.id for c in mine[:3]]


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["Who drinks coffee?", "用户喜欢喝什么", "项目预算", "Starlight budget"])
def test_each_models_list_is_the_sql_scan_of_the_memories_it_judges(corpus, query) -> None:
    """Judged per model (memories.embeddings.judge) the same way, and ranked the same, in the index and SQL."""
    criteria = Criteria(statuses=["active", "deprecated"], types=None, min_confidence=0.0, now=timezone.now(),
                        as_of=None)
    index_source, sql_source = _sources(criteria)
    models = embedders()
    reads = [m.coverage([query])[0] >= 0.5 for m in models]
    counts = index_source.judge(reads)
    sql_source.judge(reads)
    assert sum(counts.values()) == corpus.count()
    for model in models:
        vector = model.embed_query(query)
        mine = index_source.vector_candidates(vector, 500, model=model.name)
        theirs = sql_source.vector_candidates(vector, 500, model=model.name)
        assert {c.id for c in mine} == {c.id for c in theirs}, (query, model.name)
        assert len(mine) <= counts[model.name]  # the model's memories that pass the criteria
        sims = {c.id: (c.similarity, c.model) for c in theirs}
        assert all(abs(c.similarity - sims[c.id][0]) < 1e-4 and c.model == sims[c.id][1] for c in mine)
    if not reads[0]:  # a Chinese question: the multilingual model judges every memory
        assert counts[models[1].name] == corpus.count()
    else:  # an English one: only the memories all-MiniLM cannot read
        assert counts[models[1].name] == 2


@pytest.mark.django_db
def test_it_matches_exactly_what_full_text_search_matches(corpus) -> None:
    criteria = Criteria(statuses=["active", "deprecated"], types=None, min_confidence=0.0, now=timezone.now(),
                        as_of=None)
    index_source, sql_source = _sources(criteria)
    for query in ["drink", "coffee budget", "Priya", "Starlight", "42000", "黑咖啡", "喜欢喝什么", "marat", "nothing"]:
        started = index_source.lexical(query, 1000, parallel=False)
        sql_started = sql_source.lexical(query, 1000, parallel=False)
        mine = {c.id for c in started.finish(None)} if started else set()
        theirs = {c.id for c in sql_started.finish(None)} if sql_started else set()
        assert mine == theirs, query
    started = index_source.lexical("drink", 1000, parallel=False)
    assert started is not None
    drinks = [c.id for c in started.finish(None)]
    assert len(drinks) >= 5  # 'drink' is a prefix: it finds "drinks"
    assert all(" drinks " in Memory.objects.get(pk=pk).content for pk in drinks)


@pytest.mark.django_db
def test_bm25_prefers_rare_words_and_shorter_memories(in_alice) -> None:
    memory_create(items=[MemoryInput(scope="team/bm25", content=c) for c in
                         ["coffee with Priya", "coffee again", "coffee every morning", "Priya likes coffee",
                          "Priya likes coffee and long walks by the river in the afternoon sun"]], actor="t")
    index = scope_index.search_indexes(search.scope_states(search.search_scopes(
        ["team/bm25"], descendants=False, allowed_prefixes=())))
    criteria = Criteria(statuses=["active"], types=None, min_confidence=0.0, now=timezone.now(), as_of=None)
    found = scope_index.bm25(index, [w for w, _ in query_terms("Priya coffee")], criteria, 10)  # their stems
    ranked = [Memory.objects.get(pk=pk).content for _, pk, _, _ in found]
    assert set(ranked[:2]) == {"Priya likes coffee", "coffee with Priya"}  # both words, short
    assert ranked[-1] in {"coffee again", "coffee every morning"}  # only the common word
    assert ranked.index("Priya likes coffee and long walks by the river in the afternoon sun") < ranked.index(
        "coffee again")


@pytest.mark.django_db
def test_a_metadata_filter_is_applied_through_sql(alice) -> None:
    save(alice, {"content": "The staging database password rotates monthly", "metadata": {"env": "staging"}},
         {"content": "The production database password rotates weekly", "metadata": {"env": "prod"}})
    result = api_search(alice, query="database password", filters={"env": "prod"})
    assert contents(result) == ["The production database password rotates weekly"]


@pytest.mark.django_db
def test_scopes_above_the_limit_are_searched_in_sql(corpus, settings) -> None:
    settings.SEARCH_INDEX_MAX_ROWS = 50
    states = search.scope_states(search.search_scopes(["team/index"], descendants=False, allowed_prefixes=()))
    criteria = Criteria(statuses=["active"], types=None, min_confidence=0.0, now=timezone.now(), as_of=None)
    assert isinstance(search.candidate_source(states, criteria, None), sources.SqlSource)
    settings.SEARCH_INDEX_MAX_ROWS = 100_000
    settings.SEARCH_INDEX_ENABLED = False
    assert isinstance(search.candidate_source(states, criteria, None), sources.SqlSource)


# --------------------------------------------------------------------------- freshness (committed rows)

def _search(query: str, **kwargs) -> list[str]:
    return [h.memory.content for h in search.memory_search(query=query, scopes=["user/fresh"], track_access=False,
                                                           **kwargs)]


def _index() -> scope_index.ScopeIndex:
    index = CACHE.cached(Scope.objects.get(path="user/fresh").pk)
    assert index is not None
    return index


@pytest.mark.django_db(transaction=True)
def test_the_shared_index_follows_every_committed_change(alice_tenant) -> None:
    CACHE.clear()
    with tenant_scope(alice_tenant):
        first = memory_create(items=[MemoryInput(scope="user/fresh", content="Dana drinks green tea")], actor="t")
        assert _search("green tea") == ["Dana drinks green tea"]
        index = _index()
        assert len(index) == 1

        # An insert: fetched incrementally into the same index.
        memory_create(items=[MemoryInput(scope="user/fresh", content="Emma runs a half marathon")], actor="t")
        assert "Emma runs a half marathon" in _search("marathon")
        assert _index() is index and len(index) == 2

        # An edit: the new words and vector count, the old ones are gone.
        memory = first[0].memory
        memory_revise(memory_id=memory.pk, expected_version=memory.version, actor="t",
                      changes={"content": "Dana drinks black coffee"})
        assert _search("black coffee")[0] == "Dana drinks black coffee"
        assert "Dana drinks black coffee" not in _search("green tea", mode="lexical")

        # A deprecation: out of the default search, still there for as_of.
        memory_deprecate(memory_id=memory.pk, actor="t")
        assert "Dana drinks black coffee" not in _search("black coffee")
        assert "Dana drinks black coffee" in _search("black coffee", include_statuses=["deprecated"])

        # Access counts are not a change: no new stamp, no refetch.
        seq = Scope.objects.get(path="user/fresh").search_seq
        hits = search.memory_search(query="marathon", scopes=["user/fresh"])
        access.ACCESS_COUNTS.flush()
        assert MemoryAccess.objects.get(memory_id=hits[0].memory.pk).count == 1
        assert Scope.objects.get(path="user/fresh").search_seq == seq

        # A stale save of the scope row cannot move its stamp back.
        scope = Scope.objects.get(path="user/fresh")
        scope.search_seq = 0
        scope.save()
        assert Scope.objects.get(path="user/fresh").search_seq == seq

        # A deletion: the scope is loaded again, without the deleted memory.
        marathon = Memory.objects.get(content="Emma runs a half marathon")
        memory_delete(memory_id=marathon.pk, actor="t")
        assert _search("marathon") == []
        assert _index() is not index
        assert len(_index()) == 1


@pytest.mark.django_db(transaction=True)
def test_expired_and_purged_memories_leave_the_index(alice_tenant) -> None:
    CACHE.clear()
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/fresh", content="The hotel code is 4711",
                                         expires_at=timezone.now() + timedelta(seconds=1)),
                             MemoryInput(scope="user/fresh", content="The hotel is in Lisbon")], actor="t")
        assert len(_search("hotel")) == 2
    Memory.unscoped.filter(content="The hotel code is 4711").update(expires_at=timezone.now() - timedelta(days=40))
    with tenant_scope(alice_tenant):
        assert _search("hotel") == ["The hotel is in Lisbon"]  # expired: filtered at once
    with tenant_scope(alice_tenant):
        assert memory_purge_expired() == 1
        assert _search("hotel") == ["The hotel is in Lisbon"]
        assert len(_index()) == 1  # purged: reloaded without it


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_write_never_reaches_the_shared_index(alice_tenant) -> None:
    CACHE.clear()
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/fresh", content="Sven likes jazz")], actor="t")
        assert _search("jazz") == ["Sven likes jazz"]
        shared = _index()
        with pytest.raises(RuntimeError), transaction.atomic():
            memory_create(items=[MemoryInput(scope="user/fresh", content="Sven likes jazz piano too")], actor="t")
            assert connection.in_atomic_block
            assert len(_search("jazz")) == 2  # the transaction sees its own row (a private index)
            raise RuntimeError("roll back")
        assert _search("jazz") == ["Sven likes jazz"]
        assert _index() is shared and len(shared) == 1


@pytest.mark.django_db(transaction=True)
def test_the_cache_keeps_at_most_its_row_budget(alice_tenant, settings) -> None:
    CACHE.clear()
    settings.SEARCH_INDEX_MAX_ROWS = 5
    with tenant_scope(alice_tenant):
        for i in range(4):
            memory_create(items=[MemoryInput(scope=f"user/lru{i}", content=f"memo {i} about item {j}")
                                 for j in range(2)], actor="t")
            search.memory_search(query="memo", scopes=[f"user/lru{i}"], track_access=False)
        assert CACHE.rows() <= 5
        assert CACHE.cached(Scope.objects.get(path="user/lru3").pk) is not None  # the newest stays
        assert CACHE.cached(Scope.objects.get(path="user/lru0").pk) is None


@pytest.mark.django_db(transaction=True)
def test_search_never_returns_another_tenants_memories_from_the_cache(alice, bob) -> None:
    CACHE.clear()
    save(alice, {"content": "Alice's secret project is Starlight"}, scope="user/1")
    save(bob, {"content": "Bob's project is Moonbeam"}, scope="user/1")
    assert contents(api_search(alice, query="project")) == ["Alice's secret project is Starlight"]
    assert contents(api_search(bob, query="project")) == ["Bob's project is Moonbeam"]
    response = bob.client.post("/api/v1/memories/search", {"query": "project", "scope": "user/nope"}, format="json")
    assert response.status_code == 200 and response.json()["results"] == []


def test_index_arrays_grow_and_keep_their_rows(settings) -> None:
    import uuid

    # Cosines 5e-7 apart (below): float16 vectors cannot tell them apart, float32 ones can.
    settings.SEARCH_INDEX_VECTORS = "float32"
    index = scope_index.ScopeIndex(uuid.uuid4(), scope_index.Version(0, 0), 4)
    rows = []
    for i in range(100):
        vector = np.asarray([1.0, float(i), 0.0, 0.0], dtype=">f4")
        rows.append((uuid.uuid4(), "active", "fact", 1.0, i, None, None, f"word{i} common",
                     b"\x00\x04\x00\x00" + vector.tobytes()))
    index.apply(rows[:10])
    index.apply(rows[10:])
    assert len(index) == 100
    assert index.document_frequency("common") == 100 and index.document_frequency("word42") == 1
    index.apply([(rows[42][0], "active", "fact", 1.0, 42, None, None, "replaced", rows[42][8])])
    assert len(index) == 100 and index.document_frequency("word42") == 0 and index.expand("repl") == ["replaced"]
    query = np.asarray([0.0, 1.0, 0.0, 0.0], dtype=np.float32)
    criteria = Criteria(statuses=["active"], types=None, min_confidence=0.0, now=timezone.now(), as_of=None)
    assert [pk for pk, _, _ in index.nearest(query, criteria, 2)] == [rows[99][0], rows[98][0]]


@pytest.mark.django_db
def test_old_removal_stamps_are_pruned_by_maintenance() -> None:
    import uuid

    from memories.compliance.retention import search_removals_prune
    from memories.models import SearchRemoval

    old = SearchRemoval.objects.create(scope_id=uuid.uuid4(), seq=1)
    SearchRemoval.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=2))
    SearchRemoval.objects.create(scope_id=uuid.uuid4(), seq=2)
    assert search_removals_prune(now=timezone.now()) == 1
    assert list(SearchRemoval.objects.values_list("seq", flat=True)) == [2]


@pytest.mark.django_db
def test_descendants_match_path_prefixes_literally(in_alice) -> None:
    notes = {"team/a_b": "rollback first", "team/a_b/x": "canary at noon", "team/axb/y": "freeze on Fridays",
             "team/a_bc": "two approvals"}
    memory_create(items=[MemoryInput(scope=s, content=f"Deploy notes: {n}") for s, n in notes.items()], actor="t")
    found = search.memory_search(query="deploy notes", scopes=["team/a_b"], descendants=True, track_access=False)
    assert sorted(h.memory.scope.path for h in found) == ["team/a_b", "team/a_b/x"]  # '_' is no wildcard
    assert [s.path for s in search.search_scopes(["team/a_b"], descendants=False, allowed_prefixes=())] == ["team/a_b"]


@pytest.mark.django_db(transaction=True)
def test_the_sweep_drops_scopes_that_lost_memories(alice_tenant) -> None:
    """An erasure in another process: nobody searches the scope here again, the sweep still drops it."""
    CACHE.clear()
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/fresh", content="Mia's passport number is X123"),
                             MemoryInput(scope="user/other", content="Mia likes tea")], actor="t")
        _search("passport")
        search.memory_search(query="tea", scopes=["user/other"], track_access=False)
        assert CACHE.sweep() == 0
        Memory.objects.filter(content__startswith="Mia's passport").delete()
        assert CACHE.sweep() == 1
        assert CACHE.cached(Scope.objects.get(path="user/fresh").pk) is None
        assert CACHE.cached(Scope.objects.get(path="user/other").pk) is not None


@pytest.mark.django_db(transaction=True)
def test_under_concurrent_writers_every_committed_memory_is_found_at_once(alice_tenant, fake_embedder) -> None:
    """Two writers commit into one scope while a third thread keeps searching it (refreshing the shared
    index in between): right after its commit, each writer must find its memory, and a deleted one
    must be gone. This is what the commit-ordered stamps guarantee."""
    import threading

    from django.db import connections

    CACHE.clear()
    failures: list[str] = []
    done = threading.Event()

    def writer(name: str) -> None:
        try:
            with tenant_scope(alice_tenant):
                for i in range(25):
                    token = f"{name}q{i}z"
                    [result] = memory_create(items=[MemoryInput(scope="user/race", content=f"code word {token}")],
                                             actor="t")
                    found = search.memory_search(query=token, scopes=["user/race"], mode="lexical", k=3,
                                                 track_access=False)
                    if [h.memory.pk for h in found][:1] != [result.memory.pk]:
                        failures.append(f"{token}: not found right after its commit")
                    if i % 5 == 4:
                        memory_delete(memory_id=result.memory.pk, actor="t")
                        if search.memory_search(query=token, scopes=["user/race"], mode="lexical",
                                                track_access=False):
                            failures.append(f"{token}: still found after its deletion")
        except Exception as exc:  # noqa: BLE001 - a failure in a thread must fail the test
            failures.append(repr(exc))
        finally:
            connections.close_all()

    def reader() -> None:
        try:
            with tenant_scope(alice_tenant):
                while not done.is_set():
                    search.memory_search(query="code word", scopes=["user/race"], mode="lexical",
                                         track_access=False)
        finally:
            connections.close_all()

    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/race", content="the race starts")], actor="t")
    threads = [threading.Thread(target=writer, args=(n,)) for n in ("alpha", "beta")]
    background = threading.Thread(target=reader)
    background.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    done.set()
    background.join(timeout=30)
    assert not failures, failures[:5]
    with tenant_scope(alice_tenant):
        found = search.memory_search(query="code word", scopes=["user/race"], mode="lexical", k=100,
                                     track_access=False)
        live = Memory.objects.filter(scope__path="user/race", status="active", content__startswith="code word")
        assert sorted(h.memory.pk for h in found) == sorted(live.values_list("pk", flat=True))
        assert len(found) >= 20  # 50 written, 10 deleted, some superseded by the conflict policy


@pytest.mark.django_db(transaction=True)
def test_a_search_that_read_an_older_stamp_reuses_the_newer_index(alice_tenant) -> None:
    """Concurrent searches: one read the scope's stamp before another refreshed the index past it. The
    newer index holds everything the first one may see: it is used as is, not loaded again."""
    CACHE.clear()
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/fresh", content="Noor bakes bread")], actor="t")
        older = search.scope_states(search.search_scopes(["user/fresh"], descendants=False, allowed_prefixes=()))
        memory_create(items=[MemoryInput(scope="user/fresh", content="Noor plays chess")], actor="t")
        assert _search("chess")[0] == "Noor plays chess"
        index = _index()
        assert scope_index.search_indexes(older) == [index]
        assert len(index) == 2


@pytest.mark.django_db(transaction=True)
def test_an_index_is_never_handed_to_another_tenant(alice_tenant, bob_tenant) -> None:
    """Fail closed below the API too: a scope id of another tenant yields no index, cached or not."""
    CACHE.clear()
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/fresh", content="Alice's locker code is 1234")], actor="t")
        assert _search("locker code")
        states = search.scope_states(search.search_scopes(["user/fresh"], descendants=False, allowed_prefixes=()))
    with tenant_scope(bob_tenant):
        assert scope_index.search_indexes(states) == []  # the cached one is Alice's
    CACHE.clear()
    with tenant_scope(bob_tenant):
        assert scope_index.search_indexes(states) == []  # and loading it finds nothing
