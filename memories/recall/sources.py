"""Where search candidates come from. Two sources answer the same two questions — the best rows by
vector similarity, the best full-text matches — for the memories that pass the search's filters:

* ``SqlSource`` (here): PostgreSQL alone, the reference. An exact scan inside the filter, or HNSW
  with iterative scans for scopes above ``settings.HNSW_MIN_SCOPE_ROWS`` (every model: the primary's
  index on the memory row, each secondary model's partial index on ``memories_memoryvector``);
  full-text matches through the GIN index ranked by ts_rank_cd (in those large scopes, only the matches of
  the query's rarest words and pairs of its others: ``bounded_lexical_rows``).
* ``IndexSource`` (``memories.recall.index``): the in-process indexes, an optional accelerator that
  must return what SQL would (tested).

``memories.recall.search.candidate_source`` picks one per search.
"""

from __future__ import annotations

import hashlib
import math
import uuid
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Protocol

import numpy as np
from django.conf import settings
from django.contrib.postgres.search import SearchQuery, SearchRank
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Case, Exists, F, OuterRef, Q, QuerySet, Subquery, Value, When
from django.db.models.functions import Cast, Lower, StrIndex
from pgvector.django import CosineDistance, VectorField

from memories.choices import Status
from memories.embeddings import READS_MIN, embedder_named, embedders
from memories.models import Memory, MemoryVector
from memories.recall import side_connection, sql
from memories.recall.bounded import Term, bounded_rows
from memories.recall.query import query_terms, query_tsquery
from memories.recall.rank import Candidate, Key
from memories.write.people import addressed_only
from mnemara.kernel.replica import read_alias
from tenants.models import Subject

SCOPE_ROWS_CACHE_SECONDS = 60
LEXICAL_SCOPE_ROWS_CAP = 1_000_000  # a scope's rows counted up to this for ``rare_terms``' estimates


LexicalFinish = Callable[[Mapping[str, Sequence[float]] | None], list[Candidate]]


@dataclass
class Lexical:
    """A started full-text ranking: ``ids`` best first when already known (the in-process BM25), and
    ``finish`` to turn it into candidates once the query vectors are known (by model name)."""

    ids: list[uuid.UUID] | None
    finish: LexicalFinish


class CandidateSource(Protocol):
    """What a search asks of a source (``SqlSource``, ``memories.recall.index.source.IndexSource``)."""

    def judge(self, reads: Sequence[bool]) -> dict[str, int]: ...

    def vector_candidates(self, query_vector: Sequence[float], limit: int, model: str | None = None
                          ) -> list[Candidate]: ...

    def dated_candidates(self, query_vector: Sequence[float], limit: int, model: str,
                         valid: Callable[[date], bool], without: Collection[Key], at_most: int
                         ) -> list[Candidate]: ...

    def lexical(self, query: str, limit: int, *, parallel: bool) -> Lexical | None: ...

    def subject_names(self, query: str) -> set[str]: ...

    def mentioned_names(self, names: Collection[str]) -> set[str]: ...

    def mentioning(self, memory_ids: Iterable[Key], names: Sequence[str]) -> dict[str, set[Key]]: ...

    @property
    def scope_ids(self) -> Sequence[uuid.UUID]: ...

    def shape(self, candidates: dict[Key, Candidate], query_vectors: Mapping[str, Sequence[float]],
              neighbours: bool, grow: set[Key] | None = None) -> None: ...

    def vectors_of(self, ids: Sequence[uuid.UUID], model: str) -> dict[uuid.UUID, np.ndarray]: ...

    def similarities(self, ids: Sequence[uuid.UUID], model: str, vector: Sequence[float]
                     ) -> dict[Key, float]: ...


