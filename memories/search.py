"""Hybrid recall: candidates from the requested scopes, fused, weighted, deduplicated.

Where candidates come from
--------------------------
Scopes that together hold at most ``min(HNSW_MIN_SCOPE_ROWS, SEARCH_INDEX_MAX_ROWS)`` memories (the
normal case) are ranked from this process's in-process index of them (memories/scope_index.py: a
cache of what ranking needs, checked against the database on every search, never stale); larger
ones, or all with ``MNEMARA_SEARCH_INDEX=off``, in SQL. Both draw from the memories that pass every
filter (scopes, types, statuses, ``min_confidence``, metadata ``filters``, not expired, valid at
``as_of``):

* vector:  cosine similarity ``sim(m) = 1 − cos_distance(embedding, query_vector)``, best first.
  Exact in both: a numpy product over the scope's matrix, or SQL's scan inside the filter; HNSW with
  pgvector iterative scans only in SQL for scopes above ``HNSW_MIN_SCOPE_ROWS`` (falling back to
  exact if the index returns too few).
* lexical: the query's search words (``services.text.search_words``: jieba for Chinese, a few
  stopwords dropped; Latin words of 4+ letters match as prefixes, drink → drinks), OR-ed; only
  memories holding at least one of them. Matches are those of the GIN-indexed search_vector
  (the same words, the same prefix rule: tested). Ranked by
    - BM25 in the in-process index (k1 = 1.2, b = 0.75; document frequencies over the searched
      scopes; formula in ``scope_index.bm25``), where a prefix is expanded to the scopes' words;
    - ``ts_rank_cd`` (cover density) in SQL.

Each list holds at most ``max(CANDIDATES_PER_K · k, CANDIDATES_MIN)`` rows. Then, for a memory m::

    fusion(m)     = Σ_list  W_list / (RRF_K + rank_list(m))   ÷   Σ_list W_list / (RRF_K + 1)
                    (reciprocal rank fusion, normalised so that "first in every list" = 1.0;
                     a list m is absent from adds nothing)
    W_lexical     = WEIGHTS["lexical"]
    W_vector      = WEIGHTS["vector"] · max(MIN_VECTOR_SHARE, readable(query))
                    readable = share of the query's word tokens the embedding model knows
                    (1.0 for English; ~0 for Chinese, which all-MiniLM reads as [UNK]: its vector
                    ranking of Chinese is noise, so it only breaks ties and fills up to k)
    recency(m)    = 0.5 ** (age_days(m) / half_life(type))  for task (tenant.task_half_life_days)
                                                             and note (tenant.note_half_life_days)
                  = 1.0                                      for fact, preference, summary
                    age_days = (as_of or now) − valid_from   (how long the state has been true)
    score(m)      = fusion(m)
                    · (CONFIDENCE_FLOOR + (1 − CONFIDENCE_FLOOR) · confidence(m))
                    · (RECENCY_FLOOR + (1 − RECENCY_FLOOR) · recency(m))

Results are sorted by score (ties: higher similarity, then id) and near-identical ones dropped:
the same ``content_hash``, or cosine ≥ DEDUPE_COSINE *and* word overlap (Jaccard of search words)
≥ DEDUPE_WORD_OVERLAP — the second guard keeps "budget 42000" and "budget 43000" (cosine 0.98)
apart, and Chinese texts, which the model reads as unknown tokens, are only merged when their words
agree. Each hit carries ``scores``: vector (similarity), lexical (BM25, or ts_rank_cd in SQL),
recency, confidence, fusion and the final score.

Latency (docs/benchmarks.md): the query is embedded on a second thread while this one reads the
scopes and ranks by BM25; access counts are summed in memory and written once a second.
"""

from __future__ import annotations

import atexit
import contextlib
import contextvars
import dataclasses
import hashlib
import logging
import math
import re
import threading
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

import numpy as np
from django.conf import settings
from django.contrib.postgres.search import SearchQuery, SearchRank
from django.core.cache import cache
from django.db import close_old_connections, connection, connections, transaction
from django.db.models import F, Q, QuerySet, Value
from django.utils import timezone
from pgvector.django import CosineDistance

from memories import scope_index
from memories.embeddings import get_embedder
from memories.models import Memory, MemoryType, Scope, Status
from memories.scope_index import Criteria, ScopeIndex, ScopeState, Version, search_indexes
from memories.services import text, validation
from memories.services.access import access_add
from memories.tokens import readable_fraction
from mnemara.errors import NotFound, ValidationFailed
from tenants.models import Subject, Tenant, path_within
from tenants.scoping import get_active_tenant

logger = logging.getLogger(__name__)

