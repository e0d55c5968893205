"""Hybrid recall: candidates from the requested scopes, fused, weighted, floored, deduplicated.

Where candidates come from
--------------------------
Scopes that together hold at most ``index_row_cap()`` memories (the row cap and what the byte budget
SEARCH_INDEX_MAX_MB holds; the normal case) are ranked from this process's in-process index of them
(``memories.recall.index``: a cache of what ranking needs, checked against the database on every search, never
stale); larger ones, or all with ``MNEMARA_SEARCH_INDEX=off``, in SQL. From ``SEARCH_INDEX_BACKGROUND_ROWS``
memories the index is loaded off the request path, SQL answering until it is ready (``index.background``). Both
draw from the memories that pass every filter (scopes, types, statuses, ``min_confidence``, metadata ``filters``
(or a caller's own ``Q``), not expired, valid at ``as_of``):

* vector, one list per embedding model (``settings.EMBEDDING_MODELS``, the primary first): each memory is compared
  with the query by the first model that reads both texts and holds the memory's vector
  (``memories.embeddings.judge``: a model reads a text when it knows ≥ READS_MIN of its word tokens; all-MiniLM
  reads English-like text, USE multilingual reads everything). So all-MiniLM ranks the English memories for an
  English query, USE ranks the Chinese ones, and for a Chinese query every memory. Memories no model reads (a
  model's vectors not computed yet) are ranked by the primary model. ``sim(m) = cos(query_vector[model],
  vector[model](m))``, best first, exact: a numpy product over the scope's matrix, or SQL's scan inside the filter;
  approximate from ``SEARCH_INDEX_ANN_MIN_ROWS`` memories in the index (a usearch graph, re-scored exactly) and in
  SQL above ``HNSW_MIN_SCOPE_ROWS`` (pgvector's HNSW, iterative scans; exact if it returns too few). A model's
  query vector is computed only when some memory is its to rank: an English question on English memories costs one
  embedding.
* lexical: the query's search words (``write.text.search_words``, see ``query.py``: jieba for Chinese, a few
  stopwords dropped; English words reduced to their Snowball stems with ``RECALL_STEMMING``; Latin words
  of 4+ letters match as prefixes, drink → drinks), OR-ed; only memories holding at least one of them.
  Matches are those of the GIN-indexed search_vector (the same words, the same prefix rule: tested).
  Ranked by
    - BM25+ in the in-process index (k1 = 1.2, b = ``RECALL_BM25_B``, δ = ``RECALL_BM25_DELTA``;
      document frequencies over the searched scopes; formula in ``index.cache.bm25``), where a prefix is
      expanded to the scopes' words;
    - ``ts_rank_cd`` (cover density) in SQL.
  Each match also gets ``coverage``: the idf-weighted share of the query's terms it holds
  (``rank.term_weights``; unweighted in SQL).

Each list holds at most ``RECALL_CANDIDATE_POOL`` rows (100, the largest k), whatever ``k`` is asked: nothing in
the ranking is sized by ``k``, so the first n hits are the same for every k ≥ n. Then the conversation's shape
(``CandidateSource.shape``): every candidate gets its subject and words, and with ``RECALL_NEIGHBOUR_WEIGHT`` the
memories just before and after it in its ``source_session`` (by ``valid_from``); those of the best
``RECALL_NEIGHBOUR_SEEDS`` of each list join the candidates if they are not among them. The lists are fused
(``conversation_fusion``; docs/recall.md, "Levers"):

    fusion(m)     = z-score fusion (``rank.fuse_zscore``, ``RECALL_FUSION="zscore"``): per list, the z-score of
                    m's value (calibrated similarity; BM25, 0 without a shared word, z ≥ −ZSCORE_FLOOR) over
                    the list's best ``RECALL_ZSCORE_DEPTH`` entries, weighted (W_vector,
                    W_lexical = ``RECALL_LEXICAL_WEIGHT``), averaged,
                    through the logistic function; or reciprocal rank fusion (``rank.fuse``, "rrf"):
                    Σ_list W_list / (RRF_K + rank_list(m)) ÷ Σ_list W_list / (RRF_K + 1)
    W_vector      = WEIGHTS["vector"] · max(MIN_VECTOR_SHARE, readable(query))
                    readable = share of the query's word tokens the primary model reads
                    (1.0 for English; ~0 for Chinese, which all-MiniLM reads as [UNK]: its vector
                    ranking of Chinese is noise, so it only breaks ties and fills up to k)
    timed(m)      = fusion(m) · (1 + RECALL_TIME_BOOST   if the query asks "when" and m states a time)
                              · (1 + RECALL_DATE_BOOST   if m is valid at a date the query names: ``recall.dates``)
                    + RECALL_HOP_BOOST · max timed(p's memories)  if the query names no person and m is about
                                   (subject or mention) the person p two or more of the best RECALL_HOP_SEEDS
                                   are about (two hops: ``recall.hops``; off by default)
    spread(m)     = timed(m) + RECALL_NEIGHBOUR_WEIGHT · max(timed(before(m)), timed(after(m)))
    shaped(m)     = spread(m) · (1 + RECALL_SUBJECT_BOOST if the query names m's subject or a person m
                                   mentions (not only speaks to: "Hey Mel!"), and no other person of the
                                   scopes; naming several: if m involves two of them, as subject or mention)
                    (``memories.recall.shape``)
    category(m)   = shaped(m) · (1 + RECALL_CATEGORY_BOOST · bm25_instances(m) / max bm25_instances)  if the
                                   query asks for a category ("Which cities…") and m names an instance of it
                                   (``memories.recall.category``; holders the lists missed join the candidates)
    attribute(m)  = category(m) + RECALL_ATTRIBUTE_BOOST · max category  if the query asks for an attribute
                                   ("What does Alex do for work?") and m's slots hold it of the person asked
                                   (``memories.recall.attributes``)
    pastime(m)    = attribute(m) + RECALL_PASTIME_BOOST · max attribute  if the query asks what someone likes to
                                   do and m states a liking or pastime of them (``memories.recall.pastimes``)
    current(m)    = pastime(m) · (1 + 0.3 · m's place in time among the best 10, 0 oldest … 1 newest)  if the query
                                   asks for what holds now ("我现在住在哪？": ``memories.recall.current``)
    feedback      = with RECALL_FEEDBACK, a query of one part: all the above again, each vector value that of sim(m) +
                    RECALL_FEEDBACK · m·mean(best RECALL_FEEDBACK_SEEDS by pastime(m)) (``recall.feedback``)

When a secondary model ranks some memories too (Chinese data, mixed scopes, Chinese questions), each
model's list would have a first place whatever its similarity, so ``rank.one_scale`` fuses instead:
    vector        = the pairs some model reads, ONE list ordered by calibrated similarity
                    (sim − unrelated(model)) / (related(model) − unrelated(model)), weight WEIGHTS["vector"]
    unread        = the pairs no model reads (ranked by the primary model), weight · MIN_VECTOR_SHARE
    lexical       = only matches with coverage ≥ LEXICAL_GATE (in a mixed scope a query's words can
                    only match memories in its own language: a shared name must not outweigh meaning); a
                    memory in the other language (``languages.mark_foreign``) that matches no word gets the
                    lexical z of the query language's memory its calibrated similarity ranks level with
                    (``rank._foreign_lexical``), not the floor every weak word match would beat
Then, either way::

    recency(m)    = 0.5 ** (age_days(m) / half_life(type))  for task (tenant.task_half_life_days)
                                                             and note (tenant.note_half_life_days)
                  = 1.0                                      for fact, preference, summary
                    age_days = (as_of or now) − valid_from   (how long the state has been true)
    score(m)      = category(m) (or feedback(m))
                    · (CONFIDENCE_FLOOR + (1 − CONFIDENCE_FLOOR) · confidence(m))
                    · (RECENCY_FLOOR + (1 − RECENCY_FLOOR) · recency(m))

The relevance floor (``rank.relevant_ids``; off with ``floor=False``): when the memories speak to the
question (``rank.question_answerable``: some candidate's calibrated similarity ≥ ANSWERABLE_CALIBRATED (higher
when half the question's words are held by no candidate: ``unheld``), or
its coverage ≥ LEXICAL_FLOOR) every candidate passes, so a relevant question gets its ``k``. Otherwise a
memory is returned only if (``rank.floor_passes``)
    sim(m) ≥ FLOOR_MIN and (sim(m) ≥ floor(model) or sim(m) ≥ best sim of that model − floor_gap(model)),
    or its coverage ≥ LEXICAL_FLOOR, or it is the best-scored memory with any evidence at all;
and, but for the best-scored of those, if a model judged it (``rank.floor_distinct_passes``):
    sim(m) − mean sim(m, n) over its DISTINCT_NEIGHBOURS nearest candidates n ranked below it ≥ floor_distinct(model)
(a model's vector evidence counts only for pairs that model reads; the per-model numbers are in
``memories.embeddings.PROFILES``). So a question nothing stored is about gets at most what came closest. A
memory that fills the slot a question asks for (``memories.recall.attributes``) passes, and makes it answerable.
``threshold`` (the caller's) then leaves out hits whose raw similarity is below it.

A query of several parts (``memories.recall.parts``: two questions, or a dialogue and its last user turn; the
chatter before a marker of the real question dropped) is ranked as above once per part, and the parts'
rankings are interleaved (``parts.interleave``) so each part gets its share of the top k. A part that names one
person is also ranked as its topic (the part without the name) among that person's memories alone, at
``RECALL_PERSON_WEIGHT`` × the part's weight in the interleaving (``focus``; its floor: ``_parts_joined``).

Results are sorted by score (ties: higher similarity, then id) and near-identical ones dropped (never a memory
with a key: two keys holding one value are two items): the same ``content_hash``, or cosine ≥ DEDUPE_COSINE *and*
word overlap (Jaccard of search words) ≥ DEDUPE_WORD_OVERLAP — the second guard keeps "budget 42000" and "budget
43000" (cosine 0.98) apart, and Chinese texts, which the model reads as unknown tokens, are only merged when their
words agree; with ``RECALL_ONE_PER_TURN`` a hit extracted from a turn an earlier hit came from waits behind the
others (``turns``). Each hit carries ``scores``: similarity and vector (both the raw cosine similarity, by the model
named in ``SearchHit.model``), lexical (BM25, or ts_rank_cd in SQL), recency, confidence, fusion and the final
score; and ``relevant`` (above the floor). Latency (docs/benchmarks.md): the query is embedded on the ``query``
threads while this one reads the scopes and ranks by BM25; access counts are summed in memory (``upkeep.py``).
"""