def mentioning(memory_ids: Iterable[uuid.UUID], names: Sequence[str]) -> dict[str, set[uuid.UUID]]:
    """For each of ``names``: which of these memories mention the person (by the name as found, case aside),
    leaving out those that only speak to them ("Hey Mel!", "Thanks, Caroline!": ``people.addressed_only``): in a
    conversation nearly every other turn greets the other speaker, and it is not about them. One statement for
    all the names (``IndexSource.mentioning`` answers the same from the in-process index)."""
    found: dict[str, set[uuid.UUID]] = {name: set() for name in names}
    ids = list(memory_ids)
    if not ids or not names:
        return found
    by_folded: dict[str, list[str]] = {}
    for name in names:
        by_folded.setdefault(name.casefold(), []).append(name)
    for folded, pk, content in sql.mentioning(sorted(by_folded), ids):
        for name in by_folded.get(folded, ()):
            if not addressed_only(content, name):
                found[name].add(pk)
    return found


def filtered_memories(*, scope_ids: Sequence[uuid.UUID], types: Sequence[str] | None, min_confidence: float,
                      statuses: Sequence[str], filters: Mapping[str, Any] | Q | None, as_of: datetime | None,
                      now: datetime, review_since: datetime | None = None) -> QuerySet[Memory]:
    """Every memory a search may return, before ranking (inside the active tenant); ``review_since``: pending
    memories written after it are kept out (still within their review window)."""
    qs = Memory.objects.filter(scope_id__in=scope_ids, status__in=list(statuses))
    if review_since is not None:
        qs = qs.exclude(status=Status.PENDING, created_at__gt=review_since)
    qs = qs.filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
    if types:
        qs = qs.filter(type__in=list(types))
    if min_confidence > 0:
        qs = qs.filter(confidence__gte=min_confidence)
    if isinstance(filters, Q):  # a caller's own condition (the mem0 API's filters)
        qs = qs.filter(filters)
    elif filters:
        qs = qs.filter(metadata__contains=dict(filters))
    if as_of is not None:
        qs = qs.filter(Q(valid_to__isnull=True) | Q(valid_to__gt=as_of), valid_from__lte=as_of)
    return qs


_FIELDS = ("pk", "type", "confidence", "valid_from", "distance")
JUDGED_FIELDS = ("type", "confidence", "valid_from", "subject__external_id", "search_text")  # ``sql.judged_rows``'


_LEXICAL_FIELDS = ("pk", "type", "confidence", "valid_from", "rank")


def _candidate(row: Sequence[Any]) -> Candidate:
    pk, type_, confidence, valid_from, distance = row[:5]
    similarity = 0.0 if distance is None else 1.0 - float(distance)
    return Candidate(pk, type_, confidence, valid_from, similarity=similarity, model=row[5] if len(row) > 5 else "")


def _fields(qs: QuerySet[Memory]) -> tuple[str, ...]:
    """``_FIELDS``, and the judging model when the queryset carries it (``SqlSource.vector_candidates``)."""
    return (*_FIELDS, "reader") if "reader" in qs.query.annotations else _FIELDS


def exact_vector_queryset(qs: QuerySet[Memory], query_vector: Sequence[float]) -> QuerySet[Memory]:
    # "+ 0.0" makes the sort key an expression no index provides: the planner cannot swap in the
    # HNSW index (which would silently drop rows that fail the filter). Exact, correct at any size.
    distance = CosineDistance("embedding", query_vector) + Value(0.0)
    return qs.annotate(distance=distance).order_by("distance", "pk")


def ann_vector_queryset(qs: QuerySet[Memory], query_vector: Sequence[float]) -> QuerySet[Memory]:
    # Ordered by the bare operator (no tie-break column) so the HNSW index can provide the order.
    return qs.annotate(distance=CosineDistance("embedding", query_vector)).order_by("distance")


def exact_vector_candidates(qs: QuerySet[Memory], query_vector: Sequence[float], limit: int) -> list[Candidate]:
    return [_candidate(r) for r in exact_vector_queryset(qs, query_vector).values_list(*_fields(qs))[:limit]]


def _nearest(rows: Sequence[Sequence[Any]], limit: int) -> list[Candidate]:
    """The best ``limit`` of an iterative scan's rows (relaxed order: nearly sorted) by distance, then id."""
    return [_candidate(r) for r in sorted(rows, key=lambda r: (math.inf if r[4] is None else r[4], r[0]))[:limit]]