MODES = ("hybrid", "vector", "lexical")
MAX_K = 100
MAX_QUERY_CHARS = 2000
MAX_SCOPES = 20
MAX_QUERY_WORDS = 32

RRF_K = 10
WEIGHTS: Mapping[str, float] = {"vector": 1.0, "lexical": 1.0}
MIN_VECTOR_SHARE = 0.1
CONFIDENCE_FLOOR = 0.8
RECENCY_FLOOR = 0.5
DEDUPE_COSINE = 0.97
DEDUPE_WORD_OVERLAP = 0.8
CANDIDATES_MIN = 50
CANDIDATES_PER_K = 5
PREFIX_MIN_LENGTH = 4
SCOPE_ROWS_CACHE_SECONDS = 60
ACCESS_FLUSH_SECONDS = 1.0
HALF_LIFE_SETTING = {MemoryType.TASK: "task_half_life_days", MemoryType.NOTE: "note_half_life_days"}

# Words that match almost every memory and so only add noise to an OR query. Dropped from queries
# (never from the index); a query made only of them keeps them.
_STOPWORDS = (
    "a an and are as at be but by did do does for from had has have how i in is it its me my of on or "
    "our so that the their them they this to was we were what when where which who why will with you "
    "your about user users 的 了 是 吗 呢 吧 啊 什么 怎么 哪 哪里 哪个 谁 他 她 它 我 你 们 "
    "他们 我们 在 有 和 与 及 或 也 就 都 这 那 个 一 不 没"
)
STOPWORDS = frozenset(_STOPWORDS.split())


@dataclass
class SearchHit:
    memory: Memory
    score: float
    scores: dict[str, float]


@dataclass
class Candidate:
    """One memory as the candidate queries see it: just what ranking needs."""

    id: uuid.UUID
    type: str
    confidence: float
    valid_from: datetime
    similarity: float = 0.0
    lexical: float = 0.0
    vector: np.ndarray | None = None  # from an in-process index, for the dedupe of results


@dataclass
class Scored:
    candidate: Candidate
    score: float
    fusion: float
    recency: float

    @property
    def scores(self) -> dict[str, float]:
        """The breakdown a hit carries (built only for the hits returned)."""
        c = self.candidate
        return {"vector": round(c.similarity, 4), "lexical": round(c.lexical, 4), "recency": round(self.recency, 4),
                "confidence": round(c.confidence, 4), "fusion": round(self.fusion, 4), "score": round(self.score, 4)}


# --------------------------------------------------------------------------- input and filters

def _validate(query: str, k: int, mode: str, min_confidence: float, types: Sequence[str] | None,
              statuses: Sequence[str] | None) -> None:
    if not isinstance(query, str) or not query.strip():
        raise validation.field_error("query", "A non-empty query is required.")
    if len(query) > MAX_QUERY_CHARS:
        raise validation.field_error("query", f"At most {MAX_QUERY_CHARS} characters.")
    validation.validate_no_nul(query, "query")
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_K:
        raise validation.field_error("k", f"An integer from 1 to {MAX_K}.")
    if mode not in MODES:
        raise validation.field_error("mode", f"One of: {', '.join(MODES)}.")
    if not 0.0 <= float(min_confidence) <= 1.0:
        raise validation.field_error("min_confidence", "A number from 0 to 1.")
    for name, values, choices in (("types", types, MemoryType), ("include_statuses", statuses, Status)):
        for value in values or ():
            if value not in choices.values:
                raise validation.field_error(name, f"One of: {', '.join(choices.values)}.")


_SCOPES_SQL = """
SELECT s.id, s.path, s.search_seq,
       COALESCE((SELECT max(r.seq) FROM memories_searchremoval r WHERE r.scope_id = s.id), 0)
FROM memories_scope s
WHERE s.tenant_id = %s AND (s.path = ANY(%s){descendants})
"""


def _like_prefix(path: str) -> str:
    return path.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "/%"


