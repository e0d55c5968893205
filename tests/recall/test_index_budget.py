"""Bounded memory (docs/scaling.md): the in-process index keeps to its byte budget by evicting whole scopes,
least recently searched first; float16 vectors rank the evaluation set as float32 does; a large scope is
searched through every model's HNSW index."""

from __future__ import annotations

import json
from io import StringIO

import numpy as np
import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from memories.embeddings import FakeEmbedder, embedders, set_embedders
from memories.models import MemoryVector, Scope
from memories.recall import search, sources, sql
from memories.recall.index.cache import CACHE, ScopeIndex, _product
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from mnemara.kernel.metrics import SEARCH_INDEX_BYTES, SEARCH_INDEX_SCOPES
from tenants.scoping import tenant_scope


def _fill(scope: str, n: int) -> None:
    memory_create(items=[MemoryInput(scope=scope, content=f"note {i} of {scope} about topic {i % 7}")
                         for i in range(n)], actor="t")
    search.memory_search(query="note topic", scopes=[scope], track_access=False)


def _cached(path: str) -> bool:
    return CACHE.cached(Scope.objects.get(path=path).pk) is not None


@pytest.mark.django_db(transaction=True)
def test_the_cache_keeps_to_its_byte_budget_evicting_the_least_recently_searched(
        alice_tenant, fake_embedder, settings) -> None:
    CACHE.clear()
    with tenant_scope(alice_tenant):
        _fill("user/b0", 20)
        one = CACHE.nbytes()
        assert one > 20 * 384 * 2  # a float16 vector per memory at least, and the words
        settings.SEARCH_INDEX_MAX_MB = 2.5 * one / 2**20  # two scopes fit, three do not
        _fill("user/b1", 20)
        search.memory_search(query="note", scopes=["user/b0"], track_access=False)  # b0 is now the most recent
        _fill("user/b2", 20)
        assert CACHE.nbytes() <= settings.SEARCH_INDEX_MAX_MB * 2**20
        assert _cached("user/b0") and _cached("user/b2") and not _cached("user/b1")  # b1 waited longest
        assert SEARCH_INDEX_BYTES._value.get() == CACHE.nbytes() and SEARCH_INDEX_SCOPES._value.get() == 2
        # A scope larger than the whole budget is not served from the index at all: SQL answers it.
        settings.SEARCH_INDEX_MAX_MB = 10.5 * CACHE.row_bytes() / 2**20
        assert CACHE.row_cap() == 10


def test_float16_matrices_are_multiplied_in_float32_blocks() -> None:
    rng = np.random.default_rng(3)
    matrix = rng.standard_normal((20_000, 64)).astype(np.float32)
    query = rng.standard_normal(64).astype(np.float32)
    exact = matrix @ query
    half = _product(matrix.astype(np.float16), query)
    assert half.dtype == np.float32 and half.shape == exact.shape
    assert np.max(np.abs(half - exact)) < 0.05  # float16's 11-bit mantissa over 64 products


@pytest.mark.django_db
def test_the_index_measures_its_bytes(fake_embedder) -> None:
    import uuid

    from memories.recall.index.cache import Version

    index = ScopeIndex(uuid.uuid4(), Version(1, 0), 384)
    vector = np.ones(384, dtype=np.float32) / np.sqrt(384)
    raw = np.array([384, 0], dtype=">u2").tobytes() + vector.astype(">f4").tobytes()
    index.apply([(uuid.uuid4(), "active", "fact", 1.0, 0, None, None, f"word{i} shared", raw) for i in range(100)])
    assert index.vectors.dtype == np.float16
    assert index.nbytes >= index.vectors.nbytes + 100 * 50
    assert abs(float(index.vector(uuid.UUID(int=index.ids[0])) @ vector) - 1.0) < 1e-3  # type: ignore[operator]


@pytest.mark.django_db
def test_float16_vectors_rank_the_evaluation_set_as_float32_does() -> None:
    """The whole evaluation set through the REST API, once per vector type: the same recall and MRR."""
    out = StringIO()
    call_command("eval_recall", "--mode", "hybrid", "--vectors", "float32,float16", "--json", stdout=out)
    runs = {(row["floor"], row["vectors"]): row for row in json.loads(out.getvalue())["modes"]}
    for floor in (True, False):
        full, half = runs[(floor, "float32")], runs[(floor, "float16")]
        for metric in ("recall@1", "recall@5", "recall@10", "mrr"):
            assert abs(full[metric] - half[metric]) <= 0.005, (metric, floor, full[metric], half[metric])