PRIMARY_HNSW = "memory_embedding_hnsw"  # the primary model's HNSW index on the memory row (migration 0003)


def hnsw_index_rows(index: str) -> int:
    """``sql.hnsw_graph_rows`` memoised for a minute per process (it sizes each HNSW scan)."""
    key = "hnsw-rows:" + hashlib.sha256(index.encode()).hexdigest()
    rows = cache.get(key)
    if rows is None:
        rows = sql.hnsw_graph_rows(index)
        cache.set(key, rows, SCOPE_ROWS_CACHE_SECONDS)
    return int(rows)


def ann_vector_candidates(qs: QuerySet[Memory], query_vector: Sequence[float], limit: int) -> list[Candidate]:
    """HNSW with pgvector 0.8 iterative scans (``sql.hnsw_iterative_scan``): the index returns
    ``settings.HNSW_SCAN_ROWS`` rows that pass the filter (or ``settings.HNSW_SCAN_SHARE`` of its rows when more; at
    least ``limit``; or stops at ``hnsw.max_scan_tuples``), the best ``limit`` by exact distance are kept. The
    settings last for this transaction only."""
    with transaction.atomic(using=read_alias()):
        rows = sql.hnsw_iterative_scan(limit, hnsw_index_rows(PRIMARY_HNSW))
        return _nearest(list(ann_vector_queryset(qs, query_vector).values_list(*_fields(qs))[:rows]), limit)


def vector_candidates(qs: QuerySet[Memory], query_vector: Sequence[float], limit: int, *,
                      scope_rows: int) -> list[Candidate]:
    if scope_rows <= settings.HNSW_MIN_SCOPE_ROWS:
        return exact_vector_candidates(qs, query_vector, limit)
    found = ann_vector_candidates(qs, query_vector, limit)
    if len(found) < limit:  # the index gave up before the filter was satisfied: never return fewer
        return exact_vector_candidates(qs, query_vector, limit)
    return found


def _primary_reads() -> Q:
    primary = embedders()[0].name
    return Q(embedding__isnull=False, embedding_model=primary) & (
        Q(embedding_coverage__isnull=True) | Q(embedding_coverage__gte=READS_MIN))


def _secondary_reads(name: str) -> Exists:
    return Exists(MemoryVector.objects.filter(memory=OuterRef("pk"), model=name, coverage__gte=READS_MIN))


def judged_filter(reads: Sequence[bool], model: str) -> Q:
    """The memories ``model`` compares with the query: SQL's form of ``ScopeIndex.judged`` (the first
    model that reads the query and the memory and holds its vector; the primary for the rest)."""
    names = [e.name for e in embedders()]
    claims: dict[str, Q] = {}
    for k, name in enumerate(names):
        if reads[k]:
            mine = _primary_reads() if k == 0 else Q(_secondary_reads(name))
            for earlier in claims.values():
                mine &= ~earlier
            claims[name] = mine
    if model == names[0]:  # with the memories no model reads
        return claims.get(model, Q(pk__in=[])) | ~_any(list(claims.values()))
    return claims.get(model, Q(pk__in=[]))


def _any(conditions: Sequence[Q]) -> Q:
    found = Q(pk__in=[])
    for condition in conditions:
        found |= condition
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


def model_hnsw_ready(name: str) -> bool:
    """Whether the secondary model ``name`` has its partial HNSW index (memoised for a minute per process)."""
    key = "model-hnsw:" + hashlib.sha256(name.encode()).hexdigest()
    ready = cache.get(key)
    if ready is None:
        ready = sql.model_hnsw_exists(name)
        cache.set(key, ready, SCOPE_ROWS_CACHE_SECONDS)
    return bool(ready)