def search_scopes(scopes: Sequence[str], *, descendants: bool, allowed_prefixes: Sequence[str]) -> list[Scope]:
    """The requested scopes (and their sub-scopes) of the active tenant, each annotated with ``removed``
    (its latest removal stamp: see memories/scope_index.py). A scope outside the key's prefixes is a
    404, like a memory of another tenant: its existence is never confirmed.

    Raw SQL on the hot path (the ORM spent more on building this query than PostgreSQL on running it):
    the tenant condition is explicit, from ``get_active_tenant()``, which fails closed. The sub-scope
    rule is ``selectors.scope_filter``'s (the path itself or below ``path/``), with LIKE wildcards escaped."""
    if isinstance(scopes, str) or not scopes:
        raise validation.field_error("scopes", "Name at least one scope.")
    if len(scopes) > MAX_SCOPES:
        raise validation.field_error("scopes", f"At most {MAX_SCOPES} scopes.")
    paths = [validation.validate_scope_path(p, "scopes") for p in scopes]
    if not all(path_within(p, allowed_prefixes) for p in paths):
        raise NotFound("Scope not found.", code="scope_not_found")
    tenant_id = get_active_tenant().pk
    params: list[Any] = [tenant_id, paths]
    below = ""
    if descendants:
        below = " OR s.path LIKE ANY(%s)"
        params.append([_like_prefix(p) for p in paths])
    with connection.cursor() as cursor:
        cursor.execute(_SCOPES_SQL.format(descendants=below), params)
        rows = cursor.fetchall()
    found = []
    for pk, path, seq, removed in rows:
        values = {"id": pk, "tenant_id": tenant_id, "path": path, "search_seq": seq}
        names = [f.attname for f in Scope._meta.concrete_fields if f.attname in values]  # from_db wants this order
        scope = Scope.from_db(connection.alias, names, [values[n] for n in names])
        scope.removed = removed  # type: ignore[attr-defined]
        found.append(scope)
    return found


def scope_states(scopes: Sequence[Scope]) -> list[ScopeState]:
    return [ScopeState(s.pk, Version(s.search_seq, s.removed)) for s in scopes]  # type: ignore[attr-defined]


def filtered_memories(*, scope_ids: Sequence[uuid.UUID], types: Sequence[str] | None, min_confidence: float,
                      statuses: Sequence[str], filters: Mapping[str, Any] | None, as_of: datetime | None,
                      now: datetime) -> QuerySet[Memory]:
    """Every memory a search may return, before ranking (inside the active tenant)."""
    qs = Memory.objects.filter(scope_id__in=scope_ids, status__in=list(statuses))
    qs = qs.filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
    if types:
        qs = qs.filter(type__in=list(types))
    if min_confidence > 0:
        qs = qs.filter(confidence__gte=min_confidence)
    if filters:
        qs = qs.filter(metadata__contains=dict(filters))
    if as_of is not None:
        qs = qs.filter(Q(valid_to__isnull=True) | Q(valid_to__gt=as_of), valid_from__lte=as_of)
    return qs


# --------------------------------------------------------------------------- candidate sources (SQL)

_FIELDS = ("pk", "type", "confidence", "valid_from", "distance")
_LEXICAL_FIELDS = ("pk", "type", "confidence", "valid_from", "rank")


def _candidate(row: Sequence[Any]) -> Candidate:
    pk, type_, confidence, valid_from, distance = row[:5]
    similarity = 0.0 if distance is None else 1.0 - float(distance)
    return Candidate(pk, type_, confidence, valid_from, similarity=similarity)


def exact_vector_queryset(qs: QuerySet[Memory], query_vector: Sequence[float]) -> QuerySet[Memory]:
    # "+ 0.0" makes the sort key an expression no index provides: the planner cannot swap in the
    # HNSW index (which would silently drop rows that fail the filter). Exact, correct at any size.
    distance = CosineDistance("embedding", query_vector) + Value(0.0)
    return qs.annotate(distance=distance).order_by("distance", "pk")


def ann_vector_queryset(qs: QuerySet[Memory], query_vector: Sequence[float]) -> QuerySet[Memory]:
    # Ordered by the bare operator (no tie-break column) so the HNSW index can provide the order.
    return qs.annotate(distance=CosineDistance("embedding", query_vector)).order_by("distance")


def exact_vector_candidates(qs: QuerySet[Memory], query_vector: Sequence[float], limit: int) -> list[Candidate]:
    return [_candidate(r) for r in exact_vector_queryset(qs, query_vector).values_list(*_FIELDS)[:limit]]


