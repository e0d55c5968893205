"""Hybrid recall: candidates from the requested scopes, fused, weighted, deduplicated.

Ranking formula
---------------
Two candidate lists are drawn from the memories that pass every filter (scopes, types, statuses,
``min_confidence``, metadata ``filters``, not expired, valid at ``as_of``):

* vector:  cosine similarity ``sim(m) = 1 − (embedding <=> query_vector)``, best first. Exact
  inside the filter; HNSW with pgvector iterative scans only when the scopes hold more than
  ``settings.HNSW_MIN_SCOPE_ROWS`` rows (falling back to exact if the index returns too few).
* lexical: ``lex(m) = ts_rank_cd(search_vector, w1 | w2 | …)`` over the query's search words
  (``services.text.search_words``: jieba for Chinese, prefix matches for longer Latin words, a few
  stopwords dropped), only rows matching at least one word (GIN index).

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
agree. Each hit carries ``scores``: vector (similarity), lexical (ts_rank_cd), recency,
confidence, fusion and the final score.
"""

from __future__ import annotations

import contextvars
import math
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
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

from memories.embeddings import get_embedder
from memories.models import Memory, MemoryType, Scope, Status
from memories.selectors import scope_filter
from memories.services import text, validation
from memories.tokens import readable_fraction
from mnemara.errors import NotFound, ValidationFailed
from tenants.models import Tenant, path_within
from tenants.scoping import get_active_tenant

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


@dataclass
class Scored:
    candidate: Candidate
    score: float
    scores: dict[str, float]


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


def search_scope_ids(scopes: Sequence[str], *, descendants: bool, allowed_prefixes: Sequence[str]) -> list[uuid.UUID]:
    """The ids of the requested scopes (and their sub-scopes). A scope outside the key's prefixes is
    a 404, like a memory of another tenant: its existence is never confirmed."""
    if isinstance(scopes, str) or not scopes:
        raise validation.field_error("scopes", "Name at least one scope.")
    if len(scopes) > MAX_SCOPES:
        raise validation.field_error("scopes", f"At most {MAX_SCOPES} scopes.")
    paths = [validation.validate_scope_path(p, "scopes") for p in scopes]
    if not all(path_within(p, allowed_prefixes) for p in paths):
        raise NotFound("Scope not found.", code="scope_not_found")
    match = scope_filter(paths, "path") if descendants else Q(path__in=paths)
    return list(Scope.objects.filter(match).values_list("pk", flat=True))


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


def _candidate(row: Sequence[Any], lexical: float = 0.0) -> Candidate:
    pk, type_, confidence, valid_from, distance = row[:5]
    similarity = 0.0 if distance is None else 1.0 - float(distance)
    return Candidate(pk, type_, confidence, valid_from, similarity=similarity, lexical=lexical)


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


def scope_row_count(scope_ids: Sequence[uuid.UUID], statuses: Sequence[str], cap: int) -> int:
    """Rows in the scopes, counted up to ``cap`` (an index scan that stops early), memoised for a minute
    per process: it only chooses between exact and HNSW search, which a minute-old count does as well."""
    key = "scope-rows:" + ",".join(sorted(map(str, scope_ids))) + ":" + ",".join(sorted(statuses)) + f":{cap}"
    count = cache.get(key)
    if count is None:
        count = Memory.objects.filter(scope_id__in=scope_ids, status__in=list(statuses))[:cap].count()
        cache.set(key, count, SCOPE_ROWS_CACHE_SECONDS)
    return int(count)


def query_tsquery(query: str) -> str | None:
    """``'w1':* | 'w2' | …`` for to_tsquery('simple', …), or None when the query has no words.

    Words are the same ``search_words`` the index was built from, cut to plain word characters (so
    the string needs no escaping); Latin words of 4+ letters match as prefixes (drink → drinks).
    """
    words: list[str] = []
    for word in text.search_words(query):
        words.extend(piece for piece in re.split(r"\W+", word) if piece.strip("_"))
    unique = list(dict.fromkeys(words))
    useful = [w for w in unique if w not in STOPWORDS] or unique
    terms = [f"'{w}':*" if len(w) >= PREFIX_MIN_LENGTH and w.isalpha() and w.isascii() else f"'{w}'"
             for w in useful[:MAX_QUERY_WORDS]]
    return " | ".join(terms) or None


def lexical_queryset(qs: QuerySet[Memory], tsquery: str) -> QuerySet[Memory]:
    """Full-text matches ranked by ts_rank_cd (cover density); ``@@`` on search_vector uses the GIN index."""
    search = SearchQuery(tsquery, config="simple", search_type="raw")
    return (qs.filter(search_vector=search)
            .annotate(rank=SearchRank(F("search_vector"), search, cover_density=True))
            .order_by("-rank", "pk"))


def lexical_candidates(qs: QuerySet[Memory], tsquery: str, query_vector: Sequence[float] | None,
                       limit: int) -> list[Candidate]:
    """The best ``limit`` full-text matches. Their cosine similarity (for the score breakdown) is
    computed afterwards for those rows only: computing it for every match before the LIMIT cost more
    than the ranking itself when a common word matches thousands of rows."""
    rows = list(lexical_queryset(qs, tsquery).values_list(*_LEXICAL_FIELDS)[:limit])
    distances: dict[uuid.UUID, float] = {}
    if query_vector is not None and rows:
        distances = dict(Memory.objects.filter(pk__in=[r[0] for r in rows])
                         .annotate(distance=CosineDistance("embedding", query_vector) + Value(0.0))
                         .values_list("pk", "distance"))
    return [_candidate((pk, type_, confidence, valid_from, distances.get(pk)), lexical=float(rank))
            for pk, type_, confidence, valid_from, rank in rows]


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
        scores = {"vector": round(c.similarity, 4), "lexical": round(c.lexical, 4), "recency": round(fresh, 4),
                  "confidence": round(c.confidence, 4), "fusion": round(fusion, 4), "score": round(score, 4)}
        scored.append(Scored(c, score, scores))
    scored.sort(key=lambda s: (-s.score, -s.candidate.similarity, str(s.candidate.id)))
    return scored