def lexical_queryset(qs: QuerySet[Memory], tsquery: str, match: str | None = None) -> QuerySet[Memory]:
    """Full-text matches ranked by ts_rank_cd (cover density); ``@@`` on search_vector uses the GIN index.
    ``match``: the query the rows must match, when not ``tsquery`` itself (``bounded_lexical_rows``)."""
    search = SearchQuery(tsquery, config="simple", search_type="raw")
    matching = search if match is None else SearchQuery(match, config="simple", search_type="raw")
    return (qs.filter(search_vector=matching)
            .annotate(rank=SearchRank(F("search_vector"), search, cover_density=True))
            .order_by("-rank", "pk"))


def lexical_rows(qs: QuerySet[Memory], tsquery: str, limit: int, match: str | None = None) -> list[tuple[Any, ...]]:
    """The best ``limit`` full-text matches: (pk, type, confidence, valid_from, rank)."""
    return list(lexical_queryset(qs, tsquery, match).values_list(*_LEXICAL_FIELDS)[:limit])


def bounded_lexical_rows(qs: QuerySet[Memory], terms: Sequence[Term], limit: int, cap: int,
                         scope_rows: int) -> list[tuple[Any, ...]]:
    """``lexical_rows`` for a large scope: ts_rank_cd (every term of the query) ranks at most ``cap`` matches, those
    of the query's rarest words first (``bounded.bounded_rows``), never every memory holding a common word. Those
    are a subset of the exact list's matches (never more work than it), and all of them when every term is rare
    enough."""
    return bounded_rows(qs, terms, _LEXICAL_FIELDS, limit, cap, scope_rows)


def lexical_candidates(qs: QuerySet[Memory], tsquery: str, query_vector: Sequence[float] | None,
                       limit: int) -> list[Candidate]:
    """The best ``limit`` full-text matches. Their cosine similarity (for the score breakdown) is
    computed afterwards for those rows only: computing it for every match before the LIMIT cost more
    than the ranking itself when a common word matches thousands of rows."""
    return SqlSource(qs).lexical_candidates(lexical_rows(qs, tsquery, limit), query_vector)