def ann_vector_candidates(qs: QuerySet[Memory], query_vector: Sequence[float], limit: int) -> list[Candidate]:
    """HNSW with pgvector 0.8 iterative scans: the index keeps searching until ``limit`` rows pass the
    filter (or ``hnsw.max_scan_tuples`` is reached). The settings last for this transaction only."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL hnsw.iterative_scan = strict_order")
        cursor.execute(f"SET LOCAL hnsw.ef_search = {max(40, min(1000, 2 * int(limit)))}")
        return [_candidate(r) for r in ann_vector_queryset(qs, query_vector).values_list(*_FIELDS)[:limit]]


def vector_candidates(qs: QuerySet[Memory], query_vector: Sequence[float], limit: int, *,
                      scope_rows: int) -> list[Candidate]:
    if scope_rows <= settings.HNSW_MIN_SCOPE_ROWS:
        return exact_vector_candidates(qs, query_vector, limit)
    found = ann_vector_candidates(qs, query_vector, limit)
    if len(found) < limit:  # the index gave up before the filter was satisfied: never return fewer
        return exact_vector_candidates(qs, query_vector, limit)
    return found


def scope_row_count(scope_ids: Sequence[uuid.UUID], statuses: Sequence[str] | None, cap: int) -> int:
    """Rows in the scopes (of those statuses; None: any), counted up to ``cap`` (an index scan that stops
    early), memoised for a minute per process: it only chooses between search paths (in-process index,
    exact SQL, HNSW), which a minute-old count does as well."""
    wanted = ",".join(sorted(map(str, scope_ids))) + ":" + ",".join(sorted(statuses or ["*"])) + f":{cap}"
    key = "scope-rows:" + hashlib.sha256(wanted.encode()).hexdigest()
    count = cache.get(key)
    if count is None:
        rows = Memory.objects.filter(scope_id__in=scope_ids)
        if statuses is not None:
            rows = rows.filter(status__in=list(statuses))
        count = rows[:cap].count()
        cache.set(key, count, SCOPE_ROWS_CACHE_SECONDS)
    return int(count)


def query_terms(query: str) -> list[tuple[str, bool]]:
    """The query's search words as (word, is_prefix): the same ``search_words`` the index was built
    from, cut to plain word characters (so they need no escaping), stopwords dropped unless nothing
    else is left; Latin words of 4+ letters match as prefixes (drink → drinks)."""
    words: list[str] = []
    for word in text.search_words(query):
        words.extend(piece for piece in re.split(r"\W+", word) if piece.strip("_"))
    unique = list(dict.fromkeys(words))
    useful = [w for w in unique if w not in STOPWORDS] or unique
    return [(w, len(w) >= PREFIX_MIN_LENGTH and w.isalpha() and w.isascii()) for w in useful[:MAX_QUERY_WORDS]]


def query_tsquery(query: str) -> str | None:
    """``'w1':* | 'w2' | …`` for to_tsquery('simple', …), or None when the query has no words."""
    return " | ".join(f"'{w}':*" if prefix else f"'{w}'" for w, prefix in query_terms(query)) or None


def lexical_queryset(qs: QuerySet[Memory], tsquery: str) -> QuerySet[Memory]:
    """Full-text matches ranked by ts_rank_cd (cover density); ``@@`` on search_vector uses the GIN index."""
    search = SearchQuery(tsquery, config="simple", search_type="raw")
    return (qs.filter(search_vector=search)
            .annotate(rank=SearchRank(F("search_vector"), search, cover_density=True))
            .order_by("-rank", "pk"))


def lexical_rows(qs: QuerySet[Memory], tsquery: str, limit: int) -> list[tuple[Any, ...]]:
    """The best ``limit`` full-text matches: (pk, type, confidence, valid_from, rank)."""
    return list(lexical_queryset(qs, tsquery).values_list(*_LEXICAL_FIELDS)[:limit])


def sql_similarities(ids: Sequence[uuid.UUID], query_vector: Sequence[float]) -> dict[uuid.UUID, float]:
    """Cosine similarity of a few rows, computed in SQL (for rows no in-process index holds)."""
    if not ids:
        return {}
    rows = (Memory.objects.filter(pk__in=list(ids))
            .annotate(distance=CosineDistance("embedding", query_vector) + Value(0.0)).values_list("pk", "distance"))
    return {pk: 1.0 - float(distance) for pk, distance in rows if distance is not None}


def lexical_candidates(qs: QuerySet[Memory], tsquery: str, query_vector: Sequence[float] | None,
                       limit: int) -> list[Candidate]:
    """The best ``limit`` full-text matches. Their cosine similarity (for the score breakdown) is
    computed afterwards for those rows only: computing it for every match before the LIMIT cost more
    than the ranking itself when a common word matches thousands of rows."""
    return SqlSource(qs).lexical_candidates(lexical_rows(qs, tsquery, limit), query_vector)


LexicalFinish = Callable[[Sequence[float] | None], list[Candidate]]


@dataclass
class Lexical:
    """A started full-text ranking: ``ids`` best first when already known (the in-process BM25), and
    ``finish`` to turn it into candidates once the query vector is known."""

    ids: list[uuid.UUID] | None
    finish: LexicalFinish


class SqlSource:
    """Candidates from PostgreSQL alone: an exact scan inside the filter, or HNSW for scopes above
    ``settings.HNSW_MIN_SCOPE_ROWS``; full-text matches ranked by ts_rank_cd through the GIN index.
    Used for scopes too large for the in-process indexes (or with MNEMARA_SEARCH_INDEX=off)."""

    def __init__(self, qs: QuerySet[Memory], scope_ids: Sequence[uuid.UUID] = (), statuses: Sequence[str] = ()):
        self.qs, self.scope_ids, self.statuses = qs, scope_ids, statuses

    def vector_candidates(self, query_vector: Sequence[float], limit: int) -> list[Candidate]:
        rows = scope_row_count(self.scope_ids, self.statuses, settings.HNSW_MIN_SCOPE_ROWS + 1)
        return vector_candidates(self.qs, query_vector, limit, scope_rows=rows)

    def lexical(self, query: str, limit: int, *, parallel: bool) -> Lexical | None:
        """Start the full-text query (on the side connection when ``parallel``, so that it runs while
        this thread embeds the query) and return what finishes it once the query vector is known."""
        tsquery = query_tsquery(query)
        if tsquery is None:
            return None
        pending = None
        if parallel and not connection.in_atomic_block:  # a transaction's own rows: its connection only
            pending = _on_side_connection(lambda: lexical_rows(self.qs, tsquery, limit))

        def finish(query_vector: Sequence[float] | None) -> list[Candidate]:
            rows = pending.result() if pending is not None else lexical_rows(self.qs, tsquery, limit)
            return self.lexical_candidates(rows, query_vector)

        return Lexical(None, finish)

    def lexical_candidates(self, rows: Sequence[tuple[Any, ...]], query_vector: Sequence[float] | None
                           ) -> list[Candidate]:
        sims = sql_similarities([r[0] for r in rows], query_vector) if query_vector is not None else {}
        return [Candidate(pk, type_, confidence, valid_from, similarity=sims.get(pk, 0.0), lexical=float(rank))
                for pk, type_, confidence, valid_from, rank in rows]


class IndexSource:
    """Candidates from the in-process indexes of the scopes (memories/scope_index.py): exact cosine in
    numpy and BM25 over the same words as the GIN index, prefixes expanded to the scopes' real words."""

    def __init__(self, indexes: Sequence[ScopeIndex], criteria: Criteria) -> None:
        self.indexes, self.criteria = indexes, criteria

    def _candidate(self, index: ScopeIndex, pk: uuid.UUID, slot: int, similarity: float,
                   lexical: float = 0.0) -> Candidate:
        type_, confidence, valid_from = index.ranking_fields(slot)
        vector = index.vectors[slot].copy() if index.has_vector[slot] else None
        return Candidate(pk, type_, confidence, valid_from, similarity=similarity if math.isfinite(similarity)
                         else 0.0, lexical=lexical, vector=vector)

    def vector_candidates(self, query_vector: Sequence[float], limit: int) -> list[Candidate]:
        found = scope_index.nearest(self.indexes, _unit(query_vector), self.criteria, limit)
        with _locked(self.indexes):
            return [self._candidate(index, pk, slot, sim) for index, pk, sim, slot in found]

    def lexical(self, query: str, limit: int, *, parallel: bool) -> Lexical | None:
        words: dict[str, None] = {}
        for word, prefix in query_terms(query):
            words.update(dict.fromkeys(scope_index.expand(self.indexes, word) if prefix else [word]))
        if not words:
            return None
        found = scope_index.bm25(self.indexes, list(words), self.criteria, limit)  # while the query embeds

        def finish(query_vector: Sequence[float] | None) -> list[Candidate]:
            unit = _unit(query_vector) if query_vector is not None else None
            with _locked(self.indexes):
                candidates = [self._candidate(index, pk, slot, 0.0, score) for index, pk, score, slot in found]
            for c in candidates:
                if unit is not None and c.vector is not None:
                    c.similarity = float(c.vector @ unit)
            return candidates

        return Lexical([pk for _, pk, _, _ in found], finish)