def _words(memory: Memory) -> set[str]:
    return set(memory.search_text.split())


def near_duplicate(a: Memory, b: Memory) -> bool:
    """Same content_hash, or word overlap and cosine both high. Words are checked first: they are at
    hand, while the vectors are deferred and loaded only for the rare pair that gets this far."""
    if a.content_hash == b.content_hash:
        return True
    wa, wb = _words(a), _words(b)
    if not (wa or wb) or len(wa & wb) / len(wa | wb) < DEDUPE_WORD_OVERLAP:
        return False
    if a.embedding is None or b.embedding is None:
        return False
    cosine = float(np.dot(np.asarray(a.embedding, dtype=np.float32), np.asarray(b.embedding, dtype=np.float32)))
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


def side_connections_close() -> None:
    """Close the side thread's database connections (before dropping a database, e.g. in tests)."""
    _SIDE_QUERIES.submit(connections.close_all).result()


def _candidate_lists(qs: QuerySet[Memory], query: str, query_vector: Sequence[float] | None, mode: str,
                     limit: int, scope_rows: int) -> dict[str, list[Candidate]]:
    """The vector and the lexical candidate lists. Both are read-only snapshots, so they may run on two
    connections at once, except inside a transaction (a test, or a caller's atomic block), whose
    uncommitted rows only its own connection can see."""
    tsquery = query_tsquery(query) if mode in ("hybrid", "lexical") else None
    lexical = None
    if tsquery:
        def lexical_list() -> list[Candidate]:
            return lexical_candidates(qs, tsquery, query_vector, limit)

        parallel = query_vector is not None and not connection.in_atomic_block
        lexical = _on_side_connection(lexical_list) if parallel else None
    lists: dict[str, list[Candidate]] = {}
    if query_vector is not None:
        lists["vector"] = vector_candidates(qs, query_vector, limit, scope_rows=scope_rows)
    if tsquery:
        lists["lexical"] = lexical.result() if lexical is not None else lexical_list()
    return lists


def _merge(lists: Mapping[str, Sequence[Candidate]]) -> dict[uuid.UUID, Candidate]:
    merged: dict[uuid.UUID, Candidate] = {}
    for candidates in lists.values():
        for c in candidates:
            seen = merged.setdefault(c.id, c)
            seen.lexical = max(seen.lexical, c.lexical)
    return merged


def _hits(scored: Sequence[Scored], k: int) -> list[SearchHit]:
    """Load the best-scored memories in small batches and drop near-duplicates until k are kept."""
    kept: list[SearchHit] = []
    start = 0
    while len(kept) < k and start < len(scored):
        batch = scored[start : start + k + 10]
        start += len(batch)
        # Vectors come along: the dedupe below may need them, and a lazy load per row costs more.
        rows = (Memory.objects.select_related("scope", "subject").defer("search_vector")
                .in_bulk([s.candidate.id for s in batch]))
        for s in batch:
            memory = rows.get(s.candidate.id)
            if memory is None or any(near_duplicate(memory, hit.memory) for hit in kept):
                continue
            kept.append(SearchHit(memory, s.score, s.scores))
            if len(kept) == k:
                break
    return kept


def memories_touch(ids: Sequence[uuid.UUID]) -> None:
    """Access tracking in one UPDATE. Rows locked by a writer are skipped rather than waited for, and
    the commit does not wait for the WAL flush: a lost access count is cheaper than a slow search."""
    if not ids:
        return
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")
        free = Memory.objects.filter(pk__in=list(ids)).select_for_update(skip_locked=True).values("pk")
        Memory.objects.filter(pk__in=free).update(access_count=F("access_count") + 1,
                                                  last_accessed_at=timezone.now())


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
    scope_ids = search_scope_ids(scopes, descendants=descendants, allowed_prefixes=allowed_prefixes)
    if not scope_ids:
        return []
    statuses = list(include_statuses or ([Status.ACTIVE, Status.DEPRECATED] if as_of else [Status.ACTIVE]))
    now = timezone.now()
    qs = filtered_memories(scope_ids=scope_ids, types=types, min_confidence=min_confidence, statuses=statuses,
                           filters=filters, as_of=as_of, now=now)
    limit = max(CANDIDATES_PER_K * k, CANDIDATES_MIN)
    query_vector, rows = None, 0
    if mode != "lexical":  # lexical-only (the ablation) pays for no embedding; its "vector" scores are 0
        query_vector = get_embedder().embed_query(query.strip())
        rows = scope_row_count(scope_ids, statuses, settings.HNSW_MIN_SCOPE_ROWS + 1)
    lists = _candidate_lists(qs, query, query_vector, mode, limit, rows)
    fused = fuse({name: [c.id for c in found] for name, found in lists.items()}, fusion_weights(query))
    scored = score_candidates(_merge(lists), fused, reference=as_of or now, lives=half_lives(get_active_tenant()))
    hits = _hits(scored, k)
    if track_access:
        touched = [hit.memory.pk for hit in hits]
        if connection.in_atomic_block:  # the caller's transaction must see (and may roll back) the count
            memories_touch(touched)
        else:  # off the response's critical path, on the side connection
            _on_side_connection(lambda: memories_touch(touched))
        for hit in hits:
            hit.memory.access_count += 1
            hit.memory.last_accessed_at = now
    return hits