class SqlSource:
    """Candidates from PostgreSQL alone: an exact scan inside the filter, or HNSW for scopes above
    ``settings.HNSW_MIN_SCOPE_ROWS``; full-text matches ranked by ts_rank_cd through the GIN index (a bounded
    set of them above that size, ``settings.LEXICAL_MATCH_ROWS``).
    Used for scopes too large for the in-process indexes (or with MNEMARA_SEARCH_INDEX=off)."""

    def __init__(self, qs: QuerySet[Memory], scope_ids: Sequence[uuid.UUID] = (), statuses: Sequence[str] = (),
                 stamps: Mapping[uuid.UUID, int] | None = None):
        self.qs, self.scope_ids, self.statuses = qs, scope_ids, statuses
        self.stamps = stamps  # each scope's search_seq (its latest change), when the caller read them
        self.reads: Sequence[bool] | None = None

    def judge(self, reads: Sequence[bool]) -> dict[str, int]:
        """Which model compares which memory follows ``reads`` (``judged_filter``). The primary always has a
        list; a secondary model that reads the query has one only when some memory of the scopes is its to
        judge (``judges_any``: 1 or 0, not a count), so that a scope whose every memory the primary reads
        neither embeds the query a second time nor scans the secondary model's index for nothing."""
        self.reads = list(reads)
        names = [e.name for e in embedders()]
        return {name: 1 if k == 0 else int(bool(reads[k]) and self.judges_any(name))
                for k, name in enumerate(names)}

    def judges_any(self, model: str) -> bool:
        """Whether any memory of the scopes (of the searched statuses) is ``model``'s to judge. Memoised with
        the scopes' stamps: a "no" is re-checked on the memories changed since (``search_seq`` above the stamp
        it was read at: an index range), so it is never stale; a "yes" is kept a minute (a memory removed
        meanwhile only costs an empty list). Without stamps, checked every time."""
        names = [e.name for e in embedders()]
        if self.reads is None or model not in names[1:]:
            return True
        judged = Memory.objects.filter(scope_id__in=list(self.scope_ids), status__in=list(self.statuses))
        judged = judged.filter(judged_filter(self.reads, model))
        if self.stamps is None:
            return judged.exists()
        wanted = (",".join(sorted(map(str, self.scope_ids))) + ":" + ",".join(sorted(self.statuses)) + ":"
                  + "".join("1" if r else "0" for r in self.reads) + ":" + ",".join(names) + ":" + model)
        key = "judges-any:" + hashlib.sha256(wanted.encode()).hexdigest()
        known = cache.get(key)
        stamps = {str(pk): int(seq) for pk, seq in self.stamps.items()}
        if known is not None and (known["found"] or known["stamps"] == stamps):
            return bool(known["found"])
        if known is None:
            found = judged.exists()
        else:
            changed = Q(pk__in=[])
            for pk, seq in stamps.items():
                if seq != known["stamps"].get(pk):
                    changed |= Q(scope_id=pk, search_seq__gt=known["stamps"].get(pk, -1))
            found = judged.filter(changed).exists()
        cache.set(key, {"found": found, "stamps": stamps}, SCOPE_ROWS_CACHE_SECONDS if found else None)
        return found

    def _judged(self, model: str) -> QuerySet[Memory]:
        return self.qs if self.reads is None else self.qs.filter(judged_filter(self.reads, model))

    def vector_candidates(self, query_vector: Sequence[float], limit: int, model: str | None = None
                          ) -> list[Candidate]:
        names = [e.name for e in embedders()]
        name = model or names[0]
        if name != names[0]:
            return self._secondary_candidates(name, query_vector, limit)
        rows = scope_row_count(self.scope_ids, self.statuses, settings.HNSW_MIN_SCOPE_ROWS + 1)
        reads = self.reads if self.reads is not None else [True] * len(names)
        reader = sql.reader_annotation([(k, n) for k, n in enumerate(names) if reads[k]], names[0] if reads[0] else "",
                                       READS_MIN)  # each row's model in the same statement (``_judged_rows``' rule)
        return vector_candidates(self._judged(name).annotate(reader=reader), query_vector, limit, scope_rows=rows)

    def dated_candidates(self, query_vector: Sequence[float], limit: int, model: str,
                         valid: Callable[[date], bool], without: Collection[Key], at_most: int) -> list[Candidate]:
        """The first ``at_most`` of ``model``'s ``vector_candidates`` (``limit``) not in ``without`` (keys) whose
        ``valid_from``'s day is ``valid`` (``recall.period_pool``)."""
        return [c for c in self.vector_candidates(query_vector, limit, model=model)
                if c.key not in without and valid(c.valid_from.date())][:at_most]

    def _secondary_candidates(self, name: str, query_vector: Sequence[float], limit: int) -> list[Candidate]:
        """A secondary model's vectors (MemoryVector rows) of the memories it judges: HNSW with iterative
        scans through the model's partial index (``sql.model_hnsw_create``) for scopes above
        ``settings.HNSW_MIN_SCOPE_ROWS`` when the index exists, an exact scan otherwise or when the index
        gave up before ``limit`` rows passed the filter."""
        judged = self._judged(name).filter(vectors__model=name)
        found: list[Candidate] = []
        embedder = embedder_named(name)
        if embedder is not None and model_hnsw_ready(name):
            rows = scope_row_count(self.scope_ids, self.statuses, settings.HNSW_MIN_SCOPE_ROWS + 1)
            if rows > settings.HNSW_MIN_SCOPE_ROWS:
                # The same expression as the partial index's, ordered by the bare operator: the index provides it.
                cast = Cast("vectors__embedding", VectorField(dimensions=embedder.dimensions))
                with transaction.atomic(using=read_alias()):
                    fetch = sql.hnsw_iterative_scan(limit, hnsw_index_rows(sql.model_hnsw_name(name)))
                    found = _nearest(list(judged.annotate(distance=CosineDistance(cast, query_vector))
                                          .order_by("distance").values_list(*_FIELDS)[:fetch]), limit)
        if len(found) < limit:
            distance = CosineDistance("vectors__embedding", query_vector) + Value(0.0)
            rows_found = (judged.annotate(distance=distance).order_by("distance", "pk").values_list(*_FIELDS)[:limit])
            found = [_candidate(r) for r in rows_found]
        for c in found:
            c.model = name
        return found

    def _judged_rows(self, ids: Sequence[uuid.UUID], query_vectors: Mapping[str, Sequence[float]] | None,
                     fields: Sequence[str] = ()) -> tuple[dict[uuid.UUID, str], dict[uuid.UUID, float],
                                                          dict[uuid.UUID, tuple[Any, ...]]]:
        """For each of these memories, in one statement (``sql.judged_rows``): the model that judges it
        (``judged_filter``'s claims in their order: the first model that reads the query and the memory and holds
        its vector; else the primary when it reads the query, else ""), its cosine similarity to the query by the
        primary model's vector when that model judges it, and ``fields`` (of ``JUDGED_FIELDS``). A secondary
        model's similarities (when it judges some and its query vector is given): one more statement, for its rows
        only (``secondary_similarities``)."""
        if not ids:
            return {}, {}, {}
        names = [e.name for e in embedders()]
        reads = self.reads if self.reads is not None else [True] * len(names)
        primary = (query_vectors or {}).get(names[0])
        rows = sql.judged_rows(ids, [(k, name) for k, name in enumerate(names) if reads[k]],
                               names[0] if reads[0] else "", READS_MIN,
                               None if primary is None else VectorField().get_prep_value(primary))
        at = [JUDGED_FIELDS.index(f) + 2 for f in fields]
        readers: dict[uuid.UUID, str] = {}
        sims: dict[uuid.UUID, float] = {}
        extra: dict[uuid.UUID, tuple[Any, ...]] = {}
        for row in rows:
            readers[row[0]], extra[row[0]] = row[1], tuple(row[i] for i in at)
            if primary is not None and (row[1] or names[0]) == names[0] and row[-1] is not None:
                sims[row[0]] = 1.0 - float(row[-1])
        sims.update(_secondary_sims(readers, query_vectors or {}, names[0]))
        return readers, sims, extra

    def subject_names(self, query: str) -> set[str]:
        """The external ids of the subjects of the scopes' memories that occur in the query (as text: the
        caller checks word boundaries), so that a tenant's many subjects are never all read."""
        held = Memory.objects.filter(scope_id__in=list(self.scope_ids), subject_id=OuterRef("pk"))
        return set(Subject.objects.annotate(at=StrIndex(Value(query.casefold()), Lower("external_id")))
                   .filter(at__gt=0).filter(Exists(held)).values_list("external_id", flat=True))

    def mentioned_names(self, names: Collection[str]) -> set[str]:
        return sql.mentioned_names(sorted(names), self.scope_ids)

    def mentioning(self, memory_ids: Iterable[Key], names: Sequence[str]) -> dict[str, set[Key]]:
        found = mentioning([uuid.UUID(int=pk) for pk in memory_ids], names)
        return {name: {pk.int for pk in ids} for name, ids in found.items()}

    def shape(self, candidates: dict[Key, Candidate], query_vectors: Mapping[str, Sequence[float]],
              neighbours: bool, grow: set[Key] | None = None) -> None:
        """``IndexSource.shape`` in SQL: each candidate's subject and search words and, with ``neighbours``,
        the nearest memories of its session with an earlier and a later ``valid_from`` among those passing
        the search's filters (ties: ``created_at``, then id); new neighbours of ``grow`` (None: of any
        candidate) join ``candidates``."""
        if not candidates:
            return
        rows = Memory.objects.filter(sql.ids_in([c.id for c in candidates.values()]))
        fields = ["pk", "subject__external_id", "search_text"]
        if neighbours:
            # "<> ''" spelled out: it lets the planner use the partial index memory_scope_session_order (the
            # outer CASE already skips memories without a session, but the planner cannot see that inside).
            same = self.qs.filter(scope_id=OuterRef("scope_id"), source_session=OuterRef("source_session")
                                  ).exclude(source_session="")
            earlier, later = Q(valid_from__lt=OuterRef("valid_from")), Q(valid_from__gt=OuterRef("valid_from"))
            rows = rows.annotate(
                before=Case(When(source_session="", then=None), default=Subquery(
                    same.filter(earlier).order_by("-valid_from", "-created_at", "-pk").values("pk")[:1])),
                after=Case(When(source_session="", then=None), default=Subquery(
                    same.filter(later).order_by("valid_from", "created_at", "pk").values("pk")[:1])))
            fields += ["before", "after"]
        added: dict[uuid.UUID, tuple[Key | None, Key | None]] = {}  # new neighbour: (before, after), as keys
        for row in rows.values_list(*fields):
            c = candidates[row[0].int]
            c.subject, c.words = row[1] or "", row[2] or ""
            if neighbours:
                _linked(c, row[3], row[4], candidates, added, grow)
        if not added:
            return
        readers, sims, rows_added = self._judged_rows(list(added), query_vectors, (
            "type", "confidence", "valid_from", "subject__external_id", "search_text"))
        for pk, (type_, confidence, valid_from, subject, words) in rows_added.items():
            c = Candidate(pk, type_, confidence, valid_from, similarity=sims.get(pk, 0.0), lexical=0.0,
                          model=readers.get(pk, ""))
            c.subject, c.words = subject or "", words or ""
            c.before, c.after = added[c.id]
            candidates[c.key] = c

    def lexical(self, query: str, limit: int, *, parallel: bool) -> Lexical | None:
        """Start the full-text query (on the side connection when ``parallel``, so that it runs while
        this thread embeds the query) and return what finishes it once the query vector is known."""
        tsquery = query_tsquery(query)
        if tsquery is None:
            return None
        terms = query_terms(query)

        def rows() -> list[tuple[Any, ...]]:
            cap = settings.LEXICAL_MATCH_ROWS
            if cap > 0:  # a large scope's matches ranked in a bounded set (``bounded_lexical_rows``)
                scope_rows = scope_row_count(self.scope_ids, self.statuses or None, LEXICAL_SCOPE_ROWS_CAP)
                if scope_rows > settings.HNSW_MIN_SCOPE_ROWS:
                    return bounded_lexical_rows(self.qs, terms, limit, cap, scope_rows)
            return lexical_rows(self.qs, tsquery, limit)

        pending = None
        if parallel and not connection.in_atomic_block:  # a transaction's own rows: its connection only
            pending = side_connection.on_side_connection(rows)

        def finish(query_vectors: Mapping[str, Sequence[float]] | None) -> list[Candidate]:
            found_rows = pending.result() if pending is not None else rows()
            found, words = self._lexical_candidates(found_rows, query_vectors, ("search_text",))
            _term_share(found, terms, {pk: w for pk, (w,) in words.items()})
            return found

        return Lexical(None, finish)

    def vectors_of(self, ids: Sequence[uuid.UUID], model: str) -> dict[uuid.UUID, np.ndarray]:
        """The ``model`` vectors of these memories that have one (feedback's seeds: a few rows)."""
        if not ids:
            return {}
        if model == embedders()[0].name:
            rows = Memory.objects.filter(pk__in=list(ids), embedding__isnull=False).values_list("pk", "embedding")
        else:
            rows = MemoryVector.objects.filter(memory_id__in=list(ids), model=model).values_list("memory_id",
                                                                                                   "embedding")
        return {pk: np.asarray(vector, dtype=np.float32) for pk, vector in rows}

    def similarities(self, ids: Sequence[uuid.UUID], model: str, vector: Sequence[float]) -> dict[Key, float]:
        """Cosine similarity of these memories to ``vector`` by ``model``'s vectors, in SQL; by key (the id's int)."""
        found = sql_similarities(ids, vector) if model == embedders()[0].name else secondary_similarities(
            ids, model, vector)
        return {pk.int: similarity for pk, similarity in found.items()}

    def lexical_candidates(self, rows: Sequence[tuple[Any, ...]],
                           query_vectors: Mapping[str, Sequence[float]] | Sequence[float] | None
                           ) -> list[Candidate]:
        return self._lexical_candidates(rows, query_vectors)[0]

    def _lexical_candidates(self, rows: Sequence[tuple[Any, ...]],
                            query_vectors: Mapping[str, Sequence[float]] | Sequence[float] | None,
                            fields: Sequence[str] = ()) -> tuple[list[Candidate], dict[uuid.UUID, tuple[Any, ...]]]:
        """Candidates of full-text rows (pk, type, confidence, valid_from, rank), each with its model and
        similarity, and ``fields`` of each row, in one statement (``_judged_rows``)."""
        names = [e.name for e in embedders()]
        if query_vectors is not None and not isinstance(query_vectors, Mapping):
            query_vectors = {names[0]: query_vectors}
        readers, sims, extra = self._judged_rows([r[0] for r in rows], query_vectors, fields)
        return [Candidate(pk, type_, confidence, valid_from, similarity=sims.get(pk, 0.0), lexical=float(rank),
                          model=readers.get(pk, ""))
                for pk, type_, confidence, valid_from, rank in rows], extra


