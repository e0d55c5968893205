"""A large scope searched in SQL (docs/scaling.md, "A large scope in SQL, bounded"): the full-text list ranks
a bounded set of matches, the query's rarest words' first, and a secondary model gets a list (and the
query its embedding) only when some memory of the scope is that model's to judge."""

from __future__ import annotations

import numpy as np
import pytest
from django.db import connection
from django.utils import timezone

from memories.embeddings import FakeEmbedder, embedders, set_embedders
from memories.models import Memory, Scope
from memories.recall import search, sources
from memories.recall.bounded import bounded_match
from memories.write.flow import memory_create
from memories.write.prepare import MemoryInput
from tenants.scoping import tenant_scope


def _source(path: str) -> sources.SqlSource:
    scope = Scope.objects.get(path=path)
    qs = sources.filtered_memories(scope_ids=[scope.pk], types=None, min_confidence=0, statuses=["active"],
                                   filters=None, as_of=None, now=timezone.now())
    return sources.SqlSource(qs, [scope.pk], ["active"], stamps={scope.pk: scope.search_seq})


def _lexical(path: str, query: str) -> list[str]:
    found = _source(path).lexical(query, 100, parallel=False)
    assert found is not None
    return [Memory.objects.get(pk=c.id).content for c in found.finish(None)]


@pytest.mark.django_db
def test_the_bounded_word_list_ranks_the_rarest_words_matches_and_is_exact_when_they_fit(
        alice_tenant, fake_embedder, settings) -> None:
    settings.SEARCH_INDEX_ENABLED = False
    with tenant_scope(alice_tenant):
        memory_create(items=[*(MemoryInput(scope="user/big", content=f"apple note number {i}") for i in range(12)),
                             MemoryInput(scope="user/big", content="a banana beside the apple")], actor="t")
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE memories_memory")  # the planner's word shares: what ranks the words by rarity
        settings.LEXICAL_MATCH_ROWS = 0
        exact = _lexical("user/big", "apple banana")
        assert len(exact) == 13
        settings.HNSW_MIN_SCOPE_ROWS = 5  # a "large" scope: the bounded list
        # The rare word's rows that hold the other word too, then those that do not.
        assert bounded_match([("appl", False), ("banana", False)], 13, 4) == (
            "('banana') & ('appl') | ('banana') & !('appl')")
        settings.LEXICAL_MATCH_ROWS = 4
        bounded = _lexical("user/big", "apple banana")
        # The rare word's match first, ranked by every word of the query; then, too few rows found, the common
        # word's within what is left of the cap of four (the rare word's row counted twice): three rows, not twelve.
        assert bounded[0] == "a banana beside the apple"
        assert len(bounded) == 3 and set(bounded) <= set(exact)
        settings.LEXICAL_MATCH_ROWS = 1000  # every word's matches fit: the exact list
        assert _lexical("user/big", "apple banana") == exact
        # A whole search through the bounded path answers as the exact one on a scope this small.
        hits = [h.memory.pk for h in search.memory_search(query="banana apple", scopes=["user/big"], k=5,
                                                          track_access=False)]
        settings.HNSW_MIN_SCOPE_ROWS = 10**6
        assert hits == [h.memory.pk for h in search.memory_search(query="banana apple", scopes=["user/big"], k=5,
                                                                  track_access=False)]


@pytest.mark.django_db
def test_a_rare_query_word_found_nowhere_leaves_the_large_scope_word_list_to_the_query_s_other_words(
        alice_tenant, fake_embedder, settings) -> None:
    settings.SEARCH_INDEX_ENABLED = False
    with tenant_scope(alice_tenant):
        memory_create(items=[*(MemoryInput(scope="user/big", content=f"kettle descaled on day {i}")
                               for i in range(10)),
                             MemoryInput(scope="user/big", content="the kettle whistles when the water boils")],
                      actor="t")
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE memories_memory")
        settings.HNSW_MIN_SCOPE_ROWS = 5
        settings.LEXICAL_MATCH_ROWS = 4
        # "quokka" is in no memory, so the statistics price it as the rarest word of the question; "kettle" is in
        # every memory, too many for the cap of four beside it.
        listed = _lexical("user/big", "kettle quokka")
        assert len(listed) == 4, listed
        assert all("kettle" in content for content in listed)
        # A word in the question that no memory holds, and nothing else: still nothing.
        assert _lexical("user/big", "quokka wombat") == []
        # The whistle is the one memory that holds both of these words; the cap still bounds what is read.
        assert _lexical("user/big", "whistles kettle quokka")[0] == "the kettle whistles when the water boils"


class _Reader(FakeEmbedder):
    """A second model that reads every text (the primary, FakeEmbedder, does not read Chinese)."""

    name = "fake-reader-64"
    dimensions = 64

    def embed(self, texts):  # type: ignore[no-untyped-def]
        return [v[:64] / (np.linalg.norm(v[:64]) or 1.0) for v in map(np.asarray, super().embed(texts))]

    def embed_query(self, text):  # type: ignore[no-untyped-def]
        return self.embed([text])[0]

    def coverage(self, texts):  # type: ignore[no-untyped-def]
        return [1.0 for _ in texts]


@pytest.fixture
def reader_second():
    previous = embedders()
    set_embedders([FakeEmbedder(), _Reader()])
    yield
    set_embedders(previous)