@contextlib.contextmanager
def _locked(indexes: Sequence[ScopeIndex]) -> Iterator[None]:
    """Hold the indexes' locks (in one order, so two searches never wait on each other crosswise)."""
    with contextlib.ExitStack() as stack:
        for index in sorted(indexes, key=lambda i: i.scope_id.hex):
            stack.enter_context(index.lock)
        yield


def _unit(vector: Sequence[float]) -> np.ndarray:
    v = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(v))
    return v / norm if norm > 0 else v


def candidate_source(states: Sequence[ScopeState], criteria: Criteria,
                     filters: Mapping[str, Any] | None) -> SqlSource | IndexSource:
    """The in-process indexes when the scopes fit in them, SQL otherwise. A metadata filter is the
    one criterion the indexes do not hold: SQL tells them which ids pass it."""
    scope_ids = [state.scope_id for state in states]

    def qs() -> QuerySet[Memory]:
        return filtered_memories(scope_ids=scope_ids, types=criteria.types, min_confidence=criteria.min_confidence,
                                 statuses=criteria.statuses, filters=filters, as_of=criteria.as_of, now=criteria.now)

    if settings.SEARCH_INDEX_ENABLED:
        cap = min(settings.HNSW_MIN_SCOPE_ROWS, settings.SEARCH_INDEX_MAX_ROWS)
        if scope_row_count(scope_ids, None, cap + 1) <= cap:
            if filters:
                criteria = dataclasses.replace(criteria, only=frozenset(qs().values_list("pk", flat=True)))
            return IndexSource(search_indexes(states), criteria)
    return SqlSource(qs(), scope_ids, criteria.statuses)