from __future__ import annotations

import dataclasses
import functools
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ParamSpec, TypeVar

from django.conf import settings
from django.db import connection
from django.db.models import Q, QuerySet
from django.utils import timezone

from memories.embeddings import profile
from memories.models import Memory, Scope
from memories.recall import category, feedback, focus, history, kin, languages, people, period_pool, shape, sql, turns
from memories.recall.access import memories_accessed
from memories.recall.anchored import asked_at_as_of
from memories.recall.answers import answers_weighed
from memories.recall.attributes import asked_attributes, slot_holders, slot_lifted
from memories.recall.current import current_lifted
from memories.recall.index.background import ready as large_scopes_ready
from memories.recall.index.background import warm as large_scopes_warm
from memories.recall.index.cache import Criteria, ScopeState, Version, index_row_cap, search_indexes
from memories.recall.index.order import uuid_of
from memories.recall.index.source import IndexSource
from memories.recall.levers import Table, conversation_fusion
from memories.recall.newer import newer_first
from memories.recall.parts import Part, interleave, query_parts
from memories.recall.pastimes import pastime_holders, pastime_lifted
from memories.recall.query import MAX_SCOPES, MODES, searched_statuses, validate_search
from memories.recall.rank import (
    Candidate,
    Key,
    Scored,
    contextual_lexical,
    fusion_weights,
    half_lives,
    merge_candidates,
    near_duplicate,
    one_scale,
    question_answerable,
    relevant_ids,
    score_candidates,
    score_ceiling,
)
from memories.recall.sources import CandidateSource, Lexical, SqlSource, filtered_memories, scope_row_count
from memories.recall.successors import routed
from memories.recall.unheld import answerable_bar
from memories.recall.vectors import QueryVectors, remember, started
from memories.write import validation
from mnemara.kernel.errors import NotFound, ValidationFailed
from mnemara.kernel.metrics import SEARCH_SECONDS
from tenants.paths import path_within, validate_scope_path
from tenants.scoping import get_active_tenant