class _Second(FakeEmbedder):
    """A second model with its own (smaller) vectors, stored as MemoryVector rows."""

    name = "fake-second-64"
    dimensions = 64

    def embed(self, texts):  # type: ignore[no-untyped-def]
        return [v[:64] / (np.linalg.norm(v[:64]) or 1.0) for v in map(np.asarray, super().embed(texts))]

    def embed_query(self, text):  # type: ignore[no-untyped-def]
        return self.embed([text])[0]


@pytest.fixture
def two_models():
    previous = embedders()
    set_embedders([FakeEmbedder(), _Second()])
    yield
    set_embedders(previous)


def _in_effect(seen: list[dict[str, str]]):  # type: ignore[no-untyped-def]
    """An execute wrapper that records the pgvector settings in effect when each vector statement runs."""

    def wrapper(execute, sql_text, params, many, context):  # type: ignore[no-untyped-def]
        if "<=>" in sql_text and "SET " not in sql_text:
            with context["connection"].cursor() as cursor:
                cursor.execute("SELECT current_setting('hnsw.iterative_scan', true), current_setting('hnsw.ef_search',"
                               " true), current_setting('hnsw.max_scan_tuples', true)")
                row = cursor.fetchone()
            seen.append({"sql": sql_text, "iterative_scan": row[0], "ef_search": row[1], "max_scan_tuples": row[2]})
        return execute(sql_text, params, many, context)

    return wrapper


@pytest.mark.django_db
def test_a_large_scope_is_searched_through_each_models_hnsw_index(alice_tenant, two_models, settings,
                                                                   monkeypatch) -> None:
    """Every model's HNSW statement runs with the settings chosen in docs/scaling.md ("At 1M") in effect (set for
    its transaction only), fetches HNSW_SCAN_SHARE of the index's rows, keeps the best k by distance, and can be
    served by the model's index; the index's size comes from its statistics."""
    settings.SEARCH_INDEX_ENABLED = False
    settings.HNSW_MIN_SCOPE_ROWS = 5
    settings.HNSW_EF_SEARCH = 700
    settings.HNSW_SCAN_SHARE = 0.005
    settings.HNSW_SCAN_ROWS = 0  # the share alone sizes the scan here
    monkeypatch.setattr(sources, "hnsw_index_rows", lambda index: 5000)  # as if each graph held 5,000 rows
    with connection.cursor() as cursor:
        cursor.execute(sql.model_hnsw_create(_Second.name, _Second.dimensions))
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/big", content=f"fact {i} about the garden and tomatoes {i}")
                             for i in range(30)], actor="t")
        assert MemoryVector.objects.filter(model=_Second.name).count() == 30
        scope = Scope.objects.get(path="user/big")
        qs = sources.filtered_memories(scope_ids=[scope.pk], types=None, min_confidence=0, statuses=["active"],
                                       filters=None, as_of=None, now=timezone.now())
        source = sources.SqlSource(qs, [scope.pk], ["active"])
        for model, index, embedder in ((FakeEmbedder.name, "memory_embedding_hnsw", FakeEmbedder()),
                                       (_Second.name, sql.model_hnsw_name(_Second.name), _Second())):
            query = embedder.embed_query("tomatoes in the garden")
            seen: list[dict[str, str]] = []
            settings.HNSW_MIN_SCOPE_ROWS = 5
            with connection.execute_wrapper(_in_effect(seen)):
                found = source.vector_candidates(query, 10, model)
            ann = seen[0]
            assert (ann["iterative_scan"], ann["ef_search"], ann["max_scan_tuples"]) == ("relaxed_order", "700",
                                                                                         "20000"), ann
            assert "LIMIT 25" in ann["sql"], ann["sql"]  # HNSW_SCAN_SHARE of the graph fetched, the best 10 kept
            assert len(found) == 10
            settings.HNSW_MIN_SCOPE_ROWS = 10**6
            exact = source.vector_candidates(query, 10, model)
            # A tiny index is exact (equal distances may come in another order).
            assert [round(c.similarity, 5) for c in found] == [round(c.similarity, 5) for c in exact]
            # The statement can be served by the model's index (the planner prefers a scan at 30 rows).
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SET LOCAL enable_seqscan = off")
                cursor.execute("SET LOCAL enable_sort = off")
                with CaptureQueriesContext(connection) as captured:
                    settings.HNSW_MIN_SCOPE_ROWS = 5
                    source.vector_candidates(query, 10, model)
                statement = next(q["sql"] for q in captured.captured_queries
                                 if "<=>" in q["sql"] and "SET " not in q["sql"])
                cursor.execute("EXPLAIN " + statement)
                plan = "\n".join(row[0] for row in cursor.fetchall())
            assert index in plan, plan
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE memories_memoryvector")
        assert sql.hnsw_graph_rows(sql.model_hnsw_name(_Second.name)) == 30
        assert sql.hnsw_graph_rows("no_such_index") == 0