@pytest.mark.django_db
def test_a_secondary_model_judging_no_memory_of_a_large_scope_gets_no_list(alice_tenant, reader_second,
                                                                           settings) -> None:
    settings.SEARCH_INDEX_ENABLED = False
    settings.HNSW_MIN_SCOPE_ROWS = 5
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/big", content=f"garden fact {i}") for i in range(8)], actor="t")
        source = _source("user/big")
        assert source.judge([True, True]) == {FakeEmbedder.name: 1, _Reader.name: 0}
        assert source.judge([True, False]) == {FakeEmbedder.name: 1, _Reader.name: 0}
        # Asked again with the same stamps: answered from memory, no statement.
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            assert source.judge([True, True])[_Reader.name] == 0
        assert not captured.captured_queries
        # A memory the primary cannot read arrives: the scope's stamp moves, the "no" is checked again.
        memory_create(items=[MemoryInput(scope="user/big", content="我的花园里有番茄")], actor="t")
        assert _source("user/big").judge([True, True]) == {FakeEmbedder.name: 1, _Reader.name: 1}
        hits = search.memory_search(query="花园 番茄", scopes=["user/big"], k=3, track_access=False)
        assert hits and hits[0].memory.content == "我的花园里有番茄"


@pytest.mark.django_db
def test_hits_without_vectors_read_them_for_deduplication_in_one_statement(alice_tenant, fake_embedder) -> None:
    """SQL's candidates carry no vector: the near-duplicate check reads a batch's vectors at once, not one
    statement per memory (each scope its own, so that the writes do not fold them into one)."""
    from django.test.utils import CaptureQueriesContext

    from memories.recall.rank import Candidate, Scored

    text = "every morning the user walks her old brown dog along the quiet river path near the mill before work"
    days = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday")
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope=f"user/dup-{day}", content=f"{text} {day}") for day in days],
                      actor="t")
        memories = list(Memory.objects.filter(scope__path__startswith="user/dup-").order_by("content"))
        assert len(memories) == 6
        scored = [Scored(Candidate(m.pk, m.type, m.confidence, m.valid_from), 1.0 - n / 10, 0.0, 0.0)
                  for n, m in enumerate(memories)]
        scopes = {s.pk: s for s in Scope.objects.filter(path__startswith="user/dup-")}
        with CaptureQueriesContext(connection) as captured:
            kept = search._hits(scored, 6, scopes)
        assert kept
        reads = [q["sql"] for q in captured.captured_queries if '"memories_memory"."embedding"' in q["sql"]]
        assert len(reads) == 1, len(reads)


@pytest.mark.django_db
def test_the_word_list_of_a_large_scope_ranks_no_more_rows_than_its_cap_even_when_the_statistics_are_stale(
        alice_tenant, fake_embedder, settings) -> None:
    settings.SEARCH_INDEX_ENABLED = False
    with tenant_scope(alice_tenant):
        memory_create(items=[*(MemoryInput(scope="user/big", content=f"apple pie recipe {i}") for i in range(12)),
                             *(MemoryInput(scope="user/big", content=f"banana bread loaf {i}") for i in range(3)),
                             *(MemoryInput(scope="user/big", content=f"cherry jam jar {i}") for i in range(2))],
                      actor="t")
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE memories_memory")  # the shares as they were: banana 3 in 17, cherry 2
        # Twenty more bananas after the statistics were taken: they still say banana is rare.
        memory_create(items=[MemoryInput(scope="user/big", content=f"banana split bowl {i}") for i in range(20)],
                      actor="t")
        settings.LEXICAL_MATCH_ROWS = 0
        every = _lexical("user/big", "banana cherry")
        assert len(every) > 20 and sum(1 for content in every if content.startswith("cherry")) == 2
        settings.HNSW_MIN_SCOPE_ROWS = 5
        settings.LEXICAL_MATCH_ROWS = 12  # the statistics expect ~11 rows of the two words: both words' rows
        capped = _lexical("user/big", "banana cherry")
        # Twelve rows ranked, not the twenty-odd the bananas now hold; the rarest word's rows were read first, so
        # both cherries are among them.
        assert len(capped) == 12
        assert sum(1 for content in capped if content.startswith("cherry")) == 2
        assert set(capped) <= set(every)
        settings.LEXICAL_MATCH_ROWS = 100  # room for every match: the exact list, in its order
        assert _lexical("user/big", "banana cherry") == every


@pytest.mark.django_db
def test_the_hnsw_scan_fetches_a_fixed_number_of_rows_unless_the_share_asks_for_more(settings) -> None:
    from django.db import transaction

    from memories.recall import sql

    settings.HNSW_SCAN_SHARE = 0.0
    settings.HNSW_SCAN_ROWS = 300
    with transaction.atomic():
        assert sql.hnsw_iterative_scan(100, 10**6) == 300
        assert sql.hnsw_iterative_scan(500, 10**6) == 500  # never fewer than asked for
        settings.HNSW_SCAN_SHARE = 0.001
        assert sql.hnsw_iterative_scan(100, 10**6) == 1000
        assert sql.hnsw_iterative_scan(100, 10**5) == 300
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_setting('hnsw.max_scan_tuples')")
            assert cursor.fetchone()[0] == "20000"


@pytest.mark.django_db
def test_a_long_memory_keeps_its_words_tsvector_in_its_row(alice_tenant, fake_embedder) -> None:
    """What the word list ranks by is read from the memory's row, not from TOAST, even when the row is long."""
    import hashlib

    words = " ".join(hashlib.sha256(str(i).encode()).hexdigest()[:9] for i in range(220))
    with tenant_scope(alice_tenant):
        memory_create(items=[MemoryInput(scope="user/long", content=f"Notes on the trip: {words}")], actor="t")
        memory = Memory.objects.get(scope__path="user/long")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_column_toast_chunk_id(search_vector), pg_column_toast_chunk_id(content),"
                       " pg_column_size(search_vector) FROM memories_memory WHERE id = %s", [memory.pk])
        vector_chunk, content_chunk, size = cursor.fetchone()
    assert size > 2000  # a tsvector that the default storage would have moved out of the row
    assert vector_chunk is None
    assert content_chunk is not None  # the content went out instead