def _linked(c: Candidate, before: uuid.UUID | None, after: uuid.UUID | None, candidates: Mapping[Key, Candidate],
            added: dict[uuid.UUID, tuple[Key | None, Key | None]], grow: set[Key] | None) -> None:
    """``SqlSource.shape``: a candidate's neighbours (as keys); those of one of ``grow`` (None: of any) that are no
    candidate yet go to ``added``, each with its own link back to the candidate it joins through."""
    c.before, c.after = (None if pk is None else pk.int for pk in (before, after))
    if grow is not None and c.key not in grow:
        return
    if before is not None and before.int not in candidates and before not in added:
        added[before] = (None, c.key)
    if after is not None and after.int not in candidates and after not in added:
        added[after] = (c.key, None)


def _secondary_sims(readers: Mapping[uuid.UUID, str], query_vectors: Mapping[str, Sequence[float]],
                    primary: str) -> dict[uuid.UUID, float]:
    """``secondary_similarities`` of the memories each secondary model judges (``readers``), by its query vector."""
    sims: dict[uuid.UUID, float] = {}
    for name, vector in query_vectors.items():
        if name != primary:
            sims.update(secondary_similarities([pk for pk, m in readers.items() if m == name], name, vector))
    return sims


def sql_similarities(ids: Sequence[uuid.UUID], query_vector: Sequence[float]) -> dict[uuid.UUID, float]:
    """Cosine similarity of a few rows by the primary model's vector, computed in SQL."""
    if not ids:
        return {}
    rows = (Memory.objects.filter(pk__in=list(ids))
            .annotate(distance=CosineDistance("embedding", query_vector) + Value(0.0)).values_list("pk", "distance"))
    return {pk: 1.0 - float(distance) for pk, distance in rows if distance is not None}


