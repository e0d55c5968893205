"""The ranking's pure functions, the SQL plans (GIN, HNSW vs exact) and the HNSW policy."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import numpy as np
import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from memories.embeddings import get_embedder
from memories.models import Memory
from memories.recall import query, rank, search, sources
from memories.recall.tokens import readable_fraction
from memories.write import text
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from memories.write.scopes_subjects import scope_get_or_create
from tenants.models import Tenant
from tenants.scoping import tenant_scope
from tenants.services import tenant_create

A, B, C = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()


def test_it_fuses_ranks_so_that_first_everywhere_scores_one() -> None:
    fused = rank.fuse({"vector": [A, B, C], "lexical": [A, C]}, {"vector": 1.0, "lexical": 1.0}, rrf_k=10)
    assert fused[A] == pytest.approx(1.0)
    assert fused[C] > fused[B]  # in both lists beats one list
    assert rank.fuse({"vector": [A], "lexical": []}, {"vector": 1.0, "lexical": 1.0})[A] == pytest.approx(0.5)
    assert rank.fuse({"vector": [A, B]}, {"vector": 0.0})  == {}


def test_it_decays_only_task_and_note() -> None:
    lives = {"task": 14.0, "note": 90.0}
    assert rank.recency("task", 14.0, lives) == pytest.approx(0.5)
    assert rank.recency("task", 28.0, lives) == pytest.approx(0.25)
    assert rank.recency("note", 90.0, lives) == pytest.approx(0.5)
    assert rank.recency("fact", 1000.0, lives) == 1.0
    assert rank.recency("preference", 1000.0, lives) == 1.0
    assert rank.recency("task", -3.0, lives) == 1.0
    assert rank.confidence_weight(1.0) == 1.0 and rank.confidence_weight(0.0) == rank.CONFIDENCE_FLOOR


def test_it_builds_a_safe_or_query_from_search_words() -> None:
    assert query.query_tsquery("What does the user drink?") == "'drink':*"
    assert query.query_tsquery("the") == "'the'"  # only stopwords: keep them
    assert query.query_tsquery("Li Wei 42000") == "'li' | 'wei' | '42000'"
    assert query.query_tsquery("?!") is None
    hostile = query.query_tsquery("it's a 'quote' | !bang & (x) <-> y:*")
    assert hostile is not None and all(ch not in hostile.replace("' | '", "").strip("'") for ch in "!&()<>")
    chinese = query.query_tsquery("他喜欢什么饮料")
    assert chinese is not None and "'喜欢'" in chinese and "'饮料'" in chinese and "'什么'" not in chinese


def test_it_weights_the_vector_list_by_what_the_model_can_read() -> None:
    assert readable_fraction("What does the user drink?") == 1.0
    assert readable_fraction("他喜欢什么饮料") < 0.2
    assert readable_fraction("下周三和 Acme 的 Sarah Chen 开会") < 0.5  # its few known CJK characters do not count
    assert rank.fusion_weights(readable_fraction("他喜欢什么饮料"))["vector"] == pytest.approx(rank.MIN_VECTOR_SHARE)
    assert rank.fusion_weights(readable_fraction("coffee"))["vector"] == 1.0
    assert rank.fusion_weights(1.0, ["use-multilingual-v3"])["use-multilingual-v3"] == 1.0


def test_it_keeps_above_the_floor_only_memories_closer_to_the_query_than_to_their_neighbours() -> None:
    """rank.floor_distinct_passes: the best hit stays; another stays only if it is at least its model's
    floor_distinct closer to the query than to its nearest candidates ranked below it."""
    from memories.embeddings import PRIMARY_DEFAULT, profile

    now = timezone.now()

    def candidate(vector: list[float], similarity: float) -> rank.Candidate:
        unit = np.asarray(vector, dtype=np.float32)
        return rank.Candidate(uuid.uuid4(), "fact", 1.0, now, similarity=similarity, vector=unit / np.linalg.norm(unit),
                              model=PRIMARY_DEFAULT)

    best = candidate([1, 0, 0, 0], 0.55)
    answer = candidate([0, 0, 1, 0], 0.53)  # far from the memories below it: about what the query asks
    twin = candidate([0, 0.1, 1, 0], 0.54)  # alike the answer, but ranked above it: they may both answer
    generic = [candidate([0.6, 0.8, 0, 0], 0.51), candidate([0.6, 0.7, 0.1, 0], 0.5)]  # about the topic only
    crowd = [candidate([0.7, 0.7, 0, 0.1], 0.3), candidate([0.65, 0.75, 0, 0], 0.25)]  # below the first floor
    everything = [best, twin, answer, *generic, *crowd]
    scored = [rank.Scored(c, 1.0 - i / 10, 0.5, 1.0) for i, c in enumerate(everything)]
    above = {c.key for c in everything[:5]}
    profiles = {PRIMARY_DEFAULT: profile(PRIMARY_DEFAULT)}
    assert rank.floor_distinct_passes(scored, above, everything, profiles, PRIMARY_DEFAULT) == {
        best.key, twin.key, answer.key}
    margins = rank.distinctness(everything[1:5], everything, profiles, PRIMARY_DEFAULT)
    assert min(margins[twin.key], margins[answer.key]) > 0.2 and max(margins[c.key] for c in generic) < 0
    assert rank.floor_distinct_passes(scored, {generic[0].key, generic[1].key}, everything, profiles,
                                      PRIMARY_DEFAULT) == {generic[0].key}  # the best of those above always stays
    off = {PRIMARY_DEFAULT: dataclasses.replace(profiles[PRIMARY_DEFAULT], floor_distinct=None)}
    assert rank.floor_distinct_passes(scored, above, everything, off, PRIMARY_DEFAULT) == above


def _memory(content: str, vector: list[float]) -> Memory:
    return Memory(content=content, content_hash=text.content_hash(content), search_text=text.search_text(content),
                  embedding=np.asarray(vector, dtype=np.float32))


def test_it_treats_only_near_identical_texts_as_duplicates() -> None:
    embed = get_embedder().embed
    pairs = [("The project budget is 42000 yuan", "The project budget is 43000 yuan", False),
             ("The user prefers black coffee.", "the user prefers black coffee", True),
             ("The user prefers black coffee", "The user prefers black coffee!!", True),
             ("用户喜欢喝黑咖啡不加糖", "用户喜欢喝绿茶", False)]
    for a, b, expected in pairs:
        va, vb = embed([a, b])
        assert rank.near_duplicate(_memory(a, va), _memory(b, vb)) is expected, (a, b)


@pytest.fixture(scope="module")
def planned(django_db_setup: None, django_db_blocker: Any) -> Iterator[Tenant]:
    """The module's own tenant and data, written once in a transaction that is rolled back after the module:
    each test runs in a savepoint inside it, so what a test writes is gone before the next one, as always.
    3,000 rows in "team/bulk" (random unit vectors: plans, not ranking, are under test) and ~200 memories
    in "team/big", 6 of them tasks (a selective filter), written through the one write flow; all analysed,
    so the planner chooses as it would in production."""
    with django_db_blocker.unblock(), transaction.atomic():
        tenant = tenant_create(slug="plans", name="Plans")
        with tenant_scope(tenant):
            _bulk_rows(tenant)
            _many_memories()
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE memories_memory")
        yield tenant
        transaction.set_rollback(True)


def _bulk_rows(tenant: Tenant) -> None:
    scope = scope_get_or_create("team/bulk")
    rng = np.random.default_rng(7)
    rows = []
    for i in range(3000):
        content = f"row {i} word{i % 300} topic{i % 7} {'黑咖啡' if i % 500 == 0 else '绿茶'}"
        vector = rng.normal(size=384).astype(np.float32)
        rows.append(Memory(tenant=tenant, scope=scope, content=content, content_hash=text.content_hash(content),
                           search_text=text.search_text(content), embedding=vector / np.linalg.norm(vector)))
    Memory.objects.bulk_create(rows)


@pytest.fixture
def in_plans(planned: Tenant, db: None) -> Iterator[Tenant]:
    with tenant_scope(planned):
        yield planned


@pytest.fixture
def bulk(in_plans: Tenant) -> Any:
    return Memory.objects.filter(scope=scope_get_or_create("team/bulk"), status="active")


@pytest.mark.django_db
def test_it_uses_the_gin_index_for_lexical_candidates(bulk) -> None:
    vector = get_embedder().embed_query("黑咖啡")
    for text_query, expected in (("黑咖啡", 6), ("word17", 10)):
        tsquery = query.query_tsquery(text_query)
        assert tsquery
        assert len(sources.lexical_candidates(bulk, tsquery, vector, 50)) == expected
        plan = sources.lexical_queryset(bulk, tsquery)[:50].explain()
        assert "memory_search_vector_gin" in plan, plan


@pytest.mark.django_db
def test_it_keeps_the_exact_plan_off_the_hnsw_index(bulk) -> None:
    vector = get_embedder().embed_query("certificate renewal")
    exact = sources.exact_vector_queryset(bulk, vector)[:50].explain()
    assert "memory_embedding_hnsw" not in exact, exact
    ann = sources.ann_vector_queryset(bulk, vector)[:50].explain()
    assert "memory_embedding_hnsw" in ann, ann  # left to itself, the planner takes the index


TOPICS = ["budget", "hiring", "roadmap", "security review", "offsite", "pricing", "onboarding", "migration",
          "incident", "customer churn", "design system", "quarterly goals", "vendor contract", "release train"]
TASKS = ["renew the TLS certificate of the mail server", "rotate the production database password",
         "book flights to the Lisbon offsite", "send the signed NDA to Globex", "fix the flaky login test",
         "order a standing desk for Priya"]


def _many_memories() -> None:
    items = [MemoryInput(scope="team/big", content=f"Meeting {i} about {TOPICS[i % len(TOPICS)]} with team "
                                                    f"{TOPICS[(i * 7) % len(TOPICS)]} led by person {i}")
             for i in range(194)]
    items += [MemoryInput(scope="team/big", type="task", content=task) for task in TASKS]
    memory_create(items=items, actor="test")


@pytest.fixture
def many(in_plans: Tenant) -> int:
    return Memory.objects.filter(scope__path="team/big", type="task").count()


@pytest.mark.django_db
@pytest.mark.django_db
@pytest.mark.parametrize("k", [1, 3, 10])
def test_it_never_returns_fewer_or_other_results_through_hnsw(many, settings, k) -> None:
    assert many == 6
    queries = ["certificate renewal", "database password", "budget meeting", "what did the team discuss"]
    settings.SEARCH_INDEX_ENABLED = False  # the SQL path's policy (exact vs HNSW) is under test
    settings.HNSW_MIN_SCOPE_ROWS = 1_000_000
    exact = {q: search.memory_search(query=q, scopes=["team/big"], types=["task"], k=k, floor=False,
                                     track_access=False) for q in queries}
    exact_all = {q: search.memory_search(query=q, scopes=["team/big"], k=k, floor=False, track_access=False)
                 for q in queries}
    settings.HNSW_MIN_SCOPE_ROWS = 10
    with CaptureQueriesContext(connection) as captured:
        ann = {q: search.memory_search(query=q, scopes=["team/big"], types=["task"], k=k, floor=False,
                                       track_access=False) for q in queries}
        ann_all = {q: search.memory_search(query=q, scopes=["team/big"], k=k, floor=False, track_access=False)
                   for q in queries}
    assert any("hnsw.iterative_scan" in c["sql"] for c in captured.captured_queries)
    for q in queries:
        assert len(ann[q]) == len(exact[q]) == min(k, 6)
        assert [h.memory.pk for h in ann[q]] == [h.memory.pk for h in exact[q]], q
        assert all(h.memory.type == "task" for h in ann[q])
        assert [h.memory.pk for h in ann_all[q]] == [h.memory.pk for h in exact_all[q]], q


@pytest.mark.django_db
def test_it_returns_ann_candidates_in_distance_order_within_the_filter(many) -> None:
    qs = Memory.objects.filter(scope__path="team/big", type="task")
    vector = get_embedder().embed_query("renew certificate")
    assert many == 6
    ann = sources.ann_vector_candidates(qs, vector, 6)
    exact = sources.exact_vector_candidates(qs, vector, 6)
    assert [c.id for c in ann] == [c.id for c in exact]
    assert [round(c.similarity, 5) for c in ann] == [round(c.similarity, 5) for c in exact]


@pytest.mark.django_db
def test_it_scores_recency_from_valid_from(in_alice) -> None:
    old = timezone.now() - timedelta(days=14)
    memory_create(items=[MemoryInput(scope="user/1", type="task", content="Book the venue", valid_from=old)],
                  actor="test")
    [hit] = search.memory_search(query="venue", scopes=["user/1"], track_access=False)
    assert hit.scores["recency"] == pytest.approx(0.5, abs=0.01)