@dataclass
class SearchHit:
    memory: Memory
    score: float
    scores: dict[str, float]
    relevant: bool = True  # above the relevance floor (with floor=False, hits below it are returned too)
    model: str = ""  # the embedding model that judged scores["vector"] ("": none reads both texts)
    coverage: float = 0.0  # the idf-weighted share of the query's terms the memory holds (0..1)
    after: uuid.UUID | None = None  # the memory written next in its source_session (among those searchable)
    through: uuid.UUID | None = None  # the replaced memory it was reached through (``recall.successors``)

    @property
    def normalised(self) -> float:
        """The score on 0..1 for people to read (the dashboard): the score over the highest one the formula
        allows (``rank.score_ceiling``), so the order is the score's and 1.0 means every lever at its top."""
        return min(1.0, max(0.0, self.score / score_ceiling()))


@dataclass
class SearchResult:
    """The hits, and whether the memories speak to the question (``rank.question_answerable``; if not: the nearest)."""

    hits: list[SearchHit]
    answerable: bool = True
    people: list[str] = field(default_factory=list)  # the people the question names (``named_people``)
    scope_ids: list[uuid.UUID] = field(default_factory=list)  # the searched scopes


_SCOPE_ATTNAMES = ("id", "tenant_id", "path", "search_seq")  # the scope's columns a search reads (the rest deferred)