def secondary_similarities(ids: Sequence[uuid.UUID], model: str, query_vector: Sequence[float]
                           ) -> dict[uuid.UUID, float]:
    """Cosine similarity of a few rows by a secondary model's vectors, computed in SQL."""
    if not ids:
        return {}
    rows = (MemoryVector.objects.filter(memory_id__in=list(ids), model=model)
            .annotate(distance=CosineDistance("embedding", query_vector) + Value(0.0))
            .values_list("memory_id", "distance"))
    return {pk: 1.0 - float(distance) for pk, distance in rows if distance is not None}


def _term_share(candidates: Sequence[Candidate], terms: Sequence[tuple[str, bool]],
                words: Mapping[uuid.UUID, str]) -> None:
    """Set each candidate's ``lexical_coverage``: the share of the query's terms its words (``words``: its
    ``search_text``) hold. Unweighted here (document frequencies over a large scope would cost a scan); the
    in-process index weighs by idf."""
    if not candidates or not terms:
        return
    for c in candidates:
        held = words.get(c.id, "").split()
        starts = " " + " ".join(held)  # " " + t in it: some word starts with t (a word holds no space)
        found = sum(1 for t, prefix in terms if t in held or (prefix and bool(held) and " " + t in starts))
        c.lexical_coverage = found / len(terms)