# --------------------------------------------------------------------------- scoring (pure)

def fuse(ranked: Mapping[str, Sequence[uuid.UUID]], weights: Mapping[str, float] = WEIGHTS,
         rrf_k: int = RRF_K) -> dict[uuid.UUID, float]:
    """Reciprocal rank fusion, normalised so that first place in every given list scores 1.0."""
    used = {name: ids for name, ids in ranked.items() if weights.get(name, 0.0) > 0}
    best = sum(weights[name] / (rrf_k + 1) for name in used) or 1.0
    fused: dict[uuid.UUID, float] = {}
    for name, ids in used.items():
        for rank, pk in enumerate(ids, start=1):
            fused[pk] = fused.get(pk, 0.0) + weights[name] / (rrf_k + rank)
    return {pk: value / best for pk, value in fused.items()}


def fusion_weights(query: str) -> dict[str, float]:
    return {"vector": WEIGHTS["vector"] * max(MIN_VECTOR_SHARE, readable_fraction(query)),
            "lexical": WEIGHTS["lexical"]}


def confidence_weight(confidence: float) -> float:
    return CONFIDENCE_FLOOR + (1.0 - CONFIDENCE_FLOOR) * min(1.0, max(0.0, confidence))


def recency(memory_type: str, age_days: float, half_lives: Mapping[str, float]) -> float:
    """1.0 for types that do not decay; otherwise halves every half-life (future dates count as new)."""
    half_life = half_lives.get(memory_type)
    if not half_life or half_life <= 0:
        return 1.0
    return math.pow(0.5, max(0.0, age_days) / half_life)


def half_lives(tenant: Tenant) -> dict[str, float]:
    return {str(t): float(getattr(tenant, name)) for t, name in HALF_LIFE_SETTING.items()}


def score_candidates(candidates: Mapping[uuid.UUID, Candidate], fused: Mapping[uuid.UUID, float], *,
                     reference: datetime, lives: Mapping[str, float]) -> list[Scored]:
    scored = []
    for pk, fusion in fused.items():
        c = candidates[pk]
        age_days = (reference - c.valid_from).total_seconds() / 86400.0
        fresh = recency(c.type, age_days, lives)
        score = fusion * confidence_weight(c.confidence) * (RECENCY_FLOOR + (1.0 - RECENCY_FLOOR) * fresh)
        scored.append(Scored(c, score, fusion, fresh))
    scored.sort(key=lambda s: (-s.score, -s.candidate.similarity, str(s.candidate.id)))
    return scored


def _words(memory: Memory) -> set[str]:
    return set(memory.search_text.split())


def _embedding(memory: Memory) -> Any:
    return memory.embedding


def near_duplicate(a: Memory, b: Memory, vector_of: Callable[[Memory], Any] = _embedding) -> bool:
    """Same content_hash, or word overlap and cosine both high. Words are checked first: they are at
    hand, while vectors may need a query and are looked at only for the rare pair that gets this far."""
    if a.content_hash == b.content_hash:
        return True
    wa, wb = _words(a), _words(b)
    if not (wa or wb) or len(wa & wb) / len(wa | wb) < DEDUPE_WORD_OVERLAP:
        return False
    va, vb = vector_of(a), vector_of(b)
    if va is None or vb is None:
        return False
    cosine = float(np.dot(np.asarray(va, dtype=np.float32), np.asarray(vb, dtype=np.float32)))
    return cosine >= DEDUPE_COSINE


# --------------------------------------------------------------------------- the entry point

# One extra thread (and so one extra database connection) per process runs the full-text query while
# the request's thread runs the vector scan: two cores, two PostgreSQL backends, about half the time.
_SIDE_QUERIES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mnemara-search")
_T = TypeVar("_T")


def _on_side_connection(fn: Callable[[], _T]) -> Future[_T]:
    context = contextvars.copy_context()  # the active tenant travels with the work

    def run() -> _T:
        close_old_connections()  # this thread's connection obeys CONN_MAX_AGE / health checks too
        return context.run(fn)

    return _SIDE_QUERIES.submit(run)