def search_scopes(scopes: Sequence[str], *, descendants: bool, allowed_prefixes: Sequence[str]) -> list[Scope]:
    """The requested scopes (and their sub-scopes) of the active tenant, each annotated with ``removed``
    (its latest removal stamp: see memories/recall/index/cache.py). A scope outside the key's prefixes is a
    404, like a memory of another tenant: its existence is never confirmed.

    Raw SQL (``sql.scope_rows``) on the hot path; the sub-scope rule is ``tenants.paths``'."""
    if isinstance(scopes, str) or not scopes:
        raise validation.field_error("scopes", "Name at least one scope.")
    if len(scopes) > MAX_SCOPES:
        raise validation.field_error("scopes", f"At most {MAX_SCOPES} scopes.")
    paths = [validate_scope_path(p, "scopes") for p in scopes]
    if not all(path_within(p, allowed_prefixes) for p in paths):
        raise NotFound("Scope not found.", code="scope_not_found")
    tenant_id = get_active_tenant().pk
    found = []
    for pk, path, seq, removed in sql.scope_rows(paths, descendants=descendants):
        scope = sql.loaded(Scope, connection.alias, _SCOPE_ATTNAMES, (pk, tenant_id, path, seq))
        scope.removed = removed  # type: ignore[attr-defined]
        found.append(scope)
    return found


def scope_states(scopes: Sequence[Scope]) -> list[ScopeState]:
    return [ScopeState(s.pk, Version(s.search_seq, s.removed)) for s in scopes]  # type: ignore[attr-defined]


def candidate_source(states: Sequence[ScopeState], criteria: Criteria,
                     filters: Mapping[str, Any] | Q | None) -> CandidateSource:
    """The in-process indexes when the scopes fit in them, SQL otherwise. A metadata filter is the
    one criterion the indexes do not hold: SQL tells them which ids pass it."""
    scope_ids = [state.scope_id for state in states]

    def qs() -> QuerySet[Memory]:
        return filtered_memories(scope_ids=scope_ids, types=criteria.types, min_confidence=criteria.min_confidence,
                                 statuses=criteria.statuses, filters=filters, as_of=criteria.as_of, now=criteria.now,
                                 review_since=criteria.review_since)

    if settings.SEARCH_INDEX_ENABLED:
        cap = index_row_cap()
        rows = scope_row_count(scope_ids, None, cap + 1)
        if rows <= cap and (rows < settings.SEARCH_INDEX_BACKGROUND_ROWS
                            or large_scopes_ready(states, private=connection.in_atomic_block)):
            if filters:
                only = frozenset(pk.int for pk in qs().values_list("pk", flat=True))  # as the index keys them
                criteria = dataclasses.replace(criteria, only=only)
            return IndexSource(search_indexes(states), criteria)
        if rows <= cap:  # a large scope: SQL answers while the index loads it (memories/recall/index/background.py)
            large_scopes_warm(states)
    return SqlSource(qs(), scope_ids, criteria.statuses, stamps={s.scope_id: s.version.seq for s in states})


def _candidate_lists(query: str, source: CandidateSource, lexical: Lexical | None, limit: int,
                     vectors: QueryVectors, judged: Mapping[str, int]) -> dict[str, list[Candidate]]:
    """The vector lists (one per model with memories to judge: "vector" for the primary, a secondary model's under
    its name; with the memories of the periods the query counts back to, ``period_pool``) and the lexical list.
    The full-text ranking started first (``_started``) while the query vectors were still being computed. No row is
    read here: the hits' rows are read once, after the ranking (``_hits``), not guessed from the lexical list."""
    primary = vectors.models[0].name
    lists: dict[str, list[Candidate]] = {}
    found = vectors.results()
    for name, vector in found.items():
        if judged.get(name, 0) > 0:
            lists["vector" if name == primary else name] = period_pool.joined(
                query, source, vector, name, source.vector_candidates(vector, limit, model=name))
    if lexical is not None:
        lists["lexical"] = lexical.finish(found or None)
    return lists