# Queries are embedded on these threads while the request's thread reads the scopes, refreshes their
# indexes and ranks by BM25: the model (which releases the GIL) and the ORM overlap on two cores.
_EMBEDDINGS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="mnemara-embed")


def _embed_soon(query: str) -> Future[list[float]]:
    embedder = get_embedder()  # chosen in the caller's thread (settings and test overrides live there)
    return _EMBEDDINGS.submit(embedder.embed_query, query.strip())


def side_connections_close() -> None:
    """Close the side thread's database connections before a database is dropped (tests, benchmarks'
    scratch databases); access counts still waiting for it are dropped with it."""
    ACCESS_COUNTS.discard()
    _SIDE_QUERIES.submit(connections.close_all).result()


def _candidate_lists(source: SqlSource | IndexSource, query: str, mode: str, limit: int,
                     query_vector: Future[list[float]] | None, prefetch: int
                     ) -> tuple[dict[str, list[Candidate]], dict[uuid.UUID, Memory]]:
    """The vector and the lexical candidate lists. The full-text ranking starts first (BM25 in this
    thread, or SQL on the side connection) while ``query_vector`` is still being computed; if BM25 is
    done before it, the rows of its best ``prefetch`` are loaded meanwhile (returned, for ``_hits``)."""
    lexical = source.lexical(query, limit, parallel=mode == "hybrid") if mode in ("hybrid", "lexical") else None
    loaded: dict[uuid.UUID, Memory] = {}
    if lexical is not None and lexical.ids and (query_vector is None or not query_vector.done()):
        loaded = _load_hits(lexical.ids[:prefetch])
    lists: dict[str, list[Candidate]] = {}
    vector = query_vector.result() if query_vector is not None else None
    if vector is not None:
        lists["vector"] = source.vector_candidates(vector, limit)
    if lexical is not None:
        lists["lexical"] = lexical.finish(vector)
    return lists, loaded


def _merge(lists: Mapping[str, Sequence[Candidate]]) -> dict[uuid.UUID, Candidate]:
    merged: dict[uuid.UUID, Candidate] = {}
    for candidates in lists.values():
        for c in candidates:
            seen = merged.setdefault(c.id, c)
            seen.lexical = max(seen.lexical, c.lexical)
            if seen.vector is None:
                seen.vector = c.vector
    return merged


# Raw SQL on the hot path too (explicit tenant condition), with the access counts joined in.
_HIT_COLUMNS = ", ".join(f"m.{f.column}" for f in Memory._meta.concrete_fields
                         if f.name not in ("embedding", "search_vector"))
_HITS_SQL = (f"SELECT {_HIT_COLUMNS}, a.count AS access_n, a.last_at AS access_at FROM memories_memory m"
             " LEFT JOIN memories_memoryaccess a ON a.memory_id = m.id WHERE m.tenant_id = %s AND m.id = ANY(%s)")


def _load_hits(ids: Sequence[uuid.UUID]) -> dict[uuid.UUID, Memory]:
    """The memories (without vectors, which are deferred) and their access counts, in one query."""
    found = {}
    for memory in Memory.objects.raw(_HITS_SQL, [get_active_tenant().pk, list(ids)]):
        memory.access_set(memory.access_n or 0, memory.access_at)  # type: ignore[attr-defined]
        found[memory.pk] = memory
    return found


def _hits(scored: Sequence[Scored], k: int, scopes: Mapping[uuid.UUID, Scope],
          loaded: Mapping[uuid.UUID, Memory] | None = None) -> list[SearchHit]:
    """Load the best-scored memories in small batches and drop near-duplicates until k are kept. Rows
    come without joins: their scopes are the searched ones, their subjects (if any) one more query."""
    vectors = {s.candidate.id: s.candidate.vector for s in scored if s.candidate.vector is not None}

    def vector_of(memory: Memory) -> Any:
        found = vectors.get(memory.pk)
        return found if found is not None else memory.embedding  # deferred: loaded only if asked

    kept: list[SearchHit] = []
    start = 0
    while len(kept) < k and start < len(scored):
        batch = scored[start : start + k + max(3, k // 4)]
        start += len(batch)
        wanted = [s.candidate.id for s in batch]
        rows = {pk: loaded[pk] for pk in wanted if loaded and pk in loaded}
        missing = [pk for pk in wanted if pk not in rows]
        if missing:
            rows.update(_load_hits(missing))
        subject_ids = {m.subject_id for m in rows.values() if m.subject_id}
        subjects = Subject.objects.in_bulk(list(subject_ids)) if subject_ids else {}
        for s in batch:
            memory = rows.get(s.candidate.id)
            if memory is None or memory.scope_id not in scopes:
                continue
            memory.scope = scopes[memory.scope_id]
            if memory.subject_id:
                memory.subject = subjects.get(memory.subject_id)
            if any(near_duplicate(memory, hit.memory, vector_of) for hit in kept):
                continue
            kept.append(SearchHit(memory, s.score, s.scores))
            if len(kept) == k:
                break
    return kept


class AccessCounts:
    """Access tracking off the search path: searches outside a transaction add their hits here, and one
    upsert per ``ACCESS_FLUSH_SECONDS`` writes them all (from a timer, on the side connection). Counts
    of the last second die with the process on a crash (on a clean exit they are written)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: dict[uuid.UUID, tuple[int, datetime]] = {}
        self._timer: threading.Timer | None = None

    def add(self, ids: Sequence[uuid.UUID], at: datetime) -> None:
        with self._lock:
            for pk in ids:
                self._pending[pk] = (self._pending.get(pk, (0, at))[0] + 1, at)
            if self._timer is None and self._pending:
                self._timer = threading.Timer(ACCESS_FLUSH_SECONDS, self._flush_later)
                self._timer.daemon = True
                self._timer.start()

    def discard(self) -> None:
        """Forget what is pending (tests: counts of a test must not be written during the next one)."""
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()
            self._pending, self._timer = {}, None

    def _flush_later(self) -> None:
        with contextlib.suppress(RuntimeError):  # the interpreter is shutting down: the exit hook writes them
            _on_side_connection(self.flush)

    def flush(self) -> int:
        """Write what is pending (one statement). Returns the rows written."""
        with self._lock:
            pending, self._pending, self._timer = self._pending, {}, None
        if not pending:
            return 0
        return access_add(pending)


ACCESS_COUNTS = AccessCounts()


def memories_accessed(ids: Sequence[uuid.UUID], at: datetime) -> None:
    """Count one access of each memory: at once inside a transaction (the caller's transaction must see,
    and may roll back, the count), otherwise off the response's critical path, within ACCESS_FLUSH_SECONDS."""
    if connection.in_atomic_block:
        access_add(dict.fromkeys(ids, (1, at)))
    else:
        ACCESS_COUNTS.add(ids, at)


@atexit.register
def _flush_access_counts_at_exit() -> None:
    try:
        ACCESS_COUNTS.flush()
    except Exception:  # the database may already be gone; these are only access counts
        logger.warning("access counts not written at exit", exc_info=True)


def memory_search(*, query: str, scopes: Sequence[str], descendants: bool = False,
                  types: Sequence[str] | None = None, k: int = 10, min_confidence: float = 0.0,
                  include_statuses: Sequence[str] | None = None, filters: dict[str, Any] | None = None,
                  as_of: datetime | None = None, allowed_prefixes: Sequence[str] = (), mode: str = "hybrid",
                  track_access: bool = True) -> list[SearchHit]:
    """The best ``k`` memories for ``query`` in ``scopes`` of the active tenant, best first.

    ``include_statuses`` defaults to active only (with ``as_of``: active and deprecated, i.e. what was
    valid then, whatever became of it since). Expired memories are never returned.
    """
    _validate(query, k, mode, min_confidence, types, include_statuses)
    if filters is not None and not isinstance(filters, dict):
        raise ValidationFailed("filters must be an object.", fields={"filters": ["A JSON object."]})
    # lexical-only (the ablation) pays for no embedding; its "vector" scores are 0
    query_vector = _embed_soon(query) if mode != "lexical" else None
    found = search_scopes(scopes, descendants=descendants, allowed_prefixes=allowed_prefixes)
    if not found:
        return []
    states = scope_states(found)
    statuses = list(include_statuses or ([Status.ACTIVE, Status.DEPRECATED] if as_of else [Status.ACTIVE]))
    now = timezone.now()
    criteria = Criteria(statuses=statuses, types=types, min_confidence=float(min_confidence), now=now, as_of=as_of)
    source = candidate_source(states, criteria, filters)
    limit = max(CANDIDATES_PER_K * k, CANDIDATES_MIN)
    lists, loaded = _candidate_lists(source, query, mode, limit, query_vector, prefetch=2 * k + 5)
    fused = fuse({name: [c.id for c in found] for name, found in lists.items()}, fusion_weights(query))
    scored = score_candidates(_merge(lists), fused, reference=as_of or now, lives=half_lives(get_active_tenant()))
    hits = _hits(scored, k, {scope.pk: scope for scope in found}, loaded)
    if track_access:
        memories_accessed([hit.memory.pk for hit in hits], now)
        for hit in hits:
            hit.memory.access_set(hit.memory.access_count + 1, now)
    return hits