def _hits(scored: Sequence[Scored], k: int, scopes: Mapping[uuid.UUID, Scope],
          passing: set[Key] | None = None, query: str = "") -> list[SearchHit]:
    """Load the best-scored memories in small batches and drop near-duplicates until k are kept. Rows come with
    their subjects (one query per batch); their scopes are the searched ones. ``passing``: the memories above the
    relevance floor; the others are left out (None: no floor). A hit from a turn already represented waits."""
    if passing is not None:
        scored = [s for s in scored if s.candidate.key in passing]
    vectors: dict[Key, Any] = {}  # by key: the vectors of the batches read so far (the rows' own, or SQL's)
    unread: list[uuid.UUID] = []  # the batch's memories without a vector at hand (SQL's candidates)

    def vector_of(memory: Memory) -> Any:
        if memory.pk.int not in vectors and memory.pk in unread:  # the first asked: the batch's in one statement
            vectors.update((pk.int, e) for pk, e in Memory.objects.filter(pk__in=unread).values_list("pk", "embedding"))
            unread.clear()
        found = vectors.get(memory.pk.int)
        return found if found is not None else memory.embedding  # deferred: loaded only if asked

    words: dict[uuid.UUID, set[str]] = {}  # each hit's search words, split once (not once per comparison)

    def words_of(memory: Memory) -> set[str]:
        held = words.get(memory.id)
        if held is None:
            held = words[memory.id] = set(memory.search_text.split())
        return held

    kept: list[SearchHit] = []
    waiting = turns.Waiting(query)  # hits from a turn an earlier hit came from (``turns``), after the others
    start = 0
    while len(kept) < k and start < len(scored) and not (waiting.hits and start >= turns.LOOKAHEAD * k):
        batch = scored[start : start + k + max(3, k // 4)]
        start += len(batch)
        vectors.update((s.candidate.key, s.candidate.vector) for s in batch if s.candidate.vector is not None)
        rows = _batch_rows([s.candidate.id for s in batch], scopes)
        unread[:] = [pk for pk in rows if pk.int not in vectors]
        for s in batch:
            memory = rows.get(s.candidate.id)
            if memory is None or any(near_duplicate(memory, hit.memory, vector_of, words_of) for hit in kept):
                continue
            hit = SearchHit(memory, s.score, s.scores, model=s.candidate.model, through=s.candidate.through,
                            coverage=min(1.0, s.candidate.lexical_coverage), after=_uuid(s.candidate.after))
            (waiting.hits if waiting.passed_over(memory) else kept).append(hit)
            if len(kept) == k:
                break
    return waiting.merged(kept, k)  # each turn's place to the memory of it that answers (``turns``)


def _uuid(key: Key | None) -> uuid.UUID | None:
    return None if key is None else uuid_of(key)


def _batch_rows(wanted: list[uuid.UUID], scopes: Mapping[uuid.UUID, Scope]) -> dict[uuid.UUID, Memory]:
    """The memories of a batch of hits that lie in the searched scopes, each with its scope and subject, in one
    query (their subjects come with them: ``sql.memories_load``)."""
    rows = {pk: memory for pk, memory in sql.memories_load(wanted).items() if memory.scope_id in scopes}
    for memory in rows.values():
        memory.scope = scopes[memory.scope_id]
    return rows


@dataclass
class _Started:
    """A ranking's work that needs no query vector, done while the query embeds (``_started``)."""

    source: CandidateSource
    vectors: QueryVectors
    judged: dict[str, int]
    lexical: Lexical | None


def _started(query: str, source: CandidateSource, mode: str, vectors: QueryVectors) -> _Started:
    """Which model judges which memory (a secondary model with memories to judge starts embedding the query
    too) and the full-text ranking, its candidates made: every ranking of a search starts so before the first
    waits for its vectors (the person's list's too: its topic embeds with the question)."""
    judged: dict[str, int] = {}
    if mode != "lexical":
        judged = source.judge(vectors.reads_each())
        for name, count in judged.items():
            if count:
                vectors.need(name)  # a secondary model has memories to judge: embed the query with it too
    lexical = source.lexical(query, settings.RECALL_CANDIDATE_POOL, parallel=mode == "hybrid") \
        if mode in ("hybrid", "lexical") else None
    return _Started(source, vectors, judged, lexical)


def _ranked(query: str, started: _Started, mode: str, *,
            reference: datetime, threshold: float | None, named: Sequence[str] = (), again: bool = False
            ) -> tuple[list[Scored], bool, set[Key]]:
    """One query's ranking over ``started.source``: every candidate scored, best first (the caller's
    ``threshold`` applied); whether the memories speak to it (``rank.question_answerable``); the candidates above
    the relevance floor. ``named``: the people the query names (the named-subject
    lever's input, ``named_people``). Nothing here is sized by the number of results asked for."""
    source, vectors = started.source, started.vectors
    limit = settings.RECALL_CANDIDATE_POOL  # never sized by k: the first n hits are the same for every k ≥ n
    lists = _candidate_lists(query, source, started.lexical, limit, vectors, started.judged)
    names = [e.name for e in vectors.models]
    profiles = {name: profile(name) for name in names}
    candidates = merge_candidates(lists)
    lift = category.boost(query) if mode == "hybrid" else 0.0  # per language (memories/recall/category.py)
    held = category.holders(query, source, lists, category.reader(vectors.models, vectors.coverage),
                            vectors.results()) if lift else {}
    category.joined(candidates, held)  # a category's instances the first pass missed (memories/recall/category.py)
    # Neighbours join the candidates only around the best of each list: a neighbour of a weak match
    # gains too little to reach the top (and each one joining costs a candidate's work).
    seeds = {c.key for found in lists.values() for c in found[: settings.RECALL_NEIGHBOUR_SEEDS]}
    context = settings.RECALL_CONTEXT_WEIGHT
    source.shape(candidates, vectors.results(), neighbours=settings.RECALL_NEIGHBOUR_WEIGHT > 0 or context > 0,
                 grow=seeds)
    contextual_lexical(lists, candidates, context, replies_only=settings.RECALL_CONTEXT_OTHER_SPEAKER)
    languages.mark_foreign(candidates, lists, vectors.models[0], vectors.reads(names[0]))
    ranked, weights = one_scale(lists, fusion_weights(vectors.coverage[names[0]], names[1:]), profiles)
    filled, liked = _asked_holders(candidates, query, named, mode)
    table = Table()  # the levers by candidate position, for both fusions (memories/recall/levers.py)
    fused = pastime_lifted(slot_lifted(category.lifted(conversation_fusion(
        query, source, candidates, ranked, weights, profiles, named, table=table), held, lift), filled), liked)
    if again:  # ``again``: feedback from the best hits, the lists fused once more (memories/recall/feedback.py)
        values = feedback.vector_values(candidates, profiles, fused, source)
        fused = pastime_lifted(slot_lifted(category.lifted(conversation_fusion(
            query, source, candidates, ranked, weights, profiles, named, values, table), held, lift), filled), liked)
    fused = current_lifted(fused, candidates, query)  # what holds now: the newer of near ties (recall.current)
    fused = answers_weighed(fused, candidates, query)  # the assistant's answers, asked for or not (recall.answers)
    fused = newer_first(fused, candidates, query)  # the newer of two about the question's topic (recall.newer)
    fused, filled = routed(query, source, vectors, (ranked, weights, profiles), candidates, fused, filled)
    scored = score_candidates(candidates, fused, reference=reference, lives=half_lives(get_active_tenant()))
    bar = answerable_bar(query, candidates.values())  # raised when the scope holds none of its words (unheld)
    asked = filled | period_pool.holders(query, candidates)  # a slot asked for, the period asked about
    answerable = bool(asked) or question_answerable(list(candidates.values()), profiles, bar)
    passing = relevant_ids(scored, list(candidates.values()), profiles, names[0], bar) | asked
    if threshold is not None:  # the caller's own bar on raw similarity (as shown: 4 decimals), after the floor
        scored = [s for s in scored if round(s.candidate.similarity, 4) >= threshold]
    return scored, answerable, passing


def _asked_holders(candidates: Mapping[Key, Candidate], query: str, named: Sequence[str], mode: str
                   ) -> tuple[set[int], set[int]]:
    """The candidates filling the attribute a question asks for (``memories.recall.attributes``) and those
    stating the pastimes it asks for (``memories.recall.pastimes``), of the person asked about: hybrid only."""
    if mode != "hybrid":
        return set(), set()
    ids = [c.id for c in candidates.values()]
    return ({pk.int for pk in slot_holders(ids, asked_attributes(query), query, named)},
            {pk.int for pk in pastime_holders(ids, query, named)})


def named_people(query: str, source: CandidateSource) -> list[str]:
    """The people ``query`` names, in its order: the subjects of the scopes' memories and the people their
    memories mention (``memories.recall.people``), as one list of names (``shape.named_people``)."""
    names = {name.casefold(): name for name in source.subject_names(query)}
    for name in people.mentioned_names(query, source, known=names):
        names.setdefault(name, name)
    return shape.named_people(query, names.values())


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _timed(search: Callable[_P, _R]) -> Callable[_P, _R]:
    """Observe the search's latency (mnemara_search_duration_seconds), labelled by a valid mode only."""

    @functools.wraps(search)
    def timed(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        mode = kwargs.get("mode", "hybrid")
        with SEARCH_SECONDS.labels(mode if mode in MODES else "invalid").time():
            return search(*args, **kwargs)

    return timed


@_timed
@asked_at_as_of
def search_result(*, query: str, scopes: Sequence[str], descendants: bool = False,
                  types: Sequence[str] | None = None, k: int = 10, min_confidence: float = 0.0,
                  include_statuses: Sequence[str] | None = None, filters: dict[str, Any] | Q | None = None,
                  as_of: datetime | None = None, allowed_prefixes: Sequence[str] = (), mode: str = "hybrid",
                  floor: bool = True, threshold: float | None = None, track_access: bool = True) -> SearchResult:
    """The best ``k`` memories for ``query`` in ``scopes`` of the active tenant, best first: at most ``k``,
    only those above the relevance floor — ``k`` whenever the memories speak to the question
    (``rank.relevant_ids``) — (``floor=False``: exactly ``k`` when ``k`` match, each hit saying whether it is
    above the floor), and with ``threshold`` only those whose raw similarity reaches it; and whether the
    memories speak to the question at all (``SearchResult.answerable``).

    ``include_statuses`` defaults to active only, and pending memories older than the review window
    (``settings.RECALL_UNREVIEWED_DAYS``; a hit's ``memory.status`` says it is unreviewed); with ``as_of``: active
    and deprecated, i.e. what was valid then, whatever became of it since, and its day the day of asking of a
    question that says none (``anchored.asked_at_as_of``). Expired memories are never returned."""
    validate_search(query, k, mode, min_confidence, types, include_statuses)
    if filters is not None and not isinstance(filters, dict | Q):
        raise ValidationFailed("filters must be an object.", fields={"filters": ["A JSON object."]})
    parts = query_parts(query)
    # Every part embeds at once, with the named person's topic when this process can guess it (recall/vectors.py).
    part_vectors, ready = started([part.text for part in parts], scopes, descendants,
                                  allowed_prefixes, mode, named_people)
    found = search_scopes(scopes, descendants=descendants, allowed_prefixes=allowed_prefixes)
    if not found:
        return SearchResult([], answerable=False)
    remember(scopes, descendants, [scope.pk for scope in found])
    now = timezone.now()
    statuses, review_since = searched_statuses(include_statuses, as_of, now)
    statuses, past = history.searched(query, statuses, include_statuses, as_of)  # earlier values asked for
    criteria = Criteria(statuses=statuses, types=types, min_confidence=float(min_confidence), now=now, as_of=as_of,
                        review_since=review_since)
    source = candidate_source(scope_states(found), criteria, filters)
    named = _named_in_parts([query, *(part.text for part in parts)], source)
    boosted, again = settings.RECALL_SUBJECT_BOOST, feedback.applies(parts, mode)
    texts, part_vectors = _with_kin_names(parts, part_vectors, source.scope_ids, mode)
    own = _person_parts(parts, named, source, found, criteria, filters, mode, ready)  # embedding, or embedded
    begun = [_started(text, source, mode, vectors) for text, vectors in zip(texts, part_vectors, strict=True)]
    begun += [_started(part.text, person_source, mode, vectors) for part, person_source, vectors in own]
    ranked = _rankings(parts, texts, own, begun, mode, {part.text: named.get(part.text, []) if boosted else []
                                                         for part in parts}, reference=as_of or now,
                       threshold=threshold, again=again)
    weights = [part.weight for part in parts] + [part.weight for part, _, _ in own]
    scored, answerable, passing = _parts_joined(ranked, weights, len(parts))
    hits = _hits(scored, history.hits_read(k, past), {s.pk: s for s in found}, passing if floor else None, query)
    hits = history.finished(hits, k, past)  # an earlier value ranked below k joins its successor among the k
    for hit in hits:
        hit.relevant = hit.memory.pk.int in passing
    if track_access:
        _accessed(hits, now)
    return SearchResult(hits, answerable, people=named.get(query, []), scope_ids=[scope.pk for scope in found])


def _rankings(parts: Sequence[Part], texts: Sequence[str], own: Sequence[tuple[Part, CandidateSource, QueryVectors]],
              begun: Sequence[_Started], mode: str, named: Mapping[str, Sequence[str]], *, reference: datetime,
              threshold: float | None, again: bool) -> list[_Ranking]:
    """Each part's ranking (``texts``: with the kin names), then each named person's own list's (``own``), from
    their started work (``begun``, in that order); ``named``: the people each part names, for the subject lever."""
    ranked = [_ranked(text, start, mode, reference=reference, threshold=threshold, named=named[part.text],
                      again=again) for part, text, start in zip(parts, texts, begun[: len(parts)], strict=True)]
    return ranked + [_ranked(part.text, start, mode, reference=reference, threshold=threshold, again=again)
                     for (part, _, _), start in zip(own, begun[len(parts):], strict=True)]


def _with_kin_names(parts: Sequence[Part], part_vectors: list[QueryVectors], scope_ids: Sequence[uuid.UUID],
                    mode: str) -> tuple[list[str], list[QueryVectors]]:
    """Each part's text with the other names of the people it names by a kinship word or a name
    (``memories.recall.kin``, ``RECALL_KIN_NAMES``; in English only the kinship words), and its vectors (embedded
    again when it grew)."""
    texts = [part.text for part in parts]
    if not settings.RECALL_KIN_NAMES:
        return texts, part_vectors
    grown = [kin.with_aliases(text, scope_ids) for text in texts]
    vectors = [v if text == old else QueryVectors.start(text, mode)
               for text, old, v in zip(grown, texts, part_vectors, strict=True)]
    return grown, vectors


def _person_parts(parts: Sequence[Part], named: Mapping[str, Sequence[str]], source: CandidateSource,
                  found: Sequence[Scope], criteria: Criteria, filters: Mapping[str, Any] | Q | None, mode: str,
                  ready: Mapping[str, QueryVectors]) -> list[tuple[Part, CandidateSource, QueryVectors]]:
    """The named person's own list (``memories.recall.focus``, ``RECALL_PERSON_WEIGHT``; 0: none): for each part
    that names exactly one person, its topic (the part without the name), to be ranked among that person's
    memories, weighted the part's weight × the setting; its vectors already being computed (``ready``: the
    topics guessed before the scopes were read, embedded with their questions: ``recall.vectors``)."""
    weight = settings.RECALL_PERSON_WEIGHT
    own: list[tuple[Part, CandidateSource, QueryVectors]] = []
    if weight <= 0:
        return own
    for part in parts:
        people_named = named.get(part.text, [])
        text = focus.topic(part.text, people_named[0]) if len(people_named) == 1 else ""
        if not text or not focus.searchable(text):
            continue
        person = focus.person_source(source, people_named[0], [scope.pk for scope in found], filters,
                                     lambda condition: candidate_source(scope_states(found), criteria, condition))
        own.append((Part(text, part.weight * weight), person, ready.get(text) or QueryVectors.start(text, mode)))
    return own


def _named_in_parts(texts: Sequence[str], source: CandidateSource) -> dict[str, list[str]]:
    """Each text's people (the query's, then each part's): for the named-person lever, the named person's own
    list and the context's profile; nothing when all three are off."""
    named: dict[str, list[str]] = {}
    if settings.RECALL_SUBJECT_BOOST or settings.RECALL_CONTEXT_PROFILE or settings.RECALL_PERSON_WEIGHT:
        for text in texts:
            if text not in named:
                named[text] = named_people(text, source)
    return named


_Ranking = tuple[list[Scored], bool, set[Key]]


def _parts_joined(ranked: list[_Ranking], weights: list[float], questions: int) -> _Ranking:
    """The rankings of a query's parts as one: each part gets its share of the top k (``parts.interleave``);
    answerable when any part is; the passing of all, and the person's lists after the ``questions`` wholly when a
    question is answerable (the same question: the floor takes nothing from them)."""
    if len(ranked) == 1:
        return ranked[0]
    if any(r[1] for r in ranked[:questions]):
        ranked = ranked[:questions] + [(r[0], r[1], {s.candidate.key for s in r[0]}) for r in ranked[questions:]]
    by_id: dict[Key, Scored] = {}
    for part_scored, *_ in reversed(ranked):  # a memory several parts found keeps its first part's scores
        by_id.update({s.candidate.key: s for s in part_scored})
    order = interleave([[s.candidate.key for s in part_scored] for part_scored, *_ in ranked], weights)
    return [by_id[pk] for pk in order], any(r[1] for r in ranked), set().union(*(r[2] for r in ranked))


def _accessed(hits: list[SearchHit], now: datetime) -> None:
    """The hits were read: their access counts (stored in the background) and the ones they show."""
    memories_accessed([hit.memory.pk for hit in hits], now)
    for hit in hits:
        hit.memory.access_set(hit.memory.access_count + 1, now)


def memory_search(*, query: str, scopes: Sequence[str], descendants: bool = False,
                  types: Sequence[str] | None = None, k: int = 10, min_confidence: float = 0.0,
                  include_statuses: Sequence[str] | None = None, filters: dict[str, Any] | Q | None = None,
                  as_of: datetime | None = None, allowed_prefixes: Sequence[str] = (), mode: str = "hybrid",
                  floor: bool = True, threshold: float | None = None, track_access: bool = True) -> list[SearchHit]:
    """``search_result``'s hits: what the API, the context block and extraction use."""
    return search_result(query=query, scopes=scopes, descendants=descendants, types=types, k=k,
                         min_confidence=min_confidence, include_statuses=include_statuses, filters=filters,
                         as_of=as_of, allowed_prefixes=allowed_prefixes, mode=mode, floor=floor,
                         threshold=threshold, track_access=track_access).hits
